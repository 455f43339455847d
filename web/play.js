// The playground's play mode: tafl (any preset, or a pasted position or rules record) and
// m,n,k games (3×3 to 19×19, 3 to 6 in a row) against gridnote, gridnote against itself,
// or two people. The rules are the converter package's (games.js); the engines run in
// Web Workers from the engine package (engine.js), which is loaded only when this mode
// is first shown: the converter page fetches no engine code.
import * as games from "./games.js";

const $ = (id) => document.getElementById(id);

/// The engine package, once loaded: its module (readGame, writeGame) and three engines:
/// one that plays, one that analyses (hints, the evaluation, a game's review) and one
/// that solves small m,n,k boards exactly.
let pkg = null;
let player = null;
let analyst = null;
let solver = null;

/// The game. `line` is every move played (redo keeps the ones taken back); the board
/// shows the position after the first `ply` of them.
const g = {
  kind: "tafl",
  variant: "brandubh",
  start: "",
  rules: "brandubh",
  side: undefined,
  record: undefined,
  startOtn: undefined,
  startSide: undefined,
  rows: 15,
  cols: 15,
  k: 5,
  exact: false,
  line: [],
  ply: 0,
  gridnote: "d",
  time: 1000,
  flip: false,
  selected: null,
  paused: false,
};

let v = null; // the view of the current position (games.view)
let thinking = null; // the player engine's running search: { handle, token }
let report = null; // the latest engine report shown (score, pv, best) and its ply
let hint = null; // a best-move hint to draw: { from, to }
let evals = new Map(); // ply -> the review's report of the position at that ply
let reviewing = false; // a loaded game is being reviewed (goes on as you step through it)
let searched = new Map(); // ply -> gridnote's last report on the position at that ply
let token = 0; // bumped whenever the game changes: answers for older positions are dropped
let onShare = () => {};

const sideName = (side) => (v?.sides ?? games.TAFL_SIDES)[side] ?? side;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const firstSide = () => (g.kind === "tafl" ? "a" : "x");
const sides = () => (g.kind === "tafl" ? ["a", "d"] : ["x", "o"]);
const gridnoteMoves = (side) => g.gridnote === "both" || g.gridnote === side;

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

const explain = (text) => {
  $("explain").textContent = text;
};

/// Loads the engine package (on the first visit to play mode).
export async function load() {
  if (pkg) return;
  const [module, { Engine }] = await Promise.all([
    import("./pkg/gridnote_engine.js"),
    import("./pkg/engine.js"),
  ]);
  await module.default();
  pkg = module;
  player = new Engine();
  analyst = new Engine();
  solver = new Engine();
  // gridnote's first answer should not wait for its worker to start.
  await Promise.all([player.warm(), analyst.warm()]);
}

/// Forgets everything computed for the old position: a running search, the hint, the
/// analysis.
function changed() {
  token += 1;
  if (thinking) {
    thinking.handle.stop();
    thinking = null;
  }
  analyst?.stop();
  solver?.stop();
  hint = null;
  report = null;
}

/// A new game of the kind and options chosen.
function newGame() {
  changed();
  evals = new Map();
  reviewing = false;
  searched = new Map();
  g.kind = $("game-kind").value;
  if (g.kind === "tafl") {
    const p = games.preset($("variant").value) ?? games.preset(g.variant);
    Object.assign(g, { variant: p.name, start: p.start, rules: p.name, side: undefined, record: undefined });
    games.settleTaflStart(g);
  } else {
    const [cols, rows] = $("mnk-size").value.split("x").map(Number);
    Object.assign(g, { rows, cols, k: Number($("mnk-k").value), exact: $("mnk-rules").value === "exact" });
  }
  Object.assign(g, { line: [], ply: 0, selected: null, paused: false });
  fillOpponents();
  g.gridnote = $("opponent").value;
  explain("");
  render();
}

