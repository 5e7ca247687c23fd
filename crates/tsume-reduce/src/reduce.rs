//! The instance of life and death built from a formula: design D2 (see the crate docs).

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use tsume_board::graph_format::GraphFile;
use tsume_board::{Board, BoardError, Color, Configuration, IllegalPosition, Point, Position};

use crate::dimacs::{normalize, Cnf};

/// A graph board under construction: named points with a colour, undirected edges,
/// labels. Used by [`reduce`] and by the gadget tests.
#[derive(Clone, Debug, Default)]
pub struct GraphBuilder {
    names: Vec<String>,
    colors: Vec<Option<Color>>,
    /// std's hasher: FxHash puts the generated names (which share their first bytes)
    /// in few buckets, and the reduction turned quadratic past a million clauses.
    index: HashMap<String, usize>,
    edges: Vec<(usize, usize)>,
    labels: Vec<(usize, String)>,
}

/// A graph that could not be built: a name used twice or unknown, or an illegal position.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum BuildError {
    /// The same point name added twice.
    Duplicate(String),
    /// An edge or label naming a point that was not added.
    Unknown(String),
    /// The board itself could not be built.
    Board(BoardError),
    /// Some group has no liberty (Theorem 2).
    Illegal(IllegalPosition),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Duplicate(n) => write!(f, "point \"{n}\" added twice"),
            BuildError::Unknown(n) => write!(f, "unknown point \"{n}\""),
            BuildError::Board(e) => write!(f, "{e}"),
            BuildError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for BuildError {}

impl GraphBuilder {
    /// An empty builder.
    pub fn new() -> GraphBuilder {
        GraphBuilder::default()
    }

    /// Adds a point with a stone (or empty).
    ///
    /// # Errors
    /// [`BuildError::Duplicate`] if the name exists.
    pub fn point(&mut self, name: &str, color: Option<Color>) -> Result<(), BuildError> {
        if self.index.contains_key(name) {
            return Err(BuildError::Duplicate(name.to_string()));
        }
        self.index.insert(name.to_string(), self.names.len());
        self.names.push(name.to_string());
        self.colors.push(color);
        Ok(())
    }

    fn idx(&self, name: &str) -> Result<usize, BuildError> {
        self.index
            .get(name)
            .copied()
            .ok_or_else(|| BuildError::Unknown(name.to_string()))
    }

    /// Adds the edge a — b (repeated edges are merged).
    ///
    /// # Errors
    /// [`BuildError::Unknown`] if a point was not added.
    pub fn edge(&mut self, a: &str, b: &str) -> Result<(), BuildError> {
        let (i, j) = (self.idx(a)?, self.idx(b)?);
        self.edges.push((i, j));
        Ok(())
    }

    /// Labels a point.
    ///
    /// # Errors
    /// [`BuildError::Unknown`] if the point was not added.
    pub fn label(&mut self, name: &str, text: &str) -> Result<(), BuildError> {
        let i = self.idx(name)?;
        self.labels.push((i, text.to_string()));
        Ok(())
    }

    /// The graph file: board, stones, labels, the player to move and the target.
    ///
    /// # Errors
    /// [`BuildError`] for an unknown target, a bad board or a group without liberty.
    pub fn build(&self, to_move: Color, target: &str) -> Result<GraphFile, BuildError> {
        let t = self.idx(target)?;
        let board =
            Board::from_edges(self.names.clone(), &self.edges).map_err(BuildError::Board)?;
        let config = Configuration::from_cells(self.colors.clone());
        let board = Arc::new(board);
        // Theorem 2: every group has a liberty.
        Position::new(Arc::clone(&board), &config, to_move).map_err(BuildError::Illegal)?;
        Ok(GraphFile {
            board,
            config,
            to_move: Some(to_move),
            target: Some(Point::from_index(t)),
            labels: self
                .labels
                .iter()
                .map(|(i, s)| (Point::from_index(*i), s.clone()))
                .collect(),
        })
    }
}

