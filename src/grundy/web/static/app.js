// The grundy playground page: analyse, play, sequence and graph views over the JSON API.
//
// Plain ES2020, no build step and nothing from outside this server (its CSP allows only
// 'self'). Server strings are data: they only ever reach the page through textContent
// and SVG text nodes, never as markup.

const SVG_NS = "http://www.w3.org/2000/svg";
const VIEWS = ["analyse", "play", "sequence", "graph"];
const DEFAULTS = Object.freeze({
  game: "nim", position: "3 4 5", view: "analyse", misere: false, first: "me",
  upto: 100, certify: false, at: null, turn: null,
});
const OUTCOME_WORDS = {
  N: "N: the player to move wins",
  P: "P: the previous player wins",
};
const VALUE_WORDS = {
  win: "the player to move wins",
  loss: "the player to move loses",
  tie: "a tie with perfect play",
  draw: "a draw: perfect play goes on forever",
};
const LOST_NOW = "Your position is now lost: whatever you play, the engine has a winning answer.";
const LOST_ALREADY = "Your position is lost: every move you can make leaves the engine a " +
  "winning answer.";
const NO_WIN = "no winning move: every move loses against perfect play";

let catalog = [];                 // the games of /api/games
let maxUpto = 10000;              // from /api/limits
let state = { ...DEFAULTS };      // everything the query string holds
let played = { log: [], lost: "" };  // the game in progress, kept in history.state
// Each view counts its requests so an answer that arrives after a newer request is dropped.
const generation = { analyse: 0, play: 0, sequence: 0, graph: 0 };

const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ DOM helpers
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined) {
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
  }
  return node;
}

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (text !== null) node.textContent = text;
  return node;
}

function clear(node) {
  node.replaceChildren();
  return node;
}

// ------------------------------------------------------------------ errors and the API
class ApiError extends Error {}

function problemText(status, body) {
  const detail = body && body.detail;
  if (Array.isArray(detail) && detail.length) {
    // FastAPI's own validation (422): a list of problems; the first one names the field.
    const first = detail[0] || {};
    const where = Array.isArray(first.loc) ? first.loc[first.loc.length - 1] : "";
    const message = first.msg ? String(first.msg) : "invalid request";
    return where ? `${where}: ${message}` : message;
  }
  if (typeof detail === "string" && detail) return detail;
  return `the server answered with status ${status}`;
}

async function api(path, params = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === false) continue;
    query.set(key, value === true ? "true" : String(value));
  }
  let response;
  try {
    response = await fetch(`/api/${path}?${query}`, { headers: { Accept: "application/json" } });
  } catch {
    throw new ApiError("cannot reach the grundy server: is it still running?");
  }
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) throw new ApiError(problemText(response.status, body));
  if (body === null || typeof body !== "object") {
    throw new ApiError("the server's answer was not JSON");
  }
  return body;
}

function showError(error) {
  const box = $("error");
  box.textContent = error instanceof ApiError ? error.message
    : `something went wrong in the page: ${error && error.message ? error.message : error}`;
  box.hidden = false;
  if (!(error instanceof ApiError)) console.warn(error);  // a page bug: keep the trace
}

function clearError() {
  const box = $("error");
  box.hidden = true;
  box.textContent = "";
}

// ------------------------------------------------------------------ games
/** The catalog entry a game name belongs to: bash:5 -> bash:M, 0.137 -> 0.d1d2... */
function familyOf(spec) {
  const name = spec.trim();
  const exact = catalog.find((g) => g.game === name);
  if (exact) return exact;
  const [before, ...rest] = name.split(".");
  if (rest.length && before.length <= 1) {  // an octal or hexadecimal code, as the registry reads it
    return catalog.find((g) => g.name.startsWith("0.")) || null;
  }
  const base = name.split(":")[0].toLowerCase();
  return catalog.find((g) => g.name.split(":")[0] === base) || null;
}

function isTwoPlayer() {
  const family = familyOf(state.game);
  return Boolean(family && family.kind === "two-player");
}

function hasHeaps() {
  const family = familyOf(state.game);
  return Boolean(family && family.heaps);
}

function exampleOf(spec) {
  // bash:5 gets the example of bash:M, 0.137 that of the octal codes: both fit.
  const family = familyOf(spec);
  return family ? family.position : "";
}

/** The misère flag to send: only impartial games have misère play. */
function misereParam() {
  return !isTwoPlayer() && state.misere;
}

/** A position's text laid out as a board: tic-tac-toe rows, connect-four columns. */
function boardText(text) {
  if (text === null || text === undefined) return "";
  if (!isTwoPlayer()) return text;
  if (text.includes("|")) {
    // connect-four: one word a column, bottom first, '-' for an empty column.
    const columns = text.split("|").map((c) => (c === "-" ? "" : c));
    const size = /:(\d+)x(\d+)/i.exec(state.game);
    const height = Math.max(size ? Number(size[2]) : 0, ...columns.map((c) => c.length));
    const rows = [];
    for (let row = height - 1; row >= 0; row--) {
      rows.push(columns.map((c) => c[row] || ".").join(" "));
    }
    rows.push(columns.map((_, i) => String((i + 1) % 10)).join(" "));
    return rows.join("\n");
  }
  return text.includes("/") ? text.split("/").join("\n") : text;
}