/// The "gridnote plays" menu for the kind of game.
function fillOpponents() {
  const menu = $("opponent");
  const keep = menu.value;
  const labels =
    g.kind === "tafl"
      ? [["d", "the defenders (you attack)"], ["a", "the attackers (you defend)"]]
      : [["o", "o, second (you play x)"], ["x", "x, first (you play o)"]];
  labels.push(["none", "nobody: two people play"], ["both", "both sides: gridnote against itself"]);
  menu.replaceChildren(...labels.map(([value, label]) => new Option(label, value)));
  menu.value = labels.some(([value]) => value === keep) ? keep : labels[0][0];
  if (["a", "d", "x", "o"].includes(g.gridnote) && !sides().includes(g.gridnote)) {
    g.gridnote = g.gridnote === "a" || g.gridnote === "x" ? sides()[0] : sides()[1];
  }
  if (labels.some(([value]) => value === g.gridnote)) menu.value = g.gridnote;
}

/// The tafl game from the pasted text: its own rules when it is a rules record (or a TEN
/// whose extension carries one), else the variant's.
function loadPasted() {
  const text = $("tafl-text").value.trim();
  if (text === "") return;
  const ownRules = /(^|\s|:)dim:\d/.test(text);
  const candidate = {
    ...g,
    kind: "tafl",
    start: text,
    rules: ownRules ? undefined : $("variant").value,
    side: $("tafl-side").value || undefined,
    line: [],
    ply: 0,
  };
  try {
    games.view(candidate);
    games.settleTaflStart(candidate);
  } catch (err) {
    showError(err);
    return;
  }
  changed();
  Object.assign(g, candidate, { selected: null, paused: false });
  evals = new Map();
  reviewing = false;
  searched = new Map();
  render();
}

/// Plays `move` (a tafl move record or an m,n,k cell) at the current ply: the moves
/// after it are forgotten.
function playMove(move) {
  changed();
  g.line = g.line.slice(0, g.ply).concat(move);
  g.ply += 1;
  g.selected = null;
  g.paused = false;
  render();
}

/// Where a click on `square` leads, with the reason when it leads nowhere.
function clicked(square) {
  if (v.over) {
    explain(`The game is over. ${v.result.text} Start a new game, or undo.`);
    return;
  }
  if (gridnoteMoves(v.toMove) && !g.paused) {
    explain("gridnote is thinking about its move: wait, or press “move now”.");
    return;
  }
  if (g.kind === "mnk") {
    const { row, col } = games.mnkCell(g, square);
    if (v.grid[row][col] !== "_") {
      explain(`${square} is taken: choose an empty square.`);
      return;
    }
    explain("");
    playMove(square);
    return;
  }
  const movesFrom = (sq) => v.listed.moves.filter((m) => m.from === sq);
  const target = movesFrom(g.selected).find((m) => m.to === square);
  if (target) {
    explain("");
    playMove(target.move);
    return;
  }
  if (square !== g.selected && movesFrom(square).length > 0) {
    g.selected = square;
    explain("");
  } else if (square === g.selected) {
    g.selected = null;
    explain("");
  } else {
    explain(whyNot(square, movesFrom));
    g.selected = null;
  }
  draw();
  $("tafl-board").querySelector(`[data-square="${square}"]`)?.focus();
}

/// Why a tafl square cannot be chosen or moved to.
function whyNot(square, movesFrom) {
  const mover = sideName(v.toMove);
  const piece = pieceAt(square);
  if (piece && piece.side !== v.toMove) {
    return `The piece on ${square} belongs to the ${sideName(piece.side)}; the ${mover} are to move.`;
  }
  if (v.listed.berserker && square !== v.listed.berserker) {
    return `After a berserk capture the piece on ${v.listed.berserker} must move on.`;
  }
  if (g.selected && !piece) {
    return `${g.selected} cannot go to ${square}: pieces move in a straight line over empty squares, and only the king may stop on the corners and the throne.`;
  }
  if (!piece) return `${square} is empty: choose one of the ${mover}' pieces (those that can move are marked).`;
  return movesFrom(square).length === 0 ? `The piece on ${square} has no legal move: it is blocked.` : "";
}

