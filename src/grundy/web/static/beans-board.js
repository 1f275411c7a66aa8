// The beans-in-bottles board of the play view: a row of bottles (numbered from 0, as the
// game says them), each with its beans. A move takes a bean out of a bottle and puts two
// beans into later bottles (both into one, or one each into two): a click on a source
// bottle offers the listed targets, and the bottles a choice fills light up. Only bottles
// that start a listed move are buttons; the last bottle's beans never move.

import { el } from "./dom.js";
import { bestVerdict, offerChoices, verdictClass, verdictWords } from "./splits.js";
import { state } from "./state.js";

// Past these the row would be unreadable: the move list serves.
const MAX_BOTTLES = 12;
const MAX_BEANS = 99;
const DOTS = 12;  // beans drawn one by one up to this; the count is always written

const beansWord = (n) => `${n} ${n === 1 ? "bean" : "beans"}`;

/** The bottles a move fills: [i, j, k] (a bean from i into j and k) or null. */
function moveOf(before, after) {
  if (!Array.isArray(after) || after.length !== before.length) return null;
  const out = before.findIndex((n, i) => after[i] === n - 1);
  if (out < 0) return null;
  const into = [];
  before.forEach((n, i) => {
    const gained = after[i] - n + (i === out ? 1 : 0);
    for (let g = 0; g < gained; g++) into.push(i);
  });
  if (into.length !== 2 || !before.every((n, i) => after[i] - n + (i === out ? 1 : 0) >= 0)) {
    return null;
  }
  return [out, ...into];
}

/** Mark the bottles a move fills (none, with `into` = null). */
function lightBottles(board, into) {
  for (const bottle of board.querySelectorAll(".bottle")) {
    bottle.classList.toggle("target", Boolean(into && into.includes(Number(bottle.dataset.bottle))));
  }
}

function beansOf(count) {
  const dots = el("span", { class: "bean-dots", "aria-hidden": "true" });
  for (let b = 0; b < Math.min(count, DOTS); b++) dots.append(el("span", { class: "bean" }));
  return [dots, el("span", { class: "bean-count", "aria-hidden": "true", text: String(count) })];
}

export function showBeans(box, listing, playMove) {
  const bottles = listing.position;
  const fine = Array.isArray(bottles) && bottles.length >= 1 && bottles.length <= MAX_BOTTLES
    && bottles.every((x) => Number.isInteger(x) && x >= 0 && x <= MAX_BEANS);
  if (!fine) return;
  const moves = new Map();  // source bottle -> [{into: [j, k], option}]
  for (const option of listing.options) {
    const found = moveOf(bottles, option.position);
    if (!found) continue;
    const [out, ...into] = found;
    if (!moves.has(out)) moves.set(out, []);
    moves.get(out).push({ into, option });
  }
  const last = bottles.length - 1;
  const board = el("div", { class: "bottles", role: "group", "data-testid": "beans-board",
                            "aria-label": `${bottles.length} bottles, numbered from 0: `
                              + `${bottles.join(", ")} beans` });
  bottles.forEach((count, i) => {
    const from = moves.get(i) || [];
    const label = el("span", { class: "bottle-label", "aria-hidden": "true", text: String(i) });
    if (!from.length) {
      const why = i === last ? " (the last bottle: its beans stay)" : "";
      board.append(el("div", { class: "bottle-place" },
                      el("span", { class: "bottle idle", "data-bottle": i, role: "img",
                                   "aria-label": `bottle ${i}: ${beansWord(count)}${why}`,
                                   title: `bottle ${i}: ${beansWord(count)}${why}` },
                         ...beansOf(count)),
                      label));
      return;
    }
    const best = bestVerdict(from.map((m) => m.option));
    const one = from.length === 1;
    const intoWords = (m) => (m.into[0] === m.into[1] ? `both into bottle ${m.into[0]}`
      : `into bottles ${m.into[0]} and ${m.into[1]}`);
    const words = `bottle ${i}: ${beansWord(count)}; `
      + (one ? `a bean ${intoWords(from[0])}${verdictWords(best)}`
        : `move a bean on, ${from.length} ways`
          + (best && state.values ? ` (best: ${best.kind}s)` : ""));
    const button = el("button", {
      type: "button", class: `bottle${one ? "" : " ask"}${verdictClass(best)}`,
      "data-bottle": i, "aria-label": words, title: words,
      onclick: (event) => {
        if (one) {
          playMove(from[0].option.text);
          return;
        }
        offerChoices({
          opener: event.currentTarget, anchor: board.closest(".board-scroll"),
          testid: "bean-choice", label: `bottle ${i}: where its bean's two beans go`, playMove,
          choices: from.map((m) => ({
            text: m.into[0] === m.into[1] ? `${m.into[0]} twice` : `${m.into[0]} + ${m.into[1]}`,
            words: `a bean from bottle ${i} ${intoWords(m)}`, option: m.option,
            light: (on) => lightBottles(board, on ? m.into : null),
          })),
        });
      },
    }, ...beansOf(count));
    board.append(el("div", { class: "bottle-place" }, button, label));
  });
  box.append(el("div", { class: "board-scroll" }, board));
}