// ------------------------------------------------------------------ URL state
function readUrl() {
  const query = new URLSearchParams(location.search);
  const read = { ...DEFAULTS };
  const game = (query.get("game") || "").trim();
  if (game) {
    read.game = game;
    read.position = query.has("position") ? query.get("position") : exampleOf(game);
  } else if (query.has("position")) {
    read.position = query.get("position");
  }
  const view = query.get("view");
  read.view = VIEWS.includes(view) ? view : DEFAULTS.view;
  read.misere = query.get("misere") === "1";
  read.first = query.get("first") === "engine" ? "engine" : "me";
  const upto = Number.parseInt(query.get("upto") || "", 10);
  read.upto = Number.isFinite(upto) ? Math.min(Math.max(upto, 0), maxUpto) : DEFAULTS.upto;
  read.certify = query.get("certify") === "1";
  if (query.has("at")) {
    read.at = query.get("at");
    read.turn = query.get("turn") === "engine" ? "engine" : "me";
  }
  return read;
}

function urlOf(s) {
  const query = new URLSearchParams();
  query.set("game", s.game);
  query.set("position", s.position);
  query.set("view", s.view);
  if (s.misere) query.set("misere", "1");
  if (s.first !== DEFAULTS.first || s.view === "play") query.set("first", s.first);
  if (s.upto !== DEFAULTS.upto || s.view === "sequence") query.set("upto", String(s.upto));
  if (s.certify) query.set("certify", "1");
  if (s.at !== null) {
    query.set("at", s.at);
    query.set("turn", s.turn);
  }
  // '/', ',' and ':' are fine in a query string and keep game names and boards readable.
  const text = query.toString().replace(/%2F/gi, "/").replace(/%2C/gi, ",")
    .replace(/%3A/gi, ":");
  return `${location.pathname}?${text}`;
}

/** Record the state in the address bar: a new history entry for the person's actions. */
function saveState(push) {
  const url = urlOf(state);
  const data = { log: played.log, lost: played.lost };
  if (push && url !== location.pathname + location.search) history.pushState(data, "", url);
  else history.replaceState(data, "", url);
}

function restoreFromHistory() {
  state = readUrl();
  const data = history.state;
  played = data && Array.isArray(data.log) && state.at !== null
    ? { log: data.log.slice(), lost: typeof data.lost === "string" ? data.lost : "" }
    : { log: [], lost: "" };
}

/** Forget the game in progress (the game, the position or the rules changed). */
function resetPlay() {
  state.at = null;
  state.turn = null;
  played = { log: [], lost: "" };
}

// ------------------------------------------------------------------ header and tabs
function fillGameSelect() {
  const select = clear($("game-select"));
  select.append(el("option", { value: "", text: "other (type a name)" }));
  for (const [kind, label] of [["impartial", "Impartial games"], ["two-player", "Two-player games"]]) {
    const group = el("optgroup", { label });
    for (const game of catalog.filter((g) => g.kind === kind)) {
      const label = game.name === game.game ? game.name : `${game.name}  (${game.game})`;
      group.append(el("option", { value: game.game, text: label }));
    }
    select.append(group);
  }
}

function syncHeader() {
  const select = $("game-select");
  const known = catalog.some((g) => g.game === state.game);
  select.value = known ? state.game : "";
  $("game-input").value = state.game;
  $("position-input").value = state.position;
  $("position-input").placeholder = isTwoPlayer() ? "empty: the start"
    : `e.g. ${(familyOf(state.game) || DEFAULTS).position || DEFAULTS.position}`;
  $("position-input").dataset.edited = "";
  $("misere-input").checked = state.misere;
  $("misere-field").hidden = isTwoPlayer();
  const family = familyOf(state.game);
  const summary = $("game-summary");
  if (family) {
    const kind = family.kind === "two-player" ? "" : " (impartial)";
    summary.textContent = `${family.summary}${kind}. Example: ${family.example}`;
  } else {
    summary.textContent = "A game name as on the command line, e.g. 0.137 or subtraction:1,3,4.";
  }
}

function viewAllowed(view) {
  if (view === "sequence") return hasHeaps();
  if (view === "graph") return !isTwoPlayer();
  return true;
}

function syncTabs() {
  for (const view of VIEWS) {
    const tab = $(`tab-${view}`);
    tab.hidden = !viewAllowed(view);
    const selected = view === state.view;
    tab.setAttribute("aria-selected", selected ? "true" : "false");
    tab.classList.toggle("active", selected);
    $(`panel-${view}`).hidden = !selected;
  }
}

