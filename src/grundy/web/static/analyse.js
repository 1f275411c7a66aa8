// The analyse view: the value, outcome and reason of a position, its winning moves and
// every move from it.

import { ApiError, api } from "./api.js";
import { $, clear, el, focusLost, moveButton, showError } from "./dom.js";
import { renderCgtAnalyse, resetCgt } from "./cgt-analyse.js";
import { showGraphEditor } from "./edge-editor.js";
import { goToPosition } from "./header.js";
import { renderPartizanAnalyse, resetPartizan } from "./partizan-analyse.js";
import {
  OUTCOME_WORDS, VALUE_WORDS, analysedPosition, boardText, generation, isCgt, isPartizan,
  isTwoPlayer, misereParam, played, state,
} from "./state.js";
import { showMex, showXor } from "./teach.js";

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

function showOptions(listing, report) {
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
  // The mex, drawn: only when every move is listed and the value is an SG value.
  if (report && listing.complete && report.grundy !== null && report.grundy !== undefined
      && !isTwoPlayer()) {
    showMex($("mex-view"), listing.options.map((o) => o.grundy), report.grundy);
    $("teach-card").hidden = false;
  }
}

function showMovesLeft(report, outcome) {
  const box = $("moves-left");
  box.hidden = $("moves-left-label").hidden = false;
  if (report.remoteness === null || report.remoteness === undefined) {
    box.textContent = `unknown: ${report.remoteness_unknown}`;
    return;
  }
  const n = report.remoteness;
  const moves = `${n} move${n === 1 ? "" : "s"}`;
  const fastest = report.fastest_moves_text.map((m) => m.move).join("; ");
  const wins = outcome === "N";
  box.textContent = n === 0 ? `0: the game is over (the player to move ${wins ? "wins" : "loses"})`
    : wins ? `${moves}: the player to move wins in ${moves} at most (fastest: ${fastest})`
      : `${moves}: the player to move loses, and can make the game last ${moves}`;
}

function analysePlaceholders() {
  $("analyse-position").textContent = boardText(analysedPosition()) || "…";
  for (const id of ["sg-value", "remoteness", "outcome", "reason", "moves-left"]) {
    $(id).textContent = "";
  }
  $("moves-left").hidden = $("moves-left-label").hidden = true;
  $("misere-method").hidden = $("misere-method-label").hidden = true;
  $("teach-card").hidden = true;
  resetPartizan();
  resetCgt();
  clear($("xor-view"));
  clear($("mex-view"));
  const note = $("analyse-note");
  note.hidden = state.at === null;
  note.textContent = state.at === null ? "" : `The position your game has reached after `
    + `${played.log.length} move${played.log.length === 1 ? "" : "s"} (see Play); the game `
    + `started from ${state.position || "(start)"}.`;
  $("sg-value").textContent = "…";
  clear($("winning-moves"));
  clear($("options"));
  $("options-note").textContent = "Listing the moves…";
}

export async function renderAnalyse() {
  const mine = ++generation.analyse;
  analysePlaceholders();
  showGraphEditor();  // Hackenbush and digraphs: the card "Edit the graph"
  if (isPartizan() || isCgt()) {  // canonical form or loopy value, thermograph: one request
    try {
      if (await (isCgt() ? renderCgtAnalyse : renderPartizanAnalyse)(mine)) refocus();
    } catch (error) {
      if (mine !== generation.analyse) return;
      $("sg-value").textContent = "—";
      $("options-note").textContent = "";
      showError(error);
    }
    return;
  }
  const twoPlayer = isTwoPlayer();
  $("value-label").textContent = twoPlayer ? "Value" : "SG value";
  $("winning-title").textContent = twoPlayer ? "Best moves" : "Winning moves";
  const game = state.game;
  const position = analysedPosition();
  // Two requests: the value (cheap, even for a heap of 10^50) is shown as soon as it
  // comes; the list of every move may fail or run out of time on its own.
  const listing = api("options", { game, position, misere: misereParam() });
  listing.catch(() => {});  // awaited below; this only keeps an early failure quiet
  let report = null;
  try {
    report = await (twoPlayer ? api("solve", { game, position })
      : api("value", { game, position, misere: misereParam() }));
    if (mine !== generation.analyse) return;
    $("analyse-position").textContent = boardText(report.position_text);
    if (twoPlayer) showSolved(report);
    else showValue(report);
    refocus();
  } catch (error) {
    if (mine !== generation.analyse) return;
    $("sg-value").textContent = "—";
    $("options-note").textContent = "";
    showError(error);  // the same problem would only be said twice by the options
    return;
  }
  if (!twoPlayer) {
    // Asked last and apart: a closed form answers the value where this search cannot.
    api("remoteness", { game, position, misere: misereParam() }).then((left) => {
      if (mine === generation.analyse) showMovesLeft(left, report.outcome);
    }).catch(() => {});  // an error here is the value's error, said already
  }
  try {
    const options = await listing;
    if (mine !== generation.analyse) return;
    showOptions(options, report);
  } catch (error) {
    if (mine !== generation.analyse) return;
    if (!(error instanceof ApiError)) throw error;
    $("options-note").textContent = `The moves from here cannot be listed: ${error.message}`;
  }
  refocus();
}

/** A button that held the focus went away with the old position: focus the first move. */
function refocus() {
  if (!focusLost()) return;
  const first = $("winning-moves").querySelector("button") || $("options").querySelector("button");
  if (first) first.focus({ preventScroll: true });
}

// How a misère outcome was found (`misere_method` of /api/value).
const QUOTIENT_RULE = ": the heaps' elements multiply, and the player to move loses "
  + "exactly when their product is in the P-portion";
const MISERE_METHODS = {
  quotient: `the misère quotient (Plambeck–Siegel)${QUOTIENT_RULE}`,
  "quotient-file": `a stored misère quotient${QUOTIENT_RULE}`,
  game: "the game's own misère rule",
  search: "a search of the moves from here (no misère quotient answers this position)",
};
const SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/** A quotient's words with their exponents raised: b^2c reads b²c. */
function superscripts(text) {
  return text.replace(/\^(\d+)/g, (_, digits) => [...digits].map((d) => SUPERSCRIPTS[d]).join(""));
}

/** The reason; in misère play also how the outcome was found, the quotient's element bold. */
function showReason(report) {
  const method = report.misere_method;
  const byQuotient = method === "quotient" || method === "quotient-file";
  const text = byQuotient ? superscripts(report.reason) : report.reason;
  const element = byQuotient && /^(.* the heaps make )([^\s,]+)(,.*)$/.exec(text);
  if (element) {
    $("reason").replaceChildren(element[1], el("strong", {
      class: "element", "data-testid": "misere-element", text: element[2] }), element[3]);
  } else {
    $("reason").textContent = text;
  }
  const how = MISERE_METHODS[method];
  $("misere-method").textContent = how || "";
  $("misere-method").hidden = $("misere-method-label").hidden = !how;
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
  showReason(report);
  if (report.parts) {
    const first = report.winning_moves_text[0];
    showXor($("xor-view"), report.parts, first ? first.move : "");
    $("teach-card").hidden = false;
  }
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
