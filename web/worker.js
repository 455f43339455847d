// The solver, off the page's thread: one message in ({ id, text, options }), one out
// ({ id, solved } or { id, error }).
import init, { solve } from "./pkg/gridnote_wasm.js";

const ready = init();

self.addEventListener("message", async ({ data }) => {
  await ready;
  try {
    self.postMessage({ id: data.id, solved: solve(data.text, data.options) });
  } catch (err) {
    self.postMessage({ id: data.id, error: { message: err.message, caret: err.caret ?? null } });
  }
});
