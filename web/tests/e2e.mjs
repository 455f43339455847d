// The playground in headless Chromium, as a person would use it (run by
// `cargo xtask web-test`, which serves the page and sets PLAYGROUND_URL, CHROMIUM,
// PROFILE_DIR and SHOTS_DIR). Prints one line per check and `N passed, N failed`.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

const url = process.env.PLAYGROUND_URL;
const shots = process.env.SHOTS_DIR;
// The workspace's fixtures (an OpenTafl game record to import).
const fixtures = process.env.FIXTURES_DIR;
const browser = await chromium.launchPersistentContext(process.env.PROFILE_DIR, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1200, height: 900 },
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

let passed = 0;
let failed = 0;
const problems = [];

async function step(name, body) {
  try {
    await body();
    passed += 1;
    console.log(`ok: ${name}`);
  } catch (err) {
    failed += 1;
    console.log(`FAILED: ${name}\n${err.stack ?? err}`);
  }
}

const page = browser.pages()[0] ?? (await browser.newPage());
page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
page.on("console", (msg) => {
  if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
});
// Nothing but the page's own server may be asked for anything (the page works offline).
const origin = new URL(url).origin;
const foreign = [];
const requested = [];
page.on("request", (request) => {
  requested.push(request.url());
  if (!request.url().startsWith(origin)) foreign.push(request.url());
});

await step("the page loads the wasm package and says it is ready", async () => {
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  assert.equal(await page.title(), "gridnote playground");
});

await step("types 2_o/_x_/3_ x, picks TSN, reads 3 4 3/1a1/2d a 3 2", async () => {
  await page.fill("#text", "");
  await page.locator("#text").pressSequentially("2_o/_x_/3_ x");
  await page.selectOption("#from", "");
  await page.selectOption("#to", "tsn");
  await page.waitForFunction(
    () => document.getElementById("output").textContent === "3 4 3/1a1/2d a 3 2",
    null,
    { timeout: 10000 },
  );
  assert.equal(await page.textContent("#detected"), "detected: t3en");
  assert.equal(await page.locator("#notes li").count(), 3);
  assert.equal(await page.isHidden("#error"), true);
});

await step("the board picture has rendered (non-empty bounding box)", async () => {
  const svg = page.locator("#board svg");
  await svg.waitFor({ timeout: 10000 });
  const box = await svg.boundingBox();
  assert.ok(box && box.width > 50 && box.height > 50, `bounding box ${JSON.stringify(box)}`);
  const inner = await svg.evaluate((el) => {
    const b = el.getBBox();
    return { width: b.width, height: b.height };
  });
  assert.ok(inner.width > 0 && inner.height > 0, `getBBox ${JSON.stringify(inner)}`);
});

await step("legality, outcome and the solver's verdict with the best moves highlighted", async () => {
  assert.equal(await page.textContent("#legality"), "legal under tic-tac-toe");
  assert.equal(await page.textContent("#outcome"), "in progress");
  await page.waitForFunction(
    () => document.getElementById("solver").textContent.startsWith("draw"),
    null,
    { timeout: 20000 },
  );
  assert.equal(await page.textContent("#solver"), "draw in 7 plies; best: a1 a2 a3 b1 b3 c1 c2");
  // The picture was redrawn with the seven best cells filled.
  const before = await page.evaluate(() => document.getElementById("board").innerHTML.length);
  assert.ok(before > 0);
  await page.screenshot({ path: path.join(shots, "playground.png"), fullPage: true });
});

await step("the address is a shareable link that restores the position", async () => {
  const hash = new URL(page.url()).hash;
  assert.equal(hash, "#fmt=t3en&to=tsn&text=2_o%2F_x_%2F3_+x");
  const other = await browser.newPage();
  await other.goto(`${url}#fmt=digits&to=t3en&text=120120000`);
  await other.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  await other.waitForFunction(() => document.getElementById("output").textContent !== "");
  assert.equal(await other.inputValue("#text"), "120120000");
  assert.equal(await other.inputValue("#from"), "digits");
  assert.equal(await other.textContent("#output"), "xo_/xo_/3_ x");
  await other.close();
});