/// The life-and-death instance of a formula; serialized, its sizes (in `tsume reduce
/// --json`, [`crate::written::Report`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Instance {
    /// The graph board: stones, labels, White to move, target Λ (the point `L`).
    #[serde(skip)]
    pub graph: GraphFile,
    /// The formula actually encoded (after [`normalize`]).
    #[serde(skip)]
    pub cnf: Cnf,
    /// What the construction changed or decided, in words.
    #[serde(skip)]
    pub notes: Vec<String>,
    /// |T|.
    pub points: usize,
    /// Points without a stone.
    pub empty_points: usize,
    /// Number of groups (maximal connected sets of stones of one colour).
    pub groups: usize,
    /// Number of edges of the neighbour relation.
    pub edges: usize,
    /// F, the number of outside liberties f_k of Λ.
    pub race_liberties: usize,
    /// G, the number of liberties g_k of Ω next to W (m; 0 without clauses).
    pub gate_liberties: usize,
    /// The variables that have a diagram A(i) (those occurring in some clause).
    #[serde(skip)]
    pub variables: Vec<u32>,
}

impl Instance {
    /// The position (White to move).
    ///
    /// # Errors
    /// Never for an instance made by [`reduce`] (its position is checked when built).
    pub fn position(&self) -> Result<Position, IllegalPosition> {
        self.graph.position()
    }

    /// The target point `L` (Λ).
    pub fn target(&self) -> Point {
        self.graph.target.unwrap_or(Point::from_index(0))
    }

    /// The instance as a graph board file (tsume-graph format).
    pub fn to_graph_text(&self) -> String {
        let mut out = String::new();
        out.push_str(
            "# 3-SAT instance (design D2): Λ (point L) lives iff the formula is satisfiable\n",
        );
        out.push_str(&format!(
            "# formula: {}\n",
            crate::dimacs::to_dimacs(&self.cnf)
                .replace('\n', " ")
                .trim_end()
        ));
        out.push_str(&format!("# {}\n", self.summary()));
        for n in &self.notes {
            out.push_str(&format!("# note: {}\n", n.replace('\n', " ")));
        }
        out.push_str(&tsume_board::write_graph(&self.graph));
        out
    }

    /// One line: size of the instance.
    pub fn summary(&self) -> String {
        format!(
            "{}, {} empty, {}, {}; {}, {}, F = {}, G = {}",
            tsume_board::counted(self.points, "point", "points"),
            self.empty_points,
            tsume_board::counted(self.groups, "group", "groups"),
            tsume_board::counted(self.edges, "edge", "edges"),
            tsume_board::counted(
                self.variables.len(),
                "variable diagram",
                "variable diagrams"
            ),
            tsume_board::counted(self.cnf.clauses.len(), "clause diagram", "clause diagrams"),
            self.race_liberties,
            self.gate_liberties
        )
    }
}

/// A literal as text: `u3`, `¬u3`.
pub(crate) fn lit_name(l: i32) -> String {
    if l > 0 {
        format!("u{l}")
    } else {
        format!("¬u{}", -l)
    }
}

/// Builds the instance of the default design, D2, for a formula: Λ (White, point `L`)
/// can be killed with White moving first iff the formula is unsatisfiable.
///
/// Points (names as in the crate docs): `L` `e` `E` `q` `g1..gG` `f1..fF` `z` `z1` `z2`
/// `w` `w1` `w2`, per variable `h<i>` `A<i>` `B<i>`, per clause `k<j>`. The formula is
/// first normalised ([`normalize`]); variables without occurrence get no diagram. Special
/// cases, each recorded in `notes`:
/// - no clause: there is no gate Ω, and E is Λ's second eye, so Λ is unconditionally
///   alive (the formula is satisfiable);
/// - an empty clause: Ω is joined to Z from the start (an edge q — z), as if a clause
///   had been captured, so Black's E is safe and Λ dies (the formula is unsatisfiable).
pub fn reduce(input: &Cnf) -> Instance {
    reduce_with(input, &ReduceOptions::default())
}

/// Variants of the construction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReduceOptions {
    /// Add the edge L — q. The gate's stones and Λ's are of opposite colours,
    /// so the edge changes no liberty while q stands; once White captures Ω (only
    /// possible when every K(j) lives), the freed points are liberties of Λ and Λ's two
    /// eyes are recognised by Benson's test, which shortens the prover's disproofs.
    /// Off by default.
    pub gate_touches_target: bool,
    /// G, the gate's liberties next to W, and with it F = max(0, G − 2): `None` (the
    /// default) for G = m, which the composition argument needs. For experiments only: a
    /// smaller G lets White capture Ω before Black has set enough variables, and the
    /// reduction fails (the 8 clauses over 3 variables live with G = 2; a test shows it).
    pub gate_liberties: Option<usize>,
}

