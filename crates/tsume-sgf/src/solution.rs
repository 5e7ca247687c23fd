//! The solution tree of a problem file: the variations after the root sequence, as
//! problem authors write them, with the marks that say which lines are right.
//!
//! The problem is the position at the end of the root sequence (the crate docs); every
//! variation below it is a line of play from that position. A line's marks come from
//! the conventions in use:
//!
//! - comments: goproblems.com's `RIGHT` (upper case, as a word; "right" in lower case is
//!   too common an English word to count), `correct` in any case (Cho Chikun's
//!   collections: `C[Correct.]`), `success`; against them `wrong`, `incorrect`,
//!   `fail`, `fails`, `failed`, `failure`, and `correct` after `no` or `not`
//!   ("No correct solution on file" marks nothing); lines starting with `tsume:`
//!   (what `tsume check --sgf-out` adds) are not read;
//! - the SGF move annotations `BM` (bad move) and `TE` (tesuji), and the position
//!   judgements `GB` and `GW` (good for Black, for White).
//!
//! Whom a mark speaks for (the problem's side) is for the reader to decide; this module
//! only reports the marks. Nodes without a move lend their comment and marks to the move
//! before them. A variation that sets up stones (`AB`, `AW`, `AE`) leaves the problem's
//! position: it is cut there ([`SolutionNode::setup`]).

use sgf_parse::go::Prop;
use sgf_parse::{GameTree, SgfNode};
use tsume_board::{Board, Color, Point, MAX_GRID_SIDE};

use crate::syntax::{board_size, sgf_move, Parsed};
use crate::{LoadError, LoadErrorKind};

/// A mark on a node of a solution tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    /// A comment says the line is right (`RIGHT`, `correct`, `success`).
    Right,
    /// A comment says the line is wrong (`wrong`, `incorrect`, `fail…`).
    Wrong,
    /// `GB` or `GW`: the position is good for this colour.
    GoodFor(Color),
    /// `BM`: the node's move is bad.
    BadMove,
    /// `TE`: the node's move is a tesuji (good).
    Tesuji,
}

/// One move of a solution tree, with the lines that go on from it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SolutionNode {
    /// Who plays the move.
    pub color: Color,
    /// The point on the whole board; `None` for a pass (`B[]`, or `B[tt]` up to 19×19).
    pub point: Option<Point>,
    /// The node's comment, and those of the move-less nodes after it, joined by a
    /// blank line.
    pub comment: Option<String>,
    /// The node's marks (and those of the move-less nodes after it).
    pub marks: Vec<Mark>,
    /// The variation sets up stones at or right after this move: the lines below are
    /// not followed.
    pub setup: bool,
    /// The node's other properties (markup, labels, annotations; those of the
    /// move-less nodes after it too) as SGF text, to write the tree back.
    pub properties: String,
    /// The lines that go on from here, in the file's order.
    pub children: Vec<SolutionNode>,
}

/// A problem file's root sequence and the solution tree below it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SolutionTree {
    /// The root sequence as SGF nodes (`;SZ[9]AB[..]…`), every property as read.
    pub root_sgf: String,
    /// The lines below it, in the file's order.
    pub lines: Vec<SolutionNode>,
}

/// The marks a comment carries (see the module docs): at most one of `Right`, `Wrong`.
pub fn comment_marks(text: &str) -> Option<Mark> {
    // Lines that `tsume check --sgf-out` wrote ("tsume: …") are not the author's marks.
    let own: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("tsume:"))
        .collect();
    let own = own.join("\n");
    let words: Vec<&str> = own
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let after = |i: usize, w: &str| i > 0 && lower[i - 1] == w;
    let mut right = false;
    for (i, w) in lower.iter().enumerate() {
        match w.as_str() {
            "wrong" | "incorrect" | "fail" | "fails" | "failed" | "failure" => {
                return Some(Mark::Wrong)
            }
            "correct" if after(i, "not") => return Some(Mark::Wrong),
            "correct" if after(i, "no") => {}
            "correct" | "success" | "succeeds" => right = true,
            "right" if words[i] == "RIGHT" => right = true,
            _ => {}
        }
    }
    right.then_some(Mark::Right)
}