await step("a bad position shows the message with a caret under the offending text", async () => {
  await page.fill("#text", "");
  await page.locator("#text").pressSequentially("3_/4_/3_ x");
  await page.waitForSelector("#error:not([hidden])", { timeout: 10000 });
  const message = await page.textContent("#error-message");
  assert.match(message, /^error: .*row 2/);
  assert.equal(await page.textContent("#error-caret"), "  | 3_/4_/3_ x\n  |    ^^\n");
  assert.equal(
    await page.textContent("#error-hint"),
    "read as t3en (detected; choose a format to read it otherwise)",
  );
  assert.equal(await page.textContent("#output"), "");
  await page.screenshot({ path: path.join(shots, "playground-error.png"), fullPage: true });
});

await step("a tafl position is drawn and checked, and not solved", async () => {
  await page.fill("#text", "3 4 3/1a1/2d a 3 2");
  await page.selectOption("#to", "t3en");
  await page.waitForFunction(() => document.getElementById("output").textContent === "2_o/_x_/3_ x");
  // The semantic check finds this little board has no king.
  assert.equal(
    await page.textContent("#legality"),
    "problems:no king on the board (possible only once the game is over)",
  );
  assert.equal(await page.textContent("#outcome"), "— (no m,n,k rules for tafl)");
  assert.equal(await page.textContent("#solver"), "— (the solver plays m,n,k games; this is tafl)");
  assert.equal(await page.locator("#board svg").count(), 1);
});

const BRANDUBH_START = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

/// How many kings the board's picture shows.
const kings = (p) =>
  p.$$eval("#tafl-board svg use", (us) => us.filter((u) => u.href.baseVal === "#king-light").length);

/// The squares the page marks as legal targets, sorted.
const targets = async (p) =>
  (await p.$$eval("#tafl-board button.target", (bs) => bs.map((b) => b.dataset.square))).sort();

await step("the converter page loads no engine code", async () => {
  const engine = requested.filter((u) => /engine|play\.(js|css)|games\.js/.test(u));
  assert.deepEqual(engine, []);
  assert.ok(requested.some((u) => u.endsWith("/pkg/gridnote_wasm_bg.wasm")), "the converter module");
});

await step("play mode lists every preset and draws Brandubh's start", async () => {
  await page.click("#mode-play");
  await page.waitForSelector("#play-mode:not([hidden])");
  // play.js and the engine package load on this first visit; then the board is drawn.
  await page.waitForSelector("#tafl-board svg", { timeout: 30000 });
  assert.equal(await page.isHidden("#convert-mode"), true);
  const variants = await page.$$eval("#variant option", (os) => os.map((o) => o.value));
  assert.deepEqual(variants, [
    "copenhagen", "copenhagen-relaxed", "fetlar", "computer-fetlar", "berserk", "brandubh",
    "magpie", "tablut", "foteviken-tablut", "sea-battle", "sea-battle-13", "tawlbwrdd",
    "tablut-15", "alea-evangelii",
  ]);
  assert.equal(await page.inputValue("#variant"), "brandubh");
  assert.equal(await page.textContent("#tafl-position"), BRANDUBH_START);
  assert.equal(await page.textContent("#tafl-to-move"), "attackers");
  assert.equal(await page.textContent("#tafl-outcome"), "the game goes on");
  assert.equal(await page.locator("#tafl-board svg").count(), 1);
  assert.equal(await page.locator("#tafl-board .squares button").count(), 49);
  // The square buttons lie over the picture's board.
  const grid = await page.locator("#tafl-board .squares").boundingBox();
  const board = await page.locator("#tafl-board svg rect.board").boundingBox();
  for (const key of ["x", "y", "width", "height"]) {
    assert.ok(Math.abs(grid[key] - board[key]) < 1, `${key}: ${grid[key]} vs ${board[key]}`);
  }
  assert.equal(new URL(page.url()).hash, "#play=brandubh&vs=d&time=1000");
  // Play mode loaded the engine module and its worker wrapper.
  assert.ok(requested.some((u) => u.endsWith("/pkg/gridnote_engine_bg.wasm")), "the engine module");
  assert.equal(
    await page.textContent("#status"),
    "Your move: you play the attackers. Click a piece, then where it goes.",
  );
});

