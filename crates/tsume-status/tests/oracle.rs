//! The evaluations against independent oracles on tiny boards.
//!
//! - **The literal variation tree**: every sequence of at most d plies is expanded as a
//!   tree (moves by `tsume_board::naive::play`, the transcription of φ, or by `Position`
//!   under the basic ko rule), its leaves labelled as the seed says, and folded pairwise
//!   with the seed's own tables read from `seed_tables.txt` (step 1 on the whole tree;
//!   steps 2 and 3 on the tree with the found statuses' leaves cut and the "(2)" tables,
//!   as the seed finally prescribes). This is compared with `eval::bounded` and with
//!   `eval::limit`'s conclusion at every bound d.
//! - **Cassandra's exact value** (`eval::exact`, attractors with ranks) against the
//!   level-by-level fold: at every state and bound d, the fold is ≤ k exactly when the
//!   rank for k is ≤ d, and from the largest rank on the fold is the exact value.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::sync::Arc;

use proptest::prelude::*;
use tsume_board::{naive, Board, Color, Configuration, Move, Point, Position};
use tsume_status::eval::{self, NEVER};
use tsume_status::{Budget, Chooser, Game, Rule, Status, Value};

const TABLES: &str = include_str!("seed_tables.txt");

/// The seed's tables by name ("cassandra opponent", "step2-cut player", …): cell
/// (row, column) → entry.
fn seed_tables() -> HashMap<String, HashMap<(String, String), String>> {
    let mut out = HashMap::new();
    let mut lines = TABLES.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(title) = line.strip_prefix("## ") else {
            continue;
        };
        let name = title.split(" (").next().unwrap().to_string();
        let cols: Vec<String> = lines
            .next()
            .unwrap()
            .split('\t')
            .skip(1)
            .map(str::to_string)
            .collect();
        let mut t = HashMap::new();
        while let Some(l) = lines.next_if(|l| !l.is_empty()) {
            let mut cells = l.split('\t');
            let row = cells.next().unwrap().to_string();
            for (c, e) in cols.iter().zip(cells) {
                t.insert((row.clone(), c.clone()), e.to_string());
            }
        }
        out.insert(name, t);
    }
    out
}

/// A node of the literal variation tree.
enum Node {
    Leaf(Status),
    Inner(Chooser, Vec<Node>),
}

/// What the tree walk needs of a state: configuration, player to move, ko ban.
type State = (Configuration, Color, Option<Point>);

struct Walk<'a> {
    board: &'a Arc<Board>,
    ko: bool,
    player: Color,
    x: Point,
    local1: Vec<Point>,
    outside: Vec<Point>,
}

impl Walk<'_> {
    /// Successors of a state, each with whether it is the pass (the same configuration).
    fn successors(&self, s: &State) -> Vec<(State, bool)> {
        let (f, c, ban) = s;
        let next: Vec<State> = if self.ko {
            let p = Position::new(self.board.clone(), f, *c)
                .unwrap()
                .with_ko_rule(true)
                .with_ko_ban(*ban);
            p.successors()
                .into_iter()
                .map(|(_, q)| (q.configuration(), q.to_move(), q.ko_ban()))
                .collect()
        } else {
            naive::successors(self.board, f, *c)
                .into_iter()
                .map(|(g, d)| (g, d, None))
                .collect()
        };
        next.into_iter()
            .map(|t| {
                let pass = t.0 == *f;
                (t, pass)
            })
            .collect()
    }

    fn label(&self, f: &Configuration, captured: bool) -> Status {
        let stands = |area: &[Point]| area.iter().any(|&p| f.get(p) == Some(self.player));
        if !captured {
            Status::A
        } else if stands(&self.local1) {
            Status::B2
        } else if stands(&self.outside) {
            Status::B31
        } else {
            Status::B32
        }
    }

    fn tree(&self, s: &State, captured: bool, passed: bool, depth: u32) -> Node {
        if depth == 0 {
            return Node::Leaf(Status::A); // unfinished: infinite play
        }
        let who = if s.1 == self.player {
            Chooser::Player
        } else {
            Chooser::Opponent
        };
        let children = self
            .successors(s)
            .into_iter()
            .map(|(t, pass)| {
                if pass && passed {
                    Node::Leaf(self.label(&s.0, captured))
                } else {
                    let cap = captured || t.0.get(self.x) != Some(self.player);
                    self.tree(&t, cap, pass, depth - 1)
                }
            })
            .collect();
        Node::Inner(who, children)
    }
}