function render() {
  clearError();
  if (!viewAllowed(state.view)) {
    state.view = "analyse";
    saveState(false);
  }
  syncHeader();
  syncTabs();
  const draw = { analyse: renderAnalyse, play: renderPlay, sequence: renderSequence,
                 graph: renderGraph }[state.view];
  draw().catch(showError);
}

/** Go to another position (from a button), keeping the view unless told otherwise. */
function goToPosition(text, view = state.view) {
  state.position = text;
  state.view = view;
  resetPlay();
  saveState(true);
  render();
  window.scrollTo({ top: 0 });
}

function applyHeader() {
  const typedGame = $("game-input").value.trim();
  const typedPosition = $("position-input").value;
  const edited = $("position-input").dataset.edited === "1";
  if (typedGame && typedGame !== state.game) {
    state.game = typedGame;
    // A new game gets its example position unless the person typed one as well.
    state.position = edited ? typedPosition.trim() : exampleOf(typedGame);
  } else {
    state.position = typedPosition.trim();
  }
  state.misere = $("misere-input").checked;
  resetPlay();
  saveState(true);
  render();
}

function setUpHeader() {
  $("game-form").addEventListener("submit", (event) => {
    event.preventDefault();
    applyHeader();
  });
  $("game-select").addEventListener("change", () => {
    const chosen = $("game-select").value;
    if (!chosen) {
      $("game-input").focus();
      return;
    }
    state.game = chosen;
    state.position = exampleOf(chosen);
    resetPlay();
    saveState(true);
    render();
  });
  $("position-input").addEventListener("input", () => {
    $("position-input").dataset.edited = "1";
  });
  $("misere-input").addEventListener("change", () => {
    state.misere = $("misere-input").checked;
    resetPlay();
    saveState(true);
    render();
  });
  for (const view of VIEWS) {
    $(`tab-${view}`).addEventListener("click", () => {
      if (state.view === view) return;
      state.view = view;
      saveState(true);
      render();
    });
  }
}

// ------------------------------------------------------------------ analyse
function moveButton(text, position, onClick, extraClass = "") {
  return el("button", { type: "button", class: `move ${extraClass}`.trim(),
                        "data-position": position, onclick: onClick },
            el("span", { class: "move-words", text }),
            el("span", { class: "move-to", text: `→ ${position === "" ? "(start)" : position}` }));
}

function optionBadge(option) {
  if (option.value) {  // two-player: the value for the player who makes the move
    const far = option.remoteness === null || option.remoteness === undefined
      ? "" : ` in ${option.remoteness + 1}`;
    return el("span", { class: `badge value-${option.value}`, text: `${option.value}${far}` });
  }
  const parts = [];
  if (option.grundy !== null && option.grundy !== undefined) parts.push(`g = ${option.grundy}`);
  if (option.outcome) parts.push(option.outcome);
  return el("span", { class: `badge outcome-${option.outcome || "unknown"}`,
                      text: parts.join(", ") });
}

function showOptions(listing) {
  const list = clear($("options"));
  for (const option of listing.options) {
    const winning = option.outcome === "P" || option.value === "win";
    list.append(el("li", {},
      el("button", { type: "button", class: `option${winning ? " winning" : ""}`,
                     "data-position": option.text,
                     onclick: () => goToPosition(option.text) },
         el("span", { class: "move-words", text: option.move }),
         optionBadge(option),
         el("span", { class: "move-to", text: `→ ${option.text}` }))));
  }
  const note = $("options-note");
  if (!listing.options.length) note.textContent = "No moves: the game is over here.";
  else if (isTwoPlayer()) note.textContent = "Each move with its value for the player who makes it.";
  else if (state.misere) note.textContent = "Each move with the outcome of what it leaves (misère play).";
  else note.textContent = "Each move with the SG value and outcome of what it leaves; moving to a P-position wins.";
  if (!listing.complete) note.textContent += " Only the first moves are listed.";
}

function analysePlaceholders() {
  $("analyse-position").textContent = boardText(state.position) || "…";
  for (const id of ["sg-value", "remoteness", "outcome", "reason"]) $(id).textContent = "";
  $("sg-value").textContent = "…";
  clear($("winning-moves"));
  clear($("options"));
  $("options-note").textContent = "";
}

async function renderAnalyse() {
  const mine = ++generation.analyse;
  analysePlaceholders();
  const twoPlayer = isTwoPlayer();
  $("value-label").textContent = twoPlayer ? "Value" : "SG value";
  $("winning-title").textContent = twoPlayer ? "Best moves" : "Winning moves";
  try {
    const game = state.game;
    const position = state.position;
    const [report, listing] = await Promise.all([
      twoPlayer ? api("solve", { game, position })
        : api("value", { game, position, misere: misereParam() }),
      api("options", { game, position, misere: misereParam() }),
    ]);
    if (mine !== generation.analyse) return;
    $("analyse-position").textContent = boardText(report.position_text);
    if (twoPlayer) showSolved(report);
    else showValue(report);
    showOptions(listing);
  } catch (error) {
    if (mine !== generation.analyse) return;
    $("sg-value").textContent = "—";
    showError(error);
  }
}