await step("clicking a piece highlights its legal moves; clicking one plays it", async () => {
  // Two people play: gridnote watches.
  await page.selectOption("#opponent", "none");
  await page.click('#tafl-board [data-square="d2"]');
  assert.deepEqual(await targets(page), ["a2", "b2", "c2", "e2", "f2", "g2"]);
  assert.equal(await page.textContent("#tafl-selected"), "d2: 6 legal moves");
  await page.screenshot({ path: path.join(shots, "playground-tafl-moves.png"), fullPage: true });
  // A defender cannot be picked while the attackers move, and the page says why.
  await page.click('#tafl-board [data-square="e4"]');
  assert.deepEqual(await targets(page), []);
  assert.equal(
    await page.textContent("#explain"),
    "The piece on e4 belongs to the defenders; the attackers are to move.",
  );
  await page.click('#tafl-board [data-square="d2"]');
  await page.click('#tafl-board [data-square="e3"]');
  assert.match(await page.textContent("#explain"), /^d2 cannot go to e3: pieces move in a straight line/);
  await page.click('#tafl-board [data-square="d2"]');
  await page.click('#tafl-board [data-square="c2"]');
  assert.equal(await page.textContent("#tafl-position"), "/3t3/2t4/3T3/ttTKTtt/3T3/3t3/3t3/");
  assert.equal(await page.textContent("#tafl-to-move"), "defenders");
  assert.deepEqual(await page.$$eval("#tafl-moves li", (ls) => ls.map((l) => l.textContent)), ["d2-c2"]);
  await page.click('#tafl-board [data-square="e4"]');
  assert.deepEqual(await targets(page), ["e1", "e2", "e3", "e5", "e6", "e7"]);
  await page.click('#tafl-board [data-square="e6"]');
  assert.deepEqual(
    await page.$$eval("#tafl-moves li", (ls) => ls.map((l) => l.textContent)),
    ["d2-c2", "e4-e6"],
  );
  assert.equal(new URL(page.url()).hash, "#play=brandubh&line=d2-c2+e4-e6&vs=none&time=1000");
});

await step("undo takes the last move back, redo plays it again", async () => {
  await page.click("#undo");
  await page.click("#undo");
  assert.equal(await page.textContent("#tafl-position"), BRANDUBH_START);
  assert.equal(await page.textContent("#tafl-to-move"), "attackers");
  // The moves taken back stay in the list, dimmed, for redo.
  assert.equal(await page.locator("#tafl-moves li.undone").count(), 2);
  assert.equal(await page.isDisabled("#undo"), true);
  await page.click("#redo");
  assert.equal(await page.textContent("#tafl-position"), "/3t3/2t4/3T3/ttTKTtt/3T3/3t3/3t3/");
  await page.click("#new-game");
  assert.equal(await page.locator("#tafl-moves li").count(), 0);
});

await step("a pasted position: the capture removes the king and ends the game", async () => {
  await page.click("#paste summary");
  await page.fill("#tafl-text", "/7/7/7/7/1t1Kt2/7/5T1/");
  await page.selectOption("#tafl-side", "a");
  await page.click("#tafl-load");
  assert.equal(await page.textContent("#tafl-position"), "/7/7/7/7/1t1Kt2/7/5T1/");
  assert.equal(await kings(page), 1);
  await page.click('#tafl-board [data-square="b5"]');
  await page.click('#tafl-board [data-square="c5"]');
  assert.deepEqual(await page.$$eval("#tafl-moves li", (ls) => ls.map((l) => l.textContent)), ["b5-c5xKd5"]);
  assert.equal(await page.textContent("#tafl-position"), "/7/7/7/7/2t1t2/7/5T1/");
  assert.equal(await page.textContent("#tafl-outcome"), "The attackers win: the king is captured.");
  assert.equal(await page.textContent("#status"), "Game over. The attackers win: the king is captured.");
  assert.equal(await page.textContent("#tafl-to-move"), "—");
  assert.equal(await kings(page), 0);
  assert.equal(await page.locator("#tafl-board button.movable").count(), 0);
  await page.screenshot({ path: path.join(shots, "playground-tafl.png"), fullPage: true });
});

await step("a game's link restores it; another variant starts its own board", async () => {
  const other = await browser.newPage();
  await other.goto(`${url}#play=tablut&line=e8-h8`);
  await other.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  assert.equal(await other.inputValue("#variant"), "tablut");
  assert.deepEqual(await other.$$eval("#tafl-moves li", (ls) => ls.map((l) => l.textContent)), ["e8-h8"]);
  assert.equal(await other.locator("#tafl-board .squares button").count(), 81);
  // Tablut's only special square is its throne (no corners: the king escapes to any edge).
  assert.equal(await other.getAttribute("#tafl-board svg path.special", "d"), "M180 180h40v40h-40z");
  await other.selectOption("#variant", "alea-evangelii");
  assert.equal(await other.locator("#tafl-board .squares button").count(), 361);
  // Alea Evangelii: four 2×2 corners and the throne.
  const special = await other.getAttribute("#tafl-board svg path.special", "d");
  assert.equal(special.split("M").length - 1, 17);
  assert.equal(await other.locator("#tafl-moves li").count(), 0);
  await other.close();
});

