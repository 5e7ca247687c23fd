//! JSON and SGF exports: the JSON reads back into the same moves and nodes; the SGF
//! parses with `sgf-parse` and its variations replay the tree.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::Arc;

use common::solve;
use sgf_parse::go::{self, Prop};
use sgf_parse::SgfNode;
use tsume_board::{Board, Color, Configuration, Move, Point, Position};
use tsume_proof::{check, from_json, to_json, to_sgf, Claim, Leaf, Tree, TreeJson};

fn pos(diagram: &str, to_move: Color) -> Position {
    Position::from_diagram(diagram, to_move).unwrap()
}

fn json_round_trip(p: &Position, x: Point, t: &Tree) {
    let v = to_json(p, x, t);
    let text = serde_json::to_string(&v).unwrap();
    // The streamed writer gives the same bytes as the value, keys in the same order.
    let streamed = serde_json::to_string_pretty(&TreeJson::new(p, x, t)).unwrap();
    assert_eq!(streamed, serde_json::to_string_pretty(&v).unwrap());
    let back: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(back, v);
    assert_eq!(back["format"], "tsume-proof");
    assert_eq!(back["target"].as_str().unwrap(), p.board().gtp(x));
    assert_eq!(
        back["defender"].as_str().unwrap(),
        p.color(x).unwrap().name()
    );
    assert_eq!(back["to_move"].as_str().unwrap(), p.to_move().name());
    // Read back by the library: the same tree, root position and target, and the checker
    // gives the read tree the verdict it gives the original.
    let cert = from_json(&back).unwrap();
    assert_eq!(&cert.tree, t);
    assert_eq!(cert.root, *p);
    assert_eq!(cert.root.to_move(), p.to_move());
    assert_eq!(cert.root.ko_ban(), p.ko_ban());
    assert_eq!(cert.root.board().len(), p.board().len());
    for q in p.board().points() {
        assert_eq!(cert.root.board().neighbors(q), p.board().neighbors(q));
        assert_eq!(cert.root.board().name(q), p.board().name(q));
    }
    assert_eq!(cert.target, x);
    assert_eq!(
        check(&cert.root, cert.target, &cert.tree).map(|r| r.nodes),
        check(p, x, t).map(|r| r.nodes)
    );
    assert_eq!(
        back["nodes"][0]["to_move"].as_str().unwrap(),
        p.to_move().name()
    );
    assert_eq!(back["ko_rule"], if p.ko_rule() { "basic" } else { "none" });
    assert_eq!(
        back["ko_ban"].as_str(),
        p.ko_ban().map(|b| p.board().gtp(b)).as_deref()
    );
    let n_black = back["setup"]["black"].as_array().unwrap().len();
    assert_eq!(
        n_black,
        p.board()
            .points()
            .filter(|&q| p.color(q) == Some(Color::Black))
            .count()
    );
}

#[test]
fn json_round_trips_the_moves() {
    let board = Arc::new(Board::grid(3, 2).unwrap());
    let p = pos("O . .\n. . .", Color::Black);
    let x = p.board().parse_point("A2").unwrap();
    let s = solve(&p, x);
    let mut seen_claims = Vec::new();
    for alpha in 0..=4 {
        let t = s.tree_for(alpha, true);
        check(&p, x, &t).unwrap();
        json_round_trip(&p, x, &t);
        seen_claims.push(t.claim);
    }
    assert!(seen_claims.contains(&Claim::Dead) && seen_claims.contains(&Claim::Alive));
    assert_eq!(board.len(), 6);

    // A graph board: point names, and the board as points and edges.
    let names = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
    let g = Arc::new(Board::from_edges(names, &[(0, 1), (1, 2), (0, 2), (2, 3)]).unwrap());
    let w = Some(Color::White);
    let q = Position::new(
        g.clone(),
        &Configuration::from_cells(vec![w, None, None, None]),
        Color::Black,
    )
    .unwrap();
    let a = g.point_named("a").unwrap();
    let s = solve(&q, a);
    for alpha in 0..=4 {
        let t = s.tree_for(alpha, false);
        json_round_trip(&q, a, &t);
        let v = to_json(&q, a, &t);
        assert_eq!(v["board"]["kind"], "graph");
        assert_eq!(v["board"]["edges"].as_array().unwrap().len(), 4);
        assert!(v["nodes"][0]["children"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e.get("sgf").is_none()));
    }
}

fn sgf_move(node: &SgfNode<Prop>) -> Option<(Color, go::Move)> {
    match node.get_move()? {
        Prop::B(m) => Some((Color::Black, *m)),
        Prop::W(m) => Some((Color::White, *m)),
        _ => None,
    }
}