function showValue(report) {
  if (report.grundy === null || report.grundy === undefined) {
    $("sg-value").textContent = "—";
    $("remoteness").textContent = report.grundy_unknown
      || (report.misere ? "(misère play has outcomes, not SG values)" : "");
  } else {
    $("sg-value").textContent = String(report.grundy);
  }
  $("outcome").textContent = OUTCOME_WORDS[report.outcome] || report.outcome;
  $("outcome").className = `outcome-${report.outcome}`;
  $("reason").textContent = report.reason;
  const box = clear($("winning-moves"));
  for (const described of report.winning_moves_text) {
    box.append(moveButton(described.move, described.position,
                          () => goToPosition(described.position), "winning"));
  }
  if (!report.winning_moves_text.length) {
    box.append(el("p", { class: "muted", text: report.outcome === "P"
      ? "None: every move leaves the opponent a winning position."
      : "None listed." }));
  }
  if (report.winning_moves_unlisted) {
    box.append(el("p", { class: "muted", text: report.winning_moves_unlisted }));
  } else if (!report.winning_moves_complete) {
    box.append(el("p", { class: "muted", text: "There are more winning moves than listed." }));
  }
}

function showSolved(report) {
  $("sg-value").textContent = report.value;
  $("remoteness").textContent = report.remoteness === null || report.remoteness === undefined
    ? "" : `(game over in ${report.remoteness} move${report.remoteness === 1 ? "" : "s"} `
      + "with perfect play)";
  $("outcome").textContent = VALUE_WORDS[report.value] || report.value;
  $("outcome").className = `value-${report.value}`;
  const counts = Object.entries(report.counts || {}).map(([k, v]) => `${v} ${k}`).join(", ");
  $("reason").textContent = `solved ${report.positions} positions`
    + (counts ? ` (${counts})` : "") + (report.symmetry ? ", up to symmetry" : "");
  const box = clear($("winning-moves"));
  for (const described of report.best_moves_text) {
    box.append(moveButton(described.move, described.position,
                          () => goToPosition(described.position),
                          report.value === "win" ? "winning" : ""));
  }
  if (!report.best_moves_text.length) {
    box.append(el("p", { class: "muted", text: "None: the game is over here." }));
  }
}

// ------------------------------------------------------------------ play
function setStatus(text, kind = "") {
  const status = $("play-status");
  status.textContent = text;
  status.className = `status ${kind}`.trim();
}

function clearHint() {
  const hint = $("hint");
  hint.textContent = "";
  hint.removeAttribute("data-position");
}

function lockMoves(locked) {
  for (const button of $("move-list").querySelectorAll("button")) button.disabled = locked;
  for (const button of $("heaps").querySelectorAll("button")) button.disabled = locked;
  $("move-input").disabled = locked;
  $("move-submit").disabled = locked;
  $("hint-button").disabled = locked;
}

function showLog() {
  const log = clear($("move-log"));
  for (const entry of played.log) {
    log.append(el("li", { class: `log-${entry.who}` },
      el("strong", { text: entry.who === "you" ? "you: " : "engine: " }),
      entry.move,
      el("span", { class: "muted", text: `  → ${entry.position}` })));
  }
  if (!played.log.length) log.append(el("li", { class: "muted empty", text: "No moves yet." }));
}

function showLost() {
  const notice = $("lost-notice");
  notice.textContent = played.lost;
  notice.hidden = !played.lost;
}

function showEngineMove() {
  const last = [...played.log].reverse().find((entry) => entry.who === "engine");
  $("engine-move").textContent = last ? `engine: ${last.move}` : "";
}

/** The heaps as rows of tokens: clicking a token takes it and every token to its right. */
function showHeaps(listing) {
  const box = clear($("heaps"));
  const heaps = listing.position;
  const small = Array.isArray(heaps) && heaps.length <= 12
    && heaps.every((h) => Number.isInteger(h) && h >= 0 && h <= 40);
  if (!hasHeaps() || !small) return;
  // A token is a move only when leaving k tokens in that heap is one of the listed options.
  const legal = new Map();
  for (const option of listing.options) {
    const after = option.position;
    if (!Array.isArray(after) || after.length !== heaps.length) continue;
    const changed = heaps.map((h, i) => (h !== after[i] ? i : -1)).filter((i) => i >= 0);
    if (changed.length === 1) legal.set(`${changed[0]}:${after[changed[0]]}`, option.text);
  }
  heaps.forEach((size, i) => {
    const row = el("div", { class: "heap" }, el("span", { class: "heap-label", text: `heap ${i + 1}` }));
    for (let k = 0; k < size; k++) {
      const target = legal.get(`${i}:${k}`);
      row.append(el("button", {
        type: "button", class: "token", disabled: !target,
        "aria-label": `heap ${i + 1}: take ${size - k}, leave ${k}`,
        title: target ? `take ${size - k}, leave ${k}` : "not a legal move",
        onclick: () => playMove(target),
      }));
    }
    if (!size) row.append(el("span", { class: "muted", text: "empty" }));
    box.append(row);
  });
}