/// The piece on a tafl square from the OTN position record: its side.
function pieceAt(square) {
  const rows = v.text.split("/").filter((r) => r !== "");
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1));
  const row = rows[rank - 1] ?? "";
  let f = 0;
  for (const part of row.match(/\d+|./g) ?? []) {
    if (/^\d+$/.test(part)) {
      f += Number(part);
    } else {
      if (f === file) return { side: part === part.toLowerCase() ? "a" : "d" };
      f += 1;
    }
    if (f > file) break;
  }
  return null;
}

/// Draws the board and the buttons over its squares.
function draw() {
  const board = $("tafl-board");
  try {
    board.innerHTML = games.picture(g, v, {
      selected: g.selected,
      hint,
      flip: g.flip,
      theme: $("theme").value,
    });
  } catch (err) {
    board.textContent = "";
    showError(err);
    return;
  }
  const targets = new Map();
  const movable = new Set();
  if (g.kind === "tafl") {
    for (const m of v.listed.moves) {
      movable.add(m.from);
      if (m.from === g.selected) targets.set(m.to, m);
    }
  }
  const humanTurn = !v.over && (!gridnoteMoves(v.toMove) || g.paused);
  const grid = document.createElement("div");
  grid.className = "squares";
  grid.style.gridTemplateColumns = `repeat(${v.cols}, 1fr)`;
  grid.style.gridTemplateRows = `repeat(${v.rows}, 1fr)`;
  const ranks = [...Array(v.rows).keys()].map((i) => v.rows - i);
  const files = [...Array(v.cols).keys()];
  if (g.flip) {
    ranks.reverse();
    files.reverse();
  }
  for (const rank of ranks) {
    for (const file of files) {
      const square = `${games.fileName(file)}${rank}`;
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.square = square;
      const target = targets.get(square);
      let label = square;
      if (target) {
        button.classList.add("target");
        label = `${square}: play ${target.move}`;
      } else if (humanTurn && movable.has(square)) {
        button.classList.add("movable");
        label = `${square}: a piece that can move`;
      } else if (g.kind === "mnk") {
        const { row, col } = games.mnkCell(g, square);
        const cell = v.grid[row][col];
        label = cell === "_" ? `${square}: empty` : `${square}: ${cell}`;
        if (cell === "_" && humanTurn) button.classList.add("open");
      }
      if (square === g.selected) button.classList.add("selected");
      button.setAttribute("aria-label", label);
      button.addEventListener("click", () => clicked(square));
      grid.append(button);
    }
  }
  board.append(grid);
  place();
  $("tafl-selected").textContent = g.selected ? `${g.selected}: ${targets.size} legal moves` : "—";
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

/// A score for the side to move as the first side's share of the bar (0 to 100).
function barShare(r, toMove) {
  if (!r || r.score === null) return 50;
  let s = r.proved === "win" ? 10000 : r.proved === "loss" ? -10000 : r.score;
  if (toMove !== firstSide()) s = -s;
  return Math.round(100 / (1 + Math.exp(-s / 400)));
}

/// What gridnote expected here when it chose the move that led here: its report on the
/// position before, one move on (the score for the other side, the line without its
/// first move).
function expected() {
  const before = searched.get(g.ply - 1);
  if (!before || before.pv[0] !== g.line[g.ply - 1]) return null;
  const flip = { win: "loss", loss: "win", draw: "draw" };
  return {
    ...before,
    score: before.score === null ? null : -before.score,
    proved: before.proved ? flip[before.proved] : null,
    plies: before.plies === null ? null : Math.max(before.plies - 1, 0),
    pv: before.pv.slice(1),
  };
}

/// Words for a report: `+1.25 for the attackers`, `the defenders win in 3 plies`.
function evaluationText(r, toMove) {
  if (!r) return "—";
  const other = sides().find((s) => s !== toMove);
  if (r.proved === "win" || r.proved === "loss") {
    const winner = r.proved === "win" ? toMove : other;
    const when = r.plies !== null ? ` in ${r.plies} ${r.plies === 1 ? "ply" : "plies"}` : "";
    return `${sideName(winner)} win${g.kind === "mnk" ? "s" : ""}${when} (proved)`;
  }
  if (r.proved === "draw") return "a draw with best play (proved)";
  if (r.score === null) return "no score (the big-board engine gives none)";
  const first = toMove === firstSide() ? r.score : -r.score;
  const value = (first / 100).toFixed(2);
  return `${first >= 0 ? "+" : ""}${value} (for ${sideName(firstSide())})`;
}

/// Shows the latest report: evaluation, bar, principal variation, search figures.
function showReport() {
  if (v?.over) {
    // The game has ended: its result, not a search's, is the evaluation.
    const share = v.result.winner === null ? 50 : v.result.winner === firstSide() ? 100 : 0;
    $("evaluation").textContent = v.result.text;
    $("pv").textContent = "—";
    $("eval-fill").style.height = `${share}%`;
    $("eval-bar").setAttribute("aria-valuenow", String(share));
    $("eval-bar").title = `evaluation: ${v.result.text}`;
    return;
  }
  const r = report?.ply === g.ply ? report.report : evals.get(g.ply) ?? expected();
  const toMove = v?.toMove;
  $("evaluation").textContent = evaluationText(r, toMove);
  $("pv").textContent = r && r.pv.length > 0 ? r.pv.join(" ") : "—";
  $("search-info").textContent = r
    ? `depth ${r.depth}, ${r.nodes.toLocaleString("en")} nodes, ${(r.elapsedMs / 1000).toFixed(2)} s (${r.method})`
    : "—";
  const share = barShare(r, toMove);
  $("eval-fill").style.height = `${share}%`;
  $("eval-bar").setAttribute("aria-valuenow", String(share));
  $("eval-bar").title = `evaluation: ${evaluationText(r, toMove)}`;
}

/// The sentence under the setup: whose turn, what the engine does, how it ended.
function showStatus() {
  let text;
  if (v.over) {
    const winner = v.result.winner;
    const you =
      winner && g.gridnote !== "none" && g.gridnote !== "both"
        ? gridnoteMoves(winner)
          ? " gridnote wins."
          : " You win!"
        : "";
    text = `Game over. ${v.result.text}${you}`;
  } else if (thinking) {
    text = `gridnote is thinking (${sideName(v.toMove)})…`;
  } else if (gridnoteMoves(v.toMove) && g.paused) {
    text = `${capital(sideName(v.toMove))} to move: gridnote waits while you look through the game (“move now” makes it play).`;
  } else if (g.gridnote === "none") {
    text = `${capital(sideName(v.toMove))} to move.`;
  } else {
    text = `Your move: you play the ${sideName(v.toMove)}. ${g.kind === "tafl" ? "Click a piece, then where it goes." : "Click an empty square."}`;
  }
  $("status").textContent = text;
  $("stop").disabled = !(thinking || (!v.over && gridnoteMoves(v.toMove) && g.paused));
  document.body.dataset.game = v.over ? "over" : thinking ? "thinking" : "waiting";
}

/// Shows the game: where it stands, the board, the moves, the status; then lets
/// gridnote move or analyse.
export function render() {
  clearError();
  syncControls();
  if (g.kind === "tafl" && g.start === "") {
    g.start = games.preset(g.variant).start;
    games.settleTaflStart(g);
  }
  try {
    v = games.view(g);
  } catch (err) {
    v = null;
    $("tafl-board").textContent = "";
    showError(err);
    return;
  }
  // The engine writes each tafl move in full (captures included).
  if (g.kind === "tafl") g.line = v.line.concat(g.line.slice(g.ply));
  draw();
  $("tafl-to-move").textContent = v.over ? "—" : sideName(v.toMove);
  $("tafl-outcome").textContent = v.over ? v.result.text : "the game goes on";
  $("tafl-position").textContent = v.text;
  renderMoves();
  $("undo").disabled = g.ply === 0;
  $("redo").disabled = g.ply >= g.line.length;
  showReport();
  onShare(hash());
  next();
  showStatus();
  if (g.kind === "mnk") exact();
}

/// The move list: every move of the line (the current one marked; those after it, taken
/// back, shown dimmed), each with the review's evaluation when there is one.
function renderMoves() {
  const items = g.line.map((text, i) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.textContent = text;
    button.dataset.ply = String(i + 1);
    if (i + 1 === g.ply) button.setAttribute("aria-current", "step");
    if (i >= g.ply) li.classList.add("undone");
    button.addEventListener("click", () => goTo(i + 1));
    li.append(button);
    const after = evals.get(i + 1);
    if (after) {
      const span = document.createElement("span");
      span.className = "eval";
      const share = barShare(after, (i + 1) % 2 === 0 ? sides()[0] : sides()[1]);
      span.textContent = after.proved ? after.proved === "draw" ? "=" : "#" : `${share}%`;
      span.title = "the review's evaluation after this move: the first side's share";
      li.append(span);
    }
    return li;
  });
  $("tafl-moves").replaceChildren(...items);
}

