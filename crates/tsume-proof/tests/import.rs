//! `from_json` on what it cannot read: each defect named by its field, never a panic;
//! and a certificate whose tree was altered is read but rejected by the checker.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::solve;
use serde_json::{json, Value};
use tsume_board::{Color, Position};
use tsume_proof::{check, from_json, read_trees, to_json, Certificate, Claim, ImportError};

/// A proof (Black kills A2 on a 3×2 board within 4 plies) and a disproof (within 0),
/// as `to_json` writes them.
fn exported() -> (Value, Value) {
    let p = Position::from_diagram("O . .\n. . .", Color::Black).unwrap();
    let x = p.board().parse_point("A2").unwrap();
    let s = solve(&p, x);
    let proof = s.tree_for(4, true);
    let disproof = s.tree_for(0, true);
    assert_eq!(proof.claim, Claim::Dead);
    assert_eq!(disproof.claim, Claim::Alive);
    (to_json(&p, x, &proof), to_json(&p, x, &disproof))
}

/// An edit of an exported tree.
type Edit = Box<dyn FnOnce(&mut Value)>;

/// `v` with `edit` applied, read back: the error's field and message; read from its
/// text by `read_trees` (streaming), the same error.
fn error_of(v: &Value, edit: impl FnOnce(&mut Value)) -> (String, String) {
    let mut w = v.clone();
    edit(&mut w);
    let e = from_json(&w).expect_err("the edited value was read");
    assert_eq!(streamed(&w).unwrap_err(), e);
    (e.field, e.message)
}

/// The one tree of `v`'s text, read by `read_trees`.
fn streamed(v: &Value) -> Result<Certificate, ImportError> {
    let mut trees = read_trees(v.to_string().as_bytes()).unwrap();
    assert_eq!(trees.len(), 1);
    let (at, tree) = trees.pop().unwrap();
    assert_eq!(at, "");
    tree
}

/// A certificate written back, to compare two reads.
fn written(c: &Certificate) -> Value {
    to_json(&c.root, c.target, &c.tree)
}

#[test]
fn each_defect_is_named_by_its_field() {
    let (proof, _) = exported();
    assert!(from_json(&proof).is_ok());
    let cases: Vec<(&str, Edit)> = vec![
        ("format", Box::new(|v| v["format"] = json!("sgf"))),
        (
            "format",
            Box::new(|v| drop(v.as_object_mut().unwrap().remove("format"))),
        ),
        ("claim", Box::new(|v| v["claim"] = json!("seki"))),
        (
            "board.kind",
            Box::new(|v| v["board"]["kind"] = json!("hex")),
        ),
        ("board.width", Box::new(|v| v["board"]["width"] = json!(-3))),
        ("board", Box::new(|v| v["board"]["width"] = json!(0))),
        ("to_move", Box::new(|v| v["to_move"] = json!("red"))),
        ("target", Box::new(|v| v["target"] = json!("Z9"))),
        ("target", Box::new(|v| v["target"] = Value::Null)),
        (
            "setup.white[0]",
            Box::new(|v| v["setup"]["white"][0] = json!("Q99")),
        ),
        // A2 is White's: given Black too, the second list names it.
        (
            "setup.white[0]",
            Box::new(|v| v["setup"]["black"] = json!(["A2"])),
        ),
        ("setup", Box::new(|v| v["setup"] = json!(["A2"]))),
        ("ko_rule", Box::new(|v| v["ko_rule"] = json!("superko"))),
        ("ko_ban", Box::new(|v| v["ko_ban"] = json!("B1"))),
        ("nodes", Box::new(|v| v["nodes"] = json!([]))),
        ("nodes[0].id", Box::new(|v| v["nodes"][0]["id"] = json!(7))),
        (
            "nodes[0].remaining",
            Box::new(|v| v["nodes"][0]["remaining"] = json!(-1)),
        ),
        (
            "nodes[1].leaf",
            Box::new(|v| v["nodes"][1]["leaf"] = json!("eye")),
        ),
        (
            "nodes[0].children[0].move",
            Box::new(|v| v["nodes"][0]["children"][0]["move"] = json!("C9")),
        ),
        (
            "nodes[0].children[0].node",
            Box::new(|v| v["nodes"][0]["children"][0]["node"] = json!(10_000)),
        ),
    ];
    for (want, edit) in cases {
        let (field, message) = error_of(&proof, edit);
        assert_eq!(field, want, "{message}");
        assert!(!message.is_empty());
    }
    // Not an object at all.
    assert!(from_json(&json!([1, 2])).is_err());
    // A setup without liberties: named as the position's defect.
    let (field, message) = error_of(&proof, |v| {
        v["setup"] = json!({"black": ["B2", "A1"], "white": ["A2"]});
    });
    assert_eq!(field, "setup", "{message}");
}

