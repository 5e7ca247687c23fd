//! SGF's syntax: the text parsed into game trees (after [`crate::scan`]), and the root of
//! a game tree read into a whole board, the player to move, the marks and the comments.

use std::sync::Arc;

use sgf_parse::go::{self, Prop};
use sgf_parse::{GameTree, SgfParseError, SgfProp};
use tsume_board::{Board, Color, Configuration, Move, Played, Point, Position, MAX_GRID_SIDE};

use crate::error::tree_label;
use crate::{scan, LoadError, LoadErrorKind};

/// The marks that can name the target, in order of preference.
pub(crate) const MARK_KINDS: [&str; 4] = ["TR", "MA", "SQ", "CR"];

/// What the root of an SGF game tree holds.
pub(crate) struct Root {
    pub(crate) full: Position,
    pub(crate) file_to_move: Option<Color>,
    pub(crate) comment: Option<String>,
    pub(crate) game_comment: Option<String>,
    /// `GN`, the problem's name ("Black to live" on many sites).
    pub(crate) game_name: Option<String>,
    pub(crate) marks: Vec<(usize, Point)>,
    pub(crate) notes: Vec<String>,
}

/// An SGF text parsed: its game trees, and the nodes of each one's root sequence.
pub(crate) struct Parsed {
    pub(crate) trees: Vec<GameTree>,
    pub(crate) root_lengths: Vec<usize>,
}