/// What happens next: gridnote's move when it is its turn, else the analysis asked for.
function next() {
  if (!pkg || v.over) return;
  if (gridnoteMoves(v.toMove) && !g.paused && g.ply === g.line.length) {
    if (!thinking) think();
    return;
  }
  if ($("analyse").checked && !thinking) analyse(false);
}

/// gridnote thinks about its move (for `time` ms) and plays it.
function think(time = g.time) {
  const mine = token;
  const started = performance.now();
  const handle = player.search({ ...games.request(g, g.ply), timeMs: time }, (r) => {
    if (mine !== token) return;
    report = { ply: g.ply, report: r };
    showReport();
  });
  thinking = { handle, token: mine, started };
  handle.result.then(
    (r) => {
      if (mine !== token) return;
      thinking = null;
      searched.set(g.ply, r);
      document.body.dataset.lastThinkMs = String(Math.round(performance.now() - started));
      if (r.best) playMove(r.best);
    },
    (err) => {
      if (mine !== token) return;
      thinking = null;
      if (err.name === "StoppedError") {
        // "move now" before the engine had reported (the m,n,k engine reports only when
        // it has chosen): a tenth of a second's search instead.
        think(100);
        return;
      }
      showError(err);
      showStatus();
    },
  );
}

/// A search of the current position by the analyst: a hint (its move drawn as an arrow)
/// or the running analysis.
function analyse(asHint) {
  const mine = token;
  const ply = g.ply;
  const handle = analyst.search({ ...games.request(g, ply), timeMs: Math.max(g.time, 500) }, (r) => {
    if (mine !== token) return;
    report = { ply, report: r };
    showReport();
  });
  handle.result.then(
    (r) => {
      if (mine !== token) return;
      report = { ply, report: r };
      searched.set(ply, r);
      if (r.best) {
        hint = games.moveSquares(g.kind, r.best);
        if (asHint) explain(`Hint: ${r.best}.`);
        draw();
      }
      showReport();
    },
    () => {},
  );
}

