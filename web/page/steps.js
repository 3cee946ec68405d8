// The Steps panel: `solve steps` on the board. Each declared array is
// drawn as a grid of its known values (a fixed cell shows its value, an
// open one its candidates, small); a slider walks the steps, the cells a
// step knows (its facts) and the cell it deduces marked, its sentence
// beside, its constraint items marked in the editor. Hint asks for the
// next step from the givens the learner typed (one per line, as
// `solve hint --given` takes them).

const $ = (id) => document.getElementById(id);

export function setupSteps(page) {
  const { ask, spec, setValues, mark } = page;
  let walk = null; // { vars: Map name -> values, steps: [step], end }
  let shown = 0;

  // `x[1][2]` -> ["x", [1, 2]]; a scalar -> [name, []].
  const parse = (name) => {
    const at = name.indexOf("[");
    if (at < 0) return [name, []];
    return [name.slice(0, at), name.slice(at + 1, -1).split("][").map(Number)];
  };

  // The known values after the first `k` steps.
  function knownAfter(k) {
    const known = new Map(walk.vars);
    for (const step of walk.steps.slice(0, k)) known.set(step.deduces[0].var, step.left);
    return known;
  }

  function draw() {
    if (!walk) return;
    const known = knownAfter(shown);
    const step = shown > 0 ? walk.steps[shown - 1] : null;
    const used = new Set(step ? step.facts.map((f) => f.var) : []);
    const deduced = step ? step.deduces[0].var : null;
    // Arrays of one or two indices as grids, the rest as a list.
    const arrays = new Map();
    for (const [name, values] of known) {
      const [base, index] = parse(name);
      if (!arrays.has(base)) arrays.set(base, []);
      arrays.get(base).push({ name, index, values });
    }
    const boards = $("steps-board");
    boards.innerHTML = "";
    for (const [base, cells] of arrays) {
      const table = document.createElement("table");
      table.className = "steps-grid";
      const caption = table.createCaption();
      caption.textContent = base;
      const rows = new Map();
      for (const c of cells) {
        const row = c.index.length > 1 ? c.index[0] : 0;
        if (!rows.has(row)) rows.set(row, []);
        rows.get(row).push(c);
      }
      for (const row of [...rows.keys()].sort((a, b) => a - b)) {
        const tr = table.insertRow();
        for (const c of rows.get(row)) {
          const td = tr.insertCell();
          td.title = c.name;
          if (c.values.length === 1) td.textContent = String(c.values[0]);
          else {
            td.className = "candidates";
            td.textContent = c.values.join(" ");
          }
          if (used.has(c.name)) td.classList.add("used");
          if (c.name === deduced) td.classList.add("deduced");
        }
      }
      boards.appendChild(table);
    }
    $("steps-text").textContent = step ? step.text : walk.start;
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
        progress.textContent = `${walk.steps.length} steps so far…`;
      } else if (e.event === "steps-conflict") {
        progress.textContent = `This state has no solution: ${[...e.conflict, ...e.givens.map((g) => "given " + g)].join(", ")} have none together.`;
      } else if (e.event === "steps-end") {
        if (!walk) {
          progress.textContent = "a limit stopped the steps before they began";
          return;
        }
        const open = e.open.map((o) => `${o.var} ∈ {${o.in.join(", ")}}`).join(", ");
        progress.textContent = e.stopped ? `a limit stopped the steps after ${e.steps}`
          : hint ? (e.steps ? "the next step:" : "nothing more follows")
          : e.end === "solved" ? `every value follows, in ${e.steps} steps`
          : `deduction stops after ${e.steps} steps; still open: ${open}`;
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
