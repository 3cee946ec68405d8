//! A [`Drawing`] in the terminal (`solve draw FILE`): a canvas of
//! characters where each cell is a slot as wide as the widest cell, with a
//! slot of one character between two cells for the borders. Regions are
//! heavy box-drawing lines (`┏━┳┃`), edges of a loop light ones (`┌─┐`),
//! the grid's points `·`; a line between cell centres runs through the
//! cells and the borders between them. A boundary row with nothing on it
//! (or that only crosses vertical lines) is left out, so that a board
//! without regions stays as compact as the plain board. Givens are bold (ANSI) when `bold` is asked for (a
//! terminal that shows it); otherwise the puzzle as given has only them.

use super::{Cell, Drawing, Segment, Style};

/// What runs along one side of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Side {
    None,
    /// An edge of a loop.
    Light,
    /// A region's border (or the grid's, when regions are declared).
    Heavy,
}

/// Box-drawing characters by the arms they have (up, down, left, right
/// as bits 8, 4, 2, 1), light and heavy.
const LIGHT: [char; 16] = [
    ' ', '╶', '╴', '─', '╷', '┌', '┐', '┬', '╵', '└', '┘', '┴', '│', '├', '┤', '┼',
];
const HEAVY: [char; 16] = [
    ' ', '╺', '╸', '━', '╻', '┏', '┓', '┳', '╹', '┗', '┛', '┻', '┃', '┣', '┫', '╋',
];

/// The drawing as lines of text (no trailing blank); givens in bold
/// when `bold`.
pub fn text(d: &Drawing, bold: bool) -> String {
    let contents: Vec<Vec<String>> = d
        .cells
        .iter()
        .map(|r| r.iter().map(content).collect())
        .collect();
    let width = (contents.iter().flatten())
        .map(|t| t.chars().count())
        .chain(d.cells.iter().flatten().map(|c| c.corner.chars().count()))
        .max()
        .unwrap_or(1)
        .max(1);
    let height = if d.cells.iter().flatten().any(|c| !c.corner.is_empty()) {
        2
    } else {
        1
    };
    let mut canvas = Canvas::new(d, width, height);
    canvas.borders(d);
    canvas.lines(&d.lines);
    canvas.cells(d, &contents);
    canvas.finish(d, bold)
}

/// What a cell shows: its text, its split clues, or its style's symbol
/// (shaded, a dot and a cross cover the text; a circle and a disc show on
/// a blank cell).
fn content(cell: &Cell) -> String {
    if let Some((across, down)) = &cell.split {
        return format!("{down}╲{across}");
    }
    if let Some(s @ (Style::Shaded | Style::Dot | Style::Cross)) = cell.style {
        return symbol(s).into();
    }
    if !cell.text.is_empty() {
        return cell.text.clone();
    }
    cell.style.map(symbol).unwrap_or_default().into()
}

/// A style as one character of text.
pub fn symbol(style: Style) -> &'static str {
    match style {
        Style::Shaded => "█",
        Style::Dot => "·",
        Style::Cross => "×",
        Style::Circle => "○",
        Style::Disc => "●",
    }
}

struct Canvas {
    chars: Vec<Vec<char>>,
    bold: Vec<Vec<bool>>,
    width: usize,
    height: usize,
}

impl Canvas {
    fn new(d: &Drawing, width: usize, height: usize) -> Canvas {
        let (w, h) = (d.columns * (width + 1) + 1, d.rows * (height + 1) + 1);
        Canvas {
            chars: vec![vec![' '; w]; h],
            bold: vec![vec![false; w]; h],
            width,
            height,
        }
    }

    /// The canvas column of a cell's first character, and of the border
    /// left of it (`c * (width + 1)`).
    fn x(&self, c: usize) -> usize {
        c * (self.width + 1) + 1
    }

    fn y(&self, r: usize) -> usize {
        r * (self.height + 1) + 1
    }

