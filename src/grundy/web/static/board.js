// The heaps of the play view as rows of tokens: only tokens that start a legal move are
// buttons, and a token that starts several moves (a middle Kayles pin) asks which.

import { clear, el } from "./dom.js";
import { addSplitButton } from "./splits.js";
import { state, verdictOf } from "./state.js";

/**
 * The moves of a listing that change one heap, by what they leave of it: "i:a,b" (the
 * heap's index, then the sorted non-zero heaps left in its place) -> the option.
 * A Nim move leaves one heap, a Kayles move may split one into two.
 */
function movesByHeap(heaps, options) {
  const found = new Map();
  const same = (x, y) => String(x) === String(y);
  for (const option of options) {
    const after = option.position;
    if (!Array.isArray(after)) continue;
    heaps.forEach((_, i) => {
      const rest = heaps.length - i - 1;
      const middle = after.slice(i, after.length - rest);
      if (middle.length > 2 || after.length - rest < i) return;
      if (!heaps.slice(0, i).every((h, j) => same(h, after[j]))) return;
      if (!heaps.slice(i + 1).every((h, j) => same(h, after[after.length - rest + j]))) return;
      const left = middle.map(Number).filter((h) => h > 0).sort((x, y) => x - y);
      if (middle.length === 1 && same(middle[0], heaps[i])) return;  // no change to heap i
      found.set(`${i}:${left}`, option);
    });
  }
  return found;
}

/**
 * The moves a click on token k offers. Taking it and every token to its right comes
 * first: when that is legal it is the one move (Nim). Otherwise the runs that start at
 * k, each leaving k tokens on the left and the rest on the right (Kayles: that pin
 * alone or with its right neighbour).
 */
function tokenMoves(found, i, size, k) {
  const moves = [];
  for (let take = size - k; take >= 1; take--) {
    const right = size - k - take;
    const left = [k, right].filter((h) => h > 0).sort((x, y) => x - y);
    const option = found.get(`${i}:${left}`);
    if (option === undefined) continue;
    const target = option.text;
    const verdict = verdictOf(option);
    if (!right) return [{ take, left: right, target, verdict }];
    moves.unshift({ take, left: right, target, verdict });
  }
  return moves;
}

function takeWords(i, size, k, move) {
  if (!move.left) return `heap ${i + 1}: take ${move.take}, leave ${k}`;
  if (!k) return `heap ${i + 1}: take ${move.take} from the left, leave ${move.left}`;
  return `heap ${i + 1}: take ${move.take} from token ${k + 1}, leave ${k} and ${move.left}`;
}

/** A token that starts several moves (a middle Kayles pin): let the person pick one. */
function chooseTake(opener, i, size, k, moves, playMove) {
  for (const old of document.querySelectorAll(".take-choice")) old.remove();
  const choice = el("div", { class: "take-choice", "data-testid": "take-choice", role: "group",
                             "aria-label": `heap ${i + 1}, token ${k + 1}: how many to take` });
  const cancel = () => {
    choice.remove();
    opener.focus();
  };
  for (const move of moves) {
    const words = takeWords(i, size, k, move);
    choice.append(el("button", { type: "button", class: "take", title: words, "aria-label": words,
                                 onclick: () => playMove(move.target),
                                 text: `take ${move.take}` }));
  }
  choice.append(el("button", { type: "button", class: "take-cancel", text: "cancel",
                               onclick: cancel }));
  choice.addEventListener("keydown", (event) => {
    if (event.key === "Escape") cancel();
  });
  opener.parentElement.after(choice);
  choice.querySelector("button").focus();
}

/**
 * The heaps as rows of tokens. Only tokens that start a legal move are buttons: a click
 * takes that token and those to its right when that is the one move (Nim), or offers the
 * moves it starts (Kayles: that pin alone, or with its right neighbour).
 */
export function showHeaps(box, listing, playMove) {
  clear(box);
  const heaps = listing.position;
  const small = Array.isArray(heaps) && heaps.length <= 12
    && heaps.every((h) => Number.isInteger(h) && h >= 0 && h <= 40);
  if (!small) return;
  const found = movesByHeap(heaps, listing.options);
  heaps.forEach((size, i) => {
    const row = el("div", { class: "heap" },
                   el("span", { class: "heap-label", text: `heap ${i + 1}` }));
    for (let k = 0; k < size; k++) {
      const moves = tokenMoves(found, i, size, k);
      if (!moves.length) {
        row.append(el("span", { class: "token idle", title: "no move starts here" }));
        continue;
      }
      // Coloured as its best move: a winning one if it starts one.
      const verdicts = moves.map((m) => m.verdict).filter(Boolean);
      const best = verdicts.find((v) => v.kind === "win") || verdicts[0];
      const words = (moves.length === 1 ? takeWords(i, size, k, moves[0])
        : `heap ${i + 1}: token ${k + 1}, take ${moves.map((m) => m.take).join(" or ")}`)
        + (best && state.values ? ` (${moves.length === 1 ? best.text : `best: ${best.kind}s`})` : "");
      // "run": not the Nim-like take of every token to the right; "ask": a choice follows.
      const kind = (moves.length > 1 ? "token run ask" : moves[0].left ? "token run" : "token")
        + (best ? ` verdict-${best.kind}` : "");
      row.append(el("button", {
        type: "button", class: kind,
        "aria-label": words, title: words,
        onclick: (event) => (moves.length === 1 ? playMove(moves[0].target)
          : chooseTake(event.currentTarget, i, size, k, moves, playMove)),
      }));
    }
    if (!size) row.append(el("span", { class: "muted", text: "empty" }));
    addSplitButton(row, heaps, i, listing.options, playMove);  // Lasker, Grundy's game
    box.append(row);
  });
}
