//! The house rules that keep the repository readable for a newcomer: the front door and
//! the map stay short, every notebook entry is reachable from the notebook's index, and
//! every crate's modules import one another without a cycle.

#![allow(clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use tsume_tests::repo_root;

fn lines(path: &Path) -> usize {
    fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .count()
}

#[test]
fn readme_and_architecture_stay_short() {
    for (name, limit) in [("README.md", 200), ("ARCHITECTURE.md", 200)] {
        let n = lines(&repo_root().join(name));
        assert!(
            n <= limit,
            "{name} has {n} lines, more than {limit}: move reference material to docs/"
        );
    }
}

/// Every file of the lab notebook is a row of its index, and every row's link names a
/// file that exists.
#[test]
fn every_notebook_entry_is_indexed() {
    let dir = repo_root().join("docs/experiments");
    let index = fs::read_to_string(dir.join("README.md")).expect("docs/experiments/README.md");
    let mut entries = 0;
    for entry in fs::read_dir(&dir).expect("docs/experiments") {
        let path = entry.expect("a directory entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        if !name.ends_with(".md") || name == "README.md" || name == "archive.md" {
            continue;
        }
        entries += 1;
        assert!(
            index.contains(&format!("]({name})")),
            "docs/experiments/{name} has no row in docs/experiments/README.md"
        );
    }
    assert!(entries > 0, "the notebook has no entry");
    for link in index.split("](").skip(1) {
        let target = link.split(')').next().unwrap_or_default();
        if target.ends_with(".md") && !target.contains('/') {
            assert!(
                dir.join(target).is_file(),
                "docs/experiments/README.md links to {target}, which does not exist"
            );
        }
    }
}

/// The top-level modules a `crate::` path names in `text`, outside comments: `crate::a::b`
/// names `a`, `crate::{a::X, b}` names `a` and `b`.
fn crate_paths(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let ident = |s: &str| -> String {
        s.trim()
            .trim_start_matches('{')
            .trim()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The items of the group at its top level.
            let (mut depth, mut item) = (1, String::new());
            for ch in group.chars() {
                match ch {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 || (depth == 1 && ch == ',') {
                    out.insert(ident(&item));
                    item.clear();
                    if depth == 0 {
                        break;
                    }
                } else {
                    item.push(ch);
                }
            }
        } else {
            out.insert(ident(rest));
        }
    }
    out.remove("");
    out
}

/// The `.rs` files under `dir`, at any depth (build folders named `target` left out).
fn rust_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let (mut stack, mut out) = (vec![dir.to_path_buf()], Vec::new());
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = e.expect("a directory entry").path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "target") {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out
}

/// Each crate's top-level modules (a file `src/m.rs` or a folder `src/m/`) and, for each,
/// the modules its code names through `crate::` (unit tests after `#[cfg(test)]` left out).
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files: BTreeMap<String, Vec<std::path::PathBuf>> = BTreeMap::new();
    for entry in fs::read_dir(src).expect("a crate's src") {
        let path = entry.expect("a directory entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() {
            files
                .entry(name.to_string())
                .or_default()
                .extend(rust_files(&path));
        } else if let Some(stem) = name.strip_suffix(".rs") {
            if stem != "lib" && stem != "main" {
                files
                    .entry(stem.to_string())
                    .or_default()
                    .push(path.clone());
            }
        }
    }
    let names: BTreeSet<String> = files.keys().cloned().collect();
    files
        .iter()
        .map(|(m, paths)| {
            let mut deps = BTreeSet::new();
            for p in paths {
                let text = fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                let code = text.split("#[cfg(test)]").next().unwrap_or_default();
                deps.extend(
                    crate_paths(code)
                        .into_iter()
                        .filter(|d| d != m && names.contains(d)),
                );
            }
            (m.clone(), deps)
        })
        .collect()
}

/// A cycle of the graph, if it has one (depth-first search, grey and black marks).
fn find_cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        v: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == v) {
            let mut cycle = path[i..].to_vec();
            cycle.push(v.to_string());
            return Some(cycle);
        }
        if done.contains(v) {
            return None;
        }
        path.push(v.to_string());
        for w in g.get(v).into_iter().flatten() {
            if let Some(c) = visit(w, g, done, path) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(v.to_string());
        None
    }
    let mut done = BTreeSet::new();
    g.keys()
        .find_map(|v| visit(v, g, &mut done, &mut Vec::new()))
}

#[test]
fn the_cycle_finder_finds_cycles() {
    let g = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    assert_eq!(find_cycle(&g(&[("a", "b"), ("b", "c"), ("a", "c")])), None);
    let c = find_cycle(&g(&[("a", "b"), ("b", "c"), ("c", "a")])).expect("a cycle");
    assert_eq!(c.len(), 4, "{c:?}");
    let paths =
        crate_paths("use crate::{args::X, jobs};\n// crate::render\nlet x = crate::solve::f();");
    assert_eq!(
        paths.into_iter().collect::<Vec<_>>(),
        vec!["args".to_string(), "jobs".to_string(), "solve".to_string()]
    );
}

/// A problem followed from `tsume solve` into the search goes down, never back: within
/// every crate the modules import one another without a cycle (paths through the crate
/// root's re-exports are not followed; across crates cargo
/// forbids cycles itself).
#[test]
fn modules_import_downwards_only() {
    let crates = repo_root().join("crates");
    let mut seen = 0;
    for entry in fs::read_dir(&crates).expect("crates/") {
        let src = entry.expect("a directory entry").path().join("src");
        if !src.is_dir() {
            continue;
        }
        let g = module_graph(&src);
        seen += g.len();
        if let Some(cycle) = find_cycle(&g) {
            panic!(
                "{}: modules import one another in a cycle: {}",
                src.display(),
                cycle.join(" -> ")
            );
        }
    }
    assert!(seen > 20, "only {seen} modules found under crates/");
}

/// No source file holds more than 800 lines before its unit tests (a `#[cfg(test)]`
/// module, or a file `tests.rs` that is one): a file that grows past it holds two
/// concerns.
#[test]
fn no_source_file_is_over_800_lines() {
    let (mut seen, mut long) = (0, Vec::new());
    for path in rust_files(&repo_root().join("crates")) {
        let in_src = path.components().any(|c| c.as_os_str() == "src");
        if !in_src || path.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        seen += 1;
        let text = fs::read_to_string(&path).expect("a source file");
        let n = text
            .lines()
            .take_while(|l| !l.starts_with("#[cfg(test)]"))
            .count();
        if n > 800 {
            long.push(format!("{} ({n})", path.display()));
        }
    }
    assert!(seen > 50, "only {seen} source files found under crates/");
    assert!(
        long.is_empty(),
        "over 800 lines before the unit tests: {long:?}"
    );
}
