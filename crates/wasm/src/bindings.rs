//! The wasm-bindgen wrappers over the plain-Rust core (`api`): JavaScript values in,
//! JavaScript values out, and the TypeScript types they carry. Built for wasm32 only.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use gridnote_convert::board::options::OptionKind;

use crate::api::{self, Failure};
use crate::js::{Props, error, nullable, object, strings};
use crate::tafl;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** The error every function throws: a JavaScript `Error` with the span it is about. */
export interface GridnoteError extends Error {
  name: "GridnoteError";
  /** Byte span `[start, end)` of the input the error is about; `null` for a bad option. */
  span: [number, number] | null;
  /** The format the input was read as (given or detected); `null` when there is none. */
  format: FormatName | null;
  /** The input's line and a line of carets under the span; `null` for a bad option. */
  caret: string | null;
}

/** One format of the registry. */
export interface FormatInfo {
  name: FormatName;
  description: string;
  example: string;
  game: "mnk" | "tafl";
  /** What detection looks for. */
  detection: string;
  extensions: string[];
}

/** Options of `convert` (besides the format options: `FormatOptions`). */
export interface ConvertOptions extends FormatOptions {
  /** The source format (a `FormatName`, any case); detected when left out. */
  from?: string;
  /** The target format (a `FormatName`, any case). */
  to: string;
  /** Fail instead of dropping anything. */
  lossless?: boolean;
  /** TSN/TEN defenders at start for a source without them: a positive multiple of 4. */
  defenders?: number;
  /** TSN/TEN ply for a source without it (at least 1). */
  ply?: number;
  /** TSN/TEN plies since capture for a source without it (below the ply). */
  sinceCapture?: number;
}

/** What was dropped or derived by a conversion. */
export interface Note {
  kind: "dropped" | "derived";
  field: string;
  value: string;
  reason: string;
  /** The whole note as one sentence. */
  message: string;
}

/** The result of `convert`. */
export interface Converted {
  output: string;
  /** The format the input was read as. */
  from: FormatName;
  to: FormatName;
  notes: Note[];
}

/** Options of `check` and `solve`. */
export interface RulesOptions {
  from?: string;
  /** m,n,k rules: "tic-tac-toe" or "tomorrows" with "+misere", "+diagonals", "+no-diagonals", "+k=N". */
  rules?: string;
}

/** One legality problem. */
export interface Problem {
  name: string;
  message: string;
}

/** The result of `check`. */
export interface Checked {
  format: FormatName;
  /** The rules judged by; `null` for tafl (the TSN/TEN semantic check). */
  rules: string | null;
  legal: boolean;
  problems: Problem[];
  /** "in progress", "won by Player One", "drawn", …; `null` for tafl. */
  outcome: string | null;
  /** The side to move as the format spells it ("x"/"o", "a"/"d"), else from the counts. */
  toMove: string | null;
}

/** Options of `svg`. */
export interface SvgOptions {
  from?: string;
  /** The picture's longer side in pixels; left out, the picture fills its container. */
  size?: number;
  /** File letters and rank numbers (default true). */
  coordinates?: boolean;
  /** Turn the board 180°. */
  flip?: boolean;
  /** Cells to highlight, like ["a1", "b2"]. */
  highlight?: string[];
  /** The last move: one cell, or two for a move. */
  lastMove?: string[];
  /** Arrows, like [["a1", "c3"]]. */
  arrows?: [string, string][];
  /** Tafl: the squares to mark instead of the throne and the corners (a variant's `special`). */
  special?: string[];
  /** m,n,k rules: the outcome goes in the description and a won line is drawn. */
  rules?: string;
  /** "default" or "high-contrast". */
  theme?: string;
  /** The picture's title (default: the input text). */
  title?: string;
}