#[test]
fn an_altered_tree_is_read_but_rejected() {
    let (proof, disproof) = exported();
    for v in [&proof, &disproof] {
        let c = from_json(v).unwrap();
        check(&c.root, c.target, &c.tree).unwrap();
        // The claim turned round: a proof's capture leaves cannot be a disproof's, nor
        // a disproof's leaves a proof's.
        let mut w = v.clone();
        w["claim"] = json!(if v["claim"] == "dead" {
            "alive"
        } else {
            "dead"
        });
        let c = from_json(&w).unwrap();
        assert!(check(&c.root, c.target, &c.tree).is_err());
        // The root stripped of its children (and not marked a leaf).
        let mut w = v.clone();
        if !w["nodes"][0]["children"].as_array().unwrap().is_empty() {
            w["nodes"][0]["children"] = json!([]);
            let c = from_json(&w).unwrap();
            assert!(check(&c.root, c.target, &c.tree).is_err());
        }
    }
    // The proof with its root allowed fewer plies than it needs.
    let mut w = proof.clone();
    w["nodes"][0]["remaining"] = json!(0);
    let c = from_json(&w).unwrap();
    assert!(check(&c.root, c.target, &c.tree).is_err());
}

/// Issue 39: `"attacker": "purple"` was accepted, and so was any `to_move`. Every field
/// is read: a value not understood, a field of another name, or a statement the tree
/// contradicts is named by its field; the file as written reads back.
#[test]
fn every_field_is_read_and_a_contradiction_is_refused() {
    let (proof, disproof) = exported();
    for v in [&proof, &disproof] {
        assert!(from_json(v).is_ok());
        // (A2 is White's: White defends.)
        assert_eq!(v["defender"], json!("white"));
    }
    let cases: Vec<(&str, Edit)> = vec![
        ("attacker", Box::new(|v| v["attacker"] = json!("purple"))),
        ("defender", Box::new(|v| v["defender"] = json!("purple"))),
        ("attacker", Box::new(|v| v["attacker"] = json!("white"))),
        ("defender", Box::new(|v| v["defender"] = json!("black"))),
        ("defender", Box::new(|v| v["defender"] = json!(3))),
        ("defender", Box::new(|v| v["defender"] = Value::Null)),
        ("comment", Box::new(|v| v["comment"] = json!("trust me"))),
        ("board.holes", Box::new(|v| v["board"]["holes"] = json!([]))),
        ("setup.red", Box::new(|v| v["setup"]["red"] = json!([]))),
        (
            "nodes[0].verdict",
            Box::new(|v| v["nodes"][0]["verdict"] = json!("dead")),
        ),
        (
            "nodes[0].children[0].weight",
            Box::new(|v| v["nodes"][0]["children"][0]["weight"] = json!(1)),
        ),
        (
            "nodes[0].children[0].sgf",
            Box::new(|v| v["nodes"][0]["children"][0]["sgf"] = json!("zz")),
        ),
        (
            "nodes[0].to_move",
            Box::new(|v| v["nodes"][0]["to_move"] = json!("white")),
        ),
        (
            "nodes[1].to_move",
            Box::new(|v| v["nodes"][1]["to_move"] = json!("black")),
        ),
        (
            "nodes[1].to_move",
            Box::new(|v| v["nodes"][1]["to_move"] = json!("purple")),
        ),
        (
            "nodes[0].children[0]",
            Box::new(|v| v["nodes"][0]["children"][0] = json!("B1")),
        ),
    ];
    for (want, edit) in cases {
        let (field, message) = error_of(&proof, edit);
        assert_eq!(field, want, "{message}");
        assert_eq!(message.lines().count(), 1);
    }
    // The players as written are the line's: the root Black's, its children White's.
    assert_eq!(proof["nodes"][0]["to_move"], json!("black"));
    assert_eq!(proof["nodes"][1]["to_move"], json!("white"));
    // A node reached by lines of both parities: the root as its own child.
    let (field, message) = error_of(&proof, |v| v["nodes"][0]["children"][0]["node"] = json!(0));
    assert_eq!(field, "nodes[0]", "{message}");
    // Absent or null optional statements are fine.
    let mut w = proof.clone();
    let o = w.as_object_mut().unwrap();
    o.remove("attacker");
    o.remove("defender");
    w["nodes"][0]["to_move"] = Value::Null;
    w["nodes"][0]["children"][0]
        .as_object_mut()
        .unwrap()
        .remove("sgf");
    assert!(from_json(&w).is_ok());
}

