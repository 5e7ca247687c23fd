//! Helpers for the end-to-end tests in `tests/`: run `tsume` in-process, write
//! scratch files.

use std::path::PathBuf;

use std::sync::atomic::{AtomicUsize, Ordering};
use tsume_board::{Color, Position};

/// What a run of `tsume` gave.
pub struct Run {
    /// Exit status.
    pub code: i32,
    /// Standard output.
    pub out: String,
    /// Standard error.
    pub err: String,
}

impl Run {
    /// Standard output parsed as JSON.
    ///
    /// # Panics
    /// If it is not JSON (a test failure).
    pub fn json(&self) -> serde_json::Value {
        match serde_json::from_str(&self.out) {
            Ok(v) => v,
            Err(e) => panic!("not JSON ({e}): {}\nstderr: {}", self.out, self.err),
        }
    }
}

/// Runs `tsume ARGS…`.
pub fn tsume(args: &[&str]) -> Run {
    let mut all = vec!["tsume".to_string()];
    all.extend(args.iter().map(|s| s.to_string()));
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = tsume_cli::run(&all, &mut out, &mut err);
    Run {
        code,
        out: String::from_utf8_lossy(&out).into_owned(),
        err: String::from_utf8_lossy(&err).into_owned(),
    }
}

/// Runs `tsume ARGS…` with `input` as standard input (for `tsume gtp`).
pub fn tsume_input(args: &[&str], input: &str) -> Run {
    tsume_stream(args, input.as_bytes())
}

/// Runs `tsume ARGS…` with `input` streamed as standard input (never held whole here).
pub fn tsume_stream(args: &[&str], input: impl std::io::Read) -> Run {
    let mut all = vec!["tsume".to_string()];
    all.extend(args.iter().map(|s| s.to_string()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut reader = std::io::BufReader::new(input);
    let code = tsume_cli::run_with_input(&all, &mut reader, &mut out, &mut err);
    Run {
        code,
        out: String::from_utf8_lossy(&out).into_owned(),
        err: String::from_utf8_lossy(&err).into_owned(),
    }
}

/// Asserts a refusal of bad input: exit 2 with one line on standard error (`what` names
/// the case in the failure).
pub fn refused_in_one_line(run: &Run, what: &str) {
    assert_eq!(
        run.code, 2,
        "{what}: exit {}: {}{}",
        run.code, run.out, run.err
    );
    assert_eq!(
        run.err.trim_end().lines().count(),
        1,
        "{what}: {:?}",
        run.err
    );
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh scratch directory for one test.
pub fn scratch_dir() -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("tsume-test-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        panic!("cannot create {}: {e}", dir.display());
    }
    dir
}

/// Writes `text` to `name` in a fresh scratch directory and returns the path.
pub fn scratch_file(name: &str, text: &str) -> PathBuf {
    let path = scratch_dir().join(name);
    if let Err(e) = std::fs::write(&path, text) {
        panic!("cannot write {}: {e}", path.display());
    }
    path
}

/// The repository root (for `problems/`).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

/// The public corpus, if present (`../shared/corpus` beside the checkout, or
/// `TSUME_CORPUS`).
pub fn corpus_dir() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("TSUME_CORPUS") {
        let p = PathBuf::from(p);
        return p.join("answers.tsv").is_file().then_some(p);
    }
    let p = repo_root().join("../shared/corpus");
    p.join("answers.tsv").is_file().then_some(p)
}

/// `tsume reduce NAME.cnf -o NAME.EXT` on `cnf` (written to a scratch file): the
/// instance's path and the run, which must have exited 0.
///
/// # Panics
/// If the reduction fails (a test failure).
pub fn reduce_file(name: &str, cnf: &str, ext: &str) -> (PathBuf, Run) {
    reduce_file_with(name, cnf, ext, &[])
}

/// [`reduce_file`] with more options (`--grid`, `--json`, …).
///
/// # Panics
/// If the reduction fails (a test failure).
pub fn reduce_file_with(name: &str, cnf: &str, ext: &str, options: &[&str]) -> (PathBuf, Run) {
    let f = scratch_file(&format!("{name}.cnf"), cnf);
    let out = f.with_extension(ext);
    let (f, o) = (f.to_string_lossy(), out.to_string_lossy());
    let mut args = vec!["reduce", &f, "-o", &o];
    args.extend_from_slice(options);
    let r = tsume(&args);
    assert_eq!(r.code, 0, "tsume reduce {name}.cnf: {}", r.err);
    (out, r)
}

/// The bundled problems: the SGF files of `problems/`, in name order.
///
/// # Panics
/// If the folder cannot be read (a test failure).
pub fn problem_files() -> Vec<PathBuf> {
    let dir = repo_root().join("problems");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    files
}

/// A small deterministic generator (xorshift) for random test positions; seed it
/// with a non-zero value.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// `base` with one to four random edits: a character removed, a run of up to eight cut
/// out, a run of up to 16 repeated up to 63 times, or one of `pieces` inserted: the
/// mutator of the fuzzing harness (`tests/fuzz.rs`) and of `tests/mutations.rs`.
pub fn mutate(base: &str, pieces: &[&str], rng: &mut Rng) -> String {
    let mut s: Vec<char> = base.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let i = rng.below(s.len() as u64 + 1) as usize;
        match rng.below(4) {
            0 if i < s.len() => {
                s.remove(i);
            }
            1 => {
                let p = pieces[rng.below(pieces.len() as u64) as usize];
                for (j, c) in p.chars().enumerate() {
                    s.insert(i + j, c);
                }
            }
            2 if i < s.len() => {
                let len = (1 + rng.below(8) as usize).min(s.len() - i);
                s.drain(i..i + len);
            }
            3 if i < s.len() => {
                let len = (1 + rng.below(16) as usize).min(s.len() - i);
                let run: Vec<char> = s[i..i + len].to_vec();
                for _ in 0..rng.below(64) {
                    for (j, &c) in run.iter().enumerate() {
                        s.insert(i + j, c);
                    }
                }
            }
            _ => {}
        }
    }
    s.into_iter().collect()
}

/// The SGF of a position's stones on a `w`×`h` grid (the game tree left closed).
pub fn sgf_of(w: u32, h: u32, p: &Position) -> String {
    let board = p.board();
    let mut ab = String::new();
    let mut aw = String::new();
    for q in board.points() {
        match p.color(q) {
            Some(Color::Black) => ab += &format!("[{}]", board.sgf(q)),
            Some(Color::White) => aw += &format!("[{}]", board.sgf(q)),
            None => {}
        }
    }
    let sz = if w == h {
        format!("{w}")
    } else {
        format!("{w}:{h}")
    };
    let mut s = format!("(;GM[1]FF[4]SZ[{sz}]");
    if !ab.is_empty() {
        s += &format!("AB{ab}");
    }
    if !aw.is_empty() {
        s += &format!("AW{aw}");
    }
    s + ")"
}
