// What the page knows: the catalog, the server's limits, the state the URL holds (and the
// game in progress, kept in history.state), and what the game's name says about it.

export const VIEWS = ["analyse", "play", "sequence", "graph"];
export const DEFAULTS = Object.freeze({
  game: "nim", position: "3 4 5", view: "analyse", misere: false, first: "me",
  upto: 100, certify: false, at: null, turn: null, values: true, side: "Left",
});
export const SIDES = ["Left", "Right"];  // a partizan game's players: Left moves first in {L | R}
export const OUTCOME_WORDS = {
  N: "N: the player to move wins",
  P: "P: the previous player wins",
};
export const VALUE_WORDS = {
  win: "the player to move wins",
  loss: "the player to move loses",
  tie: "a tie with perfect play",
  draw: "a draw: perfect play goes on forever",
};
export const LOST_NOW = "Your position is now lost: whatever you play, the engine has a winning answer.";
export const LOST_ALREADY = "Your position is lost: every move you can make leaves the engine a " +
  "winning answer.";
export const NO_WIN = "no winning move: every move loses against perfect play";

export const catalog = [];                   // the games of /api/games
// A game typed in CGSuite's notation, short or loopy, its text the position (game=cgt):
// not a catalog game but the picker's own entry, valued by /api/cgt; Analyse only.
export const CGT = Object.freeze({
  name: "cgt", game: "cgt", title: "A game in CGSuite's notation",
  family: "", kind: "cgt", position: "{0|pass}", heaps: false, pairs: false, code: false,
  parameter: "",
  rules: "Type a game as CGSuite writes it: short ({1|*}, ^*, +-1, 3/2) or loopy (on, off, "
    + "over, under, upon, dud; pass inside braces, {0|pass}; a labelled loop, a{0|a}; a "
    + "value by its sides, A & B), or a sum of games (on + off, upon + *).",
});
export const limits = { maxUpto: 10000 };   // from /api/limits
export const state = { ...DEFAULTS };        // everything the query string holds
// The game in progress: the moves played (log), those undone and not replaced (future), and
// the positions of the log still to be checked and described after a shared URL (replay).
export const played = { log: [], future: [], lost: "", replay: [] };
// Each view counts its requests so an answer that arrives after a newer request is dropped.
export const generation = { analyse: 0, play: 0, sequence: 0, graph: 0 };

// ------------------------------------------------------------------ games
/** The catalog entry a game name belongs to: bash:5 -> bash:M, 0.137 -> 0.d1d2... */
export function familyOf(spec) {
  const name = spec.trim();
  if (name.toLowerCase() === CGT.game) return CGT;
  const exact = catalog.find((g) => g.game === name);
  if (exact) return exact;
  const [before, ...rest] = name.split(".");
  if (rest.length && before.length <= 1) {  // an octal or hexadecimal code, as the registry reads it
    return catalog.find((g) => g.name.startsWith("0.")) || null;
  }
  const base = name.split(":")[0].toLowerCase();
  return catalog.find((g) => g.name.split(":")[0] === base) || null;
}

/** A game of two players who take turns: two-player games, and partizan games played out. */
export function isTwoPlayer() {
  const family = familyOf(state.game);
  return Boolean(family && (family.kind === "two-player" || family.kind === "partizan"));
}

/** A game typed in CGSuite's notation (game=cgt), not a catalog game. */
export function isCgt() {
  return familyOf(state.game) === CGT;
}

/** A partizan game (Left and Right have different moves): valued by its canonical form. */
export function isPartizan() {
  const family = familyOf(state.game);
  return Boolean(family && family.kind === "partizan");
}

/** A partizan position's text split into its board and who is to move (null: not said). */
export function splitMover(text) {
  const words = String(text ?? "").trim().split(/\s+/).filter(Boolean);
  const last = words.length ? words[words.length - 1] : "";
  const mover = SIDES.find((side) => side.toLowerCase() === last.toLowerCase()) || null;
  return { board: (mover ? words.slice(0, -1) : words).join(" "), mover };
}

export const otherSide = (side) => (side === "Left" ? "Right" : "Left");

/**
 * The position a game in the play view starts from: the position typed; for a partizan
 * game its board with the player to move named, from the person's side and who starts.
 */
export function playStart() {
  if (!isPartizan()) return state.position;
  const { board } = splitMover(state.position);
  return `${board} ${state.first === "me" ? state.side : otherSide(state.side)}`;
}

export function hasHeaps() {
  const family = familyOf(state.game);
  return Boolean(family && family.heaps);
}

export function exampleOf(spec) {
  // bash:5 gets the example of bash:M, 0.137 that of the octal codes: both fit.
  const family = familyOf(spec);
  return family ? family.position : "";
}

