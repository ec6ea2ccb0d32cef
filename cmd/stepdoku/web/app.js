// The stepdoku web app: a board to play on. The page keeps the game (digits, pencil
// marks, undo history, timer; saved in localStorage, one entry per puzzle); the
// stateless JSON API of `stepdoku serve` answers questions about a grid: its board
// (/api/board), a new puzzle (/api/new), mistakes and graded hints from the player's
// own entries and marks (/api/hint), the walkthrough from the player's position
// (/api/walk). No libraries, no build step, no network beyond the server itself (or,
// in a site built by `stepdoku site`, beyond the site's own files: see ask).
import { say } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const EXAMPLE = "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..";
// Bounds of what is kept in localStorage (about 5 MB a site): the changes one game can
// undo, and the games kept (the oldest played is dropped).
const HISTORY_MAX = 400;
const GAMES_MAX = 30;

// The puzzle being played: its rules (from /api/board) and the game on it.
let pz = null; // {text, variant, size, symbols, givens, houses, cages, region, peers}
let game = null; // {history: [{v, m}], at, elapsed, timerHidden}
let ui = { selected: 0, notes: false, hint: null, hintAt: -1, hintLevel: 0, mistakes: new Set(),
  lang: "en", walk: null, busy: 0 };

const t = (key, args) => say(ui.lang, key, args);

// ---- the API

// ask is the page's one way to the engine: path is a call of the API ("api/hint"),
// body its JSON object (none: GET). Under `stepdoku serve` it asks the server; in a
// site built by `stepdoku site` (its index.html says so) it asks the same handler
// compiled to WebAssembly in a Web Worker (worker.js). Both answer the same JSON.
// Addresses are relative: the page works under any path.
const inWorker = (document.querySelector('meta[name="stepdoku-engine"]') || {}).content === "worker";
const engine = { worker: null, next: 1, pending: new Map(), aborts: new Set() };

function askWorker(method, path, text) {
  if (!engine.worker) {
    const w = new Worker("worker.js");
    w.onmessage = (e) => {
      const p = engine.pending.get(e.data.id);
      if (p) { engine.pending.delete(e.data.id); p.resolve([e.data.status, e.data.body]); }
    };
    w.onerror = (e) => { endWorker(new Error("worker.js: " + (e.message || "the engine did not start"))); };
    engine.worker = w;
  }
  return new Promise((resolve, reject) => {
    const id = engine.next++;
    engine.pending.set(id, { resolve, reject });
    engine.worker.postMessage({ id, method, path, body: text });
  });
}

// endWorker ends the worker and fails what it was asked; the next question starts
// a new one. Go in WebAssembly takes no message while it computes: ending the worker
// is how a long answer stops.
function endWorker(err) {
  if (engine.worker) { engine.worker.terminate(); engine.worker = null; }
  engine.pending.forEach((p) => { p.reject(err); });
  engine.pending.clear();
}

async function askServer(method, path, text) {
  const ctl = new AbortController();
  engine.aborts.add(ctl);
  try {
    const r = await fetch(path, method === "GET" ? { signal: ctl.signal }
      : { method, signal: ctl.signal, headers: { "Content-Type": "application/json" }, body: text });
    return [r.status, await r.text()];
  } catch (err) {
    throw ctl.signal.aborted ? new Error(t("stopped")) : err;
  } finally { engine.aborts.delete(ctl); }
}

async function ask(path, body) {
  const method = body === undefined ? "GET" : "POST";
  const text = body === undefined ? "" : JSON.stringify(body);
  const [status, raw] = await (inWorker ? askWorker : askServer)(method, path, text);
  let data;
  try { data = JSON.parse(raw); } catch (err) { throw new Error(path + ": " + status + ", not JSON"); }
  if (status < 200 || status > 299) { throw new Error(data.error + (data.problems ? ": " + data.problems.join("; ") : "")); }
  return data;
}

// stop ends every question in flight (the stop button, shown while one takes long).
function stop() {
  engine.aborts.forEach((c) => { c.abort(); });
  if (inWorker) { endWorker(new Error(t("stopped"))); }
}

function withRules(body) {
  if (pz && pz.variant) { body.variant = pz.variant; }
  return body;
}

