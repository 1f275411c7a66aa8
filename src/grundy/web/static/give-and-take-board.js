// The give-and-take board of the play view (two players, loopy): the heap as a row of N
// places, its counters first. A click on the last counter takes 1, on the one before it
// takes 2 (that counter and those to its right, as in Nim); x may also give a counter
// back: the first empty place is a button, or past a full heap the overflow (a tie).
// Each move is coloured by its value for its mover: wins, loses, ties or draws.

import { el } from "./dom.js";
import { verdictClass, verdictWords } from "./splits.js";
import { verdictOf } from "./state.js";

// Past this the row would be unreadable: the move list serves.
const MAX_SIZE = 40;

const counters = (n) => `${n} ${n === 1 ? "counter" : "counters"}`;

export function showGiveAndTake(box, listing, playMove) {
  const position = listing.position;
  const size = Number((/:(\d+)/.exec(listing.game || "") || [])[1]);
  const fine = Array.isArray(position) && position.length === 2 && Number.isInteger(position[0])
    && ["x", "o"].includes(position[1]) && Number.isInteger(size) && size >= 1
    && size <= MAX_SIZE && position[0] >= 0 && position[0] <= size;
  if (!fine) return;
  const [heap, mover] = position;
  const byHeap = new Map();
  for (const option of listing.options) {
    if (Array.isArray(option.position)) byHeap.set(option.position[0], option);
  }
  const rules = mover === "x" ? "you are x: take 1 or 2 counters, or give one back"
    : "you are o: take 1 or 2 counters (only x may give one back)";
  box.append(el("p", { class: "gt-words", "data-testid": "give-and-take-words",
                       text: `${counters(heap)} of ${size}; ${rules}. `
                         + "Whoever takes the last counter wins; a full heap given one more "
                         + "overflows: a tie." }));
  const row = el("div", { class: "heap gt-heap", role: "group",
                          "data-testid": "give-and-take-board",
                          "aria-label": `the heap: ${counters(heap)}, room for ${size}; `
                            + `${mover} to move` },
                 el("span", { class: "heap-label", "aria-hidden": "true", text: `${mover} to move` }));
  const button = (option, props) => {
    const verdict = verdictOf(option);
    const words = `${props.words}: ${option.move}${verdictWords(verdict)}`;
    return el("button", {
      type: "button", class: `${props.class}${verdictClass(verdict)}`, "aria-label": words,
      title: words, "data-position": option.text, text: props.text,
      onclick: () => playMove(option.text),
    });
  };
  for (let k = 0; k < heap; k++) {
    const option = byHeap.get(k);
    row.append(option ? button(option, { class: "token", words: `counter ${k + 1}` })
      : el("span", { class: "token idle", title: `counter ${k + 1}` }));
  }
  for (let k = heap; k <= size; k++) {
    const option = byHeap.get(k + 1);
    const over = k === size;  // the place past the full heap: shown only to overflow it
    if (option && k === heap) {
      row.append(button(option, { class: `gt-give${over ? " gt-overflow" : ""}`, text: "+1",
                                  words: over ? "past the full heap" : `empty place ${k + 1}` }));
    } else if (!over) {
      row.append(el("span", { class: "gt-slot", title: `empty place ${k + 1}` }));
    }
  }
  box.append(row);
}
