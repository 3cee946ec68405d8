// The playground's page: the spec in a CodeMirror editor, checked as you
// type (a worker of its own) with its messages underlined, solved in
// another worker that Stop terminates, solutions drawn as boards, the
// conflicting constraints of a spec without solution marked, the spec
// shared through the address's fragment.
import { EXAMPLES } from "./examples.js";
import { createEditor } from "./editor.js";
import { setupPanels } from "./panels.js";
import { setupSteps } from "./steps.js";
import { setupSetter } from "./setter.js";
import { setupPlay } from "./play.js";
import { drawLineCell, isLine } from "./grids.js";

const $ = (id) => document.getElementById(id);
const editor = createEditor($("editor"), () => {
  editor.mark([]);
  markStale();
  showEdited();
  checkSoon();
});
// For the browser test and the console.
window.playground = { editor };
// The panels beside Solve (set up at the start, below).
let panels = null;
let steps = null;
let setter = null;
let play = null;

// ---- workers ------------------------------------------------------------

// One worker answers requests in turn; `ask` returns a function that
// cancels the wait (the worker keeps going unless it is terminated).
class Solver {
  constructor() {
    this.next = 0;
    this.start();
  }
  // Each worker has its own waiting list: nothing a terminated worker
  // posted can reach a request of the next one.
  start() {
    const worker = new Worker("worker.js", { type: "module" });
    const waiting = new Map();
    worker.onmessage = (m) => {
      const { id, event, finished } = m.data;
      const w = waiting.get(id);
      if (!w) return;
      if (finished) {
        waiting.delete(id);
        w.finished();
      } else {
        w.event(event);
      }
    };
    this.worker = worker;
    this.waiting = waiting;
  }
  busy() {
    return this.waiting.size > 0;
  }
  ask(request, event, finished = () => {}) {
    const id = this.next++;
    this.waiting.set(id, { event, finished });
    this.worker.postMessage({ id, request });
  }
  // Ends whatever it was doing: the worker is thrown away and a new one
  // loaded (the module is cached by the browser).
  restart() {
    this.worker.terminate();
    // Nothing the old worker still had in flight reaches the page.
    this.waiting.clear();
    this.start();
  }
}

const checker = new Solver();
const runner = new Solver();

// ---- the editor -------------------------------------------------------------

function showDiagnostics(diagnostics) {
  const list = $("diagnostics");
  list.innerHTML = "";
  if (diagnostics.length === 0) {
    const li = document.createElement("li");
    li.className = "ok";
    li.textContent = "The spec is valid.";
    list.appendChild(li);
  }
  for (const d of diagnostics) {
    const li = document.createElement("li");
    const where = d.line ? `${d.source}:${d.line}:${d.column}: ` : "";
    li.textContent = where + d.message;
    if (d.help) li.textContent += ` (help: ${d.help})`;
    const pre = document.createElement("pre");
    pre.textContent = d.rendered;
    li.appendChild(pre);
    if (d.from !== undefined) li.onclick = () => editor.select(d.from, Math.max(d.to, d.from + 1));
    li.dataset.line = d.line ?? "";
    list.appendChild(li);
  }
  // Underlined at their spans, the help line in the hover.
  const spanned = diagnostics.filter((d) => d.from !== undefined);
  editor.setDiagnostics(spanned.map((d) => ({ from: d.from, to: d.to,
    message: d.help ? `${d.message}\nhelp: ${d.help}` : d.message })));
}

let checkTimer;
function checkSoon() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 250);
}
function check() {
  // A check still running is of an older text: it is dropped.
  if (checker.busy()) checker.restart();
  const request = { op: "check", spec: editor.text(), set: setValues() };
  checker.ask(request, (e) => {
    if (e.event === "diagnostics") {
      showDiagnostics(e.diagnostics);
      // A spec of another kind opens its panel (once, not at every key).
      if (e.kind && e.kind !== kind) {
        kind = e.kind;
        panels.showTab(wantTab ?? { game: "game", puzzle: "puzzle" }[kind] ?? "solve");
      }
      wantTab = null;
    }
    else if (e.event === "failed" || e.event === "panic")
      showDiagnostics([{ message: e.message, rendered: "" }]);
  });
}