async function busy(work) {
  ui.busy++;
  document.body.setAttribute("data-busy", "");
  showError(null);
  // A question that takes long shows the spinner and its stop button.
  setTimeout(() => { if (ui.busy) { $("working").hidden = false; } }, 300);
  try { return await work(); } catch (err) { showError(err); return null; } finally {
    if (--ui.busy === 0) { document.body.removeAttribute("data-busy"); $("working").hidden = true; }
    // Tests wait for this count to grow: answers have come and been shown, and no
    // further question (a new puzzle's board, say) is on its way.
    setTimeout(() => {
      if (ui.busy === 0) { document.body.dataset.answers = Number(document.body.dataset.answers || 0) + 1; }
    }, 0);
  }
}

function showError(err) { $("error").textContent = err ? String(err.message || err) : ""; }

// ---- the game: snapshots of values and marks, an undo history over them

function cur() { return game.history[game.at]; }

// change makes a new snapshot from the current one with f, and keeps it in history.
function change(f) {
  const s = cur();
  const next = { v: s.v.slice(), m: s.m.slice() };
  if (f(next) === false) { return; }
  if (next.v.join() === s.v.join() && next.m.join() === s.m.join()) { return; }
  game.history = game.history.slice(0, game.at + 1);
  game.history.push(next);
  if (game.history.length > HISTORY_MAX) { game.history.shift(); }
  game.at = game.history.length - 1;
  afterChange();
}

function afterChange() {
  ui.mistakes.clear();
  save();
  render();
  // The last digit in, and no repeat: say at once whether the grid is right.
  const s = cur();
  if (s.v.every((d) => d) && conflicts(s).size === 0) { check(); }
}

function undo() { if (game && game.at > 0) { game.at--; afterChange(); } }
function redo() { if (game && game.at < game.history.length - 1) { game.at++; afterChange(); } }

// place puts digit d in cell c (0 erases) and takes d out of the marks of its peers.
function place(s, c, d) {
  if (pz.givens[c]) { return false; }
  s.v[c] = d;
  s.m[c] = "";
  if (d) {
    for (const p of pz.peers[c]) { s.m[p] = s.m[p].replace(String(d) + ",", ""); }
  }
  return true;
}

// Marks are kept as "1,4," (each digit followed by a comma: digits above 9 on 16x16).
function marksOf(s, c) { return s.m[c] ? s.m[c].split(",").filter(Boolean).map(Number) : []; }
function setMarks(s, c, ds) { s.m[c] = ds.slice().sort((a, b) => a - b).map((d) => d + ",").join(""); }

function toggleMark(s, c, d) {
  if (pz.givens[c] || s.v[c]) { return false; }
  const ds = marksOf(s, c);
  setMarks(s, c, ds.includes(d) ? ds.filter((x) => x !== d) : ds.concat([d]));
  return true;
}

// candidates are the digits no value of a peer rules out (killer sums aside).
function candidates(s, c) {
  const out = [];
  for (let d = 1; d <= pz.size; d++) {
    if (!pz.peers[c].some((p) => s.v[p] === d)) { out.push(d); }
  }
  return out;
}

function autoNotes() {
  change((s) => {
    for (let c = 0; c < s.v.length; c++) {
      if (!s.v[c]) { setMarks(s, c, candidates(s, c)); }
    }
  });
}

function input(d) {
  const c = ui.selected;
  if (!game) { return; }
  change((s) => (ui.notes && d ? toggleMark(s, c, d) : place(s, c, d)));
}

function erase() {
  const c = ui.selected;
  change((s) => {
    if (pz.givens[c]) { return false; }
    if (s.v[c]) { s.v[c] = 0; } else { s.m[c] = ""; }
    return true;
  });
}

// conflicts are the cells whose digit repeats in a house or cage.
function conflicts(s) {
  const out = new Set();
  const groups = pz.houses.map((h) => h.cells).concat((pz.cages || []).map((cg) => cg.cells));
  for (const cells of groups) {
    const seen = {};
    for (const c of cells) {
      const d = s.v[c];
      if (!d) { continue; }
      if (seen[d] !== undefined) { out.add(c); out.add(seen[d]); } else { seen[d] = c; }
    }
  }
  return out;
}

// gridLine is the player's grid as one line: givens and entries.
function gridLine(s) { return s.v.map((d) => (d ? pz.symbols[d - 1] : ".")).join(""); }

// marksLine is the player's marks as a candidate line (N characters a cell); empty
// when no cell has marks.
function marksLine(s) {
  if (!s.m.some((m, c) => m && !s.v[c])) { return ""; }
  return s.m.map((m, c) => {
    const ds = s.v[c] ? [] : marksOf(s, c);
    let out = "";
    for (let d = 1; d <= pz.size; d++) { out += ds.includes(d) ? pz.symbols[d - 1] : "."; }
    return out;
  }).join("");
}

