// The playground's worker: loads the WebAssembly module and answers each
// request the page posts, posting every event back as it happens. At most
// MOST_SOLUTIONS solution events of a request are posted (the page draws no
// more); after them the count goes on as progress events. The page ends a
// long search by terminating this worker (Stop). After a trap (a panic, a
// stack overflow) the module is instantiated again: its memory may be left
// in any state.
import { load } from "./solve.js";

const MOST_SOLUTIONS = 200;
const bytes = fetch("solve.wasm").then((r) => r.arrayBuffer());
let solver = bytes.then(load);

self.onmessage = async (message) => {
  const { id, request } = message.data;
  let solutions = 0;
  let told = 0;
  const post = (event) => {
    if (event.event === "solution" && ++solutions > MOST_SOLUTIONS) {
      const now = performance.now();
      if (now - told < 200) return;
      told = now;
      event = { event: "progress", count: solutions, ms: null };
    }
    self.postMessage({ id, event });
  };
  try {
    (await solver).handle(request, post);
  } catch (e) {
    post({ event: "failed", message: `the solver stopped: ${e}` });
    solver = bytes.then(load);
  }
  self.postMessage({ id, finished: true });
};