// ---- examples and sharing -----------------------------------------------------

for (const name of Object.keys(EXAMPLES).sort()) {
  const option = document.createElement("option");
  option.value = name;
  option.textContent = name;
  $("example").appendChild(option);
}
$("example").onchange = () => openSpec(EXAMPLES[$("example").value], "", $("example").value);

// The menu's entry for a spec of no example (a link's): not offered.
const own = document.createElement("option");
own.value = "";
own.textContent = "a spec of your own";
own.disabled = own.hidden = true;
$("example").prepend(own);

// Opens `text` with Set `set`, under the example menu's `name` (the
// example it is, or was edited from; "" for none).
function openSpec(text, set, name) {
  $("example").value = Object.hasOwn(EXAMPLES, name) ? name : "";
  $("set").value = set;
  editor.setText(text);
  clearResults();
  showEdited();
  clearTimeout(checkTimer);
  check();
}

// The example menu says when the text is no longer the example's.
function showEdited() {
  for (const option of $("example").options) {
    if (!option.value) continue;
    const edited = option.selected && EXAMPLES[option.value] !== editor.text();
    option.textContent = option.value + (edited ? " (edited)" : "");
  }
}

// ---- results belong to the spec and Set they were made for ---------------------

// Each panel's results, by the id of its progress line (which `ask` is given).
const RESULTS = {
  progress: ["progress", "solutions", "tree-panel"],
  "compare-progress": ["compare-progress", "compare-chart", "compare-table"],
  "guess-progress": ["guess-progress", "guesses"],
  "play-progress": ["play-progress", "computer-moves", "play-chart"],
  "puzzle-progress": ["puzzle-progress", "stepper", "puzzle-chart"],
  "steps-progress": ["steps-progress", "steps-view"],
  "board-progress": ["board-progress", "board-view"],
  "setter-progress": ["setter-progress", "setter-view"],
};
const resultIds = Object.values(RESULTS).flat();
// Panels that hide when empty, rather than lose their parts.
const HIDDEN_WHEN_EMPTY = ["tree-panel", "stepper", "steps-view", "board-view"];

// Each panel says on itself that its results are old: a note above its
// progress line, shown while any of its results is of an older text.
const NOTES = {};
for (const progress of Object.keys(RESULTS)) {
  const note = document.createElement("div");
  note.className = "stale-note";
  note.setAttribute("role", "status");
  note.hidden = true;
  note.textContent = "These results are of the spec or Set as they were: run again for the text now.";
  $(progress).before(note);
  NOTES[progress] = note;
}
const holds = (id) => (HIDDEN_WHEN_EMPTY.includes(id) ? !$(id).hidden : $(id).textContent.trim() !== "");

// Another spec (an example, a shared link): every result goes.
function clearResults() {
  for (const id of resultIds) {
    if (HIDDEN_WHEN_EMPTY.includes(id)) $(id).hidden = true;
    else $(id).innerHTML = "";
    $(id).classList.remove("stale");
  }
  panels?.clear();
  steps?.clear();
  setter?.clear();
  play?.clear();
  for (const note of Object.values(NOTES)) note.hidden = true;
  markTabs();
}

// A tab whose panel holds old results says so on its button too, so that
// they are found before that panel is opened.
function markTabs() {
  for (const b of document.querySelectorAll("#tabs button")) {
    const old = Object.values(NOTES).some((note) => !note.hidden && note.closest(".tab")?.id === `${b.dataset.tab}-tab`);
    b.classList.toggle("old", old);
    b.title = old ? "holds results of the spec or Set as they were" : "";
  }
}

