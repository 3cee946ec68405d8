// The panels beside Solve: Compare (counts under several configurations,
// a table and a chart), Play (a [game]: you guess, the computer guesses,
// every secret as a histogram) and Puzzle (a [puzzle]'s shortest solution
// stepped move by move, every position's distance as a histogram). Each
// asks the running worker through app.js's `ask`; Stop terminates it.
import { lineChart, histogram } from "./chart.js";

const $ = (id) => document.getElementById(id);

export function setupPanels(page) {
  const { ask, spec, setValues, board } = page;

  // A histogram object ({"1": 3, ...}) as counts in key order.
  const counts = (histogram) =>
    Object.keys(histogram).sort((a, b) => a - b).map((k) => histogram[k]);

  // ---- tabs ----
  function showTab(name) {
    for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== `${name}-tab`;
    for (const b of document.querySelectorAll("#tabs button")) {
      b.classList.toggle("current", b.dataset.tab === name);
    }
  }
  for (const b of document.querySelectorAll("#tabs button")) b.onclick = () => showTab(b.dataset.tab);
  showTab("solve");

  // ---- compare ----
  let rows = [];
  function drawCompare() {
    const measure = $("measure").value;
    // One line per configuration: its place in each swept value's block
    // (two configurations may have the same label).
    const series = [];
    let place = 0;
    rows.forEach((r, i) => {
      place = i > 0 && rows[i - 1].param === r.param ? place + 1 : 0;
      if (series.length === place) series.push({ label: r.configuration, points: [] });
      // A row a limit stopped before its search began has no figures.
      if (r.param !== null && (r.complete || r.nodes > 0)) {
        series[place].points.push({ x: Number(r.param.split("=")[1]), y: r[measure], exact: r.complete });
      }
    });
    const swept = rows.some((r) => r.param !== null);
    const name = swept ? rows[0].param.split("=")[0] : "";
    $("compare-chart").innerHTML = swept ? lineChart(`${measure} per configuration`, name, measure, series) : "";
    const table = $("compare-table");
    table.innerHTML = "";
    if (rows.length === 0) return;
    const head = ["param", "configuration", "solutions", "nodes", "failures", "propagations", "time"];
    const tr = table.insertRow();
    for (const h of head) tr.insertCell().outerHTML = `<th>${h}</th>`;
    for (const r of rows) {
      const cells = [r.param ?? "", r.configuration,
        `${r.solutions}${r.complete ? "" : "+"}${r.mismatch ? " !!" : ""}`,
        r.nodes.toLocaleString("en"), r.failures.toLocaleString("en"),
        r.propagations.toLocaleString("en"), `${r.seconds.toFixed(3)} s`];
      const row = table.insertRow();
      for (const c of cells) row.insertCell().textContent = c;
    }
  }
  $("measure").onchange = drawCompare;
  $("compare-form").onsubmit = (e) => {
    e.preventDefault();
    rows = [];
    drawCompare();
    const tries = $("tries").value.split("\n").map((t) => t.trim()).filter((t) => t);
    const request = { op: "compare", spec: spec(), set: setValues(), tries };
    if ($("sweep").value.trim()) request.sweep = $("sweep").value.trim();
    if ($("compare-time-limit").value) request.time_limit = Number($("compare-time-limit").value);
    const progress = $("compare-progress");
    progress.textContent = "counting…";
    ask(request, progress, (e) => {
      if (e.event === "rows") {
        rows.push(...e.rows);
        drawCompare();
        progress.textContent = `${rows.length} ${rows.length === 1 ? "row" : "rows"} so far…`;
      } else if (e.event === "done") {
        progress.textContent = `${rows.length} ${rows.length === 1 ? "row" : "rows"} in ${(e.ms / 1000).toFixed(2)} s` +
          (e.complete ? "" : "; a limit stopped some counts (marked +): lower bounds") +
          (e.mismatch ? "; configurations that may not change the solutions counted otherwise (!!): a bug in solve" : "");
      }
    });
  };

  // ---- play: you guess ----
  // The secret is a number the library takes modulo the codes' count. A
  // guess is never dropped unsaid: one typed before any secret draws
  // one; one typed after the spec or Set changed stays in its box while
  // the page asks for a new secret; a new secret says how many guesses
  // of the last one it cleared.
  let secret = null, guesses = [], game = "";
  const gameOf = () => JSON.stringify([spec(), setValues()]);
  // Answers the guesses (or reveals the secret); `said` goes before what
  // the page says once the secret is chosen.
  function askGuesses(reveal = false, said = "") {
    const request = { op: "guess", spec: spec(), set: setValues(), secret, guesses, reveal };
    ask(request, $("guess-progress"), (e) => {
      if (e.event !== "game") return;
      if (guesses.length === 0 && !reveal) {
        $("guess-progress").textContent = `${said}I have chosen a secret among ${e.codes.toLocaleString("en")} codes (e.g. ${e.example}). Your guess:`;
        return;
      }
      const list = $("guesses");
      list.innerHTML = "";
      for (const a of e.answers) {
        const li = document.createElement("li");
        li.textContent = a.error ? `${a.guess}: ${a.error}` : `${a.guess} → ${a.answer}`;
        if (a.win) li.className = "win";
        list.appendChild(li);
      }
      const valid = e.answers.filter((a) => !a.error);
      guesses = guesses.filter((_, k) => !e.answers[k].error);
      const won = valid.findIndex((a) => a.win) + 1;
      $("guess-progress").textContent = said + (won
        ? `You got it in ${won} guess${won === 1 ? "" : "es"}.`
        : `${valid.length} guess${valid.length === 1 ? "" : "es"} so far. Your guess:`);
      if (e.secret) $("guess-progress").textContent = `The secret was ${e.secret}.`;
    });
  }
  // A new secret for the spec and Set now; `first` a guess to answer at once.
  function newSecret(first = null) {
    const cleared = guesses.length;
    secret = Math.floor(Math.random() * 2 ** 31);
    game = gameOf();
    guesses = first ? [first] : [];
    $("guesses").innerHTML = "";
    const said = cleared
      ? `A new secret: your ${cleared} guess${cleared === 1 ? "" : "es"} of the last one ${cleared === 1 ? "was" : "were"} cleared. `
      : first ? "I drew a secret for your guess. " : "";
    askGuesses(false, said);
  }
  $("new-secret").onclick = () => newSecret();
  $("guess-form").onsubmit = (e) => {
    e.preventDefault();
    const guess = $("guess").value.trim();
    if (!guess) return;
    $("guess").value = "";
    if (secret === null) return newSecret(guess);
    // The secret is a number among the codes of the spec it was drawn
    // for: another spec's guess waits in its box for a new secret.
    if (gameOf() !== game) {
      $("guess").value = guess;
      $("guess-progress").textContent = "The spec or Set changed since the secret was drawn: press New secret (your guess stays in its box).";
      return;
    }
    guesses.push(guess);
    askGuesses();
  };
  $("reveal").onclick = () => {
    if (secret === null) {
      $("guess-progress").textContent = "There is no secret yet: press New secret, or guess.";
      return;
    }
    if (gameOf() !== game) {
      $("guess-progress").textContent = "The spec or Set changed since the secret was drawn: its secret is of the text before.";
      return;
    }
    askGuesses(true);
  };

  // ---- play: the computer guesses ----
  function playRequest() {
    const request = { op: "play", spec: spec(), set: setValues(), strategy: $("strategy").value };
    if ($("opening").value.trim()) request.opening = $("opening").value.trim();
    return request;
  }
  $("watch").onclick = () => {
    const request = playRequest();
    if ($("secret").value.trim()) request.secret = $("secret").value.trim();
    else request.secret_index = Math.floor(Math.random() * 2 ** 31);
    const progress = $("play-progress");
    progress.textContent = "guessing…";
    ask(request, progress, (e) => {
      if (e.event !== "moves") return;
      const list = $("computer-moves");
      list.innerHTML = "";
      for (const m of e.moves) {
        const li = document.createElement("li");
        li.textContent = `${m.guess} → ${m.answer}`;
        list.appendChild(li);
      }
      progress.textContent = `The secret was ${e.secret}: ${e.moves.length} guess${e.moves.length === 1 ? "" : "es"}.`;
    });
  };
  $("all-secrets").onclick = () => {
    const request = { ...playRequest(), all_secrets: true };
    const progress = $("play-progress");
    progress.textContent = "playing every secret…";
    ask(request, progress, (e) => {
      if (e.event === "progress") progress.textContent = `played ${e.done} of ${e.total} secrets…`;
      if (e.event !== "record") return;
      const title = `${e.secrets} secrets, ${request.strategy}: average ${e.average.toFixed(4)}, maximum ${e.maximum}`;
      $("play-chart").innerHTML = histogram(title, "guesses", "secrets", 1, counts(e.histogram));
      progress.textContent = `average ${e.average.toFixed(4)} (${e.fraction}), maximum ${e.maximum}; hardest: ${e.hardest.slice(0, 10).join(" ")}${e.hardest.length > 10 ? " …" : ""}`;
    });
  };

  // ---- puzzle ----
  let path = null, step = 0;
  function cells(position) {
    return position.includes(",") ? position.split(",") : [...position];
  }
  function drawStep() {
    if (!path) return;
    const positions = [path.start, ...path.steps.map((s) => s.position)];
    // The spec's board when it declares one; else the position's
    // characters, in rows of the Columns asked.
    const boards = [path.start_board, ...path.steps.map((s) => s.board)];
    $("columns-label").hidden = boards[0] != null;
    let grid = boards[step];
    if (grid == null) {
      const columns = Number($("columns").value) || positions[0].length;
      const all = cells(positions[step]);
      grid = [];
      for (let i = 0; i < all.length; i += columns) grid.push(all.slice(i, i + columns));
    }
    $("step-board").innerHTML = "";
    $("step-board").appendChild(board(grid));
    $("step-label").textContent = step === 0
      ? `start ${path.start}`
      : `move ${step} of ${path.steps.length}: ${path.steps[step - 1].move} → ${positions[step]}`;
    $("step-slider").max = path.steps.length;
    $("step-slider").value = step;
  }
  $("step-back").onclick = () => { step = Math.max(0, step - 1); drawStep(); };
  $("step-next").onclick = () => { step = Math.min(path ? path.steps.length : 0, step + 1); drawStep(); };
  $("step-slider").oninput = () => { step = Number($("step-slider").value); drawStep(); };
  $("columns").oninput = drawStep;
  $("path-run").onclick = () => {
    const request = { op: "path", spec: spec(), set: setValues() };
    if ($("start").value.trim()) request.start = $("start").value.trim();
    const progress = $("puzzle-progress");
    progress.textContent = "searching…";
    path = null;
    $("stepper").hidden = true;
    ask(request, progress, (e) => {
      if (e.event !== "path") return;
      if (e.steps === null) {
        progress.textContent = `no solution from ${e.start} (${e.expanded} positions expanded)`;
        return;
      }
      path = e;
      step = 0;
      $("stepper").hidden = false;
      const list = $("path-moves");
      list.innerHTML = "";
      e.steps.forEach((s, k) => {
        const li = document.createElement("li");
        li.textContent = `${s.move}  ${s.position}`;
        li.onclick = () => { step = k + 1; drawStep(); };
        list.appendChild(li);
      });
      drawStep();
      progress.textContent = `${e.steps.length} move${e.steps.length === 1 ? "" : "s"} (a shortest solution; ${e.expanded.toLocaleString("en")} positions expanded)`;
    });
  };
  $("analyze-run").onclick = () => {
    const request = { op: "analyze", spec: spec(), set: setValues() };
    const progress = $("puzzle-progress");
    progress.textContent = "analysing every position…";
    ask(request, progress, (e) => {
      if (e.event !== "analysis") return;
      $("puzzle-chart").innerHTML = histogram(`${e.positions} positions, ${e.solvable} solvable`, "distance to the goal", "positions", 0, counts(e.histogram));
      progress.textContent = `positions ${e.positions}, solvable ${e.solvable}, longest ${e.longest ?? "-"}; hardest: ${e.hardest.slice(0, 10).join(" ")}`;
    });
  };

  // A new spec: the results of the last one go (the chart's rows too,
  // which a change of measure would draw again, and the secret).
  function clear() {
    rows = [];
    drawCompare();
    secret = null;
    guesses = [];
    game = "";
  }

  return { showTab, clear };
}
