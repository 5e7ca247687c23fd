#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use tsume_board::{Color, Point};

fn load(text: &str) -> Result<Problem, LoadError> {
    parse_sgf_problem(text, "t.sgf", &LoadOptions::default())
}

fn load_with(text: &str, opts: LoadOptions) -> Result<Problem, LoadError> {
    parse_sgf_problem(text, "t.sgf", &opts)
}

fn pt(p: &Problem, name: &str) -> Point {
    p.full().board().parse_point(name).unwrap()
}

/// A white corner group (two eyes at aa and ca) walled in by one black group.
const CORNER: &str = "(;GM[1]FF[4]SZ[9]PL[B]
AW[ba][da][ab][bb][cb][db]
AB[ea][eb][ac][bc][cc][dc][ec])";

#[test]
fn size_square_rectangular_and_line() {
    let p = load("(;SZ[7]AB[aa]AW[ba])").unwrap();
    let g = p.full().board().grid_info().unwrap();
    assert_eq!((g.width, g.height), (7, 7));
    let p = load("(;SZ[7:5]AB[ge]AW[fe])").unwrap();
    let g = p.full().board().grid_info().unwrap();
    assert_eq!((g.width, g.height), (7, 5));
    assert_eq!(p.full().color(pt(&p, "ge")), Some(Color::Black));
    let p = load("(;SZ[9:1]AB[aa][ba]AW[da][ea])").unwrap();
    let g = p.full().board().grid_info().unwrap();
    assert_eq!((g.width, g.height), (9, 1));
    assert_eq!(p.full().board().len(), 9);
    let p = load("(;AB[aa]AW[ba])").unwrap();
    assert_eq!(p.full().board().len(), 361, "default SZ is 19");
}

#[test]
fn setup_pl_and_root_sequence_moves_with_phi() {
    // White's stone at aa is captured by B[ab]; the variation is not applied.
    let t = "(;SZ[5]AB[ba]AW[aa][dd];B[ab](;W[cc])(;W[ee]))";
    let p = load(t).unwrap();
    assert_eq!(p.full().color(pt(&p, "aa")), None, "captured by φ");
    assert_eq!(p.full().color(pt(&p, "ab")), Some(Color::Black));
    assert_eq!(
        p.full().color(pt(&p, "cc")),
        None,
        "variations are solutions"
    );
    assert_eq!(p.to_move_given(), Some(Color::White));
    assert_eq!(p.full().to_move(), Color::White);
    // PL after the moves wins; the option wins over both.
    let t = "(;SZ[5]AB[ba]AW[aa][dd];B[ab];PL[B])";
    assert_eq!(load(t).unwrap().full().to_move(), Color::Black);
    let o = LoadOptions {
        to_move: Some(Color::White),
        ..LoadOptions::default()
    };
    assert_eq!(load_with(t, o).unwrap().full.to_move(), Color::White);
    // AE removes, tt is a pass.
    let t = "(;SZ[5]AB[ba][cc]AW[dd];AE[cc];B[tt])";
    let p = load(t).unwrap();
    assert_eq!(p.full().color(pt(&p, "cc")), None);
    assert_eq!(p.full().to_move(), Color::White);
    // A suicide in the record is a pass (φ).
    let t = "(;SZ[3]AB[ba][ab]AW[cc];W[aa])";
    let p = load(t).unwrap();
    assert_eq!(p.full().color(pt(&p, "aa")), None);
    assert_eq!(p.full().to_move(), Color::Black);
}

#[test]
fn several_game_trees_by_index() {
    let t = "(;SZ[5]AB[aa]AW[ba])(;SZ[7]AB[cc]AW[dc])";
    let o = LoadOptions {
        index: 1,
        ..LoadOptions::default()
    };
    let p = load_with(t, o).unwrap();
    assert_eq!(p.full().board().len(), 49);
    let o = LoadOptions {
        index: 2,
        ..LoadOptions::default()
    };
    let e = load_with(t, o).unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::NoSuchTree { index: 2, count: 2 });
    // Each knows which game tree it is and says that there are others.
    assert_eq!((p.game_tree(), p.game_trees()), (1, 2));
    assert_eq!(p.label(), format!("{}, game tree 1", p.file()));
    assert!(
        p.notes()[0].contains("holds 2 game trees"),
        "{:?}",
        p.notes()
    );
    let first = load_with(t, LoadOptions::default()).unwrap();
    assert_eq!((first.game_tree(), first.game_trees()), (0, 2));
    // A fault inside one game tree of several names it; a file of one tree does not.
    let bad = "(;SZ[5]AB[aa]AW[ba])(;SZ[5]AB[zz])";
    let o = LoadOptions {
        index: 1,
        ..LoadOptions::default()
    };
    let e = load_with(bad, o).unwrap_err();
    assert!(e.file.ends_with(", game tree 1"), "{e}");
    let e = load_with("(;SZ[5]AB[zz])", LoadOptions::default()).unwrap_err();
    assert!(!e.file.contains("game tree"), "{e}");
    let one = load_with("(;SZ[5]AB[aa]AW[ba])", LoadOptions::default()).unwrap();
    assert_eq!((one.game_tree(), one.game_trees()), (0, 1));
    assert_eq!(one.label(), one.file());
    // Graph text is told from SGF by its first line that is not a comment.
    assert!(crate::is_graph_text(
        "# a 3-SAT instance\n\ntsume-graph 1\n"
    ));
    assert!(!crate::is_graph_text("(;GM[1]C[#\ntsume-graph])"));
    assert!(!crate::is_graph_text(t));
    // Counting the trees, and loading them all from one parse, as `--index all` does:
    // each the same as loading it on its own.
    let set = format!("{t}\n{bad}");
    assert!(crate::SgfText::parse("(;SZ[5]AB[aa]", "x.sgf").is_err());
    let parsed = crate::SgfText::parse(&set, "set.sgf").unwrap();
    assert_eq!(parsed.game_trees(), 4);
    let all: Vec<_> = (0..4)
        .map(|index| {
            parsed.problem(&LoadOptions {
                index,
                ..LoadOptions::default()
            })
        })
        .collect();
    for (index, got) in all.iter().enumerate() {
        let o = LoadOptions {
            index,
            ..LoadOptions::default()
        };
        let own = crate::parse_sgf_problem(&set, "set.sgf", &o);
        assert_eq!(
            parsed.solution_tree(index),
            crate::parse_solution_tree(&set, "set.sgf", index)
        );
        match (got, &own) {
            (Ok(a), Ok(b)) => {
                assert_eq!((a.game_tree(), a.game_trees()), (index, 4));
                assert_eq!(a.file(), "set.sgf");
                assert_eq!(a.label(), b.label());
                assert_eq!(a.notes(), b.notes());
                assert_eq!(a.region(), b.region());
                assert_eq!(a.target_full(), b.target_full());
                for (x, y) in [(a.full(), b.full()), (a.position(), b.position())] {
                    assert_eq!(x.board().len(), y.board().len(), "game tree {index}");
                    assert_eq!(x.configuration(), y.configuration(), "game tree {index}");
                    assert_eq!(x.to_move(), y.to_move(), "game tree {index}");
                }
            }
            (Err(a), Err(b)) => assert_eq!(a, b),
            _ => panic!("game tree {index}: {got:?} against {own:?}"),
        }
    }
    assert!(all[3]
        .as_ref()
        .is_err_and(|e| e.file == "set.sgf, game tree 3"));
    // A bad option names the game tree too.
    let o = LoadOptions {
        index: 1,
        target: Some("zz".into()),
        ..LoadOptions::default()
    };
    assert!(parsed
        .problem(&o)
        .is_err_and(|e| e.file == "set.sgf, game tree 1"));
}

