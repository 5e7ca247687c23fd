//! The checker under the ko rules (basic, a ko master, external threats) and the claims
//! beyond `Can_kill`: trees built from an exact retrograde solution under each rule are
//! accepted under that rule and rejected under another where their claim is false; a
//! seki's never-unconditional tree; what the report says of a disproof that forces
//! unconditional life; the rule and threats through JSON.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::Arc;

use common::solve;
use tsume_board::{Board, Color, KoRule, Move, Point, Position};
use tsume_proof::{check, from_json, to_json, CheckErrorKind, Claim, Leaf, Tree, TreeNode};

fn pos(diagram: &str, to_move: Color) -> Position {
    Position::from_diagram(diagram, to_move).unwrap()
}

fn pt(p: &Position, name: &str) -> Point {
    p.board().parse_point(name).unwrap()
}

fn node(remaining: Option<u32>, children: Vec<(Move, usize)>, leaf: Option<Leaf>) -> TreeNode {
    TreeNode {
        remaining,
        children,
        leaf,
        covered: Vec::new(),
        zone: None,
        pruned: Vec::new(),
        reuse: None,
    }
}

/// Every legal configuration of a board, both players to move, every stone a target.
fn all_problems(board: &Arc<Board>) -> Vec<(Position, Point)> {
    let mut out = Vec::new();
    for config in tsume_board::naive::all_configurations(board.len()) {
        for to_move in [Color::Black, Color::White] {
            if let Ok(p) = Position::new(board.clone(), &config, to_move) {
                out.extend(
                    board
                        .points()
                        .filter(|&x| p.color(x).is_some())
                        .map(|x| (p.clone(), x)),
                );
            }
        }
    }
    out
}

/// The rules tried: the basic rule, each master, and the basic rule with one threat for
/// the attacker or for the defender.
fn rules(defender: Color) -> Vec<(KoRule, [u8; 2])> {
    let one = |c: Color| {
        let mut t = [0, 0];
        t[c.index()] = 1;
        (KoRule::Basic, t)
    };
    vec![
        (KoRule::Basic, [0, 0]),
        (KoRule::Master(Color::Black), [0, 0]),
        (KoRule::Master(Color::White), [0, 0]),
        one(defender.opponent()),
        one(defender),
    ]
}

fn under(p: &Position, (rule, t): (KoRule, [u8; 2])) -> Position {
    p.with_ko(rule).with_ko_threats(t[0], t[1])
}

/// Under every rule, the exact solution's trees are accepted; replayed under the other
/// master they are rejected wherever their claim is false there, and the answers under
/// the two masters differ somewhere (the kos of these boards).
#[test]
fn trees_under_each_rule_are_accepted_and_false_elsewhere_rejected() {
    let (mut checked, mut rejected, mut differ) = (0, 0, 0);
    for board in [Board::line(5).unwrap(), Board::grid(3, 2).unwrap()] {
        let board = Arc::new(board);
        for (p, x) in all_problems(&board) {
            let defender = p.color(x).unwrap();
            let solved: Vec<_> = rules(defender)
                .into_iter()
                .map(|r| {
                    let q = under(&p, r);
                    let s = solve(&q, x);
                    (q, s)
                })
                .collect();
            for (q, s) in &solved {
                for alpha in [1, 3, 5] {
                    let t = s.tree_for(alpha, alpha == 3);
                    check(q, x, &t).unwrap_or_else(|e| panic!("{e}\n{q:?} {}\n{t:?}", q.ko()));
                    checked += 1;
                }
                if s.rank[0].is_none() {
                    check(q, x, &s.disproof(None, true)).unwrap();
                    checked += 1;
                }
            }
            // The two masters: a tree of one replayed under the other.
            let (qb, sb) = &solved[1];
            let (qw, sw) = &solved[2];
            for alpha in [1, 3, 5] {
                if sb.can_kill(alpha) != sw.can_kill(alpha) {
                    differ += 1;
                    assert!(check(qw, x, &sb.tree_for(alpha, false)).is_err());
                    assert!(check(qb, x, &sw.tree_for(alpha, false)).is_err());
                    rejected += 2;
                }
            }
        }
    }
    eprintln!("{checked} trees accepted, {rejected} rejected under the other master ({differ} answers differ)");
    assert!(checked > 1000 && differ > 10, "{checked} {differ}");
}

/// On a 5×2 board the white and black groups share their two liberties and have no eye:
/// Black (attacker) passing for ever keeps White from unconditional life, since each
/// White move fills a shared liberty and is captured. (Not a seki: Black kills by
/// filling one and playing the vital point of the bulky five it leaves; the tree shows
/// only what it claims.)
fn seki() -> (Position, Point, Tree) {
    let p = pos("O O . X X\nO O . X X", Color::Black).with_ko(KoRule::Master(Color::Black));
    let target = pt(&p, "A1");
    let (c1, c2) = (pt(&p, "C1"), pt(&p, "C2"));
    let tree = Tree {
        claim: Claim::NeverUnconditional,
        nodes: vec![
            node(None, vec![(Move::Pass, 1)], None),
            node(
                None,
                vec![(Move::Pass, 0), (Move::Play(c1), 2), (Move::Play(c2), 3)],
                None,
            ),
            node(None, vec![], Some(Leaf::Capture)),
            node(None, vec![], Some(Leaf::Capture)),
        ],
    };
    (p, target, tree)
}

