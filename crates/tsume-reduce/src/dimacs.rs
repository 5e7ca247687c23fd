//! DIMACS CNF: reading, writing, normalising to clauses of at most 3 literals, deciding
//! with a real SAT solver (varisat), and generating random 3-CNF formulas.

use std::fmt;

/// A formula in conjunctive normal form: `vars` variables numbered 1..=vars, and clauses
/// of non-zero literals (`i` is u_i, `-i` is ¬u_i), as in DIMACS.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Cnf {
    /// Number of variables (the `V` of `p cnf V C`).
    pub vars: u32,
    /// The clauses; an empty clause is false.
    pub clauses: Vec<Vec<i32>>,
}

impl Cnf {
    /// A formula from clause slices: `Cnf::new(2, &[&[1, 2], &[-1]])` is (u1 ∨ u2) ∧ ¬u1.
    pub fn new(vars: u32, clauses: &[&[i32]]) -> Cnf {
        Cnf {
            vars,
            clauses: clauses.iter().map(|c| c.to_vec()).collect(),
        }
    }

    /// The variables that occur in some clause, in increasing order (each gets a
    /// diagram A(i)).
    pub fn occurring_vars(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self
            .clauses
            .iter()
            .flatten()
            .map(|l| l.unsigned_abs())
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }
}

/// A DIMACS file that could not be read: the line (from 1; 0 = the whole input) and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DimacsError {
    /// Line number from 1, or 0 when the problem is the input as a whole.
    pub line: usize,
    /// What is wrong.
    pub kind: DimacsErrorKind,
}

/// What is wrong in a DIMACS file.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum DimacsErrorKind {
    /// A clause (or the end of the input) before any `p cnf V C` line.
    MissingHeader,
    /// A `p` line that is not `p cnf V C` with two non-negative numbers.
    BadHeader(String),
    /// A second `p` line.
    DuplicateHeader,
    /// A token that is not an integer.
    NotANumber(String),
    /// A literal whose variable exceeds V.
    LiteralOutOfRange {
        /// The literal as written.
        literal: i64,
        /// V from the header.
        vars: u32,
    },
    /// The number of clauses differs from the header's C.
    ClauseCount {
        /// C from the header.
        declared: usize,
        /// Clauses found.
        found: usize,
    },
    /// The input ends inside a clause (no terminating 0); the line is where it began.
    MissingZero,
    /// More variables, clauses or literals than the [`DimacsLimits`] read: declared in
    /// the header, or met while reading.
    TooLarge {
        /// "variables", "clauses" or "literals".
        what: &'static str,
        /// The count declared in the header, or 0 when met while reading.
        declared: u64,
        /// The limit.
        limit: u64,
    },
}

/// How large a formula [`parse_dimacs_within`] reads: it refuses a header declaring
/// more, and stops reading at the first clause or literal past a limit, before the work
/// that grows with them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DimacsLimits {
    /// Variables (the `V` of the header).
    pub vars: u32,
    /// Clauses (the `C` of the header, and the clauses read).
    pub clauses: usize,
    /// Literals in all the clauses together (normalising adds at most this many
    /// clauses and variables).
    pub literals: usize,
}

impl DimacsLimits {
    /// No limit beyond the types' (a variable's literal fits an `i32`).
    pub const NONE: DimacsLimits = DimacsLimits {
        vars: i32::MAX as u32,
        clauses: usize::MAX,
        literals: usize::MAX,
    };

    /// What `tsume reduce` and `tsume verify-reduction` read (docs/limits.md): the
    /// reduction's time and memory are linear in the formula, and these bound them.
    pub const REDUCE: DimacsLimits = DimacsLimits {
        vars: 200_000,
        clauses: 200_000,
        literals: 600_000,
    };
}

