// The boards of the two-player grid games in the play view: tic-tac-toe as a 3×3 grid
// whose empty cells are the moves, connect four as W columns a click drops a piece in.
// Only a legal move is a button, coloured by what it does for its mover; the arrow keys
// move the focus between the buttons of a board (one Tab stop: a roving tabindex).

import { el, focusLost } from "./dom.js";
import { state, verdictOf } from "./state.js";

// The cell (tic-tac-toe) or column (connect four) played last from a board: its control is
// focused again when the board of the next turn is drawn and the focus fell to the page.
let playedFrom = null;

/** The words of a move for its button: "x at row 1, column 3 (wins, 0 moves left)". */
function label(words, option) {
  const verdict = verdictOf(option);
  return verdict && state.values ? `${words} (${verdict.text})` : words;
}

function verdictClass(option) {
  const verdict = verdictOf(option);
  return verdict ? ` verdict-${verdict.kind}` : "";
}

/**
 * The button the key `key` moves the focus to from `buttons[index]` (buttons in reading
 * order, each with its place `at` = [row, column]): Left and Right to the previous or
 * next button, Up and Down to the nearest button in the closest row above or below, Home
 * and End to the first or last. Null when there is none that way; undefined for a key
 * that does not move the focus.
 */
export function rovingTarget(buttons, index, key) {
  if (key === "ArrowLeft") return buttons[index - 1] || null;
  if (key === "ArrowRight") return buttons[index + 1] || null;
  if (key === "Home") return buttons[0];
  if (key === "End") return buttons[buttons.length - 1];
  if (key !== "ArrowUp" && key !== "ArrowDown") return undefined;
  const [row, column] = buttons[index].at;
  const step = key === "ArrowUp" ? -1 : 1;
  const rows = buttons.map((b) => b.at[0]).filter((r) => (r - row) * step > 0);
  if (!rows.length) return null;
  const nearest = step > 0 ? Math.min(...rows) : Math.max(...rows);
  return buttons.filter((b) => b.at[0] === nearest).reduce((best, b) =>
    (Math.abs(b.at[1] - column) < Math.abs(best.at[1] - column) ? b : best));
}

/**
 * Arrow keys, Home and End move the focus between `buttons` (see rovingTarget). Only the
 * focused button is in the Tab order.
 */
function rove(board, buttons) {
  if (!buttons.length) {
    playedFrom = null;
    return;
  }
  const focus = (target, options = {}) => {
    for (const b of buttons) b.node.tabIndex = b === target ? 0 : -1;
    target.node.focus(options);
  };
  for (const b of buttons) b.node.tabIndex = -1;
  buttons[0].node.tabIndex = 0;
  board.addEventListener("keydown", (event) => {
    const index = buttons.findIndex((b) => b.node === event.target);
    if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = rovingTarget(buttons, index, event.key);
    if (target === undefined) return;
    event.preventDefault();  // no scrolling: the arrows belong to the board
    if (target) focus(target);
  });
  // Focus comes back to the control of the last move played from a board, if any.
  const again = playedFrom === null ? null
    : buttons.find((b) => b.key === playedFrom) || buttons[0];
  playedFrom = null;
  if (again && focusLost()) focus(again, { preventScroll: true });
}

/** A move's button: played through `playMove`; `key` names its place for the focus. */
function moveControl(tag, props, key, option, playMove) {
  return el(tag, {
    type: "button", ...props, "data-position": option.text,
    onclick: () => {
      playedFrom = key;
      playMove(option.text);
    },
  });
}

// ------------------------------------------------------------------ tic-tac-toe
/** The index of the one cell `after` fills in `before`, and the mark put there. */
function filledCell(before, after) {
  if (typeof after !== "string" || after.length !== before.length) return null;
  const changed = [...before].map((_, i) => i).filter((i) => before[i] !== after[i]);
  return changed.length === 1 ? { cell: changed[0], mark: after[changed[0]] } : null;
}

/**
 * Tic-tac-toe: the position is 9 characters, row by row from the top ('x', 'o' or '.').
 * An empty cell a listed move fills is a button; an x or an o is a plain cell.
 */
