//! Jobs: the problem files named (folders expanded), each game tree of a collection
//! file a job of its own with `--index all`, and standard input; the files written.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tsume_sgf::{LoadOptions, Problem};

use crate::Fail;

/// `--index`: one game tree of each file, or all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeIndex {
    /// The game tree with this number (from 0).
    One(usize),
    /// Every game tree of each file.
    All,
}

pub(crate) fn parse_tree_index(text: &str) -> Result<TreeIndex, String> {
    if text.eq_ignore_ascii_case("all") {
        return Ok(TreeIndex::All);
    }
    text.parse()
        .map(TreeIndex::One)
        .map_err(|_| format!("expected a game tree's number (from 0) or all, got '{text}'"))
}

/// The file name that stands for standard input.
pub(crate) const STDIN: &str = "-";

/// The name standard input goes by in messages and in the JSON's `file`.
pub(crate) const STDIN_NAME: &str = "<stdin>";

/// Whether `path` is `-`, standard input.
pub(crate) fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == STDIN
}

/// A file's name in messages (`<stdin>` for `-`).
fn file_name(path: &Path) -> String {
    if is_stdin(path) {
        STDIN_NAME.to_string()
    } else {
        path.display().to_string()
    }
}

/// One problem to solve or check: a file, and which of its game trees.
#[derive(Clone)]
pub(crate) struct Job {
    pub path: PathBuf,
    pub index: usize,
    /// The file's game trees when `--index all` split it into several jobs, else None.
    pub of: Option<usize>,
    /// The file's text parsed once, shared by the jobs of its game trees (`--index
    /// all`); None: the job reads its file itself.
    pub sgf: Option<Arc<tsume_sgf::SgfText>>,
}

impl Job {
    /// The file's name (`<stdin>` for `-`).
    pub fn name(&self) -> String {
        file_name(&self.path)
    }

    /// The file's name, with the game tree's number when the file was split.
    pub fn label(&self) -> String {
        tsume_sgf::tree_label(&self.name(), self.index, self.of.unwrap_or(1))
    }

    /// Standard input's text when this job reads it.
    fn stdin<'a>(&self, stdin: Option<&'a str>) -> Option<&'a str> {
        stdin.filter(|_| is_stdin(&self.path))
    }

    /// The job's problem, loaded with `opts` but the job's game tree (`stdin`: standard
    /// input's text, for `-`).
    pub fn problem(&self, opts: &LoadOptions, stdin: Option<&str>) -> Result<Problem, Fail> {
        self.load(opts, stdin)
            .map_err(|e| Fail::input(e.to_string()))
    }

    /// [`Job::problem`], the loader's error kept.
    pub fn load(
        &self,
        opts: &LoadOptions,
        stdin: Option<&str>,
    ) -> Result<Problem, tsume_sgf::LoadError> {
        let opts = LoadOptions {
            index: self.index,
            ..opts.clone()
        };
        match (&self.sgf, self.stdin(stdin)) {
            (Some(t), _) => t.problem(&opts),
            (None, Some(text)) => tsume_sgf::parse_problem(text, STDIN_NAME, &opts),
            (None, None) => tsume_sgf::load_problem(&self.path, &opts),
        }
    }

    /// The job's solution tree (`tsume check`), as [`Job::problem`].
    pub fn solution_tree(&self, stdin: Option<&str>) -> Result<tsume_sgf::SolutionTree, Fail> {
        match (&self.sgf, self.stdin(stdin)) {
            (Some(t), _) => t.solution_tree(self.index),
            (None, Some(text)) => tsume_sgf::parse_solution_tree(text, STDIN_NAME, self.index),
            (None, None) => tsume_sgf::load_solution_tree(&self.path, self.index),
        }
        .map_err(|e| Fail::input(e.to_string()))
    }

    /// Whether the job's file is a graph board, which has no variations to check.
    pub fn is_graph(&self, stdin: Option<&str>) -> bool {
        self.path.extension().is_some_and(|e| e == "graph")
            || self.stdin(stdin).is_some_and(tsume_sgf::is_graph_text)
    }
}