/** The result of `solve`. */
export interface Solved {
  /** Who wins with perfect play. */
  winner: "x" | "o" | "draw";
  /** Plies until the game ends under perfect play (0: it is over). */
  plies: number;
  /** Every best move, by cell name (a1 = bottom left). */
  best: string[];
  toMove: "x" | "o";
  rules: string;
  /** Positions searched. */
  nodes: number;
  /** Like "x wins in 4 plies; best: a3". */
  summary: string;
}

/** A tafl side: "a" the attackers, "d" the defenders. */
export type TaflSide = "a" | "d";

/** What ends a tafl game: "none" (play goes on), the winner, or "draw". */
export type TaflEnds = "none" | "attackers" | "defenders" | "draw";

/** Why a tafl game ended; `null` while it goes on. */
export type TaflReason =
  | "king_escaped" | "king_captured" | "no_pieces" | "defenders_immobile"
  | "edge_fort" | "surrounded" | "repetition";

/** One tafl preset: an OpenTafl variant. */
export interface TaflPreset {
  /** The name `options.rules` takes, like "brandubh". */
  name: string;
  /** The record's own name, like "Brandub". */
  title: string;
  /** The board's side. */
  dim: number;
  /** The whole OTN rules record. */
  rules: string;
  /** The start position as an OTN position record (rank 1 first). */
  start: string;
  /** Who moves first. */
  toMove: TaflSide;
  /** The corners, centre and forts of the rules (for `svg`'s `special`). */
  special: string[];
}

/** Options of `moves` and `play`. */
export interface TaflOptions {
  /** The position's format (any case); detected when left out. */
  from?: string;
  /** A preset name (`taflPresets()`) or a whole OTN rules record; left out, the rules the text carries (an OTN rules record stands for its start). */
  rules?: string;
  /** Who moves in a position that does not say (an OTN position record); left out, the side that moves first under the rules. */
  side?: TaflSide | "attackers" | "defenders";
  /** Moves played from the position first, in OTN move notation: they count for repetition and berserk continuations. */
  played?: string[];
}

/** A legal move and what it does. */
export interface TaflMove {
  /** The OTN move record, like "d2-c2" or "b5-c5xKd5". */
  move: string;
  from: string;
  to: string;
  /** The squares it captures. */
  captures: string[];
  /** The OTN position record after it. */
  position: string;
  /** What it ends. */
  ends: TaflEnds;
  reason: TaflReason | null;
}

/** The result of `moves`. */
export interface TaflMoves {
  /** The OTN position record (after `options.played`). */
  position: string;
  dim: number;
  toMove: TaflSide;
  outcome: TaflEnds;
  reason: TaflReason | null;
  /** The square of the piece that must go on after a berserk capture. */
  berserker: string | null;
  /** `options.played` as OTN move records. */
  line: string[];
  /** Every legal move; none once the game is over. */
  moves: TaflMove[];
  /** The corners, centre and forts of the rules (for `svg`'s `special`). */
  special: string[];
}

/** The result of `play`. */
export interface TaflPlayed {
  move: string;
  from: string;
  to: string;
  captures: string[];
  /** The OTN position record after the move. */
  position: string;
  outcome: TaflEnds;
  reason: TaflReason | null;
  /** Who moves next. */
  toMove: TaflSide;
  berserker: string | null;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The options object of `convert` (TypeScript: `ConvertOptions`).
    #[wasm_bindgen(typescript_type = "ConvertOptions")]
    pub type ConvertOptions;

    /// The options object of `check` and `solve` (TypeScript: `RulesOptions`).
    #[wasm_bindgen(typescript_type = "RulesOptions")]
    pub type RulesOptions;

    /// The options object of `svg` (TypeScript: `SvgOptions`).
    #[wasm_bindgen(typescript_type = "SvgOptions")]
    pub type SvgOptions;

    /// The options object of `moves` and `play` (TypeScript: `TaflOptions`).
    #[wasm_bindgen(typescript_type = "TaflOptions")]
    pub type TaflOptions;
}

/// The options of `check` and `solve`.
fn rules_request(props: &Props<'_>) -> Result<api::RulesRequest, Failure> {
    Ok(api::RulesRequest { from: props.string("from")?, rules: props.string("rules")? })
}