impl fmt::Display for DimacsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.kind {
            DimacsErrorKind::MissingHeader => {
                write!(
                    f,
                    "missing header: expected \"p cnf <variables> <clauses>\" before the clauses"
                )
            }
            DimacsErrorKind::BadHeader(h) => {
                write!(
                    f,
                    "bad header \"{h}\": expected \"p cnf <variables> <clauses>\""
                )
            }
            DimacsErrorKind::DuplicateHeader => write!(f, "a second \"p\" header line"),
            DimacsErrorKind::NotANumber(t) => write!(f, "\"{t}\" is not an integer literal"),
            DimacsErrorKind::LiteralOutOfRange { literal, vars } => write!(
                f,
                "literal {literal} is beyond the {vars} variables declared in the header"
            ),
            DimacsErrorKind::ClauseCount { declared, found } => write!(
                f,
                "the header declares {declared} clauses but the file has {found}"
            ),
            DimacsErrorKind::MissingZero => {
                write!(f, "clause starting here is not terminated by 0")
            }
            DimacsErrorKind::TooLarge {
                what,
                declared,
                limit,
            } => {
                if *declared > 0 {
                    write!(f, "the header declares {declared} {what}, ")?;
                } else {
                    write!(f, "more {what} than the limit: ")?;
                }
                write!(f, "at most {limit} {what} are read (docs/limits.md)")
            }
        }
    }
}

impl std::error::Error for DimacsError {}

fn err(line: usize, kind: DimacsErrorKind) -> DimacsError {
    DimacsError { line, kind }
}

/// Reads DIMACS CNF: `c` comment lines, one `p cnf V C` header, then clauses as
/// whitespace-separated literals each ended by `0` (a clause may span lines, a line may
/// hold several clauses). A line starting with `%` ends the formula (SATLIB files end with
/// `%` and `0`). The formula is returned as written: duplicate literals, tautologies and
/// long clauses are kept ([`normalize`] deals with them).
///
/// # Errors
/// [`DimacsError`] with the line: missing or malformed header, a literal beyond V, a
/// token that is not an integer, a clause count that differs from C, a clause without its
/// terminating 0.
pub fn parse_dimacs(text: &str) -> Result<Cnf, DimacsError> {
    parse_dimacs_within(text, DimacsLimits::NONE)
}

/// [`parse_dimacs`] within `limits`: a header declaring more variables or clauses than
/// they allow is refused on its line, and so is the first clause or literal past them.
///
/// # Errors
/// As [`parse_dimacs`], and [`DimacsErrorKind::TooLarge`].
pub fn parse_dimacs_within(text: &str, limits: DimacsLimits) -> Result<Cnf, DimacsError> {
    let too_large = |line: usize, what: &'static str, declared: u64, limit: u64| {
        err(
            line,
            DimacsErrorKind::TooLarge {
                what,
                declared,
                limit,
            },
        )
    };
    let mut literals = 0usize;
    let mut header: Option<(u32, usize)> = None;
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    let mut current: Vec<i32> = Vec::new();
    let mut current_line = 0usize; // line where the open clause began
    let mut last_line = 0usize;
    for (idx, raw) in text.lines().enumerate() {
        let line_no = idx + 1;
        last_line = line_no;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        if line.starts_with('%') {
            break;
        }
        if line.starts_with('p') {
            if header.is_some() {
                return Err(err(line_no, DimacsErrorKind::DuplicateHeader));
            }
            let parts: Vec<&str> = line.split_whitespace().collect();
            let bad = || err(line_no, DimacsErrorKind::BadHeader(line.to_string()));
            if parts.len() != 4 || parts[0] != "p" || parts[1] != "cnf" {
                return Err(bad());
            }
            let v: u32 = parts[2].parse().map_err(|_| bad())?;
            let c: usize = parts[3].parse().map_err(|_| bad())?;
            if v > i32::MAX as u32 {
                return Err(bad());
            }
            if v > limits.vars {
                let (v, limit) = (u64::from(v), u64::from(limits.vars));
                return Err(too_large(line_no, "variables", v, limit));
            }
            if c > limits.clauses {
                return Err(too_large(
                    line_no,
                    "clauses",
                    c as u64,
                    limits.clauses as u64,
                ));
            }
            header = Some((v, c));
            continue;
        }
        let Some((vars, _)) = header else {
            return Err(err(line_no, DimacsErrorKind::MissingHeader));
        };
        for tok in line.split_whitespace() {
            let lit: i64 = tok
                .parse()
                .map_err(|_| err(line_no, DimacsErrorKind::NotANumber(tok.to_string())))?;
            if lit == 0 {
                if clauses.len() == limits.clauses {
                    return Err(too_large(line_no, "clauses", 0, limits.clauses as u64));
                }
                clauses.push(std::mem::take(&mut current));
                continue;
            }
            literals += 1;
            if literals > limits.literals {
                return Err(too_large(line_no, "literals", 0, limits.literals as u64));
            }
            if lit.unsigned_abs() > u64::from(vars) {
                return Err(err(
                    line_no,
                    DimacsErrorKind::LiteralOutOfRange { literal: lit, vars },
                ));
            }
            if current.is_empty() {
                current_line = line_no;
            }
            // |lit| <= vars <= i32::MAX, so the cast is exact.
            current.push(lit as i32);
        }
    }
    let Some((vars, declared)) = header else {
        return Err(err(last_line, DimacsErrorKind::MissingHeader));
    };
    if !current.is_empty() {
        return Err(err(current_line, DimacsErrorKind::MissingZero));
    }
    if clauses.len() != declared {
        return Err(err(
            0,
            DimacsErrorKind::ClauseCount {
                declared,
                found: clauses.len(),
            },
        ));
    }
    Ok(Cnf { vars, clauses })
}