/// Parses an SGF text (after [`scan::scan`]); `name` is used in messages.
pub(crate) fn parse_trees(text: &str, name: &str) -> Result<Parsed, LoadError> {
    let err = LoadError::in_file(name);
    let cap = tsume_board::input::MAX_SGF_BYTES;
    if text.len() as u64 > cap {
        return Err(err(LoadErrorKind::TooLarge {
            cap,
            bytes: Some(text.len() as u64),
        }));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let scanned = scan::scan(text).map_err(|e| err(LoadErrorKind::Unbalanced(e)))?;
    let trees = sgf_parse::parse(&scanned.text).map_err(|e| err(syntax_error(e)))?;
    Ok(Parsed {
        trees,
        root_lengths: scanned.root_lengths,
    })
}

pub(crate) fn parse_root(
    text: &str,
    name: &str,
    index: usize,
    to_move_opt: Option<Color>,
    before_move: Option<usize>,
) -> Result<Root, LoadError> {
    root_of(
        &parse_trees(text, name)?,
        name,
        index,
        to_move_opt,
        before_move,
    )
}

/// The root of game tree `index` of a parsed text (see [`parse_sgf_position`] for
/// `before_move`).
pub(crate) fn root_of(
    parsed: &Parsed,
    name: &str,
    index: usize,
    to_move_opt: Option<Color>,
    before_move: Option<usize>,
) -> Result<Root, LoadError> {
    let opts_index = index;
    let err = LoadError::in_file(name);
    let trees = &parsed.trees;
    let root_lengths = &parsed.root_lengths;
    let count = trees.len();
    let tree = trees.get(opts_index).ok_or_else(|| {
        err(LoadErrorKind::NoSuchTree {
            index: opts_index,
            count,
        })
    })?;
    // In a file of several problems, what is wrong is named with its game tree.
    let tree_name = tree_label(name, opts_index, count);
    let err = LoadError::in_file(&tree_name);
    let root = match tree {
        GameTree::GoGame(node) => node,
        GameTree::Unknown(node) => {
            let gm = node
                .get_property("GM")
                .map(|p| p.to_string())
                .unwrap_or_default();
            let gm = gm
                .trim_start_matches("GM[")
                .trim_end_matches(']')
                .to_string();
            return Err(err(LoadErrorKind::NotGo(gm)));
        }
    };
    let root_len = root_lengths.get(opts_index).copied().unwrap_or(1).max(1);

    // Board size from the root.
    let (width, height) = board_size(root).map_err(err)?;
    let board = Arc::new(
        Board::grid(width, height).map_err(|e| err(LoadErrorKind::BadSize(e.to_string())))?,
    );
    let n = board.len();
    let at = |prop: &str, p: &go::Point| -> Result<Point, LoadError> {
        board.point_at(p.x as u32, p.y as u32).ok_or_else(|| {
            err(LoadErrorKind::OffBoard {
                prop: prop.to_string(),
                point: sgf_point(p),
                width,
                height,
            })
        })
    };

    let mut config = Configuration::empty(n);
    let mut file_to_move: Option<Color> = None;
    let mut comment = None;
    let mut game_comment = None;
    let mut game_name = None;
    let mut marks: Vec<(usize, Point)> = Vec::new();
    let mut move_notes = Vec::new();
    // The root sequence, or with `before_move` the main line up to that move.
    let take = if before_move.is_some() {
        usize::MAX
    } else {
        root_len
    };
    let mut moves_seen = 0;
    for (node_no, node) in root.main_variation().take(take).enumerate() {
        let mut black: Vec<Point> = Vec::new();
        let mut white: Vec<Point> = Vec::new();
        let mut mv: Option<(Color, Option<Point>)> = None;
        let mut pl = None;
        for prop in node.properties() {
            match prop {
                Prop::AB(set) => {
                    for p in sorted(set) {
                        black.push(at("AB", &p)?);
                    }
                }
                Prop::AW(set) => {
                    for p in sorted(set) {
                        white.push(at("AW", &p)?);
                    }
                }
                Prop::AE(set) => {
                    for p in sorted(set) {
                        config.set(at("AE", &p)?, None);
                    }
                }
                Prop::PL(c) => pl = Some(color_of(c)),
                Prop::B(_) | Prop::W(_) => mv = sgf_move(prop, &board).map_err(err)?,
                Prop::TR(set) | Prop::MA(set) | Prop::SQ(set) | Prop::CR(set) => {
                    let id = prop.identifier();
                    let kind = MARK_KINDS.iter().position(|k| *k == id).unwrap_or(0);
                    for p in sorted(set) {
                        marks.push((kind, at(&id, &p)?));
                    }
                }
                Prop::C(t) if node_no == 0 => comment = Some(t.text.clone()),
                Prop::GN(t) if node_no == 0 => game_name = Some(t.text.clone()),
                Prop::GC(t) if node_no == 0 => game_comment = Some(t.text.clone()),
                Prop::Invalid(id, values) => {
                    let used = [
                        "B", "W", "AB", "AW", "AE", "PL", "TR", "MA", "SQ", "CR", "SZ",
                    ];
                    // (The root's `SZ` is read by `board_size`, spaces and all.)
                    let root_size = id == "SZ" && node_no == 0;
                    if used.contains(&id.as_str()) && !root_size {
                        return Err(err(LoadErrorKind::BadValue {
                            prop: id.clone(),
                            value: values.join("]["),
                        }));
                    }
                }
                _ => {}
            }
        }
        if let Some(&p) = black.iter().find(|p| white.contains(p)) {
            return Err(err(LoadErrorKind::BothColors(board.label(p))));
        }
        for &p in &black {
            config.set(p, Some(Color::Black));
        }
        for &p in &white {
            config.set(p, Some(Color::White));
        }
        let stop = mv.is_some() && before_move.is_some_and(|n| moves_seen + 1 >= n);
        if stop {
            // The move not played is the next player's.
            file_to_move = mv.take().map(|(c, _)| c);
        } else if mv.is_some() {
            moves_seen += 1;
        }
        if let Some((c, point)) = mv {
            let mut pos = Position::new(Arc::clone(&board), &config, c).map_err(|e| {
                err(LoadErrorKind::Illegal(format!(
                    "before the move of node {}: {e}",
                    node_no + 1
                )))
            })?;
            // φ: a move on an occupied point or a suicide leaves the stones unchanged.
            let played = pos.play_in_place(point.map_or(Move::Pass, Move::Play));
            if let (Some(x), Played::Occupied | Played::Suicide) = (point, played) {
                move_notes.push(format!(
                    "node {}: {}[{}] is {}, which acts as a pass under these rules",
                    node_no + 1,
                    c.letter(),
                    board.label(x),
                    if played == Played::Occupied {
                        "on an occupied point"
                    } else {
                        "a suicide"
                    }
                ));
            }
            config = pos.configuration();
            file_to_move = Some(c.opponent());
        }
        if stop {
            break;
        }
        if pl.is_some() {
            file_to_move = pl;
        }
    }

    let to_move = to_move_opt.or(file_to_move).unwrap_or(Color::Black);
    let full = Position::new(Arc::clone(&board), &config, to_move)
        .map_err(|e| err(LoadErrorKind::Illegal(e.to_string())))?;
    Ok(Root {
        full,
        file_to_move,
        comment,
        game_comment,
        game_name,
        marks,
        notes: move_notes,
    })
}

fn syntax_error(e: SgfParseError) -> LoadErrorKind {
    match e {
        SgfParseError::UnexpectedGameTreeEnd | SgfParseError::UnexpectedEndOfData => {
            LoadErrorKind::Unbalanced(format!("{e} (unbalanced parentheses or brackets?)"))
        }
        SgfParseError::InvalidGameType => LoadErrorKind::NotGo("?".into()),
        _ => LoadErrorKind::Syntax(e.to_string()),
    }
}

fn sorted(set: &std::collections::HashSet<go::Point>) -> Vec<go::Point> {
    let mut v: Vec<go::Point> = set.iter().copied().collect();
    v.sort_by_key(|p| (p.y, p.x));
    v
}

/// The move of a `B` or `W` property: its colour and point (None for a pass: `B[]`, or
/// `B[tt]` on boards up to 19×19); None for any other property.
pub(crate) fn sgf_move(
    prop: &Prop,
    board: &Board,
) -> Result<Option<(Color, Option<Point>)>, LoadErrorKind> {
    let (c, id, m) = match prop {
        Prop::B(m) => (Color::Black, "B", m),
        Prop::W(m) => (Color::White, "W", m),
        _ => return Ok(None),
    };
    let (width, height) = board.grid_info().map_or((0, 0), |g| (g.width, g.height));
    let point =
        match m {
            go::Move::Pass => None,
            go::Move::Move(p) if p.x == 19 && p.y == 19 && width <= 19 && height <= 19 => None,
            go::Move::Move(p) => Some(board.point_at(p.x as u32, p.y as u32).ok_or_else(|| {
                LoadErrorKind::OffBoard {
                    prop: id.to_string(),
                    point: sgf_point(p),
                    width,
                    height,
                }
            })?),
        };
    Ok(Some((c, point)))
}

fn sgf_point(p: &go::Point) -> String {
    let l = |i: u8| tsume_board::coord::sgf_letter(i as u32);
    format!("{}{}", l(p.x), l(p.y))
}

fn color_of(c: &sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

pub(crate) fn board_size(root: &sgf_parse::SgfNode<Prop>) -> Result<(u32, u32), LoadErrorKind> {
    for prop in root.properties() {
        match prop {
            Prop::SZ((w, h)) => {
                let (w, h) = (*w as u32, *h as u32);
                if w == 0 || h == 0 {
                    return Err(LoadErrorKind::BadSize(format!("{w}:{h}")));
                }
                if w > MAX_GRID_SIDE || h > MAX_GRID_SIDE {
                    return Err(LoadErrorKind::BoardTooLarge(if w == h {
                        w.to_string()
                    } else {
                        format!("{w}:{h}")
                    }));
                }
                return Ok((w, h));
            }
            Prop::Invalid(id, values) if id == "SZ" => {
                let text = values.join(":");
                // Numbers the parser's u8 refuses: too large, or written with spaces
                // (`SZ[ 9 ]`).
                let nums: Vec<Option<u64>> = values
                    .first()
                    .map(|v| v.split(':').map(|s| s.trim().parse().ok()).collect())
                    .unwrap_or_default();
                let nums: Option<Vec<u64>> = nums.into_iter().collect();
                let (w, h) = match nums.as_deref() {
                    Some(&[n]) if values.len() == 1 => (n, n),
                    Some(&[w, h]) if values.len() == 1 => (w, h),
                    _ => return Err(LoadErrorKind::BadSize(text)),
                };
                if w == 0 || h == 0 {
                    return Err(LoadErrorKind::BadSize(text));
                }
                if w > u64::from(MAX_GRID_SIDE) || h > u64::from(MAX_GRID_SIDE) {
                    return Err(LoadErrorKind::BoardTooLarge(text.trim().to_string()));
                }
                return Ok((w as u32, h as u32));
            }
            _ => {}
        }
    }
    Ok((19, 19))
}