// ---- saving: one entry per puzzle

function storeKey(text, variant) { return "stepdoku:" + (variant || "") + ":" + text; }

function save() {
  if (!game) { return; }
  try {
    const key = storeKey(pz.text, pz.variant);
    localStorage.setItem(key, JSON.stringify(game));
    localStorage.setItem("stepdoku:last", JSON.stringify({ text: pz.text, variant: pz.variant }));
    // The games kept, the last played last; past GAMES_MAX the oldest goes.
    let games = JSON.parse(localStorage.getItem("stepdoku:games") || "[]").filter((k) => k !== key);
    games.push(key);
    while (games.length > GAMES_MAX) { localStorage.removeItem(games.shift()); }
    localStorage.setItem("stepdoku:games", JSON.stringify(games));
  } catch (e) { /* storage full or off: the game goes on unsaved */ }
}

function load(text, variant) {
  try {
    const g = JSON.parse(localStorage.getItem(storeKey(text, variant)) || "null");
    if (g && Array.isArray(g.history) && g.history.length && g.history[0].v.length === pz.givens.length) { return g; }
  } catch (e) { /* a broken entry: start afresh */ }
  return null;
}

// ---- opening a puzzle

async function open(text, variant) {
  text = text.trim();
  const b = await busy(() => ask("api/board", variant ? { puzzle: text, variant } : { puzzle: text }));
  if (!b) { return false; }
  showVerdict(b);
  const n = b.size;
  const region = new Array(n * n).fill(0);
  const peers = Array.from({ length: n * n }, () => new Set());
  b.houses.forEach((h, i) => {
    if (h.kind === "box") { h.cells.forEach((c) => { region[c] = i; }); }
  });
  const groups = b.houses.map((h) => h.cells).concat((b.cages || []).map((cg) => cg.cells));
  for (const cells of groups) {
    for (const a of cells) { for (const c of cells) { if (a !== c) { peers[a].add(c); } } }
  }
  pz = { text, variant: variant || "", size: n, symbols: b.symbols, givens: b.givens, houses: b.houses,
    cages: b.cages || [], region, peers: peers.map((p) => Array.from(p)), kinds: b.variant };
  game = load(text, pz.variant) || { history: [{ v: b.givens.slice(), m: new Array(n * n).fill("") }], at: 0, elapsed: 0, timerHidden: false };
  ui.selected = b.givens.findIndex((d) => !d);
  if (ui.selected < 0) { ui.selected = 0; }
  ui.hint = null;
  ui.mistakes.clear();
  closeWalk();
  $("open-panel").open = b.verdict !== "unique";
  buildBoard();
  buildPad();
  render();
  showTimer();
  save();
  const url = new URL(location.href);
  url.searchParams.set("p", text);
  if (pz.variant) { url.searchParams.set("v", pz.variant); } else { url.searchParams.delete("v"); }
  history.replaceState(null, "", url);
  // The milliseconds from navigation to a board that takes input, for the measures.
  if (!document.body.hasAttribute("data-ready")) { document.body.dataset.readyMs = String(Math.round(performance.now())); }
  document.body.setAttribute("data-ready", "");
  return true;
}

function showVerdict(b) {
  const v = $("verdict");
  v.textContent = b.verdict === "invalid" ? t("invalid", { p: (b.problems || []).join("; ") })
    : t({ unique: "unique", several: "several", "no-solution": "noSolution" }[b.verdict] || "unique");
  v.className = b.verdict === "unique" ? "ok" : "bad";
  v.setAttribute("data-verdict", b.verdict);
}

async function newPuzzle() {
  const level = $("level").value;
  const p = await busy(() => ask("api/new", { difficulty: level }));
  if (!p) { return; }
  $("puzzle").value = p.puzzle;
  $("variant").value = "";
  await open(p.puzzle, "");
}

// ---- drawing the board