/// The options of `moves` and `play`.
fn tafl_request(props: &Props<'_>) -> Result<tafl::TaflRequest, Failure> {
    Ok(tafl::TaflRequest {
        from: props.string("from")?,
        rules: props.string("rules")?,
        side: props.string("side")?,
        played: props.names("played")?,
    })
}

/// Every format gridnote reads and writes, in the order `gridnote formats` lists them.
///
/// ```js
/// formats().map((f) => f.name); // ["t3en", "tsn", "ten", …]: the registry's order
/// ```
#[wasm_bindgen(unchecked_return_type = "FormatInfo[]")]
pub fn formats() -> JsValue {
    api::formats()
        .into_iter()
        .map(|f| {
            object(vec![
                ("name", f.name.into()),
                ("description", f.description.into()),
                ("example", f.example.into()),
                ("game", f.game.into()),
                ("detection", f.detection.into()),
                ("extensions", strings(f.extensions)),
            ])
        })
        .collect::<Array>()
        .into()
}

/// The name of the format `text` looks like; throws a `GridnoteError` when none matches.
///
/// ```js
/// detect("2_o/_x_/3_ x"); // "t3en"
/// ```
///
/// # Errors
/// A `GridnoteError` spanning the whole input when no format's shape matches.
#[wasm_bindgen]
pub fn detect(text: &str) -> Result<String, JsValue> {
    api::detect_format(text).map(str::to_owned).map_err(error)
}

/// Converts `text` into `options.to`, reading it as `options.from` or its detected format.
///
/// ```js
/// convert("2_o/_x_/3_ x", { to: "tsn" }).output; // "3 4 3/1a1/2d a 3 2"
/// ```
///
/// # Errors
/// A `GridnoteError`: a bad option, an undetected format, a syntax error (spanning the
/// offending text), a position the target cannot express, or (with `lossless`) anything
/// that would be dropped.
#[wasm_bindgen(unchecked_return_type = "Converted")]
pub fn convert(text: &str, options: ConvertOptions) -> Result<JsValue, JsValue> {
    convert_js(text, &options.into()).map_err(error)
}

fn convert_js(text: &str, options: &JsValue) -> Result<JsValue, Failure> {
    let props = Props::of(options)?;
    let mut given = Vec::new();
    // Every declared option (the shared ones, then each format's own), by its camelCase key.
    for spec in gridnote_convert::Options::DECLARED {
        let key = api::option_key(spec.name);
        let value = match spec.kind {
            OptionKind::Flag => props.boolean(&key)?.map(api::OptionValue::Bool),
            OptionKind::Number { .. } => props.number(&key)?.map(api::OptionValue::Number),
            _ => props.string(&key)?.map(api::OptionValue::Text),
        };
        given.extend(value.map(|value| (spec.name, value)));
    }
    let req = api::ConvertRequest {
        from: props.string("from")?,
        to: props.string("to")?,
        options: given,
    };
    let out = api::convert(text, &req)?;
    let notes = out
        .notes
        .iter()
        .map(|note| {
            object(vec![
                ("kind", note.kind.to_string().into()),
                ("field", note.field.to_string().into()),
                ("value", note.value.to_string().into()),
                ("reason", note.reason.to_string().into()),
                ("message", note.to_string().into()),
            ])
        })
        .collect::<Array>();
    Ok(object(vec![
        ("output", out.output.into()),
        ("from", out.from.name().into()),
        ("to", out.to.name().into()),
        ("notes", notes.into()),
    ]))
}

/// Syntax, legality and outcome of `text` under `options.rules` (m,n,k), or the TSN/TEN
/// semantic check (tafl).
///
/// ```js
/// check("2_o/_x_/3_ x").legal; // true
/// ```
///
/// # Errors
/// A `GridnoteError` for a bad option or a text that does not read.
#[wasm_bindgen(unchecked_return_type = "Checked")]
pub fn check(text: &str, options: Option<RulesOptions>) -> Result<JsValue, JsValue> {
    check_js(text, &options.map_or(JsValue::UNDEFINED, JsValue::from)).map_err(error)
}