await step("a bad pasted position shows its error with the caret", async () => {
  await page.fill("#tafl-text", "/3t3/3t3/");
  await page.click("#tafl-load");
  await page.waitForSelector("#tafl-error:not([hidden])");
  assert.match(await page.textContent("#tafl-error-message"), /^error: /);
  assert.ok((await page.textContent("#tafl-error-caret")).includes("^"));
  // The game shown is still the last one.
  assert.equal(await page.textContent("#tafl-position"), "/7/7/7/7/2t1t2/7/5T1/");
});

/// Waits until gridnote is not thinking and the move list holds `count` moves or the
/// game is over; returns how long gridnote thought about its last move (ms).
async function waitForEngine(p, count) {
  await p.waitForFunction(
    (n) =>
      document.body.dataset.game === "over" ||
      (document.body.dataset.game === "waiting" && document.querySelectorAll("#tafl-moves li").length >= n),
    count,
    { timeout: 15000 },
  );
  return Number(await p.evaluate(() => document.body.dataset.lastThinkMs ?? "0"));
}

/// A seeded random choice (the same game each run, as far as gridnote's answers go).
let seed = 12345;
const pick = (items) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return items[seed % items.length];
};

const THINK_MS = 200;
const SLACK_MS = 200;
let savedGame = "";

await step("the package's Engine: progress, stop keeping the best move, solve, errors", async () => {
  const out = await page.evaluate(async () => {
    const { Engine } = await import("./pkg/engine.js");
    const engine = new Engine();
    const reports = [];
    const done = await engine.search({ game: "tafl", rules: "brandubh", depth: 3 }, (r) => reports.push(r.depth)).result;
    const long = engine.search({ game: "tafl", rules: "copenhagen", timeMs: 60000 }, (r) => reports.push(r.depth));
    await new Promise((resolve) => setTimeout(resolve, 700));
    const t0 = performance.now();
    long.stop();
    const stopped = await long.result;
    const stopMs = performance.now() - t0;
    const solved = await engine.solve({ game: "mnk", rows: 3, cols: 3, moves: ["b2"] });
    let error = null;
    try {
      await engine.search({ game: "tafl", rules: "brandubh", played: ["d2-d1"] }).result;
    } catch (err) {
      error = `${err.name}: ${err.message}`;
    }
    engine.terminate();
    return { depths: reports.slice(0, 3), done, stopped, stopMs, solved: solved.summary, error };
  });
  assert.deepEqual(out.depths, [1, 2, 3]);
  assert.equal(out.done.depth, 3);
  assert.equal(out.done.stopped, false);
  assert.equal(out.stopped.stopped, true);
  assert.ok(out.stopped.best, "a stopped search keeps its best move");
  assert.ok(out.stopped.depth >= 1);
  assert.ok(out.stopMs < 50, `stop resolved in ${out.stopMs} ms`);
  assert.equal(out.solved, "draw in 8 plies; best: a1 a3 c1 c3");
  assert.equal(out.error, "GridnoteError: options.played[0]: d2-d1 is not a legal move for the attackers");
});

