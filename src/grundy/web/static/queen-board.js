// The Wythoff board of the play view, "corner the queen": the heaps (a, b) are a queen on
// column a, row b of a grid whose corner (0, 0) is at the bottom left. She moves left,
// down or diagonally toward the corner; the squares she can reach are buttons. A switch
// marks the P-positions (the Wythoff pairs), exact integers computed here. The king, the
// knight and any piece of fixed steps (games/steps.py) use the same board, without it.

import { el } from "./dom.js";
import { state, verdictOf } from "./state.js";

// Past this the grid would be unreadable: the move list serves.
const MAX_SIDE = 30;

let showP = false;  // the switch survives the redraw after each move

/**
 * The P-positions with both heaps at most `n`, as "x,y" keys: the Wythoff pairs
 * (a_k, a_k + k), a_k the least number not yet in a pair (= ⌊kφ⌋, without floating
 * point). Misère play: the same, but (0, 0) becomes (0, 1) and (1, 0), and (1, 2),
 * (2, 1) become (2, 2).
 */
export function wythoffPairs(n, misere = false) {
  const used = new Set();
  const keys = new Set();
  let a = 0;
  for (let k = 0; a <= n; k++) {
    while (used.has(a)) a++;
    const b = a + k;
    used.add(a);
    used.add(b);
    keys.add(`${a},${b}`);
    keys.add(`${b},${a}`);
  }
  if (misere) {
    for (const key of ["0,0", "1,2", "2,1"]) keys.delete(key);
    for (const key of ["0,1", "1,0", "2,2"]) keys.add(key);
  }
  return keys;
}

export function showQueen(box, listing, playMove) {
  const misere = Boolean(listing.misere);
  drawPiece(box, listing, playMove, {
    symbol: "♛", noun: "the queen", axes: "heap 1 across, heap 2 up",
    how: "move her left, down or diagonally toward the corner 0, 0",
    pairs: (n) => wythoffPairs(n, misere),
  });
}

/** The king, the knight, a piece of fixed steps: its squares, and those it reaches. */
export function showPiece(symbol, noun) {
  return (box, listing, playMove) => drawPiece(box, listing, playMove, {
    symbol, noun, axes: "a across, b up", how: "move it to a square it reaches", pairs: null,
  });
}

function drawPiece(box, listing, playMove, { symbol, noun, axes, how, pairs: pFinder }) {
  const heaps = listing.position;
  const drawable = Array.isArray(heaps) && heaps.length === 2
    && heaps.every((x) => Number.isInteger(x) && x >= 0 && x <= MAX_SIDE);
  if (!drawable) return;
  const [a, b] = heaps;
  const byPosition = new Map(listing.options.map((o) => [JSON.stringify(o.position), o]));
  // a knight may step away from the corner along one side: the board reaches its squares
  const reached = listing.options.map((o) => o.position)
    .filter((p) => Array.isArray(p) && p.length === 2 && p.every(Number.isInteger));
  const width = Math.max(a, ...reached.map((p) => p[0]));
  const height = Math.max(b, ...reached.map((p) => p[1]));
  const pairs = pFinder ? pFinder(Math.max(width, height)) : new Set();
  const grid = el("div", { class: `queen-board${showP ? " show-p" : ""}`, role: "group",
                           "data-testid": "queen-board",
                           "aria-label": `${noun} at ${a}, ${b} (${axes}); ${how}` });
  for (let y = height; y >= 0; y--) {
    const line = el("div", { class: "queen-row" },
                    el("span", { class: "board-label", "aria-hidden": "true", text: String(y) }));
    for (let x = 0; x <= width; x++) {
      const p = pairs.has(`${x},${y}`);
      const where = { "data-x": x, "data-y": y };
      const mark = p ? " p-square" : "";
      if (x === a && y === b) {
        line.append(el("span", { ...where, class: `queen-square queen${mark}`, role: "img",
                                 "aria-label": `${noun}, at ${a}, ${b}`, text: symbol }));
        continue;
      }
      const option = byPosition.get(JSON.stringify([x, y]));
      if (!option) {
        line.append(el("span", { ...where, class: `queen-square idle${mark}` }));
        continue;
      }
      const verdict = verdictOf(option);
      const words = `${noun.replace(/^the /, "")} to ${x}, ${y}: ${option.move}`
        + (verdict && state.values ? ` (${verdict.text})` : "")
        + (p && showP ? ", a P-position" : "");
      line.append(el("button", {
        ...where, type: "button", "aria-label": words, title: words,
        class: `queen-square${mark}${verdict ? ` verdict-${verdict.kind}` : ""}`,
        onclick: () => playMove(option.text),
      }));
    }
    grid.append(line);
  }
  const columns = el("div", { class: "queen-row queen-columns", "aria-hidden": "true" },
                     el("span", { class: "board-label" }));
  for (let x = 0; x <= width; x++) {
    columns.append(el("span", { class: "board-label", text: String(x) }));
  }
  grid.append(columns);
  if (!pFinder) {  // the P-positions of these pieces are the heat map's (sequence view)
    box.append(el("div", { class: "board-scroll" }, grid));
    return;
  }
  const toggle = el("input", { type: "checkbox", "data-testid": "show-p-positions",
                               checked: showP });
  toggle.addEventListener("change", () => {
    showP = toggle.checked;
    grid.classList.toggle("show-p", showP);
    // The labels say it too: redraw them.
    for (const button of grid.querySelectorAll("button.p-square")) {
      const label = button.getAttribute("aria-label").replace(/, a P-position$/, "");
      const said = showP ? `${label}, a P-position` : label;
      button.setAttribute("aria-label", said);
      button.title = said;
    }
  });
  box.append(el("label", { class: "show-p-switch" }, toggle, " show P-positions"),
             el("div", { class: "board-scroll" }, grid));
}