fn check_js(text: &str, options: &JsValue) -> Result<JsValue, Failure> {
    let req = rules_request(&Props::of(options)?)?;
    let checked = api::check(text, &req)?;
    let problems = checked
        .problems
        .iter()
        .map(|p| object(vec![("name", p.name.into()), ("message", p.message.clone().into())]))
        .collect::<Array>();
    Ok(object(vec![
        ("format", checked.format.name().into()),
        ("rules", nullable(checked.rules.map(|r| r.to_string()))),
        ("legal", checked.problems.is_empty().into()),
        ("problems", problems.into()),
        ("outcome", nullable(checked.outcome.map(|o| o.to_string()))),
        ("toMove", checked.to_move_letter().map_or(JsValue::NULL, JsValue::from)),
    ]))
}

/// The board picture of `text` as a standalone SVG document.
///
/// ```js
/// svg("2_o/_x_/3_ x", { size: 240, highlight: ["a1"] }); // "<svg xmlns=…"
/// ```
///
/// # Errors
/// A `GridnoteError` for a bad option (a cell off the board names the option) or a text
/// that does not read.
#[wasm_bindgen]
pub fn svg(text: &str, options: Option<SvgOptions>) -> Result<String, JsValue> {
    svg_js(text, &options.map_or(JsValue::UNDEFINED, JsValue::from)).map_err(error)
}

fn svg_js(text: &str, options: &JsValue) -> Result<String, Failure> {
    let props = Props::of(options)?;
    let req = api::SvgRequest {
        from: props.string("from")?,
        size: props.number("size")?,
        coordinates: props.boolean("coordinates")?.unwrap_or(true),
        flip: props.boolean("flip")?.unwrap_or(false),
        highlight: props.names("highlight")?,
        last_move: props.names("lastMove")?,
        arrows: props.pairs("arrows")?,
        special: props.optional_names("special")?,
        rules: props.string("rules")?,
        theme: props.string("theme")?,
        title: props.string("title")?,
    };
    api::svg(text, &req)
}

/// The value of the m,n,k position `text` under perfect play: the winner, the distance in
/// plies and every best move.
///
/// ```js
/// solve("3_/x2_/xo_ o").best; // ["a3"]
/// ```
///
/// # Errors
/// A `GridnoteError` for a bad option, a text that does not read, a tafl position, an
/// illegal position (its problems listed) or a board of more than 128 cells.
#[wasm_bindgen(unchecked_return_type = "Solved")]
pub fn solve(text: &str, options: Option<RulesOptions>) -> Result<JsValue, JsValue> {
    solve_js(text, &options.map_or(JsValue::UNDEFINED, JsValue::from)).map_err(error)
}

fn solve_js(text: &str, options: &JsValue) -> Result<JsValue, Failure> {
    let req = rules_request(&Props::of(options)?)?;
    let solved = api::solve(text, &req)?;
    let solution = &solved.solution;
    Ok(object(vec![
        ("winner", solved.winner().into()),
        ("plies", (solution.plies as f64).into()),
        ("best", strings(&solved.best())),
        ("toMove", if solution.to_move.index() == 0 { "x" } else { "o" }.into()),
        ("rules", solved.rules.to_string().into()),
        ("nodes", (solution.nodes as f64).into()),
        ("summary", solution.to_string().into()),
    ]))
}

/// Every tafl preset (OpenTafl's variants, as `gridnote_board::tafl::PRESETS` lists them)
/// with its rules record and start position.
///
/// ```js
/// taflPresets().find((p) => p.name === "brandubh").start; // "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
/// ```
#[wasm_bindgen(js_name = taflPresets, unchecked_return_type = "TaflPreset[]")]
pub fn tafl_presets() -> JsValue {
    tafl::presets()
        .into_iter()
        .map(|p| {
            object(vec![
                ("name", p.name.into()),
                ("title", p.title.into()),
                ("dim", (p.dim as f64).into()),
                ("rules", p.record.into()),
                ("start", p.start.into()),
                ("toMove", tafl::side_letter(p.to_move).into()),
                ("special", strings(&p.special)),
            ])
        })
        .collect::<Array>()
        .into()
}