/// The solution tree of game tree `index` of an SGF text: the variations that start
/// after its root sequence (an empty list if it has none).
///
/// # Errors
/// [`LoadError`] naming `name`: malformed SGF, a game tree that is missing or not Go, a
/// bad size, or a move that is off the board or malformed.
pub fn parse_solution_tree(
    text: &str,
    name: &str,
    index: usize,
) -> Result<SolutionTree, LoadError> {
    crate::SgfText::parse(text, name)?.solution_tree(index)
}

/// [`parse_solution_tree`] on a parsed text.
pub(crate) fn solution_of(
    parsed: &Parsed,
    name: &str,
    index: usize,
) -> Result<SolutionTree, LoadError> {
    let trees = &parsed.trees;
    let count = trees.len();
    let name = crate::tree_label(name, index, count);
    let err = LoadError::in_file(&name);
    let root = match trees.get(index) {
        Some(GameTree::GoGame(node)) => node,
        Some(GameTree::Unknown(_)) => return Err(err(LoadErrorKind::NotGo("?".into()))),
        None => return Err(err(LoadErrorKind::NoSuchTree { index, count })),
    };
    let (width, height) = board_size(root).map_err(err)?;
    debug_assert!(width <= MAX_GRID_SIDE && height <= MAX_GRID_SIDE);
    let board =
        Board::grid(width, height).map_err(|e| err(LoadErrorKind::BadSize(e.to_string())))?;
    let root_len = parsed.root_lengths.get(index).copied().unwrap_or(1).max(1);
    let mut root_sgf = String::new();
    for node in root.main_variation().take(root_len) {
        root_sgf.push(';');
        for prop in node.properties() {
            root_sgf.push_str(&prop.to_string());
        }
    }
    let mut lines = Vec::new();
    if let Some(last) = root.main_variation().nth(root_len - 1) {
        for child in last.children() {
            collect(child, &board, &mut lines).map_err(err)?;
        }
    }
    Ok(SolutionTree { root_sgf, lines })
}

/// Loads the solution tree of an SGF file ([`parse_solution_tree`]).
///
/// # Errors
/// As [`parse_solution_tree`], or the file cannot be read.
pub fn load_solution_tree(path: &std::path::Path, index: usize) -> Result<SolutionTree, LoadError> {
    let name = path.display().to_string();
    let text = crate::read_problem_file(path)?;
    parse_solution_tree(&text, &name, index)
}

/// What one SGF node says: its move, comment, marks, whether it sets up stones.
struct NodeInfo {
    mv: Option<(Color, Option<Point>)>,
    comment: Option<String>,
    marks: Vec<Mark>,
    setup: bool,
    properties: String,
}

fn node_info(node: &SgfNode<Prop>, board: &Board) -> Result<NodeInfo, LoadErrorKind> {
    let mut info = NodeInfo {
        mv: None,
        comment: None,
        marks: Vec::new(),
        setup: false,
        properties: String::new(),
    };
    for prop in node.properties() {
        if !matches!(prop, Prop::B(_) | Prop::W(_) | Prop::C(_)) {
            info.properties.push_str(&prop.to_string());
        }
        match prop {
            Prop::B(_) | Prop::W(_) => info.mv = sgf_move(prop, board)?,
            Prop::C(t) => {
                info.comment = Some(t.text.clone());
                info.marks.extend(comment_marks(&t.text));
            }
            Prop::GB(_) => info.marks.push(Mark::GoodFor(Color::Black)),
            Prop::GW(_) => info.marks.push(Mark::GoodFor(Color::White)),
            Prop::BM(_) => info.marks.push(Mark::BadMove),
            Prop::TE(_) => info.marks.push(Mark::Tesuji),
            Prop::AB(_) | Prop::AW(_) | Prop::AE(_) => info.setup = true,
            Prop::Invalid(id, values) if id == "B" || id == "W" => {
                return Err(LoadErrorKind::BadValue {
                    prop: id.clone(),
                    value: values.join("]["),
                })
            }
            _ => {}
        }
    }
    Ok(info)
}

