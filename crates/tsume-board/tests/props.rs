//! Property tests: the fast [`Position`] (incremental groups, pseudo-liberties, Zobrist
//! keys) against [`naive`], the literal transcription of Crăşmaru §2, on random graphs
//! and random grids (with and without diagonal adjacency).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::sync::Arc;

use proptest::prelude::*;
use tsume_board::{naive, Board, Color, Configuration, KoRule, Move, Played, Point, Position};

/// A board description that proptest can generate and shrink.
#[derive(Clone, Debug)]
enum Spec {
    /// A simple undirected graph on `n` points: `edges[k]` says whether the k-th pair
    /// (i < j, in lexicographic order) is an edge.
    Graph { n: usize, edges: Vec<bool> },
    /// A grid.
    Grid { w: u32, h: u32, diagonal: bool },
}

fn build(spec: &Spec) -> Arc<Board> {
    match spec {
        Spec::Graph { n, edges } => {
            let names = (0..*n).map(|i| format!("p{i}")).collect();
            let mut list = Vec::new();
            let mut k = 0;
            for i in 0..*n {
                for j in i + 1..*n {
                    if edges[k] {
                        list.push((i, j));
                    }
                    k += 1;
                }
            }
            Arc::new(Board::from_edges(names, &list).unwrap())
        }
        Spec::Grid { w, h, diagonal } => Arc::new(if *diagonal {
            Board::grid_with_diagonals(*w, *h).unwrap()
        } else {
            Board::grid(*w, *h).unwrap()
        }),
    }
}

fn graph_spec() -> impl Strategy<Value = Spec> {
    (1usize..=12, 0.05f64..0.7).prop_flat_map(|(n, density)| {
        prop::collection::vec(prop::bool::weighted(density), n * (n - 1) / 2)
            .prop_map(move |edges| Spec::Graph { n, edges })
    })
}

fn grid_spec() -> impl Strategy<Value = Spec> {
    prop_oneof![
        // 1×n and 2×n strips.
        (1u32..=2, 1u32..=9, any::<bool>()).prop_map(|(h, w, diagonal)| Spec::Grid {
            w,
            h,
            diagonal
        }),
        // Anything up to 9×9.
        (1u32..=9, 1u32..=9, any::<bool>()).prop_map(|(w, h, diagonal)| Spec::Grid {
            w,
            h,
            diagonal
        }),
    ]
}

fn any_spec() -> impl Strategy<Value = Spec> {
    prop_oneof![graph_spec(), grid_spec()]
}

/// Raw move codes: `c % (n + 1) == n` is a pass, anything else a point (occupied or not).
fn moves(max: usize) -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 0..max)
}

/// [`moves`], with one code in eight `u32::MAX`: where the game reads it, the forbidden
/// point if any (an immediate recapture tried).
fn moves_retaking(max: usize) -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(prop_oneof![7 => any::<u32>(), 1 => Just(u32::MAX)], 0..max)
}

fn decode(board: &Board, code: u32) -> Move {
    let n = board.len() as u32;
    let k = code % (n + 1);
    if k == n {
        Move::Pass
    } else {
        Move::Play(Point::from_index(k as usize))
    }
}

fn sorted(it: impl IntoIterator<Item = Point>) -> Vec<Point> {
    let mut v: Vec<Point> = it.into_iter().collect();
    v.sort();
    v
}

