// The Staircase Nim boards of the play view: the steps drawn as a staircase, the ground at
// the left and step 1 the lowest, each step's coins stacked on it. Staircase: a click on a
// coin moves it and every coin above it on its step down one step. Staircase (any): a
// click on a step's top coin moves that coin to a lower step, offering the steps it can
// reach. Only coins that start a listed move are buttons.

import { el } from "./dom.js";
import { bestVerdict, offerChoices, verdictClass, verdictWords } from "./splits.js";
import { state, verdictOf } from "./state.js";

// Past these the staircase would be unreadable: the move list serves.
const MAX_STEPS = 10;
const MAX_COINS = 12;

const stepName = (j) => (j < 0 ? "the ground" : `step ${j + 1}`);
const coinsWord = (n) => `${n} ${n === 1 ? "coin" : "coins"}`;

/** The position after moving `count` coins from step `i` to step `j` (-1: the ground). */
function moved(steps, i, j, count) {
  const after = steps.slice();
  after[i] -= count;
  if (j >= 0) after[j] += count;
  return JSON.stringify(after);
}

/** Mark the step a move lands on (none, with j = null). */
function lightStep(board, j) {
  for (const stair of board.querySelectorAll(".stair")) {
    stair.classList.toggle("target", j !== null && Number(stair.dataset.step) === j + 1);
  }
}

/**
 * The staircase: the ground, then one column a step (a riser as high as its number, its
 * coins stacked on it, the lowest first); `coinOf(i, k)` gives coin k of step i (k = 0
 * at the bottom): a button or a plain coin.
 */
function drawStairs(box, steps, coinOf, name) {
  const total = steps.reduce((a, b) => a + b, 0);
  const board = el("div", { class: "stairs", role: "group", "data-testid": "staircase-board",
                            "aria-label": `${name}: ${steps.length} steps, step 1 the lowest, `
                              + `${coinsWord(total)}: ${steps.join(", ")}` });
  const ground = el("div", { class: "stair ground", "data-step": 0 },
                    el("div", { class: "stair-riser", "aria-hidden": "true" }),
                    el("span", { class: "stair-label", "aria-hidden": "true", text: "ground" }));
  board.append(ground);
  steps.forEach((count, i) => {
    const coins = el("div", { class: "stair-coins" });
    for (let k = 0; k < count; k++) coins.append(coinOf(board, i, k));
    const riser = el("div", { class: "stair-riser", "aria-hidden": "true" });
    riser.style.setProperty("--rise", String(i + 1));  // CSSOM: allowed by the page's CSP
    board.append(el("div", { class: "stair", "data-step": i + 1 }, coins, riser,
                    el("span", { class: "stair-label", "aria-hidden": "true",
                                 text: `step ${i + 1}` })));
  });
  box.append(el("div", { class: "board-scroll" }, board));
  return board;
}

function drawable(steps) {
  return Array.isArray(steps) && steps.length >= 1 && steps.length <= MAX_STEPS
    && steps.every((x) => Number.isInteger(x) && x >= 0 && x <= MAX_COINS);
}

function plainCoin(i, k) {
  return el("span", { class: "stair-coin idle", "data-step": i + 1, "data-coin": k + 1,
                      title: `step ${i + 1}, coin ${k + 1}` });
}

/** Staircase Nim: coin k of step i moves with those above it to the step below. */
export function showStaircase(box, listing, playMove) {
  const steps = listing.position;
  if (!drawable(steps)) return;
  const byPosition = new Map(listing.options.map((o) => [JSON.stringify(o.position), o]));
  drawStairs(box, steps, (board, i, k) => {
    const count = steps[i] - k;
    const option = byPosition.get(moved(steps, i, i - 1, count));
    if (!option) return plainCoin(i, k);
    const verdict = verdictOf(option);
    const words = `step ${i + 1}, coin ${k + 1}: move ${coinsWord(count)} `
      + `to ${stepName(i - 1)}${verdictWords(verdict)}`;
    const light = () => lightStep(board, i - 1);
    return el("button", {
      type: "button", class: `stair-coin${verdictClass(verdict)}`, "aria-label": words,
      title: words, "data-step": i + 1, "data-coin": k + 1, "data-position": option.text,
      onclick: () => playMove(option.text),
      onmouseenter: light, onfocus: light,
      onmouseleave: () => lightStep(board, null), onblur: () => lightStep(board, null),
    });
  }, "a staircase");
}

/** Staircase (any): a step's top coin moves alone to any lower step or to the ground. */
export function showStaircaseAny(box, listing, playMove) {
  const steps = listing.position;
  if (!drawable(steps)) return;
  const byPosition = new Map(listing.options.map((o) => [JSON.stringify(o.position), o]));
  drawStairs(box, steps, (board, i, k) => {
    if (k !== steps[i] - 1) return plainCoin(i, k);  // only the top coin moves
    const moves = [];
    for (let j = i - 1; j >= -1; j--) {
      const option = byPosition.get(moved(steps, i, j, 1));
      if (option) moves.push({ j, option });
    }
    if (!moves.length) return plainCoin(i, k);
    const best = bestVerdict(moves.map((m) => m.option));
    const one = moves.length === 1;
    const words = one
      ? `step ${i + 1}, top coin: move it to ${stepName(moves[0].j)}${verdictWords(best)}`
      : `step ${i + 1}, top coin: move it to a lower step, ${moves.length} choices`
        + (best && state.values ? ` (best: ${best.kind}s)` : "");
    return el("button", {
      type: "button", class: `stair-coin${one ? "" : " ask"}${verdictClass(best)}`,
      "aria-label": words, title: words, "data-step": i + 1, "data-coin": k + 1,
      onclick: (event) => {
        if (one) {
          playMove(moves[0].option.text);
          return;
        }
        offerChoices({
          opener: event.currentTarget, anchor: board.closest(".board-scroll"),
          testid: "stair-choice", label: `step ${i + 1}: where its top coin goes`, playMove,
          choices: moves.map((m) => ({
            text: m.j < 0 ? "ground" : `step ${m.j + 1}`, option: m.option,
            words: `move the top coin of step ${i + 1} to ${stepName(m.j)}`,
            light: (on) => lightStep(board, on ? m.j : null),
          })),
        });
      },
    });
  }, "a staircase, a coin moves to any lower step");
}