/// Adds the solution nodes that start at `node` to `out`: one node if it has a move,
/// else (a move-less node at the start of a variation) its children's.
fn collect(
    node: &SgfNode<Prop>,
    board: &Board,
    out: &mut Vec<SolutionNode>,
) -> Result<(), LoadErrorKind> {
    let info = node_info(node, board)?;
    let Some((color, point)) = info.mv else {
        if !info.setup {
            for child in node.children() {
                collect(child, board, out)?;
            }
        }
        return Ok(());
    };
    let mut sol = SolutionNode {
        color,
        point,
        comment: info.comment,
        marks: info.marks,
        setup: info.setup,
        properties: info.properties,
        children: Vec::new(),
    };
    // Move-less nodes after the move lend it their comments and marks.
    let mut cur = node;
    while !sol.setup {
        let kids: Vec<&SgfNode<Prop>> = cur.children().collect();
        let [only] = kids.as_slice() else { break };
        let next = node_info(only, board)?;
        if next.mv.is_some() {
            break;
        }
        if let Some(c) = next.comment {
            sol.comment = Some(match sol.comment.take() {
                Some(prev) => format!("{prev}\n\n{c}"),
                None => c,
            });
        }
        sol.marks.extend(next.marks);
        sol.setup |= next.setup;
        sol.properties.push_str(&next.properties);
        cur = only;
    }
    if !sol.setup {
        for child in cur.children() {
            collect(child, board, &mut sol.children)?;
        }
    }
    out.push(sol);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_mark_lines() {
        assert_eq!(comment_marks("RIGHT"), Some(Mark::Right));
        assert_eq!(comment_marks("Correct."), Some(Mark::Right));
        assert_eq!(
            comment_marks("Correct; disadvantageous ko."),
            Some(Mark::Right)
        );
        assert_eq!(comment_marks("Wrong: White lives."), Some(Mark::Wrong));
        assert_eq!(comment_marks("This is incorrect"), Some(Mark::Wrong));
        assert_eq!(comment_marks("Black fails"), Some(Mark::Wrong));
        assert_eq!(comment_marks("not correct"), Some(Mark::Wrong));
        assert_eq!(
            comment_marks("No correct solution on file, possibly there is none."),
            None
        );
        assert_eq!(comment_marks("on the right side"), None);
        assert_eq!(
            comment_marks("No correct solution on file; this line is wrong"),
            Some(Mark::Wrong)
        );
        assert_eq!(comment_marks("White connects"), None);
        assert_eq!(
            comment_marks("tsume: B A6 (fails: …)\ntsume: the line is wrong"),
            None
        );
        assert_eq!(
            comment_marks("RIGHT\n\ntsume: the line is wrong; marked right"),
            Some(Mark::Right)
        );
    }

    #[test]
    fn the_tree_after_the_root_sequence() {
        let sgf = "(;SZ[5]AB[aa]PL[W];W[bb]C[setup move in the root sequence]\
                   (;B[cc];W[dd]C[RIGHT])\
                   (;B[tt]BM[1];C[a comment node]GW[1](;W[ee])(;W[ea]))\
                   (;AB[ab];B[ac])\
                   (;C[move-less first node](;B[ba]C[Wrong])))";
        let file = parse_solution_tree(sgf, "t.sgf", 0).unwrap();
        assert_eq!(
            file.root_sgf,
            ";SZ[5:5]AB[aa]PL[W];W[bb]C[setup move in the root sequence]"
        );
        let tree = file.lines;
        let board = Board::grid(5, 5).unwrap();
        let pt = |s: &str| board.parse_point(s).ok();
        assert_eq!(tree.len(), 3, "{tree:?}");
        assert_eq!((tree[0].color, tree[0].point), (Color::Black, pt("cc")));
        assert_eq!(tree[0].children.len(), 1);
        assert_eq!(tree[0].children[0].marks, vec![Mark::Right]);
        assert_eq!(tree[1].point, None, "B[tt] is a pass on 5x5");
        assert_eq!(
            tree[1].marks,
            vec![Mark::BadMove, Mark::GoodFor(Color::White)]
        );
        assert_eq!(tree[1].children.len(), 2);
        assert_eq!(tree[1].properties, "BM[1]GW[1]");
        assert_eq!(tree[1].children[1].point, pt("ea"));
        assert_eq!(
            (tree[2].point, tree[2].marks.as_slice()),
            (pt("ba"), &[Mark::Wrong][..])
        );
        // The setup variation is dropped whole: it starts with a move-less setup node.
        let off = parse_solution_tree("(;SZ[5](;B[zz]))", "t.sgf", 0).unwrap_err();
        assert!(off.to_string().contains("t.sgf"), "{off}");
    }
}
