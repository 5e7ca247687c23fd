//! Bad or odd input never panics: any text to the DIMACS reader, any clause list to the
//! reduction (empty clauses, long clauses, repeated and opposite literals).
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use tsume_board::parse_graph;
use tsume_reduce::{normalize, parse_dimacs, reduce, to_dimacs, Cnf};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn dimacs_reader_never_panics(text in "[ -~\n]{0,200}") {
        let _ = parse_dimacs(&text);
    }

    #[test]
    fn dimacs_reader_on_near_valid_input(
        vars in 0u32..5,
        clauses in proptest::collection::vec(proptest::collection::vec(-6i32..7, 0..6), 0..6),
        declared in 0usize..7,
    ) {
        let mut text = format!("c test\np cnf {vars} {declared}\n");
        for c in &clauses {
            for l in c { text.push_str(&format!("{l} ")); }
            text.push_str("0\n");
        }
        match parse_dimacs(&text) {
            Ok(cnf) => {
                prop_assert_eq!(cnf.clauses.len(), declared);
                prop_assert!(cnf.clauses.iter().flatten().all(|l| *l != 0 && l.unsigned_abs() <= vars));
                prop_assert_eq!(parse_dimacs(&to_dimacs(&cnf)).unwrap(), cnf);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn reduce_builds_a_legal_labelled_instance(
        clauses in proptest::collection::vec(proptest::collection::vec((1i32..5, any::<bool>()), 0..6), 0..7),
    ) {
        let cnf = Cnf {
            vars: 4,
            clauses: clauses
                .iter()
                .map(|c| c.iter().map(|&(v, s)| if s { v } else { -v }).collect())
                .collect(),
        };
        let inst = reduce(&cnf);
        let (norm, _) = normalize(&cnf);
        prop_assert_eq!(&inst.cnf, &norm);
        let pos = inst.position().unwrap();
        prop_assert_eq!(pos.board().name(inst.target()), "L");
        prop_assert_eq!(pos.to_move(), tsume_board::Color::White);
        prop_assert_eq!(parse_graph(&inst.to_graph_text()).unwrap(), inst.graph.clone());
        prop_assert!(inst.graph.labels.iter().any(|(p, t)| *p == inst.target() && t.contains('Λ')));
    }
}