function buildBoard() {
  const board = $("board");
  board.textContent = "";
  board.style.setProperty("--n", pz.size);
  board.className = "n" + pz.size;
  const n = pz.size;
  const windows = new Set();
  pz.houses.forEach((h) => { if (h.kind === "window") { h.cells.forEach((c) => windows.add(c)); } });
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "row";
    for (let col = 0; col < n; col++) {
      const c = r * n + col;
      const cell = document.createElement("div");
      cell.setAttribute("role", "gridcell");
      cell.setAttribute("data-cell", "r" + (r + 1) + "c" + (col + 1));
      cell.dataset.index = c;
      cell.className = "cell";
      if (col < n - 1 && pz.region[c] !== pz.region[c + 1]) { cell.classList.add("br"); }
      if (r < n - 1 && pz.region[c] !== pz.region[c + n]) { cell.classList.add("bb"); }
      if (windows.has(c)) { cell.classList.add("win"); }
      cell.addEventListener("click", () => { select(c); });
      row.appendChild(cell);
    }
    board.appendChild(row);
  }
  board.appendChild(overlay());
  const rules = [];
  if (pz.houses.some((h) => h.kind === "diagonal")) { rules.push(t("rulesX2")); }
  if (windows.size) { rules.push(t("rulesW2")); }
  if (pz.kinds.includes("jigsaw")) { rules.push(t("rulesJ2")); }
  if (pz.cages.length) { rules.push(t("rulesK2")); }
  $("rules").textContent = rules.join(" ");
}

// overlay draws what HTML cells do not: killer cages with their sums and the
// diagonals of Sudoku-X, in board units (one cell is 1 by 1).
function overlay() {
  const n = pz.size;
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 " + n + " " + n);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("overlay");
  const line = (x1, y1, x2, y2, cls) => {
    const l = document.createElementNS(SVGNS, "line");
    l.setAttribute("x1", x1); l.setAttribute("y1", y1); l.setAttribute("x2", x2); l.setAttribute("y2", y2);
    l.setAttribute("class", cls);
    svg.appendChild(l);
  };
  if (pz.houses.some((h) => h.kind === "diagonal")) {
    line(0, 0, n, n, "diag");
    line(n, 0, 0, n, "diag");
  }
  const d = 0.09;
  pz.cages.forEach((cg, i) => {
    const inCage = new Set(cg.cells);
    const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inCage.has(r * n + c);
    for (const cell of cg.cells) {
      const r = Math.floor(cell / n), c = cell % n;
      // Each open side is drawn inset by d; it runs on into a neighbour of the cage, and
      // into the corner where the cage turns inward.
      const ext = (inA, inDiag) => (inA ? (inDiag ? -d : 0) : d);
      if (!has(r - 1, c)) { line(c + ext(has(r, c - 1), has(r - 1, c - 1)), r + d, c + 1 - ext(has(r, c + 1), has(r - 1, c + 1)), r + d, "cage"); }
      if (!has(r + 1, c)) { line(c + ext(has(r, c - 1), has(r + 1, c - 1)), r + 1 - d, c + 1 - ext(has(r, c + 1), has(r + 1, c + 1)), r + 1 - d, "cage"); }
      if (!has(r, c - 1)) { line(c + d, r + ext(has(r - 1, c), has(r - 1, c - 1)), c + d, r + 1 - ext(has(r + 1, c), has(r + 1, c - 1)), "cage"); }
      if (!has(r, c + 1)) { line(c + 1 - d, r + ext(has(r - 1, c), has(r - 1, c + 1)), c + 1 - d, r + 1 - ext(has(r + 1, c), has(r + 1, c + 1)), "cage"); }
    }
    const first = Math.min(...cg.cells);
    const txt = document.createElementNS(SVGNS, "text");
    txt.setAttribute("x", first % n + 0.05);
    txt.setAttribute("y", Math.floor(first / n) + 0.24);
    txt.setAttribute("class", "sum");
    txt.setAttribute("data-cage", i);
    txt.textContent = cg.sum;
    svg.appendChild(txt);
  });
  return svg;
}

function buildPad() {
  const pad = $("pad");
  pad.textContent = "";
  for (let d = 1; d <= pz.size; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("data-digit", d);
    b.textContent = pz.symbols[d - 1];
    b.addEventListener("click", () => { input(d); });
    pad.appendChild(b);
  }
  pad.className = "pad digits n" + pz.size;
}

function cageOf(c) { return pz.cages.find((cg) => cg.cells.includes(c)); }