/// `read_trees` reads a file as it streams by: the trees `from_json` reads from the
/// parsed value, in any order of the fields (`nodes` before `board`), wrapped or bare,
/// each tree's defect its own; a field given twice is refused (the text can say it, a
/// parsed value cannot); text that is not JSON, or JSON that holds no tree, is the
/// file's error.
#[test]
fn a_file_streamed_reads_as_its_value() {
    let (proof, disproof) = exported();
    for v in [&proof, &disproof] {
        let c = from_json(v).unwrap();
        assert_eq!(written(&streamed(v).unwrap()), written(&c));
        assert_eq!(streamed(v).unwrap().tree, c.tree);
        // The fields in reverse order: `nodes` first, `board` and `setup` after it.
        let o = v.as_object().unwrap();
        let fields: Vec<String> = o
            .iter()
            .rev()
            .map(|(k, x)| format!("{}:{x}", Value::String(k.clone())))
            .collect();
        let text = format!("{{{}}}", fields.join(","));
        assert!(text.find("\"nodes\"") < text.find("\"board\""));
        let mut trees = read_trees(text.as_bytes()).unwrap();
        assert_eq!(trees.pop().unwrap().1.unwrap().tree, c.tree);
    }
    // A list, as `tsume solve --tree-out` writes it, with a bare tree, a defect and a
    // value that is no tree among them.
    let mut bad_claim = proof.clone();
    bad_claim["claim"] = json!("seki");
    let file = json!([
        {"to_move": "B", "tree": proof},
        disproof,
        {"to_move": "W", "tree": bad_claim},
        3,
    ]);
    let trees = read_trees(file.to_string().as_bytes()).unwrap();
    let at: Vec<&str> = trees.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(at, ["[0].tree", "[1]", "[2].tree", "[3]"]);
    assert_eq!(
        trees[0].1.as_ref().unwrap().tree,
        from_json(&proof).unwrap().tree
    );
    assert_eq!(
        trees[1].1.as_ref().unwrap().tree,
        from_json(&disproof).unwrap().tree
    );
    assert_eq!(trees[2].1.as_ref().unwrap_err().field, "claim");
    assert!(trees[3].1.is_err());
    // A field given twice, however the two agree.
    let text = proof.to_string();
    let twice = text.replacen(
        "\"claim\":\"dead\"",
        "\"claim\":\"dead\",\"claim\":\"dead\"",
        1,
    );
    assert_ne!(twice, text);
    let mut trees = read_trees(twice.as_bytes()).unwrap();
    assert_eq!(trees.pop().unwrap().1.unwrap_err().field, "claim");
    // The fuzzing harness's hour: `format` given twice, the first wrong, is said to be
    // given twice (not judged by the first, as the value would by the last).
    let twice = text.replacen(
        "\"format\":\"tsume-proof\"",
        "\"format\":\"t\",\"format\":\"tsume-proof\"",
        1,
    );
    assert_ne!(twice, text);
    let e = read_trees(twice.as_bytes())
        .unwrap()
        .pop()
        .unwrap()
        .1
        .unwrap_err();
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        ("format", "given twice")
    );
    // The file's own errors: cut short, and no tree at all.
    let cut = read_trees(&text.as_bytes()[..text.len() / 2]).unwrap_err();
    assert!(
        cut.to_string().starts_with("not JSON (line 1, column"),
        "{cut}"
    );
    let none = read_trees(&b"\"dead\""[..]).unwrap_err();
    assert_eq!(none.to_string(), "neither a tree nor a list of trees");
    assert!(read_trees(&b"[] []"[..]).is_err());
    assert!(read_trees(&b"[]"[..]).unwrap().is_empty());
}

