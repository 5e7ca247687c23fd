//! The layers a scene draws: the board under the stones, the labels and gadget boxes
//! over it, and the stones of a position.

use svg::node::element::{Circle, Group, Line as SvgLine, Polygon, Rectangle, Text, Title};
use tsume_board::{Color, Point, Position};

use crate::scene::{Kind, Scene, Spot, BLACK, SPACING, WHITE, WOOD};

/// The grey laid over the points not in play.
const GREY: &str = "#7d7d7d";
/// The outside's virtual wall.
const WALL: &str = "#2460c8";
/// The target's mark.
const MARK: &str = "#d0311f";

impl Scene {
    /// The layers under the stones: the wood or paper, lines or edges, star points,
    /// coordinates, the grey over the points not in play with their stones, gadget boxes,
    /// and (if `joins`) the outside's virtual wall where it joins.
    pub(crate) fn base(&self, with_joins: bool) -> Group {
        let mut g = Group::new().set("class", "base");
        let r = self.radius;
        match &self.kind {
            Kind::Board {
                x0,
                y0,
                x1,
                y1,
                width,
                height,
                open,
            } => {
                let first = &self.spots[0];
                let (ax, ay) = (first.x, first.y);
                let bx = ax + f64::from(x1 - x0) * SPACING;
                let by = ay + f64::from(y1 - y0) * SPACING;
                let m = SPACING * 0.55;
                g = g.add(
                    Rectangle::new()
                        .set("class", "wood")
                        .set("x", ax - m)
                        .set("y", ay - m)
                        .set("width", bx - ax + 2.0 * m)
                        .set("height", by - ay + 2.0 * m)
                        .set("fill", WOOD),
                );
                let ext = SPACING * 0.5;
                for x in *x0..=*x1 {
                    let cx = ax + f64::from(x - x0) * SPACING;
                    let edge = x == 0 || x + 1 == *width;
                    g = g.add(grid_line(
                        cx,
                        ay - if open[0] { ext } else { 0.0 },
                        cx,
                        by + if open[2] { ext } else { 0.0 },
                        edge,
                    ));
                }
                for y in *y0..=*y1 {
                    let cy = ay + f64::from(y - y0) * SPACING;
                    let edge = y == 0 || y + 1 == *height;
                    g = g.add(grid_line(
                        ax - if open[3] { ext } else { 0.0 },
                        cy,
                        bx + if open[1] { ext } else { 0.0 },
                        cy,
                        edge,
                    ));
                }
                for (sx, sy) in star_points(*width, *height) {
                    if (*x0..=*x1).contains(&sx) && (*y0..=*y1).contains(&sy) {
                        g = g.add(
                            Circle::new()
                                .set("class", "star")
                                .set("cx", ax + f64::from(sx - x0) * SPACING)
                                .set("cy", ay + f64::from(sy - y0) * SPACING)
                                .set("r", 3.2)
                                .set("fill", "#222"),
                        );
                    }
                }
                // Coordinates: letters below, numbers on the left (GTP: A1 bottom left).
                for x in *x0..=*x1 {
                    let name = tsume_board::coord::gtp_column(x)
                        .map_or_else(|| x.to_string(), |c| c.to_string());
                    g = g.add(text(
                        ax + f64::from(x - x0) * SPACING,
                        by + SPACING * 0.95,
                        &name,
                        "coord col",
                        12.0,
                        "#333",
                    ));
                }
                for y in *y0..=*y1 {
                    g = g.add(text(
                        ax - SPACING * 0.95,
                        ay + f64::from(y - y0) * SPACING,
                        &(height - y).to_string(),
                        "coord row",
                        12.0,
                        "#333",
                    ));
                }
                // The points not in play, greyed.
                for (s, spot) in self.spots.iter().enumerate() {
                    if !self.in_play[s] {
                        g = g.add(
                            Rectangle::new()
                                .set("class", "out")
                                .set("x", spot.x - SPACING / 2.0)
                                .set("y", spot.y - SPACING / 2.0)
                                .set("width", SPACING)
                                .set("height", SPACING)
                                .set("fill", GREY)
                                .set("fill-opacity", 0.55),
                        );
                    }
                }
            }
            Kind::Graph { edges } => {
                g = g.add(
                    Rectangle::new()
                        .set("class", "paper")
                        .set("x", 0)
                        .set("y", 0)
                        .set("width", self.width)
                        .set("height", self.height)
                        .set("rx", 8)
                        .set("fill", "#efe3c2"),
                );
                for (spots, label) in &self.gadgets {
                    g = g.add(self.gadget_box(spots, label));
                }
                for &(a, b, faint) in edges {
                    let (p, q) = (&self.spots[a], &self.spots[b]);
                    let mut l = SvgLine::new()
                        .set("class", if faint { "edge faint" } else { "edge" })
                        .set("x1", p.x)
                        .set("y1", p.y)
                        .set("x2", q.x)
                        .set("y2", q.y)
                        .set("stroke", if faint { "#9c8a64" } else { "#3a3a3a" })
                        .set("stroke-width", if faint { 0.8 } else { 1.6 });
                    if faint {
                        l = l.set("stroke-dasharray", "3 3");
                    }
                    g = g.add(l);
                }
                for (s, spot) in self.spots.iter().enumerate() {
                    g = g.add(
                        Circle::new()
                            .set("class", if self.in_play[s] { "node" } else { "node out" })
                            .set("cx", spot.x)
                            .set("cy", spot.y)
                            .set("r", r * 0.42)
                            .set("fill", "#c9a24f")
                            .set("stroke", "#3a3a3a")
                            .set("stroke-width", 1),
                    );
                }
            }
        }
        // Stones not in play: from the board's start, faded (they never move).
        for (s, spot) in self.spots.iter().enumerate() {
            if self.in_play[s] {
                continue;
            }
            if let Some(c) = self.full.color(spot.point) {
                g = g.add(stone(spot, c, r, "stone out").set("opacity", 0.45));
            }
        }
        if with_joins {
            // A dashed link from the stone or point to the board beyond the area, ending
            // in a small diamond: the virtual wall.
            for &(s, (tx, ty)) in &self.joins {
                let spot = &self.spots[s];
                let (dx, dy) = (tx - spot.x, ty - spot.y);
                let len = (dx * dx + dy * dy).sqrt().max(1e-6);
                let (ux, uy) = (dx / len, dy / len);
                let k = r * 0.42;
                g = g
                    .add(
                        SvgLine::new()
                            .set("class", "join")
                            .set("x1", spot.x + ux * r * 0.9)
                            .set("y1", spot.y + uy * r * 0.9)
                            .set("x2", tx)
                            .set("y2", ty)
                            .set("stroke", WALL)
                            .set("stroke-width", 4)
                            .set("stroke-dasharray", "6 3"),
                    )
                    .add(
                        Polygon::new()
                            .set("class", "wall")
                            .set(
                                "points",
                                format!(
                                    "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
                                    tx,
                                    ty - k,
                                    tx + k,
                                    ty,
                                    tx,
                                    ty + k,
                                    tx - k,
                                    ty
                                ),
                            )
                            .set("fill", WALL),
                    );
            }
        }
        g
    }

