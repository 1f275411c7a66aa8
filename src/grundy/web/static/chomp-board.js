// The Chomp board of the play view: the chocolate bar as a grid of squares, the poisoned
// one at the bottom left. A click on a square bites it (eats it and every square above
// and to its right); hovering or focusing a square shows what the bite would eat.

import { el } from "./dom.js";
import { state, verdictOf } from "./state.js";

// Past this the grid would be unreadable (and the server refuses such bars anyway).
const MAX_ROWS = 16;
const MAX_COLUMNS = 20;

/** The rows left after a bite at (r, c), counted from 0 at the bottom left. */
export function bitten(rows, r, c) {
  return rows.slice(0, r).concat(rows.slice(r).map((x) => Math.min(x, c)).filter((x) => x > 0));
}

function eatenCount(rows, r, c) {
  return rows.slice(r).reduce((sum, x) => sum + Math.max(0, x - c), 0);
}

/** Light the squares a bite at (r, c) eats (or none, with r = null). */
function lightBite(grid, r, c) {
  for (const square of grid.querySelectorAll(".chomp-square")) {
    const eaten = r !== null && Number(square.dataset.row) >= r && Number(square.dataset.column) >= c;
    square.classList.toggle("eaten", eaten);
  }
}

/**
 * The bar, top row first. Only squares whose bite is a listed option are buttons; rows
 * and columns are numbered from 1 in the labels, as people count.
 */
export function showChomp(box, listing, playMove) {
  const rows = listing.position;
  const drawable = Array.isArray(rows) && rows.length >= 1 && rows.length <= MAX_ROWS
    && rows.every((x) => Number.isInteger(x) && x >= 1 && x <= MAX_COLUMNS);
  if (!drawable) return;
  const byPosition = new Map(listing.options.map((o) => [JSON.stringify(o.position), o]));
  const grid = el("div", { class: "chomp", role: "group", "data-testid": "chomp-board",
                           "aria-label": `chocolate bar: ${rows.length} `
                             + `${rows.length === 1 ? "row" : "rows"}, the poisoned square `
                             + "at the bottom left" });
  for (let r = rows.length - 1; r >= 0; r--) {
    const line = el("div", { class: "chomp-row" },
                    el("span", { class: "board-label", "aria-hidden": "true", text: String(r + 1) }));
    for (let c = 0; c < rows[r]; c++) {
      const where = { "data-row": r, "data-column": c };
      if (r === 0 && c === 0) {
        line.append(el("span", { ...where, class: "chomp-square poison", role: "img",
                                 "aria-label": "row 1, column 1: the poisoned square",
                                 title: "the poisoned square: whoever must eat it loses",
                                 text: "☠" }));
        continue;
      }
      const option = byPosition.get(JSON.stringify(bitten(rows, r, c)));
      if (!option) {
        line.append(el("span", { ...where, class: "chomp-square idle" }));
        continue;
      }
      const eaten = eatenCount(rows, r, c);
      const verdict = verdictOf(option);
      const words = `bite row ${r + 1}, column ${c + 1}: eats ${eaten} `
        + `${eaten === 1 ? "square" : "squares"}`
        + (verdict && state.values ? ` (${verdict.text})` : "");
      const light = () => lightBite(grid, r, c);
      const dark = () => lightBite(grid, null, 0);
      line.append(el("button", {
        ...where, type: "button", "aria-label": words, title: words,
        class: `chomp-square${verdict ? ` verdict-${verdict.kind}` : ""}`,
        onclick: () => playMove(option.text),
        onmouseenter: light, onfocus: light, onmouseleave: dark, onblur: dark,
      }));
    }
    grid.append(line);
  }
  const widest = rows[0];
  const columns = el("div", { class: "chomp-row chomp-columns", "aria-hidden": "true" },
                     el("span", { class: "board-label" }));
  for (let c = 0; c < widest; c++) {
    columns.append(el("span", { class: "board-label", text: String(c + 1) }));
  }
  grid.append(columns);
  box.append(el("div", { class: "board-scroll" }, grid));
}
