// The Steps panel: `solve steps` on the board. Each declared array is
// drawn as a grid of its known values (a fixed cell shows its value, an
// open one its candidates, small); a slider walks the steps, the cells a
// step knows (its facts) and the cells it deduces marked, its sentence
// beside (with the chain of a step by contradiction, whose cells are
// outlined), the values it removes struck through in the cells it deduces,
// its constraint items marked in the editor (and scrolled into view).
// Hint asks for the next step from the givens the learner typed (one per
// line, as `solve hint --given` takes them); when they cannot all stand,
// the wrong entries are marked on the board and named, then the rules
// they break.

import { drawGrids } from "./grids.js";

const $ = (id) => document.getElementById(id);

// `1 step`, `2 steps`.
const steps = (n) => `${n} step${n === 1 ? "" : "s"}`;

export function setupSteps(page) {
  const { ask, spec, setValues, mark } = page;
  let walk = null; // { vars: Map name -> values, steps: [step], end }
  let shown = 0;

  // The known values after the first `k` steps.
  function knownAfter(k) {
    const known = new Map(walk.vars);
    for (const step of walk.steps.slice(0, k)) {
      for (const d of step.deduces) known.set(d.var, d.left);
    }
    return known;
  }

  // A value as the board shows it, and as the step's values compare.
  const text = (v) => String(v);

  function draw() {
    if (!walk) return;
    const known = knownAfter(shown);
    const step = shown > 0 ? walk.steps[shown - 1] : null;
    const used = new Set(step ? step.facts.map((f) => f.var) : []);
    // A step by contradiction: the cells of its chain, assumption first.
    const chain = step && step.chain ? step.chain : null;
    const chained = new Set(chain ? [chain.if.var, ...chain.links.map((l) => l.var)] : []);
    // What the step removed: each deduced cell's values before it that
    // are not left, struck through beside those left.
    const before = step ? knownAfter(shown - 1) : new Map();
    const removedFrom = new Map((step ? step.deduces : []).map((d) => {
      const left = new Set((known.get(d.var) ?? []).map(text));
      return [d.var, (before.get(d.var) ?? []).map(text).filter((v) => !left.has(v))];
    }));
    const cells = [...known].map(([name, values]) => {
      const classes = values.length === 1 ? [] : ["candidates"];
      if (values.some((v) => typeof v === "string")) classes.push("texts");
      if (used.has(name)) classes.push("used");
      if (chained.has(name)) classes.push("chain");
      const cell = { name, values: values.map(text), classes };
      const removed = removedFrom.get(name);
      if (removed) {
        classes.push("deduced");
        cell.removed = removed;
        cell.title = `${name}: this step removes ${removed.join(", ")}`;
      }
      return cell;
    });
    drawGrids($("steps-board"), cells);
    $("steps-text").textContent = step ? step.text : walk.start;
    // The items it uses marked in the editor, the first scrolled into view.
    mark(step ? step.uses.filter((u) => u.from !== undefined) : []);
    $("steps-slider").max = walk.steps.length;
    $("steps-slider").value = shown;
    $("steps-label").textContent = `step ${shown} of ${walk.steps.length}`;
  }

  function run(hint) {
    const request = { op: "steps", spec: spec(), set: setValues() };
    const givens = $("givens").value.split("\n").map((l) => l.split("#")[0].trim()).filter((l) => l);
    if (givens.length) request.givens = givens;
    if (hint) request.hint = true;
    if ($("consistency").value.trim()) request.search = { consistency: [$("consistency").value.trim()] };
    const progress = $("steps-progress");
    progress.textContent = hint ? "looking for the next step…" : "looking for steps…";
    walk = null;
    $("steps-view").hidden = true;
    ask(request, progress, (e) => {
      if (e.event === "steps-start") {
        const start = e.start.map((s) => s.from).join("; ");
        walk = { vars: new Map(e.vars.map((v) => [v.name, v.values])), steps: [],
          start: start ? `known from the start: ${start}` : "nothing known yet" };
        $("steps-view").hidden = false;
      } else if (e.event === "step") {
        walk.steps.push(e.step);
        progress.textContent = `${steps(walk.steps.length)} so far…`;
      } else if (e.event === "steps-conflict") {
        // The player's wrong entries first, marked on the board; then the
        // rules they break, by their sentences.
        const rules = e.said.join("; ");
        progress.textContent = e.givens.length
          ? `${e.givens.length === 1 ? "This entry cannot stand" : "These entries cannot all stand"}: ${e.givens.join(", ")}. ${e.givens.length === 1 ? "It breaks" : "They break"}: ${rules}.`
          : `This state has no solution, whatever is given: ${rules}.`;
        if (!e.minimal) progress.textContent += " (not proven minimal)";
        const wrong = new Set(e.wrong);
        const cells = e.vars.map((v) => {
          const classes = v.values.length === 1 ? [] : ["candidates"];
          if (v.values.some((x) => typeof x === "string")) classes.push("texts");
          if (wrong.has(v.name)) classes.push("wrong");
          const cell = { name: v.name, values: v.values.map(text), classes };
          if (wrong.has(v.name)) cell.title = `${v.name}: your entry cannot stand`;
          return cell;
        });
        walk = null;
        $("steps-view").hidden = false;
        drawGrids($("steps-board"), cells);
        $("steps-text").textContent = "";
        $("steps-slider").max = 0;
        $("steps-label").textContent = "";
        mark([]);
      } else if (e.event === "steps-end") {
        if (!walk) {
          progress.textContent = "a limit stopped the steps before they began";
          return;
        }
        const open = e.open.map((o) => `${o.var} ∈ {${o.in.join(", ")}}`).join(", ");
        progress.textContent = e.stopped ? `a limit stopped the steps after ${steps(e.steps)}`
          : hint ? (e.steps ? "the next step:" : "nothing more follows")
          : e.end === "solved" ? `every value follows, in ${steps(e.steps)}`
          : `deduction stops after ${steps(e.steps)}; still open: ${open}`;
        shown = hint ? walk.steps.length : 0;
        draw();
      }
    });
  }

  $("steps-run").onclick = () => run(false);
  $("hint-run").onclick = () => run(true);
  $("steps-back").onclick = () => { shown = Math.max(0, shown - 1); draw(); };
  $("steps-next").onclick = () => { shown = Math.min(walk ? walk.steps.length : 0, shown + 1); draw(); };
  $("steps-slider").oninput = () => { shown = Number($("steps-slider").value); draw(); };
  return { clear() { walk = null; $("steps-view").hidden = true; } };
}
