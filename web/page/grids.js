// Boards. Declared variables drawn as boards, for the Steps and Setter
// panels: the cells of each array (`x[1][2]`) as a grid (rows by the first
// of two indices), a scalar or an array of one index as one row, each
// array captioned by its name. And line drawings: a board cell holding a
// box-drawing character (`─ │ ┌ ┐ └ ┘ ├ ┤ ┬ ┴ ┼ ═ ║ ╴ ╵ ╶ ╷`) is drawn as
// strokes from the cell's centre to the sides the character names, so
// that a loop, a path or a bridge drawn as text by a spec's board is a
// line across the cells.

// The sides (n, e, s, w) each line character reaches, and whether its
// strokes are double.
const LINES = {
  "─": ["ew", false], "│": ["ns", false], "┌": ["es", false], "┐": ["sw", false],
  "└": ["ne", false], "┘": ["nw", false], "├": ["nes", false], "┤": ["nsw", false],
  "┬": ["esw", false], "┴": ["new", false], "┼": ["nesw", false], "╴": ["w", false],
  "╵": ["n", false], "╶": ["e", false], "╷": ["s", false], "═": ["ew", true],
  "║": ["ns", true],
};

// Whether a cell's text is a line character.
export function isLine(text) {
  return Object.hasOwn(LINES, text);
}

// Whether line character `text` reaches side `side` (n, e, s, w), and
// with a double stroke.
function reaches(text, side) {
  return isLine(text) && LINES[text][0].includes(side) ? (LINES[text][1] ? 2 : 1) : 0;
}

// Draws cell `at` of `texts` (rows of cell texts) into `td`: a line
// character as its strokes; any other cell that a line reaches (a point,
// a circle, an island) with the strokes continued to its centre and its
// text on a disc over them.
export function drawLineCell(td, texts, i, j) {
  const text = texts[i][j];
  const around = { n: texts[i - 1]?.[j], e: texts[i][j + 1], s: texts[i + 1]?.[j], w: texts[i][j - 1] };
  const facing = { n: "s", e: "w", s: "n", w: "e" };
  const strokes = [];
  for (const side of "nesw") {
    const kind = isLine(text) ? reaches(text, side) : reaches(around[side] ?? "", facing[side]);
    if (kind) strokes.push([side, kind === 2]);
  }
  if (!isLine(text) && strokes.length === 0) {
    td.textContent = text;
    return;
  }
  const ends = { n: [50, 0], e: [100, 50], s: [50, 100], w: [0, 50] };
  let svg = "";
  for (const [side, double] of strokes) {
    const [x, y] = ends[side];
    for (const d of double ? [-14, 14] : [0]) {
      // A double line: two strokes beside the centre line.
      const [dx, dy] = side === "n" || side === "s" ? [d, 0] : [0, d];
      svg += `<line x1="${50 + dx}" y1="${50 + dy}" x2="${x + dx}" y2="${y + dy}"/>`;
    }
  }
  if (!isLine(text) && text.trim() !== "") {
    const label = escape(text);
    const disc = text === "·" ? 0 : 34;
    svg += `<circle cx="50" cy="50" r="${disc}"/><text x="50" y="52">${label}</text>`;
  }
  td.classList.add("line");
  td.title = text;
  td.innerHTML = `<svg viewBox="0 0 100 100" aria-label="${escape(text)}">${svg}</svg>`;
}

// A cell's text as HTML text or an attribute's value (a board's texts come
// from the spec, and a spec from a shared link).
function escape(text) {
  const entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  return text.replace(/[&<>"']/g, (c) => entities[c]);
}

// `x[1][2]` -> ["x", [1, 2]]; a scalar -> [name, []].
export function parseName(name) {
  const at = name.indexOf("[");
  if (at < 0) return [name, []];
  return [name.slice(0, at), name.slice(at + 1, -1).split("][").map(Number)];
}

// Draws `cells` into `container`, one table of class `className` per
// array. A cell is {name, text or values, removed, classes, style,
// title}: `values` each in a span of its own (a text with spaces stays
// one value where the cell wraps), `removed` values struck through after
// them.
export function drawGrids(container, cells, className = "steps-grid") {
  const arrays = new Map();
  for (const cell of cells) {
    const [base, index] = parseName(cell.name);
    if (!arrays.has(base)) arrays.set(base, []);
    arrays.get(base).push({ ...cell, index });
  }
  container.innerHTML = "";
  for (const [base, members] of arrays) {
    const table = document.createElement("table");
    table.className = className;
    table.createCaption().textContent = base;
    const rows = new Map();
    for (const c of members) {
      const row = c.index.length > 1 ? c.index[0] : 0;
      if (!rows.has(row)) rows.set(row, []);
      rows.get(row).push(c);
    }
    for (const row of [...rows.keys()].sort((a, b) => a - b)) {
      const tr = table.insertRow();
      for (const c of rows.get(row)) {
        const td = tr.insertCell();
        td.title = c.title ?? c.name;
        if (c.values) {
          for (const [values, tag] of [[c.values, "span"], [c.removed ?? [], "del"]]) {
            for (const v of values) {
              if (td.firstChild) td.append(" ");
              const part = document.createElement(tag);
              part.className = tag === "del" ? "value removed" : "value";
              part.textContent = v;
              td.appendChild(part);
            }
          }
        } else td.textContent = c.text;
        for (const k of c.classes ?? []) td.classList.add(k);
        if (c.style) td.style.cssText = c.style;
      }
    }
    container.appendChild(table);
  }
}