/// [`reduce`] with options.
pub fn reduce_with(input: &Cnf, opts: &ReduceOptions) -> Instance {
    // The construction is total: every name is added once before it is used and every
    // group has a liberty (h_i: A_i, B_i; K(j): a literal point; q: E; Z, W: their
    // eyes; Λ: e), for every formula; `try_reduce` only reports an internal error.
    #[allow(clippy::expect_used)]
    try_reduce(input, opts).expect("design D2 builds a legal position for every formula")
}

/// [`reduce`], reporting an internal construction error instead of panicking.
///
/// # Errors
/// [`BuildError`] only on a bug in the construction.
pub fn try_reduce(input: &Cnf, opts: &ReduceOptions) -> Result<Instance, BuildError> {
    let (cnf, mut notes) = normalize(input);
    build(&cnf, opts, &mut notes)
}

const BLACK: Option<Color> = Some(Color::Black);
const WHITE: Option<Color> = Some(Color::White);

fn build(cnf: &Cnf, opts: &ReduceOptions, notes: &mut Vec<String>) -> Result<Instance, BuildError> {
    let n = cnf.clauses.len();
    let used = cnf.occurring_vars();
    let m = used.len();
    if (m as u32) < cnf.vars {
        notes.push(format!(
            "{} of {} variable(s) occur in no clause and get no diagram A(i)",
            cnf.vars as usize - m,
            cnf.vars
        ));
    }
    let has_empty = cnf.clauses.iter().any(Vec::is_empty);
    // Λ1 (crate docs): with every clause alive White fills the G = m points g and captures
    // Ω with E; Black fills E, the F points f and e; alive iff F >= G - 2. G = m lets
    // Black, given a free move for each tempo White spends on Ω before the end of the
    // assignment, set every variable himself (crate docs, composition).
    let big_g = if n > 0 {
        opts.gate_liberties.unwrap_or(m)
    } else {
        0
    };
    let big_f = big_g.saturating_sub(2);
    let with_z = m > 0 || big_f > 0 || has_empty;
    let with_w = m > 0;

    let mut g = GraphBuilder::new();
    diagram_c(&mut g, opts, n, notes)?;
    if with_z {
        immortal(
            &mut g,
            "z",
            BLACK,
            "Z: Black, two eyes z1 z2, unconditionally alive",
        )?;
    }
    if with_w {
        immortal(
            &mut g,
            "w",
            WHITE,
            "W: White, two eyes w1 w2, unconditionally alive",
        )?;
    }
    for k in 1..=big_f {
        let f = format!("f{k}");
        g.point(&f, None)?;
        g.edge(&f, "L")?;
        g.edge(&f, "z")?;
        g.label(
            &f,
            &format!("outside liberty of Λ for the race (F = {big_f} = max(0, G-2))"),
        )?;
    }
    for k in 1..=big_g {
        let p = format!("g{k}");
        g.point(&p, None)?;
        g.edge(&p, "q")?;
        g.edge(&p, "w")?;
        g.label(
            &p,
            &format!("liberty of Ω next to W (G = {big_g}): White fills it to capture Ω"),
        )?;
    }
    for &v in &used {
        diagram_a(&mut g, v)?;
    }
    for (j0, clause) in cnf.clauses.iter().enumerate() {
        diagram_b(&mut g, j0 + 1, clause, notes)?;
    }

    let graph = g.build(Color::White, "L")?;
    let pos = graph.position().map_err(BuildError::Illegal)?;
    let points = graph.board.len();
    let empty_points = graph.config.cells().iter().filter(|c| c.is_none()).count();
    let groups = pos.groups().count();
    let edges = graph.board.edge_count();
    Ok(Instance {
        graph,
        cnf: cnf.clone(),
        notes: std::mem::take(notes),
        points,
        empty_points,
        groups,
        edges,
        race_liberties: big_f,
        gate_liberties: big_g,
        variables: used,
    })
}