// The spec or Set edited: each panel's results stay, greyed and said (on
// that panel) to be of the text before, until the panel runs again.
function markStale() {
  for (const [progress, ids] of Object.entries(RESULTS)) {
    let old = false;
    for (const id of ids) {
      $(id).classList.toggle("stale", holds(id));
      old ||= holds(id);
    }
    NOTES[progress].hidden = !old;
  }
  markTabs();
}

// A panel ran again: its results are of the text now (the others' stay
// as they are).
function fresh(progress) {
  for (const id of RESULTS[progress.id] ?? []) $(id).classList.remove("stale");
  if (NOTES[progress.id]) NOTES[progress.id].hidden = true;
  markTabs();
}

$("set").addEventListener("input", () => {
  markStale();
  checkSoon();
});

function encode(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
function decode(text) {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

// The link holds the spec, Set and the example the text is (or was
// edited from), so that it reopens under the same name.
$("share").onclick = () => {
  const params = new URLSearchParams();
  params.set("spec", encode(editor.text()));
  if ($("set").value.trim()) params.set("set", $("set").value.trim());
  if ($("example").value) params.set("example", $("example").value);
  const progress = play.shared();
  if (progress) params.set("play", encode(progress));
  // replaceState: no hashchange, so the results on the page stay.
  history.replaceState(null, "", "#" + params.toString());
  navigator.clipboard?.writeText(location.href).catch(() => {});
  $("status").textContent = "The link in the address bar holds the spec.";
};

// A link's spec opens under its example's name: the example whose text it
// is, else the one the link names (then marked edited), else none.
function openFromAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("spec")) {
    try {
      const text = decode(params.get("spec"));
      const same = Object.keys(EXAMPLES).find((name) => EXAMPLES[name] === text);
      openSpec(text, params.get("set") ?? "", same ?? params.get("example") ?? "");
      if (params.has("play")) {
        // A link with a player's progress opens in Play (not in the tab
        // of the spec's kind).
        play.share(decode(params.get("play")));
        wantTab = "play";
        panels.showTab("play");
        play.open();
      }
      return true;
    } catch {
      $("status").textContent = "The link's spec could not be read.";
    }
  }
  return false;
}

// ---- solving ------------------------------------------------------------------

function setValues() {
  // NAME=VALUE items separated by spaces outside brackets; spaces around
  // `=` are allowed (`n = 10`), as in a quoted --set on the command line.
  const text = $("set").value.replace(/\s*=\s*/g, "=");
  const items = [];
  let depth = 0, current = "";
  for (const c of text) {
    if ("[({".includes(c)) depth++;
    if ("])}".includes(c)) depth--;
    if (/\s/.test(c) && depth === 0) {
      if (current) items.push(current);
      current = "";
    } else current += c;
  }
  if (current) items.push(current);
  return items;
}

// Puts `item` (NAME=VALUE) in Set, in place of the item of that name.
function useSet(item) {
  const name = item.split("=")[0];
  const others = setValues().filter((i) => i.split("=")[0] !== name);
  $("set").value = [...others, item].join(" ");
  $("set").dispatchEvent(new Event("input"));
}

// Puts `item` in Set and opens it in Play.
function playSet(item) {
  useSet(item);
  panels.showTab("play");
  play.open();
}

function solveRequest() {
  const mode = $("mode").value;
  const search = {};
  if ($("order").value.trim()) search.order = $("order").value.trim();
  if ($("var").value) search.var = $("var").value;
  if ($("value").value) search.value = $("value").value;
  if ($("consistency").value.trim()) search.consistency = [$("consistency").value.trim()];
  const request = { op: "solve", spec: editor.text(), set: setValues(), mode, search };
  if (mode === "limit") request.limit = Number($("limit").value) || 1;
  if ($("no-symmetry").checked) request.no_symmetry = true;
  if ($("time-limit").value) request.time_limit = Number($("time-limit").value);
  if ($("tree").checked) request.tree = true;
  return request;
}