type KindCheck = fn(&LoadErrorKind) -> bool;

#[test]
fn errors_are_one_line_naming_the_file() {
    let cases: Vec<(&str, KindCheck)> = vec![
        (
            "(;GM[2]SZ[9])",
            |k| matches!(k, LoadErrorKind::NotGo(g) if g == "2"),
        ),
        ("(;SZ[53]AB[aa])", |k| {
            matches!(k, LoadErrorKind::BoardTooLarge(_))
        }),
        ("(;SZ[300]AB[aa])", |k| {
            matches!(k, LoadErrorKind::BoardTooLarge(_))
        }),
        ("(;SZ[0]AB[aa])", |k| matches!(k, LoadErrorKind::BadSize(_))),
        ("(;SZ[nine]AB[aa])", |k| {
            matches!(k, LoadErrorKind::BadSize(_))
        }),
        (
            "(;SZ[9]AB[aa][jj]AW[bb])",
            |k| matches!(k, LoadErrorKind::OffBoard { point, .. } if point == "jj"),
        ),
        (
            "(;SZ[9]AB[aa]AW[bb];W[zz])",
            |k| matches!(k, LoadErrorKind::OffBoard { prop, .. } if prop == "W"),
        ),
        ("(;SZ[9]AB[aa][cc]AW[cc])", |k| {
            matches!(k, LoadErrorKind::BothColors(_))
        }),
        (
            "(;SZ[9]AB[a1]AW[cc])",
            |k| matches!(k, LoadErrorKind::BadValue { prop, .. } if prop == "AB"),
        ),
        ("(;SZ[9]AB[aa]\nAW[bb", |k| {
            matches!(k, LoadErrorKind::Unbalanced(_))
        }),
        ("(;SZ[9]AB[aa]AW[bb]", |k| {
            matches!(k, LoadErrorKind::Unbalanced(_))
        }),
        ("(;SZ[9]AB[aa]AW[bb]))", |k| {
            matches!(k, LoadErrorKind::Unbalanced(_))
        }),
        ("(;SZ[9]AB[aa]AW[ba][ab])", |k| {
            matches!(k, LoadErrorKind::Illegal(_))
        }),
        (
            "(;SZ[9]AB[aa][ee]TR[aa][ee]AW[cc])",
            |k| matches!(k, LoadErrorKind::SeveralMarked { groups: 2, stones, .. } if stones == &["A9", "E5"]),
        ),
        ("(;SZ[9]PL[B])", |k| matches!(k, LoadErrorKind::NoTarget(_))),
    ];
    for (text, want) in cases {
        let e = load(text).unwrap_err();
        assert!(want(&e.kind), "{text}: got {:?}", e.kind);
        let line = e.to_string();
        assert!(line.starts_with("t.sgf: "), "{line}");
        assert!(!line.contains('\n'), "{line}");
    }
}

#[test]
fn target_option_gtp_or_sgf_and_its_errors() {
    let o = |t: &str| LoadOptions {
        target: Some(t.to_string()),
        ..LoadOptions::default()
    };
    // GTP C3 on a 5x5 board is column c, row 5-3 = 2 (from the top): cc.
    let t = "(;SZ[5]AB[cc]AW[dc])";
    let p = load_with(t, o("C3")).unwrap();
    assert_eq!(p.target_full(), pt(&p, "cc"));
    assert_eq!(p.target_source(), &TargetSource::Option);
    let p = load_with(t, o("dc")).unwrap();
    assert_eq!(p.full().color(p.target_full()), Some(Color::White));
    let e = load_with(t, o("A1")).unwrap_err();
    assert!(matches!(e.kind, LoadErrorKind::TargetEmpty(_)), "{e}");
    let e = load_with(t, o("Z99")).unwrap_err();
    assert!(matches!(e.kind, LoadErrorKind::BadTarget(_)), "{e}");
    let e = load_with(t, o("??")).unwrap_err();
    assert!(matches!(e.kind, LoadErrorKind::BadTarget(_)), "{e}");
}

#[test]
fn target_from_marks_in_order_of_preference() {
    // CR marks one group, TR another: TR wins. MA on an empty point is ignored.
    let t = "(;SZ[7]AB[aa][gg]AW[ba][fg]CR[aa]TR[fg]MA[dd])";
    let p = load(t).unwrap();
    assert_eq!(p.target_full(), pt(&p, "fg"));
    assert_eq!(p.target_source(), &TargetSource::Mark);
    let t = "(;SZ[7]AB[aa][gg]AW[ba][fg]SQ[gg])";
    assert_eq!(load(t).unwrap().target_full, pt(&load(t).unwrap(), "gg"));
}

#[test]
fn target_inferred_largest_group_of_the_defender() {
    // White's stones are the enclosed ones here (fewer of their liberties open onto
    // the open board): White defends. White has a 1-stone group in the corner and a
    // 2-stone group: the larger one is the target.
    let t = "(;SZ[9]PL[B]AW[aa][ee][fe]AB[ba][ii])";
    let p = load(t).unwrap();
    assert_eq!(p.full().group_size(p.target_full()), 2);
    assert_eq!(p.full().color(p.target_full()), Some(Color::White));
    match &p.target_source() {
        TargetSource::Inferred(why) => assert!(why.contains("largest"), "{why}"),
        s => panic!("{s:?}"),
    }
    // Ties on size: fewer liberties (the corner pair aa-ab has 2, ee-fe has 6).
    let t = "(;SZ[9]PL[B]AW[aa][ab][ee][fe]AB[ba][bb][ii])";
    let p = load(t).unwrap();
    assert_eq!(p.target_full(), pt(&p, "aa"));
    // A larger group that is unconditionally alive (two eyes, Benson) is passed over.
    let t = "(;SZ[9]PL[B]AW[ba][da][ab][bb][cb][db][ea][eb][ff]AB[fa][fb][ec][dc][cc][bc][ac])";
    let p = load(t).unwrap();
    assert_eq!(p.target_full(), pt(&p, "ff"));
    // A corner problem of a larger board: the colour nearer the edge defends (here
    // Black, on the first line), whoever moves.
    for pl in ["", "PL[B]", "PL[W]"] {
        let t = format!("(;SZ[9]{pl}AB[aa][ba][cc]AW[dd][ee])");
        let p = load(&t).unwrap();
        assert_eq!(p.full().color(p.target_full()), Some(Color::Black), "{pl}");
        assert_eq!(p.target_full(), pt(&p, "aa"));
    }
}