/// Every query of the fast position agrees with the naive definitions.
fn check_queries(pos: &Position) -> Result<(), TestCaseError> {
    let board = pos.board();
    let f = pos.configuration();
    for x in board.points() {
        prop_assert_eq!(pos.color(x), f.get(x));
        if f.get(x).is_none() {
            prop_assert_eq!(pos.group_id(x), None);
            prop_assert_eq!(pos.group_size(x), 0);
            prop_assert!(pos.liberties(x).is_empty());
            // Suicide and captures as φ would see them.
            let (h, _, captured) = naive::play(board, &f, pos.to_move(), Move::Play(x));
            // The key of a move that places a stone and captures nothing, without making
            // the position; None for any other move.
            let quiet = h != f && captured.is_empty();
            let key = naive::hash(board, &h, pos.to_move().opponent());
            prop_assert_eq!(pos.quiet_hash(x), quiet.then_some(key));
            prop_assert_eq!(pos.is_suicide(x), h == f);
            prop_assert_eq!(pos.is_legal(x), h != f);
            prop_assert_eq!(sorted(pos.captures_of(x)), captured);
        } else {
            let g = naive::group(board, &f, x);
            prop_assert_eq!(sorted(pos.group(x)), g.clone());
            prop_assert_eq!(pos.group_size(x), g.len());
            let head = pos.group_id(x).unwrap();
            prop_assert!(g.contains(&head));
            for &s in &g {
                prop_assert_eq!(pos.group_id(s), Some(head));
            }
            let libs = naive::liberties(board, &f, x);
            prop_assert_eq!(sorted(pos.liberties(x)), libs.clone());
            prop_assert_eq!(pos.liberty_count(x), libs.len());
            for limit in 1..4 {
                prop_assert_eq!(pos.liberty_count_up_to(x, limit), libs.len().min(limit));
            }
            prop_assert_eq!(pos.in_atari(x), libs.len() == 1);
            prop_assert!(!pos.is_legal(x));
            prop_assert!(pos.captures_of(x).is_empty());
            prop_assert_eq!(pos.quiet_hash(x), None);
        }
    }
    let heads: BTreeSet<Point> = pos.groups().collect();
    let expected: BTreeSet<Point> = board.points().filter_map(|x| pos.group_id(x)).collect();
    prop_assert_eq!(heads, expected);
    let legal: Vec<Point> = pos.legal_moves().collect();
    let expected: Vec<Point> = board.points().filter(|&x| pos.is_legal(x)).collect();
    prop_assert_eq!(legal, expected);
    Ok(())
}

/// Ψ({p}) from the fast position equals naive::successors as a set of positions, each
/// listed move reaches the listed position, and the positions are pairwise distinct.
fn check_successors(pos: &Position) -> Result<(), TestCaseError> {
    let board = pos.board();
    let succ = pos.successors();
    let mut fast: Vec<(Configuration, Color)> = Vec::new();
    for (m, q) in &succ {
        prop_assert_eq!(&pos.play(*m), q);
        q.check_consistency().map_err(TestCaseError::fail)?;
        fast.push((q.configuration(), q.to_move()));
    }
    let n = fast.len();
    fast.sort_by(|x, y| x.0.cells().cmp(y.0.cells()).then(x.1.cmp(&y.1)));
    fast.dedup();
    prop_assert_eq!(fast.len(), n, "successors lists a position twice");
    let slow = naive::successors(board, &pos.configuration(), pos.to_move());
    prop_assert_eq!(fast, slow);
    Ok(())
}