    /// A gadget's box: a rounded rectangle around its points, its name above.
    fn gadget_box(&self, spots: &[usize], label: &str) -> Group {
        let r = self.radius;
        let xs = spots.iter().map(|&s| self.spots[s].x);
        let ys = spots.iter().map(|&s| self.spots[s].y);
        let (minx, maxx) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
        let (miny, maxy) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
        let pad = r * 1.6;
        Group::new()
            .set("class", "gadget")
            .add(
                Rectangle::new()
                    .set("x", minx - pad)
                    .set("y", miny - pad)
                    .set("width", maxx - minx + 2.0 * pad)
                    .set("height", maxy - miny + 2.0 * pad)
                    .set("rx", 9)
                    .set("fill", "#fff8e6")
                    .set("fill-opacity", 0.7)
                    .set("stroke", "#8a6d2f")
                    .set("stroke-width", 1),
            )
            .add(
                text(
                    minx - pad + 4.0,
                    miny - pad - 6.0,
                    label,
                    "gadget-name",
                    11.0,
                    "#5a4318",
                )
                .set("text-anchor", "start"),
            )
    }

    /// The layer over the stones: short labels, with a patch of wood under a label on
    /// an empty point of a board.
    pub(crate) fn overlay(&self) -> Group {
        let mut g = Group::new().set("class", "labels");
        for (s, t) in &self.labels {
            let spot = &self.spots[*s];
            let on_board = matches!(self.kind, Kind::Board { .. });
            if on_board {
                let fill = match self.full.color(spot.point) {
                    Some(Color::Black) => "#ffffff",
                    Some(Color::White) => "#000000",
                    None => "#000000",
                };
                if self.full.color(spot.point).is_none() {
                    g = g.add(
                        Rectangle::new()
                            .set("x", spot.x - SPACING * 0.32)
                            .set("y", spot.y - SPACING * 0.26)
                            .set("width", SPACING * 0.64)
                            .set("height", SPACING * 0.52)
                            .set("fill", WOOD),
                    );
                }
                g = g.add(text(spot.x, spot.y, t, "label", 11.0, fill));
            } else {
                g = g.add(
                    text(
                        spot.x + self.radius * 0.9,
                        spot.y - self.radius * 0.9,
                        t,
                        "label",
                        12.0,
                        "#1f1f7a",
                    )
                    .set("text-anchor", "start")
                    .set("font-weight", "bold"),
                );
            }
        }
        g
    }

