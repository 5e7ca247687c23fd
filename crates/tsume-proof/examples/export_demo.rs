//! Prints a small hand-built proof (3×2 board) checked, then as JSON and SGF.
//! `cargo run -p tsume-proof --example export_demo`

use tsume_board::{Color, Move, Position};
use tsume_proof::{check, to_json, to_sgf, Claim, Leaf, Tree, TreeNode};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Black B2 puts the white stone at A2 in atari; every White answer leaves it in D0.
    let p = Position::from_diagram("O . .\n. . .", Color::Black)?;
    let b = p.board();
    let target = b.parse_point("A2")?;
    let mut replies = Vec::new();
    for (i, s) in ["C2", "A1", "B1", "C1"].iter().enumerate() {
        replies.push((Move::Play(b.parse_point(s)?), i + 2));
    }
    replies.push((Move::Pass, 6));
    let mut nodes = vec![
        TreeNode {
            remaining: Some(2),
            children: vec![(Move::Play(b.parse_point("B2")?), 1)],
            leaf: None,
            covered: Vec::new(),
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        },
        TreeNode {
            remaining: Some(1),
            children: replies,
            leaf: None,
            covered: Vec::new(),
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        },
    ];
    for _ in 0..5 {
        nodes.push(TreeNode {
            remaining: Some(0),
            children: vec![],
            leaf: Some(Leaf::Capture),
            covered: Vec::new(),
            zone: None,
            pruned: Vec::new(),
            reuse: None,
        });
    }
    let tree = Tree {
        claim: Claim::Dead,
        nodes,
    };
    println!("{:?}", check(&p, target, &tree)?);
    println!(
        "{}",
        serde_json::to_string_pretty(&to_json(&p, target, &tree))?
    );
    println!("{}", to_sgf(&p, target, &tree).unwrap_or_default());
    Ok(())
}
