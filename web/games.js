// The two kinds of game the playground plays, behind one shape: where a game stands after
// its first `ply` moves (`view`), what a click means, what the engine is asked, and how
// the game is written. Every rule is the wasm package's: tafl positions and moves come
// from `moves()` (the whole line is passed, so repetition and berserk continuations
// count), m,n,k outcomes from `check()`; pictures from `svg()`.
import { check, moves, svg, taflPresets } from "./pkg/gridnote_wasm.js";

export const TAFL_SIDES = { a: "attackers", d: "defenders" };
export const MNK_SIDES = { x: "x", o: "o" };

const REASONS = {
  king_escaped: "the king escaped",
  king_captured: "the king is captured",
  no_pieces: "a side has no pieces left",
  defenders_immobile: "the defenders cannot move",
  edge_fort: "the king holds an edge fort",
  surrounded: "the defenders are surrounded",
  repetition: "the position occurred a third time",
};

let presets = null;
/** Every tafl preset (from the package, once). */
export function taflVariants() {
  presets ??= taflPresets();
  return presets;
}
export const preset = (name) => taflVariants().find((p) => p.name === name);

/** The file letter of file `i` (a = the left). */
export const fileName = (i) => String.fromCharCode(97 + i);

/** The m,n,k rules name the package reads for `k` in a row (diagonals count). */
/// The rules' name: k in a row or more (freestyle), or exactly k when `exact` (an
/// overline does not win).
export const mnkRules = (k, exact = false) =>
  (k === 3 ? "tic-tac-toe" : `tic-tac-toe+k=${k}`) + (exact ? "+exact" : "");

/// Tafl: the game starts at `g.start` (an OTN record or any tafl text) under `g.rules`
/// (a preset name, or undefined for the text's own rules record).
function taflView(g) {
  const listed = moves(g.start, { rules: g.rules, side: g.side, played: g.line.slice(0, g.ply) });
  const over = listed.outcome !== "none";
  let result = null;
  if (over) {
    const why = REASONS[listed.reason] ?? listed.reason;
    result =
      listed.outcome === "draw"
        ? { winner: null, text: `Drawn: ${why}.` }
        : { winner: listed.outcome === "attackers" ? "a" : "d", text: `The ${listed.outcome} win: ${why}.` };
  }
  let last = null;
  if (g.ply > 0) {
    const before = moves(g.start, { rules: g.rules, side: g.side, played: g.line.slice(0, g.ply - 1) });
    const text = listed.line[listed.line.length - 1];
    last = before.moves.find((m) => m.move === text) ?? null;
  }
  return {
    kind: "tafl",
    listed,
    rows: listed.dim,
    cols: listed.dim,
    toMove: listed.toMove,
    sides: TAFL_SIDES,
    over,
    result,
    last,
    line: listed.line,
    text: listed.position,
    from: "otn",
  };
}

/// The T3EN row of `cells` (runs with counts, as T3EN writes them canonically).
function t3enRow(cells) {
  let out = "";
  let i = 0;
  while (i < cells.length) {
    let j = i;
    while (j < cells.length && cells[j] === cells[i]) j += 1;
    out += (j - i > 1 ? String(j - i) : "") + cells[i];
    i = j;
  }
  return out;
}

/// m,n,k: `g.rows` × `g.cols`, `g.k` in a row, from the empty board.
function mnkView(g) {
  const grid = Array.from({ length: g.rows }, () => Array(g.cols).fill("_"));
  const played = g.line.slice(0, g.ply);
  played.forEach((name, i) => {
    const { row, col } = mnkCell(g, name);
    grid[row][col] = i % 2 === 0 ? "x" : "o";
  });
  const toMove = played.length % 2 === 0 ? "x" : "o";
  const text = `${grid.map(t3enRow).join("/")} ${toMove}`;
  const checked = check(text, { from: "t3en", rules: mnkRules(g.k, g.exact) });
  const full = played.length === g.rows * g.cols;
  let result = null;
  if (checked.outcome.startsWith("won by")) {
    const winner = checked.outcome.endsWith("One") ? "x" : "o";
    result = { winner, text: `${winner} wins: ${g.exact ? "exactly " : ""}${g.k} in a row.` };
  } else if (checked.outcome !== "in progress" || full) {
    result = { winner: null, text: "Drawn: the board is full." };
  }
  const lastName = played[played.length - 1];
  return {
    kind: "mnk",
    grid,
    rows: g.rows,
    cols: g.cols,
    toMove,
    sides: MNK_SIDES,
    over: result !== null,
    result,
    last: lastName ? { from: lastName, to: lastName, captures: [] } : null,
    line: played,
    text,
    from: "t3en",
  };
}

