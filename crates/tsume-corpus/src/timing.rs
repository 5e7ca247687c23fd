//! `tsume bench` without a corpus: the bundled problems timed, each game tree with both
//! sides moving first; per problem its nodes and time, and their medians and totals.

use serde::Serialize;

use crate::summary::median;

/// `tsume bench --json` without a corpus.
#[derive(Serialize, Debug)]
pub struct BenchJson {
    /// The problems solved, in order.
    pub problems: Vec<BenchRow>,
    /// The median time per problem.
    pub median_seconds: f64,
    /// The median node rate of the problems over 1000 nodes.
    pub median_nodes_per_second: f64,
    /// Nodes in all.
    pub nodes: u64,
    /// Seconds in all.
    pub seconds: f64,
    /// With `--go`: the nodes of the Go result's searches in all (beyond the search's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub go_nodes: Option<u64>,
    /// With `--go`: `go_nodes` over `nodes`, the Go result's cost in the search's nodes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub go_ratio: Option<f64>,
}

/// One problem timed.
#[derive(Serialize, Debug, Clone)]
pub struct BenchRow {
    /// The file.
    pub file: String,
    /// The game tree of the file.
    pub game_tree: usize,
    /// The status (`dead`, `alive`, `unsettled`), null when unknown.
    pub status: Option<&'static str>,
    /// Nodes of both searches.
    pub nodes: u64,
    /// Seconds of both searches (the Go result's not counted).
    pub seconds: f64,
    /// With `--go`: nodes of the Go result's searches, both sides, beyond the search's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub go_nodes: Option<u64>,
}

/// Node rates count only problems over this many nodes (below, the clock's resolution
/// dominates).
const RATE_MIN_NODES: u64 = 1000;

/// The node rate, 0 when no time was measured.
fn rate(nodes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    }
}

impl BenchRow {
    /// The row in words, the problem named `label`.
    pub fn line(&self, label: &str) -> String {
        let mut s = format!(
            "{:<48} {:<10} {:>10} nodes {:>9.4} s {:>8.0} k/s",
            label,
            self.status.unwrap_or("unknown"),
            self.nodes,
            self.seconds,
            rate(self.nodes, self.seconds) / 1000.0
        );
        if let Some(g) = self.go_nodes {
            s += &format!(" {g:>10} Go nodes");
        }
        s
    }
}

impl BenchJson {
    /// The totals and medians of `problems`.
    pub fn new(problems: Vec<BenchRow>) -> BenchJson {
        let mut times: Vec<f64> = problems.iter().map(|r| r.seconds).collect();
        let mut rates: Vec<f64> = problems
            .iter()
            .filter(|r| r.seconds > 0.0 && r.nodes > RATE_MIN_NODES)
            .map(|r| rate(r.nodes, r.seconds))
            .collect();
        let nodes: u64 = problems.iter().map(|r| r.nodes).sum();
        let go_nodes: Option<u64> = problems.iter().map(|r| r.go_nodes).sum();
        BenchJson {
            go_nodes,
            go_ratio: go_nodes.map(|g| g as f64 / nodes.max(1) as f64),
            median_seconds: median(&mut times),
            median_nodes_per_second: median(&mut rates),
            nodes,
            seconds: problems.iter().map(|r| r.seconds).sum(),
            problems,
        }
    }

    /// The totals in words, of `count` problems (those that failed to load included).
    pub fn summary(&self, count: usize) -> String {
        let go = match (self.go_nodes, self.go_ratio) {
            (Some(g), Some(r)) => {
                format!("; the Go result: {g} nodes more, {r:.2}× the search's")
            }
            _ => String::new(),
        };
        format!(
            "{count} problems: {} nodes in {:.2} s; median {:.4} s per problem; median {:.0} k nodes/s (problems over 1000 nodes); overall {:.0} k nodes/s",
            self.nodes,
            self.seconds,
            self.median_seconds,
            self.median_nodes_per_second / 1000.0,
            rate(self.nodes, self.seconds) / 1000.0
        ) + &go
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(nodes: u64, seconds: f64) -> BenchRow {
        BenchRow {
            file: "p.sgf".into(),
            game_tree: 0,
            status: Some("dead"),
            nodes,
            seconds,
            go_nodes: None,
        }
    }

    #[test]
    fn totals_and_medians_rates_over_a_thousand_nodes_only() {
        let b = BenchJson::new(vec![row(500, 0.5), row(4000, 2.0), row(9000, 3.0)]);
        assert_eq!(b.nodes, 13_500);
        assert!((b.seconds - 5.5).abs() < 1e-12);
        assert_eq!(b.median_seconds, 2.0);
        // Rates 2000 and 3000 (the 500-node problem left out): the upper median.
        assert_eq!(b.median_nodes_per_second, 3000.0);
        assert_eq!(
            b.summary(4),
            "4 problems: 13500 nodes in 5.50 s; median 2.0000 s per problem; median 3 k nodes/s (problems over 1000 nodes); overall 2 k nodes/s"
        );
        assert!(row(0, 0.0).line("p").ends_with("0 k/s"));
        assert_eq!(b.go_nodes, None);
        // With --go: the Go result's nodes summed, their ratio to the search's said.
        let with_go = |nodes, go| BenchRow {
            go_nodes: Some(go),
            ..row(nodes, 1.0)
        };
        let g = BenchJson::new(vec![with_go(1000, 300), with_go(3000, 1700)]);
        assert_eq!(g.go_nodes, Some(2000));
        assert_eq!(g.go_ratio, Some(0.5));
        assert!(g
            .summary(2)
            .ends_with("; the Go result: 2000 nodes more, 0.50× the search's"));
        assert!(with_go(1000, 300).line("p").ends_with("300 Go nodes"));
        assert!(BenchRow {
            status: None,
            ..row(1, 1.0)
        }
        .line("p")
        .contains("unknown"));
    }
}