    /// Region borders and loop edges, then the junctions between them.
    fn borders(&mut self, d: &Drawing) {
        let mut across = vec![vec![Side::None; d.columns]; d.rows + 1];
        let mut down = vec![vec![Side::None; d.columns + 1]; d.rows];
        for s in &d.edges {
            for (a, b) in steps(s) {
                if a.0 == b.0 {
                    across[a.0][a.1.min(b.1)] = Side::Light;
                } else {
                    down[a.0.min(b.0)][a.1] = Side::Light;
                }
            }
        }
        if let Some(regions) = &d.regions {
            for (r, row) in across.iter_mut().enumerate() {
                for (c, side) in row.iter_mut().enumerate() {
                    let (up, below) = (
                        r.checked_sub(1).map(|a| &regions[a][c]),
                        regions.get(r).map(|x| &x[c]),
                    );
                    if up.is_none() || below.is_none() || up != below {
                        *side = Side::Heavy;
                    }
                }
            }
            for (r, row) in down.iter_mut().enumerate() {
                for (c, side) in row.iter_mut().enumerate() {
                    let (left, right) =
                        (c.checked_sub(1).map(|l| &regions[r][l]), regions[r].get(c));
                    if left.is_none() || right.is_none() || left != right {
                        *side = Side::Heavy;
                    }
                }
            }
        }
        for (r, row) in across.iter().enumerate() {
            for (c, &side) in row.iter().enumerate() {
                let ch = [' ', '─', '━'][side as usize];
                let (x, y) = (self.x(c), self.y(r) - 1);
                self.chars[y][x..x + self.width].fill(ch);
            }
        }
        for (r, row) in down.iter().enumerate() {
            for (c, &side) in row.iter().enumerate() {
                let ch = [' ', '│', '┃'][side as usize];
                let (x, y) = (self.x(c) - 1, self.y(r));
                for line in &mut self.chars[y..y + self.height] {
                    line[x] = ch;
                }
            }
        }
        for (r, sides) in across.iter().enumerate() {
            for c in 0..=d.columns {
                let arms = [
                    r.checked_sub(1).map_or(Side::None, |u| down[u][c]),
                    down.get(r).map_or(Side::None, |x| x[c]),
                    c.checked_sub(1).map_or(Side::None, |l| sides[l]),
                    sides.get(c).copied().unwrap_or(Side::None),
                ];
                let bits = arms
                    .iter()
                    .fold(0, |b, &a| b * 2 + usize::from(a != Side::None));
                let heavy = arms.contains(&Side::Heavy);
                let ch = match (bits, heavy) {
                    (0, _) if d.points => '·',
                    (b, true) => HEAVY[b],
                    (b, false) => LIGHT[b],
                };
                let (x, y) = (self.x(c) - 1, self.y(r) - 1);
                self.chars[y][x] = ch;
            }
        }
    }

    /// Lines between cell centres: through the border between two cells
    /// (the cells' own part is drawn with their contents).
    fn lines(&mut self, lines: &[Segment]) {
        for s in lines {
            for (a, b) in steps(s) {
                if a.0 == b.0 {
                    let x = self.x(a.1.max(b.1)) - 1;
                    let y = self.y(a.0) + self.height - 1;
                    self.chars[y][x] = if s.strokes == 2 { '═' } else { '─' };
                } else {
                    let x = self.x(a.1) + (self.width - 1) / 2;
                    let y = self.y(a.0.max(b.0)) - 1;
                    self.chars[y][x] = if s.strokes == 2 { '║' } else { '│' };
                }
            }
        }
    }