// The number of solutions is asked only for a limit.
const showLimit = () => ($("limit").hidden = $("mode").value !== "limit");
$("mode").addEventListener("change", showLimit);
showLimit();

let shown = 0;
const MOST_DRAWN = 200;

$("run-form").onsubmit = (e) => {
  e.preventDefault();
  $("solutions").innerHTML = "";
  $("tree-panel").hidden = true;
  $("progress").textContent = "solving…";
  shown = 0;
  let found = 0;
  const started = performance.now();
  treeLabel = runLabel();
  ask(solveRequest(), $("progress"), (e) => {
    if (e.event === "solution") {
      found++;
      if (shown < MOST_DRAWN) drawSolution(e);
      $("progress").textContent = `${found} solution${found === 1 ? "" : "s"} so far…`;
    } else if (e.event === "progress") {
      if (e.nodes === undefined) found = e.count;
      const nodes = e.nodes === undefined ? "" : `, ${e.nodes.toLocaleString()} nodes`;
      $("progress").textContent = `${e.count.toLocaleString()} solutions${nodes} so far…`;
    } else if (e.event === "done") {
      const time = (performance.now() - started) / 1000;
      let line = `${e.count.toLocaleString()} solution${e.count === 1 ? "" : "s"}`;
      if (e.optimum !== undefined && e.optimum !== null) line += `, optimum ${e.optimum}`;
      line += `${e.complete ? "" : " (stopped: a limit cut the search short)"}; ${e.nodes.toLocaleString()} nodes, ${e.failures.toLocaleString()} failures, ${time.toFixed(2)} s`;
      if (e.count === 0 && e.complete) line = "no solution (proven); " + line;
      $("progress").textContent = line;
      $("progress").dataset.count = e.count;
      $("progress").dataset.ms = e.ms;
    } else if (e.event === "tree") {
      showTree(e);
    }
  });
};

// Why no solution: the conflicting constraints, marked in the editor.
$("explain").onclick = () => {
  const request = { ...solveRequest(), op: "explain" };
  delete request.mode;
  delete request.tree;
  $("solutions").innerHTML = "";
  $("progress").textContent = "looking for the conflicting constraints…";
  ask(request, $("progress"), (e) => {
    if (e.event !== "explanation") return;
    if (e.stopped) {
      $("progress").textContent = "a limit stopped the explanation before it was complete";
    } else if (e.satisfiable) {
      $("progress").textContent = "The spec has a solution: there is no conflict to explain.";
    } else if (e.conflict.length === 0) {
      $("progress").textContent = "The variables' domains alone have no solution.";
    } else {
      // Marked only on the text explained.
      const same = editor.text() === request.spec;
      if (same) editor.mark(e.conflict.filter((c) => c.from !== undefined));
      const names = e.conflict.map((c) => c.name).join(", ");
      // Each is called needed only where the checks proved it.
      const where = same ? "marked in the editor" : "the spec changed since: explain again to mark them";
      const needed = (e.unproven ?? []).length
        ? `each is needed but perhaps ${e.unproven.join(", ")}, which the checks could not settle`
        : "without any one of them the others have one";
      $("progress").textContent = e.conflict.length === 1
        ? `This constraint has no solution on its own (${where}): ${names}`
        : `These ${e.conflict.length} constraints have no solution together; ${needed} (${where}): ${names}`;
    }
  });
};

// One request at a time runs in the running worker, whichever panel
// asked: while it runs every Run-like button waits, and every Stop ends it.
function busy(on) {
  for (const b of document.querySelectorAll("#run, #explain, .go")) b.disabled = on;
  for (const b of document.querySelectorAll("#stop, .stop")) b.disabled = !on;
}
function stopAll() {
  runner.restart();
  busy(false);
  for (const p of document.querySelectorAll("#progress, .progress")) {
    if (p.textContent.endsWith("…")) p.textContent += " stopped.";
  }
}
for (const b of document.querySelectorAll("#stop, .stop")) b.onclick = stopAll;

