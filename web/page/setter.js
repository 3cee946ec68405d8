// The Setter panel: what a person making a puzzle asks of its rules.
// Unique? draws the solution, or two solutions side by side with the
// cells where they differ marked (as the Solve panel draws a solution:
// the spec's board, or each variable); Candidates draws each cell's values in
// some solution, coloured by how many (one: green; more: warmer), with
// their solution counts when asked; Needless clues marks on the solution
// the cells of the clues that can go one at a time; Generate draws a new
// puzzle of the spec's [generate] section, which Use puts in Set.
import { drawGrids } from "./grids.js";

const $ = (id) => document.getElementById(id);

export function setupSetter(page) {
  const { ask, spec, setValues, board, drawn, useSet, playSet } = page;
  const progress = $("setter-progress");
  const view = $("setter-view");
  let made = null; // the last generated puzzle's `set` text

  const request = (op) => ({ op, spec: spec(), set: setValues() });
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  // A titled part of `view` holding `content`.
  function titled(title, content) {
    const div = document.createElement("div");
    div.className = "setter-board";
    const h = document.createElement("h3");
    h.textContent = title;
    div.appendChild(h);
    div.appendChild(content);
    view.appendChild(div);
  }

  // A titled board of `cells` (declared variables by name).
  function boardOf(title, cells) {
    const grids = document.createElement("div");
    drawGrids(grids, cells);
    titled(title, grids);
  }

  // The one or two solutions drawn as the Solve panel draws them (the
  // spec's board, or each variable), the cells where two differ marked.
  function showUniqueness(e, said = "") {
    if (e.answer === "none") {
      progress.textContent = `${said}no solution`;
      return;
    }
    const [first, second] = e.solutions;
    if (e.answer === "unique") {
      progress.textContent = `${said}unique: one solution`;
      titled("the solution", drawn(first));
      return;
    }
    progress.textContent = `${said}not unique: two solutions differ on ${plural(e.differ.length, "variable")} (marked): ${e.differ.join(", ")}`;
    titled("first solution", drawn(first, second));
    titled("second solution", drawn(second, first));
  }

  function start(text) {
    progress.textContent = text;
    view.innerHTML = "";
    $("use-puzzle").hidden = true;
    $("play-puzzle").hidden = true;
  }

  $("unique-run").onclick = () => {
    start("looking for two solutions…");
    ask(request("unique"), progress, (e) => {
      if (e.event === "uniqueness") showUniqueness(e);
      if (e.event === "stopped") progress.textContent = `${e.message} before uniqueness was decided`;
    });
  };

  $("candidates-run").onclick = () => {
    const r = request("candidates");
    const cap = Number($("count-up-to").value);
    if (cap >= 1) r.count_up_to = cap;
    start(cap >= 1 ? "finding the candidates and counting…" : "finding the candidates…");
    ask(r, progress, (e) => {
      if (e.event === "stopped") progress.textContent = `${e.message} before the candidates were complete`;
      if (e.event !== "candidates") return;
      if (e.answer === "none") {
        progress.textContent = "no solution: no candidates";
        return;
      }
      const most = Math.max(...e.cells.map((c) => c.values.length));
      const cells = e.cells.map((c) => {
        const n = c.values.length;
        const each = c.values.map((v, i) => c.counts ? `${v}:${c.counts[i]}${c.counts[i] >= e.cap ? "+" : ""}` : String(v));
        // One candidate green; more from yellow to red as they grow.
        const hue = n === 1 ? 120 : 50 - 50 * (n - 1) / Math.max(1, most - 1);
        return {
          name: c.name, text: each.join(" "), classes: n === 1 ? [] : ["candidates"],
          style: `background: hsl(${hue.toFixed(0)} 75% 82%)`,
          title: `${c.name} ∈ {${each.join(", ")}}`,
        };
      });
      const open = e.cells.filter((c) => c.values.length > 1).length;
      progress.textContent = open === 0
        ? "every variable has one candidate: the solution is unique"
        : `${plural(open, "variable")} of ${e.cells.length} with several candidates (warmer: more)`;
      boardOf(e.cap ? `candidates and their solutions, counted up to ${e.cap}` : "candidates", cells);
    });
  };

  $("redundant-run").onclick = () => {
    const r = request("redundant");
    if ($("clue-group").value.trim()) r.group = $("clue-group").value.trim();
    start("trying each clue…");
    ask(r, progress, (e) => {
      if (e.event === "stopped") progress.textContent = `${e.message} before the clues were all tried`;
      if (e.event === "uniqueness") showUniqueness(e, "every clue is needed while the puzzle is not unique: ");
      if (e.event !== "redundant") return;
      const marked = new Set(e.needless.flatMap((n) => n.vars));
      const cells = e.cells.map((c) => ({
        name: c.name, text: String(c.first), classes: marked.has(c.name) ? ["needless"] : [],
      }));
      const names = e.needless.map((n) => n.name).join(", ");
      progress.textContent = `${e.needless.length} of ${plural(e.clues, "clue")} can go, each alone, with the solution still unique${names ? ` (marked): ${names}` : ""}`;
      boardOf("the solution", cells);
    });
  };

  $("generate-run").onclick = () => {
    const r = request("generate");
    const seed = Number($("generate-seed").value);
    if (seed >= 1) r.seed = seed;
    start("drawing a solution and removing clues…");
    ask(r, progress, (e) => {
      if (e.event === "stopped") progress.textContent = `${e.message} before the puzzle was made`;
      if (e.event !== "generated") return;
      const rows = e.rows.map((row) => row.map((v) => (v === e.blank ? null : v)));
      progress.textContent = `seed ${e.seed}: ${plural(e.clues, "clue")}, grade ${e.grade}; Use puts it in Set (${e.set.split("=")[0]})`;
      const div = document.createElement("div");
      div.className = "setter-board";
      div.appendChild(board(rows));
      view.appendChild(div);
      made = e.set;
      $("use-puzzle").hidden = false;
      $("play-puzzle").hidden = false;
      $("generate-seed").placeholder = `next: ${e.seed + 1}`;
    });
  };

  $("use-puzzle").onclick = () => made && useSet(made);
  // Generate hands its puzzle to Play.
  $("play-puzzle").onclick = () => made && playSet(made);

  return { clear() { made = null; view.innerHTML = ""; $("use-puzzle").hidden = true; $("play-puzzle").hidden = true; } };
}