/// The exact value of a small m,n,k position and every best move.
function exact() {
  if (g.rows * g.cols > 25) {
    $("exact").textContent = "— (solved exactly on boards of up to 25 squares)";
    return;
  }
  if (v.over) {
    $("exact").textContent = "—";
    return;
  }
  const mine = token;
  $("exact").textContent = "solving…";
  solver.solve({ ...games.request(g, g.ply), timeMs: 5000 }).then(
    (solved) => {
      if (mine === token) $("exact").textContent = solved.summary;
    },
    () => {},
  );
}

/// Reviews the game: the analyst evaluates the position after every move, one after
/// another, in a fifth of a second each; the move list shows each evaluation.
async function review() {
  const mine = token;
  for (let ply = 0; ply <= g.line.length; ply += 1) {
    if (mine !== token) return;
    if (evals.has(ply)) continue;
    const probe = { ...g, ply };
    let at;
    try {
      at = games.view(probe);
    } catch {
      return;
    }
    if (at.over) continue;
    try {
      const r = await analyst.search({ ...games.request(g, ply), timeMs: 200 }).result;
      if (mine !== token) return;
      evals.set(ply, r);
      renderMoves();
      if (ply === g.ply) showReport();
    } catch {
      return;
    }
  }
}

/// Shows the position after `ply` moves (the game stays: redo goes forward again).
function goTo(ply) {
  const target = Math.max(0, Math.min(ply, g.line.length));
  if (target === g.ply) return;
  changed();
  g.ply = target;
  g.selected = null;
  // Looking through a game: gridnote does not move until asked.
  g.paused = true;
  explain("");
  render();
  // Stepping stops the review's running evaluation; it goes on (even when its first
  // evaluation had not come back yet).
  if (reviewing && analyst) review();
}

