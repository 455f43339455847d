// The engine's Web Worker (started by engine.js): it loads the engine module from the
// compiled WebAssembly.Module the page sends, then runs one job at a time. A search
// runs synchronously here, so it never blocks the page; its reports are posted as they
// come. Messages in: { type: "init", module }, { type: "search" | "solve", id, request };
// out: { type: "progress", id, report }, { type: "done", id, result },
// { type: "error", id, error: { name, message } }.
import init, { search, solveExact } from "./gridnote_engine.js";

let ready = null;

self.addEventListener("message", async ({ data }) => {
  if (data.type === "init") {
    ready = init({ module_or_path: data.module });
    return;
  }
  const { id, request } = data;
  try {
    await ready;
    let result;
    if (data.type === "search") {
      result = search(request, (report) => self.postMessage({ type: "progress", id, report }));
    } else if (data.type === "solve") {
      result = solveExact(request);
    } else {
      throw new Error(`unknown job type ${data.type}`);
    }
    self.postMessage({ type: "done", id, result });
  } catch (err) {
    self.postMessage({
      type: "error",
      id,
      error: { name: err?.name ?? "Error", message: err?.message ?? String(err) },
    });
  }
});
