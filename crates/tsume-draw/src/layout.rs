//! Where the points of a board that is no plain grid are drawn: at their coordinates
//! (grids with diagonal adjacency, points named `column,row`), in design D2's gadget
//! layout (the 3-SAT instances), or by a force layout, all deterministic.

use std::time::Instant;

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
/// layout: [`force_layout`] up to [`PLAIN_MAX`] points, [`grid_layout`] above, their
/// rounds stopped at `deadline`.
pub(crate) fn layout(
    board: &Board,
    labels: &[(Point, String)],
    deadline: Option<Instant>,
) -> Layout {
    if let Some(at) = grid_coordinates(board) {
        return Layout {
            at,
            ..Layout::default()
        };
    }
    if let Some(l) = d2_layout(board, labels) {
        return l;
    }
    let (at, _) = if board.len() <= PLAIN_MAX {
        force_layout(board, deadline)
    } else {
        grid_layout(board, deadline)
    };
    Layout {
        at,
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

/// The largest board laid out by the plain force layout ([`force_layout`]), whose rounds
/// cost the square of the points; above it, [`grid_layout`], whose rounds are linear.
pub(crate) const PLAIN_MAX: usize = 2_000;

/// The rounds of a force layout: how many were planned, how many made (fewer when the
/// deadline passed or, on a large board, a round would have passed its work bound).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rounds {
    pub planned: usize,
    pub made: usize,
}

/// The points of `board` in depth-first order over every component, from the first
/// point: a path or a ring comes in order.
fn depth_first(board: &Board) -> Vec<Point> {
    let n = board.len();
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
    order
}

/// Whether `deadline` has passed.
fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// The attraction of each edge (Fruchterman and Reingold: d²/k along it) added to
/// `shift`, every edge once.
fn attract(board: &Board, at: &[(f64, f64)], k: f64, shift: &mut [(f64, f64)]) {
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
}

/// Each point moved along its shift by at most `temp`.
fn step(at: &mut [(f64, f64)], shift: &[(f64, f64)], temp: f64) {
    for (a, s) in at.iter_mut().zip(shift) {
        let len = (s.0 * s.0 + s.1 * s.1).sqrt();
        if len > 0.0 {
            let step = len.min(temp);
            a.0 += s.0 / len * step;
            a.1 += s.1 / len * step;
        }
    }
}

/// Fruchterman and Reingold's spring layout, deterministic: the points start on a
/// circle in depth-first order from the first point (so neighbours start near each
/// other), then a fixed number of rounds with a falling temperature, each of them over
/// every pair of points (for boards up to [`PLAIN_MAX`] points). The rounds stop at
/// `deadline`.
pub(crate) fn force_layout(board: &Board, deadline: Option<Instant>) -> (Vec<(f64, f64)>, Rounds) {
    let n = board.len();
    if n == 0 {
        return (
            Vec::new(),
            Rounds {
                planned: 0,
                made: 0,
            },
        );
    }
    let order = depth_first(board);
    let radius = (n as f64).sqrt().max(1.0);
    let mut at = vec![(0.0, 0.0); n];
    for (k, p) in order.iter().enumerate() {
        let a = std::f64::consts::TAU * k as f64 / n as f64;
        at[p.index()] = (radius * a.cos(), radius * a.sin());
    }
    // Rounds: fewer on large boards (each costs n² steps).
    let rounds = (40_000_000 / (n * n).max(1)).clamp(20, 400);
    let k = 1.0_f64;
    let mut made = 0;
    for round in 0..rounds {
        if past(deadline) {
            break;
        }
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
        attract(board, &at, k, &mut shift);
        step(&mut at, &shift, temp);
        made += 1;
    }
    (
        at,
        Rounds {
            planned: rounds,
            made,
        },
    )
}

/// The rounds of [`grid_layout`].
const GRID_ROUNDS: usize = 20;
/// The pairs one round of [`grid_layout`] may weigh, a point: past it the round is not
/// made (the points crowd; the layout stays as it is).
const PAIRS_A_POINT: usize = 256;

/// Fruchterman and Reingold's grid variant (*Graph Drawing by Force-directed Placement*,
/// 1991, §"the grid variant"): the plane cut into squares of side 2k, and a point
/// repelled only by the points of its square and the eight around it, those within 2k;
/// the edges attract as in [`force_layout`]. The points start one unit apart on a
/// snake through the depth-first order (a path is drawn as a snake), so a round costs
/// the points times their neighbours within 2k, bounded by [`PAIRS_A_POINT`] a point:
/// linear in the board. The rounds stop at `deadline`.
pub(crate) fn grid_layout(board: &Board, deadline: Option<Instant>) -> (Vec<(f64, f64)>, Rounds) {
    let n = board.len();
    let order = depth_first(board);
    let width = (n as f64).sqrt().ceil().max(1.0) as usize;
    let mut at = vec![(0.0, 0.0); n];
    for (i, p) in order.iter().enumerate() {
        let (row, col) = (i / width, i % width);
        let col = if row % 2 == 1 { width - 1 - col } else { col };
        at[p.index()] = (col as f64, row as f64);
    }
    let k = 1.0_f64;
    let mut made = 0;
    for round in 0..GRID_ROUNDS {
        if past(deadline) {
            break;
        }
        let Some(mut shift) = repulsion_grid(&at, k, PAIRS_A_POINT * n) else {
            break;
        };
        let temp = 0.5 * (1.0 - round as f64 / GRID_ROUNDS as f64) + 0.01;
        attract(board, &at, k, &mut shift);
        step(&mut at, &shift, temp);
        made += 1;
    }
    (
        at,
        Rounds {
            planned: GRID_ROUNDS,
            made,
        },
    )
}

/// The repulsion on each point (Fruchterman and Reingold: k²/d away from each other
/// point) from the points within 2k of it, found through squares of side 2k; each
/// point's terms summed in the order of the points, as [`repulsion_plain`] sums them.
/// None when more than `budget` pairs would be weighed.
pub(crate) fn repulsion_grid(at: &[(f64, f64)], k: f64, budget: usize) -> Option<Vec<(f64, f64)>> {
    let reach = 2.0 * k;
    let square = |(x, y): (f64, f64)| ((y / reach).floor() as i64, (x / reach).floor() as i64);
    // The points sorted by their square (row, column), then by number.
    let mut by_square: Vec<((i64, i64), usize)> = at
        .iter()
        .enumerate()
        .map(|(i, &a)| (square(a), i))
        .collect();
    by_square.sort_unstable();
    let mut shift = vec![(0.0, 0.0); at.len()];
    let mut near = Vec::new();
    let mut weighed = 0usize;
    // Square by square: the points of the nine squares around, in the order of the
    // points, weighed against each point of the square.
    let mut first = 0;
    while first < by_square.len() {
        let (row, col) = by_square[first].0;
        let end = first + by_square[first..].partition_point(|&(s, _)| s == (row, col));
        near.clear();
        for r in row - 1..=row + 1 {
            let from = by_square.partition_point(|&(s, _)| s < (r, col - 1));
            let to = by_square.partition_point(|&(s, _)| s <= (r, col + 1));
            near.extend(by_square[from..to].iter().map(|&(_, j)| j));
        }
        weighed = weighed.saturating_add(near.len() * (end - first));
        if weighed > budget {
            return None;
        }
        near.sort_unstable();
        for &(_, i) in &by_square[first..end] {
            for &j in &near {
                push_apart(&mut shift[i], at[i], at[j], j != i, k);
            }
        }
        first = end;
    }
    Some(shift)
}

/// The repulsion of `b` on `a` within 2k (FR's grid variant), added to `s`.
fn push_apart(s: &mut (f64, f64), a: (f64, f64), b: (f64, f64), other: bool, k: f64) {
    let (dx, dy) = (a.0 - b.0, a.1 - b.1);
    let d2 = dx * dx + dy * dy;
    if other && d2 < 4.0 * k * k {
        let f = k * k / d2.max(1e-4);
        s.0 += dx * f;
        s.1 += dy * f;
    }
}

/// [`repulsion_grid`] the obviously correct way: every pair of points weighed, each
/// point's terms summed in the order of the points.
#[cfg(test)]
pub(crate) fn repulsion_plain(at: &[(f64, f64)], k: f64) -> Vec<(f64, f64)> {
    let mut shift = vec![(0.0, 0.0); at.len()];
    for (i, &a) in at.iter().enumerate() {
        for (j, &b) in at.iter().enumerate() {
            push_apart(&mut shift[i], a, b, j != i, k);
        }
    }
    shift
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
        let (a, rounds) = force_layout(&board, None);
        assert_eq!(rounds.made, rounds.planned);
        assert_eq!(a, force_layout(&board, None).0);
        let d = |i: usize, j: usize| ((a[i].0 - a[j].0).powi(2) + (a[i].1 - a[j].1).powi(2)).sqrt();
        for i in 0..12 {
            assert!(d(i, (i + 1) % 12) < d(i, (i + 6) % 12), "point {i}");
        }
    }

    fn path(n: usize) -> Board {
        let names = (0..n).map(|i| format!("p{i}")).collect();
        let edges: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        Board::from_edges(names, &edges).unwrap()
    }

    /// The grid variant's repulsion is the plain one's, bit for bit: the same terms (each
    /// pair within 2k) summed in the same order, on points spread, crowded, on the
    /// squares' edges and far apart.
    #[test]
    fn the_grid_repulsion_is_the_plain_one() {
        let mut rng = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut sets: Vec<Vec<(f64, f64)>> = Vec::new();
        for scale in [0.5, 3.0, 20.0, 200.0] {
            sets.push(
                (0..300)
                    .map(|_| (next() * scale - scale / 2.0, next() * scale))
                    .collect(),
            );
        }
        // On the squares' edges (multiples of 2k = 2), and two points at one place.
        sets.push(
            (0..200)
                .map(|i| (f64::from(i % 10) * 2.0, f64::from(i / 10) * 1.0))
                .chain([(0.0, 0.0), (7.0, 7.0), (7.0, 7.0)])
                .collect(),
        );
        for at in &sets {
            let plain = repulsion_plain(at, 1.0);
            assert_eq!(repulsion_grid(at, 1.0, usize::MAX), Some(plain));
        }
        // Points crowded past the bound: the round is not made.
        let crowd: Vec<(f64, f64)> = (0..100).map(|i| (f64::from(i) * 0.01, 0.5)).collect();
        assert!(repulsion_grid(&crowd, 1.0, 100 * 99).is_none());
        assert!(repulsion_grid(&crowd, 1.0, 100 * 100).is_some());
    }

    /// Issue 48, class 4: the force layout weighed every pair of points in each round
    /// (20,000 points: 20 rounds of 2·10⁸ pairs). Above `PLAIN_MAX` points the grid
    /// variant lays a path out in every round within its bound of pairs a point (a
    /// bound: linear), the same every time, every edge short.
    #[test]
    fn a_large_path_is_laid_out_in_linear_rounds() {
        let board = path(PLAIN_MAX + 1_000);
        let lay = layout(&board, &[], None);
        let (at, rounds) = grid_layout(&board, None);
        assert_eq!(
            rounds,
            Rounds {
                planned: GRID_ROUNDS,
                made: GRID_ROUNDS
            }
        );
        assert_eq!(lay.at, at);
        assert_eq!(grid_layout(&board, None).0, at);
        let d =
            |i: usize, j: usize| ((at[i].0 - at[j].0).powi(2) + (at[i].1 - at[j].1).powi(2)).sqrt();
        for i in 1..board.len() {
            assert!(d(i - 1, i) < 2.5, "edge {i}: {}", d(i - 1, i));
        }
        // A board no larger is laid out by the plain layout.
        let small = path(PLAIN_MAX);
        assert_eq!(layout(&small, &[], None).at, force_layout(&small, None).0);
    }

    /// `--time-limit` covers the layout: past the deadline no round is made.
    #[test]
    fn no_round_past_the_deadline() {
        let past = Some(Instant::now());
        for board in [path(50), path(PLAIN_MAX + 1)] {
            let (_, plain) = force_layout(&board, past);
            let (_, grid) = grid_layout(&board, past);
            assert_eq!((plain.made, grid.made), (0, 0));
            assert!(plain.planned > 0 && grid.planned > 0);
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