/// Plays `codes` from `start` in the fast position (in place and by copy) and with
/// naive::play, comparing everything after each move.
fn run_sequence(
    start: Position,
    codes: &[u32],
    successors_every: usize,
    queries_every: usize,
) -> Result<(), TestCaseError> {
    let board = Arc::clone(start.board());
    let mut pos = start;
    let mut f = pos.configuration();
    let mut a = pos.to_move();
    prop_assert_eq!(pos.hash(), naive::hash(&board, &f, a));
    for (step, &code) in codes.iter().enumerate() {
        let m = decode(&board, code);
        let before = pos.clone();
        let predicted = match m {
            Move::Play(x) if before.is_empty_at(x) => Some(sorted(before.captures_of(x))),
            _ => None,
        };
        let copy = pos.play(m);
        // The move recorded, then undone by copying the recorded points back: the
        // position before it in every stored detail.
        let mut changed = Vec::new();
        let mut undone = before.clone();
        undone.play_recorded(m, &mut changed);
        prop_assert!(undone.same_state(&copy), "recorded play of {:?}", m);
        undone.restore_from(&before, &changed);
        prop_assert!(undone.same_state(&before), "restored after {:?}", m);
        // clone_from onto the position before the move (reusing its cells) = clone.
        let mut reused = before.clone();
        reused.clone_from(&copy);
        prop_assert_eq!(&reused, &copy);
        prop_assert_eq!(reused.hash(), copy.hash());
        reused.check_consistency().map_err(TestCaseError::fail)?;
        let played = pos.play_in_place(m);
        let (g, b, captured) = naive::play(&board, &f, a, m);
        prop_assert_eq!(&copy, &pos);
        prop_assert_eq!(copy.hash(), pos.hash());
        prop_assert_eq!(
            pos.configuration(),
            g.clone(),
            "configuration after {:?}",
            m
        );
        prop_assert_eq!(pos.to_move(), b);
        prop_assert_eq!(b, a.opponent());
        prop_assert_eq!(pos.hash(), naive::hash(&board, &g, b));
        // The kind of move φ made (Crăşmaru §2: pass, occupied point, suicide, stone).
        match (m, played) {
            (Move::Pass, Played::Pass) => prop_assert_eq!(&g, &f),
            (Move::Play(x), Played::Occupied) => {
                prop_assert!(f.get(x).is_some());
                prop_assert_eq!(&g, &f);
            }
            (_, Played::Banned) => {
                prop_assert!(false, "a ko ban without the ko rule");
            }
            (Move::Play(x), Played::Suicide) => {
                prop_assert!(f.get(x).is_none());
                prop_assert_eq!(&g, &f);
                prop_assert!(captured.is_empty());
            }
            (Move::Play(x), Played::Stone { captured: k }) => {
                prop_assert!(f.get(x).is_none());
                prop_assert_eq!(g.get(x), Some(a));
                prop_assert_eq!(k as usize, captured.len());
                prop_assert_eq!(predicted.as_ref(), Some(&captured));
                for &s in &captured {
                    prop_assert_eq!(f.get(s), Some(a.opponent()));
                    prop_assert_eq!(g.get(s), None);
                }
            }
            other => prop_assert!(false, "unexpected {:?}", other),
        }
        prop_assert_eq!(played.is_pass(), g == f);
        if played.is_pass() {
            prop_assert_eq!(&pos, &before.with_to_move(b));
        }
        // Theorem 2, first half: φ keeps every group with a liberty.
        pos.check_consistency().map_err(TestCaseError::fail)?;
        if queries_every > 0 && step % queries_every == 0 {
            prop_assert!(naive::is_legal(&board, &g));
            check_queries(&pos)?;
        }
        if successors_every > 0 && step % successors_every == 0 {
            check_successors(&pos)?;
        }
        f = g;
        a = b;
    }
    prop_assert!(naive::is_legal(&board, &f));
    check_queries(&pos)?;
    check_successors(&pos)?;
    Ok(())
}

/// A random configuration, biased toward crowded boards so that illegal ones are common.
fn config_for(board: &Board, codes: &[u8]) -> Configuration {
    Configuration::from_cells(
        board
            .points()
            .map(|p| match codes[p.index() % codes.len()] % 5 {
                0 => None,
                1 | 2 => Some(Color::Black),
                _ => Some(Color::White),
            })
            .collect(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 700, ..ProptestConfig::default() })]

    /// Random move sequences on random graphs of 1-12 points: fast φ = naive φ.
    #[test]
    fn graphs_fast_equals_naive(spec in graph_spec(), codes in moves(120), white_first in any::<bool>()) {
        let board = build(&spec);
        let c = if white_first { Color::White } else { Color::Black };
        run_sequence(Position::empty(board, c), &codes, 1, 1)?;
    }

    /// Random move sequences on grids up to 9×9, with and without diagonals.
    #[test]
    fn grids_fast_equals_naive(spec in grid_spec(), codes in moves(250)) {
        let board = build(&spec);
        let small = board.len() <= 20;
        run_sequence(
            Position::empty(board, Color::Black),
            &codes,
            if small { 3 } else { 50 },
            if small { 1 } else { 10 },
        )?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Position::new accepts exactly the configurations of Theorem 2, names one point of
    /// each libertyless group, and builds the same structure as play would.
    #[test]
    fn new_checks_theorem2(
        spec in any_spec(),
        cells in prop::collection::vec(any::<u8>(), 1..100),
        codes in moves(60),
        white in any::<bool>(),
    ) {
        let board = build(&spec);
        let f = config_for(&board, &cells);
        let a = if white { Color::White } else { Color::Black };
        let legal = naive::is_legal(&board, &f);
        match Position::new(Arc::clone(&board), &f, a) {
            Ok(pos) => {
                prop_assert!(legal);
                prop_assert_eq!(pos.configuration(), f.clone());
                prop_assert_eq!(pos.to_move(), a);
                prop_assert_eq!(pos.hash(), naive::hash(&board, &f, a));
                pos.check_consistency().map_err(TestCaseError::fail)?;
                check_queries(&pos)?;
                // Play on from an arbitrary legal position too.
                run_sequence(pos, &codes, 7, 7)?;
            }
            Err(e) => {
                prop_assert!(!legal);
                prop_assert_eq!(e.size_mismatch, None);
                // The libertyless groups, each as its sorted stone list.
                let mut dead: BTreeSet<Vec<Point>> = BTreeSet::new();
                for x in board.points() {
                    if f.get(x).is_some() && naive::liberties(&board, &f, x).is_empty() {
                        dead.insert(naive::group(&board, &f, x));
                    }
                }
                prop_assert_eq!(e.groups.len(), dead.len());
                let text = e.to_string();
                let mut named: BTreeSet<Vec<Point>> = BTreeSet::new();
                for (c, name) in &e.groups {
                    let x = board.parse_point(name).unwrap();
                    prop_assert_eq!(&board.gtp(x), name);
                    prop_assert_eq!(f.get(x), Some(*c));
                    let g = naive::group(&board, &f, x);
                    prop_assert!(dead.contains(&g), "{} names a group with a liberty", name);
                    named.insert(g);
                    prop_assert!(text.contains(name.as_str()), "{:?} does not name {}", text, name);
                }
                prop_assert_eq!(named, dead);
            }
        }
    }
}

