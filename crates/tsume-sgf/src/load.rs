//! Loading: files and texts to problems, and the whole board of an SGF game tree.

use std::path::Path;
use std::sync::Arc;

use tsume_area::{Area, AreaOptions, RegionSpec};
use tsume_board::{Color, Point, Position};

use crate::syntax::{parse_root, parse_trees, root_of, Parsed, MARK_KINDS};
use crate::target::{
    infer_target, marked_target, other_problems, parse_target, stated_defender, TargetSource,
};
use crate::{region_hint, solution, tree_label, LoadError, LoadErrorKind, Problem, SolutionTree};

/// How to load a problem.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct LoadOptions {
    /// Which game tree of the file (from 0).
    pub index: usize,
    /// The target stone (`C3` or `cc`), overriding marks and inference.
    pub target: Option<String>,
    /// The player to move, overriding the file.
    pub to_move: Option<Color>,
    /// The region in play.
    pub region: RegionSpec,
    /// Leave out the frame: empty points of the area cut off from the rest of the board
    /// then act as if on the board's edge (see [`tsume_area`], "The frame").
    pub no_frame: bool,
    /// Keep the points that walls joined to the outside seal off from the target (left
    /// out by default: play there cannot reach the target unless the attacker destroys
    /// its own wall; see [`tsume_area`], "Sealed-off points").
    pub keep_sealed: bool,
    /// Do not read a file's `MA` marks as its region ([`MARKED_REGION`] or more marks;
    /// the crate docs, "The area in play"): the region is then [`LoadOptions::region`]'s.
    pub no_marked_region: bool,
}

/// A file that marks at least this many points `MA` marks a region (the area in play, as
/// the RZS benchmark's files do), not a target: a target mark is one stone or a few.
pub const MARKED_REGION: usize = 20;

/// Loads a problem from an SGF or `tsume-graph` file.
///
/// # Errors
/// [`LoadError`] naming the file and what is wrong.
pub fn load_problem(path: &Path, opts: &LoadOptions) -> Result<Problem, LoadError> {
    let name = path.display().to_string();
    let text = read_problem_file(path)?;
    if is_graph_file(path, &text) {
        parse_graph_problem(&text, &name, opts)
    } else {
        parse_sgf_problem(&text, &name, opts)
    }
}

/// The text of a problem file, within its byte cap (`tsume_board::input`): an `.sgf`
/// file's, [`MAX_SGF_BYTES`](tsume_board::input::MAX_SGF_BYTES), checked on its size
/// before reading; any other's, the graph format's
/// ([`MAX_GRAPH_BYTES`](tsume_board::input::MAX_GRAPH_BYTES)), an SGF text among them
/// then held to the SGF cap when parsed.
///
/// # Errors
/// [`LoadErrorKind::TooLarge`] past the cap, [`LoadErrorKind::Io`] when unreadable.
pub fn read_problem_file(path: &Path) -> Result<String, LoadError> {
    use tsume_board::input::{read_file, MAX_GRAPH_BYTES, MAX_SGF_BYTES};
    let sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    let cap = if sgf { MAX_SGF_BYTES } else { MAX_GRAPH_BYTES };
    read_file(path, cap).map_err(|e| LoadError {
        file: path.display().to_string(),
        kind: e.into(),
    })
}

/// Loads a problem from text that did not come from a named file (standard input):
/// `tsume-graph` when [`is_graph_text`], else SGF; `name` is used in messages.
///
/// # Errors
/// [`LoadError`] naming `name` and what is wrong.
pub fn parse_problem(text: &str, name: &str, opts: &LoadOptions) -> Result<Problem, LoadError> {
    if is_graph_text(text) {
        parse_graph_problem(text, name, opts)
    } else {
        parse_sgf_problem(text, name, opts)
    }
}

/// A `tsume-graph` file: by its extension or its text ([`is_graph_text`]).
fn is_graph_file(path: &Path, text: &str) -> bool {
    path.extension().is_some_and(|e| e == "graph") || is_graph_text(text)
}

/// Whether `text` is in the `tsume-graph` format: its first line that is not blank or a
/// `#` comment starts with `tsume-graph` (SGF starts with `(`).
pub fn is_graph_text(text: &str) -> bool {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with("tsume-graph"))
}