/// Writes `text` to `path`; a failure names the file.
pub(crate) fn write(path: &Path, text: &str) -> Result<(), Fail> {
    std::fs::write(path, text).map_err(|e| Fail::input(format!("{}: {e}", path.display())))
}

/// How many jobs, named as problems where `--index all` split a file, else as files
/// (the summaries of `solve` and `check`).
pub(crate) fn counted_jobs(jobs: &[Job]) -> String {
    if jobs.iter().any(|j| j.of.is_some()) {
        tsume_board::counted(jobs.len(), "problem", "problems")
    } else {
        tsume_board::counted(jobs.len(), "file", "files")
    }
}

/// The problems of `files` under `--index`: each file once with tree N, or, with `all`,
/// each of its game trees, the file parsed once for all of them (parsing it again per
/// game tree cost more than solving a collection's small problems). A file that cannot
/// be read or parsed, or a graph file, stays one job, whose load then says what is
/// wrong; `stdin` is standard input's text, for `-`.
pub(crate) fn jobs(files: &[PathBuf], index: TreeIndex, stdin: Option<&str>) -> Vec<Job> {
    let mut out = Vec::new();
    for f in files {
        let one = |index| Job {
            path: f.clone(),
            index,
            of: None,
            sgf: None,
        };
        if let TreeIndex::One(i) = index {
            out.push(one(i));
            continue;
        }
        let text = match stdin.filter(|_| is_stdin(f)) {
            Some(t) => Some(std::borrow::Cow::Borrowed(t)),
            None if f.extension().is_some_and(|e| e == "graph") => None,
            None => tsume_sgf::read_problem_file(f)
                .ok()
                .map(std::borrow::Cow::Owned),
        };
        let parsed = text
            .filter(|t| !tsume_sgf::is_graph_text(t))
            .and_then(|t| tsume_sgf::SgfText::parse(&t, &file_name(f)).ok());
        let Some(parsed) = parsed else {
            out.push(one(0));
            continue;
        };
        let n = parsed.game_trees();
        let sgf = Some(Arc::new(parsed));
        out.extend((0..n.max(1)).map(|i| Job {
            of: (n > 1).then_some(n),
            sgf: sgf.clone(),
            ..one(i)
        }));
    }
    out
}

/// The problem files named: files as given, folders expanded to their *.sgf and
/// *.graph files (sorted).
pub(crate) fn expand(files: &[PathBuf]) -> Result<Vec<PathBuf>, Fail> {
    let mut out = Vec::new();
    for f in files {
        if f.is_dir() {
            let before = out.len();
            problem_files(f, &mut out)?;
            if out.len() == before {
                return Err(Fail::input(format!(
                    "{}: no .sgf or .graph file in this folder or below",
                    f.display()
                )));
            }
        } else {
            out.push(f.clone());
        }
    }
    Ok(out)
}

/// The problem files of a folder and its subfolders (a collection such as Cho's
/// elementary/intermediate/advanced), in name order, each folder's files before its
/// subfolders'.
fn problem_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Fail> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| Fail::input(format!("{}: {e}", dir.display())))?;
    // Real folders only are entered (a link to a folder is not: no loops).
    let mut paths: Vec<(PathBuf, bool)> = entries
        .filter_map(Result::ok)
        .map(|e| (e.path(), e.file_type().is_ok_and(|t| t.is_dir())))
        .collect();
    paths.sort();
    let files = paths.iter().filter(|(_, dir)| !dir).map(|(p, _)| p.clone());
    let dirs: Vec<PathBuf> = paths
        .iter()
        .filter(|(_, dir)| *dir)
        .map(|(p, _)| p.clone())
        .collect();
    out.extend(files.into_iter().filter(|p| {
        p.extension()
            .is_some_and(|e| e == "sgf" || e == "graph" || e == "SGF")
    }));
    for d in dirs {
        problem_files(&d, out)?;
    }
    Ok(())
}