export function showTicTacToe(box, listing, playMove) {
  const cells = listing.position;
  if (typeof cells !== "string" || cells.length !== 9) return;
  const moves = new Map();
  for (const option of listing.options) {
    const found = filledCell(cells, option.position);
    if (found) moves.set(found.cell, { ...found, option });
  }
  const board = el("div", { class: "grid-board ttt", role: "group",
                            "aria-label": "tic-tac-toe board", "data-testid": "grid-board" });
  const buttons = [];
  for (let row = 0; row < 3; row++) {
    const line = el("div", { class: "grid-row" });
    for (let column = 0; column < 3; column++) {
      const index = row * 3 + column;
      const mark = cells[index];
      const place = `row ${row + 1}, column ${column + 1}`;
      const move = moves.get(index);
      if (move) {
        const words = label(`${move.mark} at ${place}`, move.option);
        const node = moveControl("button", {
          class: `grid-cell move-cell${verdictClass(move.option)}`,
          "aria-label": words, title: words, "data-cell": index,
        }, index, move.option, playMove);
        buttons.push({ node, at: [row, column], key: index });
        line.append(node);
      } else if (mark === "x" || mark === "o") {
        line.append(el("span", { class: `grid-cell mark mark-${mark}`, title: `${mark} at ${place}`,
                                 "data-cell": index, text: mark }));
      } else {
        line.append(el("span", { class: "grid-cell empty", title: `empty: ${place}`,
                                 "data-cell": index }));
      }
    }
    board.append(line);
  }
  box.append(board);
  rove(board, buttons);
}

// ------------------------------------------------------------------ connect four
/** The column a move drops its piece in, and the piece. */
function droppedIn(before, after) {
  if (!Array.isArray(after) || after.length !== before.length) return null;
  const changed = before.map((_, i) => i).filter((i) => before[i] !== after[i]);
  if (changed.length !== 1) return null;
  const column = changed[0];
  const piece = String(after[column]).slice(-1);
  return { column, piece };
}

/**
 * Connect four: the position is one string a column, bottom first ('x' or 'o' each
 * piece). Above each column a move can be played in is its button; a click anywhere in
 * the column plays it too, and the cell the piece would land in shows the verdict.
 */
export function showConnectFour(box, listing, playMove) {
  const columns = listing.position;
  if (!Array.isArray(columns) || !columns.length || columns.length > 20) return;
  const size = /:(\d+)x(\d+)/i.exec(listing.game || state.game);
  const height = Math.max(size ? Number(size[2]) : 0, ...columns.map((c) => String(c).length));
  if (height > 20) return;
  const moves = new Map();
  for (const option of listing.options) {
    const found = droppedIn(columns, option.position);
    if (found) moves.set(found.column, { ...found, option });
  }
  const board = el("div", { class: "grid-board c4", role: "group",
                            "aria-label": `connect four board: ${columns.length} columns, ${height} rows`,
                            "data-testid": "grid-board" });
  const buttons = [];
  columns.forEach((text, column) => {
    const pieces = String(text);
    const move = moves.get(column);
    const lane = el("div", { class: `c4-column${move ? " playable" : ""}`,
                             "data-column": column + 1 });
    let control;
    if (move) {
      const words = label(`${move.piece} in column ${column + 1}`, move.option);
      control = moveControl("button", {
        class: `c4-drop${verdictClass(move.option)}`, "aria-label": words, title: words,
        text: String(column + 1),
      }, column, move.option, playMove);
      buttons.push({ node: control, at: [0, column], key: column });
      // A click anywhere in the column is a click on its button (nothing when locked).
      lane.addEventListener("click", (event) => {
        if (!event.target.closest("button")) control.click();
      });
    } else {
      control = el("span", { class: "c4-drop full", title: `column ${column + 1} is full`,
                             text: String(column + 1) });
    }
    lane.append(control);
    for (let row = height - 1; row >= 0; row--) {  // the top row first
      const piece = pieces[row];
      if (piece === "x" || piece === "o") {
        lane.append(el("span", { class: `grid-cell c4-cell mark mark-${piece}`,
                                 title: `${piece} in column ${column + 1}, row ${row + 1} from the bottom`,
                                 text: piece }));
      } else {
        const landing = move && row === pieces.length;
        lane.append(el("span", { class: `grid-cell c4-cell empty${landing
          ? ` landing${verdictClass(move.option)}` : ""}`, "data-landing-piece": landing ? move.piece : null }));
      }
    }
    board.append(lane);
  });
  box.append(board);
  rove(board, buttons);
}