// render shows the current snapshot: digits, marks, conflicts, the selection, the
// hint, and each cell's name for a screen reader.
function render() {
  if (!game) { return; }
  const s = cur();
  const bad = conflicts(s);
  const sel = ui.selected;
  const selDigit = s.v[sel];
  const hint = ui.hint && ui.hintAt === game.at ? ui.hint : null;
  document.querySelectorAll("#board .cell").forEach((cell) => {
    const c = Number(cell.dataset.index);
    const d = s.v[c];
    const ms = d ? [] : marksOf(s, c);
    cell.textContent = "";
    const flag = (name, on, value) => { if (on) { cell.setAttribute(name, value === undefined ? "" : value); } else { cell.removeAttribute(name); } };
    flag("data-given", !!pz.givens[c]);
    flag("data-value", !!d, d);
    flag("data-marks", ms.length > 0, ms.join(" "));
    flag("data-conflict", bad.has(c));
    flag("data-mistake", ui.mistakes.has(c));
    flag("data-selected", c === sel);
    flag("data-same", !!selDigit && d === selDigit && c !== sel);
    // A hint's colours stand alone: no shading of the selection's peers beside them.
    flag("data-peer", !hint && c !== sel && pz.peers[sel].includes(c));
    flag("data-hint", hint && hint.cells[c], hint && hint.cells[c] ? Array.from(hint.cells[c]).join(" ") : "");
    if (d) {
      const v = document.createElement("span");
      v.className = "v";
      v.textContent = pz.symbols[d - 1];
      cell.appendChild(v);
    } else if (ms.length) {
      const box = document.createElement("span");
      box.className = "marks";
      for (let k = 1; k <= pz.size; k++) {
        const m = document.createElement("span");
        if (ms.includes(k)) {
          m.textContent = pz.symbols[k - 1];
          if (k === selDigit) { m.className = "same"; }
          if (hint && hint.digits[c] && hint.digits[c][k]) { m.setAttribute("data-hint-digit", hint.digits[c][k]); }
        }
        box.appendChild(m);
      }
      cell.appendChild(box);
    }
    if (!d && hint && hint.place[c]) {
      const g = document.createElement("span");
      g.className = "ghost";
      g.textContent = pz.symbols[hint.place[c] - 1];
      cell.appendChild(g);
    }
    // The name a screen reader says.
    const r = Math.floor(c / pz.size) + 1, col = c % pz.size + 1;
    let name = t("cellName", { r, c: col }) + ", ";
    if (pz.givens[c]) { name += t("given", { d: pz.symbols[d - 1] }); } else if (d) { name += pz.symbols[d - 1]; } else {
      name += t("empty") + (ms.length ? ", " + t("candidates", { m: ms.map((k) => pz.symbols[k - 1]).join(" ") }) : "");
    }
    const cg = cageOf(c);
    if (cg && Math.min(...cg.cells) === c) { name += ", " + t("cageSaid", { s: cg.sum }); }
    if (bad.has(c)) { name += ", " + t("conflictSaid"); }
    if (ui.mistakes.has(c)) { name += ", " + t("mistakeSaid"); }
    cell.setAttribute("aria-label", name);
    cell.setAttribute("aria-selected", c === sel ? "true" : "false");
    cell.tabIndex = c === sel ? 0 : -1;
  });
  document.querySelectorAll("#pad [data-digit]").forEach((b) => {
    const d = Number(b.getAttribute("data-digit"));
    b.setAttribute("aria-label", t(ui.notes ? "markDigit" : "digit", { d: pz.symbols[d - 1] }));
    b.classList.toggle("done", s.v.filter((x) => x === d).length >= pz.size);
  });
  document.querySelector('[data-action="notes"]').setAttribute("aria-pressed", String(ui.notes));
  document.querySelector('[data-action="undo"]').disabled = game.at === 0;
  document.querySelector('[data-action="redo"]').disabled = game.at === game.history.length - 1;
  document.querySelector('[data-action="apply"]').hidden = !(hint && hint.step);
  if (!hint && ui.hint && ui.hintAt !== game.at) { clearHint(); }
  document.body.setAttribute("data-history", game.at + "/" + (game.history.length - 1));
}

function select(c, focus) {
  if (!pz) { return; }
  ui.selected = c;
  render();
  const cell = document.querySelector('#board [data-index="' + c + '"]');
  if (cell && (focus || document.activeElement && document.activeElement.closest && document.activeElement.closest("#board"))) { cell.focus(); }
}

function move(dr, dc) {
  const n = pz.size;
  const r = (Math.floor(ui.selected / n) + dr + n) % n, c = (ui.selected % n + dc + n) % n;
  select(r * n + c, true);
}

// ---- check and hints