/// Takes back a move: against gridnote, back to your own turn.
function undo() {
  if (g.ply === 0) return;
  let ply = g.ply - 1;
  const humanPlays = g.gridnote !== "none" && g.gridnote !== "both";
  if (humanPlays) {
    // Back past gridnote's moves to a position where you are to move.
    while (ply > 0 && gridnoteMoves(games.view({ ...g, ply }).toMove)) ply -= 1;
  }
  changed();
  g.ply = ply;
  g.selected = null;
  g.paused = !humanPlays || gridnoteMoves(games.view({ ...g, ply }).toMove);
  explain("");
  render();
}

function redo() {
  goTo(g.ply + 1);
}

/// Loads a game: an OpenTafl record or a hnefatafl.org-style server's game record (its
/// JSON; both tafl), or a move list of the current kind of game.
function loadGame(text) {
  try {
    if (/^\s*[[{]/.test(text)) {
      const read = pkg.readGame(text);
      const known = games.taflVariants().find((p) => p.rules === read.rules);
      const candidate = {
        ...g,
        kind: "tafl",
        variant: known?.name ?? g.variant,
        rules: known?.name ?? read.rules,
        start: read.start,
        side: read.side,
        record: undefined,
        line: read.moves,
        ply: 0,
      };
      games.settleTaflStart(candidate);
      games.view({ ...candidate, ply: candidate.line.length });
      adopt(candidate);
    } else {
      const header = g.kind === "mnk" ? games.mnkHeader(text) : null;
      const candidate = { ...g, line: games.parseMoveList(g.kind, text), ply: 0 };
      if (header) Object.assign(candidate, { rows: header.rows, cols: header.cols, k: header.k ?? g.k });
      if (candidate.line.length === 0) throw new Error("no moves found: paste an .otg record or a move list");
      games.view({ ...candidate, ply: candidate.line.length });
      adopt(candidate);
    }
  } catch (err) {
    showError(err);
  }
}

/// Takes a loaded game: shown from its start, gridnote watching, then reviewed.
function adopt(candidate) {
  changed();
  evals = new Map();
  searched = new Map();
  Object.assign(g, candidate, { selected: null, paused: true, gridnote: "none" });
  $("game-kind").value = g.kind;
  fillOpponents();
  $("opponent").value = "none";
  explain(`Loaded ${g.line.length} moves: step through them with → (or click a move); gridnote evaluates each.`);
  render();
  reviewing = true;
  review();
}

/// Saves the game: an OpenTafl record (tafl) or a move list (m,n,k), downloaded and
/// shown in the box.
function saveGame() {
  let text;
  let name;
  try {
    if (g.kind === "tafl") {
      const result = v.over ? (v.result.winner === "a" ? "1" : v.result.winner === "d" ? "-1" : "0") : undefined;
      text = pkg.writeGame({
        rules: g.rules ?? g.record ?? games.view({ ...g, ply: 0 }).text,
        start: g.startOtn,
        side: g.startSide,
        moves: g.line.slice(0, g.ply),
        result,
      });
      name = `gridnote-${g.variant}.otg`;
    } else {
      text = games.mnkMoveList({ ...g, line: g.line.slice(0, g.ply) });
      name = `gridnote-${g.cols}x${g.rows}-k${g.k}${g.exact ? "-exact" : ""}.txt`;
    }
  } catch (err) {
    showError(err);
    return;
  }
  $("game-text").value = text;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/// The controls show the game's settings.
function syncControls() {
  $("game-kind").value = g.kind;
  document.body.dataset.kind = g.kind;
  $("variant").value = g.variant;
  if (g.kind === "mnk") {
    const size = `${g.cols}x${g.rows}`;
    if (![...$("mnk-size").options].some((o) => o.value === size)) $("mnk-size").append(new Option(`${g.cols}×${g.rows}`, size));
    $("mnk-size").value = size;
    $("mnk-k").value = String(g.k);
    $("mnk-rules").value = g.exact ? "exact" : "freestyle";
  }
  $("think-time").value = String(g.time);
  if ($("opponent").options.length === 0) fillOpponents();
  $("opponent").value = g.gridnote;
}

/// The game as address parameters: `play=VARIANT` (tafl; `start=`, `side=`,
/// `own-rules=1` for a pasted start) or `mnk=COLSxROWS&k=K`, then `line=`, `at=` (the ply
/// shown when not the last), `vs=` (who gridnote plays) and `time=`.
function hash() {
  const params = new URLSearchParams();
  if (g.kind === "tafl") {
    params.set("play", g.variant);
    const own = games.preset(g.variant);
    if (g.start !== own.start || g.rules !== g.variant) {
      params.set("start", g.start);
      if (g.rules === undefined) params.set("own-rules", "1");
      else if (g.rules !== g.variant) params.set("rules", g.rules);
    }
    if (g.side) params.set("side", g.side);
  } else {
    params.set("mnk", `${g.cols}x${g.rows}`);
    params.set("k", String(g.k));
    if (g.exact) params.set("exact", "1");
  }
  if (g.line.length > 0) params.set("line", g.line.join(" "));
  if (g.ply !== g.line.length) params.set("at", String(g.ply));
  params.set("vs", g.gridnote);
  params.set("time", String(g.time));
  const text = `#${params}`;
  $("play-share").href = text;
  return text;
}

/// Restores a game from address parameters (see `hash`).
export function restore(params) {
  changed();
  evals = new Map();
  reviewing = false;
  searched = new Map();
  if (params.has("mnk")) {
    const [cols, rows] = (params.get("mnk") ?? "15x15").split("x").map(Number);
    const ok = (n) => Number.isInteger(n) && n >= 3 && n <= 19;
    Object.assign(g, { kind: "mnk", rows: ok(rows) ? rows : 15, cols: ok(cols) ? cols : 15 });
    const k = Number(params.get("k"));
    g.k = Number.isInteger(k) && k >= 3 && k <= 6 ? k : 5;
    g.exact = params.get("exact") === "1";
  } else {
    const variant = params.get("play");
    g.kind = "tafl";
    g.variant = games.preset(variant) ? variant : g.variant;
    const start = params.get("start");
    g.start = start ?? games.preset(g.variant).start;
    g.rules = start !== null && params.get("own-rules") === "1" ? undefined : params.get("rules") ?? g.variant;
    g.side = params.get("side") || undefined;
    try {
      games.settleTaflStart(g);
    } catch {
      // render() shows the error.
    }
  }
  const line = params.get("line");
  g.line = line ? line.split(" ").filter((m) => m !== "") : [];
  const at = params.has("at") ? Number(params.get("at")) : g.line.length;
  g.ply = Number.isInteger(at) && at >= 0 && at <= g.line.length ? at : g.line.length;
  const vs = params.get("vs");
  fillOpponents();
  const allowed = [...sides(), "none", "both"];
  // A shared game opens for looking at unless it says who gridnote plays.
  g.gridnote = allowed.includes(vs) ? vs : params.has("line") ? "none" : sides()[1];
  const time = Number(params.get("time"));
  g.time = [200, 500, 1000, 2000, 5000, 10000].includes(time) ? time : 1000;
  g.selected = null;
  g.paused = g.ply !== g.line.length;
}

/// Arrow keys, Home and End step through the game (unless typing in a box).
function keys(event) {
  if ($("play-mode").hidden || event.target.closest?.("textarea, input, select")) return;
  const moves = { ArrowLeft: g.ply - 1, ArrowRight: g.ply + 1, Home: 0, End: g.line.length };
  if (!(event.key in moves)) return;
  event.preventDefault();
  goTo(moves[event.key]);
}

/// Fills the menus and wires the controls; `share` receives the game's address.
export function setup(share) {
  onShare = share;
  for (const p of games.taflVariants()) {
    const option = new Option(`${p.title} (${p.dim}×${p.dim})`, p.name);
    option.title = p.rules;
    $("variant").append(option);
  }
  for (let n = 3; n <= 19; n += 1) $("mnk-size").append(new Option(`${n}×${n}`, `${n}x${n}`));
  $("mnk-size").value = "15x15";
  $("mnk-k").value = "5";
  fillOpponents();
  $("variant").value = g.variant;
  $("game-kind").addEventListener("change", () => {
    // A sensible board for the kind: gomoku 15×15, five in a row.
    newGame();
  });
  $("mnk-size").addEventListener("change", () => {
    const n = Number($("mnk-size").value.split("x")[0]);
    if (n < Number($("mnk-k").value)) $("mnk-k").value = String(Math.max(3, Math.min(n, 6)));
    newGame();
  });
  for (const id of ["variant", "mnk-k", "mnk-rules"]) $(id).addEventListener("change", newGame);
  $("new-game").addEventListener("click", newGame);
  $("opponent").addEventListener("change", () => {
    changed();
    g.gridnote = $("opponent").value;
    g.paused = false;
    render();
  });
  $("think-time").addEventListener("change", () => {
    g.time = Number($("think-time").value);
    onShare(hash());
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("flip-board").addEventListener("click", () => {
    g.flip = !g.flip;
    $("flip-board").setAttribute("aria-pressed", String(g.flip));
    draw();
  });
  $("hint").addEventListener("click", () => {
    if (!pkg || !v || v.over) return;
    explain("Looking for a good move…");
    analyse(true);
  });
  $("stop").addEventListener("click", () => {
    if (thinking) {
      thinking.handle.stop();
    } else if (v && !v.over && gridnoteMoves(v.toMove)) {
      // Paused while looking through the game: gridnote plays from here.
      changed();
      g.line = g.line.slice(0, g.ply);
      g.paused = false;
      render();
    }
  });
  $("analyse").addEventListener("change", () => {
    if ($("analyse").checked) next();
    else analyst?.stop();
  });
  $("tafl-load").addEventListener("click", loadPasted);
  $("game-load").addEventListener("click", () => loadGame($("game-text").value));
  $("game-file").addEventListener("change", async () => {
    const file = $("game-file").files[0];
    if (!file) return;
    const text = await file.text();
    $("game-text").value = text;
    loadGame(text);
  });
  $("game-save").addEventListener("click", saveGame);
  document.addEventListener("keydown", keys);
  window.addEventListener("resize", place);
}
