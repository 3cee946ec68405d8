//! A [`Drawing`] as an SVG document (`solve draw FILE --svg OUT.svg`):
//! the puzzle as it is printed on paper. Every element carries a class
//! that names what it draws (`cell shaded`, `region`, `value given`,
//! `clue top`, `line`, `edge`, ...) and the cell it belongs to
//! (`data-row`, `data-col`), so that a reader (or a test) finds them
//! without reading coordinates.
//!
//! Plain SVG 1.1 written by hand: fixed sizes in pixels, text centred by
//! `text-anchor` and `dominant-baseline`, no fonts embedded (a viewer's
//! sans-serif).

use super::{Cell, Drawing, Segment, Style};
use std::fmt::Write as _;

/// A cell's side, in pixels.
pub const CELL: f64 = 40.0;
/// The blank around the drawing.
const MARGIN: f64 = 8.0;
/// One line (or one run) of a clue outside the grid.
const CLUE_STEP: f64 = 16.0;
/// The width of one character of a clue outside the grid.
const CLUE_CHAR: f64 = 8.0;
/// Deduced values, told apart from the givens (black, bold).
const DEDUCED: &str = "#1f5fbf";

/// The drawing as an SVG document.
pub fn svg(d: &Drawing) -> String {
    let origin = origin(d);
    let (_, bottom) = outside_sizes(d);
    let right_width = (d.right.iter())
        .map(|runs| runs.iter().map(|t| t.chars().count() + 1).sum::<usize>())
        .max()
        .map_or(0.0, |chars| chars as f64 * CLUE_CHAR + 4.0);
    let width = origin.0 + d.columns as f64 * CELL + right_width + MARGIN;
    let height = origin.1 + d.rows as f64 * CELL + bottom + MARGIN;
    svg_at(d, origin, width, height)
}

/// Where the grid's top-left point is drawn: after the margin and the
/// clues left of the rows and above the columns (the playground draws the
/// player's entries over the SVG from it).
pub fn origin(d: &Drawing) -> (f64, f64) {
    let left_width = (d.left.iter())
        .map(|runs| runs.iter().map(|t| t.chars().count() + 1).sum::<usize>())
        .max()
        .map_or(0.0, |chars| chars as f64 * CLUE_CHAR + 4.0);
    let (top, _) = outside_sizes(d);
    (MARGIN + left_width, MARGIN + top)
}

/// The heights of the clues stacked above and below the columns.
fn outside_sizes(d: &Drawing) -> (f64, f64) {
    let stack = |clues: &[Vec<String>]| {
        clues
            .iter()
            .map(Vec::len)
            .max()
            .map_or(0.0, |n| n as f64 * CLUE_STEP + 4.0)
    };
    (stack(&d.top), stack(&d.bottom))
}

fn svg_at(d: &Drawing, origin: (f64, f64), width: f64, height: f64) -> String {
    let mut s = Svg {
        out: String::new(),
        origin,
    };
    let _ = writeln!(
        s.out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        s.out,
        r#"<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="white"/>"#
    );
    s.cells(d);
    s.grid(d);
    s.regions(d);
    s.segments(&d.edges, "edge", false);
    s.segments(&d.lines, "line", true);
    s.styles(d);
    s.texts(d);
    s.outside(d);
    s.out.push_str("</svg>\n");
    s.out
}

struct Svg {
    out: String,
    origin: (f64, f64),
}

impl Svg {
    /// The top-left corner of point (row, column) of the grid.
    fn at(&self, r: usize, c: usize) -> (f64, f64) {
        (
            self.origin.0 + c as f64 * CELL,
            self.origin.1 + r as f64 * CELL,
        )
    }

    fn centre(&self, r: usize, c: usize) -> (f64, f64) {
        let (x, y) = self.at(r, c);
        (x + CELL / 2.0, y + CELL / 2.0)
    }

    fn line(&mut self, class: &str, from: (f64, f64), to: (f64, f64), attrs: &str) {
        let _ = writeln!(
            self.out,
            r#"<line class="{class}" x1="{}" y1="{}" x2="{}" y2="{}" {attrs}/>"#,
            from.0, from.1, to.0, to.1
        );
    }

