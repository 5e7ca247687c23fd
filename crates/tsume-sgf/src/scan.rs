//! A light pass over the SGF text before the real parser: it reports unbalanced
//! brackets and parentheses with a line number, and counts for each game tree the
//! nodes of its root sequence (the nodes before the first variation), which are the
//! only moves applied to the problem's position.

/// For each top-level game tree, the number of nodes in its root sequence.
pub(crate) fn scan(text: &str) -> Result<Vec<usize>, String> {
    let mut trees: Vec<usize> = Vec::new();
    let mut line = 1usize;
    let mut in_value = false;
    let mut value_line = 0usize;
    let mut escaped = false;
    let mut open_lines: Vec<usize> = Vec::new();
    let mut counting = false;
    for c in text.chars() {
        if c == '\n' {
            line += 1;
        }
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
                match open_lines.len() {
                    1 => {
                        trees.push(0);
                        counting = true;
                    }
                    2 => counting = false,
                    _ => {}
                }
            }
            ')' if open_lines.pop().is_none() => {
                return Err(format!("')' on line {line} closes no '('"));
            }
            ';' if counting && open_lines.len() == 1 => {
                if let Some(n) = trees.last_mut() {
                    *n += 1;
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
    Ok(trees)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_root_sequences_and_skips_values() {
        let t = "(;SZ[9]C[a ( ; \\] x];B[aa];W[bb](;B[cc])(;B[dd]))\n(;GM[1])";
        assert_eq!(scan(t), Ok(vec![3, 1]));
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
}