async function check() {
  if (!game) { return; }
  const at = game.at;
  // Checking asks to see the mistakes' cells: level 3 of a mistake (1 and 2 only
  // count them and name their houses; 4 gives the digit).
  const h = await busy(() => ask("api/hint", withRules({ puzzle: pz.text, grid: gridLine(cur()), level: 3, lang: ui.lang })));
  if (!h || at !== game.at) { return; }
  clearHint();
  ui.mistakes.clear();
  const wrong = (h.mistakes || []).filter((m) => m.cell && (m.kind === "wrong-entry" || m.kind === "repeat"));
  wrong.forEach((m) => ui.mistakes.add(cellIndex(m.cell)));
  showHintText(h.status === "solved" ? t("solved") : wrong.length ? t("mistakes", { n: wrong.length }) : h.problem ? h.problem : t("noMistakes"), []);
  render();
}

function cellIndex(name) {
  const m = /^r(\d+)c(\d+)$/i.exec(name);
  return (Number(m[1]) - 1) * pz.size + Number(m[2]) - 1;
}

function showHintText(text, list) {
  $("hint-head").textContent = text;
  const ol = $("hint-list");
  ol.textContent = "";
  list.forEach((s) => {
    const li = document.createElement("li");
    li.textContent = s;
    ol.appendChild(li);
  });
}

function clearHint() {
  ui.hint = null;
  ui.hintLevel = 0;
  $("hint-box").removeAttribute("data-level");
  showHintText("", []);
}

// hint asks for the next level of the hint on the player's grid and marks: the
// first press says what to look for, then where, why, and the move.
async function hint() {
  if (!game) { return; }
  const at = game.at;
  const level = ui.hint && ui.hintAt === at ? Math.min(ui.hintLevel + 1, 4) : 1;
  const s = cur();
  const body = withRules({ puzzle: pz.text, grid: gridLine(s), level, lang: ui.lang, picture: true });
  const marks = marksLine(s);
  if (marks) { body.marks = marks; }
  const h = await busy(() => ask("api/hint", body));
  if (!h || at !== game.at) { return; }
  ui.mistakes.clear();
  const drawn = { cells: {}, digits: {}, place: {}, step: null };
  const mark = (c, role) => { (drawn.cells[c] = drawn.cells[c] || new Set()).add(role); };
  if (h.mistakes) {
    showMistakes(h, mark);
  } else if (h.status !== "hint") {
    showHintText(h.status === "solved" ? t("solved") : t("noHint", { p: h.problem || h.status }), []);
  } else {
    const texts = (h.note ? [h.note] : []).concat(h.hints || []);
    showHintText(t("hintLevel", { l: h.level }), texts);
    if (h.picture) { readPicture(h.picture, drawn, mark); }
    if (h.step) {
      drawn.step = h.step;
      (h.step.placements || []).forEach((p) => { const [cell, d] = p.split("="); drawn.place[cellIndex(cell)] = Number(d); mark(cellIndex(cell), "place"); });
    }
  }
  ui.hint = drawn;
  ui.hintAt = at;
  ui.hintLevel = h.level || 0;
  $("hint-box").setAttribute("data-level", String(ui.hintLevel));
  render();
}

// showMistakes names the mistakes of a hint's answer and marks their cells.
function showMistakes(h, mark) {
  h.mistakes.forEach((m) => { if (m.cell) { mark(cellIndex(m.cell), "mistake"); if (m.kind !== "mark-removed") { ui.mistakes.add(cellIndex(m.cell)); } } });
  showHintText(t("mistakesFirst"), h.mistakes.map((m) => m.text));
}

// readPicture takes what the hint's picture draws (cells, houses, digits; see
// explain/svg) onto the player's board.
function readPicture(picture, drawn, mark) {
  const doc = new DOMParser().parseFromString(picture, "image/svg+xml");
  const byName = {};
  pz.houses.forEach((h) => { byName[h.name] = h.cells; });
  doc.querySelectorAll("[data-role]").forEach((e) => {
    const role = e.getAttribute("data-role");
    const cell = e.getAttribute("data-cell"), house = e.getAttribute("data-house");
    if (cell) {
      const c = cellIndex(cell);
      const d = Number(e.getAttribute("data-digit") || 0);
      if (d) { (drawn.digits[c] = drawn.digits[c] || {})[d] = role; }
      if (role !== "beam" && role !== "link") { mark(c, role); }
    } else if (house && byName[house] && role !== "beam") {
      byName[house].forEach((c) => mark(c, role));
    }
  });
}