function showMoves(listing) {
  const list = clear($("move-list"));
  for (const option of listing.options) {
    list.append(moveButton(option.move, option.text, () => playMove(option.text)));
  }
  if (!listing.complete) {
    list.append(el("p", { class: "muted", text: "More moves exist: type the position." }));
  }
}

function playTools(visible) {
  for (const id of ["move-form", "hint-button"]) $(id).hidden = !visible;
}

async function renderPlay() {
  const mine = ++generation.play;
  for (const input of document.querySelectorAll('input[name="first"]')) {
    input.checked = input.value === state.first;
  }
  $("play-start").textContent = state.at === null ? "Start" : "New game";
  showLog();
  showLost();
  showEngineMove();
  clearHint();
  clear($("move-list"));
  clear($("heaps"));
  if (state.at === null) {
    $("play-position").textContent = boardText(state.position);
    setStatus("Choose who moves first, then press Start.");
    playTools(false);
    return;
  }
  playTools(true);
  $("play-position").textContent = boardText(state.at);
  try {
    if (state.turn === "engine") await engineTurn(mine);
    else await personTurn(mine);
  } catch (error) {
    playFailed(error, mine);
  }
}

function playFailed(error, mine) {
  if (mine !== generation.play) return;
  showError(error);
  setStatus("Stopped: see the error above. Press New game to start again.", "bad");
}

async function personTurn(mine) {
  const listing = await api("options", { game: state.game, position: state.at,
                                         misere: misereParam() });
  if (mine !== generation.play) return;
  $("play-position").textContent = boardText(listing.position_text);
  if (!listing.options.length) {
    await gameOver(mine, "me");
    return;
  }
  if (!played.lost) {
    const lost = isTwoPlayer()
      ? (await api("solve", { game: state.game, position: state.at })).value === "loss"
      : (await api("value", { game: state.game, position: state.at,
                              misere: misereParam() })).outcome === "P";
    if (mine !== generation.play) return;
    if (lost) {
      played.lost = LOST_ALREADY;
      saveState(false);
      showLost();
    }
  }
  showHeaps(listing);
  showMoves(listing);
  lockMoves(false);
  $("move-input").value = "";
  setStatus("Your move");
}

async function engineTurn(mine) {
  lockMoves(true);
  clear($("move-list"));
  clear($("heaps"));
  setStatus("Engine is thinking…", "busy");
  const answer = await api("reply", { game: state.game, position: state.at,
                                      misere: misereParam() });
  if (mine !== generation.play) return;
  if (answer.position_text === null || answer.position_text === undefined) {
    await gameOver(mine, "engine");
    return;
  }
  played.log.push({ who: "engine", move: answer.move, position: answer.position_text });
  if (answer.winning && !played.lost) played.lost = LOST_NOW;
  state.at = answer.position_text;
  state.turn = "me";
  saveState(false);
  showLog();
  showLost();
  showEngineMove();
  $("play-position").textContent = boardText(state.at);
  await personTurn(mine);
}

/** No move is left for `stuck` ("me" or "engine"): say who won. */
async function gameOver(mine, stuck) {
  lockMoves(true);
  clear($("heaps"));
  playTools(false);
  clear($("move-list")).append(el("p", { class: "muted",
    text: "No move is left: the game is over. Press New game to play again." }));
  let result;
  if (isTwoPlayer()) {
    const report = await api("solve", { game: state.game, position: state.at });
    if (mine !== generation.play) return;
    const won = { win: stuck, loss: stuck === "me" ? "engine" : "me" }[report.value];
    if (won) result = won === "me" ? "You win!" : "The engine wins.";
    else result = report.value === "draw" ? "A draw." : "A tie.";
  } else {
    // Normal play: whoever cannot move loses. Misère play: whoever cannot move wins.
    const personWins = (stuck === "me") === state.misere;
    result = personWins ? "You win!" : "The engine wins.";
  }
  setStatus(result, result === "You win!" ? "good" : result === "The engine wins." ? "bad" : "");
  $("play-start").textContent = "New game";
}

async function playMove(after) {
  if (state.at === null || state.turn !== "me" || after === undefined) return;
  clearError();
  const mine = ++generation.play;
  // Said at once, so nobody reads the last turn's "Your move" while the server works.
  setStatus("Checking your move…", "busy");
  lockMoves(true);
  clearHint();
  try {
    const result = await api("move", { game: state.game, position: state.at, after,
                                       misere: misereParam() });
    if (mine !== generation.play) return;
    played.log.push({ who: "you", move: result.move, position: result.position_text });
    state.at = result.position_text;
    state.turn = "engine";
    saveState(true);
    showLog();
    $("play-position").textContent = boardText(state.at);
  } catch (error) {
    if (mine !== generation.play) return;
    showError(error);
    lockMoves(false);
    setStatus("Your move");
    return;
  }
  try {
    await engineTurn(mine);
  } catch (error) {
    playFailed(error, mine);
  }
}