#[test]
fn the_defender_is_the_enclosed_colour_whoever_moves() {
    // The white corner group walled in by Black, on a 9×9 board (a local problem: the
    // stones' box is under half the board, and White's stones lie nearer the edges):
    // White to live or Black to kill, White's group is the target.
    for pl in ["PL[B]", "PL[W]"] {
        let t = CORNER.replace("PL[B]", pl);
        let p = load(&t).unwrap();
        assert_eq!(p.full().color(p.target_full()), Some(Color::White), "{pl}");
        match &p.target_source() {
            TargetSource::Inferred(why) => assert!(why.contains("white defends"), "{why}"),
            s => panic!("{s:?}"),
        }
    }
    // A corner of a 19×19 board, as problem sites draw it: White in the corner, Black's
    // wall outside; "Black to play" (Black attacks) and "White to play" (White lives).
    let corner = "SZ[19]AW[ba][ca][da][ab][bb][cb][db]AB[ea][eb][ac][bc][cc][dc][ec][fb]";
    for pl in ["PL[B]", "PL[W]"] {
        let p = load(&format!("(;{corner}{pl})")).unwrap();
        assert_eq!(p.full().color(p.target_full()), Some(Color::White), "{pl}");
        assert_eq!(
            p.full().group_id(p.target_full()),
            p.full().group_id(pt(&p, "ba"))
        );
    }
    // Stones of one colour only: that colour, whoever moves.
    for pl in ["PL[B]", "PL[W]", ""] {
        let p = load(&format!("(;SZ[9]{pl}AB[ee])")).unwrap();
        assert_eq!(p.full().color(p.target_full()), Some(Color::Black), "{pl}");
    }
    // A full board with nothing to tell the colours apart: the colour not to move.
    let p = load("(;SZ[3]PL[W]AB[aa]AW[cc])").unwrap();
    assert_eq!(p.full().color(p.target_full()), Some(Color::Black));
}

#[test]
fn the_defender_a_file_states() {
    use crate::target::stated_defender;
    let d = |t: &str| stated_defender(t).map(|(c, _)| c);
    assert_eq!(d("Black to live"), Some(Color::Black));
    assert_eq!(d("White to play and kill."), Some(Color::Black));
    assert_eq!(d("Problem 12: WHITE LIVES"), Some(Color::White));
    assert_eq!(d("Black to capture"), Some(Color::White));
    assert_eq!(d("Black to play: Elementary"), None);
    assert_eq!(d("Black A7 kills"), None);
    assert_eq!(d("White to move and kill"), Some(Color::Black));
    assert_eq!(d("Black plays first and lives"), Some(Color::Black));
    assert_eq!(
        d("White to play. Black lives if it gets A1"),
        Some(Color::Black)
    );
    assert_eq!(d("tsume: status=dead; black to kill"), None);
    assert_eq!(d("intro\nWhite to save the corner"), Some(Color::White));
    // It outranks the stones: the same corner, said the other way round.
    let corner = "SZ[19]AW[ba][ca][da][ab][bb][cb][db]AB[ea][eb][ac][bc][cc][dc][ec][fb]";
    let p = load(&format!("(;{corner}PL[W]GN[White to kill])")).unwrap();
    assert_eq!(p.full().color(p.target_full()), Some(Color::Black));
    match &p.target_source() {
        TargetSource::Inferred(why) => assert!(why.contains("white to kill"), "{why}"),
        s => panic!("{s:?}"),
    }
}

#[test]
fn region_auto_on_an_enclosed_corner() {
    let p = load(CORNER).unwrap();
    // Inferred: Black moves, the single white group is the target.
    assert_eq!(p.full().color(p.target_full()), Some(Color::White));
    assert_eq!((p.defender(), p.attacker()), (Color::White, Color::Black));
    assert_eq!(p.full().group_size(p.target_full()), 6);
    // In play: 6 white stones, aa and ca, the 7 black wall stones; +2 virtual eyes.
    assert_eq!(p.region().len(), 15);
    assert!(p.region().contains(&pt(&p, "aa")) && p.region().contains(&pt(&p, "ca")));
    assert!(!p.region().contains(&pt(&p, "fa")) && !p.region().contains(&pt(&p, "ad")));
    assert_eq!(p.position().board().len(), 18);
    assert_eq!(p.virtual_eyes().len(), 2);
    // The eyes touch the virtual black stone `outside` only, which is joined to the
    // wall: the wall has 2 liberties, both eyes.
    let (e1, s) = p.virtual_eyes()[0];
    assert_eq!(Some(s), p.outside());
    assert_eq!(p.position().board().neighbors(e1), &[s]);
    assert_eq!(p.position().color(s), Some(Color::Black));
    assert_eq!(p.position().liberty_count(s), 2);
    assert_eq!(p.to_full(e1), None);
    assert_eq!(p.to_full(s), None);
    let wall = p.outside_walls()[0];
    assert_eq!(p.outside_walls().len(), 1);
    assert_eq!(p.position().group_id(wall), p.position().group_id(s));
    assert_eq!(p.position().group_size(wall), 8);
    // The map and the target agree.
    assert_eq!(p.to_full(p.target()), Some(p.target_full()));
    for q in p.position().board().points() {
        if let Some(f) = p.to_full(q) {
            assert_eq!(p.position().color(q), p.full().color(f));
            assert_eq!(p.from_full(f), Some(q));
        }
    }
    assert_eq!(p.position().liberty_count(p.target()), 2);
    assert_eq!(p.position().to_move(), Color::Black);
    let d = p.region_diagram();
    assert!(
        d.contains('@') && d.contains('-') && d.contains("virtual wall"),
        "{d}"
    );
    assert!(!p.notes().is_empty());
}

/// Stones within columns a-f, rows 1-5 from the top; the wall is not closed.
const OPEN_CORNER: &str = "(;GM[1]SZ[19]PL[B]AB[eb][fb][bc][cc][dc][be]AW[da][ab][bb][cb][db])";

#[test]
fn region_grown_on_an_open_corner_is_the_grown_box() {
    // An open corner (stones within columns a-f, rows 1-5 from the top): the box grown
    // by one line is 7 columns by 6 rows; the wall is not closed, so all of it is in play.
    let t = OPEN_CORNER;
    let o = LoadOptions {
        region: RegionSpec::Grown,
        no_frame: true,
        ..LoadOptions::default()
    };
    let p = load_with(t, o).unwrap();
    assert_eq!(p.region().len(), 7 * 6);
    assert!(p.virtual_eyes().is_empty());
    assert_eq!(p.position().board().len(), 42);
    let gp = p.position().board().parse_point("G19").unwrap();
    assert_eq!(p.to_full(gp), Some(pt(&p, "ga")));
    assert!(p
        .region()
        .iter()
        .all(|&q| p.full().board().xy(q).unwrap().0 <= 6));
}

#[test]
fn region_auto_whole_small_board_keeps_the_grid() {
    let t = "(;SZ[5]PL[B]AB[ab][bb][cb][cc][cd][ce]AW[aa][ba][ca][da][dc][db][dd][ee])";
    let p = load(t).unwrap();
    assert!(p.position().board().grid_info().is_some() || !p.virtual_eyes().is_empty());
    let t = "(;SZ[4]PL[B]AB[aa][bb]AW[dd][cd])";
    let p = load(t).unwrap();
    assert_eq!(p.region().len(), 16);
    assert!(p.position().board().grid_info().is_some());
    assert_eq!(p.map()[5], Some(Point::from_index(5)));
}

