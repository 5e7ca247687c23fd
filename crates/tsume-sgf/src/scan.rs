//! A light pass over the SGF text before the real parser: it reports unbalanced
//! brackets and parentheses with a line number, counts for each game tree the nodes of
//! its root sequence (the nodes before the first variation), which are the only moves
//! applied to the problem's position, and drops the lower-case letters of property
//! names, as the SGF FF[4] standard asks of readers of older files (`AddBlack[..]` and
//! `CoPyright[..]` of FF[1]-FF[3] are `AB` and `CP`), and any text outside the game
//! trees (GNU Go's files include one ending in "---").
//!
//! It also bounds the nodes on any line of play (root to leaf, [`MAX_LINE_NODES`]): the
//! parser (`sgf-parse`) builds the tree without recursion, but its nodes are dropped,
//! cloned and printed recursively, one stack frame per node of a line, and so are the
//! walks of a solution tree; a deeper file is refused here, before the parser sees it.

/// What [`scan`] finds: the text for the parser, and for each top-level game tree the
/// number of nodes in its root sequence.
#[derive(Debug)]
pub(crate) struct Scanned {
    pub text: String,
    pub root_lengths: Vec<usize>,
}

/// The most nodes on one line of play of an SGF file (from the root to a leaf, counting
/// the nodes of every enclosing variation). Each node is a stack frame in `sgf-parse`'s
/// recursive drop and in the walks of a solution tree; this many fit a thread's 2 MiB
/// stack with room to spare (a test walks a line this long on a 1 MiB thread).
pub const MAX_LINE_NODES: usize = 1_000;

/// The most nodes in one SGF file, all game trees and variations together. The parser
/// holds the whole file as tokens and as a tree at once (about 1.7 KB a node): this bound
/// keeps a file within a few hundred megabytes (the largest file of the corpus has some
/// 300 nodes).
pub const MAX_FILE_NODES: usize = 200_000;

/// See the module docs; an error names the line.
pub(crate) fn scan(text: &str) -> Result<Scanned, String> {
    let mut out = String::with_capacity(text.len());
    // The property name being read (outside values): its line and its letters as
    // written.
    let mut name: Option<(usize, String)> = None;
    let mut trees: Vec<usize> = Vec::new();
    let mut line = 1usize;
    let mut in_value = false;
    let mut value_line = 0usize;
    let mut escaped = false;
    let mut open_lines: Vec<usize> = Vec::new();
    let mut counting = false;
    // The nodes on the line being read, and at each open '(' the count before it.
    let mut line_nodes = 0usize;
    let mut file_nodes = 0usize;
    let mut nodes_before: Vec<usize> = Vec::new();
    for c in text.chars() {
        if c == '\n' {
            line += 1;
        }
        if !in_value && open_lines.is_empty() && c != '(' && c != ')' {
            // Outside every game tree: text around the collection (a signature, a
            // trailing "---"), not part of any problem.
            continue;
        }
        if !in_value {
            if c.is_ascii_alphabetic() {
                name.get_or_insert_with(|| (line, String::new())).1.push(c);
                if c.is_ascii_uppercase() {
                    out.push(c);
                }
                continue;
            }
            if let Some(n) = name.take() {
                capital_in(n)?;
            }
        }
        out.push(c);
        if in_value {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == ']' {
                in_value = false;
            }
            continue;
        }
        match c {
            '[' => {
                in_value = true;
                value_line = line;
            }
            ']' => return Err(format!("']' on line {line} closes no '['")),
            '(' => {
                open_lines.push(line);
                nodes_before.push(line_nodes);
                // A variation holds a node at least: as deep as a node.
                if open_lines.len() > MAX_LINE_NODES {
                    return Err(too_deep(line));
                }
                match open_lines.len() {
                    1 => {
                        trees.push(0);
                        counting = true;
                    }
                    2 => counting = false,
                    _ => {}
                }
            }
            ')' => {
                if open_lines.pop().is_none() {
                    return Err(format!("')' on line {line} closes no '('"));
                }
                line_nodes = nodes_before.pop().unwrap_or(0);
            }
            ';' => {
                file_nodes += 1;
                if file_nodes > MAX_FILE_NODES {
                    return Err(format!(
                        "line {line}: more than {MAX_FILE_NODES} nodes in the file (the most tsume reads)"
                    ));
                }
                line_nodes += 1;
                if line_nodes > MAX_LINE_NODES {
                    return Err(too_deep(line));
                }
                if counting && open_lines.len() == 1 {
                    if let Some(n) = trees.last_mut() {
                        *n += 1;
                    }
                }
            }
            _ => {}
        }
    }
    if in_value {
        return Err(format!(
            "'[' on line {value_line} is never closed (unbalanced brackets)"
        ));
    }
    if let Some(l) = open_lines.last() {
        return Err(format!(
            "'(' on line {l} is never closed (unbalanced parentheses)"
        ));
    }
    if let Some(n) = name {
        capital_in(n)?;
    }
    Ok(Scanned {
        text: out,
        root_lengths: trees,
    })
}

