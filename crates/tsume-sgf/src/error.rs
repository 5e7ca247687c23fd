//! Why a problem file could not be loaded.

use std::fmt;

/// A problem file that could not be loaded. `Display` is one line: the file, then
/// what is wrong with it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LoadError {
    /// The file (or the name given to [`crate::parse_sgf_problem`]).
    pub file: String,
    /// What is wrong.
    pub kind: LoadErrorKind,
}

impl LoadError {
    /// The maker of `file`'s errors, from what is wrong.
    pub(crate) fn in_file(file: &str) -> impl Fn(LoadErrorKind) -> LoadError + Copy + '_ {
        move |kind| LoadError {
            file: file.to_string(),
            kind,
        }
    }
}

/// What is wrong with a problem file.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum LoadErrorKind {
    /// The file could not be read.
    Io(String),
    /// More bytes than an input of its kind may have (`tsume_board::input`).
    TooLarge {
        /// The cap, in bytes.
        cap: u64,
        /// The size, when it was known before reading.
        bytes: Option<u64>,
    },
    /// Brackets or parentheses do not balance (with the line where it shows).
    Unbalanced(String),
    /// Any other SGF syntax error reported by the parser.
    Syntax(String),
    /// The file has fewer game trees than the index asks for.
    NoSuchTree {
        /// Index asked for (from 0).
        index: usize,
        /// Game trees in the file.
        count: usize,
    },
    /// `GM` names a game other than Go (`GM[1]`).
    NotGo(String),
    /// `SZ` above 52×52.
    BoardTooLarge(String),
    /// `SZ` that is no size.
    BadSize(String),
    /// A property value that is not valid (a bad coordinate, a bad colour).
    BadValue {
        /// Property identifier.
        prop: String,
        /// The value as written.
        value: String,
    },
    /// A point outside the board.
    OffBoard {
        /// Property identifier.
        prop: String,
        /// The point in SGF notation.
        point: String,
        /// Board width.
        width: u32,
        /// Board height.
        height: u32,
    },
    /// A point set up both black and white.
    BothColors(String),
    /// The configuration breaks Theorem 2 (a group without liberty).
    Illegal(String),
    /// The target option names no point of the board.
    BadTarget(String),
    /// The target is an empty point.
    TargetEmpty(String),
    /// No target could be chosen.
    NoTarget(String),
    /// One mark kind marks stones of several groups (an RZS problem's crucial stones):
    /// the mark (`TR`, ...), how many groups, and the marked stones (GTP names, in the
    /// file's order). `tsume solve` answers such a file as the RZS benchmark does.
    SeveralMarked {
        /// The mark's property identifier.
        kind: String,
        /// The distinct groups marked.
        groups: usize,
        /// The marked stones, GTP names.
        stones: Vec<String>,
    },
    /// The region option is malformed or does not contain the target.
    BadRegion(String),
    /// A `tsume-graph` file that does not parse.
    Graph(String),
}

impl fmt::Display for LoadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadErrorKind::Io(e) => write!(f, "cannot read the file: {e}"),
            LoadErrorKind::TooLarge { cap, bytes } => write!(
                f,
                "{}",
                tsume_board::input::InputError::TooLarge {
                    cap: *cap,
                    bytes: *bytes
                }
            ),
            LoadErrorKind::Unbalanced(e) => write!(f, "malformed SGF: {e}"),
            LoadErrorKind::Syntax(e) => write!(f, "malformed SGF: {e}"),
            LoadErrorKind::NoSuchTree { index, count } => write!(
                f,
                "game tree {index} asked for, but the file has {count} (numbered from 0)"
            ),
            LoadErrorKind::NotGo(gm) => write!(f, "GM[{gm}] is not Go (only GM[1] is)"),
            LoadErrorKind::BoardTooLarge(sz) => {
                write!(
                    f,
                    "board SZ[{sz}] is larger than 52x52, the largest supported"
                )
            }
            LoadErrorKind::BadSize(sz) => write!(f, "SZ[{sz}] is not a board size"),
            LoadErrorKind::BadValue { prop, value } => {
                write!(f, "{prop}[{value}]: not a valid value")
            }
            LoadErrorKind::OffBoard {
                prop,
                point,
                width,
                height,
            } => write!(f, "{prop}[{point}] is off the {width}x{height} board"),
            LoadErrorKind::BothColors(p) => {
                write!(f, "point {p} is set up both black and white")
            }
            LoadErrorKind::Illegal(e) => write!(f, "{e}"),
            LoadErrorKind::BadTarget(e) => write!(f, "bad target: {e}"),
            LoadErrorKind::TargetEmpty(p) => {
                write!(f, "the target {p} is an empty point, not a stone")
            }
            LoadErrorKind::NoTarget(e) => write!(f, "no target: {e}"),
            LoadErrorKind::SeveralMarked {
                kind,
                groups,
                stones,
            } => write!(
                f,
                "no target: {kind} marks stones of {groups} groups ({}): give the target explicitly",
                stones.join(", ")
            ),
            LoadErrorKind::BadRegion(e) => write!(f, "bad region: {e}"),
            LoadErrorKind::Graph(e) => write!(f, "{e}"),
        }
    }
}

impl From<tsume_board::input::InputError> for LoadErrorKind {
    fn from(e: tsume_board::input::InputError) -> LoadErrorKind {
        match e {
            tsume_board::input::InputError::TooLarge { cap, bytes } => {
                LoadErrorKind::TooLarge { cap, bytes }
            }
            tsume_board::input::InputError::Io(e) => LoadErrorKind::Io(e.to_string()),
            e => LoadErrorKind::Io(e.to_string()),
        }
    }
}

impl From<tsume_area::AreaError> for LoadErrorKind {
    fn from(e: tsume_area::AreaError) -> LoadErrorKind {
        match e {
            tsume_area::AreaError::TargetEmpty(p) => LoadErrorKind::TargetEmpty(p),
            tsume_area::AreaError::BadRegion(e) => LoadErrorKind::BadRegion(e),
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One line: newlines in nested messages are flattened.
        let text = format!("{}: {}", self.file, self.kind);
        f.write_str(&text.replace(['\n', '\r'], " "))
    }
}

impl std::error::Error for LoadError {}

/// A file's `name` for game tree `index` of the `count` it holds, in messages and
/// listings: the tree named when there are several (`set.sgf, game tree 3`).
pub fn tree_label(name: &str, index: usize, count: usize) -> String {
    if count > 1 {
        format!("{name}, game tree {index}")
    } else {
        name.to_string()
    }
}