#[test]
fn region_board_and_points() {
    let o = LoadOptions {
        region: RegionSpec::Board,
        ..LoadOptions::default()
    };
    let p = load_with(CORNER, o).unwrap();
    assert_eq!(p.region().len(), 81);
    assert!(p.virtual_eyes().is_empty());
    assert_eq!(p.position(), p.full());

    // The corner by points: listing one wall stone brings its whole group.
    let list: Vec<String> = ["aa", "ba", "ca", "da", "ab", "bb", "cb", "db", "ea"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let o = LoadOptions {
        region: RegionSpec::Points(list),
        ..LoadOptions::default()
    };
    let p = load_with(CORNER, o).unwrap();
    assert_eq!(p.region().len(), 15);
    assert_eq!(p.virtual_eyes().len(), 2);

    let o = LoadOptions {
        region: RegionSpec::Points(vec!["E5".into(), "F5".into()]),
        ..LoadOptions::default()
    };
    let e = load_with(CORNER, o).unwrap_err();
    assert!(matches!(e.kind, LoadErrorKind::BadRegion(_)), "{e}");
    assert!(e.to_string().contains("not in the region"), "{e}");
    let o = LoadOptions {
        region: RegionSpec::Points(vec!["Q99".into()]),
        ..LoadOptions::default()
    };
    assert!(matches!(
        load_with(CORNER, o).unwrap_err().kind,
        LoadErrorKind::BadRegion(_)
    ));
    // A region cutting a white group off from all its liberties is refused.
    let o = LoadOptions {
        target: Some("ab".into()),
        region: RegionSpec::Points(vec!["ab".into(), "ac".into()]),
        ..LoadOptions::default()
    };
    let e = load_with(CORNER, o).unwrap_err();
    assert!(e.to_string().contains("no liberties"), "{e}");
}

#[test]
fn comments_and_expected_answer() {
    let t = "(;SZ[5]GC[tsume: status=dead; to_move=B]C[Straight three.]AB[aa]AW[ba])";
    let p = load(t).unwrap();
    assert_eq!(p.comment(), Some("Straight three."));
    assert_eq!(p.expected(), Some("tsume: status=dead; to_move=B"));
}

#[test]
fn graph_files() {
    let g = "tsume-graph 1\npoint a b c d\nedges b: a c\nedge c d\nblack a\nwhite c\ntarget c\nto-move B\n";
    let p = parse_graph_problem(g, "t.graph", &LoadOptions::default()).unwrap();
    assert_eq!(p.target_source(), &TargetSource::Mark);
    assert_eq!(p.position().board().name(p.target()), "c");
    assert_eq!(p.full().to_move(), Color::Black);
    assert_eq!(p.region().len(), 4);
    assert!(p.region_diagram().contains('@'));
    // Through load_problem, by extension and by content.
    let dir = std::env::temp_dir().join(format!("tsume-sgf-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("x.graph");
    std::fs::write(&f, g.replace("tsume-graph 1\n", "")).unwrap();
    let p = load_problem(&f, &LoadOptions::default()).unwrap();
    assert_eq!(p.region().len(), 4);
    let f2 = dir.join("x.txt");
    std::fs::write(&f2, g).unwrap();
    assert!(load_problem(&f2, &LoadOptions::default()).is_ok());
    let f3 = dir.join("bad.sgf");
    std::fs::write(&f3, "(;SZ[9]AB[aa]AW[ba]").unwrap();
    let e = load_problem(&f3, &LoadOptions::default()).unwrap_err();
    assert!(e.to_string().contains("bad.sgf"), "{e}");
    let e = load_problem(&dir.join("missing.sgf"), &LoadOptions::default()).unwrap_err();
    assert!(matches!(e.kind, LoadErrorKind::Io(_)));
    std::fs::remove_dir_all(&dir).unwrap();
    // Target on an empty point and a bad graph.
    let g2 = g.replace("target c", "target d");
    let e = parse_graph_problem(&g2, "t.graph", &LoadOptions::default()).unwrap_err();
    assert!(matches!(e.kind, LoadErrorKind::TargetEmpty(_)), "{e}");
    let e =
        parse_graph_problem("point a\nedge a z\n", "t.graph", &LoadOptions::default()).unwrap_err();
    assert!(matches!(e.kind, LoadErrorKind::Graph(_)), "{e}");
}

#[test]
fn region_auto_takes_in_enclosed_pockets() {
    // . = the white corner's eye; ea-fa = a two-point eye of the black wall, which the
    // fill from the target never reaches; row 4 and below are outside.
    //   O . O X . . X
    //   O O O X X X X
    //   X X X X . . .
    let t = "(;SZ[7]PL[B]AW[aa][ca][ab][bb][cb]AB[da][ga][db][eb][fb][gb][ac][bc][cc][dc])";
    let keep = LoadOptions {
        keep_sealed: true,
        no_marked_region: false,
        ..LoadOptions::default()
    };
    let p = load_with(t, keep).unwrap();
    assert!(p.region().contains(&pt(&p, "ea")) && p.region().contains(&pt(&p, "fa")));
    assert!(!p.region().contains(&pt(&p, "ec")) && !p.region().contains(&pt(&p, "ad")));
    assert_eq!(
        p.virtual_eyes().len(),
        2,
        "the wall still touches the outside"
    );
    let wall = p.from_full(pt(&p, "da")).unwrap();
    assert_eq!(
        p.position().liberty_count(wall),
        4,
        "ea, fa and two virtual eyes"
    );
    // By default the pocket is left out again: the wall is joined to the outside, so
    // nothing played in its eye can reach the target (tsume-area's docs, "Sealed-off points").
    let s = load(t).unwrap();
    assert!(!s.region().contains(&pt(&s, "ea")) && !s.region().contains(&pt(&s, "fa")));
    assert_eq!(s.region().len(), p.region().len() - 2);
    assert!(s
        .notes
        .iter()
        .any(|n| n.starts_with("2 points of the area left out")));
    let wall = s.from_full(pt(&s, "da")).unwrap();
    assert_eq!(s.position().liberty_count(wall), 2, "the two virtual eyes");
    // The rest is the same area: the target's eye and the wall next to it.
    assert!(s.region().contains(&pt(&s, "ba")) && s.region().contains(&pt(&s, "dc")));
    assert!(!p.notes().iter().any(|n| n.contains("left out")));
}

#[test]
fn region_auto_on_a_small_board_leaves_the_outside_out() {
    // Stones reach every edge of the 7x6 board, so the grown box is the whole board:
    // the outside (column G and row 1) is the largest pocket and stays out, while the
    // black wall gets virtual eyes.
    let t = "(;SZ[7:6]PL[B]AW[aa][ba][da][ea][ab][eb][ac][bc][dc][ec][bd][cd][dd]
AB[fa][fb][fc][ad][ed][fd][ae][be][ce][de][ee])";
    let p = load(t).unwrap();
    assert_eq!(p.region().len(), 13 + 5 + 11);
    assert_eq!(p.virtual_eyes().len(), 2);
    assert!(!p.region().contains(&pt(&p, "ga")) && !p.region().contains(&pt(&p, "af")));
}

#[test]
fn expected_answers_parse() {
    let e = parse_expected("tsume: status=unsettled; to_move=W; kill=B7|C7; live=B7; target=B6")
        .unwrap();
    assert_eq!(e.status, ExpectedStatus::Unsettled);
    assert_eq!(e.to_move, Some(Color::White));
    assert_eq!(e.kill, vec!["B7".to_string(), "C7".to_string()]);
    assert_eq!(e.live, vec!["B7".to_string()]);
    assert_eq!(e.target.as_deref(), Some("B6"));
    assert_eq!(
        parse_expected("status=dead"),
        None,
        "needs the tsume: prefix"
    );
    assert_eq!(parse_expected("tsume: status=maybe"), None);
    assert_eq!(
        parse_expected("tsume: to_move=B"),
        None,
        "status is required"
    );
}

/// Every file of `problems/` loads with the default options, states its answer in the
/// documented format, and its mark, `PL` and `GC` agree.
#[test]
fn problem_collection_is_well_formed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../problems");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    assert!(files.len() >= 40, "{} problems", files.len());
    let mut statuses = [0usize; 3];
    for f in &files {
        let p = load_problem(f, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let name = f.display();
        let e = parse_expected(p.expected().unwrap_or(""))
            .unwrap_or_else(|| panic!("{name}: no tsume: answer in GC"));
        statuses[e.status as usize] += 1;
        assert_eq!(p.target_source(), &TargetSource::Mark, "{name}");
        let board = p.full().board();
        assert_eq!(
            e.target.as_deref(),
            Some(board.gtp(p.target_full()).as_str()),
            "{name}"
        );
        assert_eq!(e.to_move, p.to_move_given(), "{name}: GC to_move vs PL");
        assert!(p.comment().is_some_and(|c| c.len() > 40), "{name}");
        for m in e.kill.iter().chain(&e.live) {
            let q = board
                .parse_point(m)
                .unwrap_or_else(|err| panic!("{name}: {err}"));
            assert_eq!(p.full().color(q), None, "{name}: {m} is not empty");
            assert!(p.from_full(q).is_some(), "{name}: {m} is not in play");
        }
        if e.status == ExpectedStatus::Unsettled {
            assert!(!e.kill.is_empty() && !e.live.is_empty(), "{name}");
        }
        assert!(p.position().liberty_count(p.target()) >= 1, "{name}");
    }
    assert!(statuses.iter().all(|&n| n >= 5), "{statuses:?}");
}

/// Bad input never panics: every truncation of a problem file, and the file with each
/// structural character replaced, loads or fails with a one-line error.
#[test]
fn mangled_files_never_panic() {
    let text = CORNER.to_string() + "(;GM[1]SZ[5:3]AB[aa]AW[ba];B[ca](;W[cb]))";
    let check = |t: &str| match load(t) {
        Ok(p) => assert!(p.position().liberty_count(p.target()) >= 1),
        Err(e) => assert!(!e.to_string().contains('\n')),
    };
    for (i, _) in text.char_indices() {
        check(&text[..i]);
    }
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let chars: Vec<char> = text.chars().collect();
    let swaps = ['(', ')', '[', ']', ';', 'z', 'A', '\\', ':', '5', '0'];
    for i in 0..chars.len() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mut m = chars.clone();
        m[i] = swaps[(seed % swaps.len() as u64) as usize];
        check(&m.iter().collect::<String>());
    }
}

#[test]
fn region_tight_snaps_to_near_edges_only() {
    // Cho-like open corner: no stone on column a, the outer stones on column f and row 6.
    let t =
        "(;SZ[19]PL[B]AB[cb][bc][cc][cd][dd][ed][be]AW[ca][bb][db][dc][fc][fd][de][fe][bf][cf])";
    let o = LoadOptions {
        target: Some("cb".into()),
        region: RegionSpec::Tight,
        ..LoadOptions::default()
    };
    let p = load_with(t, o).unwrap();
    // Columns a-f (a snapped in: b is within two lines of the edge), rows 1-6 from the top.
    assert!(p.region().contains(&pt(&p, "ab")) && p.region().contains(&pt(&p, "aa")));
    assert!(p.region().iter().all(|&q| {
        let (x, y) = p.full().board().xy(q).unwrap();
        x <= 5 && y <= 5
    }));
    assert!(
        !p.virtual_eyes().is_empty(),
        "white stones on the box side are walls"
    );
    // The same file with Grown: the box is grown by one line (column g, row 7 in play).
    let o = LoadOptions {
        target: Some("cb".into()),
        region: RegionSpec::Grown,
        ..LoadOptions::default()
    };
    let q = load_with(t, o).unwrap();
    assert!(q.region().contains(&pt(&q, "ga")) && q.region().len() > p.region().len());
}

/// The outside's virtual wall: every empty point of the area with a neighbour on the
/// board outside the area (the frame) and one stone of each attacker group touching the
/// outside touch one virtual attacker stone, which has two eyes of its own and nothing
/// else: Benson-alive, and no point of the area loses or gains anything else.
#[test]
fn the_outside_touches_exactly_the_cut_off_empty_points_and_one_stone_of_each_wall() {
    for region in [RegionSpec::Auto, RegionSpec::Grown, RegionSpec::Tight] {
        let o = LoadOptions {
            region: region.clone(),
            ..LoadOptions::default()
        };
        let p = load_with(OPEN_CORNER, o).unwrap();
        let bare = load_with(
            OPEN_CORNER,
            LoadOptions {
                region: region.clone(),
                no_frame: true,
                ..LoadOptions::default()
            },
        )
        .unwrap();
        assert_eq!(p.region(), bare.region(), "{region:?}");
        let b = p.position().board();
        let outside = b.parse_point("outside").unwrap();
        assert_eq!(p.outside(), Some(outside));
        assert_eq!(p.position().color(outside), Some(p.attacker()));
        assert_eq!(p.to_full(outside), None);
        let in_area: std::collections::HashSet<Point> = p.region().iter().copied().collect();
        let mut cut_off = 0;
        let mut walls = std::collections::HashSet::new();
        for q in b.points() {
            let Some(f) = p.to_full(q) else { continue };
            let touches = b.neighbors(q).contains(&outside);
            let out_of_area = p
                .full
                .board()
                .neighbors(f)
                .iter()
                .any(|y| !in_area.contains(y));
            match p.full().color(f) {
                None => {
                    assert_eq!(touches, out_of_area, "{region:?} {}", b.name(q));
                    cut_off += usize::from(out_of_area);
                }
                Some(c) if c == p.defender() => assert!(!touches, "{}", b.name(q)),
                Some(_) => {
                    // One stone of each attacker group that touches the outside.
                    assert_eq!(touches, p.outside_walls().contains(&q), "{}", b.name(q));
                    if touches {
                        assert!(walls.insert(p.full().group_id(f)), "{}", b.name(q));
                    }
                }
            }
        }
        assert!(cut_off > 0);
        assert_eq!(p.frame_points().len(), cut_off);
        assert!(bare.frame_points().is_empty());
        for g in p.full().board().points() {
            let touches_outside = in_area.contains(&g)
                && p.full().color(g) == Some(p.attacker())
                && p.full()
                    .board()
                    .neighbors(g)
                    .iter()
                    .any(|y| !in_area.contains(y));
            if touches_outside {
                assert!(walls.contains(&p.full().group_id(g)), "{g:?}");
            }
        }
        // Its other neighbours: its two eyes, which touch only it.
        let eyes: Vec<Point> = b
            .neighbors(outside)
            .iter()
            .copied()
            .filter(|&q| p.to_full(q).is_none())
            .collect();
        assert_eq!(eyes.len(), 2);
        for e in eyes {
            assert_eq!(b.neighbors(e), &[outside][..]);
        }
        // The frame adds edges only (and the virtual wall if no group touched it).
        let added = if bare.outside().is_none() { 3 } else { 0 };
        assert_eq!(b.len(), bare.position().board().len() + added);
        assert!(tsume_board::benson::is_unconditionally_alive(
            p.position(),
            outside
        ));
    }
    // An enclosed problem has nothing cut off: the virtual wall touches the wall only.
    let p = load(CORNER).unwrap();
    let b = p.position().board();
    let outside = p.outside().unwrap();
    assert!(b
        .neighbors(outside)
        .iter()
        .all(|&q| p.position().color(q).is_some() || p.to_full(q).is_none()));
}

/// `Auto`: sides near the edge go to it, a side whose outermost stones are all the
/// attacker's stays there, a side with a defender stone on it grows by one line.
#[test]
fn region_auto_ends_at_the_attackers_outermost_stones() {
    let walled = LoadOptions::default();
    // Attacker (Black) outermost on the right (f) and at the bottom (row 5): the area
    // stays within columns a-f and rows 1-5.
    let p = load_with(OPEN_CORNER, walled.clone()).unwrap();
    assert_eq!(p.attacker(), Color::Black);
    for &q in p.region() {
        let (x, y) = p.full().board().xy(q).unwrap();
        assert!(x <= 5 && y <= 4, "{}", p.full().board().name(q));
    }
    let grown = load_with(
        OPEN_CORNER,
        LoadOptions {
            region: RegionSpec::Grown,
            ..LoadOptions::default()
        },
    )
    .unwrap();
    assert!(p.region().len() < grown.region().len());
    // A defender stone on the bottom row of the stones (row 6, "af") lets that side grow.
    let t = "(;GM[1]SZ[19]PL[B]AB[eb][fb][bc][cc][dc][be]AW[da][ab][bb][cb][db][ag])";
    let q = load_with(t, walled).unwrap();
    assert!(q
        .region()
        .iter()
        .any(|&x| q.full().board().xy(x).unwrap().1 == 7));
    assert!(q
        .region()
        .iter()
        .all(|&x| q.full().board().xy(x).unwrap().0 <= 5));
}

/// Load options naming the target and the area rule.
fn target_in(target: &str, region: RegionSpec) -> LoadOptions {
    LoadOptions {
        region,
        target: Some(target.into()),
        ..LoadOptions::default()
    }
}

/// `Auto` crosses an attacker group short of liberties (at most 3) to the defender's
/// groups on its other side, with their liberties (a capturing race); `Grown` stops at
/// the wall, and so does `Auto` when the wall has more liberties.
#[test]
fn region_auto_takes_in_the_other_side_of_a_race() {
    // White target aa-ab (liberty ac), Black wall ba-bb-bc (liberties ac, cc, bd) and
    // ad, White ca-cb outside (liberty cc), Black da-db beyond.
    let t = "(;GM[1]SZ[19]PL[B]AW[aa][ab][ca][cb]AB[ba][bb][bc][ad][da][db])";
    let o = |region| target_in("aa", region);
    let w = load_with(t, o(RegionSpec::Auto)).unwrap();
    let a = load_with(t, o(RegionSpec::Grown)).unwrap();
    for name in ["ca", "cb", "cc"] {
        assert!(w.region().contains(&pt(&w, name)), "{name}");
        assert!(!a.region().contains(&pt(&a, name)), "{name}");
    }
    // The partner's neighbours: Black da-db come in as a wall with virtual eyes; the
    // flood does not go on from the partner's liberty cc.
    assert!(w.region().contains(&pt(&w, "da")));
    assert!(!w.region().contains(&pt(&w, "dc")) && !w.region().contains(&pt(&w, "cd")));
    // The race is played: the partner keeps its liberty.
    let ca = w.from_full(pt(&w, "ca")).unwrap();
    assert_eq!(w.position().liberty_count(ca), 1);
    // A white stone next to the partner's liberty cc (at dc) joins with its liberties
    // (dd, ec), so that cc does not touch the outside; one next to those (fc) does not.
    let t2 = "(;GM[1]SZ[19]PL[B]AW[aa][ab][ca][cb][dc][fc]AB[ba][bb][bc][ad][da][db])";
    let w2 = load_with(t2, o(RegionSpec::Auto)).unwrap();
    for name in ["cc", "dc", "dd", "ec"] {
        assert!(w2.region().contains(&pt(&w2, name)), "{name}");
    }
    assert!(!w2.region().contains(&pt(&w2, "fc")));
    assert!(!w.region().contains(&pt(&w, "dc")));
    // A wall with 5 liberties (ba-bb-bc-bd-ad): no race, the area stops at it.
    let t5 = "(;GM[1]SZ[19]PL[B]AW[aa][ab][ca][cb]AB[ba][bb][bc][bd][ad][da][db])";
    let w5 = load_with(t5, o(RegionSpec::Auto)).unwrap();
    assert!(!w5.region().contains(&pt(&w5, "ca")));
}

/// `Auto` takes in the liberties of a weak attacker group next to the area (at most 3
/// liberties), so that a wall stone whose other liberty lies beyond the flood is not
/// made safe by virtual eyes (Cho's advanced problem 424: a white stone with two
/// liberties, made safe, let the search kill a group published alive).
#[test]
fn region_auto_takes_in_the_liberties_of_a_weak_wall_stone() {
    // White target ba-bb; Black ab (liberties aa and ac), ca, cb, bc.
    let t = "(;GM[1]SZ[19]PL[B]AW[ba][bb]AB[ab][ca][cb][bc])";
    let o = |region| target_in("ba", region);
    let w = load_with(t, o(RegionSpec::Auto)).unwrap();
    assert!(w.region().contains(&pt(&w, "ac")), "{:?}", w.region());
    let ab = w.from_full(pt(&w, "ab")).unwrap();
    // Its two liberties, and no virtual eye: it can be captured.
    assert_eq!(w.position().liberty_count(ab), 2);
    // `Grown` (no races) leaves ac out and gives the stone its eyes.
    let g = load_with(t, o(RegionSpec::Grown)).unwrap();
    let ab = g.from_full(pt(&g, "ab")).unwrap();
    assert!(g.position().liberty_count(ab) > 2);
}

/// On a whole board, `Auto` takes the box of the target's cluster (stones within three
/// lines of each other), not of every stone of the game; when at most half of the
/// cluster's area edge is stones (an open fight) it takes the box of all stones.
#[test]
fn region_auto_on_a_whole_board_is_the_fight_around_the_target() {
    // The corner of `CORNER` (White aa-db walled in by Black) at the top left of a 19x19
    // board, and stones of both colours far away at the bottom right.
    let corner = "AW[ba][da][ab][bb][cb][db]AB[ea][eb][ac][bc][cc][dc][ec]";
    let far = load_with(
        &format!("(;GM[1]SZ[19]PL[B]{corner}AW[pp][qq][rp]AB[pq][qp][oo])"),
        target_in("ab", RegionSpec::Auto),
    )
    .unwrap();
    let alone = load_with(
        &format!("(;GM[1]SZ[19]PL[B]{corner})"),
        target_in("ab", RegionSpec::Auto),
    )
    .unwrap();
    assert_eq!(far.region(), alone.region());
    // The note says what was left out; a problem file alone gets none.
    assert!(far
        .notes
        .iter()
        .any(|n| n.contains("6 stones farther away are not in play")));
    assert!(!alone.notes().iter().any(|n| n.starts_with("area:")));
    for &q in far.region() {
        let (x, y) = far.full().board().xy(q).unwrap();
        assert!(x <= 5 && y <= 3, "{}", far.full().board().name(q));
    }
    // The cluster's reach is tested in tsume-area (`the_cluster_reaches_three_lines`).
    // An open fight (a lone white stone in the middle, a black stone next to it, other
    // stones far away): the cluster's area would be mostly open edge, so the area is
    // the box of all stones, here the whole board.
    let open = "(;GM[1]SZ[19]PL[B]AW[jj]AB[kj]AW[cc]AB[qq])";
    let o = load_with(open, target_in("jj", RegionSpec::Auto)).unwrap();
    assert_eq!(o.region().len(), 361);
    assert!(
        o.notes().iter().any(|n| n.contains("is open")),
        "{:?}",
        o.notes()
    );
}

/// A main-line move on an occupied point or a suicide is played as φ plays it (a pass),
/// and the problem's notes say so, naming the node and the point.
#[test]
fn moves_that_act_as_passes_are_noted() {
    let p = load("(;SZ[3]AB[ab][ba]AW[cc];W[aa];B[cc];W[bb])").unwrap();
    let notes = p.notes().join("\n");
    assert!(notes.contains("node 2: W[A3 (aa)] is a suicide"), "{notes}");
    assert!(
        notes.contains("node 3: B[C1 (cc)] is on an occupied point"),
        "{notes}"
    );
    // the stones are those of φ: no white stone on aa, white's B2 played after both
    assert_eq!(p.full().color(pt(&p, "aa")), None);
    assert_eq!(p.full().color(pt(&p, "cc")), Some(Color::White));
    assert_eq!(p.full().color(pt(&p, "bb")), Some(Color::White));
    // an ordinary line has no such note
    let q = load("(;SZ[3]AB[ab]AW[cc];W[bb];B[ba])").unwrap();
    assert!(
        !q.notes().iter().any(|n| n.contains("acts as a pass")),
        "{:?}",
        q.notes()
    );
}

#[test]
fn problem_from_position_is_the_file_problem_without_the_file() {
    // The same target and region from the file and from its whole board: the same cut.
    for region in [RegionSpec::Auto, RegionSpec::Board, RegionSpec::Tight] {
        let opts = LoadOptions {
            target: Some("ba".to_string()),
            region: region.clone(),
            ..LoadOptions::default()
        };
        let from_file = load_with(CORNER, opts.clone()).unwrap();
        let read = parse_sgf_position(CORNER, "t.sgf", 0, None).unwrap();
        assert!(read.notes.is_empty());
        assert_eq!(read.region, None);
        let full = read.position;
        assert_eq!(&full, from_file.full());
        let built = problem_from_position(full, "gtp", &opts).unwrap();
        assert_eq!(built.region(), from_file.region(), "{region:?}");
        assert_eq!(built.position(), from_file.position(), "{region:?}");
        assert_eq!(built.target_full(), from_file.target_full());
    }
    // An empty target point is an error naming it.
    let full = parse_sgf_position(CORNER, "t.sgf", 0, None)
        .unwrap()
        .position;
    let opts = LoadOptions {
        target: Some("aa".to_string()),
        ..LoadOptions::default()
    };
    let e = problem_from_position(full, "gtp", &opts).unwrap_err();
    assert!(matches!(e.kind, LoadErrorKind::TargetEmpty(_)), "{e}");
}

#[test]
fn position_before_a_move_of_the_main_line() {
    // B cc, W dd (captures nothing), B ee; a variation after the first move.
    let text = "(;SZ[9]AB[aa];B[cc](;W[dd];B[ee])(;W[ff]))";
    let at = |before| {
        let p = parse_sgf_position(text, "t.sgf", 0, before)
            .unwrap()
            .position;
        let b = p.board().clone();
        let c = |n: &str| p.color(b.parse_point(n).unwrap());
        (p.to_move(), c("cc"), c("dd"), c("ee"), c("aa"))
    };
    use Color::{Black as B, White as W};
    // The root sequence (the root and B cc, before the variations).
    assert_eq!(at(None), (W, Some(B), None, None, Some(B)));
    assert_eq!(at(Some(1)), (B, None, None, None, Some(B)));
    assert_eq!(at(Some(2)), (W, Some(B), None, None, Some(B)));
    assert_eq!(at(Some(3)), (B, Some(B), Some(W), None, Some(B)));
    // Past the end: every move of the main line.
    assert_eq!(at(Some(99)), (W, Some(B), Some(W), Some(B), Some(B)));
}

#[test]
fn several_problems_on_one_board_are_named_when_the_target_is_inferred() {
    let one = "AW[ba][ca][da][ab][bb][cb][db]AB[ea][eb][ac][bc][cc][dc][ec][fb]";
    let two = "AW[ps][qs][rs][pr][qr][rr][sr]AB[os][or][oq][pq][qq][rq][sq]";
    let note = |p: &Problem| {
        p.notes()
            .iter()
            .find(|n| n.contains("other white groups outside the area"))
            .cloned()
    };
    let p = load(&format!("(;SZ[19]PL[B]{one}{two})")).unwrap();
    let n = note(&p).unwrap_or_else(|| panic!("{:?}", p.notes()));
    assert!(n.contains("Q2 (7 stones)") && n.contains("--target"), "{n}");
    // One problem alone: no note.
    let p = load(&format!("(;SZ[19]PL[B]{one})")).unwrap();
    assert_eq!(note(&p), None, "{:?}", p.notes());
    // A marked target is the user's choice: no note either.
    let p = load(&format!("(;SZ[19]PL[B]{one}{two}TR[ps])")).unwrap();
    assert_eq!(
        p.full().group_id(p.target_full()),
        p.full().group_id(pt(&p, "ps"))
    );
    assert_eq!(note(&p), None, "{:?}", p.notes());
}

/// Issue 39: `SZ[ 9 ]` is a 9x9 board (the parser's number refuses the spaces), not a
/// board "larger than 52x52"; the edges around the spaces hold.
#[test]
fn size_with_spaces() {
    for sz in ["SZ[ 9 ]", "SZ[9 ]", "SZ[ 9: 7 ]"] {
        let p = load(&format!("(;{sz}AB[aa]AW[ba])")).unwrap();
        let g = p.full().board().grid_info().unwrap();
        assert_eq!(
            (g.width, g.height),
            if sz.contains(':') { (9, 7) } else { (9, 9) },
            "{sz}"
        );
    }
    let too_large = |t: &str| matches!(load(t).unwrap_err().kind, LoadErrorKind::BoardTooLarge(_));
    let bad = |t: &str| matches!(load(t).unwrap_err().kind, LoadErrorKind::BadSize(_));
    assert!(too_large("(;SZ[ 53 ]AB[aa])"));
    assert!(too_large("(;SZ[ 9 : 99999999999 ]AB[aa])"));
    assert!(bad("(;SZ[ 0 ]AB[aa])"));
    assert!(bad("(;SZ[ 9 :]AB[aa])"));
    assert!(bad("(;SZ[ 9 ][9]AB[aa])"));
    assert!(bad("(;SZ[1:2:3]AB[aa])"));
}

/// Issue 39: a `TR` on an empty point was ignored in silence; now a note says so, and
/// a mark on a stone still names the target.
#[test]
fn a_mark_on_an_empty_point_is_said() {
    let p = load(&CORNER.replace("PL[B]", "PL[B]TR[ee]")).unwrap();
    assert_ne!(*p.target_source(), TargetSource::Mark);
    assert!(
        p.notes()
            .iter()
            .any(|n| n == "TR[ee] marks E5, an empty point: not read as a target"),
        "{:?}",
        p.notes()
    );
    let p = load(&CORNER.replace("PL[B]", "PL[B]TR[ee][bb]")).unwrap();
    assert_eq!(*p.target_source(), TargetSource::Mark);
    assert_eq!(p.target_full(), pt(&p, "bb"));
    assert_eq!(
        p.notes()
            .iter()
            .filter(|n| n.contains("empty point"))
            .count(),
        1
    );
    // A target given explicitly makes the marks irrelevant: no note.
    let o = LoadOptions {
        target: Some("bb".into()),
        ..LoadOptions::default()
    };
    let p = load_with(&CORNER.replace("PL[B]", "PL[B]TR[ee]"), o).unwrap();
    assert!(
        !p.notes().iter().any(|n| n.contains("empty point")),
        "{:?}",
        p.notes()
    );
}

/// A main line of `n` nodes: the corner problem, then moves alternating on two points.
fn deep_line(n: usize) -> String {
    let mut t = String::with_capacity(n * 7 + 100);
    t.push_str(&CORNER[..CORNER.len() - 1]);
    for i in 1..n {
        t.push_str(if i % 2 == 1 { "\n;B[ia]" } else { "\n;W[ib]" });
    }
    t.push(')');
    t
}

/// Issue 39: deep input crashed the loader's callers (stack overflow in the recursive
/// drop of `sgf-parse`'s tree and in the solution-tree walk). A line of play of more than
/// `MAX_LINE_NODES` nodes is one error naming its line; a line at the bound loads, as a
/// problem and as a solution tree, and is dropped, on a thread of 1 MiB of stack.
#[test]
fn deep_lines_are_refused_before_the_parser_and_the_bound_fits_a_small_stack() {
    // 150,000 moves on the main line (the 900 KB file).
    let e = load(&deep_line(150_000)).unwrap_err();
    let line = MAX_LINE_NODES + 3; // the corner's root spans 3 lines
    assert_eq!(e.to_string().lines().count(), 1, "one line: {e}");
    assert!(
        e.to_string()
            .contains(&format!("line {line}: a line of play deeper than")),
        "{e}"
    );
    // 20,000 nested variations (the 60 KB file).
    let nested = format!(
        "{}{}{})",
        &CORNER[..CORNER.len() - 1],
        "(;B[ia]".repeat(20_000),
        ")".repeat(20_000)
    );
    assert!(parse_solution_tree(&nested, "t.sgf", 0)
        .unwrap_err()
        .to_string()
        .contains("deeper than"));
    // At the bound: loads, on a small stack.
    let at_bound = deep_line(MAX_LINE_NODES);
    let nested_at_bound = format!(
        "{}{}{})",
        &CORNER[..CORNER.len() - 1],
        "(;B[ia]".repeat(MAX_LINE_NODES - 1),
        ")".repeat(MAX_LINE_NODES - 1)
    );
    let worker = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            let p = load(&at_bound).unwrap();
            assert_eq!(p.full().board().len(), 81);
            let t = parse_solution_tree(&at_bound, "t.sgf", 0).unwrap();
            let t2 = parse_solution_tree(&nested_at_bound, "t.sgf", 0).unwrap();
            (t.lines.len(), t2.lines.len())
        })
        .unwrap();
    // The whole line is the root sequence: no solution lines; the nested one is one line.
    assert_eq!(worker.join().unwrap(), (0, 1));
}

