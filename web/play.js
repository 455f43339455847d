// The playground's tafl mode: a game of any preset (or from a pasted position) played by
// clicking. Every rule is the wasm package's: `moves()` lists the legal moves of the game
// so far (its whole line is passed, so repetition and berserk continuations count),
// `svg()` draws the board (with the rules' own corners, centre and forts), and this file
// only keeps the line and the selection.
import { moves, svg, taflPresets } from "./pkg/gridnote_wasm.js";

const $ = (id) => document.getElementById(id);

/// Every preset, from the package (filled by `setup`, once the module is loaded).
let PRESETS = [];
const SIDES = { a: "attackers", d: "defenders" };
const REASONS = {
  king_escaped: "the king escaped",
  king_captured: "the king is captured",
  no_pieces: "a side has no pieces left",
  defenders_immobile: "the defenders cannot move",
  edge_fort: "the king holds an edge fort",
  surrounded: "the defenders are surrounded",
  repetition: "the position occurred a third time",
};

/// The game: where it starts (a preset's start or a pasted text), under which rules
/// (a preset name, or undefined for the text's own), the side asked for, the moves played.
const game = {
  variant: "brandubh",
  start: "",
  rules: undefined,
  side: undefined,
  played: [],
  selected: null,
};

/// What `moves()` said about the current position.
let listed = null;
let onShare = () => {};

const preset = (name) => PRESETS.find((p) => p.name === name);

/// The file letters of a board of `dim` files (OpenTafl's boards go up to 19: a…s).
const fileName = (file) => String.fromCharCode(97 + file);

function showError(err) {
  $("tafl-error").hidden = false;
  $("tafl-error-message").textContent = `error: ${err.message}`;
  $("tafl-error-caret").textContent = err.caret ?? "";
}

function clearError() {
  $("tafl-error").hidden = true;
  $("tafl-error-message").textContent = "";
  $("tafl-error-caret").textContent = "";
}

/// A new game of the chosen variant from its start.
function newGame() {
  const p = preset($("variant").value) ?? preset(game.variant);
  Object.assign(game, {
    variant: p.name,
    start: p.start,
    rules: p.name,
    side: undefined,
    played: [],
    selected: null,
  });
  render();
}

/// The game from the pasted text: its own rules when it is a rules record (or a TEN whose
/// extension carries one), else the variant's.
function loadPasted() {
  const text = $("tafl-text").value.trim();
  if (text === "") return;
  const ownRules = /(^|\s|:)dim:\d/.test(text);
  const candidate = {
    ...game,
    start: text,
    rules: ownRules ? undefined : $("variant").value,
    side: $("tafl-side").value || undefined,
    played: [],
    selected: null,
  };
  try {
    moves(candidate.start, options(candidate));
  } catch (err) {
    showError(err);
    return;
  }
  Object.assign(game, candidate);
  render();
}

function options(g) {
  return { rules: g.rules, side: g.side, played: g.played };
}

/// The sentence for where the game stands.
function outcomeText(l) {
  if (l.outcome === "none") return "the game goes on";
  const why = REASONS[l.reason] ?? l.reason;
  return l.outcome === "draw" ? `drawn: ${why}` : `the ${l.outcome} win: ${why}`;
}

/// The moves of the piece on `square`.
const movesFrom = (square) => (listed ? listed.moves.filter((m) => m.from === square) : []);

function draw() {
  const board = $("tafl-board");
  const last = listed.line.length > 0 ? lastMove() : null;
  const title = `${preset(game.variant)?.title ?? "tafl"}: ${SIDES[listed.toMove]} to move`;
  board.innerHTML = svg(listed.position, {
    from: "otn",
    highlight: game.selected ? [game.selected] : [],
    lastMove: last ? [last.from, last.to] : [],
    special: listed.special,
    theme: $("theme").value,
    title,
  });
  const targets = new Map(movesFrom(game.selected).map((m) => [m.to, m]));
  const movable = new Set(listed.moves.map((m) => m.from));
  const grid = document.createElement("div");
  grid.className = "squares";
  grid.style.gridTemplateColumns = `repeat(${listed.dim}, 1fr)`;
  grid.style.gridTemplateRows = `repeat(${listed.dim}, 1fr)`;
  for (let rank = listed.dim; rank >= 1; rank -= 1) {
    for (let file = 0; file < listed.dim; file += 1) {
      const square = `${fileName(file)}${rank}`;
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.square = square;
      const target = targets.get(square);
      if (target) {
        button.classList.add("target");
        button.setAttribute("aria-label", `${square}: play ${target.move}`);
      } else if (movable.has(square)) {
        button.classList.add("movable");
        button.setAttribute("aria-label", `${square}: a piece that can move`);
      } else {
        button.setAttribute("aria-label", square);
      }
      if (square === game.selected) button.classList.add("selected");
      button.addEventListener("click", () => clicked(square));
      grid.append(button);
    }
  }
  board.append(grid);
  place();
}