/// A configuration of the wrong size is refused, not a panic.
#[test]
fn new_refuses_wrong_size() {
    let board = Arc::new(Board::line(4).unwrap());
    let e = Position::new(board, &Configuration::empty(5), Color::Black).unwrap_err();
    assert_eq!(e.size_mismatch, Some((5, 4)));
    assert!(e.to_string().contains("5 points"), "{e}");
}

/// Long random games on full-size boards, biased toward stone moves (an occupied point
/// is replaced by the next empty one): the incremental structure stays consistent at
/// every move and agrees with the naive φ every few moves.
#[test]
fn long_games_on_large_boards() {
    let boards = [
        Board::grid(19, 19).unwrap(),
        Board::grid(13, 13).unwrap(),
        Board::grid_with_diagonals(11, 11).unwrap(),
        Board::grid(25, 2).unwrap(),
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for board in boards {
        let board = Arc::new(board);
        let n = board.len();
        let mut pos = Position::empty(Arc::clone(&board), Color::Black);
        let (mut stones, mut captures) = (0, 0);
        for step in 0..3 * n {
            let r = (next() % (n as u64 + 8)) as usize;
            let m = if r >= n {
                Move::Pass
            } else {
                let empty = (0..n)
                    .map(|k| Point::from_index((r + k) % n))
                    .find(|&p| pos.is_empty_at(p));
                empty.map_or(Move::Pass, Move::Play)
            };
            let before = pos.clone();
            let played = pos.play_in_place(m);
            if let Played::Stone { captured } = played {
                stones += 1;
                captures += captured;
            }
            pos.check_consistency().unwrap();
            let f = pos.configuration();
            assert_eq!(pos.hash(), naive::hash(&board, &f, pos.to_move()));
            if step % 25 == 0 {
                let (g, b, captured) =
                    naive::play(&board, &before.configuration(), before.to_move(), m);
                assert_eq!(f, g);
                assert_eq!(pos.to_move(), b);
                if let Played::Stone { captured: k } = played {
                    assert_eq!(k as usize, captured.len());
                }
            }
        }
        // The games really exercise captures.
        assert!(stones > n, "only {stones} stones placed on {n} points");
        assert!(captures > 0, "no capture in {} moves", 3 * n);
        assert!(naive::is_legal(&board, &pos.configuration()));
    }
}

/// The basic ko rule as a rule of its own, written from its definition on naive φ: a
/// move that captures exactly one stone and leaves its own stone alone with one liberty
/// forbids that liberty to the opponent's next move, and a forbidden move is a pass.
fn naive_ko_play(
    board: &Board,
    f: &Configuration,
    a: Color,
    ban: Option<Point>,
    m: Move,
) -> (Configuration, Color, Option<Point>) {
    if let (Move::Play(x), Some(b)) = (m, ban) {
        if x == b {
            return (f.clone(), a.opponent(), None);
        }
    }
    let (g, b, captured) = naive::play(board, f, a, m);
    let next_ban = match m {
        Move::Play(x) if captured.len() == 1 && g.get(x) == Some(a) => {
            let libs = naive::liberties(board, &g, x);
            (naive::group(board, &g, x).len() == 1 && libs.len() == 1).then(|| libs[0])
        }
        _ => None,
    };
    (g, b, next_ban)
}

/// Plays `codes` under the basic ko rule, fast and naive side by side; returns how many
/// times a recapture was forbidden.
fn ko_game(board: &Arc<Board>, codes: &[u32]) -> Result<usize, TestCaseError> {
    let mut pos = Position::empty(Arc::clone(board), Color::Black).with_ko_rule(true);
    let (mut f, mut a, mut ban) = (pos.configuration(), Color::Black, None);
    let mut bans = 0;
    for &code in codes {
        let m = decode(board, code);
        let before = pos.clone();
        let mut changed = Vec::new();
        let played = pos.play_recorded(m, &mut changed);
        let mut undone = pos.clone();
        undone.restore_from(&before, &changed);
        prop_assert!(undone.same_state(&before), "restored after {:?}", m);
        let (g, b, next_ban) = naive_ko_play(board, &f, a, ban, m);
        prop_assert_eq!(pos.configuration(), g.clone());
        prop_assert_eq!(pos.to_move(), b);
        prop_assert_eq!(pos.ko_ban(), next_ban);
        prop_assert!(pos.ko_rule());
        pos.check_consistency().map_err(TestCaseError::fail)?;
        prop_assert_eq!(pos.with_ko_ban(None).hash(), naive::hash(board, &g, b));
        if let Some(x) = next_ban {
            bans += 1;
            prop_assert!(!pos.is_legal(x));
            prop_assert!(pos.legal_moves().all(|y| y != x));
            prop_assert_ne!(pos.hash(), pos.with_ko_ban(None).hash());
            prop_assert_ne!(&pos, &pos.with_ko_ban(None));
            prop_assert_eq!(pos.play(Move::Play(x)).configuration(), g.clone());
        }
        if let (Move::Play(x), Some(b0)) = (m, ban) {
            if x == b0 {
                prop_assert_eq!(played, Played::Banned);
                prop_assert_eq!(pos.configuration(), before.configuration());
            }
        }
        (f, a, ban) = (g, b, next_ban);
    }
    // Without the rule the same game never forbids anything.
    let mut free = Position::empty(Arc::clone(board), Color::Black);
    for &code in codes {
        free.play_in_place(decode(board, code));
        prop_assert_eq!(free.ko_ban(), None);
    }
    Ok(bans)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Random games under the basic ko rule: φ with the ban equals the naive rule, the
    /// ban is part of the position (equality, key, legal moves), and the key without the
    /// ban is the naive key.
    #[test]
    fn ko_rule_fast_equals_naive(spec in any_spec(), codes in moves(200)) {
        ko_game(&build(&spec), &codes)?;
    }
}

/// The same on long seeded games on small grids, where kos are frequent: bans do occur.
#[test]
fn ko_rule_bans_occur_in_long_games() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut bans = 0;
    for (w, h) in [(3, 3), (4, 4), (5, 4)] {
        let board = Arc::new(Board::grid(w, h).unwrap());
        for _ in 0..60 {
            let codes: Vec<u32> = (0..300)
                .map(|_| {
                    state = tsume_board::splitmix64(state);
                    (state >> 33) as u32
                })
                .collect();
            bans += ko_game(&board, &codes).unwrap();
        }
    }
    assert!(bans > 50, "{bans} bans");
}