/** Row (0 = top) and column of an m,n,k cell name. */
export function mnkCell(g, name) {
  const col = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1));
  return { row: g.rows - rank, col };
}

/** Where the game stands after its first `g.ply` moves. */
export const view = (g) => (g.kind === "tafl" ? taflView(g) : mnkView(g));

/** The board picture of a view with the marks asked for. */
export function picture(g, v, { selected, hint, flip, theme }) {
  const highlight = [];
  if (selected) highlight.push(selected);
  if (v.last) highlight.push(...v.last.captures);
  if (g.kind === "mnk" && hint) highlight.push(hint.to);
  const options = {
    from: v.from,
    highlight,
    lastMove: v.last ? (v.last.from === v.last.to ? [v.last.to] : [v.last.from, v.last.to]) : [],
    flip,
    theme,
    title: g.kind === "tafl" ? `${preset(g.variant)?.title ?? "tafl"}` : `${g.rows}×${g.cols}, ${g.k} in a row`,
  };
  if (g.kind === "tafl") {
    options.special = v.listed.special;
    if (hint && hint.from !== hint.to) options.arrows = [[hint.from, hint.to]];
  } else {
    options.rules = mnkRules(g.k, g.exact);
  }
  return svg(v.text, options);
}

/** The squares of an engine's move text: tafl `Kd4-d7xe7` → d4, d7; m,n,k `h8` → h8. */
export function moveSquares(kind, text) {
  if (kind === "mnk") return { from: text, to: text };
  const m = /([a-s])(\d+)[-^=]+([a-s])(\d+)/.exec(text);
  return m ? { from: `${m[1]}${m[2]}`, to: `${m[3]}${m[4]}` } : null;
}

/** The engine's request for the position after the first `ply` moves. */
export function request(g, ply) {
  if (g.kind === "tafl") {
    return {
      game: "tafl",
      rules: g.rules ?? g.record,
      start: g.startOtn,
      side: g.startSide,
      played: g.line.slice(0, ply),
    };
  }
  return { game: "mnk", rows: g.rows, cols: g.cols, rules: mnkRules(g.k, g.exact), moves: g.line.slice(0, ply) };
}

/** Fixes a tafl game's start as the engine takes it: an OTN record, its side and rules. */
export function settleTaflStart(g) {
  const at = moves(g.start, { rules: g.rules, side: g.side, played: [] });
  const own = preset(g.rules ?? "");
  g.startOtn = own && at.position === own.start && at.toMove === own.toMove ? undefined : at.position;
  g.startSide = g.startOtn ? at.toMove : undefined;
  if (g.rules === undefined) {
    // A rules record (or a TEN carrying one): the engine takes the record itself.
    g.record = /(^|\s)dim:\d/.test(g.start) ? g.start.trim() : undefined;
  }
}

/** Moves of a plain move list: tafl moves (`d2-c2`, `Kd4-d7xe7`) or m,n,k cells (`h8i9`). */
export function parseMoveList(kind, text) {
  const pattern = kind === "tafl" ? /[A-Za-z]?[a-s]\d{1,2}[-^=]+[a-s]\d{1,2}(x[A-Za-z]?[a-s]\d{1,2})*(\/[a-s]\d{1,2})*/g : /[a-s]\d{1,2}/g;
  // Move numbers (`1.`) and a header (`15x15 k=5`) are not moves.
  const body = text.replace(/^\s*\d+\s*x\s*\d+.*$/m, "").replace(/\d+\.\s/g, " ");
  return body.match(pattern) ?? [];
}

/** An m,n,k game as a move list: a header line naming the board, then the moves. */
export function mnkMoveList(g) {
  const turns = [];
  for (let i = 0; i < g.line.length; i += 2) {
    turns.push(`${i / 2 + 1}. ${g.line.slice(i, i + 2).join(" ")}`);
  }
  return `${g.cols}x${g.rows} k=${g.k}\n${turns.join("\n")}\n`;
}

/** The board and k of an m,n,k move list's header, if it has one. */
export function mnkHeader(text) {
  const m = /^\s*(\d+)\s*x\s*(\d+)(?:\s+k\s*=\s*(\d+))?/m.exec(text);
  return m ? { cols: Number(m[1]), rows: Number(m[2]), k: m[3] ? Number(m[3]) : undefined } : null;
}