async function showHint() {
  if (state.at === null || state.turn !== "me") return;
  const mine = generation.play;
  const hint = $("hint");
  clearHint();
  hint.textContent = "Thinking…";
  try {
    let move = null;
    let note = "a winning move";
    if (isTwoPlayer()) {
      const report = await api("solve", { game: state.game, position: state.at });
      move = report.best_moves_text[0] || null;
      if (report.value === "loss") note = "";
      else if (report.value !== "win") note = `best move: ${VALUE_WORDS[report.value] || report.value}`;
    } else {
      const report = await api("value", { game: state.game, position: state.at,
                                          misere: misereParam() });
      move = report.winning_moves_text[0] || null;
    }
    if (mine !== generation.play) return;
    if (!move || !note) {
      // A lost two-player position still has a best try: the one that lasts longest.
      const longest = move ? ` The one that lasts longest: ${move.move}.` : "";
      hint.textContent = `Hint: ${NO_WIN}.${longest}`;
      return;
    }
    hint.textContent = `Hint: ${move.move}, leaving ${move.position || "(start)"} (${note}).`;
    hint.dataset.position = move.position;
  } catch (error) {
    if (mine !== generation.play) return;
    hint.textContent = "";
    showError(error);
  }
}

function setUpPlay() {
  $("play-setup").addEventListener("submit", (event) => {
    event.preventDefault();
    clearError();
    const chosen = document.querySelector('input[name="first"]:checked');
    state.first = chosen && chosen.value === "engine" ? "engine" : "me";
    resetPlay();
    state.at = state.position;
    state.turn = state.first;
    saveState(true);
    setStatus("Starting…", "busy");
    renderPlay().catch(showError);
  });
  for (const input of document.querySelectorAll('input[name="first"]')) {
    input.addEventListener("change", () => {
      state.first = input.value === "engine" ? "engine" : "me";
      saveState(false);
    });
  }
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = $("move-input").value.trim();
    if (typed) playMove(typed);
  });
  $("hint-button").addEventListener("click", () => showHint());
}

// ------------------------------------------------------------------ sequence
function niceStep(span, ticks) {
  const raw = Math.max(span / ticks, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * power >= raw) return factor * power;
  }
  return 10 * power;
}

function periodCaption(report) {
  const period = report.period;
  if (period !== undefined && period !== null) {
    const from = `period ${period} from n = ${report.preperiod}`;
    const saltus = report.saltus ? `, saltus ${report.saltus}` : "";
    if (report.certified) {
      const checked = report.bound ? ` by the values up to n = ${report.bound}` : "";
      return `${from}${saltus}, certified${checked}`;
    }
    const needs = report.bound ? ` (needs values up to ${report.bound})` : "";
    return `${from}${saltus}, not certified yet${needs}`;
  }
  if (report.misere) return "misère play: outcomes of single heaps (no period search)";
  if (report.code && !state.certify) {
    return "no period seen; tick \u201ccertify the period\u201d to search further";
  }
  return "no period seen";
}