/// The fuzzing harness's hour (issue 39): text that is not JSON as a whole (a lone
/// surrogate, a number out of range) where the stream skips a value (a wrapper's other
/// field, an unknown field, the nodes after a defect) was read streamed. Skipped values
/// are checked as JSON too: the file is refused as the parsed value refuses it.
#[test]
fn a_skipped_value_is_checked_as_json() {
    let (proof, _) = exported();
    let tree = proof.to_string();
    for junk in [r#""\ud800""#, "1e999"] {
        let texts = [
            format!(r#"{{"junk": {junk}, "tree": {tree}}}"#),
            format!(r#"[{{"tree": {tree}, "to_move": {junk}}}]"#),
            format!(r#"{{"comment": {junk}, {}"#, &tree[1..]),
            // The nodes after a defect (nodes[0]'s leaf), skipped: one holds the junk.
            tree.replacen(
                r#""nodes":["#,
                &format!(r#""nodes":[{{"leaf":"eye"}},{{"id":{junk}}},"#),
                1,
            ),
        ];
        for text in &texts {
            assert!(serde_json::from_str::<Value>(text).is_err(), "{text}");
            let e = read_trees(text.as_bytes()).expect_err(text);
            assert!(e.to_string().starts_with("not JSON"), "{e}");
        }
    }
}

/// The first (field, message) of the one tree of `text`, read by `read_trees`, and
/// where it stands in the file.
fn refused(text: &str) -> (String, String, String) {
    let mut trees = read_trees(text.as_bytes()).unwrap();
    assert_eq!(trees.len(), 1, "{text}");
    let (at, tree) = trees.pop().unwrap();
    let e = tree.expect_err(text);
    (at, e.field, e.message)
}

/// Issue 48, class 5: a field given twice was refused only among a tree's top fields;
/// inside nodes, `setup`, `board` and `ko_threats` the last value won (a `setup` with
/// `"black"` twice was read with the second list: a reader keeping the first sees
/// another position). Now a field twice at any depth is refused, named by its path,
/// whether the two values agree or not.
#[test]
fn a_field_given_twice_at_any_depth_is_refused_by_its_path() {
    let (proof, _) = exported();
    let text = proof.to_string();
    // A field of the board, of the setup, of a node and of an edge: each doubled in
    // place, its value the same (`"f":v,"f":v`).
    let cases = [
        (r#""kind":"grid""#, "board.kind"),
        (r#""width":3"#, "board.width"),
        (r#""white":["A2"]"#, "setup.white"),
        (r#""remaining":5"#, "nodes[0].remaining"),
        (r#""id":2"#, "nodes[2].id"),
        (r#""move":"B2""#, "nodes[0].children[0].move"),
        (r#""sgf":"ab""#, "nodes[1].children[1].sgf"),
    ];
    for (pair, path) in cases {
        assert!(text.contains(pair), "{pair} in {text}");
        let doubled = text.replacen(pair, &format!("{pair},{pair}"), 1);
        assert!(serde_json::from_str::<Value>(&doubled).is_ok(), "{doubled}");
        assert_eq!(
            refused(&doubled),
            (String::new(), path.to_string(), "given twice".to_string()),
            "{pair}"
        );
    }
    // The issue's case: `setup.black` twice, the two lists different (the value keeps
    // the last, so from_json alone cannot see it; the file can).
    let mut v = proof.clone();
    v["setup"] = json!({"white": ["A2"]});
    let text = v.to_string().replacen(
        r#""white":["A2"]"#,
        r#""black":["C1"],"white":["A2"],"black":[]"#,
        1,
    );
    assert_eq!(
        refused(&text),
        (String::new(), "setup.black".into(), "given twice".into())
    );
    // In `ko_threats`, and an unknown field there too.
    let mut v = proof.clone();
    v["ko_rule"] = json!("basic");
    v["ko_threats"] = json!({"black": 1, "white": 0});
    assert!(from_json(&v).is_ok());
    let text = v.to_string();
    let twice = text.replacen(r#""black":1"#, r#""black":1,"black":0"#, 1);
    assert_eq!(
        refused(&twice),
        (
            String::new(),
            "ko_threats.black".into(),
            "given twice".into()
        )
    );
    let (field, message) = error_of(&v, |v| v["ko_threats"]["blue"] = json!(1));
    assert_eq!(field, "ko_threats.blue");
    assert!(message.starts_with("not a field"), "{message}");
}

/// Issue 48, class 5: the wrapper `{"to_move": …, "tree": …}` that `tsume solve
/// --tree-out` writes accepted unknown fields, a field twice, and a `to_move` that is not
/// its tree's. Each is refused, named from the wrapper (`to_move`, `[0].comment`).
#[test]
fn a_wrapper_is_read_as_strictly_as_its_tree() {
    let (proof, _) = exported();
    let tree = proof.to_string();
    // The tree has Black to move: "B" is read, and wrapped in a list too.
    let good = format!(r#"{{"to_move":"B","tree":{tree}}}"#);
    let mut trees = read_trees(good.as_bytes()).unwrap();
    let (at, read) = trees.pop().unwrap();
    assert_eq!(at, ".tree");
    assert_eq!(read.unwrap().tree, from_json(&proof).unwrap().tree);
    let cases = [
        (
            format!(r#"{{"to_move":"W","tree":{tree}}}"#),
            "",
            "to_move",
            "\"W\", but its tree has black to move",
        ),
        (
            format!(r#"[{{"to_move":"B","tree":{tree},"comment":"x"}}]"#),
            "[0]",
            "comment",
            "not a field of a wrapped tree (known: to_move, tree)",
        ),
        (
            format!(r#"{{"to_move":"B","to_move":"B","tree":{tree}}}"#),
            "",
            "to_move",
            "given twice",
        ),
        (
            format!(r#"{{"tree":{tree},"to_move":"B","tree":{tree}}}"#),
            "",
            "tree",
            "given twice",
        ),
        (
            format!(r#"{{"to_move":"black","tree":{tree}}}"#),
            "",
            "to_move",
            "\"black\" is not \"B\" or \"W\"",
        ),
        (
            format!(r#"{{"to_move":["B"],"tree":{tree}}}"#),
            "",
            "to_move",
            "[\"B\"] is not \"B\" or \"W\"",
        ),
        (
            format!(r#"{{"tree":{tree}}}"#),
            "",
            "to_move",
            "missing (a wrapped tree is {\"to_move\": \"B\" or \"W\", \"tree\": …})",
        ),
    ];
    for (text, at, field, message) in cases {
        assert_eq!(
            refused(&text),
            (at.to_string(), field.to_string(), message.to_string()),
            "{text}"
        );
    }
    // A defect of the tree inside is the tree's, named from it.
    let twice = tree.replacen(r#""kind":"grid""#, r#""kind":"grid","kind":"grid""#, 1);
    assert_eq!(
        refused(&format!(r#"{{"to_move":"B","tree":{twice}}}"#)),
        (".tree".into(), "board.kind".into(), "given twice".into())
    );
}