/// Writes the formula in DIMACS CNF (one clause per line); [`parse_dimacs`] reads it back
/// to an equal [`Cnf`].
pub fn to_dimacs(cnf: &Cnf) -> String {
    use std::fmt::Write;
    let mut out = format!("p cnf {} {}\n", cnf.vars, cnf.clauses.len());
    for c in &cnf.clauses {
        for l in c {
            let _ = write!(out, "{l} ");
        }
        out.push_str("0\n");
    }
    out
}

/// Brings a formula into the shape the reduction takes, clauses of 0 to 3 distinct
/// literals, and says what it changed (one note per kind of change):
/// - duplicate literals in a clause are merged;
/// - tautological clauses (u and ¬u both present) are dropped: they are always true;
/// - a clause l_1 ∨ … ∨ l_k with k > 3 becomes (l_1 ∨ l_2 ∨ y_1) ∧ (¬y_1 ∨ l_3 ∨ y_2) ∧ …
///   ∧ (¬y_{k−3} ∨ l_{k−1} ∨ l_k) with fresh variables y (numbered after `vars`); the result
///   is equisatisfiable with the input.
///
/// Empty clauses are kept (the formula is then unsatisfiable); a formula without clauses
/// stays without clauses (satisfiable).
pub fn normalize(cnf: &Cnf) -> (Cnf, Vec<String>) {
    let mut notes = Vec::new();
    let mut vars = cnf.vars;
    let mut out: Vec<Vec<i32>> = Vec::new();
    let (mut dups, mut tauts, mut split, mut fresh) = (0usize, 0usize, 0usize, 0u32);
    for clause in &cnf.clauses {
        let mut c: Vec<i32> = Vec::with_capacity(clause.len());
        for &l in clause {
            if !c.contains(&l) {
                c.push(l);
            }
        }
        if c.len() != clause.len() {
            dups += 1;
        }
        if c.iter().any(|&l| c.contains(&-l)) {
            tauts += 1;
            continue;
        }
        if c.len() <= 3 {
            out.push(c);
            continue;
        }
        split += 1;
        // (l1 ∨ l2 ∨ y1), (¬y1 ∨ l3 ∨ y2), ..., (¬y_{k-3} ∨ l_{k-1} ∨ l_k)
        let k = c.len();
        vars += 1;
        fresh += 1;
        let mut y = vars as i32;
        out.push(vec![c[0], c[1], y]);
        for &l in &c[2..k - 2] {
            vars += 1;
            fresh += 1;
            let y2 = vars as i32;
            out.push(vec![-y, l, y2]);
            y = y2;
        }
        out.push(vec![-y, c[k - 2], c[k - 1]]);
    }
    if dups > 0 {
        notes.push(format!(
            "{dups} clause(s) had repeated literals; each literal is kept once"
        ));
    }
    if tauts > 0 {
        notes.push(format!(
            "{tauts} tautological clause(s) (containing u and ¬u) dropped: always true"
        ));
    }
    if split > 0 {
        notes.push(format!(
            "{split} clause(s) longer than 3 split into 3-literal clauses with {fresh} fresh \
             variable(s) {}..{} (equisatisfiable)",
            cnf.vars + 1,
            vars
        ));
    }
    (Cnf { vars, clauses: out }, notes)
}