/// Puts the square buttons exactly over the picture's board (the SVG's `rect.board`).
function place() {
  const board = $("tafl-board");
  const grid = board.querySelector(".squares");
  const rect = board.querySelector("svg rect.board");
  if (!grid || !rect) return;
  const outer = board.getBoundingClientRect();
  const inner = rect.getBoundingClientRect();
  grid.style.left = `${inner.left - outer.left}px`;
  grid.style.top = `${inner.top - outer.top}px`;
  grid.style.width = `${inner.width}px`;
  grid.style.height = `${inner.height}px`;
}

/// The last move of the line, with its squares (from the previous position's list).
function lastMove() {
  const before = moves(game.start, { ...options(game), played: game.played.slice(0, -1) });
  const text = listed.line[listed.line.length - 1];
  return before.moves.find((m) => m.move === text) ?? null;
}

function clicked(square) {
  const target = movesFrom(game.selected).find((m) => m.to === square);
  if (target) {
    game.played.push(target.move);
    game.selected = null;
  } else if (game.selected !== square && movesFrom(square).length > 0) {
    game.selected = square;
  } else {
    game.selected = null;
  }
  render();
  $("tafl-board").querySelector(`[data-square="${square}"]`)?.focus();
}

function undo() {
  if (game.played.length === 0) return;
  game.played.pop();
  game.selected = null;
  render();
}

/// Shows the game: asks `moves()` for the position after the line and draws it.
export function render() {
  clearError();
  $("variant").value = game.variant;
  if (game.start === "") game.start = preset(game.variant).start;
  if (game.rules === undefined && game.start === preset(game.variant).start) {
    game.rules = game.variant;
  }
  try {
    listed = moves(game.start, options(game));
  } catch (err) {
    listed = null;
    $("tafl-board").textContent = "";
    showError(err);
    return;
  }
  // The engine writes each move in full (captures included).
  game.played = listed.line.slice();
  draw();
  $("tafl-to-move").textContent = listed.outcome === "none" ? SIDES[listed.toMove] : "—";
  $("tafl-outcome").textContent = outcomeText(listed);
  $("tafl-selected").textContent = game.selected
    ? `${game.selected}: ${movesFrom(game.selected).length} legal moves`
    : "—";
  $("tafl-position").textContent = listed.position;
  const list = $("tafl-moves");
  list.replaceChildren(
    ...listed.line.map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }),
  );
  $("undo").disabled = game.played.length === 0;
  onShare(hash());
}

/// The game as address parameters: `play=VARIANT`, `line=`, and for a pasted start
/// `start=` and `side=`.
function hash() {
  const params = new URLSearchParams();
  params.set("play", game.variant);
  if (game.start !== preset(game.variant).start || game.rules !== game.variant) {
    params.set("start", game.start);
    if (game.rules === undefined) params.set("own-rules", "1");
  }
  if (game.side) params.set("side", game.side);
  if (game.played.length > 0) params.set("line", game.played.join(" "));
  const text = `#${params}`;
  $("play-share").href = text;
  return text;
}

/// Restores a game from address parameters (see `hash`).
export function restore(params) {
  const variant = params.get("play");
  game.variant = preset(variant) ? variant : game.variant;
  const start = params.get("start");
  game.start = start ?? preset(game.variant).start;
  game.rules = start !== null && params.get("own-rules") === "1" ? undefined : game.variant;
  game.side = params.get("side") || undefined;
  const line = params.get("line");
  game.played = line ? line.split(" ").filter((m) => m !== "") : [];
  game.selected = null;
}

/// Fills the variant menu and wires the controls; `share` receives the game's address.
export function setup(share) {
  onShare = share;
  PRESETS = taflPresets();
  if (!preset(game.variant)) game.variant = PRESETS[0].name;
  for (const p of PRESETS) {
    const option = new Option(`${p.title} (${p.dim}×${p.dim})`, p.name);
    option.title = p.rules;
    $("variant").append(option);
  }
  $("variant").value = game.variant;
  $("variant").addEventListener("change", newGame);
  $("new-game").addEventListener("click", newGame);
  $("undo").addEventListener("click", undo);
  $("tafl-load").addEventListener("click", loadPasted);
  window.addEventListener("resize", place);
}