/// Loads a problem from a `tsume-graph` text (region = the whole graph).
///
/// # Errors
/// [`LoadError`] naming `name` and what is wrong.
pub fn parse_graph_problem(
    text: &str,
    name: &str,
    opts: &LoadOptions,
) -> Result<Problem, LoadError> {
    let err = LoadError::in_file(name);
    let cap = tsume_board::input::MAX_GRAPH_BYTES;
    if text.len() as u64 > cap {
        return Err(err(LoadErrorKind::TooLarge {
            cap,
            bytes: Some(text.len() as u64),
        }));
    }
    let gf =
        tsume_board::parse_graph(text).map_err(|e| err(LoadErrorKind::Graph(e.to_string())))?;
    let to_move = opts.to_move.or(gf.to_move).unwrap_or(Color::Black);
    let full = Position::new(Arc::clone(&gf.board), &gf.config, to_move)
        .map_err(|e| err(LoadErrorKind::Illegal(e.to_string())))?;
    let (target, source) = match (&opts.target, gf.target) {
        (Some(t), _) => (parse_target(&full, t).map_err(err)?, TargetSource::Option),
        (None, Some(t)) => {
            if full.color(t).is_none() {
                return Err(err(LoadErrorKind::TargetEmpty(gf.board.name(t).into())));
            }
            (t, TargetSource::Mark)
        }
        (None, None) => {
            let known = opts.to_move.or(gf.to_move);
            let (t, why) = infer_target(&full, known, None).map_err(err)?;
            (t, TargetSource::Inferred(why))
        }
    };
    if matches!(opts.region, RegionSpec::Points(_)) {
        return Err(err(LoadErrorKind::BadRegion(
            "a graph file is played whole: use the default region".into(),
        )));
    }
    Ok(Problem {
        file: name.to_string(),
        area: Area::whole(&full, target),
        full,
        target_full: target,
        to_move_given: gf.to_move,
        target_source: source,
        comment: None,
        expected: None,
        notes: gf
            .labels
            .iter()
            .map(|(p, l)| format!("{}: {l}", gf.board.name(*p)))
            .collect(),
        game_tree: 0,
        game_trees: 1,
    })
}

/// Loads a problem from SGF text; `name` is used in error messages.
///
/// # Errors
/// [`LoadError`] naming `name` and what is wrong.
pub fn parse_sgf_problem(text: &str, name: &str, opts: &LoadOptions) -> Result<Problem, LoadError> {
    SgfText::parse(text, name)?.problem(opts)
}

/// An SGF text parsed once, its game trees loaded on demand: a collection of problems
/// in one file is read once, not once per problem.
pub struct SgfText {
    parsed: Parsed,
    name: String,
}

impl SgfText {
    /// Parses `text`; `name` is used in messages.
    ///
    /// # Errors
    /// [`LoadError`] naming `name`: unbalanced or malformed SGF.
    pub fn parse(text: &str, name: &str) -> Result<SgfText, LoadError> {
        Ok(SgfText {
            parsed: parse_trees(text, name)?,
            name: name.to_string(),
        })
    }

    /// How many game trees (problems) the text holds.
    pub fn game_trees(&self) -> usize {
        self.parsed.trees.len()
    }

    /// Game tree `opts.index` as a problem: what [`parse_sgf_problem`] gives.
    ///
    /// # Errors
    /// As [`parse_sgf_problem`], naming the game tree when the text holds several.
    pub fn problem(&self, opts: &LoadOptions) -> Result<Problem, LoadError> {
        problem_of(&self.parsed, &self.name, opts)
    }

    /// The solution tree of game tree `index`: what [`parse_solution_tree`](crate::parse_solution_tree) gives.
    ///
    /// # Errors
    /// As [`parse_solution_tree`](crate::parse_solution_tree), naming the game tree when the text holds several.
    pub fn solution_tree(&self, index: usize) -> Result<SolutionTree, LoadError> {
        solution::solution_of(&self.parsed, &self.name, index)
    }
}