// apply plays the hinted step: its placements, and its eliminations on the marks.
function applyHint() {
  const h = ui.hint;
  if (!h || !h.step || ui.hintAt !== game.at) { return; }
  change((s) => {
    (h.step.placements || []).forEach((p) => { const [cell, d] = p.split("="); place(s, cellIndex(cell), Number(d)); });
    (h.step.eliminations || []).forEach((e) => {
      const [cell, d] = e.split("<>");
      const c = cellIndex(cell);
      if (!s.v[c] && s.m[c]) { setMarks(s, c, marksOf(s, c).filter((x) => x !== Number(d))); }
    });
  });
}

// ---- the walkthrough from the player's position

async function walk() {
  if (!game) { return; }
  const at = game.at;
  const grid = gridLine(cur());
  const req = withRules({ puzzle: pz.text, grid, lang: ui.lang });
  // A wrong digit is named first: from a wrong position there is nothing to walk.
  const data = await busy(async () => {
    const h = await ask("api/hint", withRules({ puzzle: pz.text, grid, level: 3, lang: ui.lang }));
    return h.mistakes ? { mistakes: h } : ask("api/walk", req);
  });
  if (!data) { return; }
  if (data.mistakes) {
    if (at !== game.at) { return; }
    const drawn = { cells: {}, digits: {}, place: {}, step: null };
    showMistakes(data.mistakes, (c, role) => { (drawn.cells[c] = drawn.cells[c] || new Set()).add(role); });
    ui.hint = drawn;
    ui.hintAt = at;
    ui.hintLevel = 0;
    render();
    return;
  }
  ui.walk = { req, pictures: new Array(data.screens), steps: data.trace.steps, current: 0, loading: false };
  keepPage(data);
  const list = $("steps");
  list.textContent = "";
  const labels = [t("walkFrom")].concat(ui.walk.steps.map((s) => s.line), [t("walkEnd")]);
  labels.forEach((text, k) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.textContent = text;
    b.addEventListener("click", () => { showScreen(k); });
    li.appendChild(b);
    list.appendChild(li);
  });
  list.hidden = true;
  $("show-steps").setAttribute("aria-expanded", "false");
  $("show-steps").textContent = t("showSteps");
  $("walk-panel").hidden = false;
  document.body.setAttribute("data-steps", String(ui.walk.steps.length));
  showScreen(ui.walk.steps.length ? 1 : 0);
  $("walk-panel").scrollIntoView({ block: "nearest" });
}

function keepPage(data) { data.pictures.forEach((p, k) => { ui.walk.pictures[data.from + k] = p; }); }

async function showScreen(i) {
  const w = ui.walk;
  if (!w || i < 0 || i >= w.pictures.length) { return; }
  if (w.pictures[i] === undefined) {
    if (w.loading) { return; }
    w.loading = true;
    const data = await busy(() => ask("api/walk", Object.assign({}, w.req, { from: i })));
    w.loading = false;
    if (data) { keepPage(data); showScreen(i); }
    return;
  }
  w.current = i;
  $("walk-board").innerHTML = w.pictures[i]; // SVG the server drew; the page's CSP allows no script in it
  const step = i >= 1 && i <= w.steps.length ? w.steps[i - 1] : null;
  $("line").textContent = step ? step.line : i === 0 ? t("screenPuzzle") : t("screenEnd");
  $("prose").textContent = step ? step.text : "";
  $("counter").textContent = i + " / " + (w.pictures.length - 1);
  $("prev").disabled = i === 0;
  $("next").disabled = i === w.pictures.length - 1;
  Array.from($("steps").children).forEach((li, k) => { li.classList.toggle("current", k === i); });
  showLegend();
  document.body.setAttribute("data-current", String(i));
}

function showLegend() {
  const svg = $("walk-board").querySelector("svg");
  const legends = [['[data-kind="diagonal"]', "legendX"], ['[data-kind="window"]', "legendW"], [".regions", "legendJ"], [".cage", "legendK"]];
  $("legend").textContent = svg ? legends.filter((l) => svg.querySelector(l[0])).map((l) => t(l[1])).join(" ") : "";
}

function closeWalk() {
  ui.walk = null;
  $("walk-panel").hidden = true;
  $("walk-board").textContent = "";
  document.body.removeAttribute("data-current");
  document.body.removeAttribute("data-steps");
}

// ---- the timer

function tick() {
  if (game && document.visibilityState === "visible" && !cur().v.every((d) => d)) {
    game.elapsed++;
    if (game.elapsed % 10 === 0) { save(); }
  }
  showTimer();
}