/// Diagram C's core: Λ (`L`) with its eye `e` and second-eye point `E`, and the gate Ω
/// (`q`) next to E when there is a clause.
fn diagram_c(
    g: &mut GraphBuilder,
    opts: &ReduceOptions,
    n: usize,
    notes: &mut Vec<String>,
) -> Result<(), BuildError> {
    g.point("L", WHITE)?;
    g.label(
        "L",
        "Λ: the target, White; alive iff the formula is satisfiable",
    )?;
    g.point("e", None)?;
    g.label("e", "Λ's first eye")?;
    g.edge("L", "e")?;
    g.point("E", None)?;
    g.edge("L", "E")?;
    if n > 0 {
        g.label("E", "E: Λ's second-eye point, Black's killing point")?;
        g.point("q", BLACK)?;
        g.label(
            "q",
            "Ω (gate Q): Black; touches E, every g and every clause stone k_j",
        )?;
        g.edge("E", "q")?;
        if opts.gate_touches_target {
            g.edge("L", "q")?;
            notes.push(
                "variant +: edge L — q, so that a captured gate Ω becomes a liberty of Λ"
                    .to_string(),
            );
        }
    } else {
        g.label("E", "Λ's second eye (no clause: no gate Ω)")?;
        notes.push(
            "no clauses: the formula is satisfiable; there is no gate Ω and E is Λ's second eye, \
             so Λ is unconditionally alive"
                .to_string(),
        );
    }
    Ok(())
}

/// An unconditionally alive group: one stone with two one-point eyes.
fn immortal(
    g: &mut GraphBuilder,
    name: &str,
    color: Option<Color>,
    label: &str,
) -> Result<(), BuildError> {
    g.point(name, color)?;
    g.label(name, label)?;
    for k in 1..=2 {
        let eye = format!("{name}{k}");
        g.point(&eye, None)?;
        g.edge(name, &eye)?;
    }
    Ok(())
}

/// Diagram A(i) (Remark 1): H_i (`h<v>`, Black, next to Λ) with the choice points
/// `A<v>` (u_v true) and `B<v>` (u_v false), each next to H_i, Z and W.
fn diagram_a(g: &mut GraphBuilder, v: u32) -> Result<(), BuildError> {
    let (h, a, b) = (format!("h{v}"), format!("A{v}"), format!("B{v}"));
    g.point(&h, BLACK)?;
    g.label(
        &h,
        &format!("H_{v}: Black, liberties A{v} B{v} (variable u{v})"),
    )?;
    g.edge(&h, "L")?;
    for (p, text) in [
        (
            &a,
            format!("A(G({v})): White here sets u{v} true; Black's answer D to B{v}"),
        ),
        (
            &b,
            format!("B(Ḡ({v})): White here sets u{v} false; Black's answer C to A{v}"),
        ),
    ] {
        g.point(p, None)?;
        g.label(p, &text)?;
        g.edge(p, &h)?;
        g.edge(p, "z")?;
        g.edge(p, "w")?;
    }
    Ok(())
}

/// The clause as text: `u1 ∨ ¬u2`, or "the empty clause".
fn clause_text(clause: &[i32]) -> String {
    if clause.is_empty() {
        "the empty clause".to_string()
    } else {
        clause
            .iter()
            .map(|&l| lit_name(l))
            .collect::<Vec<_>>()
            .join(" ∨ ")
    }
}

/// The point of a literal: `A<v>` for u_v, `B<v>` for ¬u_v.
fn literal_point(l: i32) -> String {
    if l > 0 {
        format!("A{l}")
    } else {
        format!("B{}", -l)
    }
}