/// Decides the formula with the varisat CDCL solver. A formula without clauses is
/// satisfiable, one with an empty clause is not.
pub fn is_satisfiable(cnf: &Cnf) -> bool {
    use varisat::{ExtendFormula, Lit, Solver};
    if cnf.clauses.iter().any(Vec::is_empty) {
        return false;
    }
    let mut solver = Solver::new();
    for c in &cnf.clauses {
        let lits: Vec<Lit> = c.iter().map(|&l| Lit::from_dimacs(l as isize)).collect();
        solver.add_clause(&lits);
    }
    // `solve` fails only when a proof file cannot be written or the solver is
    // interrupted; neither is configured here.
    solver.solve().unwrap_or_else(|_| brute_force(cnf))
}

/// Exhaustive satisfiability (up to 24 variables; beyond that it answers `false`): the
/// fallback of [`is_satisfiable`] and a cross-check in tests.
pub fn brute_force(cnf: &Cnf) -> bool {
    if cnf.vars > 24 {
        return false;
    }
    (0u32..(1u32 << cnf.vars)).any(|a| {
        cnf.clauses.iter().all(|c| {
            c.iter().any(|&l| {
                let v = (a >> (l.unsigned_abs() - 1)) & 1 == 1;
                v == (l > 0)
            })
        })
    })
}

/// A tiny xorshift64* generator, so that formulas are reproducible from a seed without a
/// dependency.
#[derive(Clone, Debug)]
pub struct XorShift(u64);

impl XorShift {
    /// A generator from a seed (any value; 0 is remapped).
    pub fn new(seed: u64) -> XorShift {
        // splitmix64 of the seed, so that nearby seeds give unrelated streams
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        XorShift(if z == 0 { 0x2545_F491_4F6C_DD1D } else { z })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in 0..n (n > 0; 0 for n = 0).
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }
}

/// A random formula with `clauses` clauses over `vars` variables, each clause of
/// min(3, vars) distinct variables with random signs, deterministic in `seed`.
/// With `vars` = 0 every clause is empty.
pub fn random_3cnf(vars: u32, clauses: usize, seed: u64) -> Cnf {
    let mut rng = XorShift::new(seed);
    let width = vars.min(3) as usize;
    let mut out = Vec::with_capacity(clauses);
    for _ in 0..clauses {
        let mut c: Vec<i32> = Vec::with_capacity(width);
        while c.len() < width {
            let v = rng.below(vars) as i32 + 1;
            if c.iter().any(|&l| l.abs() == v) {
                continue;
            }
            c.push(if rng.next_u64() & 1 == 1 { v } else { -v });
        }
        out.push(c);
    }
    Cnf { vars, clauses: out }
}

/// As [`random_3cnf`], but each clause monotone: its literals all positive or all
/// negative (one random sign a clause), the formulas design D6 draws on a grid when their
/// clauses nest ([`crate::rail_grid`]).
pub fn random_monotone_3cnf(vars: u32, clauses: usize, seed: u64) -> Cnf {
    let mut rng = XorShift::new(seed);
    let mut cnf = random_3cnf(vars, clauses, rng.next_u64());
    for c in &mut cnf.clauses {
        let sign = if rng.next_u64() & 1 == 1 { 1 } else { -1 };
        for l in c.iter_mut() {
            *l = sign * l.abs();
        }
    }
    cnf
}

