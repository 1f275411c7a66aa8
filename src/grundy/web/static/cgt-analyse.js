// Analyse for a game typed in CGSuite's notation (the picker's "A game in CGSuite's
// notation", game=cgt): one /api/cgt answer. A short game shows its canonical form,
// outcome, stops, mean, temperature and thermograph; a loopy game its simplest form when
// it is a stopper (stops, degree of loopiness) or its two sides (onside & offside), and
// who wins with draws, in CGSuite's outcome classes and in words. The card beside it says
// what stoppers and sides are and offers examples to click. Every value is the server's
// exact text.

import { api } from "./api.js";
import { $, clear, el } from "./dom.js";
import { goToPosition } from "./header.js";
import { showLoopyFacts } from "./loopy-facts.js";
import { showFacts } from "./partizan-analyse.js";
import { CGT, generation, state } from "./state.js";
import { drawThermograph } from "./thermograph.js";

// Games a student can click: what loopy means, one example each.
export const LOOPY_EXAMPLES = [
  ["on", "Left may pass for ever: {pass|}"],
  ["over", "{0|pass}: positive, yet below every positive number"],
  ["upon", "{pass|*}: written ^[on]"],
  ["a{0|a}", "a labelled loop: Right's move comes back to a"],
  ["on + off", "both pass for ever: a draw, dud"],
  ["a{0|{a|*}}", "no stopper: its value is given by its sides"],
  ["upon + *", "a sum of a loopy game and a short one"],
  ["{1|*}", "a short game, for comparison"],
];

/** Undo what this view changed in the shared Analyse panel (before any analysis). */
export function resetCgt() {
  $("cgt-card").hidden = true;
  delete $("outcome").dataset.outcome;
  $("winning-moves").closest(".card").hidden = false;
  $("position-title").textContent = "Position";
  $("options-title").textContent = "Every move from here";
}

/** The card of words and examples: built once, shown for every game typed. */
function showLoopyCard() {
  const card = $("cgt-card");
  card.hidden = false;
  if (card.childElementCount) return;
  const examples = el("div", { class: "move-buttons cgt-examples", "data-testid": "cgt-examples" });
  for (const [text, words] of LOOPY_EXAMPLES) {
    examples.append(el("button", { type: "button", class: "move cgt-example", "data-game": text,
                                   title: words, onclick: () => goToPosition(text) },
                       el("code", { text }), el("span", { class: "muted", text: words })));
  }
  card.append(
    el("h2", { text: "Loopy games" }),
    el("p", {}, "A loopy game may come back to a position: ", el("code", { text: "pass" }),
       " is a move that stays where it is, and ", el("code", { text: "a{…}" }),
       " names a position that its options can return to (", el("code", { text: "a{0|a}" }),
       " is ", el("code", { text: "over" }), ")."),
    el("p", {}, el("strong", { text: "Stoppers." }), " When no play can alternate between "
       + "the players for ever, the game is a stopper: an endless play is then one player's "
       + "moves alone, and that player wins. A stopper has a simplest form, as a short game "
       + "has its canonical form."),
    el("p", {}, el("strong", { text: "Sides." }), " Any other game is given by its two sides, ",
       el("code", { text: "onside & offside" }), ": the stoppers it equals when endless play "
       + "counts as a win for Left, and as a win for Right. Endless play is a draw: D when "
       + "it is one whoever starts, N̂, Ň, P̂ or P̌ when it is one for one of the starters."),
    el("h3", { text: "Try one" }),
    examples,
    el("p", { class: "muted" }, "More in the tutorial, chapter “Loopy partizan games” (",
       el("code", { text: "docs/tutorial.md" }), ")."),
  );
}

/** The options of the form shown, or the two sides of a value given by them: each a
 * button that analyses it. */
function showOptions(report) {
  const list = clear($("options"));
  const button = (who, text, classes) => el("li", {},
    el("button", { type: "button", class: `option ${classes}`, "data-position": text,
                   onclick: () => goToPosition(text) },
       el("span", { class: "move-words", text: who }),
       el("span", { class: "move-to", text: `→ ${text}` })));
  if (report.kind === "loopy" && !report.stopper) {
    $("options-title").textContent = "Its sides";
    list.append(button("Its onside (Left wins endless play)", report.onside, "pz-left-move"),
                button("Its offside (Right wins endless play)", report.offside, "pz-right-move"));
    $("options-note").textContent = "A value given by its sides has no single form whose "
      + "moves could be listed: analyse each side, a stopper.";
    return;
  }
  for (const text of report.left_options) list.append(button("Left", text, "pz-left-move"));
  for (const text of report.right_options) list.append(button("Right", text, "pz-right-move"));
  const form = report.kind === "loopy" ? "simplest form" : "canonical form";
  $("options-note").textContent = !list.childElementCount ? "No moves: whoever is to move loses."
    : `The options of its ${form}, Left's then Right's: click one to analyse it.`;
}

/** Draw the analysis of the game typed; false if a newer one took over. */
export async function renderCgtAnalyse(mine) {
  $("value-label").textContent = "Value";
  $("reason-label").hidden = $("reason").hidden = true;
  $("winning-moves").closest(".card").hidden = true;
  $("position-title").textContent = "Game";
  $("options-title").textContent = "Its options";
  showLoopyCard();
  const report = await api("cgt", { expression: state.position || CGT.position });
  if (mine !== generation.analyse) return false;
  $("analyse-position").textContent = report.expression;
  $("outcome").dataset.outcome = report.outcome;
  if (report.kind === "loopy") {
    showLoopyFacts(report);
  } else {
    showFacts(report);
    $("thermograph-card").hidden = false;
    drawThermograph($("thermograph"), report.thermograph, report.value);
  }
  showOptions(report);
  return true;
}