// Asks the running worker; the spec's messages and failures are said the
// same way for every panel, the rest goes to `onEvent`. Messages are of
// the text the request was given: shown only while the editor still holds
// it (the checker reports on newer ones).
function ask(request, progress, onEvent) {
  busy(true);
  fresh(progress);
  runner.ask(
    request,
    (e) => {
      if (e.event === "diagnostics") {
        if (editor.text() === request.spec) showDiagnostics(e.diagnostics);
        progress.textContent = "The spec has errors: see the messages under the editor.";
      } else if (e.event === "failed" || e.event === "panic") {
        progress.textContent = e.message;
      } else onEvent(e);
    },
    () => busy(false),
  );
}

// The search tree as the library draws it (the same as `--tree FILE.svg`):
// decisions on the edges, failures red and named, solutions green. A tree
// kept for comparison is drawn beside the next one, with the first node
// where the two searches differ marked in both (as CP-Profiler's merge).
let lastTree = null, pinned = null, treeLabel = "";

// One vocabulary with --stats and the progress line: a node is a decision
// tried (x = v); its other branch (x != v) is a branch, not a node.
function treeSummary(e) {
  const count = (end) => e.nodes.filter((n) => n.end === end).length;
  const nodes = e.nodes.filter((n) => n.left).length;
  return `${nodes} nodes (${e.nodes.length - 1} branches), ${count("failed")} failures, ${count("solution")} solutions${e.cut ? "; the first 30,000 events" : ""}`;
}

// The run's choices, to label its tree.
function runLabel() {
  const r = solveRequest();
  const parts = [...r.set, ...Object.entries(r.search).map(([k, v]) => `${k}=${v}`)];
  if (r.no_symmetry) parts.push("no-symmetry");
  return parts.join(" ") || "default";
}

// The first node (in the order the search made them) where the two trees
// differ: another parent, decision or end; or where one has no more.
function firstDifference(a, b) {
  const same = (x, y) => x.parent === y.parent && x.decision === y.decision && x.end === y.end && x.by === y.by;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (!same(a[i], b[i])) return i;
  return a.length === b.length ? null : n;
}

// The tree as an outline: a branch per line, collapsible, with the nodes
// (decisions x = v, as --stats counts them), failures and solutions below
// it, and what each constraint pruned there.
function outline(nodes) {
  const below = nodes.map(() => ({ nodes: 0, failed: 0, solution: 0 }));
  // Children come after their parent: one pass from the end sums them.
  for (let i = nodes.length - 1; i > 0; i--) {
    const b = below[i], p = below[nodes[i].parent];
    p.nodes += (nodes[i].left ? 1 : 0) + b.nodes;
    p.failed += b.failed + (nodes[i].end === "failed" ? 1 : 0);
    p.solution += b.solution + (nodes[i].end === "solution" ? 1 : 0);
  }
  const items = nodes.map((n, i) => {
    const item = document.createElement("details");
    item.open = n.depth < 2;
    item.dataset.node = i;
    const summary = document.createElement("summary");
    const end = n.end === "failed" ? ` ✗ ${n.by ?? "fail"}` : n.end === "solution" ? ` ✓ solution ${n.by}` : "";
    const b = below[i];
    const counts = b.nodes > 0 ? ` — ${b.nodes} nodes below, ${b.failed} failures, ${b.solution} solutions` : "";
    summary.textContent = (i === 0 ? "root" : n.decision) + end + counts;
    summary.className = `end-${n.end}`;
    item.appendChild(summary);
    for (const p of n.prunings ?? []) {
      const line = document.createElement("div");
      line.className = "pruning";
      line.textContent = p;
      item.appendChild(line);
    }
    return item;
  });
  nodes.forEach((n, i) => i > 0 && items[n.parent].appendChild(items[i]));
  return items[0];
}

