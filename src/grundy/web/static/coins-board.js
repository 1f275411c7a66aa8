// The coin-turning boards of the play view: Turning Turtles, Mock Turtles and Ruler as a
// row of coins, Turning Corners as a grid of them, heads or tails. A move turns a heads
// coin to tails and perhaps some coins before it: the heads coins that start a legal move
// are buttons; a click plays the move when there is one, else offers those it starts.

import { el } from "./dom.js";
import { state, verdictOf } from "./state.js";

// Past these a board of coins would be unreadable: the move list serves.
const MAX_ROW = 60;   // the last coin of a row
const MAX_GRID = 16;  // rows and columns of Turning Corners
const MIN_ROW = 10;   // coins drawn at least

const keyOf = (coin) => (Array.isArray(coin) ? coin.join(",") : String(coin));
const nameOf = (coin) => (Array.isArray(coin) ? `(${coin.join(",")})` : String(coin));

/** Order coins as the game does: by number, or by row then column. */
function compare(x, y) {
  const a = [].concat(x);
  const b = [].concat(y);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/**
 * The moves of a listing by the heads coin that goes to tails (the last coin turned):
 * its key -> [{others (the other coins turned, last first), option}].
 */
function movesByCoin(heads, options) {
  const found = new Map();
  const before = new Map(heads.map((coin) => [keyOf(coin), coin]));
  for (const option of options) {
    if (!Array.isArray(option.position)) continue;
    const after = new Map(option.position.map((coin) => [keyOf(coin), coin]));
    const turned = [...before.values()].filter((coin) => !after.has(keyOf(coin)))
      .concat([...after.values()].filter((coin) => !before.has(keyOf(coin))))
      .sort(compare).reverse();
    if (!turned.length || !before.has(keyOf(turned[0]))) continue;
    const key = keyOf(turned[0]);
    if (!found.has(key)) found.set(key, []);
    found.get(key).push({ coin: turned[0], others: turned.slice(1), option });
  }
  return found;
}

function turnWords(move) {
  const coins = [move.coin, ...move.others].map(nameOf);
  return `turn over ${coins.length === 1 ? "coin" : "coins"} ${coins.join(", ")}`;
}

function verdictWords(verdict) {
  return verdict && state.values ? ` (${verdict.text})` : "";
}

/** Mark the coins a move would turn (none, with move = null). */
function lightCoins(board, move) {
  const keys = new Set(move ? [move.coin, ...move.others].map(keyOf) : []);
  for (const coin of board.querySelectorAll(".coin")) {
    coin.classList.toggle("turning", keys.has(coin.dataset.coin));
  }
}

/** A heads coin that starts several moves: let the person pick one. */
function chooseTurn(board, opener, moves, playMove) {
  const after = board.closest(".board-scroll") || board;
  for (const old of after.parentElement.querySelectorAll(".coin-choice")) old.remove();
  const name = nameOf(moves[0].coin);
  const choice = el("div", { class: "coin-choice", "data-testid": "coin-choice", role: "group",
                             "aria-label": `coin ${name}: which coins to turn over with it` });
  const cancel = () => {
    lightCoins(board, null);
    choice.remove();
    opener.focus();
  };
  for (const move of moves) {
    const verdict = verdictOf(move.option);
    const words = turnWords(move) + verdictWords(verdict);
    const light = () => lightCoins(board, move);
    choice.append(el("button", {
      type: "button", title: words, "aria-label": words,
      class: `coin-move${verdict ? ` verdict-${verdict.kind}` : ""}`,
      text: move.others.length ? `${name} + ${move.others.map(nameOf).join(", ")}` : `${name} alone`,
      onclick: () => playMove(move.option.text),
      onmouseenter: light, onfocus: light, onmouseleave: () => lightCoins(board, null),
    }));
  }
  choice.append(el("button", { type: "button", class: "coin-cancel", text: "cancel",
                               onclick: cancel }));
  choice.addEventListener("keydown", (event) => {
    if (event.key === "Escape") cancel();
  });
  after.after(choice);
  choice.querySelector("button").focus();
}

/** One coin: a button when it starts a move, else a plain face. */
function coinElement(board, coin, isHeads, moves, playMove) {
  const key = keyOf(coin);
  const name = nameOf(coin);
  const face = isHeads ? "heads" : "tails";
  const label = Array.isArray(coin) ? "" : String(coin);
  if (!moves || !moves.length) {
    return el("span", { class: `coin ${face}`, "data-coin": key, role: "img",
                        "aria-label": `coin ${name}: ${face}`, title: `coin ${name}: ${face}`,
                        text: label });
  }
  const verdicts = moves.map((m) => verdictOf(m.option)).filter(Boolean);
  const best = verdicts.find((v) => v.kind === "win") || verdicts[0];
  const one = moves.length === 1;
  const words = one ? `coin ${name} (heads): ${turnWords(moves[0])}${verdictWords(best)}`
    : `coin ${name} (heads): ${moves.length} moves, choose the coins to turn with it`
      + (best && state.values ? ` (best: ${best.kind}s)` : "");
  return el("button", {
    type: "button", "data-coin": key, "aria-label": words, title: words, text: label,
    class: `coin ${face}${one ? "" : " ask"}${best ? ` verdict-${best.kind}` : ""}`,
    onclick: (event) => (one ? playMove(moves[0].option.text)
      : chooseTurn(board, event.currentTarget, moves, playMove)),
    onmouseenter: () => one && lightCoins(board, moves[0]),
    onfocus: () => one && lightCoins(board, moves[0]),
    onmouseleave: () => lightCoins(board, null),
    onblur: () => lightCoins(board, null),
  });
}

/** A row of coins numbered from `first`: Turning Turtles, Ruler (1), Mock Turtles (0). */
function showRow(box, listing, playMove, first) {
  const heads = listing.position;
  const fine = Array.isArray(heads)
    && heads.every((c) => Number.isInteger(c) && c >= first && c <= MAX_ROW);
  if (!fine) return;
  const found = movesByCoin(heads, listing.options);
  const up = new Set(heads);
  const last = Math.max(first + MIN_ROW - 1, (heads.length ? Math.max(...heads) : 0) + 2);
  const board = el("div", { class: "coin-row", role: "group", "data-testid": "coin-board",
                            "aria-label": `coins ${first} to ${last}, ${heads.length} heads` });
  for (let coin = first; coin <= last; coin++) {
    board.append(coinElement(board, coin, up.has(coin), found.get(String(coin)), playMove));
  }
  box.append(board);
}

/** Turning Corners: coin (i, j) at row i, column j, both from 1, row 1 at the top. */
function showGrid(box, listing, playMove) {
  const heads = listing.position;
  const fine = Array.isArray(heads) && heads.every((c) => Array.isArray(c) && c.length === 2
    && c.every((x) => Number.isInteger(x) && x >= 1 && x <= MAX_GRID - 1));
  if (!fine) return;
  const found = movesByCoin(heads, listing.options);
  const up = new Set(heads.map(keyOf));
  const height = Math.max(4, ...heads.map((c) => c[0] + 1));
  const width = Math.max(4, ...heads.map((c) => c[1] + 1));
  const board = el("div", { class: "coin-grid", role: "group", "data-testid": "coin-board",
                            "aria-label": `coins in ${height} rows and ${width} columns, `
                              + `${heads.length} heads` });
  const top = el("div", { class: "coin-grid-row", "aria-hidden": "true" },
                 el("span", { class: "board-label" }));
  for (let j = 1; j <= width; j++) top.append(el("span", { class: "board-label", text: String(j) }));
  board.append(top);
  for (let i = 1; i <= height; i++) {
    const line = el("div", { class: "coin-grid-row" },
                    el("span", { class: "board-label", "aria-hidden": "true", text: String(i) }));
    for (let j = 1; j <= width; j++) {
      const key = `${i},${j}`;
      line.append(coinElement(board, [i, j], up.has(key), found.get(key), playMove));
    }
    board.append(line);
  }
  box.append(el("div", { class: "board-scroll" }, board));
}

export const showTurningTurtles = (box, listing, playMove) => showRow(box, listing, playMove, 1);
export const showRuler = showTurningTurtles;
export const showMockTurtles = (box, listing, playMove) => showRow(box, listing, playMove, 0);
export const showTurningCorners = showGrid;
