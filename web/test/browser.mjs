// The playground in a real headless Chromium (Debian's, driven by
// playwright-core; nothing is downloaded): every check below is one thing a
// newcomer does. Screenshots go to web/test/screenshots/.
// usage: node web/test/browser.mjs URL   (scripts/browser-test.sh runs it)
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { execFileSync } from "node:child_process";

const url = process.argv[2];
const shots = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(shots, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
let failed = 0;
async function check(name, body) {
  try {
    await body();
    console.log(`ok   ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.message.split("\n")[0]}`);
    await page.screenshot({ path: `${shots}failed-${name.replaceAll(/\W+/g, "-")}.png` });
  }
}
const expect = (what, got, want) => {
  if (got !== want) throw new Error(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
};
const progress = () => page.locator("#progress").textContent();
// The CodeMirror editor's text, read and written as a person's edit.
const specText = () => page.evaluate(() => window.playground.editor.text());
const setSpecText = (text) => page.evaluate((t) => window.playground.editor.setText(t), text);
async function run() {
  await page.click("#run");
  await page.waitForFunction(() => document.querySelector("#run").disabled === false, null, { timeout: 60000 });
}
async function open(example) {
  await page.selectOption("#example", example);
  await page.waitForSelector("#diagnostics li");
}

await page.goto(url);

await check("queens n=8 counts 92 without symmetry breaking", async () => {
  await open("queens");
  await page.fill("#set", "n=8");
  await page.selectOption("#mode", "count");
  await page.click("details summary");
  await page.check("#no-symmetry");
  await run();
  expect("count", await page.locator("#progress").getAttribute("data-count"), "92");
  await page.uncheck("#no-symmetry");
});

await check("the magic ring's 6 solutions are drawn as boards", async () => {
  await open("magic8");
  await page.fill("#set", "");
  await page.selectOption("#mode", "all");
  await run();
  expect("solutions", await page.locator(".solution").count(), 6);
  expect("boards", await page.locator(".solution").first().locator("table.board").count() > 0, true);
  // As colours: equal values alike, different values apart.
  await page.check("#colours");
  await run();
  const cells = await page.locator(".solution").first().locator("table.board td").evaluateAll(
    (tds) => tds.map((td) => [td.textContent, td.style.background]));
  const byValue = new Map();
  for (const [v, c] of cells) {
    if (v === "") continue; // the ring's empty centre: no value, no colour
    if (!c) throw new Error(`no colour for ${v}`);
    if (byValue.has(v) && byValue.get(v) !== c) throw new Error(`${v} in two colours`);
    byValue.set(v, c);
  }
  expect("colours", new Set(byValue.values()).size, byValue.size);
  await page.screenshot({ path: `${shots}magic-ring-colours.png` });
  await page.uncheck("#colours");
  await page.screenshot({ path: `${shots}magic-ring.png` });
});

await check("a typo shows its diagnostic at its line", async () => {
  await open("queens");
  const text = await specText();
  const line = text.slice(0, text.indexOf("alldifferent")).split("\n").length;
  await setSpecText(text.replace("alldifferent", "alldiferent"));
  await page.waitForSelector("#diagnostics li:not(.ok)");
  const first = page.locator("#diagnostics li").first();
  const said = await first.textContent();
  if (!said.includes(`spec.toml:${line}:`) || !said.includes("unknown function `alldiferent`"))
    throw new Error(said);
  if (!said.includes("did you mean `alldifferent`?")) throw new Error(`no help line: ${said}`);
  // Underlined in the editor, on that line.
  await page.waitForSelector(".cm-lintRange-error");
  const underlined = await page.evaluate(() => {
    const view = window.playground.editor.view;
    const at = view.posAtDOM(document.querySelector(".cm-lintRange-error"));
    return { line: view.state.doc.lineAt(at).number, text: view.state.doc.sliceString(at, at + 11) };
  });
  expect("underlined line", underlined.line, line);
  expect("underlined text", underlined.text, "alldiferent");
  await page.screenshot({ path: `${shots}diagnostic.png` });
});

await check("Stop interrupts a long count and the page goes on", async () => {
  await open("queens");
  await page.fill("#set", "n=30");
  await page.selectOption("#mode", "count");
  await page.check("#no-symmetry");
  await page.click("#run");
  await page.waitForFunction(() => /so far/.test(document.querySelector("#progress").textContent), null, { timeout: 20000 });
  await page.click("#stop");
  const said = await progress();
  if (!said.includes("stopped")) throw new Error(said);
  // The next run works at once.
  await page.fill("#set", "n=6");
  await run();
  expect("count after stop", await page.locator("#progress").getAttribute("data-count"), "4");
  await page.uncheck("#no-symmetry");
});

await check("a shared link reopens the same spec, Set and example name", async () => {
  // Opens the page at `link`: its spec, Set and the example menu's entry.
  async function reopen(link) {
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForSelector("#diagnostics li");
    const got = await other.evaluate(() => [window.playground.editor.text(), document.querySelector("#set").value,
      document.querySelector("#example").selectedOptions[0].textContent]);
    await other.close();
    return got;
  }
  await open("zebra");
  await page.fill("#set", "");
  const text = await specText();
  await page.click("#share");
  const said = (got, want) => ["the spec", "Set", "the example menu"].forEach((what, k) => expect(what, got[k], want[k]));
  said(await reopen(page.url()), [text, "", "zebra"]);
  // Not the first example of the menu (dominating-queens), edited or not.
  await open("magic8");
  await page.click("#share");
  said(await reopen(page.url()), [await specText(), "", "magic8"]);
  const edited = (await specText()) + "\n# mine\n";
  await setSpecText(edited);
  await page.fill("#set", "numbers=11..18");
  await page.click("#share");
  said(await reopen(page.url()), [edited, "numbers=11..18", "magic8 (edited)"]);
  // A spec of no example, in a link that names none, is no example's.
  const mine = "[vars]\nx = { domain = \"1..3\" }\n";
  const link = new URL(page.url());
  link.hash = new URLSearchParams({ spec: Buffer.from(mine).toString("base64url") }).toString();
  said(await reopen(link.href), [mine, "", "a spec of your own"]);
  await page.fill("#set", "");
});

await check("the tree panel of queens n=4 shows the search's decisions", async () => {
  await open("queens");
  await page.fill("#set", "n=4");
  await page.selectOption("#mode", "all");
  await page.check("#no-symmetry");
  await page.check("#tree");
  await run();
  await page.waitForSelector("#tree-panel:not([hidden]) svg");
  const labels = await page.locator("#tree-drawing svg > text").allTextContents();
  const decisions = labels.filter((t) => /^q\[\d\] !?= \d$/.test(t));
  // queens n=4, no symmetry breaking: 2 solutions and the decisions --trace prints.
  expect("solutions drawn", await page.locator(".solution").count(), 2);
  expect("first decision", decisions[0], "q[0] = 0");
  // One vocabulary with --stats: 5 nodes (the x = v decisions), 10 branches.
  const nodes = decisions.filter((t) => !t.includes("!=")).length;
  const summary = await page.locator("#tree-summary").textContent();
  if (!summary.includes(`${nodes} nodes (${decisions.length} branches)`) || !summary.includes("2 solutions")) throw new Error(summary);
  // The outline: a line per branch, the root's counts, what was pruned.
  expect("outline lines", await page.locator("#tree-outline details").count(), decisions.length + 1);
  const root = await page.locator("#tree-outline > details > summary").textContent();
  if (!root.includes(`${nodes} nodes below`) || !root.includes("2 solutions")) throw new Error(root);
  expect("a pruning", (await page.locator("#tree-outline .pruning").first().textContent()).startsWith("rows: q[1]"), true);
  await page.screenshot({ path: `${shots}tree.png` });
  await page.uncheck("#tree");
  await page.uncheck("#no-symmetry");
});

await check("two trees side by side, their first difference marked", async () => {
  await open("queens");
  await page.fill("#set", "n=5");
  await page.selectOption("#mode", "all");
  await page.check("#tree");
  await run();
  await page.click("#pin-tree");
  // The same search but the largest value first: it differs at its first decision.
  await page.selectOption("#value", "max");
  await run();
  await page.waitForSelector("#pinned-tree:not([hidden]) svg");
  const said = await page.locator("#tree-difference").textContent();
  if (!said.startsWith("First difference at node 1: q[0] = 0")) throw new Error(said);
  expect("marked in both", await page.locator(".tree-drawing .difference").count(), 2);
  await page.screenshot({ path: `${shots}trees.png` });
  await page.selectOption("#value", "");
  await page.uncheck("#tree");
});

await check("the page drew queens for the README", async () => {
  await open("queens");
  await page.fill("#set", "n=8");
  await page.selectOption("#mode", "limit");
  await page.fill("#limit", "3");
  await run();
  expect("solutions", await page.locator(".solution").count(), 3);
  // The spec's board: a chess board of 8 rows of 8, one queen per row.
  const first = page.locator(".solution").first();
  expect("rows", await first.locator("table.board tr").count(), 8);
  expect("squares", await first.locator("table.board td").count(), 64);
  const queens = await first.locator("table.board td").evaluateAll((tds) => tds.filter((td) => td.textContent === "♛").length);
  expect("queens", queens, 8);
  await page.screenshot({ path: `${shots}playground.png` });
});

await check("loops, paths and bridges are drawn as lines", async () => {
  // Slitherlink 10x10, drawn as its board declares (docs/boards.md): its
  // loop of 100 edges along the cells' sides, the 11x11 points of the
  // grid, the clues as text.
  await open("slitherlink");
  await page.fill("#set", "");
  await page.selectOption("#mode", "all");
  await run();
  const drawing = page.locator(".solution").first().locator(".drawing-svg svg");
  expect("edges drawn", await drawing.locator("line.edge").count(), 100);
  expect("points", await drawing.locator("circle.point").count(), 121);
  const twos = await drawing.locator("text.value").evaluateAll((ts) => ts.filter((t) => t.textContent === "2").length);
  expect("clue 2s as text", twos, 10);
  await page.screenshot({ path: `${shots}slitherlink.png` });
  // Hashi: a double bridge as two strokes side by side. The solution
  // `solve specs/hashi.toml` prints has 8 (4 across, 4 down).
  await open("hashi");
  await run();
  const bridges = page.locator(".solution").first().locator(".drawing-svg svg line.line");
  const doubles = await bridges.evaluateAll((ls) => ls.filter((l) => l.getAttribute("stroke-width") === "2.5").length);
  expect("double bridge strokes", doubles, 16);
  await page.screenshot({ path: `${shots}hashi.png` });
  await open("masyu");
  await run();
  await page.screenshot({ path: `${shots}masyu.png` });
});

await check("queens n=12 counts 14,200 (the time is the search's, in the worker)", async () => {
  await open("queens");
  await page.fill("#set", "n=12");
  await page.selectOption("#mode", "count");
  await page.check("#no-symmetry");
  await run();
  expect("count", await page.locator("#progress").getAttribute("data-count"), "14200");
  const ms = Number(await page.locator("#progress").getAttribute("data-ms"));
  console.log(`     queens n=12 count in the page: ${(ms / 1000).toFixed(3)} s`);
  await page.uncheck("#no-symmetry");
});

await check("why no solution: the conflicting constraints are marked in the editor", async () => {
  await open("queens");
  await page.fill("#set", "n=3");
  await page.click("#tabs button[data-tab=solve]");
  await page.click("#explain");
  await page.waitForFunction(() => /constraints have no solution together/.test(document.querySelector("#progress").textContent), null, { timeout: 60000 });
  // solve explain specs/queens.toml --set n=3 names items of the diagonal constraints.
  const marked = await page.locator(".cm-conflict").allTextContents();
  if (marked.length === 0 || !marked.join(" ").includes("diagonals")) throw new Error(`marked: ${marked}`);
  await page.screenshot({ path: `${shots}explain.png` });
  await page.fill("#set", "");
});

await check("compare draws one line per configuration and a row per count", async () => {
  await open("queens");
  await page.fill("#set", "");
  await page.click("#tabs button[data-tab=compare]");
  await page.fill("#tries", "default\nno-symmetry\nconsistency=diagonals=early,antidiagonals=early");
  await page.fill("#sweep", "n=4..9");
  await page.click("#compare-form button.go");
  await page.waitForFunction(() => / rows in /.test(document.querySelector("#compare-progress").textContent), null, { timeout: 60000 });
  const labels = await page.locator("#compare-chart polyline.series").evaluateAll((ls) => ls.map((l) => l.dataset.label));
  expect("lines", labels.join(" | "), "default | no-symmetry | consistency=diagonals=early,antidiagonals=early");
  expect("rows", await page.locator("#compare-table tr").count(), 1 + 3 * 6);
  // n=8 without symmetry breaking counts 92 (PUZZLES.md).
  const row = page.locator("#compare-table tr", { hasText: "n=8" }).filter({ hasText: "no-symmetry" });
  expect("n=8 no-symmetry", await row.locator("td").nth(2).textContent(), "92");
  await page.screenshot({ path: `${shots}compare.png` });
});

await check("a game: every secret as a histogram, a person's guess, the computer's", async () => {
  await open("moo");
  await page.waitForSelector("#game-tab:not([hidden])");
  await page.selectOption("#strategy", "first");
  await page.click("#all-secrets");
  await page.waitForSelector("#play-chart svg", { timeout: 60000 });
  // play --all-secrets of moo with first: average 5.5603, 9 guesses at most.
  expect("bars", await page.locator("#play-chart rect.bar").count(), 9);
  const said = await page.locator("#play-progress").textContent();
  if (!said.includes("average 5.5603")) throw new Error(said);
  await page.click("#new-secret");
  await page.waitForFunction(() => /chosen a secret among 5,040/.test(document.querySelector("#guess-progress").textContent));
  await page.fill("#guess", "1234");
  await page.click("#guess-form button[type=submit]");
  await page.waitForSelector("#guesses li");
  if (!(await page.locator("#guesses li").first().textContent()).startsWith("1234 →")) throw new Error("no answer");
  await page.fill("#secret", "9876");
  await page.click("#watch");
  await page.waitForFunction(() => /The secret was 9876/.test(document.querySelector("#play-progress").textContent));
  await page.screenshot({ path: `${shots}game.png` });
});

await check("a guess is never dropped unsaid: before a secret, across a new one, after an edit", async () => {
  await open("moo");
  await page.waitForSelector("#game-tab:not([hidden])");
  const said = () => page.locator("#guess-progress").textContent();
  // A guess before any secret draws one and is answered.
  await page.fill("#guess", "1234");
  await page.click("#guess-form button[type=submit]");
  await page.waitForSelector("#guesses li");
  if (!(await page.locator("#guesses li").first().textContent()).startsWith("1234 →")) throw new Error("no answer");
  if (!(await said()).startsWith("I drew a secret for your guess.")) throw new Error(`said: ${await said()}`);
  // A new secret says it cleared the guesses of the last one.
  await page.click("#new-secret");
  await page.waitForFunction(() => /chosen a secret/.test(document.querySelector("#guess-progress").textContent));
  if (!(await said()).startsWith("A new secret: your 1 guess of the last one was cleared.")) throw new Error(`said: ${await said()}`);
  expect("guesses", await page.locator("#guesses li").count(), 0);
  // After an edit, a guess stays in its box until a new secret is drawn.
  await setSpecText((await specText()) + "\n# mine\n");
  await page.fill("#guess", "5678");
  await page.click("#guess-form button[type=submit]");
  expect("kept", await page.inputValue("#guess"), "5678");
  if (!(await said()).includes("your guess stays in its box")) throw new Error(`said: ${await said()}`);
  await page.click("#new-secret");
  await page.waitForFunction(() => /chosen a secret/.test(document.querySelector("#guess-progress").textContent));
  await page.click("#guess-form button[type=submit]");
  await page.waitForSelector("#guesses li");
  if (!(await page.locator("#guesses li").first().textContent()).startsWith("5678 →")) throw new Error("no answer");
});

await check("a puzzle: stepped move by move, every position's distance", async () => {
  await open("flipit");
  await page.waitForSelector("#puzzle-tab:not([hidden])");
  await page.fill("#set", "n=8");
  await page.fill("#start", "B_WWWBBB");
  await page.click("#path-run");
  await page.waitForSelector("#path-moves li");
  // solve specs/flipit.toml --start B_WWWBBB --set n=8: 8 moves.
  expect("moves", await page.locator("#path-moves li").count(), 8);
  await page.click("#step-next");
  const label = await page.locator("#step-label").textContent();
  if (!label.startsWith("move 1 of 8")) throw new Error(label);
  expect("cells", await page.locator("#step-board td").count(), 8);
  await page.click("#analyze-run");
  await page.waitForSelector("#puzzle-chart svg");
  // analyze --set n=8: distances 0..8.
  expect("bars", await page.locator("#puzzle-chart rect.bar").count(), 9);
  await page.screenshot({ path: `${shots}puzzle.png` });
  await page.fill("#set", "");
  await page.fill("#start", "");
  // The eight puzzle declares its board: 3 rows of 3, Columns not asked.
  await open("eight-puzzle");
  await page.waitForSelector("#puzzle-tab:not([hidden])");
  await page.fill("#start", "1234567_8");
  await page.click("#path-run");
  await page.waitForSelector("#path-moves li");
  expect("rows", await page.locator("#step-board tr").count(), 3);
  expect("squares", await page.locator("#step-board td").count(), 9);
  expect("columns asked", await page.locator("#columns-label").isHidden(), true);
  await page.fill("#start", "");
});

await check("steps: the walk on the board, a hint from the givens", async () => {
  await open("sudoku");
  await page.click("#tabs button[data-tab=steps]");
  await page.click("#steps-run");
  await page.waitForFunction(() => /every value follows, in \d+ steps/.test(document.querySelector("#steps-progress").textContent));
  // solve steps specs/sudoku.toml: 81 cells, 30 of them clues.
  expect("cells", await page.locator("#steps-board td").count(), 81);
  await page.click("#steps-next");
  // The first step is one elimination: the clue 8 in column 3 (x[3][3])
  // removes 8 from the column's 8 other cells.
  expect("deduced", await page.locator("#steps-board td.deduced").count(), 8);
  expect("used", await page.locator("#steps-board td.used").count(), 1);
  const text = await page.locator("#steps-text").textContent();
  if (!text.startsWith("1. elimination: x[1][3], x[2][3]")) throw new Error(text);
  // What the step removed, struck through in each cell it deduces.
  const removed = page.locator("#steps-board td.deduced .removed");
  expect("removed 8", (await removed.allTextContents()).join(" "), "8 8 8 8 8 8 8 8");
  expect("struck through", await removed.first().evaluate((e) => getComputedStyle(e).textDecorationLine), "line-through");
  expect("the deduced cell's title", await page.locator("#steps-board td.deduced").first().getAttribute("title"), "x[1][3]: this step removes 8");
  await page.screenshot({ path: `${shots}steps.png` });
  // A wrong entry among right ones (the solution has 4 and 6 there): the
  // wrong one is named and marked on the board, then the rules it breaks.
  await page.fill("#givens", "x[1][3]=5\nx[1][4]=6");
  await page.click("#hint-run");
  await page.waitForFunction(() => /This entry cannot stand: x\[1\]\[3\]=5\. It breaks: /.test(document.querySelector("#steps-progress").textContent));
  expect("wrong cells", await page.locator("#steps-board td.wrong").count(), 1);
  expect("the wrong cell", await page.locator("#steps-board td.wrong").getAttribute("title"), "x[1][3]: your entry cannot stand");
  await page.fill("#givens", "");
  await page.click("#tabs button[data-tab=solve]");
});

// The cells of `cells` (td elements) whose text reaches outside them.
const valuesInside = (cells) => cells.evaluateAll((tds) => tds.filter((td) => {
  const box = td.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(td);
  return [...range.getClientRects()].some((r) => r.left < box.left - 0.5 || r.right > box.right + 0.5);
}).map((td) => `${td.title}: ${td.textContent}`));

await check("steps: zebra's texts fit their cells, each step's items scrolled into view", async () => {
  await open("zebra");
  await page.click("#tabs button[data-tab=steps]");
  await page.click("#steps-run");
  await page.waitForFunction(() => /every value follows, in \d+ steps/.test(document.querySelector("#steps-progress").textContent));
  const steps = Number(await page.locator("#steps-slider").getAttribute("max"));
  const scroller = ".cm-scroller";
  let scrolled = 0;
  for (let k = 1; k <= Math.min(steps, 12); k++) {
    // The editor scrolled to its top or its end, in turn.
    await page.evaluate(() => { const s = document.querySelector(".cm-scroller"); s.scrollTop = s.scrollTop > 0 ? 0 : s.scrollHeight; });
    const before = await page.locator(scroller).evaluate((s) => s.scrollTop);
    await page.click("#steps-next");
    const outside = await valuesInside(page.locator("#steps-board td"));
    if (outside.length) throw new Error(`step ${k}: outside their cells: ${outside.slice(0, 3).join("; ")}`);
    // In view (null: the step uses no item with a place in the spec),
    // waited for a moment: the editor scrolls at its next frame.
    const inView = () => {
      const box = document.querySelector(".cm-scroller").getBoundingClientRect();
      const mark = document.querySelector(".cm-conflict");
      if (!mark) return null;
      const r = mark.getBoundingClientRect();
      return r.top >= box.top && r.bottom <= box.bottom;
    };
    const settled = () => {
      const box = document.querySelector(".cm-scroller").getBoundingClientRect();
      const r = document.querySelector(".cm-conflict")?.getBoundingClientRect();
      return !r || (r.top >= box.top && r.bottom <= box.bottom);
    };
    await page.waitForFunction(settled, null, { timeout: 2000 }).catch(() => {});
    const seen = await page.evaluate(inView);
    if (seen === false) throw new Error(`step ${k}: its item is out of the editor's view`);
    if (seen && before !== await page.locator(scroller).evaluate((s) => s.scrollTop)) scrolled++;
  }
  if (scrolled === 0) throw new Error("no step needed the editor scrolled: the check checks nothing");
  await page.screenshot({ path: `${shots}steps-zebra.png` });
  await page.click("#tabs button[data-tab=solve]");
});

await check("setter: uniqueness, candidates, needless clues and a puzzle generated and used", async () => {
  const said = () => page.locator("#setter-progress").textContent();
  const settled = () => page.waitForFunction(() => document.querySelector("#unique-run").disabled === false, null, { timeout: 60000 });
  await open("queens");
  await page.fill("#set", "n=6");
  await page.click("#tabs button[data-tab=setter]");
  await page.click("#unique-run");
  await settled();
  // Queens n = 6 up to symmetry: one solution; without the spec's
  // symmetry breaking (not asked here) it is still one: unique.
  if (!(await said()).startsWith("unique")) throw new Error(await said());
  // Drawn as the spec's [output] board, as the Solve panel draws it: a
  // chess board of 6 rows of 6 with 6 queens.
  const squares = (board) => board.locator("tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  const unique = await squares(page.locator("#setter-view table.board"));
  expect("the board's shape", JSON.stringify(unique.map((row) => row.length)), JSON.stringify([6, 6, 6, 6, 6, 6]));
  expect("queens", unique.flat().filter((t) => t === "♛").length, 6);
  await page.fill("#set", "n=8");
  await page.click("#unique-run");
  await settled();
  if (!(await said()).startsWith("not unique: two solutions differ")) throw new Error(await said());
  expect("two boards", await page.locator("#setter-view .setter-board").count(), 2);
  // The cells marked are exactly those where the two boards differ.
  const [a, b] = [await squares(page.locator("#setter-view table.board").nth(0)), await squares(page.locator("#setter-view table.board").nth(1))];
  expect("8 rows of 8", JSON.stringify([a.length, b.length, ...a.map((r) => r.length)]), JSON.stringify([8, 8, 8, 8, 8, 8, 8, 8, 8, 8]));
  const marked = await page.locator("#setter-view table.board").nth(0).locator("td").evaluateAll((tds) => tds.map((td) => td.classList.contains("differ")));
  const differ = a.flat().map((t, k) => t !== b.flat()[k]);
  if (!differ.includes(true)) throw new Error("the two boards are alike");
  expect("marked where they differ", JSON.stringify(marked), JSON.stringify(differ));
  await page.screenshot({ path: `${shots}setter-unique.png` });
  await page.fill("#set", "");
  await open("sudoku");
  await page.click("#tabs button[data-tab=setter]");
  await page.fill("#generate-seed", "3");
  await page.click("#generate-run");
  await settled();
  if (!/^seed 3: \d+ clues, grade domain/.test(await said())) throw new Error(await said());
  expect("cells", await page.locator("#setter-view td").count(), 81);
  await page.click("#use-puzzle");
  if (!(await page.inputValue("#set")).startsWith("puzzle=[[")) throw new Error(await page.inputValue("#set"));
  // Handed to Play: the generated clues are the board's givens.
  const clues = Number((await said()).match(/(\d+) clues/)[1]);
  await page.click("#play-puzzle");
  await page.waitForSelector("#play-tab:not([hidden]) #board-view:not([hidden]) #board-svg svg", { timeout: 60000 });
  expect("givens in Play", await page.locator("#board-svg text.value.given").count(), clues);
  await page.click("#tabs button[data-tab=setter]");
  await page.fill("#count-up-to", "");
  await page.click("#candidates-run");
  await settled();
  expect("candidates", await said(), "every variable has one candidate: the solution is unique");
  expect("cells", await page.locator("#setter-view td").count(), 81);
  await page.fill("#clue-group", "clues");
  await page.click("#redundant-run");
  await settled();
  if (!/^\d+ of \d+ clues can go/.test(await said())) throw new Error(await said());
  await page.screenshot({ path: `${shots}setter.png` });
  await page.fill("#set", "");
  await page.fill("#generate-seed", "");
  await page.fill("#clue-group", "");
  await page.click("#tabs button[data-tab=solve]");
});

await check("results belong to the spec and Set they were made for, each panel's on it", async () => {
  await page.click("#tabs button[data-tab=solve]");
  // The notes "run again" that a person sees.
  const notes = () => page.evaluate(() => [...document.querySelectorAll("[role=status]")]
    .filter((e) => e.checkVisibility() && /run again/.test(e.textContent)).map((e) => e.closest(".tab")?.id ?? "page"));
  await open("queens");
  await page.fill("#set", "n=6");
  await page.selectOption("#mode", "count");
  await run();
  // Queens n = 6 and 7 up to symmetry (the spec breaks it): 1 and 6.
  expect("count", await page.locator("#progress").getAttribute("data-count"), "1");
  // A compare of one configuration says "1 row".
  await page.click("#tabs button[data-tab=compare]");
  await page.fill("#tries", "default");
  await page.fill("#sweep", "");
  await page.click("#compare-form button[type=submit]");
  await page.waitForFunction(() => / in [0-9.]+ s/.test(document.querySelector("#compare-progress").textContent), null, { timeout: 60000 });
  const said = await page.locator("#compare-progress").textContent();
  if (!said.startsWith("1 row in")) throw new Error(said);
  // Editing Set greys the results and says so on each panel holding some.
  await page.click("#tabs button[data-tab=solve]");
  await page.fill("#set", "n=7");
  expect("notes", JSON.stringify(await notes()), JSON.stringify(["solve-tab"]));
  expect("greyed", await page.locator("#progress.stale").count(), 1);
  // Running Solve again makes its results fresh: no note above them,
  // though Compare still holds old ones, which says so on Compare.
  await run();
  expect("count n=7", await page.locator("#progress").getAttribute("data-count"), "6");
  expect("notes after the run", JSON.stringify(await notes()), "[]");
  expect("fresh", await page.locator("#progress.stale").count(), 0);
  const marked = () => page.locator("#tabs button.old").evaluateAll((bs) => bs.map((b) => b.dataset.tab));
  expect("tabs marked", JSON.stringify(await marked()), JSON.stringify(["compare"]));
  await page.click("#tabs button[data-tab=compare]");
  expect("compare's note", JSON.stringify(await notes()), JSON.stringify(["compare-tab"]));
  expect("compare greyed", await page.locator("#compare-table.stale").count(), 1);
  // Another example: every panel's results go.
  await open("moo");
  expect("progress", (await progress()).trim(), "");
  expect("solutions", await page.locator("#solutions > *").count(), 0);
  expect("compare table", await page.locator("#compare-table tr").count(), 0);
  expect("compare progress", (await page.locator("#compare-progress").textContent()).trim(), "");
  expect("tabs marked after", JSON.stringify(await marked()), "[]");
  await page.click("#tabs button[data-tab=compare]");
  expect("notes", JSON.stringify(await notes()), "[]");
  await page.click("#tabs button[data-tab=solve]");
});

await check("Set: an error shows as you type and goes when fixed; n = 6 as on the command line", async () => {
  await page.click("#tabs button[data-tab=solve]");
  await open("queens");
  await page.fill("#set", "n=x");
  await page.waitForFunction(() => /unknown name `x`/.test(document.querySelector("#diagnostics").textContent));
  await page.fill("#set", "n = 6");
  await page.waitForFunction(() => document.querySelector("#diagnostics li.ok") !== null);
  await page.selectOption("#mode", "count");
  await run();
  expect("count", await page.locator("#progress").getAttribute("data-count"), "1");
  await page.fill("#set", "");
});

await check("the example menu says the text was edited", async () => {
  await open("queens");
  const selected = () => page.evaluate(() => document.querySelector("#example").selectedOptions[0].textContent);
  expect("as shipped", await selected(), "queens");
  await setSpecText((await specText()) + "\n# mine\n");
  expect("edited", await selected(), "queens (edited)");
  await open("zebra");
  expect("another", await selected(), "zebra");
});

// ---- Play: the puzzle by hand on its board ----

// The centre of cell (r, c) of the Play board on `p`, on the screen. A
// board drawn again while it is measured (a new Set redraws it) detaches
// the cell found first: the locator is asked again, a few times.
async function cellCentre(p, r, c) {
  const cell = p.locator(`#board-svg rect.cell[data-row="${r}"][data-col="${c}"]`);
  for (let attempt = 1; ; attempt++) {
    try {
      await cell.scrollIntoViewIfNeeded();
      const box = await cell.boundingBox();
      if (box) return [box.x + box.width / 2, box.y + box.height / 2, box];
    } catch (e) {
      if (attempt >= 5 || !/not attached/.test(String(e))) throw e;
    }
    if (attempt >= 5) throw new Error(`cell (${r}, ${c}) of the Play board has no box`);
    await p.waitForTimeout(100);
  }
}
async function openPlay(p, example) {
  await p.selectOption("#example", example);
  await p.waitForSelector("#diagnostics li");
  await p.click("#tabs button[data-tab=play]");
  await p.waitForSelector("#board-view:not([hidden]) #board-svg svg", { timeout: 60000 });
}
const playSaid = () => page.locator("#board-progress").textContent();
const playIdle = () => page.waitForFunction(() => !/…$/.test(document.querySelector("#board-progress").textContent), null, { timeout: 60000 });

await check("Play: the sudoku to the end by clicks and keys, a wrong entry checked, a hint filled in", async () => {
  // The solution as the Solve tab draws it (values by row and column).
  await open("sudoku");
  await page.fill("#set", "");
  await page.click("#tabs button[data-tab=solve]");
  await page.selectOption("#mode", "first");
  await run();
  const solution = await page.locator(".solution .drawing-svg text.value").evaluateAll((ts) =>
    ts.map((t) => [Number(t.dataset.row), Number(t.dataset.col), t.textContent]));
  expect("solved cells", solution.length, 81);
  const answer = new Map(solution.map(([r, c, v]) => [`${r},${c}`, v]));
  await openPlay(page, "sudoku");
  // The timer: off by default; on, it counts this puzzle's time.
  expect("timer off", await page.locator("#board-time").isHidden(), true);
  await page.check("#board-timer");
  expect("timer shown", /^\d+:\d\d$/.test(await page.locator("#board-time").textContent()), true);
  const givens = new Set(await page.locator("#board-svg text.value.given").evaluateAll((ts) => ts.map((t) => `${t.dataset.row},${t.dataset.col}`)));
  const blanks = [];
  for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) if (!givens.has(`${r},${c}`)) blanks.push([r, c]);
  expect("blank cells", blanks.length, 81 - givens.size);
  const entered = (r, c) => page.locator(`#board-svg text.play-value[data-row="${r}"][data-col="${c}"]`);
  // Pencil marks: two candidates typed into a cell, then taken back.
  const [pr, pc] = blanks[1];
  await page.mouse.click(...(await cellCentre(page, pr, pc)).slice(0, 2));
  await page.check("#board-pencil");
  await page.keyboard.press("1");
  await page.keyboard.press("2");
  expect("pencil marks", await page.locator(`#board-svg text.play-pencil[data-row="${pr}"][data-col="${pc}"]`).count(), 2);
  await page.uncheck("#board-pencil");
  await page.click("#board-undo");
  await page.click("#board-undo");
  expect("pencil marks undone", await page.locator("#board-svg text.play-pencil").count(), 0);
  // One wrong entry: Check marks that cell, and says the rule it breaks.
  const [wr, wc] = blanks[0];
  const wrong = String((Number(answer.get(`${wr},${wc}`)) % 9) + 1);
  await page.mouse.click(...(await cellCentre(page, wr, wc)).slice(0, 2));
  await page.keyboard.press(wrong);
  expect("typed", await entered(wr, wc).textContent(), wrong);
  await page.click("#board-check");
  await page.waitForSelector("#board-svg rect.play-wrong");
  const marked = await page.locator("#board-svg rect.play-wrong").evaluateAll((rs) => rs.map((r) => `${r.dataset.row},${r.dataset.col}`));
  expect("marked", marked.join(" "), `${wr},${wc}`);
  const said = await playSaid();
  if (!said.includes(`x[${wr + 1}][${wc + 1}]=${wrong}`) || !/holds each digit once|clue/.test(said)) throw new Error(said);
  await page.keyboard.press("Backspace");
  expect("cleared", await entered(wr, wc).count(), 0);
  // One hint: its cell marked, its sentence said, filled in with the solution's value.
  const hintStarted = Date.now();
  await page.click("#board-hint");
  await page.waitForSelector("#board-svg rect.play-deduced");
  const hintMs = Date.now() - hintStarted;
  const hinted = await page.locator("#board-svg rect.play-deduced").evaluateAll((rs) => rs.map((r) => [Number(r.dataset.row), Number(r.dataset.col)]));
  if (!(await playSaid()).includes(":")) throw new Error(`hint said ${await playSaid()}`);
  await page.click("#board-fill");
  const [hr, hc] = hinted[0];
  expect("hint filled", await entered(hr, hc).textContent(), answer.get(`${hr},${hc}`));
  // The rest by clicks and keys: a click on a row's first blank cell, the
  // arrow key to the next ones.
  for (let r = 0; r < 9; r++) {
    const row = blanks.filter(([br, bc]) => br === r && !(br === hr && bc === hc));
    let at = null;
    for (const [, c] of row) {
      if (at === null) await page.mouse.click(...(await cellCentre(page, r, c)).slice(0, 2));
      else for (let k = at; k < c; k++) await page.keyboard.press("ArrowRight");
      at = c;
      await page.keyboard.press(answer.get(`${r},${c}`));
    }
  }
  expect("entered", await page.locator("#board-svg text.play-value").count(), blanks.length);
  await page.waitForFunction(() => document.querySelector("#board-progress").dataset.solved === "true", null, { timeout: 60000 });
  if (!(await playSaid()).startsWith("Solved!")) throw new Error(await playSaid());
  // Solved, the clock stands still.
  const stopped = await page.locator("#board-time").textContent();
  await page.waitForTimeout(1500);
  expect("timer stopped", await page.locator("#board-time").textContent(), stopped);
  await page.uncheck("#board-timer");
  console.log(`     a Hint on the sudoku answered in ${hintMs} ms (click to the marked cell)`);
  await page.screenshot({ path: `${shots}play-sudoku.png` });
  // The progress travels in the share link, and opens in Play.
  await page.click("#share");
  const other = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await other.goto(page.url());
  await other.waitForSelector("#play-tab:not([hidden]) #board-svg svg", { timeout: 60000 });
  expect("entries from the link", await other.locator("#board-svg text.play-value").count(), blanks.length);
  await other.close();
});

await check("Play: a Check and a Hint each answer within a second, timed against 200 ms (sudoku, Kakuro, a 10x10 Slitherlink and Nurikabe, the 8x8 Numberlink)", async () => {
  // Issue 53's target, 200 ms, measured from the click to the answer
  // said, on an empty board, twice each (opening Play, not the first
  // question, finds whether the puzzle has one solution), and reported. A
  // timed test must not fail on a slow or busy machine (the house rule:
  // speed is measured, not asserted), so it fails only five times over
  // the target, where something went wrong rather than slow.
  const figures = [];
  // Opening Play lays the board out and asks whether the puzzle has one
  // solution (so that no question searches for it): reported, not timed.
  const opened = [];
  for (const example of ["sudoku", "kakuro", "slitherlink", "nurikabe", "numberlink"]) {
    await openPlay(page, example);
    opened.push(`${example} ${(/laid out in (\d+) ms/.exec(await playSaid()) ?? ["", "?"])[1]}`);
    await page.click("#board-restart");
    for (let round = 0; round < 2; round++) {
      for (const button of ["check", "hint"]) {
        const started = Date.now();
        await page.click(`#board-${button}`);
        await playIdle();
        const ms = Date.now() - started;
        const said = await playSaid();
        if (button === "hint" && !said.startsWith("Hint:")) throw new Error(`${example}: hint said ${said}`);
        if (button === "check" && !said.startsWith("Nothing entered")) throw new Error(`${example}: check said ${said}`);
        figures.push([example, button, ms]);
      }
    }
  }
  console.log(`     Play opened, laid out in (ms): ${opened.join(", ")}`);
  console.log(`     Check and Hint in the page (ms): ${figures.map(([e, b, ms]) => `${e} ${b} ${ms}`).join(", ")}`);
  const over = (limit) => figures.filter(([, , ms]) => ms > limit).map((f) => f.join(" "));
  console.log(`     the 200 ms target: ${over(200).length ? `missed by ${over(200).join(", ")}` : "met by every answer"}`);
  if (over(1000).length) throw new Error(`over a second: ${over(1000).join(", ")}`);
});

await check("Play: a Nurikabe cell shaded by a click, a Slitherlink edge drawn by dragging", async () => {
  await openPlay(page, "nurikabe");
  const clue = new Set(await page.locator("#board-svg text.value.given").evaluateAll((ts) => ts.map((t) => `${t.dataset.row},${t.dataset.col}`)));
  const blank = [0, 1, 2, 3].find((c) => !clue.has(`0,${c}`));
  await page.mouse.click(...(await cellCentre(page, 0, blank)).slice(0, 2));
  expect("shaded", await page.locator(`#board-svg rect.play-shaded[data-row="0"][data-col="${blank}"]`).count(), 1);
  await page.mouse.click(...(await cellCentre(page, 0, blank)).slice(0, 2));
  expect("marked not shaded", await page.locator("#board-svg rect.play-shaded").count(), 0);
  expect("its dot", await page.locator(`#board-svg circle.play-blank[data-row="0"][data-col="${blank}"]`).count(), 1);
  // Kept in the browser: another example and back, the mark is there.
  await openPlay(page, "sudoku");
  await openPlay(page, "nurikabe");
  expect("kept", await page.locator(`#board-svg circle.play-blank[data-row="0"][data-col="${blank}"]`).count(), 1);
  await openPlay(page, "slitherlink");
  const [, , box] = await cellCentre(page, 0, 0);
  // From the grid's top-left point to the next one along the top.
  await page.mouse.move(box.x + 1, box.y + 1);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 1, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, box.y + 1, { steps: 4 });
  await page.mouse.up();
  expect("edges drawn", await page.locator("#board-svg line.play-edge").count(), 1);
  expect("the top-left edge", await page.locator(`#board-svg line.play-edge[data-from="0 0"][data-to="0 1"]`).count(), 1);
  await page.screenshot({ path: `${shots}play-slitherlink.png` });
});

// `solve candidates` on the command line (the binary the page is served
// by, else the release build): each variable's values, by name.
function cliCandidates(spec, set) {
  const repo = new URL("../../", import.meta.url).pathname;
  const out = execFileSync(process.env.SOLVE ?? "target/release/solve",
    ["candidates", spec, "--set", set, "--no-symmetry", "--json"], { cwd: repo, encoding: "utf8" });
  return new Map(out.trim().split("\n").map((l) => JSON.parse(l)).map((o) => [o.var, o.values.map(String)]));
}
// The first solution `solve --json` finds, by variable array.
function cliSolution(spec, set) {
  const repo = new URL("../../", import.meta.url).pathname;
  const out = execFileSync(process.env.SOLVE ?? "target/release/solve", [spec, "--set", set, "--json"], { cwd: repo, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n")[0]);
}
// The candidate marks drawn on the Play board: variable -> its mark's class.
const candidateMarks = (p) => p.locator("#play-layer [data-var][class^=play-candidate]").evaluateAll((es) =>
  Object.fromEntries(es.map((e) => [e.dataset.var, e.getAttribute("class").split(" ")[0]])));

await check("Play: show candidates marks exactly what every solution has, on a Nurikabe and a Slitherlink of several solutions", async () => {
  // Small puzzles of 4 and 57 solutions (`solve specs/nurikabe.toml --set
  // 'picture=[...]' --count`), so that some cells and edges are forced
  // and some open; the answer is `solve candidates`'.
  const cases = [
    // island[r][c]: 0 is the sea (shaded), else an island (a dot); the
    // clue cells are given, not the player's.
    ["nurikabe", ["3....", ".....", "....3"], (v) => (v === "0" ? "play-candidate-shaded" : "play-candidate-blank")],
    // An edge on the loop or off it.
    ["slitherlink", ["33..", "....", "..0.", "...."], (v) => (v === "true" ? "play-candidate-on" : "play-candidate-off")],
  ];
  for (const [example, picture, markOf] of cases) {
    const set = `picture=${JSON.stringify(picture)}`;
    const solver = cliCandidates(`specs/${example}.toml`, set);
    const clue = (name) => {
      const m = /^island\[(\d+)\]\[(\d+)\]$/.exec(name);
      return m && picture[m[1] - 1][m[2] - 1] !== ".";
    };
    const want = Object.fromEntries([...solver].filter(([name, vs]) => vs.length === 1 && !clue(name)).map(([name, [v]]) => [name, markOf(v)]));
    const open = [...solver.values()].filter((vs) => vs.length > 1).length;
    if (!Object.keys(want).length || !open) throw new Error(`${example}: ${Object.keys(want).length} forced, ${open} open`);
    await openPlay(page, example);
    await page.fill("#set", set);
    await page.click("#board-open");
    await page.waitForSelector("#board-view:not([hidden]) #board-svg svg");
    await page.click("#board-restart");
    // The drawing is the Set's puzzle, not the shipped one drawn before.
    expect(`${example}: cells drawn`, await page.locator("#board-svg rect.cell").count(), picture.length * picture[0].length);
    expect(`${example}: show candidates offered`, await page.locator("#board-candidates-label").isVisible(), true);
    await page.check("#board-candidates");
    await playIdle();
    if (!(await playSaid()).startsWith("In green")) throw new Error(`${example}: ${await playSaid()}`);
    const got = await candidateMarks(page);
    const sorted = (o) => JSON.stringify(Object.entries(o).sort());
    expect(`${example}'s marks`, sorted(got), sorted(want));
    await page.screenshot({ path: `${shots}play-candidates-${example}.png` });
  }
  // Ticked, the candidates follow the entries: an open edge drawn is an
  // entry, no longer a candidate, and the marks are asked again.
  const inside = ([name]) => /\[[1-4]\]\[[1-4]\]$/.test(name);
  const [edge] = [...cliCandidates("specs/slitherlink.toml", `picture=${JSON.stringify(cases[1][1])}`)].find((e) => e[1].length > 1 && inside(e));
  const [r, c] = /\[(\d+)\]\[(\d+)\]$/.exec(edge).slice(1).map(Number);
  const before = Object.keys(await candidateMarks(page)).length;
  const [, , box] = await cellCentre(page, r - 1, c - 1);
  // across[r][c] from point (r-1, c-1) along the top of cell (r-1, c-1);
  // down[r][c] down its left side.
  const end = edge.startsWith("across") ? [box.x + box.width - 1, box.y + 1] : [box.x + 1, box.y + box.height - 1];
  await page.mouse.move(box.x + 1, box.y + 1);
  await page.mouse.down();
  await page.mouse.move((box.x + 1 + end[0]) / 2, (box.y + 1 + end[1]) / 2, { steps: 4 });
  await page.mouse.move(...end, { steps: 4 });
  await page.mouse.up();
  expect("the edge drawn", await page.locator(`#board-svg line.play-edge[data-var="${edge}"]`).count(), 1);
  await playIdle();
  const after = await candidateMarks(page);
  expect("no candidate on the entry", after[edge], undefined);
  if (Object.keys(after).length < before) throw new Error(`fewer marks after an entry: ${Object.keys(after).length} < ${before}`);
  await page.uncheck("#board-candidates");
  expect("marks gone", Object.keys(await candidateMarks(page)).length, 0);
  await page.click("#board-restart");
  await page.fill("#set", "");
});

await check("Play at 400 px: a Slitherlink's whole loop drawn in one drag, a Nurikabe shaded by taps, each to Solved!", async () => {
  const phone = await browser.newPage({ viewport: { width: 400, height: 800 } });
  phone.on("pageerror", (e) => errors.push(String(e)));
  try {
    await phone.goto(url);
    async function playSet(example, picture) {
      await openPlay(phone, example);
      await phone.fill("#set", `picture=${JSON.stringify(picture)}`);
      await phone.click("#board-open");
      await phone.waitForSelector("#board-view:not([hidden]) #board-svg svg");
      const [x0, y0, first] = await cellCentre(phone, 0, 0);
      return { x: x0 - first.width / 2, y: y0 - first.height / 2, size: first.width };
    }
    const solved = () => phone.waitForFunction(() => document.querySelector("#board-progress").dataset.solved === "true", null, { timeout: 60000 });
    // Slitherlink: the loop of its one solution (`solve --json`), walked
    // point by point from its edges and drawn without lifting the finger.
    const loopPicture = ["33.", "...", ".33"];
    const { across, down } = cliSolution("specs/slitherlink.toml", `picture=${JSON.stringify(loopPicture)}`);
    const next = new Map();
    const join = (a, b) => {
      for (const [p, q] of [[a, b], [b, a]]) next.set(p, [...(next.get(p) ?? []), q]);
    };
    across.forEach((row, r) => row.forEach((on, c) => on && join(`${r},${c}`, `${r},${c + 1}`)));
    down.forEach((row, r) => row.forEach((on, c) => on && join(`${r},${c}`, `${r + 1},${c}`)));
    const loop = [next.keys().next().value];
    while (loop.length < next.size) loop.push(next.get(loop.at(-1)).find((p) => p !== loop.at(-2) && !loop.includes(p)));
    loop.push(loop[0]);
    const grid = await playSet("slitherlink", loopPicture);
    const at = (p) => p.split(",").map(Number).reverse().map((v, i) => (i === 0 ? grid.x : grid.y) + v * grid.size);
    await phone.mouse.move(...at(loop[0]));
    await phone.mouse.down();
    for (const p of loop.slice(1)) await phone.mouse.move(...at(p), { steps: 6 });
    await phone.mouse.up();
    expect("edges drawn", await phone.locator("#board-svg line.play-edge").count(), loop.length - 1);
    await solved();
    // Nurikabe: each cell of its one solution's sea tapped once (shaded);
    // the cells left unmarked are its islands.
    const seaPicture = ["1.3.", "....", "2..."];
    const { island } = cliSolution("specs/nurikabe.toml", `picture=${JSON.stringify(seaPicture)}`);
    const sea = island.flatMap((row, r) => row.flatMap((v, c) => (v === 0 ? [[r, c]] : [])));
    const cells = await playSet("nurikabe", seaPicture);
    for (const [r, c] of sea) await phone.mouse.click(cells.x + (c + 0.5) * cells.size, cells.y + (r + 0.5) * cells.size);
    expect("shaded", await phone.locator("#board-svg rect.play-shaded").count(), sea.length);
    await solved();
  } finally {
    await phone.close();
  }
});

await check("a phone, 400 px wide: panes stacked, every tab reachable, boards within the screen", async () => {
  const phone = await browser.newPage({ viewport: { width: 400, height: 800 } });
  phone.on("pageerror", (e) => errors.push(String(e)));
  phone.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  try {
    await phone.goto(url);
    await phone.waitForSelector("#diagnostics li");
    const settled = () => phone.waitForFunction(() => [...document.querySelectorAll("#run, .go")].every((b) => !b.disabled), null, { timeout: 60000 });
    // No sideways scroll of the page, and every board and grid within the
    // screen's width, after each thing done.
    async function fits(what) {
      const got = await phone.evaluate(() => {
        const root = document.documentElement;
        const wide = [...document.querySelectorAll("table.board, .steps-grid, .chart svg, .tree-drawing, #editor, pre")]
          .filter((e) => e.checkVisibility())
          .map((e) => [e.tagName.toLowerCase() + (e.id ? "#" + e.id : "." + e.className), e.getBoundingClientRect()])
          .filter(([, r]) => r.left < -0.5 || r.right > root.clientWidth + 0.5)
          .map(([name, r]) => `${name} ${r.left.toFixed(0)}..${r.right.toFixed(0)}`);
        return { scroll: root.scrollWidth, width: root.clientWidth, wide };
      });
      if (got.scroll > got.width) throw new Error(`${what}: the page scrolls sideways (${got.scroll} > ${got.width})`);
      if (got.wide.length) throw new Error(`${what}: wider than the screen: ${got.wide.join(", ")}`);
    }
    const box = (sel) => phone.locator(sel).evaluate((e) => e.getBoundingClientRect().toJSON());
    const [left, right] = [await box("#left"), await box("#right")];
    if (right.top < left.bottom - 0.5) throw new Error(`panes side by side: editor ${JSON.stringify(left)}, panels ${JSON.stringify(right)}`);
    await fits("queens");
    // Every tab reachable: on the screen, and opens its panel.
    for (const tab of ["solve", "compare", "play", "game", "puzzle", "steps", "setter"]) {
      const b = await box(`#tabs button[data-tab=${tab}]`);
      if (b.left < 0 || b.right > 400) throw new Error(`tab ${tab} off the screen: ${b.left}..${b.right}`);
      await phone.click(`#tabs button[data-tab=${tab}]`);
      expect(`${tab} shown`, await phone.locator(`#${tab}-tab`).isVisible(), true);
      await fits(`the ${tab} tab`);
    }
    await phone.click("#tabs button[data-tab=solve]");
    // The widest boards of the examples: slitherlink's 21 columns, queens n = 30.
    for (const [example, set] of [["queens", "n=30"], ["slitherlink", ""], ["zebra", ""]]) {
      await phone.selectOption("#example", example);
      await phone.fill("#set", set);
      await phone.selectOption("#mode", "first");
      await phone.click("#run");
      await phone.waitForSelector(".solution");
      await settled();
      await fits(example);
    }
    await phone.screenshot({ path: `${shots}phone-solve.png`, fullPage: true });
    // Steps and Setter grids: sudoku's 9 columns of candidates, zebra's texts.
    for (const example of ["sudoku", "zebra"]) {
      await phone.selectOption("#example", example);
      await phone.click("#tabs button[data-tab=steps]");
      await phone.click("#steps-run");
      await phone.waitForSelector("#steps-view:not([hidden])");
      await settled();
      await phone.click("#steps-next");
      await fits(`${example}'s steps`);
      const outside = await valuesInside(phone.locator("#steps-board td"));
      if (outside.length) throw new Error(`${example}: outside their cells: ${outside.slice(0, 3).join("; ")}`);
    }
    await phone.screenshot({ path: `${shots}phone-steps.png`, fullPage: true });
    await phone.selectOption("#example", "sudoku");
    await phone.click("#tabs button[data-tab=setter]");
    await phone.click("#candidates-run");
    await settled();
    await fits("sudoku's candidates");
    await phone.click("#unique-run");
    await settled();
    await fits("sudoku's uniqueness");
    // Play on the phone: the board within the screen, a cell tapped and
    // filled from the on-screen pad.
    await openPlay(phone, "sudoku");
    await fits("sudoku's Play board");
    const svg = await phone.locator("#board-svg svg").boundingBox();
    if (svg.x < 0 || svg.x + svg.width > 400) throw new Error(`the Play board is ${svg.x}..${svg.x + svg.width}`);
    const givens = new Set(await phone.locator("#board-svg text.value.given").evaluateAll((ts) => ts.map((t) => `${t.dataset.row},${t.dataset.col}`)));
    const c = [...Array(9).keys()].find((k) => !givens.has(`0,${k}`));
    await phone.mouse.click(...(await cellCentre(phone, 0, c)).slice(0, 2));
    await phone.click("#board-pad button:text-is('4')");
    expect("tapped in", await phone.locator(`#board-svg text.play-value[data-row="0"][data-col="${c}"]`).textContent(), "4");
    await phone.screenshot({ path: `${shots}phone-play.png`, fullPage: true });
    // Show candidates on the phone: the shipped Nurikabe has one solution,
    // so each of its cells but the clues is forced, marked within the screen.
    await openPlay(phone, "nurikabe");
    await phone.check("#board-candidates");
    await phone.waitForFunction(() => document.querySelector("#board-progress").textContent.startsWith("In green"), null, { timeout: 60000 });
    await fits("nurikabe's candidates");
    const clues = await phone.locator("#board-svg text.value.given").count();
    const marks = await phone.locator("#play-layer [class^=play-candidate]").evaluateAll((es) => es.map((e) => e.getBoundingClientRect().toJSON()));
    expect("a mark on each cell but the clues", marks.length, 100 - clues);
    const off = marks.filter((b) => b.left < 0 || b.right > 400);
    if (off.length) throw new Error(`${off.length} candidate marks off the screen`);
  } finally {
    await phone.close();
  }
});

if (errors.length) {
  failed++;
  console.log(`FAIL the page's console stayed clean: ${errors.join("; ")}`);
}
await browser.close();
console.log(failed ? `${failed} failed` : "all passed");
process.exit(failed ? 1 : 0);