function showTree(e) {
  e.label = treeLabel;
  $("tree-outline").innerHTML = "";
  $("tree-outline").appendChild(outline(e.nodes));
  lastTree = e;
  $("tree-summary").textContent = `(${treeSummary(e)})`;
  $("tree-label").textContent = pinned ? `${e.label}: ${treeSummary(e)}` : "";
  $("tree-drawing").innerHTML = e.svg;
  $("tree-panel").hidden = false;
  $("pinned-tree").hidden = !pinned;
  $("tree-difference").textContent = "";
  delete $("tree-difference").dataset.node;
  if (!pinned) return;
  $("pinned-label").textContent = `${pinned.label}: ${treeSummary(pinned)}`;
  $("pinned-drawing").innerHTML = pinned.svg;
  const d = firstDifference(pinned.nodes, e.nodes);
  if (d === null) {
    $("tree-difference").textContent = "The two searches made the same tree.";
    return;
  }
  const say = (t) => (d < t.nodes.length ? (d === 0 ? "the root" : `${t.nodes[d].decision} (${t.nodes[d].end}${t.nodes[d].by ? " by " + t.nodes[d].by : ""})`) : t.cut ? "the end of its recording" : "nothing more");
  $("tree-difference").textContent = `First difference at node ${d}: ${say(pinned)} on the left, ${say(e)} on the right.`;
  $("tree-difference").dataset.node = d;
  for (const id of ["pinned-drawing", "tree-drawing"]) {
    const node = document.querySelector(`#${id} [data-node="${d}"]`);
    if (node) {
      node.classList.add("difference");
      node.scrollIntoView({ block: "center", inline: "center" });
    }
  }
}

$("pin-tree").onclick = () => {
  pinned = lastTree;
  $("pinned-tree").hidden = false;
  $("pinned-label").textContent = `${pinned.label}: ${treeSummary(pinned)} (kept)`;
  $("pinned-drawing").innerHTML = pinned.svg;
  $("tree-drawing").innerHTML = "";
  $("tree-label").textContent = "the next run's tree goes here";
};

// ---- drawing ------------------------------------------------------------------

const isScalar = (v) => v === null || ["number", "string", "boolean"].includes(typeof v);
const isRow = (v) => Array.isArray(v) && v.every(isScalar);
const isGrid = (v) => Array.isArray(v) && v.length > 0 && v.every(isRow);

function cellText(v) {
  if (v === true) return "●";
  if (v === false) return "";
  return v === null ? "" : String(v);
}

// A value's colour: equal values alike, neighbouring numbers apart.
function colour(v) {
  let n = typeof v === "number" ? v : [...String(v)].reduce((h, c) => h * 31 + c.charCodeAt(0), 7);
  const hue = ((n * 137.508) % 360 + 360) % 360;
  return `hsl(${hue.toFixed(0)} 70% 78%)`;
}

// A board: cells as text, coloured or chequered; a board with line
// characters (a loop, paths, bridges) as a line drawing, its lines drawn
// across the cells and the other cells (points, circles, clues) as text.
// With `other` (another board of the same spec), the cells where the two
// differ are marked. The board's columns set its cells' size (style.css),
// so that a wide board fits a narrow screen.
function board(rows, other = null) {
  const table = document.createElement("table");
  table.className = "board";
  const texts = rows.map((row) => row.map(cellText));
  const drawing = texts.some((row) => row.some(isLine));
  if (drawing) table.classList.add("drawing");
  table.style.setProperty("--columns", Math.max(1, ...rows.map((row) => row.length)));
  const coloured = $("colours").checked && !drawing;
  rows.forEach((row, i) => {
    const tr = document.createElement("tr");
    row.forEach((v, j) => {
      const td = document.createElement("td");
      if (drawing) drawLineCell(td, texts, i, j);
      else td.textContent = texts[i][j];
      // A blank cell (a ring's empty centre) is no value: not coloured.
      if (coloured && v !== null && v !== "" && typeof v !== "boolean") td.style.background = colour(v);
      else if (!drawing && (i + j) % 2 === 1) td.classList.add("dark");
      if (other && other[i]?.[j] !== v) td.classList.add("differ");
      tr.appendChild(td);
    });
    table.appendChild(tr);
  });
  return table;
}

