//! The engine package's bindings (`gridnote_engine`): a search of a tafl or m,n,k game
//! with a time or depth limit, reporting as it goes, and the exact value of a small m,n,k
//! position. Built for wasm32 with the `engine` feature only; the package's `engine.js`
//! runs them in a Web Worker.

use js_sys::Function;
use wasm_bindgen::prelude::*;

use crate::api::Failure;
use crate::engine::{self, MnkGame, Report, SearchLimits, TaflGame};
use crate::js::{Props, error, nullable, object, strings};
use crate::record::{self, GameWrite};
use crate::tafl::side_letter;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** The error every function throws: a JavaScript `Error` naming the option at fault. */
export interface GridnoteError extends Error {
  name: "GridnoteError";
  span: [number, number] | null;
  format: string | null;
  caret: string | null;
}

/** A search's limits: whichever comes first; neither given is one second. */
export interface SearchLimits {
  /** Milliseconds the search may take (above 0, at most an hour). */
  timeMs?: number;
  /** The deepest iteration in plies, 1 to 64 (tafl only). */
  depth?: number;
}

/** A tafl game to search: its rules, its start and the moves played since. */
export interface TaflSearchRequest extends SearchLimits {
  game: "tafl";
  /** A preset name (`taflPresets()` of gridnote-wasm) or a whole OTN rules record. */
  rules: string;
  /** An OTN position record to start from; left out, the rules' start. */
  start?: string;
  /** Who moves at `start` ("a" or "d"); left out, the rules' first mover. */
  side?: "a" | "d" | "attackers" | "defenders";
  /** The moves played from the start, in OTN move notation (they count for repetition). */
  played?: string[];
}

/** An m,n,k game to search: the board's size, the rules and the moves from the empty board. */
export interface MnkSearchRequest extends SearchLimits {
  game: "mnk";
  rows: number;
  cols: number;
  /** m,n,k rules as gridnote names them, like "tic-tac-toe+k=5"; left out, "tic-tac-toe". */
  rules?: string;
  /** The cells played, by name ("h8"), the first player's first. */
  moves?: string[];
}

export type SearchRequest = TaflSearchRequest | MnkSearchRequest;

/** What a search found so far (a progress report) or at its end. */
export interface SearchReport {
  /** The move to play (OTN move record for tafl, a cell name for m,n,k). */
  best: string | null;
  /** The evaluation for the side to move (tafl: hundredths of a taflman; ±30000 less the
   * plies for a proved win or loss); `null` when the engine gives none. */
  score: number | null;
  /** A value the search proved for the side to move, if any. */
  proved: "win" | "loss" | "draw" | null;
  /** Plies to the proved end, when known. */
  plies: number | null;
  /** The deepest iteration finished, in plies. */
  depth: number;
  /** The principal variation, `best` first. */
  pv: string[];
  /** Positions searched so far. */
  nodes: number;
  /** Milliseconds since the search started. */
  elapsedMs: number;
  /** How the move was found. */
  method: "searched" | "solved" | "fours" | "threats" | "rule-of-thumb";
}

/** The exact value of an m,n,k position (boards of up to 128 cells). */
export interface MnkSolved {
  /** The value for the side to move; `null` when the time ran out first. */
  value: "win" | "loss" | "draw" | null;
  /** Plies to the end under perfect play. */
  plies: number;
  /** Every best move, by cell name. */
  best: string[];
  toMove: "x" | "o";
  nodes: number;
  /** Like "draw in 8 plies; best: a1 a3 c1 c3", or what the time allowed. */
  summary: string;
}

/** An OpenTafl game record's main line (or a server record's), read by `readGame`. */
export interface GameRead {
  /** The whole OTN rules record. */
  rules: string;
  /** The OTN position record the game starts from. */
  start: string;
  /** Who moves first. */
  side: "a" | "d";
  /** The main line's moves in OTN (a resignation left out). */
  moves: string[];
  /** Whether the main line ends in a resignation (`---`). */
  resigned: boolean;
  /** The `[result:…]` tag: "1" (attackers), "-1" (defenders), "0" (draw), "?"; `null` without one. */
  result: string | null;
}