#[test]
fn passing_for_ever_keeps_the_group_from_unconditional_life() {
    let (p, x, tree) = seki();
    let r = check(&p, x, &tree).unwrap();
    assert!(!r.forces_unconditional);
    // White's move C1 left out: not every defender move is answered.
    let mut bad = tree.clone();
    bad.nodes[1].children.remove(1);
    assert!(matches!(
        check(&p, x, &bad).unwrap_err().kind,
        CheckErrorKind::MissingReply { .. }
    ));
    // Black choosing two moves.
    let mut bad = tree.clone();
    bad.nodes[0].children.push((Move::Play(pt(&p, "C1")), 2));
    assert!(matches!(
        check(&p, x, &bad).unwrap_err().kind,
        CheckErrorKind::ChoiceCount { .. }
    ));
    // A capture leaf where Black cannot capture: the root, White not in atari.
    let bad = Tree {
        claim: Claim::NeverUnconditional,
        nodes: vec![node(None, vec![], Some(Leaf::Capture))],
    };
    assert!(matches!(
        check(&p, x, &bad).unwrap_err().kind,
        CheckErrorKind::NotInD0 { .. }
    ));
    // A Benson leaf ends no never-unconditional line.
    let bad = Tree {
        claim: Claim::NeverUnconditional,
        nodes: vec![node(None, vec![], Some(Leaf::Benson))],
    };
    assert!(matches!(
        check(&p, x, &bad).unwrap_err().kind,
        CheckErrorKind::WrongLeaf { .. }
    ));
    // A group that is unconditionally alive (two eyes) cannot be claimed never so.
    let alive = pos(". O . O .\nO O O O O", Color::Black);
    let t = Tree {
        claim: Claim::NeverUnconditional,
        nodes: vec![
            node(None, vec![(Move::Pass, 1)], None),
            node(None, vec![(Move::Pass, 0)], None),
        ],
    };
    assert_eq!(
        check(&alive, pt(&alive, "A1"), &t).unwrap_err().kind,
        CheckErrorKind::UnconditionallyAlive
    );
}

/// A disproof forces unconditional life when every line ends at a Benson leaf: White
/// to move connects at D1, which makes C2–D2 (with Black's two stones) its second vital
/// region; a cycle of passes does not.
#[test]
fn forcing_unconditional_life_is_reported() {
    let p = pos(". O . . X\nO O O . X", Color::White);
    let x = pt(&p, "A1");
    let c2 = pt(&p, "D1");
    assert!(!tsume_board::benson::is_unconditionally_alive(&p, x));
    assert!(tsume_board::benson::is_unconditionally_alive(
        &p.play(Move::Play(c2)),
        x
    ));
    let t = Tree {
        claim: Claim::Alive,
        nodes: vec![
            node(None, vec![(Move::Play(c2), 1)], None),
            node(None, vec![], Some(Leaf::Benson)),
        ],
    };
    let r = check(&p, x, &t).unwrap();
    assert!(r.forces_unconditional);
    // Passes going round for ever: ( . X . X . ), White's every move a suicide.
    let q = pos("( . X . X . )", Color::White);
    let t = Tree {
        claim: Claim::Alive,
        nodes: vec![
            node(None, vec![(Move::Pass, 1)], None),
            node(None, vec![(Move::Pass, 0)], None),
        ],
    };
    let r = check(&q, pt(&q, "B1"), &t).unwrap();
    assert!(!r.forces_unconditional);
}

/// The rule, the threats and the ban go through JSON and back; the reader refuses a
/// rule it does not know, threats without a rule, and a ban on the master.
#[test]
fn ko_rules_and_threats_round_trip_through_json() {
    let p = pos(". X O .\nX O . O\n. X O .", Color::Black);
    let x = pt(&p, "A2");
    for (rule, threats) in [
        (KoRule::Master(Color::White), [2, 0]),
        (KoRule::Master(Color::Black), [0, 0]),
        (KoRule::Basic, [1, 3]),
    ] {
        let q = under(&p, (rule, threats)).play(Move::Play(pt(&p, "C2")));
        let t = Tree {
            claim: Claim::Alive,
            nodes: vec![node(Some(0), vec![], Some(Leaf::DepthLimit))],
        };
        let v = to_json(&q, x, &t);
        assert_eq!(v["ko_rule"], rule.name());
        let c = from_json(&v).unwrap();
        assert_eq!(c.root, q, "{rule}");
        assert_eq!(c.root.hash(), q.hash());
        check(&c.root, c.target, &c.tree).unwrap();
    }
    let q = p
        .with_ko(KoRule::Master(Color::White))
        .play(Move::Play(pt(&p, "C2")));
    let t = Tree {
        claim: Claim::Alive,
        nodes: vec![node(Some(0), vec![], Some(Leaf::DepthLimit))],
    };
    let v = to_json(&q, x, &t);
    let mut bad = v.clone();
    bad["ko_rule"] = "master-red".into();
    assert_eq!(from_json(&bad).unwrap_err().field, "ko_rule");
    let mut bad = v.clone();
    bad["ko_rule"] = "none".into();
    bad["ko_threats"]["black"] = 1.into();
    assert_eq!(from_json(&bad).unwrap_err().field, "ko_threats");
    // White to move, White the master: no ban can bind it.
    let mut bad = v.clone();
    bad["ko_rule"] = "master-white".into();
    bad["ko_ban"] = "B2".into();
    bad["to_move"] = "white".into();
    assert_eq!(from_json(&bad).unwrap_err().field, "ko_ban");
}
