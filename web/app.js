// The gridnote playground: every box on the page is one call into the wasm package
// (pkg/, written by `cargo xtask wasm`). No framework, nothing loaded from elsewhere.
import init, { check, convert, detect, formats, svg } from "./pkg/gridnote_wasm.js";

const $ = (id) => document.getElementById(id);

/// Play mode's module (play.js, and through it the engine package), loaded the first
/// time the page shows that mode: the converter page fetches none of it.
let playModule = null;
async function play() {
  if (!playModule) {
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = new URL("./play.css", import.meta.url).href;
    const styled = new Promise((resolve) => {
      style.addEventListener("load", resolve);
      style.addEventListener("error", resolve);
    });
    document.head.append(style);
    playModule = await import("./play.js");
    await styled;
    playModule.setup(sharePlay);
    await playModule.load();
  }
  return playModule;
}

await init();

const FORMATS = formats();
const GAME = new Map(FORMATS.map((f) => [f.name, f.game]));

// The format menus and the example buttons come from the registry.
for (const f of FORMATS) {
  for (const menu of [$("from"), $("to")]) {
    const option = new Option(f.name, f.name);
    option.title = f.description;
    menu.append(option);
  }
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = f.name;
  button.title = f.example;
  button.addEventListener("click", () => {
    $("text").value = f.example;
    $("from").value = "";
    update();
  });
  $("examples").append(button);
}
$("to").value = "tsn";

/// The text as typed, less a trailing line break (a pasted line often has one).
const inputText = () => $("text").value.replace(/[\r\n]+$/, "");

/// A number box's value, or undefined when empty.
const numberOf = (id) => ($(id).value === "" ? undefined : Number($(id).value));

/// What the page's controls ask of `convert`.
function convertOptions(from) {
  return {
    from,
    to: $("to").value,
    lossless: $("lossless").checked,
    strict: $("strict").checked,
    code: $("code").value,
    radix: $("radix").value,
    defenders: numberOf("defenders"),
    ply: numberOf("ply"),
    sinceCapture: numberOf("since-capture"),
  };
}

function clearError() {
  $("error").hidden = true;
  $("error-message").textContent = "";
  $("error-caret").textContent = "";
  $("error-hint").textContent = "";
}

/// Shows the first error of an update: its message, the caret under the offending text
/// and which format the text was read as.
function showError(err, detected) {
  if (!$("error").hidden) return;
  $("error").hidden = false;
  $("error-message").textContent = `error: ${err.message}`;
  $("error-caret").textContent = err.caret ?? "";
  $("error-hint").textContent =
    err.format && detected
      ? `read as ${err.format} (detected; choose a format to read it otherwise)`
      : err.format
        ? `read as ${err.format}`
        : "";
}

// The solver runs in a module worker, so a long solve never freezes the page; a new
// position stops the solve still running.
let worker = null;
let busy = false;
let latest = 0;
let onSolved = null;

function solveInWorker(text, options, done) {
  latest += 1;
  if (busy && worker) {
    worker.terminate();
    worker = null;
  }
  if (!worker) {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.addEventListener("message", ({ data }) => {
      busy = false;
      if (data.id === latest && onSolved) onSolved(data);
    });
    worker.addEventListener("error", (event) => {
      busy = false;
      if (onSolved) onSolved({ id: latest, error: { message: event.message || "the solver stopped" } });
    });
  }
  onSolved = done;
  busy = true;
  worker.postMessage({ id: latest, text, options });
}

/// Draws the board; `best` cells are highlighted.
function drawBoard(text, from, rules, best) {
  try {
    $("board").innerHTML = svg(text, {
      from,
      rules,
      highlight: best,
      flip: $("flip").checked,
      theme: $("theme").value,
    });
    return null;
  } catch (err) {
    $("board").textContent = "";
    return err;
  }
}

