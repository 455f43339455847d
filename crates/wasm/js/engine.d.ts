// The types of engine.js: gridnote's engines in a Web Worker.
import type { MnkSearchRequest, MnkSolved, SearchReport, SearchRequest } from "./gridnote_engine.js";

export type { MnkSearchRequest, MnkSolved, SearchReport, SearchRequest, TaflSearchRequest } from "./gridnote_engine.js";

/** The final report of a search: `stopped` when `stop()` ended it early. */
export interface SearchResult extends SearchReport {
  stopped: boolean;
}

/** A running search. */
export interface Search {
  /** The final report: at the search's end, or at once when stopped (the last progress
   * report's move). Rejects with the engine's `GridnoteError` for a bad request, or with
   * a `StoppedError` when stopped before the first report. */
  result: Promise<SearchResult>;
  /** Stops the search: its worker is ended and a new one serves the next job. */
  stop(): void;
}

export interface EngineOptions {
  /** The engine module (default: gridnote_engine_bg.wasm beside engine.js). */
  wasm?: string | URL;
  /** The worker script (default: engine-worker.js beside engine.js). */
  worker?: string | URL;
}

/** gridnote's engines in a module Web Worker, one job at a time. */
export class Engine {
  constructor(options?: EngineOptions);
  /** Starts a search; a running job is stopped first. */
  search(request: SearchRequest, onProgress?: (report: SearchReport) => void): Search;
  /** The exact value of an m,n,k position of up to 128 cells and every best move. */
  solve(request: MnkSearchRequest): Promise<MnkSolved>;
  /** Starts the worker and loads the engine module into it ahead of the first job
   * (a stopped job's worker is replaced at once, too). */
  warm(): Promise<void>;
  /** Whether a job is running. */
  readonly busy: boolean;
  /** Stops the running job, if any. */
  stop(): void;
  /** Stops any job and ends the worker. */
  terminate(): void;
}
