//! Where the points of a board that is no plain grid are drawn: at their coordinates
//! (grids with diagonal adjacency, points named `column,row`), in design D2's gadget
//! layout (the 3-SAT instances), or by a force layout, all deterministic.

use tsume_board::{Board, Point};

/// A gadget of a drawing: a box around some points, with its name.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Gadget {
    /// The points inside the box.
    pub points: Vec<Point>,
    /// The name written on the box.
    pub label: String,
}

/// A layout: a position per point (in units of one edge, y downwards), short labels for
/// points, gadget boxes, and the edges to draw faint (to the big walls every choice
/// point touches).
#[derive(Clone, Debug, Default)]
pub(crate) struct Layout {
    pub at: Vec<(f64, f64)>,
    pub labels: Vec<(Point, String)>,
    pub gadgets: Vec<Gadget>,
    pub faint: Vec<Point>,
}

/// The layout of `board`: its grid coordinates where it has them (a grid with
/// diagonals, or every point named `column,row`), design D2's layout where its point
/// names are D2's (`labels`: the graph file's, for the clauses' text), else a force
/// layout.
pub(crate) fn layout(board: &Board, labels: &[(Point, String)]) -> Layout {
    if let Some(at) = grid_coordinates(board) {
        return Layout {
            at,
            ..Layout::default()
        };
    }
    if let Some(l) = d2_layout(board, labels) {
        return l;
    }
    Layout {
        at: force_layout(board),
        ..Layout::default()
    }
}

/// Grid coordinates: `xy` on a grid board, else `column,row` names, if every point has one.
fn grid_coordinates(board: &Board) -> Option<Vec<(f64, f64)>> {
    board
        .points()
        .map(|p| match board.xy(p) {
            Some((x, y)) => Some((f64::from(x), f64::from(y))),
            None => {
                let (x, y) = board.name(p).split_once(',')?;
                Some((x.trim().parse::<f64>().ok()?, y.trim().parse::<f64>().ok()?))
            }
        })
        .collect()
}

/// Fruchterman and Reingold's spring layout, deterministic: the points start on a
/// circle in depth-first order from the first point (so neighbours start near each
/// other), then a fixed number of rounds with a falling temperature.
pub(crate) fn force_layout(board: &Board) -> Vec<(f64, f64)> {
    let n = board.len();
    if n == 0 {
        return Vec::new();
    }
    // Depth-first order over every component: a path or a ring starts in order.
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for s in board.points() {
        if seen[s.index()] {
            continue;
        }
        let mut stack = vec![s];
        while let Some(p) = stack.pop() {
            if seen[p.index()] {
                continue;
            }
            seen[p.index()] = true;
            order.push(p);
            for &q in board.neighbors(p).iter().rev() {
                if !seen[q.index()] {
                    stack.push(q);
                }
            }
        }
    }
    let radius = (n as f64).sqrt().max(1.0);
    let mut at = vec![(0.0, 0.0); n];
    for (k, p) in order.iter().enumerate() {
        let a = std::f64::consts::TAU * k as f64 / n as f64;
        at[p.index()] = (radius * a.cos(), radius * a.sin());
    }
    // Rounds: fewer on large boards (each costs n² steps).
    let rounds = (40_000_000 / (n * n).max(1)).clamp(20, 400);
    let k = 1.0_f64;
    for round in 0..rounds {
        let temp = radius * 0.2 * (1.0 - round as f64 / rounds as f64) + 0.01;
        let mut shift = vec![(0.0_f64, 0.0_f64); n];
        for i in 0..n {
            for j in (i + 1)..n {
                let (dx, dy) = (at[i].0 - at[j].0, at[i].1 - at[j].1);
                let d2 = (dx * dx + dy * dy).max(1e-4);
                let f = k * k / d2;
                shift[i].0 += dx * f;
                shift[i].1 += dy * f;
                shift[j].0 -= dx * f;
                shift[j].1 -= dy * f;
            }
        }
        for p in board.points() {
            for &q in board.neighbors(p) {
                if q <= p {
                    continue;
                }
                let (i, j) = (p.index(), q.index());
                let (dx, dy) = (at[i].0 - at[j].0, at[i].1 - at[j].1);
                let d = (dx * dx + dy * dy).sqrt().max(1e-2);
                let f = d / k;
                shift[i].0 -= dx * f;
                shift[i].1 -= dy * f;
                shift[j].0 += dx * f;
                shift[j].1 += dy * f;
            }
        }
        for (a, s) in at.iter_mut().zip(&shift) {
            let len = (s.0 * s.0 + s.1 * s.1).sqrt();
            if len > 0.0 {
                let step = len.min(temp);
                a.0 += s.0 / len * step;
                a.1 += s.1 / len * step;
            }
        }
    }
    at
}