/// A ko at B2/C2 on a 4×3 grid: Black C2 takes the white B2, White may not retake at
/// once, and may after another move.
#[test]
fn ko_rule_forbids_the_immediate_recapture_only() {
    let p = Position::from_diagram(". X O .\nX O . O\n. X O .", Color::Black)
        .unwrap()
        .with_ko_rule(true);
    let b = p.board();
    let c2 = b.parse_point("C2").unwrap();
    let b2 = b.parse_point("B2").unwrap();
    // Black C2 captures the white B2 stone, leaving a single stone with one liberty.
    let q = p.play(Move::Play(c2));
    assert_eq!(q.color(b2), None);
    assert_eq!(q.ko_ban(), Some(b2));
    assert!(!q.is_legal(b2));
    // The recapture is a pass under the rule, a capture without it.
    let mut r = q.clone();
    assert_eq!(r.play_in_place(Move::Play(b2)), Played::Banned);
    assert_eq!(r.configuration(), q.configuration());
    assert_eq!(r.ko_ban(), None);
    let free = q.with_ko_rule(false);
    assert!(free.is_legal(b2));
    // After White plays elsewhere and Black answers, the recapture is legal again.
    let elsewhere = q.play(Move::Pass).play(Move::Pass);
    assert_eq!(elsewhere.ko_ban(), None);
    assert!(elsewhere.is_legal(b2));
}

