// A loopy value's facts in Analyse, for a game typed in CGSuite's notation (cgt-analyse.js)
// and for a position of a loopy game such as Fox and Geese (partizan-analyse.js): the
// value, the outcome with draws in CGSuite's classes and in words, a stopper's stops and
// degree of loopiness, or the two sides; and the rows of the facts list they share.

import { $, el } from "./dom.js";

/** A row of the facts list: its label, its value (text or nodes), its test id. */
export function addFact(label, value, testid) {
  const facts = $("sg-value").closest("dl");
  const dd = el("dd", { class: "pz-fact", "data-testid": testid });
  dd.append(...(Array.isArray(value) ? value : [value]));
  facts.append(el("dt", { class: "pz-fact", text: label }), dd);
}

// CGSuite's outcome classes of loopy games: the symbol, and the result with Left moving
// first and with Right moving first (+1 Left wins, 0 a draw, -1 Right wins).
export const LOOPY_OUTCOMES = {
  L: ["L", 1, 1], R: ["R", -1, -1], N: ["N", 1, -1], P: ["P", -1, 1], D: ["D", 0, 0],
  NHat: ["N̂", 1, 0], NCheck: ["Ň", 0, -1], PHat: ["P̂", 0, 1], PCheck: ["P̌", -1, 0],
};
const PLAIN = {
  L: "Left wins, whoever moves first",
  R: "Right wins, whoever moves first",
  N: "the first player wins, Left or Right",
  P: "the second player wins: whoever moves first loses",
  D: "a draw, whoever moves first: perfect play goes on for ever",
};

/** What happens with `mover` moving first, when the result is `result` (+1, 0, -1). */
function firstMove(mover, result) {
  if (result === 0) return `${mover} moving first, it is a draw`;
  const winner = result > 0 ? "Left" : "Right";
  return winner === mover ? `${mover} wins moving first` : `${mover} moving first, ${winner} wins`;
}

/** An outcome class in words: "N̂ (NHat): Left wins moving first; Right moving first, it
 * is a draw". */
export function loopyOutcomeWords(name) {
  const known = LOOPY_OUTCOMES[name];
  if (!known) return name;
  const [symbol, left, right] = known;
  if (PLAIN[name]) return `${symbol}: ${PLAIN[name]}`;
  return `${symbol} (${name}): ${firstMove("Left", left)}; ${firstMove("Right", right)}`;
}

/** A loopy value's facts (the value, the outcome in words, a stopper's stops, degree and
 * followers, or the two sides); `mover`: who is to move in a position reached in play. */
export function showLoopyFacts(report, mover = null) {
  $("sg-value").textContent = report.value;
  $("sg-value").classList.add("canonical");
  $("remoteness").textContent = report.stopper ? "(a stopper, in simplest form)"
    : "(not a stopper: onside & offside)";
  const words = loopyOutcomeWords(report.outcome);
  const does = mover && report[`${mover.toLowerCase()}_moving_first`];
  $("outcome").textContent = does ? `${words}. With ${mover} to move here, ${mover} ${does}.`
    : words;
  $("outcome").className = `outcome-${report.outcome}`;
  if (report.stopper) {
    addFact("Stops", `Left ${report.left_stop}, Right ${report.right_stop}`, "stops");
    addFact("Degree of loopiness", report.degree !== null ? report.degree
      : `not computed: ${report.degree_unknown}`, "degree");
    addFact("Followers", String(report.followers), "followers");
  } else {
    addFact("Onside", [el("code", { text: report.onside }), el("span", { class: "muted",
      text: " (endless play won by Left)" })], "onside");
    addFact("Offside", [el("code", { text: report.offside }), el("span", { class: "muted",
      text: " (endless play won by Right)" })], "offside");
  }
}
