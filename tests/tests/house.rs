//! The house rules that keep the repository readable for a newcomer: the front door and
//! the map stay short, and every notebook entry is reachable from the notebook's index.

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