await step("a whole Brandubh game against gridnote: a scripted attacker to the end", async () => {
  await page.selectOption("#variant", "brandubh");
  await page.selectOption("#opponent", "d");
  await page.selectOption("#think-time", String(THINK_MS));
  await page.click("#new-game");
  let plies = 0;
  let slowest = 0;
  for (let turn = 0; turn < 150; turn += 1) {
    if ((await page.evaluate(() => document.body.dataset.game)) === "over") break;
    // Prefer a capture, else any legal move: choose a movable piece, then a target.
    const movable = await page.$$eval("#tafl-board button.movable", (bs) => bs.map((b) => b.dataset.square));
    assert.ok(movable.length > 0, "the attackers have a piece to move");
    const from = pick(movable);
    await page.click(`#tafl-board [data-square="${from}"]`);
    const moves = await page.$$eval("#tafl-board button.target", (bs) => bs.map((b) => b.getAttribute("aria-label")));
    const capture = moves.find((m) => m.includes("x"));
    const to = (capture ?? pick(moves)).split(":")[0];
    await page.click(`#tafl-board [data-square="${to}"]`);
    plies += 1;
    if ((await page.evaluate(() => document.body.dataset.game)) === "over") break;
    const took = await waitForEngine(page, plies + 1);
    plies = await page.locator("#tafl-moves li").count();
    slowest = Math.max(slowest, took);
    assert.ok(took <= THINK_MS + SLACK_MS, `gridnote took ${took} ms for a ${THINK_MS} ms move`);
  }
  plies = await page.locator("#tafl-moves li").count();
  const status = await page.textContent("#status");
  assert.match(status, /^Game over\. (The (attackers|defenders) win|Drawn): .*\.( gridnote wins\.| You win!)?$/);
  console.log(`   ${plies} plies; ${status}; gridnote's slowest answer ${slowest} ms`);
  // gridnote's last move is highlighted (lastMove squares) and the evaluation shown.
  assert.equal(await page.locator("#tafl-board .squares button").count(), 49);
  await page.screenshot({ path: path.join(shots, "playground-brandubh-end.png"), fullPage: true });
  // Saved as an OpenTafl game record, for `gridnote game --check` (run by xtask).
  await page.click("#records summary");
  const download = page.waitForEvent("download", { timeout: 5000 }).catch(() => null);
  await page.click("#game-save");
  await download;
  savedGame = await page.inputValue("#game-text");
  assert.match(savedGame, /^\[rules:dim:7 name:Brandub /);
  assert.match(savedGame, /\[result:(1|-1|0)\]/);
  const listed = await page.$$eval("#tafl-moves button.move", (bs) => bs.map((b) => b.textContent));
  assert.equal(listed.length, plies);
  fs.writeFileSync(path.join(shots, "saved-brandubh.otg"), savedGame);
});

await step("the page answers while gridnote thinks: undo during a search takes the move back", async () => {
  await page.selectOption("#think-time", "10000");
  await page.click("#new-game");
  await page.click('#tafl-board [data-square="d2"]');
  await page.click('#tafl-board [data-square="c2"]');
  await page.waitForFunction(() => document.body.dataset.game === "thinking");
  // Progress reports arrive while the search runs.
  await page.waitForFunction(() => document.getElementById("search-info").textContent.startsWith("depth"), null, {
    timeout: 5000,
  });
  const clicked = Date.now();
  await page.click("#undo");
  await page.waitForFunction(() => document.body.dataset.game === "waiting", null, { timeout: 1000 });
  assert.ok(Date.now() - clicked < 1000, "undo was handled at once");
  assert.equal(await page.textContent("#tafl-position"), BRANDUBH_START);
  // The stopped search plays nothing.
  await page.waitForTimeout(500);
  assert.equal(await page.locator("#tafl-moves li:not(.undone)").count(), 0);
  // "move now" makes gridnote play the best move found so far.
  await page.click('#tafl-board [data-square="d2"]');
  await page.click('#tafl-board [data-square="c2"]');
  await page.waitForFunction(() => document.getElementById("search-info").textContent.startsWith("depth"));
  const asked = Date.now();
  await page.click("#stop");
  await waitForEngine(page, 2);
  assert.ok(Date.now() - asked < 1000, "move now was handled at once");
  assert.equal(await page.locator("#tafl-moves li").count(), 2);
  await page.selectOption("#think-time", String(THINK_MS));
});

await step("a hint draws the best move as an arrow", async () => {
  await page.click("#new-game");
  await page.click("#hint");
  await page.waitForFunction(() => document.getElementById("explain").textContent.startsWith("Hint: "));
  assert.ok((await page.locator("#tafl-board svg .arrow").count()) > 0, "an arrow");
  assert.notEqual(await page.textContent("#pv"), "—");
  // The running analysis: the evaluation in words and on the bar.
  await page.click("#new-game");
  assert.equal(await page.textContent("#evaluation"), "—");
  await page.check("#analyse");
  await page.waitForFunction(() => /for attackers\)$/.test(document.getElementById("evaluation").textContent));
  assert.match(await page.getAttribute("#eval-bar", "aria-valuenow"), /^\d+$/);
  await page.uncheck("#analyse");
});