/// MA on 20 points or more is the region in play (the RZS benchmark's form), not a target
/// mark; on fewer it is a target mark as before; `no_marked_region` and an explicit
/// region other than auto override it. The cut says what it changed of the board.
#[test]
fn ma_on_twenty_points_is_the_region() {
    // CORNER's white group; MA on the 4×6 box a1..f4 of the top left (24 points, the
    // wall's stones at the box's edge brought whole), TR on the target.
    let mut ma = String::new();
    for x in b'a'..=b'f' {
        for y in b'a'..=b'd' {
            ma += &format!("[{}{}]", x as char, y as char);
        }
    }
    let text = |marks: &str| CORNER.replace(")", &format!("{marks})"));
    let p = load(&text(&format!("TR[bb]MA{ma}"))).unwrap();
    assert_eq!(p.target_source(), &TargetSource::Mark);
    assert_eq!(p.target_full(), pt(&p, "bb"));
    // The 24 points, with the wall's stones outside the box (none here).
    assert_eq!(p.region().len(), 24);
    assert!(p
        .notes()
        .iter()
        .any(|n| n.contains("the 24 points the file marks MA")));
    // Under auto the same file's area is the enclosed corner (15 points).
    let auto = load_with(
        &text(&format!("TR[bb]MA{ma}")),
        LoadOptions {
            no_marked_region: true,
            ..LoadOptions::default()
        },
    )
    .unwrap();
    assert_eq!(auto.region().len(), 15);
    let tight = load_with(
        &text(&format!("TR[bb]MA{ma}")),
        LoadOptions {
            region: RegionSpec::Tight,
            ..LoadOptions::default()
        },
    )
    .unwrap();
    assert_ne!(tight.region().len(), 24);
    // A few MA marks are a target mark, as before.
    let p = load(&text("MA[bb]")).unwrap();
    assert_eq!(p.target_full(), pt(&p, "bb"));
    assert_eq!(p.region().len(), 15);
    // The black wall touches the empty board beyond: not Benson-alive there, so the
    // cut (which makes it safe) changed the board, and says so.
    assert!(!p.changes().is_empty(), "{:?}", p.changes());
}