function drawSequence(report) {
  const chart = clear($("sequence-chart"));
  const misere = !report.values && Array.isArray(report.outcomes);
  const values = misere ? report.outcomes.map((o) => (o === "N" ? 1 : 0)) : report.values || [];
  const count = values.length;
  const width = 900;
  const height = 300;
  const left = 44;
  const right = 26;
  const top = 14;
  const bottom = 36;
  const topValue = Math.max(1, ...values);
  const slot = (width - left - right) / Math.max(count, 1);
  const x = (n) => left + (n + 0.5) * slot;
  const y = (v) => top + (height - top - bottom) * (1 - v / topValue);
  chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
  chart.setAttribute("width", String(width));
  chart.setAttribute("height", String(height));
  chart.append(svg("title", {}, `values of single heaps 0 to ${count - 1}`));

  // Bands first, so the marks sit on top: the preperiod, then alternating period blocks.
  const bandTop = top;
  const bandHeight = height - top - bottom;
  const edge = (n) => left + Math.min(n, count) * slot;
  if (report.period && report.preperiod !== undefined) {
    const pre = report.preperiod;
    if (pre > 0) {
      chart.append(svg("rect", { class: "band-pre", x: edge(0), y: bandTop,
                                 width: edge(pre) - edge(0), height: bandHeight }));
    }
    // Blocks narrower than a few pixels would only paint stripes: one band then.
    const blockWidth = report.period * slot;
    const step = blockWidth >= 4 ? report.period : count;
    for (let start = pre, block = 0; start < count; start += step, block++) {
      chart.append(svg("rect", { class: block % 2 ? "band-b" : "band-a", x: edge(start),
                                 y: bandTop, width: edge(start + step) - edge(start),
                                 height: bandHeight }));
      if (blockWidth >= 12) {
        chart.append(svg("line", { class: "block-line", x1: edge(start), x2: edge(start),
                                   y1: bandTop, y2: bandTop + bandHeight }));
      }
    }
    // Name the bands where there is room for a word.
    if (pre > 0 && edge(pre) - edge(0) > 70) {
      chart.append(svg("text", { class: "band-label", x: edge(0) + 6, y: bandTop + 13 },
                       `preperiod: n < ${pre}`));
    }
    if (pre < count && edge(pre + report.period) - edge(pre) > 60) {
      chart.append(svg("text", { class: "band-label", x: edge(pre) + 4, y: bandTop + 13 },
                       `period ${report.period}`));
    }
  }

  // Axes with a few ticks.
  const axis = svg("g", { class: "axis" });
  axis.append(svg("line", { x1: left, x2: width - right, y1: height - bottom,
                            y2: height - bottom }));
  axis.append(svg("line", { x1: left, x2: left, y1: top, y2: height - bottom }));
  const xStep = niceStep(count, 10);
  for (let n = 0; n < count; n += xStep) {
    axis.append(svg("line", { x1: x(n), x2: x(n), y1: height - bottom, y2: height - bottom + 5 }));
    axis.append(svg("text", { x: x(n), y: height - bottom + 18, class: "tick-x" }, String(n)));
  }
  axis.append(svg("text", { x: width - right, y: height - 4, class: "axis-label" }, "n"));
  if (misere) {
    for (const [v, label] of [[0, "P"], [1, "N"]]) {
      axis.append(svg("text", { x: left - 8, y: y(v) + 4, class: "tick-y" }, label));
    }
  } else {
    const yStep = niceStep(topValue, 5);
    for (let v = 0; v <= topValue; v += yStep) {
      axis.append(svg("line", { x1: left - 5, x2: left, y1: y(v), y2: y(v) }));
      axis.append(svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v),
                                class: "grid" }));
      axis.append(svg("text", { x: left - 8, y: y(v) + 4, class: "tick-y" }, String(v)));
    }
  }
  chart.append(axis);

  // One mark per heap size; thousands of marks stay light as a single path.
  const marks = svg("g", { class: "marks" });
  if (count <= 2000) {
    const radius = Math.max(1.5, Math.min(4, slot / 2.5));
    values.forEach((v, n) => {
      const mark = svg("circle", { class: "mark", cx: x(n), cy: y(v), r: radius });
      mark.append(svg("title", {}, misere ? `n = ${n}: ${report.outcomes[n]}`
        : `n = ${n}: ${v}`));
      marks.append(mark);
    });
  } else {
    const path = values.map((v, n) => `M${x(n).toFixed(1)} ${y(v).toFixed(1)}h0.8`).join("");
    marks.append(svg("path", { class: "mark mark-path", d: path }));
  }
  chart.append(marks);
}

function drawTable(report) {
  const table = clear($("sequence-table"));
  const misere = !report.values && Array.isArray(report.outcomes);
  const values = misere ? report.outcomes : report.values || [];
  const periodic = Boolean(report.period);
  const header = el("tr", {}, el("th", { scope: "col", text: "n" }));
  for (let j = 0; j < 10; j++) header.append(el("th", { scope: "col", text: `+${j}` }));
  table.append(el("thead", {}, header));
  const body = el("tbody");
  for (let row = 0; row < values.length; row += 10) {
    const tr = el("tr", {}, el("th", { scope: "row", text: String(row) }));
    for (let n = row; n < row + 10; n++) {
      if (n >= values.length) {
        tr.append(el("td", { class: "none" }));
        continue;
      }
      let cls = "";
      if (periodic && n < report.preperiod) cls = "pre";
      else if (periodic) cls = Math.floor((n - report.preperiod) / report.period) % 2 ? "blk-b" : "blk-a";
      tr.append(el("td", { class: cls || null, title: `n = ${n}`, text: String(values[n]) }));
    }
    body.append(tr);
  }
  table.append(body);
}

async function renderSequence() {
  const mine = ++generation.sequence;
  $("upto-input").value = String(state.upto);
  $("upto-input").max = String(maxUpto);
  $("certify-input").checked = state.certify;
  $("period-caption").textContent = "Computing…";
  $("sequence-title").textContent = `Values of single heaps of ${state.game}`
    + (state.misere ? " (misère: outcomes)" : "");
  try {
    const report = await api("table", { game: state.game, upto: state.upto,
                                        certify: state.certify, misere: misereParam() });
    if (mine !== generation.sequence) return;
    $("period-caption").textContent = periodCaption(report);
    $("sequence-legend").hidden = !report.period;
    drawSequence(report);
    drawTable(report);
  } catch (error) {
    if (mine !== generation.sequence) return;
    $("period-caption").textContent = "";
    clear($("sequence-chart"));
    clear($("sequence-table"));
    showError(error);
  }
}