/// Removes the leaves whose status is in `cut`, and the nodes left without children.
fn cut(n: &Node, cut_set: &[Status]) -> Option<Node> {
    match n {
        Node::Leaf(s) => (!cut_set.contains(s)).then_some(Node::Leaf(*s)),
        Node::Inner(w, ch) => {
            let kept: Vec<Node> = ch.iter().filter_map(|c| cut(c, cut_set)).collect();
            (!kept.is_empty()).then_some(Node::Inner(*w, kept))
        }
    }
}

/// Folds a tree pairwise with the seed's tables `<name> opponent` and `<name> player`.
fn fold(
    n: &Node,
    tables: &HashMap<String, HashMap<(String, String), String>>,
    name: &str,
) -> String {
    match n {
        Node::Leaf(s) => s.code().to_string(),
        Node::Inner(w, ch) => {
            let t = &tables[&format!(
                "{name} {}",
                if *w == Chooser::Opponent {
                    "opponent"
                } else {
                    "player"
                }
            )];
            let mut vals = ch.iter().map(|c| fold(c, tables, name));
            let first = vals.next().unwrap();
            vals.fold(first, |acc, v| t[&(acc, v)].clone())
        }
    }
}

fn value_code(v: Value) -> String {
    match v {
        Value::Is(s) => s.code().to_string(),
        Value::Cut => "cut".to_string(),
    }
}

/// A tiny board: lines of 1 to 4 points, the 2×2 square, or a graph on up to 4 points.
fn tiny_board() -> impl Strategy<Value = Arc<Board>> {
    prop_oneof![
        (1u32..=4).prop_map(|n| Arc::new(Board::line(n).unwrap())),
        Just(()).prop_map(|_| Arc::new(Board::grid(2, 2).unwrap())),
        (2usize..=4, prop::collection::vec(any::<bool>(), 6)).prop_map(|(n, e)| {
            let mut edges = Vec::new();
            let mut k = 0;
            for i in 0..n {
                for j in i + 1..n {
                    if e[k] {
                        edges.push((i, j));
                    }
                    k += 1;
                }
            }
            let names = (0..n).map(|i| format!("p{i}")).collect();
            Arc::new(Board::from_edges(names, &edges).unwrap())
        }),
    ]
}

/// A legal position of the board with a stone to evaluate, an area for local-2 and the
/// player to move first; `None` when the draw has no legal position with a stone.
fn instance(
    board: &Arc<Board>,
    code: u64,
    pick: usize,
    area: u8,
    first_is_owner: bool,
) -> Option<(Position, Point, Vec<Point>)> {
    let n = board.len();
    let f = naive::configuration_number(code % 3u64.pow(n as u32), n);
    if !naive::is_legal(board, &f) {
        return None;
    }
    let stones: Vec<Point> = board.points().filter(|&p| f.get(p).is_some()).collect();
    let x = *stones.get(pick % stones.len().max(1))?;
    let owner = f.get(x)?;
    let first = if first_is_owner {
        owner
    } else {
        owner.opponent()
    };
    let p = Position::new(board.clone(), &f, first).ok()?;
    let area = board
        .points()
        .filter(|q| area >> q.index() & 1 == 1)
        .collect();
    Some((p, x, area))
}

