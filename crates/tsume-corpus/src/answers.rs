//! The rows of a corpus's `answers.tsv`: a problem file, its target, the player to move,
//! the published status and first moves, whether the answer is a ko, and its source.

use std::fmt;
use std::path::{Path, PathBuf};

use tsume_board::Color;

/// One row of `answers.tsv` (the columns tsume reads).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The problem file, relative to the corpus folder.
    pub file: String,
    /// The target stone, as the file names points.
    pub target: String,
    pub to_move: Color,
    /// The published status: `dead`, `alive`, or another word (`ko`, `seki`, ...).
    pub status: String,
    /// The published first moves (GTP names, or `pass`).
    pub first_moves: Vec<String>,
    /// `yes` when the published answer is a ko.
    pub ko: String,
    /// The source, `name` or `name:detail`.
    pub source: String,
    /// The `notes` column (`;`-separated tags; empty when absent).
    pub notes: String,
}

impl Row {
    /// Whether the row publishes a status tsume can agree with: dead or alive.
    pub fn status_known(&self) -> bool {
        self.status == "dead" || self.status == "alive"
    }

    /// The source's name: [`Row::source`] before its first `:`.
    pub fn source_name(&self) -> &str {
        self.source.split(':').next().unwrap_or("")
    }
}

/// Why `answers.tsv` could not be read.
#[derive(Debug)]
pub enum AnswersError {
    /// The file could not be read.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A line (counted from 1) with too few columns.
    Columns { path: PathBuf, line: usize },
    /// A line whose `to_move` is neither B nor W.
    ToMove {
        path: PathBuf,
        line: usize,
        value: String,
    },
}

impl fmt::Display for AnswersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswersError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            AnswersError::Columns { path, line } => {
                write!(f, "{}:{line}: expected 11 columns", path.display())
            }
            AnswersError::ToMove { path, line, value } => {
                write!(f, "{}:{line}: bad to_move '{value}'", path.display())
            }
        }
    }
}

impl std::error::Error for AnswersError {}

/// The rows of `dir/answers.tsv`.
pub fn read_rows(dir: &Path) -> Result<Vec<Row>, AnswersError> {
    let path = dir.join("answers.tsv");
    let text =
        tsume_board::input::read_file(&path, tsume_board::input::MAX_TABLE_BYTES).map_err(|e| {
            AnswersError::Io {
                path: path.clone(),
                error: match e {
                    tsume_board::input::InputError::Io(error) => error,
                    e => std::io::Error::new(std::io::ErrorKind::FileTooLarge, e),
                },
            }
        })?;
    parse_rows(&text, &path)
}

/// The rows of `text`, the contents of `answers.tsv` at `path` (named in errors): its
/// header line skipped, and blank lines.
pub fn parse_rows(text: &str, path: &Path) -> Result<Vec<Row>, AnswersError> {
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 10 {
            return Err(AnswersError::Columns {
                path: path.to_path_buf(),
                line: n + 1,
            });
        }
        let to_move = Color::from_letter(f[3]).ok_or_else(|| AnswersError::ToMove {
            path: path.to_path_buf(),
            line: n + 1,
            value: f[3].to_string(),
        })?;
        rows.push(Row {
            file: f[0].to_string(),
            target: f[1].to_string(),
            to_move,
            status: f[5].to_string(),
            first_moves: f[7]
                .split('|')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
            ko: f[8].to_string(),
            source: f[9].to_string(),
            notes: f.get(10).map_or_else(String::new, |s| s.to_string()),
        });
    }
    Ok(rows)
}

/// The rows whose source starts with `source` (if given), then every `every`-th of
/// them, then at most `limit`.
pub fn select(
    mut rows: Vec<Row>,
    source: Option<&str>,
    every: usize,
    limit: Option<usize>,
) -> Vec<Row> {
    if let Some(s) = source {
        rows.retain(|r| r.source.starts_with(s));
    }
    if every > 1 {
        rows = rows.into_iter().step_by(every).collect();
    }
    if let Some(n) = limit {
        rows.truncate(n);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str =
        "file\ttarget\tplayer\tto_move\tgoal\tstatus\tx\tfirst\tko\tsource\tnote\n";

    fn parse(body: &str) -> Result<Vec<Row>, AnswersError> {
        parse_rows(&format!("{HEADER}{body}"), Path::new("c/answers.tsv"))
    }

    #[test]
    fn a_row_is_read_by_its_columns() {
        let rows = parse("a.sgf\tC3\tB\tW\tkill\tdead\t-\tB1|pass\tno\tgnugo:x\t\n\n").unwrap();
        assert_eq!(
            rows,
            vec![Row {
                file: "a.sgf".into(),
                target: "C3".into(),
                to_move: Color::White,
                status: "dead".into(),
                first_moves: vec!["B1".into(), "pass".into()],
                ko: "no".into(),
                source: "gnugo:x".into(),
                notes: String::new(),
            }]
        );
        assert!(rows[0].status_known());
        assert_eq!(rows[0].source_name(), "gnugo");
    }

    #[test]
    fn bad_lines_are_named() {
        let e = parse("a.sgf\tC3\tB\n").unwrap_err();
        assert_eq!(e.to_string(), "c/answers.tsv:2: expected 11 columns");
        let e = parse("a.sgf\tC3\tB\tX\tkill\tdead\t-\t\tno\tgnugo\t\n").unwrap_err();
        assert_eq!(e.to_string(), "c/answers.tsv:2: bad to_move 'X'");
        let e = read_rows(Path::new("/nonexistent-corpus")).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("/nonexistent-corpus/answers.tsv: "));
    }

    #[test]
    fn select_filters_then_samples_then_truncates() {
        let row = |source: &str, file: &str| Row {
            file: file.into(),
            target: "A1".into(),
            to_move: Color::Black,
            status: "alive".into(),
            first_moves: vec![],
            ko: String::new(),
            source: source.into(),
            notes: String::new(),
        };
        let rows: Vec<Row> = (0..10)
            .map(|i| row(if i % 2 == 0 { "cho" } else { "gnugo" }, &i.to_string()))
            .collect();
        let files = |v: Vec<Row>| v.into_iter().map(|r| r.file).collect::<Vec<_>>();
        assert_eq!(
            files(select(rows.clone(), Some("cho"), 2, None)),
            ["0", "4", "8"]
        );
        assert_eq!(files(select(rows.clone(), None, 3, Some(2))), ["0", "3"]);
        assert_eq!(select(rows, Some("d180"), 1, None).len(), 0);
    }
}