fn too_deep(line: usize) -> String {
    format!("line {line}: a line of play deeper than {MAX_LINE_NODES} nodes (the most tsume reads)")
}

/// A property name (its line, its letters) must have a capital: FF[4] names are capitals,
/// and older ones keep theirs among the lower-case letters dropped.
fn capital_in((line, written): (usize, String)) -> Result<(), String> {
    if written.bytes().any(|b| b.is_ascii_uppercase()) {
        Ok(())
    } else {
        Err(format!(
            "line {line}: property name '{written}' has no capital letter"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_root_sequences_and_skips_values() {
        let t = "(;SZ[9]C[a ( ; \\] x];B[aa];W[bb](;B[cc])(;B[dd]))\n(;GM[1])";
        let s = scan(t).unwrap();
        assert_eq!(s.root_lengths, vec![3, 1]);
        // (the newline between the trees is outside both)
        assert_eq!(s.text, t.replace('\n', ""));
    }

    /// FF[1]-FF[3] property names: lower-case letters dropped, values untouched; a name
    /// without a capital is an error naming its line.
    #[test]
    fn old_property_names_lose_their_lower_case_letters() {
        let t = "(;GM[1]CoPyright[Free use]\nAddBlack[aa][bb]SZ[9])";
        assert_eq!(
            scan(t).unwrap().text,
            "(;GM[1]CP[Free use]\nAB[aa][bb]SZ[9])"
        );
        // Text outside the game trees is left out.
        let t = "header\n(;GM[1]SZ[9])\n---\n";
        assert_eq!(scan(t).unwrap().text, "(;GM[1]SZ[9])");
        let e = scan("(;GM[1]\nsz[9])").unwrap_err();
        assert_eq!(e, "line 2: property name 'sz' has no capital letter");
    }

    #[test]
    fn reports_unbalanced_with_lines() {
        let e = scan("(;SZ[9]\nAB[aa").unwrap_err();
        assert!(e.contains("line 2"), "{e}");
        let e = scan("(;SZ[9]\n(;B[aa])").unwrap_err();
        assert!(e.contains("line 1"), "{e}");
        let e = scan("(;SZ[9]))").unwrap_err();
        assert!(e.contains("closes no"), "{e}");
    }

    /// The line bound counts the nodes from the root, across variations, and resets
    /// when a variation closes: siblings do not add up.
    #[test]
    fn bounds_the_nodes_on_a_line_not_in_the_file() {
        let line = |n: usize| format!("(;SZ[9]{})", ";B[aa]".repeat(n - 1));
        assert!(scan(&line(MAX_LINE_NODES)).is_ok());
        let e = scan(&line(MAX_LINE_NODES + 1)).unwrap_err();
        assert!(e.contains("deeper than 1000 nodes"), "{e}");
        // Many short siblings: fine, up to the file's bound.
        let siblings = format!("(;SZ[9]{})", "(;B[aa];W[bb])".repeat(3 * MAX_LINE_NODES));
        assert!(scan(&siblings).is_ok());
        let siblings = format!("(;SZ[9]{})", "(;B[aa])".repeat(MAX_FILE_NODES));
        let e = scan(&siblings).unwrap_err();
        assert!(e.contains("more than 200000 nodes in the file"), "{e}");
        // Nested variations count every node of every enclosing one.
        let half = MAX_LINE_NODES / 2;
        let nested = |k: usize| format!("(;SZ[9]{}{})", "(;B[aa]".repeat(k), ")".repeat(k));
        assert!(scan(&nested(half)).is_ok());
        let e = scan(&nested(MAX_LINE_NODES)).unwrap_err();
        assert!(e.starts_with("line 1: a line of play deeper"), "{e}");
        // Parentheses without nodes are no way around it.
        let e = scan(&format!(
            "(;{}{}",
            "(".repeat(MAX_LINE_NODES + 1),
            ")".repeat(MAX_LINE_NODES + 2)
        ))
        .unwrap_err();
        assert!(e.contains("deeper than"), "{e}");
        // The line named is where the bound is crossed.
        let e = scan(&format!("(;SZ[9]\n{})", ";B[aa]\n".repeat(MAX_LINE_NODES))).unwrap_err();
        assert!(
            e.starts_with(&format!("line {}:", MAX_LINE_NODES + 1)),
            "{e}"
        );
    }
}