fn comment(node: &SgfNode<Prop>) -> String {
    match node.get_property("C") {
        Some(Prop::C(t)) => t.text.clone(),
        _ => String::new(),
    }
}

/// Walks the SGF alongside the tree, checking each move against φ; returns the number of
/// move nodes seen.
fn walk(
    sgf: &SgfNode<Prop>,
    tree: &Tree,
    v: usize,
    p: &Position,
    on_path: &mut Vec<usize>,
    comments: &mut Vec<String>,
) -> usize {
    let kids: Vec<&SgfNode<Prop>> = sgf.children().collect();
    let node = &tree.nodes[v];
    assert_eq!(kids.len(), node.children.len(), "node {v}");
    on_path.push(v);
    let mut count = 0;
    for (k, &(m, c)) in kids.iter().zip(&node.children) {
        count += 1;
        let q = p.play(m);
        let (color, sm) = sgf_move(k).expect("a move node");
        assert_eq!(color, p.to_move());
        let expected = match m {
            Move::Play(x) if q.color(x) == Some(color) && p.color(x).is_none() => {
                let (x, y) = p.board().xy(x).unwrap();
                go::Move::Move(go::Point {
                    x: x as u8,
                    y: y as u8,
                })
            }
            _ => go::Move::Pass,
        };
        assert_eq!(sm, expected);
        comments.push(comment(k));
        if on_path.contains(&c) {
            assert_eq!(k.children().count(), 0, "a cycle is not expanded");
        } else {
            count += walk(k, tree, c, &q, on_path, comments);
        }
    }
    on_path.pop();
    count
}

fn parse_one(text: &str) -> SgfNode<Prop> {
    let mut trees = go::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(trees.len(), 1);
    let root = trees.remove(0);
    root.validate().unwrap();
    root
}

#[test]
fn sgf_parses_and_replays_the_tree() {
    let p = pos("O . .\n. . .", Color::Black);
    let x = p.board().parse_point("A2").unwrap();
    let s = solve(&p, x);
    let mut texts = Vec::new();
    for alpha in 0..=4 {
        let t = s.tree_for(alpha, true);
        let text = to_sgf(&p, x, &t).unwrap();
        let root = parse_one(&text);
        assert!(matches!(root.get_property("SZ"), Some(Prop::SZ((3, 2)))));
        assert!(matches!(
            root.get_property("PL"),
            Some(Prop::PL(sgf_parse::Color::Black))
        ));
        match root.get_property("TR") {
            Some(Prop::TR(pts)) => {
                assert_eq!(pts.len(), 1);
                assert!(pts.contains(&go::Point { x: 0, y: 0 }));
            }
            other => panic!("no TR: {other:?}"),
        }
        match root.get_property("AW") {
            Some(Prop::AW(pts)) => assert_eq!(pts.len(), 1),
            other => panic!("no AW: {other:?}"),
        }
        assert!(root.get_property("AB").is_none());
        let root_comment = comment(&root);
        let mut comments = Vec::new();
        let moves = walk(&root, &t, 0, &p, &mut Vec::new(), &mut comments);
        assert!(moves >= 1);
        let all = comments.join("\n");
        match t.claim {
            Claim::Dead => {
                assert!(
                    root_comment.contains("Black kills the white group at A2"),
                    "{root_comment}"
                );
                assert!(
                    all.contains("Black kills: the target has one liberty"),
                    "{all}"
                );
            }
            Claim::Alive => {
                assert!(root_comment.contains("lives"), "{root_comment}");
                assert!(all.contains("Depth bound reached"), "{all}");
            }
            Claim::NeverUnconditional => unreachable!("the model's trees only"),
        }
        texts.push(text);
    }
    assert!(texts.iter().any(|t| t.contains("(;")), "some variations");
}

