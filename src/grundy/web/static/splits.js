// Splits on heaps (Lasker's Nim, Grundy's game, Lieges of Legendre, octal codes that split
// a heap without taking from it): a "split" button after a heap's tokens offers the listed
// splits of that heap, each coloured by what it does for its mover. Also the small chooser
// the other boards share: a row of moves offered after a click, Escape to cancel.

import { el } from "./dom.js";
import { state, verdictOf } from "./state.js";

/** The words that say a verdict after a move's words: only when values are shown. */
export function verdictWords(verdict) {
  return verdict && state.values ? ` (${verdict.text})` : "";
}

/** The class naming a verdict, with its leading space ("" when nothing is known). */
export function verdictClass(verdict) {
  return verdict ? ` verdict-${verdict.kind}` : "";
}

/** The best of the verdicts of some options: a winning one if any, else the first known. */
export function bestVerdict(options) {
  const verdicts = options.map(verdictOf).filter(Boolean);
  return verdicts.find((v) => v.kind === "win") || verdicts.find((v) => v.kind === "tie")
    || verdicts.find((v) => v.kind === "draw") || verdicts[0] || null;
}

/**
 * Offer a choice of moves after `anchor` (inside the board): one button a choice, then
 * cancel. `choices`: [{text (shown), words (its label), option, light?}], `light(on)`
 * marks on the board what the choice does while it is hovered or focused. Escape or
 * cancel closes the chooser and gives the focus back to `opener`.
 */
export function offerChoices({ opener, anchor, label, choices, playMove, testid = "move-choice" }) {
  for (const old of document.querySelectorAll(".move-choice, .take-choice")) old.remove();
  const choice = el("div", { class: "move-choice", "data-testid": testid, role: "group",
                             "aria-label": label });
  const unlight = () => {
    for (const c of choices) if (c.light) c.light(false);
  };
  const cancel = () => {
    unlight();
    choice.remove();
    opener.focus();
  };
  for (const c of choices) {
    const verdict = verdictOf(c.option);
    const words = c.words + verdictWords(verdict);
    const on = () => {
      unlight();
      if (c.light) c.light(true);
    };
    choice.append(el("button", {
      type: "button", class: `choice-move${verdictClass(verdict)}`, title: words,
      "aria-label": words, "data-position": c.option.text, text: c.text,
      onclick: () => playMove(c.option.text),
      onmouseenter: on, onfocus: on, onmouseleave: unlight, onblur: unlight,
    }));
  }
  choice.append(el("button", { type: "button", class: "choice-cancel", text: "cancel",
                               onclick: cancel }));
  choice.addEventListener("keydown", (event) => {
    if (event.key === "Escape") cancel();
  });
  anchor.after(choice);
  choice.querySelector("button").focus();
  return choice;
}

/**
 * The options that split heap `i` of `heaps` in place into non-empty heaps and are no
 * take (the tokens of board.js play those): two heaps holding all its tokens (Lasker,
 * Grundy's game, octal codes), or more heaps (Lieges of Legendre: 2x into K heaps of x).
 * [{parts, option}].
 */
export function splitsOf(heaps, i, options) {
  const size = heaps[i];
  const rest = heaps.length - i - 1;
  const found = [];
  for (const option of options) {
    const after = option.position;
    if (!Array.isArray(after) || after.length < heaps.length + 1) continue;
    const parts = after.slice(i, after.length - rest).map(Number);
    if (parts.length < 2 || parts.some((p) => !(p > 0))) continue;
    if (parts.length === 2 && parts[0] + parts[1] < size) continue;  // a take that splits
    if (!heaps.slice(0, i).every((h, j) => String(h) === String(after[j]))) continue;
    if (!heaps.slice(i + 1).every((h, j) => String(h) === String(after[i + parts.length + j]))) {
      continue;
    }
    found.push({ parts, option });
  }
  return found;
}

/**
 * Append to the heap's `row` a "split" button when the listing has splits of heap `i`:
 * a click offers them ("3 + 4", "2 + 5"), coloured by verdict; one split plays at once.
 * A split counted for an earlier equal heap is not offered twice.
 */
export function addSplitButton(row, heaps, i, options, playMove) {
  const earlier = new Set();
  for (let j = 0; j < i; j++) {
    for (const s of splitsOf(heaps, j, options)) earlier.add(s.option.text);
  }
  const splits = splitsOf(heaps, i, options).filter((s) => !earlier.has(s.option.text));
  if (!splits.length) return;
  const size = heaps[i];
  const wordsOf = (s) => `heap ${i + 1}: ${s.parts.reduce((a, b) => a + b, 0) === size
    ? "split" : "turn"} ${size} into ${s.parts.join(" + ")}`;
  const best = bestVerdict(splits.map((s) => s.option));
  const one = splits.length === 1;
  const words = one ? wordsOf(splits[0]) + verdictWords(best)
    : `heap ${i + 1}: split it, ${splits.length} ways`
      + (best && state.values ? ` (best: ${best.kind}s)` : "");
  row.append(el("button", {
    type: "button", class: `split-heap${one ? "" : " ask"}${verdictClass(best)}`,
    "aria-label": words, title: words, "data-testid": "split-heap", text: "split",
    onclick: (event) => {
      if (one) {
        playMove(splits[0].option.text);
        return;
      }
      offerChoices({
        opener: event.currentTarget, anchor: row, testid: "split-choice",
        label: `heap ${i + 1}: how to split it`, playMove,
        choices: splits.map((s) => ({ text: s.parts.join(" + "), words: wordsOf(s),
                                      option: s.option })),
      });
    },
  }));
}
