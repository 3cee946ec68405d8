// The playground in a real headless Chromium (Debian's, driven by
// playwright-core; nothing is downloaded): every check below is one thing a
// newcomer does. Screenshots go to web/test/screenshots/.
// usage: node web/test/browser.mjs URL   (scripts/browser-test.sh runs it)
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";

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
  await page.screenshot({ path: `${shots}magic-ring.png` });
});

await check("a typo shows its diagnostic at its line", async () => {
  await open("queens");
  const text = await page.inputValue("#editor");
  const line = text.slice(0, text.indexOf("alldifferent")).split("\n").length;
  await page.fill("#editor", text.replace("alldifferent", "alldiferent"));
  await page.waitForSelector("#diagnostics li:not(.ok)");
  const first = page.locator("#diagnostics li").first();
  const said = await first.textContent();
  if (!said.includes(`spec.toml:${line}:`) || !said.includes("unknown function `alldiferent`"))
    throw new Error(said);
  if (!said.includes("did you mean `alldifferent`?")) throw new Error(`no help line: ${said}`);
  expect("marked line", await page.locator("#gutter .bad").first().textContent(), `${line}\n`);
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

await check("a shared link reopens the same spec", async () => {
  await open("zebra");
  await page.fill("#set", "");
  const text = await page.inputValue("#editor");
  await page.click("#share");
  const link = page.url();
  const other = await browser.newPage();
  await other.goto(link);
  await other.waitForSelector("#diagnostics li");
  expect("spec", await other.inputValue("#editor"), text);
  await other.close();
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
  if (!(await page.locator("#tree-summary").textContent()).includes("2 solutions")) throw new Error("summary");
  await page.screenshot({ path: `${shots}tree.png` });
  await page.uncheck("#tree");
  await page.uncheck("#no-symmetry");
});

await check("the page drew queens for the README", async () => {
  await open("queens");
  await page.fill("#set", "n=8");
  await page.selectOption("#mode", "limit");
  await page.fill("#limit", "3");
  await run();
  expect("solutions", await page.locator(".solution").count(), 3);
  await page.screenshot({ path: `${shots}playground.png` });
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

if (errors.length) {
  failed++;
  console.log(`FAIL the page's console stayed clean: ${errors.join("; ")}`);
}
await browser.close();
console.log(failed ? `${failed} failed` : "all passed");
process.exit(failed ? 1 : 0);