/// A ko rule with threats, written from its definition on naive φ: under `rule`, a move
/// that captures exactly one stone and leaves its own stone alone with one liberty
/// forbids that liberty to the opponent's next move if the rule binds the opponent (any
/// player under `Basic`, the other player under `Master(c)`); a forbidden move is a pass
/// for a player with no threat left, and costs a threat otherwise.
#[allow(clippy::type_complexity)]
fn naive_rule_play(
    board: &Board,
    (f, a, ban, threats): (&Configuration, Color, Option<Point>, [u8; 2]),
    rule: KoRule,
    m: Move,
) -> (Configuration, Color, Option<Point>, [u8; 2]) {
    let mut threats = threats;
    if let (Move::Play(x), Some(b)) = (m, ban) {
        if x == b {
            if threats[a.index()] == 0 {
                return (f.clone(), a.opponent(), None, threats);
            }
            threats[a.index()] -= 1;
        }
    }
    let (g, b, captured) = naive::play(board, f, a, m);
    let binds = match rule {
        KoRule::None => false,
        KoRule::Basic => true,
        KoRule::Master(c) => c != b,
    };
    let next_ban = match m {
        Move::Play(x) if binds && captured.len() == 1 && g.get(x) == Some(a) => {
            let libs = naive::liberties(board, &g, x);
            (naive::group(board, &g, x).len() == 1 && libs.len() == 1).then(|| libs[0])
        }
        _ => None,
    };
    (g, b, next_ban, threats)
}

/// Plays `codes` under `rule` with the given threats, fast and naive side by side;
/// returns how many recaptures were forbidden and how many threats were spent.
fn rule_game(
    board: &Arc<Board>,
    rule: KoRule,
    threats: [u8; 2],
    codes: &[u32],
) -> Result<(usize, usize), TestCaseError> {
    let mut pos = Position::empty(Arc::clone(board), Color::Black)
        .with_ko(rule)
        .with_ko_threats(threats[0], threats[1]);
    let mut state = (pos.configuration(), Color::Black, None, threats);
    let (mut bans, mut spent) = (0, 0);
    for &code in codes {
        // `u32::MAX`: the forbidden point if there is one (a recapture tried at once).
        let m = match (code, state.2) {
            (u32::MAX, Some(b)) => Move::Play(b),
            _ => decode(board, code),
        };
        let before = pos.clone();
        let mut changed = Vec::new();
        pos.play_recorded(m, &mut changed);
        let mut undone = pos.clone();
        undone.restore_from(&before, &changed);
        prop_assert!(undone.same_state(&before), "restored after {:?}", m);
        let next = naive_rule_play(board, (&state.0, state.1, state.2, state.3), rule, m);
        prop_assert_eq!(pos.configuration(), next.0.clone());
        prop_assert_eq!(pos.to_move(), next.1);
        prop_assert_eq!(pos.ko_ban(), next.2);
        prop_assert_eq!(
            [pos.ko_threats(Color::Black), pos.ko_threats(Color::White)],
            next.3
        );
        prop_assert_eq!(pos.ko(), rule);
        pos.check_consistency().map_err(TestCaseError::fail)?;
        spent += usize::from(next.3 != state.3);
        // The key: the naive key, the ban's and the threats' apart; equal positions
        // (stones, player, ban, threats) have equal keys and differ from the same
        // stones without the ban or the threats.
        let bare = pos.with_ko(KoRule::None);
        prop_assert_eq!(bare.hash(), naive::hash(board, &next.0, next.1));
        let rebuilt = bare
            .with_ko(rule)
            .with_ko_threats(next.3[0], next.3[1])
            .with_ko_ban(next.2);
        prop_assert_eq!(&rebuilt, &pos);
        prop_assert_eq!(rebuilt.hash(), pos.hash());
        if let Some(x) = next.2 {
            bans += 1;
            prop_assert!(rule.binds(next.1));
            prop_assert_ne!(pos.hash(), pos.with_ko_ban(None).hash());
            let has_threat = next.3[next.1.index()] > 0;
            prop_assert_eq!(pos.is_legal(x), has_threat);
            prop_assert_eq!(pos.legal_moves().any(|y| y == x), has_threat);
        }
        state = next;
    }
    Ok((bans, spent))
}

