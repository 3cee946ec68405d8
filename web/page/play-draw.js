// The Play board's overlay: the player's entries and pencil marks, the
// marks of a Check or a Hint, the solver's candidates and the selected
// cell, drawn over the board's SVG (the puzzle as given, from the
// library's `layout` answer) in a layer of their own.

import { stateOf, typedOf, lookLeft } from "./play-givens.js";

const SVG = "http://www.w3.org/2000/svg";
// How a look is drawn: as the player's entry, or as what the solver's
// candidates leave (green like the typed candidates, fills faint).
const ENTRY = { cls: "play", ink: "#1f5fbf", dark: "#333", faint: 1 };
const CANDIDATE = { cls: "play-candidate", ink: "#2a7", dark: "#333", faint: 0.3 };

// An SVG element.
export function el(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Draws the overlay of `layout` in `layer`, anew: `entries` (var -> given),
// `pencil` ("r,c" -> Set of typed texts), `marks` ({ wrong, used, deduced:
// Sets of vars; candidates: {var: [text]} }), `selected` ([r, c] or null).
export function drawOverlay(layer, { layout, entries, pencil, marks, selected }) {
  layer.innerHTML = "";
  const { cell, origin } = layout;
  const at = (r, c) => [origin[0] + c * cell, origin[1] + r * cell];
  const cellVars = new Map();
  layout.cells.forEach((row, r) => row.forEach((u, c) => u && cellVars.set(`${r},${c}`, u)));
  for (const [where, unit] of cellVars) {
    const [r, c] = where.split(",").map(Number);
    const [x, y] = at(r, c);
    const data = { "data-row": r, "data-col": c };
    const given = entries.get(unit.var);
    const mark = (cls, fill) => layer.appendChild(el("rect", { class: cls, ...data, x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, fill }));
    if (marks.used?.has(unit.var)) mark("play-used", "#dde8ff");
    if (marks.deduced?.has(unit.var)) mark("play-deduced", "#ffe08a");
    if (marks.wrong?.has(unit.var)) mark("play-wrong", "#ffc9c9");
    if (given && unit.kind === "text") {
      layer.appendChild(el("text", { class: "play-value", ...data, x: x + cell / 2, y: y + cell / 2, "font-size": 22, "text-anchor": "middle", "dominant-baseline": "central", fill: "#1f5fbf" }, typedOf(unit, given)));
    } else if (given) {
      const state = stateOf(unit, given);
      drawLook(layer, cell, state, unit.blank === state, x, y, data);
    } else if (unit.kind === "cycle" && marks.candidates) {
      const forced = lookLeft(unit, marks.candidates[unit.var]);
      if (forced?.state) drawLook(layer, cell, forced.state, forced.state === unit.blank, x, y, { ...data, "data-var": unit.var }, CANDIDATE);
    } else if (unit.kind === "text") {
      const small = marks.candidates ? marks.candidates[unit.var] ?? [] : [...(pencil.get(where) ?? [])].sort();
      const cls = marks.candidates ? "play-candidate" : "play-pencil";
      small.forEach((t, i) => {
        const n = Math.max(3, Math.ceil(Math.sqrt(small.length)));
        const cx = x + ((i % n) + 0.5) * (cell / n), cy = y + (Math.floor(i / n) + 0.5) * (cell / n);
        layer.appendChild(el("text", { class: cls, ...data, x: cx, y: cy, "font-size": 9, "text-anchor": "middle", "dominant-baseline": "central", fill: marks.candidates ? "#2a7" : "#666" }, t));
      });
    }
  }
  for (const s of layout.segments) {
    const given = entries.get(s.var);
    const wrong = marks.wrong?.has(s.var), hinted = marks.deduced?.has(s.var);
    const shift = s.kind === "line" ? cell / 2 : 0;
    const [x1, y1] = at(...s.from).map((v) => v + shift), [x2, y2] = at(...s.to).map((v) => v + shift);
    const data = { "data-from": s.from.join(" "), "data-to": s.to.join(" "), "data-var": s.var };
    const state = given ? stateOf(s, given) : null;
    const strokes = state?.strokes ?? 0;
    const colour = wrong ? "#c62828" : hinted ? "#e0a000" : "#1f5fbf";
    const across = y1 === y2;
    const offsets = strokes === 2 ? [-5, 5] : strokes === 1 ? [0] : [];
    for (const o of offsets) {
      const [dx, dy] = across ? [0, o] : [o, 0];
      layer.appendChild(el("line", { class: `play-${s.kind}`, ...data, x1: x1 + dx, y1: y1 + dy, x2: x2 + dx, y2: y2 + dy, stroke: colour, "stroke-width": strokes === 2 ? 2.5 : 4, "stroke-linecap": "round" }));
    }
    if ((wrong || hinted) && strokes === 0) {
      layer.appendChild(el("line", { class: `play-${s.kind} play-mark`, ...data, x1, y1, x2, y2, stroke: colour, "stroke-width": 2, "stroke-dasharray": "3 3" }));
    }
    if (!given && marks.candidates) drawSegmentLeft(layer, s, marks.candidates[s.var], [x1, y1, x2, y2], data);
  }
  if (selected) {
    const [x, y] = at(...selected);
    layer.appendChild(el("rect", { class: "play-selected", x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, fill: "none", stroke: "#e07000", "stroke-width": 3 }));
  }
}

// A cycle unit's look drawn in a cell of side `cell`: shaded, a circle, a
// disc, a piece or a dot; the blank look entered as a small dot (marked
// not shaded). In `paint`: the player's entry (blue, `play-…`), or what
// the candidates leave (green and faint, `play-candidate-…`).
function drawLook(layer, cell, state, blank, x, y, data, paint = ENTRY) {
  const [cx, cy] = [x + cell / 2, y + cell / 2];
  const { cls, ink, dark, faint } = paint;
  if (blank || !state) {
    layer.appendChild(el("circle", { class: `${cls}-blank`, ...data, cx, cy, r: 3, fill: ink }));
    return;
  }
  const fill = { fill: ink, "fill-opacity": faint };
  if (state.style === "shaded") layer.appendChild(el("rect", { class: `${cls}-shaded`, ...data, x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, fill: dark, "fill-opacity": faint }));
  else if (state.style === "circle") layer.appendChild(el("circle", { class: `${cls}-circle`, ...data, cx, cy, r: 15, fill: "white", stroke: ink, "stroke-width": 2 }));
  else if (state.style === "disc") layer.appendChild(el("circle", { class: `${cls}-disc`, ...data, cx, cy, r: 15, ...fill }));
  else if (state.style === "dot") layer.appendChild(el("circle", { class: `${cls}-dot`, ...data, cx, cy, r: 4, fill: ink }));
  else if (state.style === "cross") layer.appendChild(el("text", { class: `${cls}-cross`, ...data, x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central", fill: ink }, "×"));
  else layer.appendChild(el("text", { class: `${cls}-piece`, ...data, x: cx, y: cy, "font-size": 22, "text-anchor": "middle", "dominant-baseline": "central", ...fill }, state.text));
}

// What a segment's candidates (`candidates`) leave, drawn thin and green:
// its strokes when they are forced (a loop's edge, a double bridge), one
// dashed stroke when a line is forced but not how many, a small × when no
// line is left; nothing while it is open.
function drawSegmentLeft(layer, s, candidates, [x1, y1, x2, y2], data) {
  const left = lookLeft(s, candidates);
  if (!left) return;
  const ink = CANDIDATE.ink;
  if (left.state && (left.state === s.blank || left.state.strokes === 0)) {
    const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
    layer.appendChild(el("text", { class: `play-candidate-off play-candidate-${s.kind}`, ...data, x: mx, y: my, "font-size": 11, "text-anchor": "middle", "dominant-baseline": "central", fill: ink }, "×"));
    return;
  }
  const strokes = left.state?.strokes ?? 1;
  const offsets = strokes === 2 ? [-5, 5] : [0];
  const across = y1 === y2;
  for (const o of offsets) {
    const [dx, dy] = across ? [0, o] : [o, 0];
    const dash = left.state ? {} : { "stroke-dasharray": "4 3" };
    layer.appendChild(el("line", { class: `play-candidate-on play-candidate-${s.kind}`, ...data, x1: x1 + dx, y1: y1 + dy, x2: x2 + dx, y2: y2 + dy, stroke: ink, "stroke-width": 2, "stroke-opacity": 0.7, "stroke-linecap": "round", ...dash }));
  }
}