/// Design D2's instance (tsume-reduce's crate docs name its points: `L` Λ with its eye
/// `e`, `E`, the gate Ω `q` with its liberties `g<k>`, Λ's outside liberties `f<k>`,
/// the walls `z` and `w` with their eyes, per variable `h<i>` `A<i>` `B<i>`, per clause
/// `k<j>`), drawn in rows: Λ on top, the variables below it, then the clauses, the
/// gate and W at the bottom, Z on the right. None if a point's name is not D2's.
fn d2_layout(board: &Board, labels: &[(Point, String)]) -> Option<Layout> {
    let named = |n: &str| board.point_named(n);
    let (l, e, big_e) = (named("L")?, named("e")?, named("E")?);
    let numbered = |prefix: &str| -> Vec<(u32, Point)> {
        let mut v: Vec<(u32, Point)> = board
            .points()
            .filter_map(|p| {
                let rest = board.name(p).strip_prefix(prefix)?;
                Some((rest.parse::<u32>().ok()?, p))
            })
            .collect();
        v.sort();
        v
    };
    let (hs, as_, bs) = (numbered("h"), numbered("A"), numbered("B"));
    let (ks, fs, gs) = (numbered("k"), numbered("f"), numbered("g"));
    let (q, z, w) = (named("q"), named("z"), named("w"));
    let eyes = |wall: &str| -> Vec<Point> {
        (1..=2)
            .filter_map(|i| named(&format!("{wall}{i}")))
            .collect()
    };
    let (z_eyes, w_eyes) = (eyes("z"), eyes("w"));
    let known = 3
        + hs.len()
        + as_.len()
        + bs.len()
        + ks.len()
        + fs.len()
        + gs.len()
        + [q, z, w].iter().flatten().count()
        + z_eyes.len()
        + w_eyes.len();
    if known != board.len() || as_.len() != hs.len() || bs.len() != hs.len() {
        return None;
    }
    let m = hs.len().max(1) as f64;
    let width = (2.0 * m + 0.6 * (m - 1.0))
        .max(1.6 * ks.len() as f64)
        .max(4.0);
    let centre = (width - 1.0) / 2.0;
    let mut at = vec![(0.0, 0.0); board.len()];
    let mut put = |p: Point, x: f64, y: f64| at[p.index()] = (x, y);
    put(l, centre, 0.0);
    put(e, centre - 1.2, -0.6);
    put(big_e, -1.6, 2.6);
    for (k, &(_, f)) in fs.iter().enumerate() {
        put(f, centre + 1.4 + k as f64 * 0.9, -0.6);
    }
    let var_x = |i: usize| i as f64 * 2.6 + (width - (2.6 * m - 0.6)) / 2.0;
    for (i, (&(_, h), (&(_, a), &(_, b)))) in hs.iter().zip(as_.iter().zip(&bs)).enumerate() {
        let x = var_x(i);
        put(h, x + 0.5, 1.4);
        put(a, x, 2.8);
        put(b, x + 1.0, 2.8);
    }
    let nk = ks.len().max(1) as f64;
    for (j, &(_, k)) in ks.iter().enumerate() {
        put(k, (j as f64 + 0.5) * width / nk - 0.5, 4.6);
    }
    if let Some(q) = q {
        put(q, centre, 6.0);
    }
    let ng = gs.len() as f64;
    for (k, &(_, g)) in gs.iter().enumerate() {
        put(g, centre + (k as f64 - (ng - 1.0) / 2.0) * 1.0, 7.2);
    }
    if let Some(w) = w {
        put(w, centre, 8.4);
    }
    for (k, &p) in w_eyes.iter().enumerate() {
        put(p, centre - 0.9 + 1.8 * k as f64, 9.2);
    }
    if let Some(z) = z {
        put(z, width + 0.8, 1.4);
    }
    for (k, &p) in z_eyes.iter().enumerate() {
        put(p, width + 1.7, 0.6 + 1.6 * k as f64);
    }

    // Short labels, and the gadgets as the crate docs name them.
    let mut labels_out = vec![(l, "Λ".to_string()), (e, "e".to_string())];
    labels_out.push((big_e, "E".to_string()));
    let mut gadgets = vec![Gadget {
        points: vec![l, e],
        label: "Λ (target) and its eye e".to_string(),
    }];
    for &(i, h) in &hs {
        labels_out.push((h, format!("H{i}")));
    }
    for (&(i, a), &(_, b)) in as_.iter().zip(&bs) {
        labels_out.push((a, format!("A{i}: u{i}")));
        labels_out.push((b, format!("B{i}: ¬u{i}")));
    }
    for (&(i, h), (&(_, a), &(_, b))) in hs.iter().zip(as_.iter().zip(&bs)) {
        gadgets.push(Gadget {
            points: vec![h, a, b],
            label: format!("variable u{i}"),
        });
    }
    for &(j, k) in &ks {
        labels_out.push((k, format!("K{j}")));
        let text = labels
            .iter()
            .find(|(p, _)| *p == k)
            .and_then(|(_, t)| t.split_once('='))
            .map(|(_, c)| c.trim().trim_start_matches('(').trim_end_matches(')'))
            .unwrap_or("");
        gadgets.push(Gadget {
            points: vec![k],
            label: format!("clause c{j}: {text}"),
        });
    }
    for &(i, f) in &fs {
        labels_out.push((f, format!("f{i}")));
    }
    if !fs.is_empty() {
        gadgets.push(Gadget {
            points: fs.iter().map(|&(_, f)| f).collect(),
            label: "Λ's outside liberties f".to_string(),
        });
    }
    for &(i, g) in &gs {
        labels_out.push((g, format!("g{i}")));
    }
    if let Some(q) = q {
        labels_out.push((q, "Ω".to_string()));
        let mut pts = vec![q];
        pts.extend(gs.iter().map(|&(_, g)| g));
        gadgets.push(Gadget {
            points: pts,
            label: "the gate Ω and its liberties g".to_string(),
        });
    }
    for (wall, eyes, name) in [(z, &z_eyes, "Z"), (w, &w_eyes, "W")] {
        if let Some(p) = wall {
            labels_out.push((p, name.to_string()));
            let mut pts = vec![p];
            pts.extend(eyes.iter().copied());
            gadgets.push(Gadget {
                points: pts,
                label: format!("{name}: alive, two eyes"),
            });
        }
    }
    let faint = [z, w].into_iter().flatten().collect();
    Some(Layout {
        at,
        labels: labels_out,
        gadgets,
        faint,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// The force layout is the same every time and keeps neighbours nearer than the
    /// rest: on a ring of 12 points, each point's neighbours are nearer than the point
    /// opposite.
    #[test]
    fn force_layout_is_deterministic_and_keeps_neighbours_near() {
        let names = (0..12).map(|i| format!("p{i}")).collect();
        let edges: Vec<(usize, usize)> = (0..12).map(|i| (i, (i + 1) % 12)).collect();
        let board = Board::from_edges(names, &edges).unwrap();
        let a = force_layout(&board);
        assert_eq!(a, force_layout(&board));
        let d = |i: usize, j: usize| ((a[i].0 - a[j].0).powi(2) + (a[i].1 - a[j].1).powi(2)).sqrt();
        for i in 0..12 {
            assert!(d(i, (i + 1) % 12) < d(i, (i + 6) % 12), "point {i}");
        }
    }

    /// Names `column,row` are taken as coordinates; other names are not.
    #[test]
    fn column_row_names_are_coordinates() {
        let board = Board::from_edges(
            vec!["0,0".into(), "1,0".into(), "1,2".into()],
            &[(0, 1), (1, 2)],
        )
        .unwrap();
        assert_eq!(
            grid_coordinates(&board),
            Some(vec![(0.0, 0.0), (1.0, 0.0), (1.0, 2.0)])
        );
        let other = Board::from_edges(vec!["a".into(), "b".into()], &[(0, 1)]).unwrap();
        assert_eq!(grid_coordinates(&other), None);
    }
}