/// The legal moves of a tafl position (after `options.played`), each with its OTN record,
/// squares, captures, the position it leads to and what it ends.
///
/// ```js
/// moves("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", { rules: "brandubh" }).moves.length; // 40
/// ```
///
/// # Errors
/// A `GridnoteError`: a bad option, a text that does not read (spanning the offending
/// text), an m,n,k position, no rules, a board of another size than the rules', or an
/// illegal move in `options.played`.
#[wasm_bindgen(unchecked_return_type = "TaflMoves")]
pub fn moves(position: &str, options: Option<TaflOptions>) -> Result<JsValue, JsValue> {
    moves_js(position, &options.map_or(JsValue::UNDEFINED, JsValue::from)).map_err(error)
}

/// A move's fields as `TaflMove` names them (`ends` for the outcome after it).
fn move_entries(m: &tafl::MoveInfo, outcome_key: &'static str) -> Vec<(&'static str, JsValue)> {
    vec![
        ("move", m.text.clone().into()),
        ("from", m.from.to_string().into()),
        ("to", m.to.to_string().into()),
        ("captures", strings(&m.captures.iter().map(ToString::to_string).collect::<Vec<_>>())),
        ("position", m.position.clone().into()),
        (outcome_key, tafl::ends(m.outcome).into()),
        ("reason", tafl::reason(m.outcome).map_or(JsValue::NULL, JsValue::from)),
    ]
}

fn moves_js(position: &str, options: &JsValue) -> Result<JsValue, Failure> {
    let req = tafl_request(&Props::of(options)?)?;
    let listed = tafl::moves(position, &req)?;
    let moves = listed.moves.iter().map(|m| object(move_entries(m, "ends"))).collect::<Array>();
    Ok(object(vec![
        ("position", listed.position.into()),
        ("dim", (listed.dim as f64).into()),
        ("toMove", tafl::side_letter(listed.to_move).into()),
        ("outcome", tafl::ends(listed.outcome).into()),
        ("reason", tafl::reason(listed.outcome).map_or(JsValue::NULL, JsValue::from)),
        ("berserker", nullable(listed.berserker.map(|s| s.to_string()))),
        ("line", strings(&listed.line)),
        ("moves", moves.into()),
        ("special", strings(&listed.special)),
    ]))
}

/// Plays `move` (OTN move notation: `d2-c2`, `Kd4-d7xe7`; captures written must be the
/// ones the rules make) in a tafl position (after `options.played`).
///
/// ```js
/// play("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "d2-c2", { rules: "brandubh" }).position;
/// // "/3t3/2t4/3T3/ttTKTtt/3T3/3t3/3t3/"
/// ```
///
/// # Errors
/// A `GridnoteError` as for `moves`, and for a move that does not read, is not legal or
/// comes after the end of the game (`move: …`).
#[wasm_bindgen(unchecked_return_type = "TaflPlayed")]
pub fn play(
    position: &str,
    #[wasm_bindgen(js_name = "move")] mv: &str,
    options: Option<TaflOptions>,
) -> Result<JsValue, JsValue> {
    play_js(position, mv, &options.map_or(JsValue::UNDEFINED, JsValue::from)).map_err(error)
}

fn play_js(position: &str, mv: &str, options: &JsValue) -> Result<JsValue, Failure> {
    let req = tafl_request(&Props::of(options)?)?;
    let played = tafl::play(position, mv, &req)?;
    let mut entries = move_entries(&played.played, "outcome");
    entries.push(("toMove", tafl::side_letter(played.to_move).into()));
    entries.push(("berserker", nullable(played.berserker.map(|s| s.to_string()))));
    Ok(object(entries))
}