/// [`parse_sgf_problem`] on a parsed text.
fn problem_of(parsed: &Parsed, name: &str, opts: &LoadOptions) -> Result<Problem, LoadError> {
    let root = root_of(parsed, name, opts.index, opts.to_move, None)?;
    let tree = tree_label(name, opts.index, parsed.trees.len());
    let err = LoadError::in_file(&tree);
    let full = root.full;
    // MA marks on MARKED_REGION points or more are the region in play, not a target.
    let ma = MARK_KINDS.iter().position(|k| *k == "MA");
    let marked: Vec<Point> = root
        .marks
        .iter()
        .filter(|(k, _)| Some(*k) == ma)
        .map(|&(_, p)| p)
        .collect();
    let marked_region = (marked.len() >= MARKED_REGION).then_some(marked);
    let target_marks: Vec<(usize, Point)> = match &marked_region {
        Some(_) => root
            .marks
            .iter()
            .copied()
            .filter(|(k, _)| Some(*k) != ma)
            .collect(),
        None => root.marks.clone(),
    };
    // The target.
    let (target_full, source) = if let Some(t) = &opts.target {
        (parse_target(&full, t).map_err(err)?, TargetSource::Option)
    } else if let Some(t) = marked_target(&full, &target_marks).map_err(err)? {
        (t, TargetSource::Mark)
    } else {
        let texts = [&root.game_name, &root.comment, &root.game_comment];
        let stated = texts
            .iter()
            .find_map(|t| t.as_deref().and_then(stated_defender));
        let (t, why) =
            infer_target(&full, opts.to_move.or(root.file_to_move), stated).map_err(err)?;
        (t, TargetSource::Inferred(why))
    };
    // A mark meant for the target but put on an empty point is said, not ignored.
    let mut notes = root.notes;
    if opts.target.is_none() {
        for &(kind, p) in &target_marks {
            if full.color(p).is_none() {
                notes.push(format!(
                    "{}[{}] marks {}, an empty point: not read as a target",
                    MARK_KINDS[kind],
                    full.board().sgf(p),
                    full.board().gtp(p)
                ));
            }
        }
    }
    let from_file = FromFile {
        to_move: root.file_to_move,
        expected: root.game_comment.or_else(|| root.comment.clone()),
        comment: root.comment,
        notes,
        game_trees: parsed.trees.len(),
        marked_region: marked_region.filter(|_| !opts.no_marked_region),
    };
    finish_problem(full, name, opts, target_full, source, from_file)
}

/// The whole board of an SGF game tree, with no target and no region (GTP's
/// `loadsgf`): the setup and the moves of the root sequence (as [`parse_sgf_problem`]
/// reads them) or, with `before_move` = n, of the main line up to move n, not played,
/// applied with φ (a move on an occupied point or a suicide acts as a pass, and says so
/// in the notes returned). The player to move: `PL`, else the colour of the move after
/// the last one played, else Black.
///
/// # Errors
/// [`LoadError`] naming `name` and what is wrong.
pub fn parse_sgf_position(
    text: &str,
    name: &str,
    index: usize,
    before_move: Option<usize>,
) -> Result<SgfPosition, LoadError> {
    let root = parse_root(text, name, index, None, before_move)?;
    let expected = root.game_comment.or(root.comment);
    Ok(SgfPosition {
        position: root.full,
        notes: root.notes,
        region: expected
            .as_deref()
            .and_then(region_hint)
            .filter(|r| *r != RegionSpec::Auto),
    })
}

/// A whole board read from SGF ([`parse_sgf_position`]).
#[derive(Clone, Debug)]
pub struct SgfPosition {
    /// The board, with the player to move.
    pub position: Position,
    /// Notes on the moves played (a move on an occupied point or a suicide, which acts
    /// as a pass).
    pub notes: Vec<String>,
    /// The area the file asks for (`GC[tsume: region=board]`, as the 3-SAT grids do),
    /// if other than the default.
    pub region: Option<RegionSpec>,
}

