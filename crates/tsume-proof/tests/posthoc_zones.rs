//! Post-hoc relevance zones (docs/design/post-hoc-zones.md) in the checker: a hand-made
//! proof with stated zones and pruned moves is accepted, read back from JSON the same,
//! and each mutation (a zone point dropped, a witness moved, a reference broken, zones
//! where the lemma does not hold) is refused with the fault named.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tsume_board::{Color, Move, Point, Position};
use tsume_proof::{
    check, from_json, read_trees, to_json, CheckErrorKind, Claim, Leaf, Tree, TreeNode,
};

fn pt(p: &Position, name: &str) -> Point {
    p.board().parse_point(name).unwrap()
}

fn zone(p: &Position, names: &[&str]) -> Option<Vec<Point>> {
    Some(names.iter().map(|n| pt(p, n)).collect())
}

fn leaf(p: &Position, z: &[&str]) -> TreeNode {
    TreeNode {
        remaining: Some(0),
        children: vec![],
        leaf: Some(Leaf::Capture),
        covered: vec![],
        zone: zone(p, z),
        pruned: vec![],
        reuse: None,
    }
}

/// ( O . . . . . . . ), White to move: every White move leaves the target A1 with one
/// liberty and Black to move. The pass's leaf has zone {A1, B1}; B1's leaf {A1, B1, C1};
/// the root {A1, B1, C1}, and C1 to H1 are pruned with the pass's child as witness.
fn example() -> (Position, Point, Tree) {
    let p = Position::from_diagram("( O . . . . . . . )", Color::White).unwrap();
    let x = pt(&p, "A1");
    let pruned = ["C1", "D1", "E1", "F1", "G1", "H1"]
        .iter()
        .map(|n| (Move::Play(pt(&p, n)), 1))
        .collect();
    let root = TreeNode {
        remaining: Some(1),
        children: vec![(Move::Pass, 1), (Move::Play(pt(&p, "B1")), 2)],
        leaf: None,
        covered: vec![],
        zone: zone(&p, &["A1", "B1", "C1"]),
        pruned,
        reuse: None,
    };
    let nodes = vec![root, leaf(&p, &["A1", "B1"]), leaf(&p, &["A1", "B1", "C1"])];
    (
        p,
        x,
        Tree {
            claim: Claim::Dead,
            nodes,
        },
    )
}

fn refused(p: &Position, x: Point, t: &Tree) -> CheckErrorKind {
    match check(p, x, t) {
        Ok(r) => panic!("accepted a bad tree: {r:?}\n{t:?}"),
        Err(e) => e.kind,
    }
}

#[test]
fn a_proof_with_zones_and_pruned_moves_is_accepted_and_read_back() {
    let (p, x, t) = example();
    let report = check(&p, x, &t).unwrap();
    assert_eq!(report.pruned, 6);
    assert_eq!(report.nodes, 3);
    // A pruned move's line replays its witness elsewhere and is not written: nothing is
    // claimed of its repetitions (the Go result's shortcut rests on that claim).
    assert!(!report.repetition_free);
    // Without the pruned moves, the tree misses White's replies.
    let mut bare = t.clone();
    bare.nodes[0].pruned.clear();
    assert!(matches!(
        refused(&p, x, &bare),
        CheckErrorKind::MissingReply { .. }
    ));
    // JSON carries the zones and the pruned moves; the tree read back is the same.
    let v = to_json(&p, x, &t);
    assert_eq!(v["nodes"][0]["zone"].as_array().unwrap().len(), 3);
    assert_eq!(v["nodes"][0]["pruned"][0]["move"], "C1");
    assert_eq!(v["nodes"][0]["pruned"][0]["witness"], 1);
    let back = from_json(&v).unwrap();
    assert_eq!(back.tree, t);
    assert_eq!(
        check(&back.root, back.target, &back.tree).unwrap().pruned,
        6
    );
    // A tree with no zone writes neither field (old trees read as before).
    let mut plain = t.clone();
    for n in &mut plain.nodes {
        n.zone = None;
    }
    plain.nodes[0].pruned.clear();
    let v = to_json(&p, x, &plain);
    assert!(v["nodes"][0].get("zone").is_none() && v["nodes"][0].get("pruned").is_none());
}