await step("an imported .otg steps through every move, each evaluated", async () => {
  const record = fs.readFileSync(path.join(fixtures, "otn/valid/brandub-triathlon.otg"), "utf8");
  await page.fill("#game-text", record);
  await page.click("#game-load");
  const total = await page.locator("#tafl-moves li").count();
  assert.equal(total, 20);
  assert.equal(await page.textContent("#tafl-position"), BRANDUBH_START);
  assert.equal(await page.inputValue("#opponent"), "none");
  const seen = new Set([await page.textContent("#tafl-position")]);
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  for (let ply = 1; ply <= total; ply += 1) {
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.getAttribute("#tafl-moves button[aria-current=step]", "data-ply"), String(ply));
    seen.add(await page.textContent("#tafl-position"));
  }
  assert.equal(seen.size, total + 1, "every move changed the position");
  await page.keyboard.press("Home");
  assert.equal(await page.textContent("#tafl-position"), BRANDUBH_START);
  await page.keyboard.press("End");
  // The review evaluates the positions one after another.
  await page.waitForFunction(() => document.querySelectorAll("#tafl-moves .eval").length >= 5, null, {
    timeout: 20000,
  });
  // Our own saved game reads back move for move.
  await page.fill("#game-text", savedGame);
  await page.click("#game-load");
  const again = await page.$$eval("#tafl-moves button.move", (bs) => bs.map((b) => b.textContent));
  assert.equal(again.length, (savedGame.match(/[a-g]\d-[a-g]\d\S*/g) ?? []).length);
  // A hnefatafl.org-style server's game record (its JSON) loads as a tafl game too.
  const server = fs.readFileSync(path.join(fixtures, "game-json/copenhagen-11-timed.json"), "utf8");
  await page.fill("#game-text", server);
  await page.click("#game-load");
  const served = await page.$$eval("#tafl-moves button.move", (bs) => bs.map((b) => b.textContent));
  assert.equal(served.length, 4);
});

await step("a whole 15×15 five-in-a-row game against gridnote", async () => {
  await page.selectOption("#game-kind", "mnk");
  assert.equal(await page.inputValue("#mnk-size"), "15x15");
  assert.equal(await page.inputValue("#mnk-k"), "5");
  await page.selectOption("#opponent", "o");
  await page.selectOption("#think-time", String(THINK_MS));
  await page.click("#new-game");
  assert.equal(await page.locator("#tafl-board .squares button").count(), 225);
  const near = (sq, taken) => {
    const f = sq.charCodeAt(0);
    const r = Number(sq.slice(1));
    return taken.some((t) => Math.abs(t.charCodeAt(0) - f) <= 1 && Math.abs(Number(t.slice(1)) - r) <= 1);
  };
  let slowest = 0;
  for (let turn = 0; turn < 113; turn += 1) {
    if ((await page.evaluate(() => document.body.dataset.game)) === "over") break;
    const cells = await page.$$eval("#tafl-board .squares button", (bs) =>
      bs.map((b) => [b.dataset.square, b.getAttribute("aria-label").endsWith("empty")]),
    );
    const taken = cells.filter(([, empty]) => !empty).map(([sq]) => sq);
    const empty = cells.filter(([, empty]) => empty).map(([sq]) => sq);
    const options = taken.length === 0 ? ["h8"] : empty.filter((sq) => near(sq, taken));
    await page.click(`#tafl-board [data-square="${pick(options.length > 0 ? options : empty)}"]`);
    if ((await page.evaluate(() => document.body.dataset.game)) === "over") break;
    const took = await waitForEngine(page, 2 * turn + 2);
    slowest = Math.max(slowest, took);
    assert.ok(took <= THINK_MS + SLACK_MS, `gridnote took ${took} ms for a ${THINK_MS} ms move`);
  }
  const status = await page.textContent("#status");
  assert.match(status, /^Game over\. (x|o) wins: 5 in a row\.( gridnote wins\.| You win!)$|^Game over\. Drawn/);
  console.log(`   ${await page.locator("#tafl-moves li").count()} plies; ${status}; gridnote's slowest answer ${slowest} ms`);
  await page.screenshot({ path: path.join(shots, "playground-gomoku-end.png"), fullPage: true });
  // Saved as a move list, and loaded back.
  await page.click("#game-save");
  const list = await page.inputValue("#game-text");
  assert.match(list, /^15x15 k=5\n1\. h8 /);
  await page.fill("#game-text", list);
  await page.click("#game-load");
  await page.keyboard.press("End");
  assert.equal(await page.textContent("#status"), status.replace(/( gridnote wins\.| You win!)$/, ""));
});

