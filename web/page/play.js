// The Play tab: any spec whose `[output] board` is declared, played by
// hand on its own drawing. The library's `layout` answer gives the puzzle
// as given (the SVG of `solve draw`) and what each cell and segment
// shows: a variable typed (a sudoku's digit), clicked through its looks
// (a Nurikabe's shading, a queen), or a segment drawn by dragging (a
// loop's edge, a path, a bridge); each look is a given as `solve hint
// --given` reads it (`x[1][3]=4`, `island[2][2]!=0`). The player's
// entries are those givens, one per variable: Check, Hint, candidates
// and Solve the rest are `state` requests on them. Entries and pencil
// marks are drawn over the SVG by play-draw.js (what a given means for a
// unit: play-givens.js); progress is kept in localStorage (per spec and
// Set, the time spent with it: play-clock.js) and in the share link.

import { setupClock } from "./play-clock.js";
import { drawOverlay, el } from "./play-draw.js";
import { allows, stateOf, typedOf, valueOf } from "./play-givens.js";

const $ = (id) => document.getElementById(id);

export function setupPlay(page) {
  const { ask, spec, setValues } = page;
  let layout = null;
  let entries = new Map(); // var -> given text
  let pencil = new Map(); // "r,c" -> Set of typed texts
  let undo = [], redo = [];
  let selected = null; // [r, c]
  let marks = {}; // { wrong: Set(var), used: Set(var), deduced: Set(var), candidates: {var: [text]} }
  let solvedSaid = false;
  let key = "";

  // ---- the layout ----

  const cellAt = (r, c) => layout?.cells[r]?.[c] ?? null;
  const units = () => {
    const out = [];
    layout.cells.forEach((row, r) => row.forEach((u, c) => u && out.push({ unit: u, r, c })));
    for (const s of layout.segments) out.push({ unit: s });
    return out;
  };
  const byVar = () => new Map(units().map((u) => [u.unit.var, u.unit]));

  function open() {
    const request = { op: "layout", spec: spec(), set: setValues() };
    $("board-progress").textContent = "drawing the puzzle…";
    ask(request, $("board-progress"), (e) => {
      if (e.event !== "layout") return;
      layout = e;
      key = `solve-play:${request.spec.length}:${hash(request.spec + "\n" + request.set.join(" "))}`;
      restore(pendingShared ?? localStorage.getItem(key));
      pendingShared = null;
      clock.start(Number(localStorage.getItem(`${key}:time`)) || 0);
      $("board-progress").textContent = `Click or tap a cell and type, or click to shade; drag between cells or points to draw a line (laid out in ${e.ms.toFixed(0)} ms).`;
      $("board-view").hidden = false;
      // Drawn afresh: a Set changed since (another generated puzzle
      // handed over) is another drawing.
      $("board-svg").innerHTML = "";
      selected = null;
      draw();
      pad();
    });
  }

  // ---- entries, undo and keeping them ----

  const snapshot = () => JSON.stringify({ e: [...entries], p: [...pencil].map(([k, s]) => [k, [...s]]) });
  function restore(text) {
    entries = new Map();
    pencil = new Map();
    undo = [];
    redo = [];
    marks = {};
    solvedSaid = false;
    delete $("board-progress").dataset.solved;
    if (!text) return;
    try {
      const { e, p } = JSON.parse(text);
      const known = byVar();
      entries = new Map(e.filter(([v]) => known.has(v)));
      pencil = new Map(p.map(([k, s]) => [k, new Set(s)]));
    } catch {
      // A kept state of another layout: start afresh.
    }
  }
  function change(apply) {
    const before = snapshot();
    apply();
    if (snapshot() === before) return;
    undo.push(before);
    redo = [];
    marks = {};
    saved();
  }
  function saved() {
    localStorage.setItem(key, snapshot());
    // A change after "Solved!" is play again, until solved again.
    delete $("board-progress").dataset.solved;
    solvedSaid = false;
    draw();
    if ($("board-candidates").checked) showCandidates();
    solvedSoon();
  }
  function back(from, to) {
    if (!from.length) return;
    to.push(snapshot());
    const text = from.pop();
    const { e, p } = JSON.parse(text);
    entries = new Map(e);
    pencil = new Map(p.map(([k, s]) => [k, new Set(s)]));
    marks = {};
    saved();
  }

  // ---- input ----

  function typeKey(k) {
    if (!selected) return;
    const [r, c] = selected;
    const unit = cellAt(r, c);
    if (!unit || unit.kind !== "text") return;
    const where = `${r},${c}`;
    if ($("board-pencil").checked) {
      if (!Object.hasOwn(unit.typed, k) && !unit.numeric) return;
      change(() => {
        const s = new Set(pencil.get(where) ?? []);
        if (s.has(k)) s.delete(k);
        else s.add(k);
        pencil.set(where, s);
      });
      return;
    }
    let given = unit.typed[k];
    if (unit.numeric && /^\d$/.test(k)) {
      // Numbers wider than a digit: typed digits append while they fit.
      const old = entries.get(unit.var);
      const joined = old ? valueOf(old) + k : k;
      given = `${unit.var}=${Number(joined) <= unit.most ? Number(joined) : k}`;
    } else if (unit.most >= 10 && /^\d$/.test(k) && entries.has(unit.var)) {
      const joined = typedOf(unit, entries.get(unit.var)) + k;
      if (Object.hasOwn(unit.typed, joined)) given = unit.typed[joined];
    }
    if (!given) return;
    change(() => entries.set(unit.var, given));
  }
  function clearCell() {
    if (!selected) return;
    const unit = cellAt(...selected);
    change(() => {
      pencil.delete(selected.join(","));
      if (unit) entries.delete(unit.var);
    });
  }
  // A cycle unit's next look: none, each look, the blank look, none.
  function cycle(unit) {
    const order = [null, ...unit.states.map((s) => s.given), unit.blank?.given ?? null];
    const now = entries.get(unit.var) ?? null;
    const i = order.indexOf(now);
    const next = order[(i + 1) % order.length];
    change(() => (next === null ? entries.delete(unit.var) : entries.set(unit.var, next)));
  }

  function onKey(e) {
    if (!layout || $("play-tab").hidden) return;
    // Typing in a text box, the editor or a menu is theirs (a ticked
    // box keeps the keys for the board).
    if (e.target.closest("input:not([type=checkbox]), textarea, select, .cm-editor")) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key] && selected) {
      const [dr, dc] = moves[e.key];
      selected = [(selected[0] + dr + layout.rows) % layout.rows, (selected[1] + dc + layout.columns) % layout.columns];
      draw();
    } else if (e.key === "Backspace" || e.key === "Delete") {
      clearCell();
    } else if ((e.ctrlKey || e.metaKey) && e.key === "z") {
      back(undo, redo);
    } else if ((e.ctrlKey || e.metaKey) && e.key === "y") {
      back(redo, undo);
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      typeKey(e.key);
    } else return;
    e.preventDefault();
  }
  document.addEventListener("keydown", onKey);

  // The SVG point of a pointer event, in the drawing's units.
  function point(svg, e) {
    const p = svg.createSVGPoint();
    p.x = e.clientX;
    p.y = e.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }
  // The anchor nearest `p` (a cell centre for lines, a grid point for
  // edges) within a third of a cell, or null.
  function anchor(p) {
    const { cell, origin } = layout;
    const best = [];
    const kinds = new Set(layout.segments.map((s) => s.kind));
    for (const kind of kinds) {
      const shift = kind === "line" ? 0.5 : 0;
      const r = Math.round((p.y - origin[1]) / cell - shift), c = Math.round((p.x - origin[0]) / cell - shift);
      const d = Math.hypot(p.x - origin[0] - (c + shift) * cell, p.y - origin[1] - (r + shift) * cell);
      if (d < cell / 3) best.push({ kind, r, c, d });
    }
    best.sort((a, b) => a.d - b.d);
    return best[0] ?? null;
  }
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];
  // The segment between anchors a and b (either way), or null.
  function segmentBetween(kind, a, b) {
    return layout.segments.find((s) => s.kind === kind && ((same(s.from, a) && same(s.to, b)) || (same(s.from, b) && same(s.to, a)))) ?? null;
  }
  // Whether a segment from anchor a passes over b (a bridge's far end).
  const passes = (kind, a, b) => layout.segments.some((s) => {
    if (s.kind !== kind) return false;
    const [p, q] = same(s.from, a) ? [s.from, s.to] : same(s.to, a) ? [s.to, s.from] : [null, null];
    if (!p) return false;
    const within = (x, lo, hi) => x >= Math.min(lo, hi) && x <= Math.max(lo, hi);
    return (p[0] === q[0] && b[0] === p[0] && within(b[1], p[1], q[1])) || (p[1] === q[1] && b[1] === p[1] && within(b[0], p[0], q[0]));
  });

  let drag = null;
  function pointerDown(e) {
    const svg = e.currentTarget;
    const p = point(svg, e);
    const at = layout.segments.length ? anchor(p) : null;
    drag = { at, moved: false, p };
    svg.setPointerCapture?.(e.pointerId);
  }
  function pointerMove(e) {
    if (!drag?.at) return;
    const now = anchor(point(e.currentTarget, e));
    if (!now || now.kind !== drag.at.kind || same([now.r, now.c], [drag.at.r, drag.at.c])) return;
    const s = segmentBetween(now.kind, [drag.at.r, drag.at.c], [now.r, now.c]);
    if (s) {
      drag.moved = true;
      cycleSegment(s);
      drag.at = now;
    } else if (!passes(now.kind, [drag.at.r, drag.at.c], [now.r, now.c])) {
      drag.at = now;
    }
    e.preventDefault();
  }
  function cycleSegment(s) {
    // Drawn, doubled (a bridge), none: the blank look is not entered by
    // dragging (no line is what an unmarked segment shows).
    const order = [null, ...s.states.map((t) => t.given)];
    const i = order.indexOf(entries.get(s.var) ?? null);
    const next = order[(i + 1) % order.length];
    change(() => (next === null ? entries.delete(s.var) : entries.set(s.var, next)));
  }
  function pointerUp(e) {
    const was = drag;
    drag = null;
    if (!was || was.moved) return;
    const { cell, origin } = layout;
    const r = Math.floor((was.p.y - origin[1]) / cell), c = Math.floor((was.p.x - origin[0]) / cell);
    if (r < 0 || c < 0 || r >= layout.rows || c >= layout.columns) return;
    selected = [r, c];
    const unit = cellAt(r, c);
    if (unit?.kind === "cycle") cycle(unit);
    else draw();
  }

  // ---- drawing ----

  function draw() {
    const holder = $("board-svg");
    if (!layout) return;
    if (!holder.querySelector("svg")) {
      holder.innerHTML = layout.svg;
      const svg = holder.querySelector("svg");
      svg.addEventListener("pointerdown", pointerDown);
      svg.addEventListener("pointermove", pointerMove);
      svg.addEventListener("pointerup", pointerUp);
      svg.appendChild(el("g", { id: "play-layer" }));
      // Dragging draws a line rather than scrolling the page.
      holder.classList.toggle("drawable", layout.segments.length > 0);
    }
    drawOverlay(holder.querySelector("#play-layer"), { layout, entries, pencil, marks, selected });
    if (!marks.deduced) $("board-steps").hidden = true;
    $("board-undo").disabled = !undo.length;
    $("board-redo").disabled = !redo.length;
  }

  // The on-screen pad: the texts a cell takes, clear, pencil.
  function pad() {
    const keys = new Set();
    for (const { unit } of units()) {
      if (unit.kind !== "text") continue;
      Object.keys(unit.typed).filter((k) => k.length === 1).forEach((k) => keys.add(k));
      if (unit.numeric) "0123456789".split("").forEach((k) => keys.add(k));
    }
    const holder = $("board-pad");
    holder.innerHTML = "";
    for (const k of [...keys].sort()) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = k;
      b.onclick = () => typeKey(k);
      holder.appendChild(b);
    }
    if (keys.size) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "⌫";
      b.setAttribute("aria-label", "clear the cell");
      b.onclick = clearCell;
      holder.appendChild(b);
    }
    holder.hidden = keys.size === 0;
    // Pencil marks are of typed cells; candidates of every cell and
    // segment the player marks.
    $("board-pencil-label").hidden = keys.size === 0;
    $("board-candidates-label").hidden = units().length === 0;
    $("board-candidates").checked = false;
  }

  // ---- questions ----

  const entryList = () => [...entries.values()];
  function state(askWhat, extra, then) {
    const request = { op: "state", ask: askWhat, spec: spec(), set: setValues(), entries: extra ?? entryList() };
    ask(request, $("board-progress"), (e) => e.event === "state" && then(e));
  }
  function sayWrong(e) {
    marks = { wrong: new Set(e.vars) };
    draw();
    const which = e.wrong.length === 1 ? "This entry cannot stand" : "These entries cannot all stand together";
    const why = e.said?.length ? ` They break: ${e.said.join("; ")}.` : "";
    $("board-progress").textContent = e.wrong.length
      ? `${which} (marked): ${e.wrong.join(", ")}.${why}`
      : "These entries have no solution." + why;
  }
  $("board-check").onclick = () => {
    $("board-progress").textContent = "checking…";
    state("check", null, (e) => {
      if (!e.ok) return sayWrong(e);
      marks = {};
      draw();
      $("board-progress").textContent = entries.size ? "No mistake so far: every entry can stand." : "Nothing entered yet.";
    });
  };
  let hinted = [];
  $("board-hint").onclick = () => {
    $("board-progress").textContent = "looking for the next step…";
    state("hint", null, (e) => {
      if (!e.ok) return sayWrong(e);
      hinted = e.place ?? [];
      const last = e.steps.at(-1);
      marks = {
        used: new Set(e.steps.flatMap((s) => s.facts.map((f) => f.var))),
        deduced: new Set((last?.deduces ?? []).map((d) => d.var)),
      };
      draw();
      $("board-fill").hidden = hinted.length === 0;
      // The placement said; the steps that lead to it listed below the board.
      $("board-progress").textContent = e.end ?? `Hint: ${last.text.replace(/^\d+\. /, "")}`;
      $("board-steps").hidden = e.steps.length < 2;
      $("board-steps-list").textContent = e.steps.map((s) => s.text).join("\n");
    });
  };
  $("board-fill").onclick = () => {
    const known = byVar();
    change(() => {
      for (const given of hinted) {
        const unit = known.get(given.slice(0, given.indexOf("=")));
        if (unit) entries.set(unit.var, givenFor(unit, valueOf(given)));
      }
    });
    $("board-fill").hidden = true;
  };
  // The entry of `unit` for value text `v`: its own given, or its look's.
  function givenFor(unit, v) {
    if (unit.kind === "text") return `${unit.var}=${v}`;
    return [...unit.states, unit.blank].find((s) => s && allows(s.given, v))?.given ?? `${unit.var}=${v}`;
  }
  $("board-candidates").onchange = () => {
    if (!$("board-candidates").checked) {
      marks = {};
      return draw();
    }
    showCandidates();
  };
  // The solver's candidates with the entries as they are now (asked again
  // after each change while "show candidates" is ticked).
  function showCandidates() {
    const at = snapshot();
    $("board-progress").textContent = "finding the candidates…";
    state("candidates", null, (e) => {
      if (snapshot() !== at || !$("board-candidates").checked) return;
      if (!e.ok) return sayWrong(e);
      marks = { candidates: e.candidates };
      draw();
      $("board-progress").textContent = candidatesSaid();
    });
  }
  // What the candidates drawn mean, for the kinds of unit the board has.
  function candidatesSaid() {
    const all = units().map(({ unit }) => unit);
    const kinds = new Set(all.map((u) => (u.kind === "text" || u.kind === "cycle" ? u.kind : "segment")));
    const counted = all.some((u) => u.kind !== "text" && u.kind !== "cycle" && u.states.length > 1);
    if (kinds.size === 1 && kinds.has("text")) return "The values each empty cell takes in some solution with your entries.";
    const said = ["In green, from the solutions that keep your entries:"];
    if (kinds.has("text")) said.push("the values each empty cell takes;");
    if (kinds.has("cycle")) said.push("a cell's look when they all agree, drawn faint (a small dot when they all leave it blank);");
    if (kinds.has("segment")) said.push(`a line they all draw, faint${counted ? " (dashed when they differ on how many)" : ""}, × where none draws one;`);
    said.push(`${kinds.has("segment") ? "a line" : "a cell"} left blank is still open.`);
    return said.join(" ");
  }
  $("board-solve").onclick = () => {
    state("solve", null, (e) => {
      if (!e.ok) return sayWrong(e);
      const known = byVar();
      change(() => {
        for (const given of e.entries) {
          const unit = known.get(given.slice(0, given.indexOf("=")));
          if (!unit || entries.has(unit.var)) continue;
          const entry = givenFor(unit, valueOf(given));
          // Segments without a line and cells left blank stay unmarked.
          if (unit.kind !== "text" && stateOf(unit, entry) === unit.blank) continue;
          entries.set(unit.var, entry);
        }
      });
    });
  };
  // The puzzle as given on paper: its SVG alone in a window, printed.
  $("board-print").onclick = () => {
    if (!layout) return;
    const w = window.open("", "_blank");
    if (!w) return;
    w.document.write(`<!doctype html><title>puzzle</title><body style="margin:0">${layout.svg}</body>`);
    w.document.close();
    w.focus();
    w.print();
  };
  $("board-undo").onclick = () => back(undo, redo);
  $("board-redo").onclick = () => back(redo, undo);
  $("board-restart").onclick = () => {
    change(() => {
      entries = new Map();
      pencil = new Map();
    });
    clock.start(0);
  };

  // ---- the timer (play-clock.js) ----

  const clock = setupClock(() => (layout ? key : null));

  // Done: every typed cell filled and the entries, with every unmarked
  // look blank, a solution.
  let solvedTimer;
  function solvedSoon() {
    clearTimeout(solvedTimer);
    solvedTimer = setTimeout(() => {
      if (!layout) return;
      const all = units();
      if (all.some(({ unit }) => unit.kind === "text" && !entries.has(unit.var))) return;
      const full = all.map(({ unit }) => entries.get(unit.var) ?? unit.blank?.given).filter(Boolean);
      const at = snapshot();
      state("check", full, (e) => {
        if (!e.ok || snapshot() !== at) return;
        $("board-progress").textContent = "Solved! Every entry stands and the board is complete.";
        $("board-progress").dataset.solved = "true";
        solvedSaid = true;
        clock.stop();
      });
    }, 300);
  }

  // ---- sharing ----

  let pendingShared = null;
  return {
    open,
    // Opens the tab's puzzle unless one is open.
    ensure() {
      if (!layout) open();
    },
    clear() {
      if (layout) clock.stop();
      layout = null;
      selected = null;
      $("board-svg").innerHTML = "";
      $("board-view").hidden = true;
      delete $("board-progress").dataset.solved;
    },
    // The progress for a share link (null: none).
    shared: () => (layout && (entries.size || pencil.size) ? snapshot() : null),
    // A link's progress, used when the layout comes.
    share(text) {
      pendingShared = text;
    },
    solved: () => solvedSaid,
  };
}

// A short hash of a text (FNV-1a), to key the kept progress.
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16);
}