/// Writes the page's state into the address: `#fmt=…&to=…&text=…`.
function share(text, format) {
  const params = new URLSearchParams();
  if (format) params.set("fmt", format);
  params.set("to", $("to").value);
  params.set("text", text);
  const hash = `#${params}`;
  $("share").href = hash;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

/// The page's two modes: converting and checking positions, or playing against gridnote.
function setMode(mode) {
  const playing = mode === "play";
  $("convert-mode").hidden = playing;
  $("play-mode").hidden = !playing;
  $("mode-convert").setAttribute("aria-pressed", String(!playing));
  $("mode-play").setAttribute("aria-pressed", String(playing));
}

/// Writes a game's address (`#play=…`) while the page is in play mode.
function sharePlay(hash) {
  if (!$("play-mode").hidden && location.hash !== hash) history.replaceState(null, "", hash);
}

/// Reads `#fmt=…&to=…&text=…`, or a game's `#play=…` / `#mnk=…` (play mode).
async function restore() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("play") || params.has("mnk")) {
    setMode("play");
    (await play()).restore(params);
    return;
  }
  setMode("convert");
  const fmt = params.get("fmt");
  const to = params.get("to");
  if (fmt !== null) $("from").value = GAME.has(fmt) ? fmt : "";
  if (to !== null && GAME.has(to)) $("to").value = to;
  if (params.has("text")) $("text").value = params.get("text");
}

function update() {
  clearError();
  const text = inputText();
  const from = $("from").value || undefined;
  const rules = $("rules").value.trim() || undefined;
  for (const id of ["output", "legality", "outcome", "solver", "detected"]) $(id).textContent = "";
  $("notes").replaceChildren();
  if (text === "") {
    $("board").textContent = "";
    share("", from);
    return;
  }

  let format = from;
  if (!from) {
    try {
      format = detect(text);
      $("detected").textContent = `detected: ${format}`;
    } catch {
      format = undefined;
      $("detected").textContent = "format not detected";
    }
  }
  const detected = !from;
  const mnk = format !== undefined && GAME.get(format) === "mnk";

  try {
    const out = convert(text, convertOptions(from));
    $("output").textContent = out.output;
    for (const note of out.notes) {
      const li = document.createElement("li");
      li.textContent = note.message;
      $("notes").append(li);
    }
  } catch (err) {
    showError(err, detected);
  }

  let checked = null;
  try {
    checked = check(text, { from, rules: mnk ? rules : undefined });
    $("legality").textContent = checked.legal
      ? checked.rules
        ? `legal under ${checked.rules}`
        : "no problems (TSN/TEN semantic check)"
      : "";
    if (!checked.legal) {
      const list = document.createElement("ul");
      for (const p of checked.problems) {
        const li = document.createElement("li");
        li.textContent = p.message;
        list.append(li);
      }
      $("legality").append(checked.rules ? `illegal under ${checked.rules}:` : "problems:", list);
    }
    $("outcome").textContent = checked.outcome ?? "— (no m,n,k rules for tafl)";
  } catch (err) {
    showError(err, detected);
  }

  const drawError = drawBoard(text, from, mnk ? rules : undefined, []);
  if (drawError) showError(drawError, detected);

  if (checked && mnk && checked.legal) {
    $("solver").textContent = "solving…";
    solveInWorker(text, { from, rules }, (answer) => {
      if (answer.error) {
        $("solver").textContent = answer.error.message;
        return;
      }
      const solved = answer.solved;
      $("solver").textContent = solved.summary;
      if (solved.best.length > 0) drawBoard(text, from, rules, solved.best);
    });
  } else if (checked && mnk) {
    $("solver").textContent = "— (the position is illegal)";
  } else if (checked) {
    $("solver").textContent = "— (the solver plays m,n,k games; this is tafl)";
  }
  share(text, from ?? format);
}

for (const id of ["text", "rules", "defenders", "ply", "since-capture"]) {
  $(id).addEventListener("input", update);
}
for (const id of ["from", "to", "lossless", "strict", "code", "radix", "flip", "theme"]) {
  $(id).addEventListener("change", update);
}
/// Shows whichever mode the page is in (play mode loads the engine package first).
async function refresh() {
  if ($("play-mode").hidden) {
    update();
    return;
  }
  (await play()).render();
}

window.addEventListener("hashchange", async () => {
  // The page's own address updates use replaceState and fire no hashchange.
  await restore();
  await refresh();
});
$("mode-convert").addEventListener("click", () => {
  setMode("convert");
  update();
});
$("mode-play").addEventListener("click", async () => {
  setMode("play");
  await refresh();
});

await restore();
if ($("text").value === "") $("text").value = FORMATS[0].example;
await refresh();
document.body.dataset.ready = "true";
