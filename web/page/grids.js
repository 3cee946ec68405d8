// Declared variables drawn as boards, for the Steps and Setter panels:
// the cells of each array (`x[1][2]`) as a grid (rows by the first of two
// indices), a scalar or an array of one index as one row, each array
// captioned by its name.

// `x[1][2]` -> ["x", [1, 2]]; a scalar -> [name, []].
export function parseName(name) {
  const at = name.indexOf("[");
  if (at < 0) return [name, []];
  return [name.slice(0, at), name.slice(at + 1, -1).split("][").map(Number)];
}

// Draws `cells` ({name, text, classes, style}) into `container`, one
// table of class `className` per array.
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
        td.textContent = c.text;
        for (const k of c.classes ?? []) td.classList.add(k);
        if (c.style) td.style.cssText = c.style;
      }
    }
    container.appendChild(table);
  }
}