    fn cells(&mut self, d: &Drawing) {
        for (r, row) in d.cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let (x, y) = self.at(r, c);
                let (class, fill) = match (cell.style, &cell.split) {
                    (_, Some(_)) => ("cell split", "#c8c8c8"),
                    (Some(Style::Shaded), _) => ("cell shaded", "#333333"),
                    _ => ("cell", "white"),
                };
                let _ = writeln!(
                    self.out,
                    r#"<rect class="{class}" data-row="{r}" data-col="{c}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#
                );
            }
        }
    }

    /// Thin lines between every two cells and around the grid; the grid's
    /// points as dots when the board draws along its edges.
    fn grid(&mut self, d: &Drawing) {
        let colour = if d.points { "#dddddd" } else { "#999999" };
        let attrs = format!(r#"stroke="{colour}" stroke-width="1""#);
        for r in 0..=d.rows {
            self.line("grid", self.at(r, 0), self.at(r, d.columns), &attrs);
        }
        for c in 0..=d.columns {
            self.line("grid", self.at(0, c), self.at(d.rows, c), &attrs);
        }
        if d.points {
            for r in 0..=d.rows {
                for c in 0..=d.columns {
                    let (x, y) = self.at(r, c);
                    let _ = writeln!(
                        self.out,
                        r#"<circle class="point" cx="{x}" cy="{y}" r="2.5" fill="black"/>"#
                    );
                }
            }
        }
    }

    /// Thick lines between cells of two regions and around the grid, one
    /// per cell side (`data-side`: the cell above or left of it, and `h` or
    /// `v`).
    fn regions(&mut self, d: &Drawing) {
        let Some(regions) = &d.regions else {
            return;
        };
        let attrs = r#"stroke="black" stroke-width="3" stroke-linecap="square""#;
        for r in 0..=d.rows {
            for c in 0..d.columns {
                let above = r.checked_sub(1).map(|a| &regions[a][c]);
                let below = regions.get(r).map(|row| &row[c]);
                if above.is_none() || below.is_none() || above != below {
                    let a = format!(r#"data-side="{r} {c} h" {attrs}"#);
                    self.line("region", self.at(r, c), self.at(r, c + 1), &a);
                }
            }
        }
        for (r, row) in regions.iter().enumerate() {
            for c in 0..=d.columns {
                let left = c.checked_sub(1).map(|l| &row[l]);
                let right = row.get(c);
                if left.is_none() || right.is_none() || left != right {
                    let a = format!(r#"data-side="{r} {c} v" {attrs}"#);
                    self.line("region", self.at(r, c), self.at(r + 1, c), &a);
                }
            }
        }
    }

    /// Segments between cell centres (`centres`) or the grid's points; a
    /// segment of two strokes as two parallel lines.
    fn segments(&mut self, segments: &[Segment], class: &str, centres: bool) {
        let attrs = r##"stroke="#222222" stroke-width="4" stroke-linecap="round""##;
        for s in segments {
            let (from, to) = if centres {
                (self.centre(s.from.0, s.from.1), self.centre(s.to.0, s.to.1))
            } else {
                (self.at(s.from.0, s.from.1), self.at(s.to.0, s.to.1))
            };
            let across = s.from.0 == s.to.0;
            let offsets: &[f64] = if s.strokes == 2 { &[-5.0, 5.0] } else { &[0.0] };
            for &o in offsets {
                let (dx, dy) = if across { (0.0, o) } else { (o, 0.0) };
                let a = if s.strokes == 2 {
                    r##"stroke="#222222" stroke-width="2.5""##
                } else {
                    attrs
                };
                self.line(class, (from.0 + dx, from.1 + dy), (to.0 + dx, to.1 + dy), a);
            }
        }
    }

    fn styles(&mut self, d: &Drawing) {
        for (r, row) in d.cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let (x, y) = self.centre(r, c);
                let data = format!(r#"data-row="{r}" data-col="{c}""#);
                let _ = match cell.style {
                    None | Some(Style::Shaded) => Ok(()),
                    Some(Style::Dot) => writeln!(
                        self.out,
                        r##"<circle class="dot" {data} cx="{x}" cy="{y}" r="4" fill="#333333"/>"##
                    ),
                    Some(Style::Circle) => writeln!(
                        self.out,
                        r#"<circle class="circle" {data} cx="{x}" cy="{y}" r="15" fill="white" stroke="black" stroke-width="2"/>"#
                    ),
                    Some(Style::Disc) => writeln!(
                        self.out,
                        r#"<circle class="disc" {data} cx="{x}" cy="{y}" r="15" fill="black"/>"#
                    ),
                    Some(Style::Cross) => writeln!(
                        self.out,
                        r##"<path class="cross" {data} d="M{} {} L{} {} M{} {} L{} {}" stroke="#333333" stroke-width="2"/>"##,
                        x - 8.0,
                        y - 8.0,
                        x + 8.0,
                        y + 8.0,
                        x - 8.0,
                        y + 8.0,
                        x + 8.0,
                        y - 8.0
                    ),
                };
            }
        }
    }

    fn texts(&mut self, d: &Drawing) {
        let told_apart = d.cells.iter().flatten().any(|c| c.given);
        for (r, row) in d.cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let (x, y) = self.at(r, c);
                let data = format!(r#"data-row="{r}" data-col="{c}""#);
                if let Some((across, down)) = &cell.split {
                    self.line(
                        "split",
                        (x, y),
                        (x + CELL, y + CELL),
                        r#"stroke="black" stroke-width="1""#,
                    );
                    self.text(
                        "across",
                        &data,
                        (x + CELL * 0.72, y + CELL * 0.3),
                        12.0,
                        "black",
                        across,
                    );
                    self.text(
                        "down",
                        &data,
                        (x + CELL * 0.28, y + CELL * 0.72),
                        12.0,
                        "black",
                        down,
                    );
                }
                if !cell.corner.is_empty() {
                    let _ = writeln!(
                        self.out,
                        r#"<text class="corner" {data} x="{}" y="{}" font-size="10">{}</text>"#,
                        x + 3.0,
                        y + 11.0,
                        escape(&cell.corner)
                    );
                }
                if !cell.text.is_empty() && !hides_text(cell) {
                    let (class, fill) = value_look(cell, told_apart);
                    let size = if cell.corner.is_empty() { 22.0 } else { 18.0 };
                    let centre = (
                        x + CELL / 2.0,
                        y + CELL / 2.0 + if cell.corner.is_empty() { 0.0 } else { 4.0 },
                    );
                    self.text(class, &data, centre, size, fill, &cell.text);
                }
            }
        }
    }

    fn text(&mut self, class: &str, data: &str, at: (f64, f64), size: f64, fill: &str, text: &str) {
        let weight = if class.ends_with("given") {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let _ = writeln!(
            self.out,
            r#"<text class="{class}" {data} x="{}" y="{}" font-size="{size}" text-anchor="middle" dominant-baseline="central" fill="{fill}"{weight}>{}</text>"#,
            at.0,
            at.1,
            escape(text)
        );
    }

    /// The clues outside the grid: above and below a column stacked, left
    /// and right of a row in a line.
    fn outside(&mut self, d: &Drawing) {
        for (c, runs) in d.top.iter().enumerate() {
            let (x, y) = self.centre(0, c);
            let y0 = y - CELL / 2.0 - runs.len() as f64 * CLUE_STEP;
            for (i, t) in runs.iter().enumerate() {
                let at = (x, y0 + (i as f64 + 0.5) * CLUE_STEP);
                self.text(
                    "clue top",
                    &format!(r#"data-col="{c}""#),
                    at,
                    13.0,
                    "black",
                    t,
                );
            }
        }
        for (c, runs) in d.bottom.iter().enumerate() {
            let (x, y) = self.centre(d.rows - 1, c);
            for (i, t) in runs.iter().enumerate() {
                let at = (x, y + CELL / 2.0 + (i as f64 + 0.5) * CLUE_STEP);
                self.text(
                    "clue bottom",
                    &format!(r#"data-col="{c}""#),
                    at,
                    13.0,
                    "black",
                    t,
                );
            }
        }
        for (r, runs) in d.left.iter().enumerate() {
            let (x, y) = self.at(r, 0);
            let line = runs.join(" ");
            let at = (
                x - 4.0 - line.chars().count() as f64 * CLUE_CHAR / 2.0,
                y + CELL / 2.0,
            );
            self.text(
                "clue left",
                &format!(r#"data-row="{r}""#),
                at,
                13.0,
                "black",
                &line,
            );
        }
        for (r, runs) in d.right.iter().enumerate() {
            let (x, y) = self.at(r, d.columns);
            let line = runs.join(" ");
            let at = (
                x + 4.0 + line.chars().count() as f64 * CLUE_CHAR / 2.0,
                y + CELL / 2.0,
            );
            self.text(
                "clue right",
                &format!(r#"data-row="{r}""#),
                at,
                13.0,
                "black",
                &line,
            );
        }
    }
}

/// Whether the cell's style (shaded, a dot, a cross) or its split clues
/// take the place of its value.
pub(super) fn hides_text(cell: &Cell) -> bool {
    cell.split.is_some() || matches!(cell.style, Some(Style::Shaded | Style::Dot | Style::Cross))
}

/// A value's class and colour: a given bold and black, a deduced value
/// blue when the board tells them apart; white on a dark cell.
fn value_look(cell: &Cell, told_apart: bool) -> (&'static str, &'static str) {
    let dark = matches!(cell.style, Some(Style::Shaded | Style::Disc));
    match (cell.given, told_apart, dark) {
        (true, _, true) => ("value given", "white"),
        (true, _, false) => ("value given", "black"),
        (false, _, true) => ("value", "white"),
        (false, true, false) => ("value", DEDUCED),
        (false, false, false) => ("value", "black"),
    }
}

/// A text as SVG character data or an attribute's value.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}