/** A tafl game for `writeGame`. */
export interface GameToWrite {
  /** A preset name or a whole OTN rules record. */
  rules: string;
  /** The OTN position record it starts from; left out, the rules' start. */
  start?: string;
  /** Who moves first at `start`: it must be the rules' first mover. */
  side?: "a" | "d" | "attackers" | "defenders";
  moves?: string[];
  /** "1", "-1" or "0" for a finished game. */
  result?: string;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// A search's request (TypeScript: `SearchRequest`).
    #[wasm_bindgen(typescript_type = "SearchRequest")]
    pub type SearchRequest;

    /// An m,n,k game and a time (TypeScript: `MnkSearchRequest`).
    #[wasm_bindgen(typescript_type = "MnkSearchRequest")]
    pub type MnkSearchRequest;

    /// A game for `writeGame` (TypeScript: `GameToWrite`).
    #[wasm_bindgen(typescript_type = "GameToWrite")]
    pub type GameToWrite;

    /// The progress callback (TypeScript: `(report: SearchReport) => void`).
    #[wasm_bindgen(typescript_type = "(report: SearchReport) => void")]
    pub type OnProgress;
}

/// The limits of a request.
fn limits(props: &Props<'_>) -> Result<SearchLimits, Failure> {
    Ok(SearchLimits { time_ms: props.number("timeMs")?, depth: props.number("depth")? })
}

/// The m,n,k game of a request.
fn mnk_game(props: &Props<'_>) -> Result<MnkGame, Failure> {
    let required = |key: &str| {
        props.number(key)?.ok_or_else(|| Failure::option(format!("options.{key}: missing")))
    };
    Ok(MnkGame {
        rows: required("rows")?,
        cols: required("cols")?,
        rules: props.string("rules")?,
        moves: props.names("moves")?,
    })
}

/// A report as `SearchReport`.
fn report_object(report: &Report) -> JsValue {
    let number = |n: Option<f64>| n.map_or(JsValue::NULL, JsValue::from);
    object(vec![
        ("best", nullable(report.best.clone())),
        ("score", number(report.score.map(f64::from))),
        ("proved", report.proof.map_or(JsValue::NULL, |p| engine::value_name(p.value).into())),
        ("plies", number(report.proof.and_then(|p| p.plies).map(f64::from))),
        ("depth", f64::from(report.depth).into()),
        ("pv", strings(&report.pv)),
        ("nodes", (report.nodes as f64).into()),
        ("elapsedMs", report.elapsed_ms.into()),
        ("method", report.method.into()),
    ])
}

/// Searches a tafl or m,n,k game within its limits and returns the best move found;
/// `onProgress` hears of every finished iteration (tafl) or of the chosen move (m,n,k).
/// It runs synchronously: run it in a worker (`engine.js` does) to keep a page alive.
///
/// ```js
/// search({ game: "tafl", rules: "brandubh", played: ["d2-c2"], timeMs: 500 }, (r) => console.log(r.depth, r.pv));
/// search({ game: "mnk", rows: 15, cols: 15, rules: "tic-tac-toe+k=5", moves: ["h8"], timeMs: 1000 }).best; // "i9", …
/// ```
///
/// # Errors
/// A `GridnoteError` naming the option at fault: an unknown game, rules or side, a
/// move that is not legal, limits out of range, or a game that is over.
#[wasm_bindgen(unchecked_return_type = "SearchReport")]
pub fn search(request: SearchRequest, on_progress: Option<OnProgress>) -> Result<JsValue, JsValue> {
    let callback: Option<Function> = on_progress.map(|f| JsValue::from(f).unchecked_into());
    search_js(&request.into(), callback.as_ref()).map_err(error)
}