/// Diagram B(j) (Remark 2): K(j) is one White stone `k<j>` next to Ω and to the
/// points of its literals. An empty clause has no stone: Ω is joined to Z at once.
fn diagram_b(
    g: &mut GraphBuilder,
    j: usize,
    clause: &[i32],
    notes: &mut Vec<String>,
) -> Result<(), BuildError> {
    if clause.is_empty() {
        notes.push(format!(
            "clause {j} is empty (false): Ω is joined to Z from the start (edge q — z), as \
             when a clause all of whose literals are false has been captured"
        ));
        return g.edge("q", "z");
    }
    let k = format!("k{j}");
    g.point(&k, WHITE)?;
    g.label(
        &k,
        &format!("K({j}): White, clause c{j} = ({})", clause_text(clause)),
    )?;
    g.edge(&k, "q")?;
    for &l in clause {
        g.edge(&k, &literal_point(l))?;
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::dimacs::random_3cnf;
    use tsume_board::{parse_graph, write_graph};

    fn neighbours<'a>(inst: &'a Instance, a: &str) -> Vec<&'a str> {
        let b = &inst.graph.board;
        let p = b.point_named(a).unwrap();
        let mut v: Vec<&str> = b.neighbors(p).iter().map(|&q| b.name(q)).collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn x_and_not_x_matches_the_design() {
        let inst = reduce(&Cnf::new(1, &[&[1], &[-1]]));
        // 10 + 4m + F + n with m = 1, F = 0, n = 2; empty 6 + 3m + F
        assert_eq!(inst.points, 10 + 4 + 2);
        assert_eq!(inst.empty_points, 6 + 3);
        assert_eq!((inst.race_liberties, inst.gate_liberties), (0, 1));
        assert_eq!(neighbours(&inst, "L"), vec!["E", "e", "h1"]);
        assert_eq!(neighbours(&inst, "q"), vec!["E", "g1", "k1", "k2"]);
        assert_eq!(neighbours(&inst, "g1"), vec!["q", "w"]);
        assert_eq!(neighbours(&inst, "A1"), vec!["h1", "k1", "w", "z"]);
        assert_eq!(neighbours(&inst, "B1"), vec!["h1", "k2", "w", "z"]);
        assert_eq!(neighbours(&inst, "k1"), vec!["A1", "q"]);
        assert_eq!(neighbours(&inst, "z"), vec!["A1", "B1", "z1", "z2"]);
        let pos = inst.position().unwrap();
        assert_eq!(pos.to_move(), Color::White);
        assert_eq!(inst.graph.board.name(inst.target()), "L");
        assert_eq!(pos.color(inst.target()), Some(Color::White));
        // groups: Λ, q, z, w, h1, K(1), K(2)
        assert_eq!(inst.groups, 7);
    }

    #[test]
    fn sizes_follow_the_formula() {
        for seed in 0..50 {
            let f = random_3cnf(1 + (seed % 5) as u32, 1 + (seed % 9) as usize, seed);
            let inst = reduce(&f);
            let (m, n) = (inst.variables.len(), inst.cnf.clauses.len());
            let big_f = m.saturating_sub(2);
            assert_eq!(inst.race_liberties, big_f);
            assert_eq!(inst.gate_liberties, m);
            assert_eq!(inst.points, 10 + 4 * m + big_f + n);
            assert_eq!(inst.empty_points, 6 + 3 * m + big_f);
            assert_eq!(inst.groups, 4 + m + n);
        }
    }

    #[test]
    fn graph_file_round_trips() {
        for seed in 0..30 {
            let f = random_3cnf(1 + (seed % 4) as u32, (seed % 7) as usize, seed);
            for opts in [
                ReduceOptions::default(),
                ReduceOptions {
                    gate_touches_target: true,
                    ..ReduceOptions::default()
                },
            ] {
                let inst = reduce_with(&f, &opts);
                let text = write_graph(&inst.graph);
                assert_eq!(parse_graph(&text).unwrap(), inst.graph);
                // with the commented header too
                assert_eq!(parse_graph(&inst.to_graph_text()).unwrap(), inst.graph);
            }
        }
    }

    #[test]
    fn special_formulas_build() {
        // no clauses: Λ has two private eyes
        let inst = reduce(&Cnf::new(3, &[]));
        assert!(inst.graph.board.point_named("q").is_none());
        assert_eq!(inst.points, 3);
        assert!(inst.notes.iter().any(|n| n.contains("no clauses")));
        // an empty clause alone: Ω is joined to Z
        let inst = reduce(&Cnf::new(0, &[&[]]));
        assert_eq!(neighbours(&inst, "q"), vec!["E", "z"]);
        assert!(inst.notes.iter().any(|n| n.contains("empty")));
        // long, duplicated and tautological clauses
        let inst = reduce(&Cnf::new(5, &[&[1, 2, 3, 4, 5], &[1, 1], &[2, -2]]));
        assert_eq!(inst.cnf.clauses.len(), 4);
        assert_eq!(inst.notes.len(), 3, "{:?}", inst.notes);
    }
}