// A solution (a `solution` event, or a Setter's solution: the same
// fields) drawn: the spec's `[output] board` when it declares one, the
// template's text below it; else each variable by its shape (a 2-D array
// as a grid board, a 1-D array as a row, a number as text) with the text
// beside them. With `other` (another solution of the same spec), what
// differs from it is marked.
function drawn(e, other = null) {
  const div = document.createElement("div");
  div.className = "solution";
  if (e.drawing && !other) {
    // The spec's board as the puzzle is drawn (its regions, givens,
    // styles, lines): the SVG that `solve draw --svg` writes, made by the
    // library from the spec (its texts escaped there). Two solutions side
    // by side keep the cells, where what differs is marked.
    const figure = document.createElement("div");
    figure.className = "drawing-svg";
    figure.innerHTML = e.drawing;
    div.appendChild(figure);
  } else if (e.board) {
    div.appendChild(board(e.board, other?.board));
  }
  if (e.drawing || e.board) {
    if (e.templated) {
      const pre = document.createElement("pre");
      pre.textContent = e.text;
      div.appendChild(pre);
    }
    return div;
  }
  for (const [name, value] of Object.entries(e.values ?? {})) {
    const part = document.createElement("div");
    const title = document.createElement("h3");
    title.textContent = name;
    part.appendChild(title);
    const theirs = other?.values?.[name];
    if (isGrid(value)) part.appendChild(board(value, other && (isGrid(theirs) ? theirs : [])));
    else if (isRow(value)) part.appendChild(board([value], other && [isRow(theirs) ? theirs : []]));
    else {
      const span = document.createElement("span");
      span.className = "scalar";
      if (other && JSON.stringify(theirs) !== JSON.stringify(value)) span.classList.add("differ");
      span.textContent = JSON.stringify(value);
      part.appendChild(span);
    }
    div.appendChild(part);
  }
  const pre = document.createElement("pre");
  pre.textContent = e.text;
  div.appendChild(pre);
  if (e.cut) {
    const cut = document.createElement("p");
    cut.textContent = "the time limit ran out while the output template was being evaluated: the solution is shown without it";
    div.appendChild(cut);
  }
  return div;
}

function drawSolution(e) {
  shown++;
  $("solutions").appendChild(drawn(e));
}

// ---- start ----

let kind = null;
// The tab the next check opens instead of the kind's (a link's Play).
let wantTab = null;
panels = setupPanels({ ask, spec: () => editor.text(), setValues, board });
steps = setupSteps({ ask, spec: () => editor.text(), setValues, mark: (ranges) => editor.mark(ranges) });
setter = setupSetter({ ask, spec: () => editor.text(), setValues, board, drawn, useSet, playSet });
play = setupPlay({ ask, spec: () => editor.text(), setValues });
$("board-open").onclick = () => play.open();
document.querySelector("#tabs button[data-tab=play]").addEventListener("click", () => play.ensure());

// The menus of search choices, as the library names them.
// Asked of the running worker: a check restarts its own worker when busy.
runner.ask({ op: "about" }, (e) => {
  if (e.event !== "about") return;
  for (const [id, names] of [["var", e.var], ["value", e.value]]) {
    for (const name of names) {
      const option = document.createElement("option");
      option.textContent = name;
      $(id).appendChild(option);
    }
  }
  $("status").textContent = `solve ${e.version}, in your browser: pick an example or write a spec on the left, then press Run`;
});

if (!openFromAddress()) {
  openSpec(EXAMPLES.queens, "", "queens");
}
window.addEventListener("hashchange", openFromAddress);