fn search_js(request: &JsValue, callback: Option<&Function>) -> Result<JsValue, Failure> {
    let props = Props::of(request)?;
    let limits = limits(&props)?;
    let mut progress = |report: &Report| {
        if let Some(callback) = callback {
            // A callback that throws does not stop the search.
            let _ = callback.call1(&JsValue::NULL, &report_object(report));
        }
    };
    let report = match props.string("game")?.as_deref() {
        Some("tafl") => {
            let game = TaflGame {
                rules: props
                    .string("rules")?
                    .ok_or_else(|| Failure::option("options.rules: missing".to_owned()))?,
                start: props.string("start")?,
                side: props.string("side")?,
                played: props.names("played")?,
            };
            engine::search_tafl(&game, &limits, &mut progress)?
        }
        Some("mnk") => engine::search_mnk(&mnk_game(&props)?, &limits, &mut progress)?,
        other => {
            return Err(Failure::option(format!(
                "options.game: expected \"tafl\" or \"mnk\", got {}",
                other.map_or_else(|| "nothing".to_owned(), |g| format!("\"{g}\""))
            )));
        }
    };
    Ok(report_object(&report))
}

/// The exact value of an m,n,k position of up to 128 cells, with every best move, within
/// `timeMs` (one second when left out).
///
/// ```js
/// solveExact({ game: "mnk", rows: 3, cols: 3, moves: ["b2"], timeMs: 5000 }).summary; // "draw in 8 plies; best: a1 a3 c1 c3"
/// ```
///
/// # Errors
/// A `GridnoteError` for a bad option, an illegal position or a board too large.
#[wasm_bindgen(js_name = solveExact, unchecked_return_type = "MnkSolved")]
pub fn solve_exact(request: MnkSearchRequest) -> Result<JsValue, JsValue> {
    solve_js(&request.into()).map_err(error)
}

fn solve_js(request: &JsValue) -> Result<JsValue, Failure> {
    let props = Props::of(request)?;
    let solved = engine::solve_mnk(&mnk_game(&props)?, &limits(&props)?)?;
    Ok(object(vec![
        ("value", solved.value.map_or(JsValue::NULL, |v| engine::value_name(v).into())),
        ("plies", f64::from(solved.plies).into()),
        ("best", strings(&solved.best)),
        ("toMove", if solved.to_move.index() == 0 { "x" } else { "o" }.into()),
        ("nodes", (solved.nodes as f64).into()),
        ("summary", solved.summary.into()),
    ]))
}

/// Reads an OpenTafl game record (`.otg`), or a hnefatafl.org-style server's game
/// record (the JSON of its `resume_game_json`, recognised by a leading `{`) as the `.otg`
/// it converts to: its rules, start, first mover, the main line's moves and its result.
///
/// ```js
/// readGame("[rules:dim:5 atkf:n start:/2t2/5/t1K1t/5/2t2/]\n\n1. Kc3-c4 a3-a4\n").moves; // ["Kc3-c4", "a3-a4"]
/// ```
///
/// # Errors
/// A `GridnoteError` spanning what does not read, or rules gridnote cannot play.
#[wasm_bindgen(js_name = readGame, unchecked_return_type = "GameRead")]
pub fn read_game(text: &str) -> Result<JsValue, JsValue> {
    let read = record::read_game(text).map_err(error)?;
    Ok(object(vec![
        ("rules", read.rules.into()),
        ("start", read.start.into()),
        ("side", side_letter(read.first).into()),
        ("moves", strings(&read.moves)),
        ("resigned", read.resigned.into()),
        ("result", nullable(read.result)),
    ]))
}

/// Writes a tafl game as an OpenTafl game record (`.otg`), read back before it is
/// returned.
///
/// ```js
/// writeGame({ rules: "brandubh", moves: ["d2-c2", "e4-e6"] }); // "[rules:dim:7 …]\n\n1. d2-c2 e4-e6\n"
/// ```
///
/// # Errors
/// A `GridnoteError` for unknown rules, a result other than "1", "-1" or "0", or a start
/// whose side to move is not the rules' first mover.
#[wasm_bindgen(js_name = writeGame)]
pub fn write_game(game: GameToWrite) -> Result<String, JsValue> {
    write_game_js(&game.into()).map_err(error)
}

fn write_game_js(game: &JsValue) -> Result<String, Failure> {
    let props = Props::of(game)?;
    record::write_game(&GameWrite {
        rules: props
            .string("rules")?
            .ok_or_else(|| Failure::option("options.rules: missing".to_owned()))?,
        start: props.string("start")?,
        side: props.string("side")?,
        moves: props.names("moves")?,
        result: props.string("result")?,
    })
}