function showTimer() {
  const hidden = !game || game.timerHidden;
  const s = game ? game.elapsed : 0;
  $("timer").textContent = hidden ? "" : Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  const b = document.querySelector('[data-action="timer"]');
  b.textContent = t(hidden ? "showTimer" : "hideTimer");
  b.setAttribute("aria-pressed", String(!!hidden));
}

// ---- language

function setLang(lang) {
  ui.lang = lang === "ja" ? "ja" : "en";
  document.documentElement.lang = ui.lang;
  $("lang").value = ui.lang;
  document.querySelectorAll("[data-i18n]").forEach((e) => { e.textContent = t(e.getAttribute("data-i18n")); });
  document.querySelectorAll("[data-i18n-aria]").forEach((e) => { e.setAttribute("aria-label", t(e.getAttribute("data-i18n-aria"))); });
  const url = new URL(location.href);
  if (ui.lang === "ja") { url.searchParams.set("lang", "ja"); } else { url.searchParams.delete("lang"); }
  history.replaceState(null, "", url);
  showTimer();
  if (pz) { buildBoard(); render(); }
}

// ---- wiring

const actions = {
  erase, undo, redo, check, hint, walk, stop,
  notes: () => { ui.notes = !ui.notes; render(); },
  "auto-notes": autoNotes,
  apply: applyHint,
  open: async () => { if (await open($("puzzle").value || $("puzzle").placeholder, $("variant").value)) { $("open-panel").open = false; } },
  new: newPuzzle,
  timer: () => { if (game) { game.timerHidden = !game.timerHidden; save(); showTimer(); } }
};
document.querySelectorAll("[data-action]").forEach((b) => {
  b.addEventListener("click", () => { actions[b.getAttribute("data-action")](); });
});
$("prev").addEventListener("click", () => { showScreen(ui.walk.current - 1); });
$("next").addEventListener("click", () => { showScreen(ui.walk.current + 1); });
$("walk-close").addEventListener("click", closeWalk);
$("show-steps").addEventListener("click", () => {
  const list = $("steps");
  list.hidden = !list.hidden;
  $("show-steps").setAttribute("aria-expanded", String(!list.hidden));
  $("show-steps").textContent = t(list.hidden ? "showSteps" : "hideSteps");
});
$("lang").addEventListener("change", () => { setLang($("lang").value); });

document.addEventListener("keydown", (e) => {
  const tag = e.target && e.target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT" || tag === "INPUT" || !game) { return; }
  const k = e.key;
  const ctrl = e.ctrlKey || e.metaKey;
  let done = true;
  if (ctrl && (k === "z" || k === "Z")) { if (e.shiftKey) { redo(); } else { undo(); } } else if (ctrl && (k === "y" || k === "Y")) { redo(); } else if (ctrl || e.altKey) { done = false; } else if (k === "ArrowUp") { move(-1, 0); } else if (k === "ArrowDown") { move(1, 0); } else if (k === "ArrowLeft") { move(0, -1); } else if (k === "ArrowRight") { move(0, 1); } else if (k === "Backspace" || k === "Delete" || k === "0") { erase(); } else if (k === "n" || k === "N") { actions.notes(); } else if (k === "h" || k === "H") { hint(); } else {
    // A digit: 1-9, then A-G on 16x16; with Shift, a note whatever the mode.
    const code = /^Digit(\d)$/.exec(e.code || "");
    const sym = code ? code[1] : k.length === 1 ? k.toUpperCase() : "";
    const d = sym ? pz.symbols.indexOf(sym) + 1 : 0;
    if (d > 0) {
      if (e.shiftKey) { change((s) => toggleMark(s, ui.selected, d)); } else { input(d); }
    } else { done = false; }
  }
  if (done) { e.preventDefault(); }
});

setInterval(tick, 1000);

// A built site keeps its files for offline play (sw.js); serve has none to register.
if (inWorker && "serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch((err) => { console.warn("stepdoku: no offline copy:", err); });
}

// Start: the puzzle of the address (?p=, &v= the rules, &lang=), else the last game,
// else the example, so that there is a board at once.
(async () => {
  const q = new URLSearchParams(location.search);
  setLang(q.get("lang") || "en");
  let text = q.get("p"), variant = q.get("v") || "";
  if (!text) {
    try {
      const last = JSON.parse(localStorage.getItem("stepdoku:last") || "null");
      if (last && last.text) { text = last.text; variant = last.variant || ""; }
    } catch (e) { /* no last game */ }
  }
  $("puzzle").value = text || "";
  $("variant").value = variant;
  if (!(await open(text || EXAMPLE, variant))) { $("open-panel").open = true; }
})();
