// The play view: a game against perfect play, its log kept in history.state.

import { api } from "./api.js";
import { showBoard } from "./boards.js";
import { $, clear, clearError, el, focusLost, moveButton, showError } from "./dom.js";
import {
  jumpTo, redo, replayShared, showLog as showHistory, threwAway, undo,
} from "./history.js";
import { showValueHistory } from "./value-history.js";
import {
  LOST_ALREADY, LOST_NOW, NO_WIN, VALUE_WORDS, boardText, familyOf, generation, isPartizan,
  isTwoPlayer, misereParam, playStart, played, resetPlay, saveState, state, verdictOf,
} from "./state.js";

let typedLast = false;  // was the person's last move typed in the box (not clicked)?

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
  showHistory((count) => travel(() => jumpTo(count)));
  const mine = generation.play;
  const length = played.log.length;
  showValueHistory(() => generation.play === mine && played.log.length === length)
    .catch(() => {});
}

/** Undo, redo or a jump in the history: then play on from the position reached. */
function travel(step) {
  if (state.at === null) return;
  clearError();
  step();
  // Said at once: until the position is shown, the last status no longer holds.
  setStatus("Going to that position…", "busy");
  renderPlay().catch(showError);
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

function showMoves(listing) {
  const list = clear($("move-list"));
  for (const option of listing.options) {
    const verdict = verdictOf(option);
    const button = moveButton(option.move, option.text, () => playMove(option.text),
                              verdict ? `verdict-${verdict.kind}` : "");
    if (verdict) {
      // In words as well as in colour; hidden, with the colour, for practice.
      button.querySelector(".move-words").after(
        el("span", { class: "verdict", "data-testid": "verdict", text: verdict.text }));
    }
    list.append(button);
  }
  if (!listing.complete) {
    list.append(el("p", { class: "muted", text: "More moves exist: type the position." }));
  }
}

function playTools(visible) {
  for (const id of ["move-form", "hint-button"]) $(id).hidden = !visible;
}

export async function renderPlay() {
  const mine = ++generation.play;
  for (const input of document.querySelectorAll('input[name="first"]')) {
    input.checked = input.value === state.first;
  }
  showSides();
  $("play-start").textContent = state.at === null ? "Start" : "New game";
  $("play-panel-moves").classList.toggle("hide-values", !state.values);
  $("show-values").checked = state.values;
  clearHint();
  clear($("move-list"));
  clear($("heaps"));
  $("play-moves-left").textContent = "";
  $("play-position").hidden = false;
  if (state.at !== null && played.replay.length) {
    setStatus("Replaying the moves of the link…", "busy");
    try {
      await replayShared();
    } catch (error) {
      playFailed(error, mine);
      return;
    }
    if (mine !== generation.play) return;
  }
  showLog();
  showLost();
  showEngineMove();
  if (state.at === null) {
    $("play-position").textContent = boardText(playStart());
    setStatus(isPartizan() ? "Choose your side and who moves first, then press Start."
      : "Choose who moves first, then press Start.");
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

/** A partizan game: the person chooses Left or Right, each said with what it does. */
function showSides() {
  const partizan = isPartizan();
  $("side-field").hidden = !partizan;
  if (!partizan) return;
  const sides = (familyOf(state.game) || {}).sides || [];
  for (const input of document.querySelectorAll('input[name="side"]')) {
    input.checked = input.value === state.side;
    const what = sides[input.value === "Left" ? 0 : 1];
    input.parentElement.querySelector(".side-what").textContent = what ? `(${what})` : "";
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
  // A grid board says all the text board says: show one of the two.
  $("play-position").hidden = showBoard($("heaps"), listing, playMove) && isTwoPlayer();
  showMoves(listing);
  if (!isTwoPlayer()) showMovesLeft(mine);
  lockMoves(false);
  $("move-input").value = "";
  setStatus("Your move");
  // The control of the person's last move is gone or was disabled: focus where the next
  // one is made (the box again after a typed move, else the first move of this turn).
  if (focusLost()) {
    const next = typedLast ? $("move-input") : $("move-list").querySelector("button");
    if (next) next.focus({ preventScroll: true });
  }
}

/** How long perfect play still takes from the person's position: asked apart, after. */
function showMovesLeft(mine) {
  const line = $("play-moves-left");
  line.textContent = "";
  api("remoteness", { game: state.game, position: state.at, misere: misereParam() })
    .then((report) => {
      if (mine !== generation.play || report.remoteness === null) return;
      const n = report.remoteness;
      const moves = `${n} more move${n === 1 ? "" : "s"}`;
      line.textContent = report.fastest_moves_text.length
        ? `With perfect play you win in ${moves}.`
        : `With perfect play the engine wins; you can make the game last ${moves}.`;
    })
    .catch(() => {});  // a position too big to search: the line stays empty
}

async function engineTurn(mine) {
  lockMoves(true);
  clear($("move-list"));
  clear($("heaps"));
  $("play-moves-left").textContent = "";
  $("play-position").hidden = false;
  setStatus("Engine is thinking…", "busy");
  const answer = await api("reply", { game: state.game, position: state.at,
                                      misere: misereParam() });
  if (mine !== generation.play) return;
  if (answer.position_text === null || answer.position_text === undefined) {
    await gameOver(mine, "engine");
    return;
  }
  if (answer.winning && !played.lost) played.lost = LOST_NOW;
  played.log.push({ who: "engine", move: answer.move, position: answer.position_text });
  played.future = [];
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
  $("play-position").hidden = false;
  $("play-moves-left").textContent = "";
  clear($("heaps"));
  playTools(false);
  const over = el("p", { class: "muted", text: "The game is over." });
  clear($("move-list")).append(over);
  let result;
  let why;
  if (isTwoPlayer()) {
    // The game may end with a winner (three in a row) as well as with a full board.
    const report = await api("solve", { game: state.game, position: state.at });
    if (mine !== generation.play) return;
    const won = { win: stuck, loss: stuck === "me" ? "engine" : "me" }[report.value];
    if (won) result = won === "me" ? "You win!" : "The engine wins.";
    else result = report.value === "draw" ? "A draw." : "A tie.";
    why = won === "me" ? "You won" : won ? "The engine won"
      : `No move is left: ${report.value === "draw" ? "a draw" : "a tie"}`;
  } else {
    // Normal play: whoever cannot move loses. Misère play: whoever cannot move wins.
    const personWins = (stuck === "me") === state.misere;
    result = personWins ? "You win!" : "The engine wins.";
    why = `No move is left for ${stuck === "me" ? "you" : "the engine"}`;
  }
  over.textContent = `${why}: the game is over. Press New game to play again.`;
  setStatus(result, result === "You win!" ? "good" : result === "The engine wins." ? "bad" : "");
  $("play-start").textContent = "New game";
  if (focusLost()) $("play-start").focus({ preventScroll: true });
}

async function playMove(after, typed = false) {
  if (state.at === null || state.turn !== "me" || after === undefined) return;
  typedLast = typed;
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
    const entry = { who: "you", move: result.move, position: result.position_text };
    // Judged as a shared link's replay judges it: from a won position to a lost one.
    if (await threwAway(state.at, result.position_text)) entry.threw = true;
    if (mine !== generation.play) return;
    played.log.push(entry);
    played.future = [];  // a new move replaces the moves undone
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
    if (focusLost()) (typed ? $("move-input") : $("move-list").querySelector("button"))?.focus();
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

export function setUpPlay() {
  $("play-setup").addEventListener("submit", (event) => {
    event.preventDefault();
    clearError();
    const chosen = document.querySelector('input[name="first"]:checked');
    state.first = chosen && chosen.value === "engine" ? "engine" : "me";
    resetPlay();
    state.at = playStart();
    state.turn = state.first;
    saveState(true);
    setStatus("Starting…", "busy");
    renderPlay().catch(showError);
  });
  for (const input of document.querySelectorAll('input[name="first"]')) {
    input.addEventListener("change", () => {
      state.first = input.value === "engine" ? "engine" : "me";
      saveState(false);
      if (state.at === null) $("play-position").textContent = boardText(playStart());
    });
  }
  for (const input of document.querySelectorAll('input[name="side"]')) {
    input.addEventListener("change", () => {
      state.side = input.value === "Right" ? "Right" : "Left";
      saveState(false);
      if (state.at === null) $("play-position").textContent = boardText(playStart());
    });
  }
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = $("move-input").value.trim();
    if (typed) playMove(typed, true);
  });
  $("hint-button").addEventListener("click", () => showHint());
  $("undo").addEventListener("click", () => travel(undo));
  $("redo").addEventListener("click", () => travel(redo));
  $("show-values").addEventListener("change", (event) => {
    state.values = event.currentTarget.checked;
    $("play-panel-moves").classList.toggle("hide-values", !state.values);
    saveState(false);
  });
}