/// The cut changes nothing when the area is sealed by a wall Benson's test calls alive
/// on the board (a black wall with eyes at E7 and G7 around White's corner), and says
/// what it changed once Black fills an eye of its own (the wall can then die).
#[test]
fn a_cut_sealed_by_a_benson_alive_wall_changes_nothing() {
    let sgf = |extra: &str| {
        format!(
            "(;GM[1]SZ[7]PL[B]AW[ba][ab][bb]AB[ca][cb][cc][bc][ac][dc][ec][fc][gc][da][db][eb][fb][gb][fa]{extra})"
        )
    };
    let opts = || LoadOptions {
        target: Some("bb".into()),
        ..LoadOptions::default()
    };
    let p = load_with(&sgf(""), opts()).unwrap();
    assert!(p.region().len() < 49 && p.outside_walls().len() == 1);
    assert!(tsume_board::benson::is_unconditionally_alive(
        p.full(),
        pt(&p, "ca")
    ));
    assert!(p.changes().is_empty(), "{:?}", p.changes());
    // One eye filled (Black at G7): the wall is one eye short on the board.
    let p = load_with(&sgf("[ga]"), opts()).unwrap();
    let changes = p.changes();
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert!(
        changes[0].contains("not Benson-alive on the board"),
        "{changes:?}"
    );
}