/// The zone fields came in beside the strict reader (issue 48, class 5), on two branches:
/// they are read as strictly as the rest. A `zone` or a pruned entry's field given twice,
/// or an unknown field in a pruned entry, is refused by its path, streamed or not.
#[test]
fn the_zone_fields_are_read_strictly() {
    let (p, x, t) = example();
    let text = to_json(&p, x, &t).to_string();
    let doubled = |pair: &str| text.replacen(pair, &format!("{pair},{pair}"), 1);
    for (pair, path) in [
        (r#""zone":["A1","B1","C1"]"#, "nodes[0].zone"),
        (r#""witness":1"#, "nodes[0].pruned[0].witness"),
        (r#""move":"C1""#, "nodes[0].pruned[0].move"),
    ] {
        assert!(text.contains(pair), "{pair} in {text}");
        let mut trees = read_trees(doubled(pair).as_bytes()).unwrap();
        let e = trees.pop().unwrap().1.expect_err(pair);
        assert_eq!(
            (e.field.as_str(), e.message.as_str()),
            (path, "given twice")
        );
    }
    let mut v = to_json(&p, x, &t);
    v["nodes"][0]["pruned"][0]["extra"] = serde_json::json!(1);
    let e = from_json(&v).expect_err("an unknown field in a pruned entry");
    assert_eq!(e.field, "nodes[0].pruned[0].extra");
    assert!(e.message.starts_with("not a field"), "{}", e.message);
}

#[test]
fn a_zone_point_dropped_is_refused() {
    let (p, x, t) = example();
    // The leaf's zone without the target's liberty.
    let mut m = t.clone();
    m.nodes[1].zone = zone(&p, &["A1"]);
    let k = refused(&p, x, &m);
    assert!(matches!(&k, CheckErrorKind::BadZone { .. }), "{k:?}");
    // The root's zone without C1: B1's child has it.
    let mut m = t.clone();
    m.nodes[0].zone = zone(&p, &["A1", "B1"]);
    let k = refused(&p, x, &m);
    assert!(
        matches!(&k, CheckErrorKind::BadZone { reason } if reason.contains("C1")),
        "{k:?}"
    );
    // Every single point dropped from any zone is refused.
    for v in 0..t.nodes.len() {
        let z = t.nodes[v].zone.clone().unwrap();
        for i in 0..z.len() {
            let mut m = t.clone();
            let mut z2 = z.clone();
            z2.remove(i);
            m.nodes[v].zone = Some(z2);
            assert!(check(&p, x, &m).is_err(), "node {v} without {:?}", z[i]);
        }
    }
}

#[test]
fn a_witness_moved_or_a_reference_broken_is_refused() {
    let (p, x, t) = example();
    // The witness moved to B1's child: B1 and C1 lie in its zone.
    let mut m = t.clone();
    m.nodes[0].pruned[0].1 = 2;
    let k = refused(&p, x, &m);
    assert!(matches!(k, CheckErrorKind::NotPruned { .. }), "{k:?}");
    // A witness that is no child, or no node at all.
    let mut m = t.clone();
    m.nodes[0].pruned[1].1 = 0;
    assert!(matches!(
        refused(&p, x, &m),
        CheckErrorKind::NotPruned { .. }
    ));
    let mut m = t.clone();
    m.nodes[0].pruned[1].1 = 99;
    assert!(matches!(
        refused(&p, x, &m),
        CheckErrorKind::NotPruned { .. }
    ));
    // The witness without a zone.
    let mut m = t.clone();
    m.nodes[1].zone = None;
    let k = refused(&p, x, &m);
    assert!(
        matches!(&k, CheckErrorKind::NotPruned { reason, .. } if reason.contains("no zone")),
        "{k:?}"
    );
    // A pruned move in the witness's own zone.
    let mut m = t.clone();
    m.nodes[0].children.pop();
    m.nodes[0].pruned.push((Move::Play(pt(&p, "B1")), 1));
    m.nodes.pop();
    assert!(matches!(
        refused(&p, x, &m),
        CheckErrorKind::NotPruned { .. }
    ));
}

#[test]
fn zones_where_the_lemma_does_not_hold_are_refused() {
    let (p, x, t) = example();
    // A disproof claim, a ko master, external threats.
    let mut m = t.clone();
    m.claim = Claim::Alive;
    assert!(check(&p, x, &m).is_err());
    let q = p.with_ko(tsume_board::KoRule::Master(Color::Black));
    assert!(matches!(
        refused(&q, x, &t),
        CheckErrorKind::ZonesNotAllowed { .. }
    ));
    let q = p.with_ko_rule(true).with_ko_threats(1, 0);
    assert!(matches!(
        refused(&q, x, &t),
        CheckErrorKind::ZonesNotAllowed { .. }
    ));
    // Under the basic ko rule with no threats the same tree holds.
    assert_eq!(check(&p.with_ko_rule(true), x, &t).unwrap().pruned, 6);
}

#[test]
fn a_pruned_move_at_the_attackers_node_is_refused() {
    // ( O . X . . . ), Black to move: A1 has one liberty already, but at Black's
    // node nothing may be pruned.
    let p = Position::from_diagram("( O . . . . . )", Color::Black).unwrap();
    let x = pt(&p, "A1");
    let t = Tree {
        claim: Claim::Dead,
        nodes: vec![TreeNode {
            remaining: Some(0),
            children: vec![],
            leaf: Some(Leaf::Capture),
            covered: vec![],
            zone: zone(&p, &["A1", "B1"]),
            pruned: vec![(Move::Play(pt(&p, "E1")), 0)],
            reuse: None,
        }],
    };
    assert!(matches!(
        refused(&p, x, &t),
        CheckErrorKind::NotPruned { .. }
    ));
}

/// A life tree with zones (docs/design/post-hoc-zones.md, "Life proofs"): White's block
/// of seven stones with the eyes A1 and B2, Black to move. Black's D1 reaches a Benson
/// leaf whose zone is the block and its two eyes; every other Black move outside that
/// zone, and the pass, are pruned with D1's child as witness; A1 and B2 are suicides.
fn life_example() -> (Position, Point, Tree) {
    let p = Position::from_diagram(
        "O O O . .
         O . O . .
         . O O . .",
        Color::Black,
    )
    .unwrap();
    let x = pt(&p, "A3");
    let z: &[&str] = &["A3", "B3", "C3", "A2", "C2", "B1", "C1", "A1", "B2"];
    let witness = 1;
    let mut pruned: Vec<(Move, usize)> = ["D2", "D3", "E1", "E2", "E3"]
        .iter()
        .map(|n| (Move::Play(pt(&p, n)), witness))
        .collect();
    pruned.push((Move::Pass, witness));
    let root = TreeNode {
        remaining: None,
        children: vec![(Move::Play(pt(&p, "D1")), witness)],
        leaf: None,
        covered: vec![],
        zone: zone(&p, z),
        pruned,
        reuse: None,
    };
    let benson = TreeNode {
        remaining: None,
        children: vec![],
        leaf: Some(Leaf::Benson),
        covered: vec![],
        zone: zone(&p, z),
        pruned: vec![],
        reuse: None,
    };
    (
        p,
        x,
        Tree {
            claim: Claim::Alive,
            nodes: vec![root, benson],
        },
    )
}

#[test]
fn a_life_tree_with_zones_and_pruned_moves_is_accepted_and_read_back() {
    let (p, x, t) = life_example();
    let report = check(&p, x, &t).unwrap();
    assert_eq!(report.pruned, 6);
    assert!(report.forces_unconditional);
    assert!(!report.repetition_free);
    // Without the pruned moves, the tree misses Black's moves.
    let mut bare = t.clone();
    bare.nodes[0].pruned.clear();
    assert!(matches!(
        refused(&p, x, &bare),
        CheckErrorKind::MissingReply { .. }
    ));
    let back = from_json(&to_json(&p, x, &t)).unwrap();
    assert_eq!(back.tree, t);
    assert_eq!(check(&p, x, &back.tree).unwrap().pruned, 6);
    // Under the basic ko rule with no threats too.
    assert_eq!(check(&p.with_ko_rule(true), x, &t).unwrap().pruned, 6);
}

#[test]
fn a_life_tree_mutated_is_refused() {
    let (p, x, t) = life_example();
    let drop = |t: &mut Tree, v: usize, name: &str| {
        let q = pt(&p, name);
        t.nodes[v].zone.as_mut().unwrap().retain(|&y| y != q);
    };
    // A Benson region cut short at the leaf: one eye left in its zone.
    let mut m = t.clone();
    drop(&mut m, 1, "B2");
    match refused(&p, x, &m) {
        CheckErrorKind::BadZone { reason } => assert!(reason.contains("Benson"), "{reason}"),
        k => panic!("{k:?}"),
    }
    // A zone point dropped at the root: (T) names it (and the child's zone holds it).
    let mut m = t.clone();
    drop(&mut m, 0, "A1");
    match refused(&p, x, &m) {
        CheckErrorKind::BadZone { reason } => assert!(reason.contains("A1"), "{reason}"),
        k => panic!("{k:?}"),
    }
    // A stone of the block dropped from both: the block is not whole in the zone.
    let mut m = t.clone();
    drop(&mut m, 0, "C1");
    drop(&mut m, 1, "C1");
    assert!(matches!(refused(&p, x, &m), CheckErrorKind::BadZone { .. }));
    // The target's two liberties out of the root's zone (and the leaf's): (T) fails.
    let mut m = t.clone();
    for v in 0..2 {
        drop(&mut m, v, "A1");
        drop(&mut m, v, "B2");
    }
    assert!(matches!(refused(&p, x, &m), CheckErrorKind::BadZone { .. }));
    // A witness moved into the zone: the leaf's zone grown to hold E1, then E1 is no
    // longer null for it.
    let mut m = t.clone();
    for v in 0..2 {
        m.nodes[v].zone.as_mut().unwrap().push(pt(&p, "E1"));
    }
    assert!(matches!(
        refused(&p, x, &m),
        CheckErrorKind::NotPruned { .. }
    ));
    // A reference broken: a pruned move's witness is not a child.
    let mut m = t.clone();
    m.nodes[0].pruned[0].1 = 0;
    assert!(matches!(
        refused(&p, x, &m),
        CheckErrorKind::NotPruned { .. }
    ));
    // The defender's move pruned (White chooses at a defender's node): refused.
    let q = p.with_to_move(Color::White);
    match refused(&q, x, &t) {
        CheckErrorKind::NotPruned { reason, .. } => assert!(reason.contains("chooses"), "{reason}"),
        k => panic!("{k:?}"),
    }
}

#[test]
fn a_depth_limit_leaf_zone_needs_the_target_out_of_d0() {
    // A root that is a depth-limit leaf (no plies left), zoned.
    let p = Position::from_diagram("( O . . . )", Color::Black).unwrap();
    let x = pt(&p, "A1");
    let t = Tree {
        claim: Claim::Alive,
        nodes: vec![TreeNode {
            remaining: Some(0),
            children: vec![],
            leaf: Some(Leaf::DepthLimit),
            covered: vec![],
            zone: zone(&p, &["A1", "B1"]),
            pruned: vec![],
            reuse: None,
        }],
    };
    // A1 has one liberty and Black is to move: in D₀, refused whatever the zone.
    assert!(check(&p, x, &t).is_err());
    // With White to move it is no D₀, and no zone condition beyond (B).
    let q = p.with_to_move(Color::White);
    assert_eq!(check(&q, x, &t).unwrap().nodes, 1);
    // Two liberties: ( . O . . ), Black to move; zone {A1, B1, C1} holds both.
    let p = Position::from_diagram("( . O . . )", Color::Black).unwrap();
    let x = pt(&p, "B1");
    let mut t = t;
    t.nodes[0].zone = zone(&p, &["A1", "B1", "C1"]);
    assert_eq!(check(&p, x, &t).unwrap().nodes, 1);
    // One of them dropped: refused by (T).
    t.nodes[0].zone = zone(&p, &["A1", "B1"]);
    match refused(&p, x, &t) {
        CheckErrorKind::BadZone { reason } => assert!(reason.contains("two liberties"), "{reason}"),
        k => panic!("{k:?}"),
    }
}

/// The `reuse` field (docs/design/post-hoc-zones.md, "Reuse"): written only when set,
/// read back the same, and read as strictly as the other fields: given twice, not a
/// node index, or past the last node, it is refused by its path. Trees without it read
/// as before.
#[test]
fn the_reuse_field_is_written_read_back_and_read_strictly() {
    let (p, x, t) = example();
    let v = to_json(&p, x, &t);
    assert!(v["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .all(|n| n.get("reuse").is_none()));
    assert_eq!(from_json(&v).unwrap().tree.nodes[2].reuse, None);
    let mut r = t.clone();
    r.nodes[2].reuse = Some(1);
    let v = to_json(&p, x, &r);
    assert_eq!(v["nodes"][2]["reuse"], 1);
    assert_eq!(from_json(&v).unwrap().tree, r);
    // Node 2 is in D₀ (a capture leaf): a reuse there is refused.
    assert!(matches!(refused(&p, x, &r), CheckErrorKind::D0NotLeaf));
    let text = v.to_string();
    let pair = r#""reuse":1"#;
    assert!(text.contains(pair), "{text}");
    let mut trees =
        read_trees(text.replacen(pair, &format!("{pair},{pair}"), 1).as_bytes()).unwrap();
    let e = trees.pop().unwrap().1.expect_err("reuse given twice");
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        ("nodes[2].reuse", "given twice")
    );
    for (bad, message) in [
        (serde_json::json!(9), "9 is not a node index below 3"),
        (serde_json::json!("1"), "not a node index (a whole number)"),
        (serde_json::json!(-1), "not a node index (a whole number)"),
    ] {
        let mut w = v.clone();
        w["nodes"][2]["reuse"] = bad;
        let e = from_json(&w).expect_err("a bad reuse");
        assert_eq!(
            (e.field.as_str(), e.message.as_str()),
            ("nodes[2].reuse", message)
        );
    }
}

/// A reuse in a disproof is refused: reuses are checked in proofs only.
#[test]
fn a_reuse_outside_a_proof_is_refused() {
    let (p, x, mut t) = example();
    t.claim = Claim::Alive;
    t.nodes[2].reuse = Some(1);
    assert!(matches!(
        refused(&p, x, &t),
        CheckErrorKind::ZonesNotAllowed { .. }
    ));
}

/// A life tree within a bound (docs/design/post-hoc-zones.md, "Life proofs": a
/// depth-limit leaf needs (T) alone, so bounded disproofs carry zones too):
/// ( . O . . . . . . ), Black to move, one ply left. The root's zone is the target and its
/// two liberties (T); A1 and C1, in it, are answered by depth-limit leaves whose zones are
/// the target's block with its liberty left (B); E1's leaf, zone {A1, B1}, is the witness
/// for D1, F1, G1, H1 and the pass.
fn bounded_life_example() -> (Position, Point, Tree) {
    let p = Position::from_diagram("( . O . . . . . . )", Color::Black).unwrap();
    let x = pt(&p, "B1");
    let limit = |z: &[&str]| TreeNode {
        remaining: Some(0),
        children: vec![],
        leaf: Some(Leaf::DepthLimit),
        covered: vec![],
        zone: zone(&p, z),
        pruned: vec![],
        reuse: None,
    };
    let witness = 3;
    let mut pruned: Vec<(Move, usize)> = ["D1", "F1", "G1", "H1"]
        .iter()
        .map(|n| (Move::Play(pt(&p, n)), witness))
        .collect();
    pruned.push((Move::Pass, witness));
    let root = TreeNode {
        remaining: Some(1),
        children: vec![
            (Move::Play(pt(&p, "A1")), 1),
            (Move::Play(pt(&p, "C1")), 2),
            (Move::Play(pt(&p, "E1")), witness),
        ],
        leaf: None,
        covered: vec![],
        zone: zone(&p, &["A1", "B1", "C1"]),
        pruned,
        reuse: None,
    };
    let nodes = vec![
        root,
        limit(&["B1", "C1"]),
        limit(&["A1", "B1"]),
        limit(&["A1", "B1"]),
    ];
    (
        p,
        x,
        Tree {
            claim: Claim::Alive,
            nodes,
        },
    )
}

#[test]
fn a_bounded_life_tree_with_pruned_moves_is_accepted_and_mutations_refused() {
    let (p, x, t) = bounded_life_example();
    let report = check(&p, x, &t).unwrap();
    assert_eq!(report.pruned, 5);
    let back = from_json(&to_json(&p, x, &t)).unwrap();
    assert_eq!(back.tree, t);
    assert_eq!(check(&p.with_ko_rule(true), x, &t).unwrap().pruned, 5);
    // Without the pruned moves, the tree misses Black's moves.
    let mut m = t.clone();
    m.nodes[0].pruned.clear();
    assert!(matches!(
        refused(&p, x, &m),
        CheckErrorKind::MissingReply { .. }
    ));
    let drop = |t: &mut Tree, v: usize, name: &str| {
        let q = pt(&p, name);
        t.nodes[v].zone.as_mut().unwrap().retain(|&y| y != q);
    };
    // A zone point dropped at the root: one liberty of the target left in it, (T) fails.
    let mut m = t.clone();
    drop(&mut m, 0, "C1");
    match refused(&p, x, &m) {
        CheckErrorKind::BadZone { reason } => assert!(reason.contains("liberties"), "{reason}"),
        k => panic!("{k:?}"),
    }
    // A zone point dropped at the witness: the target's block with no liberty in it (B).
    let mut m = t.clone();
    drop(&mut m, witness_of(&t), "A1");
    assert!(matches!(refused(&p, x, &m), CheckErrorKind::BadZone { .. }));
    // A witness moved into the zone: D1 added to the witness's zone (and the root's),
    // so D1 is no longer null for it.
    let mut m = t.clone();
    for v in [0, witness_of(&t)] {
        m.nodes[v].zone.as_mut().unwrap().push(pt(&p, "D1"));
    }
    assert!(matches!(
        refused(&p, x, &m),
        CheckErrorKind::NotPruned { .. }
    ));
    // A witness moved to a node that is not a child, and a reference past the end.
    for bad in [0, t.nodes.len() + 2] {
        let mut m = t.clone();
        m.nodes[0].pruned[0].1 = bad;
        assert!(check(&p, x, &m).is_err(), "witness {bad}");
    }
    // One ply more claimed at the root: its depth-limit children no longer serve.
    let mut m = t.clone();
    m.nodes[0].remaining = Some(2);
    assert!(check(&p, x, &m).is_err());
}

/// The witness of the first pruned move of the root.
fn witness_of(t: &Tree) -> usize {
    t.nodes[0].pruned[0].1
}