await step("move now in gomoku: gridnote plays at once though its engine had not reported", async () => {
  await page.selectOption("#think-time", "10000");
  // The game loaded back above left gridnote watching.
  await page.selectOption("#opponent", "o");
  await page.click("#new-game");
  await page.click('#tafl-board [data-square="h8"]');
  await page.waitForFunction(() => document.body.dataset.game === "thinking");
  await page.waitForTimeout(300);
  const asked = Date.now();
  await page.click("#stop");
  await waitForEngine(page, 2);
  assert.ok(Date.now() - asked < 2000, `move now took ${Date.now() - asked} ms`);
  assert.equal(await page.locator("#tafl-moves li").count(), 2);
  assert.equal(await page.isHidden("#tafl-error"), true);
  await page.selectOption("#think-time", String(THINK_MS));
});

await step("small boards show the solver's exact value; a link restores an m,n,k game", async () => {
  const other = await browser.newPage();
  await other.goto(`${url}#mnk=3x3&k=3&line=b2`);
  await other.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  assert.equal(await other.inputValue("#mnk-size"), "3x3");
  await other.waitForFunction(() => document.getElementById("exact").textContent.startsWith("draw"));
  assert.equal(await other.textContent("#exact"), "draw in 8 plies; best: a1 a3 c1 c3");
  await other.click('#tafl-board [data-square="b2"]');
  assert.equal(await other.textContent("#explain"), "b2 is taken: choose an empty square.");
  await other.close();
});

await step("exactly five: an overline does not win, and the link keeps the rule", async () => {
  // x's d1 joins a1-c1 and e1-f1 into six in a row: a win in freestyle, none with exactly five.
  const line = "a1 a9 b1 c9 c1 e9 e1 g9 f1 i9 d1";
  const other = await browser.newPage();
  await other.goto(`${url}#mnk=9x9&k=5&exact=1&line=${encodeURIComponent(line)}&vs=none`);
  await other.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  assert.equal(await other.inputValue("#mnk-rules"), "exact");
  await other.waitForFunction(() => document.body.dataset.game === "waiting");
  assert.doesNotMatch(await other.textContent("#status"), /Game over/);
  assert.match(await other.getAttribute("#play-share", "href"), /&exact=1&/);
  // The same moves in freestyle: x has won.
  await other.goto(`${url}#mnk=9x9&k=5&line=${encodeURIComponent(line)}&vs=none`);
  await other.reload();
  await other.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  assert.equal(await other.inputValue("#mnk-rules"), "freestyle");
  await other.waitForFunction(() => document.body.dataset.game === "over");
  assert.match(await other.textContent("#status"), /^Game over\. x wins: 5 in a row\./);
  await other.close();
});

await step("gridnote against itself plays 3×3 tic-tac-toe to a draw; the board flips", async () => {
  await page.selectOption("#mnk-size", "3x3");
  assert.equal(await page.inputValue("#mnk-k"), "3");
  await page.selectOption("#opponent", "both");
  await page.waitForFunction(() => document.body.dataset.game === "over", null, { timeout: 30000 });
  assert.equal(await page.locator("#tafl-moves li").count(), 9);
  assert.equal(await page.textContent("#status"), "Game over. Drawn: the board is full.");
  const first = () => page.$eval("#tafl-board .squares button", (b) => b.dataset.square);
  assert.equal(await first(), "a3");
  await page.click("#flip-board");
  assert.equal(await first(), "c1");
  await page.click("#flip-board");
});

await step("on a phone-sized screen the board fits", async () => {
  const phone = await browser.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`${url}#play=brandubh`);
  await phone.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  const box = await phone.locator("#tafl-board svg").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `board ${JSON.stringify(box)}`);
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  await phone.screenshot({ path: path.join(shots, "playground-phone.png"), fullPage: true });
  await phone.close();
});

await step("the convert mode still works after playing", async () => {
  await page.click("#mode-convert");
  await page.fill("#text", "2_o/_x_/3_ x");
  await page.selectOption("#to", "tsn");
  await page.waitForFunction(() => document.getElementById("output").textContent === "3 4 3/1a1/2d a 3 2");
  assert.equal(await page.isHidden("#play-mode"), true);
});

await step("no errors on the page and no request beyond its own server", async () => {
  assert.deepEqual(problems, []);
  assert.deepEqual(foreign, []);
});

await browser.close();
console.log(`web-test: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