fn any_rule() -> impl Strategy<Value = KoRule> {
    prop_oneof![
        Just(KoRule::None),
        Just(KoRule::Basic),
        Just(KoRule::Master(Color::Black)),
        Just(KoRule::Master(Color::White)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Random games under every ko rule, with random threats: φ equals the naive rule,
    /// and the ban and the threats left are part of the position (equality, key, legal
    /// moves).
    #[test]
    fn ko_rules_with_threats_fast_equal_naive(
        spec in any_spec(),
        rule in any_rule(),
        threats in (0u8..3, 0u8..3),
        codes in moves_retaking(200),
    ) {
        rule_game(&build(&spec), rule, [threats.0, threats.1], &codes)?;
    }
}

/// The same on long seeded games on small grids, where kos are frequent: under each
/// master rule bans fall on the other player only, and threats are spent.
#[test]
fn master_rules_and_threats_occur_in_long_games() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for rule in [
        KoRule::Basic,
        KoRule::Master(Color::Black),
        KoRule::Master(Color::White),
    ] {
        let (mut bans, mut spent) = (0, 0);
        for (w, h) in [(3, 3), (4, 4)] {
            let board = Arc::new(Board::grid(w, h).unwrap());
            for _ in 0..40 {
                // One move in four tries the recapture at once.
                let codes: Vec<u32> = (0..300)
                    .map(|_| {
                        state = tsume_board::splitmix64(state);
                        if state.is_multiple_of(4) {
                            u32::MAX
                        } else {
                            (state >> 33) as u32
                        }
                    })
                    .collect();
                let (b, s) = rule_game(&board, rule, [2, 2], &codes).unwrap();
                bans += b;
                spent += s;
            }
        }
        assert!(bans > 5, "{rule}: {bans} bans");
        assert!(spent > 0, "{rule}: {spent} threats spent");
    }
}

/// The ko of `ko_rule_forbids_the_immediate_recapture_only` under each rule: the ban
/// binds White under the basic rule and when Black is master, not when White is; a
/// threat lets White retake once.
#[test]
fn master_and_threats_on_one_ko() {
    let p = Position::from_diagram(". X O .\nX O . O\n. X O .", Color::Black).unwrap();
    let b = p.board();
    let (c2, b2) = (b.parse_point("C2").unwrap(), b.parse_point("B2").unwrap());
    for (rule, banned) in [
        (KoRule::Basic, true),
        (KoRule::Master(Color::Black), true),
        (KoRule::Master(Color::White), false),
    ] {
        let q = p.with_ko(rule).play(Move::Play(c2));
        assert_eq!(q.ko_ban().is_some(), banned, "{rule}");
        assert_eq!(q.is_legal(b2), !banned, "{rule}");
        let r = q.play(Move::Play(b2));
        assert_eq!(r.color(b2).is_some(), !banned, "{rule}");
    }
    // One threat: White retakes, spending it; Black's retake is then forbidden in turn.
    let q = p
        .with_ko(KoRule::Basic)
        .with_ko_threats(0, 1)
        .play(Move::Play(c2));
    assert!(q.is_legal(b2));
    let mut r = q.clone();
    assert_eq!(
        r.play_in_place(Move::Play(b2)),
        Played::Stone { captured: 1 }
    );
    assert_eq!(r.ko_threats(Color::White), 0);
    assert_eq!(r.ko_ban(), Some(c2));
    assert!(!r.is_legal(c2));
    assert_ne!(r.with_ko_threats(0, 1), r);
}