    /// The stones of a position in play, numbered as `numbers` says, the target marked
    /// while its stone stands.
    pub(crate) fn stones(&self, pos: &Position, numbers: Option<&[Option<u32>]>) -> Group {
        let mut g = Group::new().set("class", "stones");
        let r = self.radius;
        for p in pos.board().points() {
            let (Some(s), Some(c)) = (self.spot_in_play(p), pos.color(p)) else {
                continue;
            };
            let spot = &self.spots[s];
            let class = match c {
                Color::Black => "stone black",
                Color::White => "stone white",
            };
            g = g.add(stone(spot, c, r, class));
            if let Some(n) = numbers.and_then(|ns| ns.get(p.index()).copied().flatten()) {
                g = g.add(number(spot, c, r, n));
            }
        }
        if let Some(t) = self.target {
            let standing = self
                .map
                .iter()
                .position(|&f| f == Some(t))
                .and_then(|i| pos.color(Point::from_index(i)));
            if let (Some(c), Some(s)) = (standing, self.spot_of[t.index()]) {
                g = g.add(target_mark(&self.spots[s], c, r));
            }
        }
        g
    }
}

/// A line of the grid (thicker on the board's edge).
fn grid_line(x1: f64, y1: f64, x2: f64, y2: f64, edge: bool) -> SvgLine {
    SvgLine::new()
        .set("class", if edge { "line edge" } else { "line" })
        .set("x1", x1)
        .set("y1", y1)
        .set("x2", x2)
        .set("y2", y2)
        .set("stroke", "#2b2b2b")
        .set("stroke-width", if edge { 2.0 } else { 1.0 })
}

/// Centred text.
pub(crate) fn text(x: f64, y: f64, t: &str, class: &str, size: f64, fill: &str) -> Text {
    Text::new(t)
        .set("class", class)
        .set("x", x)
        .set("y", y)
        .set("font-size", size)
        .set("font-family", "DejaVu Sans, Arial, sans-serif")
        .set("text-anchor", "middle")
        .set("dominant-baseline", "central")
        .set("fill", fill)
}

/// A stone: a circle named by its point (`data-point`), its colour in `class`.
pub(crate) fn stone(spot: &Spot, c: Color, r: f64, class: &str) -> Circle {
    let (fill, stroke) = match c {
        Color::Black => (BLACK, "#000"),
        Color::White => (WHITE, "#444"),
    };
    Circle::new()
        .set("class", class)
        .set("data-point", spot.name.as_str())
        .set("cx", spot.x)
        .set("cy", spot.y)
        .set("r", r)
        .set("fill", fill)
        .set("stroke", stroke)
        .set("stroke-width", 1)
}

/// A move number on a stone.
pub(crate) fn number(spot: &Spot, c: Color, r: f64, n: u32) -> Text {
    let size = if n >= 100 { r * 0.78 } else { r * 0.98 };
    let fill = match c {
        Color::Black => "#ffffff",
        Color::White => "#000000",
    };
    text(spot.x, spot.y, &n.to_string(), "num", size, fill)
}

/// The target's mark: a triangle on its stone.
pub(crate) fn target_mark(spot: &Spot, _c: Color, r: f64) -> Polygon {
    let k = r * 0.55;
    let pts = format!(
        "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
        spot.x,
        spot.y - k,
        spot.x - k * 0.87,
        spot.y + k * 0.5,
        spot.x + k * 0.87,
        spot.y + k * 0.5
    );
    Polygon::new()
        .set("class", "target")
        .set("points", pts)
        .set("fill", "none")
        .set("stroke", MARK)
        .set("stroke-width", 2.2)
        .add(Title::new("the target"))
}

/// Star points: on boards of 9 lines or more, the third line (fourth from 13), the
/// centre of an odd board, the sides' middles from 15 lines.
fn star_points(w: u32, h: u32) -> Vec<(u32, u32)> {
    if w < 9 || h < 9 {
        return Vec::new();
    }
    let e = if w.min(h) >= 13 { 3 } else { 2 };
    let axis = |n: u32, other: u32| {
        let mut v = vec![e, n - 1 - e];
        if n % 2 == 1 && (n >= 15 || n == other) {
            v.push(n / 2);
        }
        v
    };
    let (xs, ys) = (axis(w, h), axis(h, w));
    let mut out = Vec::new();
    for &x in &xs {
        for &y in &ys {
            let middle_x = w % 2 == 1 && x == w / 2;
            let middle_y = h % 2 == 1 && y == h / 2;
            // Below 15 lines only the corners' points and the centre.
            if w.max(h) < 15 && middle_x != middle_y {
                continue;
            }
            out.push((x, y));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_of_the_usual_boards() {
        assert_eq!(star_points(19, 19).len(), 9);
        assert!(star_points(19, 19).contains(&(3, 3)) && star_points(19, 19).contains(&(9, 9)));
        assert_eq!(star_points(13, 13).len(), 5);
        assert!(star_points(13, 13).contains(&(3, 9)) && star_points(13, 13).contains(&(6, 6)));
        assert_eq!(star_points(9, 9).len(), 5);
        assert!(star_points(9, 9).contains(&(2, 6)) && star_points(9, 9).contains(&(4, 4)));
        assert!(star_points(7, 5).is_empty());
    }
}