/**
 * What a listed move does for the player who makes it, from the server's option: its
 * kind (win, lose, tie, draw) and the words shown on it; null when nothing is known.
 */
export function verdictOf(option) {
  if (option.value) {  // two-player games: the move's value for its mover
    const kind = { win: "win", loss: "lose", tie: "tie", draw: "draw" }[option.value] || "tie";
    const words = { win: "wins", lose: "loses", tie: "ties", draw: "draws" }[kind];
    const left = option.remoteness;
    const known = left !== null && left !== undefined && kind !== "draw";
    return { kind, text: known ? `${words}, ${left} ${left === 1 ? "move" : "moves"} left` : words };
  }
  if (!option.outcome) return null;
  // Impartial games: the mover wins when the move leaves a P-position.
  const kind = option.outcome === "P" ? "win" : "lose";
  const words = kind === "win" ? "wins" : "loses";
  const sg = option.grundy;
  return { kind, text: sg === null || sg === undefined ? words : `${words} · g = ${sg}` };
}

/** The misère flag to send: only impartial games have misère play. */
export function misereParam() {
  return !isTwoPlayer() && state.misere;
}

/** A position's text laid out as a board: tic-tac-toe rows, connect-four columns. */
export function boardText(text) {
  if (text === null || text === undefined) return "";
  if (isPartizan()) {  // grid boards' rows one a line, then who is to move
    const { board, mover } = splitMover(text);
    const rows = /^[^\s|]+(\|[^\s|]+)+$/.test(board) ? board.split("|").join("\n") : board;
    return mover ? `${rows}\n(${mover} to move)` : rows;
  }
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
export function readUrl() {
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
  read.upto = Number.isFinite(upto) ? Math.min(Math.max(upto, 0), limits.maxUpto) : DEFAULTS.upto;
  read.certify = query.get("certify") === "1";
  read.values = query.get("values") !== "0";
  read.side = query.get("side") === "Right" ? "Right" : "Left";
  read.history = query.getAll("h");
  if (query.has("at")) {
    read.at = query.get("at");
    read.turn = query.get("turn") === "engine" ? "engine" : "me";
  }
  return read;
}

/** The URL of state `s`; `log`: the moves of the game in progress, one `h` each. */
export function urlOf(s, log = []) {
  const query = new URLSearchParams();
  query.set("game", s.game);
  query.set("position", s.position);
  query.set("view", s.view);
  if (s.misere) query.set("misere", "1");
  if (s.first !== DEFAULTS.first || s.view === "play") query.set("first", s.first);
  if (s.upto !== DEFAULTS.upto || s.view === "sequence") query.set("upto", String(s.upto));
  if (s.certify) query.set("certify", "1");
  if (!s.values) query.set("values", "0");
  if (s.side !== DEFAULTS.side) query.set("side", s.side);
  if (s.at !== null) {
    query.set("at", s.at);
    query.set("turn", s.turn);
    for (const entry of log) query.append("h", entry.position);
  }
  // '/', ',' and ':' are fine in a query string and keep game names and boards readable.
  const text = query.toString().replace(/%2F/gi, "/").replace(/%2C/gi, ",")
    .replace(/%3A/gi, ":");
  return `${location.pathname}?${text}`;
}

/** Record the state in the address bar: a new history entry for the person's actions. */
export function saveState(push) {
  const url = urlOf(state, played.log);
  const data = { log: played.log, future: played.future, lost: played.lost };
  if (push && url !== location.pathname + location.search) history.pushState(data, "", url);
  else history.replaceState(data, "", url);
}

export function restoreFromHistory() {
  const read = readUrl();
  const moves = read.history;
  delete read.history;
  Object.assign(state, read);
  const data = history.state;
  const kept = data && Array.isArray(data.log) && state.at !== null
    && data.log.length === moves.length;
  played.log = kept ? data.log.slice() : [];
  played.future = kept && Array.isArray(data.future) ? data.future.slice() : [];
  played.lost = kept && typeof data.lost === "string" ? data.lost : "";
  // A shared link: its moves are checked and described again, one by one, before play.
  played.replay = !kept && state.at !== null ? moves.slice() : [];
}

/** Forget the game in progress (the game, the position or the rules changed). */
export function resetPlay() {
  state.at = null;
  state.turn = null;
  played.log = [];
  played.future = [];
  played.lost = "";
  played.replay = [];
}

/** The position Analyse and Graph show: the one a game in progress reached, else the start. */
export function analysedPosition() {
  return state.at !== null ? state.at : state.position;
}

/** Who moves after the first `count` moves of the game. */
export function moverAfter(count) {
  const firstIsMe = state.first === "me";
  return (count % 2 === 0) === firstIsMe ? "me" : "engine";
}