/// The formula as D6 draws it: [`normalize`]d, repeated clauses dropped; and what that
/// changed.
pub(crate) fn distinct_clauses(input: &Cnf) -> (Cnf, Vec<String>) {
    let (mut cnf, mut notes) = normalize(input);
    let mut seen = std::collections::BTreeSet::new();
    let before = cnf.clauses.len();
    cnf.clauses.retain(|c| {
        let mut k = c.clone();
        k.sort_unstable();
        seen.insert(k)
    });
    if cnf.clauses.len() < before {
        notes.push(format!(
            "{} repeated clause(s) dropped (the same formula)",
            before - cnf.clauses.len()
        ));
    }
    (cnf, notes)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Each limit: reached, the formula is read; passed, the header's line (declared)
    /// or the line of the first clause or literal past it.
    #[test]
    fn limits_refuse_before_the_work() {
        let limits = DimacsLimits {
            vars: 3,
            clauses: 2,
            literals: 4,
        };
        let too = |text: &str| match parse_dimacs_within(text, limits).unwrap_err() {
            DimacsError {
                line,
                kind: DimacsErrorKind::TooLarge { what, declared, .. },
            } => (line, what, declared),
            e => panic!("{e}"),
        };
        let at = parse_dimacs_within("p cnf 3 2\n1 2 0\n-3 2 0\n", limits).unwrap();
        assert_eq!(at.clauses.len(), 2);
        assert_eq!(too("c\np cnf 4 1\n1 0\n"), (2, "variables", 4));
        assert_eq!(too("p cnf 3 3\n1 0\n"), (1, "clauses", 3));
        // More than the header says: the clause past the limit, on its line.
        assert_eq!(too("p cnf 3 1\n1 0\n2 0\n3 0\n"), (4, "clauses", 0));
        assert_eq!(too("p cnf 3 1\n1 2\n3 -1\n-2 0\n"), (4, "literals", 0));
        let e = parse_dimacs_within("p cnf 3 9\n", limits).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: the header declares 9 clauses, at most 2 clauses are read (docs/limits.md)"
        );
        // No limit: the same texts read (or fail for what they are).
        assert!(parse_dimacs("p cnf 4 1\n1 0\n").is_ok());
        assert_eq!(
            parse_dimacs("p cnf 3 1\n1 0\n2 0\n").unwrap_err().kind,
            DimacsErrorKind::ClauseCount {
                declared: 1,
                found: 2
            }
        );
    }

    #[test]
    fn parses_comments_header_and_multiline_clauses() {
        let text = "c hello\nc world\np cnf 3 2\n1 -2\n 3 0 -1\n2 0\n";
        let cnf = parse_dimacs(text).unwrap();
        assert_eq!(cnf.vars, 3);
        assert_eq!(cnf.clauses, vec![vec![1, -2, 3], vec![-1, 2]]);
    }

    #[test]
    fn satlib_end_marker() {
        let text = "c SATLIB\np cnf 2 2\n 1 2 0\n-1 0\n%\n0\n\n";
        let cnf = parse_dimacs(text).unwrap();
        assert_eq!(cnf.clauses, vec![vec![1, 2], vec![-1]]);
    }

    #[test]
    fn empty_clause_and_no_clauses() {
        let cnf = parse_dimacs("p cnf 1 2\n1 0\n0\n").unwrap();
        assert_eq!(cnf.clauses, vec![vec![1], vec![]]);
        assert!(!is_satisfiable(&cnf));
        let cnf = parse_dimacs("p cnf 0 0\n").unwrap();
        assert!(cnf.clauses.is_empty());
        assert!(is_satisfiable(&cnf));
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse_dimacs("c x\n1 2 0\n").unwrap_err();
        assert_eq!((e.line, e.kind), (2, DimacsErrorKind::MissingHeader));
        let e = parse_dimacs("c only comments\n").unwrap_err();
        assert_eq!(e.kind, DimacsErrorKind::MissingHeader);
        let e = parse_dimacs("p cnf 2 1\n1\n3 0\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert_eq!(
            e.kind,
            DimacsErrorKind::LiteralOutOfRange {
                literal: 3,
                vars: 2
            }
        );
        let e = parse_dimacs("p cnf 2 2\n1 0\n").unwrap_err();
        assert_eq!(
            e.kind,
            DimacsErrorKind::ClauseCount {
                declared: 2,
                found: 1
            }
        );
        let e = parse_dimacs("p cnf 2 2\n1 0\n\n2\n-1\n").unwrap_err();
        assert_eq!((e.line, e.kind), (4, DimacsErrorKind::MissingZero));
        let e = parse_dimacs("p cnf 2 1\n1 x 0\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(e.kind, DimacsErrorKind::NotANumber("x".into()));
        assert!(e.to_string().starts_with("line 2: "), "{e}");
        let e = parse_dimacs("p cnf two 1\n1 0\n").unwrap_err();
        assert!(matches!(e.kind, DimacsErrorKind::BadHeader(_)));
        let e = parse_dimacs("p cnf 2 1\np cnf 2 1\n1 0\n").unwrap_err();
        assert_eq!((e.line, e.kind), (2, DimacsErrorKind::DuplicateHeader));
    }

    #[test]
    fn round_trip() {
        for seed in 0..20 {
            let cnf = random_3cnf(5, 7, seed);
            assert_eq!(parse_dimacs(&to_dimacs(&cnf)).unwrap(), cnf);
        }
    }

    #[test]
    fn normalize_dups_tautologies_and_long_clauses() {
        let cnf = Cnf {
            vars: 5,
            clauses: vec![vec![1, 1, 2], vec![1, -1, 3], vec![1, 2, 3, 4, 5], vec![]],
        };
        let (n, notes) = normalize(&cnf);
        assert_eq!(notes.len(), 3, "{notes:?}");
        assert_eq!(n.vars, 7);
        assert_eq!(
            n.clauses,
            vec![
                vec![1, 2],
                vec![1, 2, 6],
                vec![-6, 3, 7],
                vec![-7, 4, 5],
                vec![]
            ]
        );
        assert!(n.clauses.iter().all(|c| c.len() <= 3));
    }

    #[test]
    fn normalize_is_equisatisfiable() {
        // random wide clauses over few variables: split formulas keep satisfiability
        let mut rng = XorShift::new(7);
        for _ in 0..300 {
            let vars = 1 + rng.below(6);
            let mut clauses = Vec::new();
            for _ in 0..rng.below(8) {
                let len = rng.below(7) as usize;
                let c: Vec<i32> = (0..len)
                    .map(|_| {
                        let v = rng.below(vars) as i32 + 1;
                        if rng.below(2) == 0 {
                            v
                        } else {
                            -v
                        }
                    })
                    .collect();
                clauses.push(c);
            }
            let cnf = Cnf { vars, clauses };
            let (n, _) = normalize(&cnf);
            assert!(n.clauses.iter().all(|c| c.len() <= 3));
            assert_eq!(brute_force(&cnf), brute_force(&n), "{cnf:?}");
            assert_eq!(is_satisfiable(&n), brute_force(&n), "{n:?}");
        }
    }

    #[test]
    fn random_monotone_3cnf_is_monotone_and_deterministic() {
        assert_eq!(random_monotone_3cnf(3, 8, 5), random_monotone_3cnf(3, 8, 5));
        let (mut pos, mut neg) = (0, 0);
        for seed in 0..20 {
            let cnf = random_monotone_3cnf(3, 6, seed);
            assert_eq!(cnf.clauses.len(), 6);
            for c in &cnf.clauses {
                assert_eq!(c.len(), 3);
                assert!(
                    c.iter().all(|&l| l > 0) || c.iter().all(|&l| l < 0),
                    "{c:?}"
                );
                if c[0] > 0 {
                    pos += 1;
                } else {
                    neg += 1;
                }
            }
        }
        assert!(pos > 20 && neg > 20, "{pos} positive, {neg} negative");
    }

    #[test]
    fn random_3cnf_is_deterministic_and_well_formed() {
        assert_eq!(random_3cnf(4, 10, 3), random_3cnf(4, 10, 3));
        assert_ne!(random_3cnf(4, 10, 3), random_3cnf(4, 10, 4));
        for vars in 0..5 {
            let cnf = random_3cnf(vars, 6, 11);
            for c in &cnf.clauses {
                assert_eq!(c.len(), vars.min(3) as usize);
                assert!(c.iter().all(|&l| l != 0 && l.unsigned_abs() <= vars));
                let mut v: Vec<u32> = c.iter().map(|l| l.unsigned_abs()).collect();
                v.sort_unstable();
                v.dedup();
                assert_eq!(v.len(), c.len());
            }
        }
    }

    #[test]
    fn varisat_agrees_with_brute_force() {
        let (mut sat, mut unsat) = (0, 0);
        for seed in 0..200 {
            let cnf = random_3cnf(4, 4 + (seed % 20) as usize, seed);
            let s = is_satisfiable(&cnf);
            assert_eq!(s, brute_force(&cnf), "{cnf:?}");
            if s {
                sat += 1;
            } else {
                unsat += 1;
            }
        }
        assert!(sat > 0 && unsat > 0);
    }
}
