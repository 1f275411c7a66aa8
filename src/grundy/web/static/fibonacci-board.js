// The Fibonacci Nim board of the play view: one pile as a row of tokens and the take limit
// ("you may take up to 6", twice the last take). A click on a token takes it and every
// token to its right, as in a Nim heap; only tokens within the limit are buttons, a mark
// shows where the reach of the limit begins.

import { el } from "./dom.js";
import { verdictClass, verdictWords } from "./splits.js";
import { verdictOf } from "./state.js";

// Past this the row would be unreadable: the move list serves.
const MAX_PILE = 40;

/** The pile as tokens; the position is [pile, limit] (the start: limit = pile - 1). */
export function showFibonacci(box, listing, playMove) {
  const position = listing.position;
  const fine = Array.isArray(position) && position.length === 2
    && position.every((x) => Number.isInteger(x) && x >= 0) && position[0] <= MAX_PILE;
  if (!fine) return;
  const [pile, limit] = position;
  const reach = Math.min(limit, pile);
  const byLeft = new Map();
  for (const option of listing.options) {
    if (Array.isArray(option.position)) byLeft.set(option.position[0], option);
  }
  const words = reach >= pile ? `You may take up to ${limit}: the whole pile.`
    : `You may take up to ${limit}${limit === pile - 1 ? " (the first move: not the whole pile)"
      : ""}.`;
  box.append(el("p", { class: "fib-limit-words", "data-testid": "fibonacci-limit",
                       text: words }));
  const row = el("div", { class: "heap fib-pile", role: "group", "data-testid": "fibonacci-board",
                          "aria-label": `a pile of ${pile} ${pile === 1 ? "token" : "tokens"}; `
                            + `you may take up to ${limit}` },
                 el("span", { class: "heap-label", "aria-hidden": "true", text: `pile ${pile}` }));
  for (let k = 0; k < pile; k++) {
    if (k === pile - reach && k > 0) {
      row.append(el("span", { class: "fib-reach", "aria-hidden": "true",
                              title: `the limit: take up to ${limit}` }));
    }
    const option = byLeft.get(k);
    if (!option) {
      row.append(el("span", { class: "token idle",
                              title: `token ${k + 1}: out of reach (take up to ${limit})` }));
      continue;
    }
    const verdict = verdictOf(option);
    const label = `token ${k + 1}: ${option.move}${verdictWords(verdict)}`;
    row.append(el("button", {
      type: "button", class: `token${verdictClass(verdict)}`, "aria-label": label, title: label,
      "data-take": pile - k, "data-position": option.text, onclick: () => playMove(option.text),
    }));
  }
  box.append(row);
}