fn check_against_tree(p: &Position, x: Point, area: &[Point], ko: bool, depth: u32) {
    let board = p.board();
    let player = p.color(x).unwrap();
    let local1: Vec<Point> = p.group(x).collect();
    let outside: Vec<Point> = area
        .iter()
        .copied()
        .filter(|q| !local1.contains(q))
        .collect();
    let root = if ko { p.with_ko_rule(true) } else { p.clone() };
    let game = Game::build(&root, x, &[&local1, &outside], Budget::states(1 << 20)).unwrap();
    let labels = game.labels(Some(1));
    let limit = eval::limit(&game, &labels, 10_000).unwrap();
    let folds = [Rule::Cassandra, Rule::Step2, Rule::Step3]
        .map(|r| eval::bounded(&game, &labels, r, depth).root);
    let walk = Walk {
        board,
        ko,
        player,
        x,
        local1,
        outside,
    };
    let tables = seed_tables();
    let start: State = (p.configuration(), p.to_move(), None);
    for d in 0..=depth {
        let tree = walk.tree(&start, false, false, d);
        let step1 = fold(&tree, &tables, "cassandra");
        let step2 =
            cut(&tree, &[Status::A]).map_or("cut".to_string(), |t| fold(&t, &tables, "step2-cut"));
        let step3 = cut(&tree, &[Status::A, Status::B2])
            .map_or("cut".to_string(), |t| fold(&t, &tables, "step3-cut"));
        let at = format!(
            "{}\n{x:?}, ko {ko}, bound {d}",
            tsume_board::diagram::render(p)
        );
        assert_eq!(value_code(folds[0][d as usize]), step1, "step 1, {at}");
        assert_eq!(value_code(folds[1][d as usize]), step2, "step 2, {at}");
        assert_eq!(value_code(folds[2][d as usize]), step3, "step 3, {at}");
        // The seed's conclusion from the literal folds.
        let conclusion = if step1 == "A" {
            "A"
        } else if step2 == "B2" {
            "B2"
        } else if step3 == "B31" {
            "B31"
        } else {
            "B32"
        };
        assert_eq!(limit.at(d).code(), conclusion, "conclusion, {at}");
        assert_eq!(
            limit.steps_at(d).map(value_code),
            [step1, step2, step3],
            "{at}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// The three folds and J2003's conclusion at every bound up to 6 plies, against the
    /// literal tree folded with the seed's tables, under the model.
    #[test]
    fn folds_match_the_literal_tree(
        board in tiny_board(),
        code in any::<u64>(),
        pick in any::<usize>(),
        area in any::<u8>(),
        owner_first in prop::bool::weighted(0.2),
    ) {
        if let Some((p, x, area)) = instance(&board, code, pick, area, owner_first) {
            check_against_tree(&p, x, &area, false, 6);
        }
    }

    /// The same under the basic ko rule.
    #[test]
    fn folds_match_the_literal_tree_under_basic_ko(
        board in tiny_board(),
        code in any::<u64>(),
        pick in any::<usize>(),
        area in any::<u8>(),
    ) {
        if let Some((p, x, area)) = instance(&board, code, pick, area, false) {
            check_against_tree(&p, x, &area, true, 6);
        }
    }

    /// Cassandra's exact value against her fold at every state and bound: the fold is
    /// ≤ k exactly when the rank for k is ≤ the bound; from the largest rank on it is the
    /// exact value. On boards of up to 6 points.
    #[test]
    fn exact_value_is_the_limit_of_the_folds(
        n in 1u32..=6,
        grid in any::<bool>(),
        code in any::<u64>(),
        pick in any::<usize>(),
        area in any::<u8>(),
        ko in any::<bool>(),
    ) {
        let board = Arc::new(if grid && n >= 4 {
            Board::grid(2, n / 2).unwrap()
        } else {
            Board::line(n).unwrap()
        });
        let Some((p, x, area)) = instance(&board, code, pick, area, false) else {
            return Ok(());
        };
        let local1: Vec<Point> = p.group(x).collect();
        let p = p.with_ko_rule(ko);
        let game = Game::build(&p, x, &[&local1, &area], Budget::states(1 << 20)).unwrap();
        let labels = game.labels(Some(1));
        let exact = eval::exact(&game, &labels);
        let top = exact.max_rank();
        for d in 0..=top + 2 {
            let fold = eval::bounded(&game, &labels, Rule::Cassandra, d).value;
            for (s, &f) in fold.iter().enumerate() {
                let Value::Is(v) = f else { panic!("Cassandra's rule cuts nothing") };
                for (k, threshold) in [Status::B32, Status::B31, Status::B2].into_iter().enumerate() {
                    let r = exact.rank[k][s];
                    prop_assert_eq!(v <= threshold, r != NEVER && r <= d, "state {}, bound {}", s, d);
                }
                if d >= top {
                    prop_assert_eq!(v, exact.value[s]);
                }
            }
        }
    }
}

/// The game graph's moves are φ's: every option of every state replays with
/// `naive::play` to the state it names (configuration, player to move), on all legal
/// positions of the 1×4 line with the stone on its second point.
#[test]
fn game_moves_replay_with_naive_phi() {
    let board = Arc::new(Board::line(4).unwrap());
    let x = Point::from_index(1);
    for f in naive::all_configurations(4) {
        if !naive::is_legal(&board, &f) || f.get(x).is_none() {
            continue;
        }
        let owner = f.get(x).unwrap();
        let p = Position::new(board.clone(), &f, owner.opponent()).unwrap();
        let local1: Vec<Point> = p.group(x).collect();
        let game = Game::build(&p, x, &[&local1], Budget::states(1 << 20)).unwrap();
        // Rebuild each state's configuration by walking the graph from the root.
        let mut config: Vec<Option<Configuration>> = vec![None; game.len()];
        config[0] = Some(f.clone());
        let mut stack = vec![0u32];
        while let Some(s) = stack.pop() {
            let c = config[s as usize].clone().unwrap();
            for (m, t) in game.options(s) {
                let (g, to, _) = naive::play(&board, &c, game.to_move(s), m);
                assert_eq!(to, game.to_move(t));
                assert_eq!(game.ends(t), m == Move::Pass);
                match &config[t as usize] {
                    Some(known) => assert_eq!(known, &g),
                    None => {
                        config[t as usize] = Some(g);
                        stack.push(t);
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// `eval::limit` against the folds computed bound by bound, past the point where it
    /// says they repeat (three periods and more), with and without the ko rule.
    #[test]
    fn limit_extends_the_folds(
        n in 2u32..=5,
        grid in any::<bool>(),
        code in any::<u64>(),
        pick in any::<usize>(),
        area in any::<u8>(),
        ko in any::<bool>(),
    ) {
        let board = Arc::new(if grid && n == 4 {
            Board::grid(2, 2).unwrap()
        } else {
            Board::line(n).unwrap()
        });
        let Some((p, x, area)) = instance(&board, code, pick, area, false) else {
            return Ok(());
        };
        let local1: Vec<Point> = p.group(x).collect();
        let p = p.with_ko_rule(ko);
        let game = Game::build(&p, x, &[&local1, &area], Budget::states(1 << 20)).unwrap();
        let labels = game.labels(Some(1));
        let limit = eval::limit(&game, &labels, 10_000).unwrap();
        let top = limit.from + 3 * limit.period + 4;
        let folds = [Rule::Cassandra, Rule::Step2, Rule::Step3]
            .map(|r| eval::bounded(&game, &labels, r, top).root);
        for d in 0..=top {
            let s = [folds[0][d as usize], folds[1][d as usize], folds[2][d as usize]];
            prop_assert_eq!(limit.steps_at(d), s, "bound {}", d);
            prop_assert_eq!(limit.at(d), eval::j2003_conclusion(s[0], s[1], s[2]));
        }
        // The repetition is the first: no shorter period from `from`, and the folds at
        // `from - 1` do not come back.
        let whole = |d: u32| [Rule::Cassandra, Rule::Step2, Rule::Step3]
            .map(|r| eval::bounded(&game, &labels, r, d).value);
        prop_assert!(whole(limit.from) == whole(limit.from + limit.period));
        for q in 1..limit.period {
            prop_assert!(whole(limit.from) != whole(limit.from + q));
        }
        if limit.from > 0 {
            prop_assert!(whole(limit.from - 1) != whole(limit.from - 1 + limit.period));
        }
    }
}
