// The game's history in the play view: the moves so far as a list you can click (back to
// any point where it was your move), undo and redo, and the replay of a shared link.

import { api } from "./api.js";
import { $, clear, el } from "./dom.js";
import {
  isTwoPlayer, misereParam, moverAfter, playStart, played, saveState, state,
} from "./state.js";

/**
 * Where undo, redo and jumps stop: after each number of moves that leaves the person to
 * move, and at the end of the line played (a game the person won ends on their move).
 */
function stops() {
  const all = played.log.length + played.future.length;
  const found = [];
  for (let count = 0; count <= all; count++) {
    if (moverAfter(count) === "me" || count === all) found.push(count);
  }
  return found;
}

/** Keep the first `count` moves of the line (log, then future) and play on from there. */
function goTo(count) {
  const line = [...played.log, ...played.future];
  played.log = line.slice(0, count);
  played.future = line.slice(count);
  state.at = count ? played.log[count - 1].position : playStart();
  state.turn = moverAfter(count);
  played.lost = "";  // said again, if still true, when the position is shown
  saveState(true);
}

export function canUndo() {
  return state.at !== null && stops().some((count) => count < played.log.length);
}

export function canRedo() {
  return state.at !== null && stops().some((count) => count > played.log.length
    && count <= played.log.length + played.future.length);
}

/** Back to the last time it was the person's move (taking back the engine's answer too). */
export function undo() {
  const earlier = stops().filter((count) => count < played.log.length);
  if (earlier.length) goTo(earlier[earlier.length - 1]);
}

export function redo() {
  const later = stops().filter((count) => count > played.log.length
    && count <= played.log.length + played.future.length);
  if (later.length) goTo(later[0]);
}

function entryText(entry) {
  return `${entry.who === "you" ? "you" : "engine"}: ${entry.move}`;
}

/**
 * The moves so far, then the undone ones (greyed). Each point where it was the person's
 * move is a button that goes back (or forward) to it; the move that threw away a win is
 * marked.
 */
export function showLog(onJump) {
  const log = clear($("move-log"));
  const line = [...played.log, ...played.future];
  const points = new Set(stops());
  const start = el("li", { class: "log-start" });
  if (points.has(0) && line.length) {
    start.append(el("button", { type: "button", class: "log-jump", "data-count": "0",
                                "aria-label": "back to the start", text: "start",
                                onclick: () => onJump(0) }));
  } else {
    start.append(el("span", { class: "muted", text: "start" }));
  }
  start.append(el("span", { class: "muted", text: `  ${playStart() || "(start)"}` }));
  log.append(start);
  line.forEach((entry, i) => {
    const count = i + 1;
    const undone = count > played.log.length;
    const item = el("li", { class: `log-${entry.who}${undone ? " log-undone" : ""}` });
    const words = entryText(entry);
    if (points.has(count) && count !== played.log.length) {
      item.append(el("button", { type: "button", class: "log-jump", "data-count": String(count),
                                 "aria-label": `${undone ? "forward" : "back"} to after ${words}`,
                                 text: words, onclick: () => onJump(count) }));
    } else {
      item.append(el("span", { class: "log-words", text: words }));
    }
    item.append(el("span", { class: "muted", text: `  → ${entry.position || "(start)"}` }));
    if (entry.threw) {
      item.append(el("span", { class: "threw", text: "threw away the win" }));
    }
    if (count === played.log.length) item.setAttribute("aria-current", "step");
    log.append(item);
  });
  if (!line.length) log.append(el("li", { class: "muted empty", text: "No moves yet." }));
  $("undo").disabled = !canUndo();
  $("redo").disabled = !canRedo();
}

/** Jump to after the first `count` moves (from the history list). */
export function jumpTo(count) {
  goTo(count);
}

/** Does the player to move at `position` win with perfect play? */
async function moverWins(position) {
  if (isTwoPlayer()) return (await api("solve", { game: state.game, position })).value === "win";
  const report = await api("value", { game: state.game, position, misere: misereParam() });
  return report.outcome === "N";
}

/**
 * Did the move from `before` to `after` throw away a win (a won position, now lost)?
 * False when a position is too big to judge: the mark is help, not a verdict.
 */
export async function threwAway(before, after) {
  try {
    return await moverWins(before) && await moverWins(after);
  } catch {
    return false;
  }
}

/**
 * A shared link holds the positions after each move: check each move with the server
 * (an illegal one stops the replay there) and describe it, as if it had been played;
 * a move of the person's that threw away a win is marked again.
 */
export async function replayShared() {
  const positions = played.replay;
  played.replay = [];
  let at = playStart();
  const log = [];
  for (const position of positions) {
    const result = await api("move", { game: state.game, position: at, after: position,
                                       misere: misereParam() });
    const who = moverAfter(log.length) === "me" ? "you" : "engine";
    const entry = { who, move: result.move, position: result.position_text };
    if (who === "you" && await threwAway(at, result.position_text)) entry.threw = true;
    log.push(entry);
    at = result.position_text;
  }
  played.log = log;
  played.future = [];
  state.at = at;
  state.turn = moverAfter(log.length);
  saveState(false);
}
