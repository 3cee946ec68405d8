// The playground's worker: loads the WebAssembly module once and answers
// each request the page posts, posting every event back as it happens.
// The page ends a long search by terminating this worker (Stop).
import { load } from "./solve.js";

const solver = fetch("solve.wasm")
  .then((r) => r.arrayBuffer())
  .then((bytes) => load(bytes));

self.onmessage = async (message) => {
  const { id, request } = message.data;
  try {
    const s = await solver;
    s.handle(request, (event) => self.postMessage({ id, event }));
  } catch (e) {
    self.postMessage({ id, event: { event: "failed", message: `the solver stopped: ${e}` } });
  }
  self.postMessage({ id, finished: true });
};
