// gridnote's engines off the page's thread: `new Engine()` runs the engine module
// (gridnote_engine, loaded on demand: nothing is fetched until the first job) in a
// module Web Worker. `engine.search(request, onProgress)` starts a search and returns
// a handle with `result` (a promise of the final report) and `stop()`.
//
// How stop works: a search runs synchronously inside its worker, which cannot read a
// message until the search returns, and a shared flag would need cross-origin
// isolation (SharedArrayBuffer), which a page served as plain static files does not
// have. So `stop()` ends the worker (`terminate()`) and resolves `result` at once with
// the last progress report (`stopped: true`), whose move is the best found so far; the
// next job starts a fresh worker from the module already compiled (milliseconds), so
// only the transposition table is lost.

const DEFAULT_WASM = new URL("./gridnote_engine_bg.wasm", import.meta.url);
const DEFAULT_WORKER = new URL("./engine-worker.js", import.meta.url);

/** An error thrown by the engine module, as the worker passed it on. */
function engineError(error) {
  const err = new Error(error.message);
  err.name = error.name ?? "GridnoteError";
  return err;
}

export class Engine {
  #wasm;
  #workerUrl;
  #module = null;
  #worker = null;
  #job = null;
  #nextId = 1;

  /**
   * @param {{ wasm?: string | URL, worker?: string | URL }} [options] where the engine
   *   module and the worker script are (by default beside this file)
   */
  constructor(options = {}) {
    this.#wasm = options.wasm ?? DEFAULT_WASM;
    this.#workerUrl = options.worker ?? DEFAULT_WORKER;
  }

  /** Compiles the engine module once (fetching it the first time it is needed). */
  #compile() {
    if (!this.#module) {
      const wasm = this.#wasm;
      this.#module = (async () => {
        const response = await fetch(wasm);
        if (!response.ok) throw new Error(`cannot load the engine module ${wasm}: ${response.status}`);
        return WebAssembly.compile(await response.arrayBuffer());
      })();
      this.#module.catch(() => {
        this.#module = null;
      });
    }
    return this.#module;
  }

  /** The worker, started with the compiled module when there is none. */
  async #ready() {
    const module = await this.#compile();
    if (!this.#worker) {
      const worker = new Worker(this.#workerUrl, { type: "module" });
      worker.addEventListener("message", ({ data }) => this.#receive(worker, data));
      worker.addEventListener("error", (event) => {
        event.preventDefault?.();
        if (this.#worker === worker) this.#fail(new Error(event.message || "the engine's worker failed"));
      });
      worker.postMessage({ type: "init", module });
      this.#worker = worker;
    }
    return this.#worker;
  }

  #receive(worker, data) {
    const job = this.#job;
    if (worker !== this.#worker || !job || data.id !== job.id) return;
    if (data.type === "progress") {
      job.last = data.report;
      try {
        job.onProgress?.(data.report);
      } catch (err) {
        console.error(err);
      }
    } else if (data.type === "done") {
      this.#job = null;
      job.resolve(job.kind === "search" ? { ...data.result, stopped: false } : data.result);
    } else if (data.type === "error") {
      this.#job = null;
      job.reject(engineError(data.error));
    }
  }

  #fail(err) {
    const job = this.#job;
    this.#job = null;
    this.#worker?.terminate();
    this.#worker = null;
    job?.reject(err);
  }

  #start(kind, request, onProgress) {
    this.stop();
    const id = this.#nextId++;
    let resolve;
    let reject;
    const result = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const job = { id, kind, onProgress, resolve, reject, last: null };
    this.#job = job;
    this.#ready().then(
      (worker) => {
        if (this.#job === job) worker.postMessage({ type: kind, id, request });
      },
      (err) => {
        if (this.#job === job) this.#fail(err);
      },
    );
    return { job, result };
  }

  /**
   * Starts a search (a running job is stopped first).
   * @param {import("./gridnote_engine.js").SearchRequest} request
   * @param {(report: import("./gridnote_engine.js").SearchReport) => void} [onProgress]
   */
  search(request, onProgress) {
    const { job, result } = this.#start("search", request, onProgress);
    return { result, stop: () => this.#stopJob(job) };
  }

  /**
   * The exact value of a small m,n,k position and every best move, within `timeMs`.
   * @param {import("./gridnote_engine.js").MnkSearchRequest} request
   */
  solve(request) {
    return this.#start("solve", request, undefined).result;
  }

  /** Starts the worker and loads the engine module into it ahead of the first job. */
  async warm() {
    await this.#ready();
  }

  /** Whether a job is running. */
  get busy() {
    return this.#job !== null;
  }

  #stopJob(job) {
    if (this.#job !== job) return;
    this.#job = null;
    this.#worker?.terminate();
    this.#worker = null;
    // The next job's worker starts now, so that it does not wait for one.
    this.warm().catch(() => {});
    if (job.kind === "search" && job.last) {
      job.resolve({ ...job.last, stopped: true });
    } else {
      const err = new Error("stopped before the engine reported");
      err.name = "StoppedError";
      job.reject(err);
    }
  }

  /** Stops the running job, if any (see `search`'s handle). */
  stop() {
    if (this.#job) this.#stopJob(this.#job);
  }

  /** Stops any job and ends the worker; a later job starts a new one. */
  terminate() {
    this.stop();
    this.#worker?.terminate();
    this.#worker = null;
  }
}