/// A problem on the whole board `full` (its player to move as given), with the
/// target and the region of `opts` (the target is required: no marks to read, and an
/// inferred one comes from the stones as in [`parse_sgf_problem`]); `name` names it in
/// messages. GTP's analysis commands build their problems this way.
///
/// # Errors
/// [`LoadError`] naming `name`: a bad target or region.
pub fn problem_from_position(
    full: Position,
    name: &str,
    opts: &LoadOptions,
) -> Result<Problem, LoadError> {
    let err = LoadError::in_file(name);
    let (target_full, source) = match &opts.target {
        Some(t) => (parse_target(&full, t).map_err(err)?, TargetSource::Option),
        None => {
            let (t, why) = infer_target(&full, opts.to_move, None).map_err(err)?;
            (t, TargetSource::Inferred(why))
        }
    };
    let full = match opts.to_move {
        Some(c) => full.with_to_move(c),
        None => full,
    };
    finish_problem(full, name, opts, target_full, source, FromFile::default())
}

/// What a problem takes from its file besides the stones (nothing for GTP's boards).
#[derive(Default)]
struct FromFile {
    /// The player to move as the file says.
    to_move: Option<Color>,
    comment: Option<String>,
    expected: Option<String>,
    /// Notes on the moves of the root sequence.
    notes: Vec<String>,
    /// The game trees in the file (0 read as 1: a problem built from a position).
    game_trees: usize,
    /// The points the file marks `MA` when they are a region ([`MARKED_REGION`] or more,
    /// and not [`LoadOptions::no_marked_region`]).
    marked_region: Option<Vec<Point>>,
}

/// The problem on `full` with its target chosen: the region of `opts` (or the one the
/// file's comment asks for), cut out as a board of its own.
fn finish_problem(
    full: Position,
    name: &str,
    opts: &LoadOptions,
    target_full: Point,
    source: TargetSource,
    from_file: FromFile,
) -> Result<Problem, LoadError> {
    let FromFile {
        to_move: file_to_move,
        comment,
        expected,
        notes: mut move_notes,
        game_trees,
        marked_region,
    } = from_file;
    let game_trees = game_trees.max(1);
    if game_trees > 1 {
        // A collection in one file: say which problem this is, and how to get the others.
        move_notes.insert(
            0,
            format!(
                "the file holds {game_trees} game trees (problems); this is game tree {} \
                 (from 0; --index N picks another, --index all solves each)",
                opts.index
            ),
        );
    }
    let tree = tree_label(name, opts.index, game_trees);
    let err = LoadError::in_file(&tree);
    // A file may ask for its area (`GC[tsume: region=board]`); an explicit option wins.
    let mut notes = move_notes;
    let hinted = match (&opts.region, expected.as_deref().and_then(region_hint)) {
        (RegionSpec::Auto, Some(h)) if h != RegionSpec::Auto => {
            notes.push(format!(
                "region: {} (the file's GC asks for it; --region overrides)",
                match h {
                    RegionSpec::Board => "the whole board",
                    _ => "tight",
                }
            ));
            Some(h)
        }
        // The file's MA region (the RZS benchmark's form): moves outside it are barred
        // to both sides, so it is the area in play.
        (RegionSpec::Auto, _) => marked_region.map(|ps| {
            notes.push(format!(
                "region: the {} points the file marks MA (its region in play; --region \
                 or --no-marked-region overrides)",
                ps.len()
            ));
            RegionSpec::Points(ps.iter().map(|&p| full.board().sgf(p)).collect())
        }),
        _ => None,
    };
    let spec = hinted.as_ref().unwrap_or(&opts.region);
    let area_options = AreaOptions {
        no_frame: opts.no_frame,
        keep_sealed: opts.keep_sealed,
    };
    let area =
        Area::cut(&full, target_full, spec, area_options, &mut notes).map_err(|e| err(e.into()))?;
    // A cut area is a device of the search: what it changed of the board is said, and
    // the answer then holds for the area as cut only (tsume-area, `Area::changes`).
    let changes = area.changes(&full);
    if !changes.is_empty() {
        notes.push(format!(
            "the answer holds for the area as cut only: {}",
            changes.join("; ")
        ));
    }
    if matches!(source, TargetSource::Inferred(_)) {
        if let Some(note) = other_problems(&full, target_full, area.region()) {
            notes.push(note);
        }
    }
    Ok(Problem {
        file: name.to_string(),
        full,
        target_full,
        area,
        to_move_given: file_to_move,
        target_source: source,
        comment,
        expected,
        notes,
        game_tree: opts.index,
        game_trees,
    })
}