function setUpSequence() {
  $("sequence-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const upto = Number.parseInt($("upto-input").value, 10);
    if (!Number.isFinite(upto) || upto < 0 || upto > maxUpto) {
      showError(new ApiError(`upto must be a whole number from 0 to ${maxUpto}`));
      return;
    }
    state.upto = upto;
    state.certify = $("certify-input").checked;
    saveState(true);
    render();
  });
}

// ------------------------------------------------------------------ graph
function layoutGraph(graph) {
  const levels = new Map();
  for (const node of graph.nodes) {
    if (!levels.has(node.level)) levels.set(node.level, []);
    levels.get(node.level).push(node);
  }
  const parents = new Map(graph.nodes.map((n) => [n.id, []]));
  for (const [source, target] of graph.edges) parents.get(target).push(source);
  // Order each row by the mean place of its parents: fewer crossing edges.
  const place = new Map();
  const order = [...levels.keys()].sort((a, b) => a - b);
  for (const level of order) {
    const row = levels.get(level);
    const key = (node) => {
      const above = parents.get(node.id).filter((p) => place.has(p));
      return above.length ? above.reduce((s, p) => s + place.get(p), 0) / above.length : 0;
    };
    row.sort((a, b) => key(a) - key(b) || a.id - b.id);
    row.forEach((node, i) => place.set(node.id, i - (row.length - 1) / 2));
  }
  return { levels, order, place };
}

function renderGraphSvg(graph) {
  const chart = clear($("graph-svg"));
  const { levels, order, place } = layoutGraph(graph);
  const widest = Math.max(...[...levels.values()].map((row) => row.length));
  const longest = Math.max(...graph.nodes.map((n) => n.text.length));
  const gapX = Math.max(96, Math.min(220, longest * 8 + 30));
  const gapY = 104;
  const radius = 22;
  const width = Math.max(480, widest * gapX + 40);
  const height = order.length * gapY + 30;
  const at = new Map();
  for (const node of graph.nodes) {
    const row = order.indexOf(node.level);
    at.set(node.id, { x: width / 2 + place.get(node.id) * gapX, y: 40 + row * gapY });
  }
  chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
  chart.setAttribute("width", String(width));
  chart.setAttribute("height", String(height));
  const defs = svg("defs");
  const marker = svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5,
                                 markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(svg("path", { d: "M0 0L10 5L0 10z", class: "arrow-head" }));
  defs.append(marker);
  chart.append(defs);

  const edges = svg("g", { class: "edges" });
  for (const [source, target] of graph.edges) {
    const a = at.get(source);
    const b = at.get(target);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length = Math.hypot(dx, dy) || 1;
    const ux = dx / length;
    const uy = dy / length;
    edges.append(svg("line", { class: "edge", x1: a.x + ux * radius, y1: a.y + uy * radius,
                               x2: b.x - ux * (radius + 2), y2: b.y - uy * (radius + 2),
                               "marker-end": "url(#arrow)" }));
  }
  chart.append(edges);

  const nodes = svg("g", { class: "nodes" });
  for (const node of graph.nodes) {
    const { x, y } = at.get(node.id);
    const group = svg("g", { class: `node node-${node.outcome}`, "data-testid": "graph-node",
                             "data-outcome": node.outcome, "data-position": node.text,
                             tabindex: 0, role: "button",
                             "aria-label": `${node.text}: ${OUTCOME_WORDS[node.outcome]
                               || node.outcome}` });
    group.append(svg("title", {}, `${node.text}: ${OUTCOME_WORDS[node.outcome] || node.outcome}`));
    group.append(svg("circle", { cx: x, cy: y, r: radius }));
    const label = node.grundy === null || node.grundy === undefined
      ? node.outcome : `g = ${node.grundy}`;
    group.append(svg("text", { x, y: y + 4, class: "node-value" }, label));
    group.append(svg("text", { x, y: y + radius + 15, class: "node-text" }, node.text || "∅"));
    const open = () => goToPosition(node.text, "analyse");
    group.addEventListener("click", open);
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        open();
      }
    });
    nodes.append(group);
  }
  chart.append(nodes);
}

async function renderGraph() {
  const mine = ++generation.graph;
  clear($("graph-svg"));
  try {
    const graph = await api("graph", { game: state.game, position: state.position,
                                       misere: misereParam() });
    if (mine !== generation.graph) return;
    renderGraphSvg(graph);
  } catch (error) {
    if (mine !== generation.graph) return;
    showError(error);
  }
}

// ------------------------------------------------------------------ start
async function start() {
  setUpHeader();
  setUpPlay();
  setUpSequence();
  window.addEventListener("popstate", () => {
    restoreFromHistory();
    render();
  });
  try {
    const [games, limits] = await Promise.all([api("games"), api("limits")]);
    catalog = games.games;
    if (Number.isInteger(limits.max_upto)) maxUpto = limits.max_upto;
  } catch (error) {
    showError(error);
    return;
  }
  fillGameSelect();
  restoreFromHistory();
  saveState(false);
  render();
}

start().catch(showError);
