// Runs the playground's WebAssembly module under Node and prints, for each
// request on stdin (one JSON object per line), the events it emitted as one
// JSON line: tests/playground.rs compares them with the native binary.
import { readFileSync } from "node:fs";
import { load } from "../page/solve.js";

const wasm = readFileSync(new URL("../page/solve.wasm", import.meta.url));
const solver = await load(wasm);
const lines = readFileSync(0, "utf8").split("\n").filter((l) => l.trim());
for (const line of lines) {
  const events = [];
  try {
    solver.handle(JSON.parse(line), (e) => events.push(e));
  } catch (e) {
    events.push({ event: "trap", message: String(e) });
  }
  console.log(JSON.stringify(events));
}