    /// Each cell's corner label (top line) and content (centred on the
    /// bottom line), the line through an empty cell drawn from the arms
    /// its borders show.
    fn cells(&mut self, d: &Drawing, contents: &[Vec<String>]) {
        for (r, row) in d.cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let (x, y) = (self.x(c), self.y(r));
                for (i, ch) in cell.corner.chars().enumerate() {
                    self.chars[y][x + i] = ch;
                }
                let line = y + self.height - 1;
                let text: Vec<char> = contents[r][c].chars().collect();
                if matches!(cell.style, Some(Style::Shaded)) && cell.split.is_none() {
                    self.chars[line][x..x + self.width].fill('█');
                    continue;
                }
                let left = (self.width - text.len()) / 2;
                // The arms the borders show, each as its stroke (a double
                // line stays double through the cell).
                let across = |ch: char| matches!(ch, '─' | '═').then_some(ch);
                let down = |ch: char| matches!(ch, '│' | '║').then_some(ch);
                let (west, east) = (
                    across(self.chars[line][x - 1]),
                    across(self.chars[line][x + self.width]),
                );
                let middle = x + (self.width - 1) / 2;
                let (north, south) = (
                    down(self.chars[y - 1][middle]),
                    down(self.chars[y + self.height][middle]),
                );
                for i in 0..self.width {
                    self.chars[line][x + i] = match (west, east) {
                        (Some(w), _) if i < left => w,
                        (_, Some(e)) if i >= left + text.len() => e,
                        _ => ' ',
                    };
                }
                if text.is_empty() {
                    let bits = usize::from(north.is_some()) * 8
                        + usize::from(south.is_some()) * 4
                        + usize::from(west.is_some()) * 2
                        + usize::from(east.is_some());
                    let ch = match bits {
                        3 => west.unwrap_or('─'),
                        12 => north.unwrap_or('│'),
                        b => LIGHT[b],
                    };
                    if bits != 0 {
                        self.chars[line][x + left.min(self.width - 1)] = ch;
                    }
                }
                for (i, &ch) in text.iter().enumerate() {
                    self.chars[line][x + left + i] = ch;
                    self.bold[line][x + left + i] = cell.given && !super::svg::hides_text(cell);
                }
            }
        }
    }

    /// The canvas as text, with the clues outside it: blank border rows
    /// left out, trailing blanks trimmed.
    fn finish(self, d: &Drawing, bold: bool) -> String {
        let left_width = d
            .left
            .iter()
            .map(|r| r.join(" ").chars().count())
            .max()
            .unwrap_or(0);
        let pad = if left_width > 0 { left_width + 1 } else { 0 };
        let mut lines: Vec<String> = Vec::new();
        let top_depth = d.top.iter().map(Vec::len).max().unwrap_or(0);
        for i in 0..top_depth {
            lines.push(self.clue_line(&d.top, i, top_depth, pad));
        }
        for (y, (chars, bolds)) in self.chars.iter().zip(&self.bold).enumerate() {
            let border = y % (self.height + 1) == 0;
            // A border row that only crosses vertical lines says nothing.
            if border && chars.iter().all(|&c| matches!(c, ' ' | '┃' | '│' | '║')) {
                continue;
            }
            let row =
                (!border && (y % (self.height + 1)) == self.height).then(|| y / (self.height + 1));
            let mut line = String::new();
            let left = row
                .and_then(|r| d.left.get(r))
                .map(|r| r.join(" "))
                .unwrap_or_default();
            if pad > 0 {
                line.push_str(&format!("{left:>w$} ", w = left_width));
            }
            let mut in_bold = false;
            for (&ch, &b) in chars.iter().zip(bolds) {
                let b = b && bold;
                if b != in_bold {
                    line.push_str(if b { "\x1b[1m" } else { "\x1b[0m" });
                    in_bold = b;
                }
                line.push(ch);
            }
            if in_bold {
                line.push_str("\x1b[0m");
            }
            if let Some(right) = row.and_then(|r| d.right.get(r)) {
                line.push(' ');
                line.push_str(&right.join(" "));
            }
            lines.push(line.trim_end().to_string());
        }
        let bottom_depth = d.bottom.iter().map(Vec::len).max().unwrap_or(0);
        for i in 0..bottom_depth {
            lines.push(self.clue_line(&d.bottom, i, 0, pad));
        }
        let mut out = lines.join("\n");
        out.push('\n');
        out
    }

    /// Line `i` of the clues above (stacked to end at `depth`) or below
    /// (from the top, `depth` 0) the columns, each under its column.
    fn clue_line(&self, clues: &[Vec<String>], i: usize, depth: usize, pad: usize) -> String {
        let mut line: Vec<char> = vec![' '; pad + self.chars[0].len()];
        for (c, runs) in clues.iter().enumerate() {
            let k = if depth > 0 {
                (i + runs.len()).checked_sub(depth)
            } else {
                Some(i)
            };
            let Some(t) = k.and_then(|k| runs.get(k)) else {
                continue;
            };
            let t: Vec<char> = t.chars().collect();
            let end = pad + self.x(c) + (self.width + t.len()) / 2;
            let start = end.saturating_sub(t.len());
            for (j, &ch) in t.iter().enumerate() {
                if let Some(slot) = line.get_mut(start + j) {
                    *slot = ch;
                }
            }
        }
        line.into_iter().collect::<String>().trim_end().to_string()
    }
}

/// A segment as its unit steps, from one point to the next.
fn steps(s: &Segment) -> Vec<((usize, usize), (usize, usize))> {
    let (a, b) = (s.from.min(s.to), s.from.max(s.to));
    if a.0 == b.0 {
        (a.1..b.1).map(|c| ((a.0, c), (a.0, c + 1))).collect()
    } else {
        (a.0..b.0).map(|r| ((r, a.1), (r + 1, a.1))).collect()
    }
}