#[test]
fn sgf_of_benson_leaves_cycles_and_the_budget() {
    // Benson leaf at the root.
    let p = pos(". X . X .\n. X . X .", Color::White);
    let x = p.board().parse_point("B1").unwrap();
    let t = Tree {
        claim: Claim::Alive,
        nodes: vec![tsume_proof::TreeNode {
            remaining: None,
            children: vec![],
            leaf: Some(Leaf::Benson),
            covered: Vec::new(),
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        }],
    };
    check(&p, x, &t).unwrap();
    let text = to_sgf(&p, x, &t).unwrap();
    let root = parse_one(&text);
    let c = comment(&root);
    assert!(
        c.contains("Black lives (unconditionally alive by Benson)"),
        "{c}"
    );
    assert!(c.contains("whatever the depth"), "{c}");
    assert!(matches!(root.get_property("SZ"), Some(Prop::SZ((5, 2)))));

    // A cyclic disproof for every depth, from the retrograde solver on a 3x2 grid.
    let board = Arc::new(Board::grid(3, 2).unwrap());
    let mut found = false;
    'outer: for config in tsume_board::naive::all_configurations(6) {
        let Ok(q) = Position::new(board.clone(), &config, Color::Black) else {
            continue;
        };
        for x in board.points() {
            if q.color(x) != Some(Color::White) {
                continue;
            }
            let s = solve(&q, x);
            if s.rank[0].is_some() || tsume_board::benson::is_unconditionally_alive(&q, x) {
                continue;
            }
            let t = s.disproof(None, false);
            if !common::has_cycle(&t) || t.nodes.len() < 4 {
                continue;
            }
            check(&q, x, &t).unwrap();
            let text = to_sgf(&q, x, &t).unwrap();
            let root = parse_one(&text);
            let mut comments = Vec::new();
            walk(&root, &t, 0, &q, &mut Vec::new(), &mut comments);
            assert!(
                comments
                    .iter()
                    .any(|c| c.contains("Back to an earlier position")),
                "{text}"
            );
            // A tiny budget cuts the tree with a comment.
            let cut = tsume_proof::to_sgf_with_budget(&q, x, &t, 2).unwrap();
            let root = parse_one(&cut);
            assert!(cut.contains("Node budget of 2 reached"), "{cut}");
            let mut n = 0;
            let mut stack = vec![&root];
            while let Some(s) = stack.pop() {
                n += 1;
                stack.extend(s.children());
            }
            assert!(n <= 1 + 2 + t.nodes[0].children.len(), "{cut}");
            found = true;
            break 'outer;
        }
    }
    assert!(found, "no cyclic disproof found on 3x2");
}

#[test]
fn sgf_is_none_off_grid() {
    let names = ["a", "b"].iter().map(|s| s.to_string()).collect();
    let g = Arc::new(Board::from_edges(names, &[(0, 1)]).unwrap());
    let w = Some(Color::White);
    let q = Position::new(
        g.clone(),
        &Configuration::from_cells(vec![w, None]),
        Color::Black,
    )
    .unwrap();
    let t = Tree {
        claim: Claim::Dead,
        nodes: vec![tsume_proof::TreeNode {
            remaining: Some(1),
            children: vec![],
            leaf: Some(Leaf::Capture),
            covered: Vec::new(),
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        }],
    };
    let a = g.point_named("a").unwrap();
    check(&q, a, &t).unwrap();
    assert!(to_sgf(&q, a, &t).is_none());
    let d = Arc::new(Board::grid_with_diagonals(2, 2).unwrap());
    let q = Position::new(
        d,
        &Configuration::from_cells(vec![w, None, None, None]),
        Color::Black,
    )
    .unwrap();
    assert!(to_sgf(&q, Point::from_index(0), &t).is_none());
    // A square grid gets SZ[n].
    let p = pos("O .\n. .", Color::Black);
    let text = to_sgf(&p, Point::from_index(0), &t).unwrap();
    assert!(text.contains("SZ[2]"), "{text}");
    assert!(matches!(
        parse_one(&text).get_property("SZ"),
        Some(Prop::SZ((2, 2)))
    ));
}

/// Under the basic ko rule the JSON names the rule and the point forbidden at the root,
/// which a reader needs to replay the tree.
#[test]
fn json_names_the_ko_rule_and_the_ban() {
    let p = pos(". X O .\nX O . O\n. X O .", Color::Black).with_ko_rule(true);
    let c2 = p.board().parse_point("C2").unwrap();
    let q = p.play(Move::Play(c2));
    assert_eq!(q.ko_ban().map(|b| q.board().gtp(b)), Some("B2".to_string()));
    let x = q.board().parse_point("A2").unwrap();
    let t = Tree {
        claim: Claim::Alive,
        nodes: vec![tsume_proof::TreeNode {
            remaining: Some(0),
            children: vec![],
            leaf: Some(Leaf::DepthLimit),
            covered: Vec::new(),
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        }],
    };
    tsume_proof::check(&q, x, &t).unwrap();
    json_round_trip(&q, x, &t);
    let v = to_json(&q, x, &t);
    assert_eq!(v["ko_rule"], "basic");
    assert_eq!(v["ko_ban"], "B2");
}
