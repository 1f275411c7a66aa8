// The boards of the partizan games: Domineering, Clobber, Konane, Amazons, Toads and
// Frogs, Fox and Geese, and Snort's and Col's boards on a grid of squares (here), Cutcake's pieces
// (cutcake-board.js), Blue-Red Hackenbush's drawing (blue-red-board.js), Snort's and Col's
// graphs (colour-board.js), Toppling Dominoes' strip (toppling-board.js) and Partizan Arc
// Kayles' graph (arc-kayles-board.js); and impartial Cram's grid, Domineering's with the
// dominoes either way (cramPlayBoard). In the play view a board offers the moves of the
// player to move (the listed options); under Analyse, both players' moves, each going to
// the position it leaves (Snort and Col: one player's at a time, chosen above the board).
// Left's pieces are blue, Right's red; a move is coloured by what it does for its player,
// in words too.
//
// A move on a grid is a short sequence of clicks on squares, read off the board it
// leaves: a domino's two squares (either first), a Clobber stone then the stone it takes,
// a Konane stone then the square it jumps to (its last, on a multiple jump), a goose or
// the fox then its square (on a checkered board, rows named from the bottom), an Amazon
// then where it goes then the square it burns, a toad or a frog alone, the square Snort
// or Col colours. After the first click the squares that go on from it are marked; the
// arrow keys move between squares (one Tab stop), Enter or Space clicks, Escape lets go.
// With a domino square or a Clobber stone chosen, an arrow key plays toward that side: up
// and down place Left's upright domino, left and right Right's lying one (in Cram, the
// domino that way). A square Snort or Col forbids the player is marked, and says why.

import { showArcKayles } from "./arc-kayles-board.js";
import { showBlueRedHackenbush } from "./blue-red-board.js";
import { showColourGraph } from "./colour-board.js";
import { showCutcake } from "./cutcake-board.js";
import { clear, el, focusLost } from "./dom.js";
import { rovingTarget } from "./grid.js";
import { moveWords, playMoves } from "./partizan-moves.js";
import { bestVerdict, verdictClass } from "./splits.js";
import { state, verdictOf } from "./state.js";
import { showToppling } from "./toppling-board.js";

const COLUMNS = "abcdefghijklmnopqrstuvwxyz";
const cellName = (r, c) => `${COLUMNS[c] || `c${c + 1}`}${r + 1}`;
const LARGEST = 16;  // rows or columns past this: the position's text alone
// The square of the last move made on a grid: focused again on the next board drawn
// when the focus fell to the page (the board it was on is gone).
let playedFrom = null;

// ------------------------------------------------------------------ the grid games
const PIECES = {
  domineering: { "#": "covered" },
  cram: { "#": "covered" },
  clobber: { x: "x stone (Left)", o: "o stone (Right)" },
  amazons: { x: "Left's queen", o: "Right's queen", "#": "burnt" },
  "toads-and-frogs": { T: "toad (Left)", F: "frog (Right)" },
  "fox-and-geese": { G: "goose (Left)", F: "the fox (Right)" },
  konane: { x: "x stone (Left)", o: "o stone (Right)", "#": "no square" },
  snort: { x: "coloured x (Left)", o: "coloured o (Right)", "#": "no square" },
  col: { x: "coloured x (Left)", o: "coloured o (Right)", "#": "no square" },
};
const COLOURING = new Set(["snort", "col"]);
const OWNER = { x: "left", o: "right", T: "left", F: "right", G: "left" };
// Fox and Geese: the pieces of each player, and its squares named as in chess.
const FOX = "fox-and-geese";
const PIECE_OF = { "toads-and-frogs": ["T", "F"], [FOX]: ["G", "F"] };

/** The squares where `before` and `after` differ: [[r, c, was, now]]. */
function changes(before, after) {
  const found = [];
  before.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (row[c] !== (after[r] || "")[c]) found.push([r, c, row[c], (after[r] || "")[c]]);
    }
  });
  return found;
}

/** The clicks that make a move on a grid: lists of [r, c] (a domino: both orders). */
function clicksOf(kind, before, after, player) {
  if (!Array.isArray(after) || after.length !== before.length) return [];
  const changed = changes(before, after);
  const mine = (PIECE_OF[kind] || ["x", "o"])[player === "Left" ? 0 : 1];
  const at = (test) => changed.find(test);
  if (COLOURING.has(kind)) {  // one square coloured
    const [one] = changed;
    return changed.length === 1 && one[2] === "." && one[3] === mine ? [[one.slice(0, 2)]] : [];
  }
  if (kind === "domineering" || kind === "cram") {
    if (changed.length !== 2 || !changed.every(([, , was, now]) => was === "." && now === "#")) {
      return [];
    }
    const [a, b] = changed.map(([r, c]) => [r, c]);
    return [[a, b], [b, a]];
  }
  const from = at(([, , was, now]) => was === mine && now !== mine);
  const to = at(([, , was, now]) => now === mine && was !== mine);
  if (!from || !to) return [];
  if (kind === "toads-and-frogs") return [[from.slice(0, 2)]];
  if (kind === "clobber" || kind === "konane" || kind === FOX) {
    return [[from.slice(0, 2), to.slice(0, 2)]];
  }
  // Amazons: the queen, where it lands, and the square burnt (perhaps where it stood).
  const burnt = at(([, , was, now]) => now === "#" && was !== "#");
  return burnt ? [[from.slice(0, 2), to.slice(0, 2), burnt.slice(0, 2)]] : [];
}

const HELP = {
  cram: {
    start: "Click a square, then a square beside, above or below it: a domino covers both; "
      + "or choose a square and press an arrow key.",
    next: (name) => `${name} chosen: click the square the domino also covers, or press an `
      + "arrow key; Escape lets go.",
  },
  domineering: {
    Left: "upright dominoes", Right: "dominoes lying down",
    start: "Click a square, then the square above or below it (Left) or beside it (Right); "
      + "or choose a square and press an arrow key.",
    next: (name) => `${name} chosen: click the square the domino also covers, or press an `
      + "arrow key (up or down: Left, left or right: Right); Escape lets go.",
  },
  clobber: {
    Left: "the x stones", Right: "the o stones",
    start: "Click a stone, then the neighbouring enemy stone it takes (or press an arrow key).",
    next: (name) => `${name} chosen: click the stone it takes, or press an arrow key; `
      + "Escape lets go.",
  },
  amazons: {
    Left: "the x queens", Right: "the o queens",
    start: "Click a queen, then the square it moves to, then the square its arrow burns.",
    next: (name, step) => (step === 1 ? `${name} chosen: click where it moves.`
      : "Now click the square its arrow burns (it may be where it stood).")
      + " Escape lets go.",
  },
  [FOX]: {
    Left: "the geese G, a step diagonally down", Right: "the fox F, a step diagonally any way",
    start: "Click a goose or the fox, then the square it steps to (or choose it and press "
      + "an arrow key to move the focus there, then Enter).",
    next: (name) => `${name} chosen: click the square it steps to; Escape lets go.`,
  },
  "toads-and-frogs": {
    Left: "the toads T, moving right", Right: "the frogs F, moving left",
    start: "Click a toad or a frog to move it: a step onto an empty square, or a jump "
      + "over one of the other kind.",
  },
  konane: {
    Left: "the x stones", Right: "the o stones",
    start: "Click a stone, then the square it jumps to (on a multiple jump, the last one).",
    next: (name) => `${name} chosen: click the square it jumps to; a dot marks a square a `
      + "longer jump lands on on the way. Escape lets go.",
  },
  snort: {
    Left: "x (blue)", Right: "o (red)",
    start: "Click an empty square to colour it. A square next to the other player's colour "
      + "is not yours: it is hatched, and says why.",
  },
  col: {
    Left: "x (blue)", Right: "o (red)",
    start: "Click an empty square to colour it. A square next to your own colour is not "
      + "yours: it is hatched, and says why.",
  },
};

const STEPS = [[-1, 0], [1, 0], [0, -1], [0, 1]];

/**
 * Why `player` may not colour the empty square (r, c) of a Snort or Col board (Snort: it
 * is next to the other's colour, Col: next to the player's own), or null.
 */
function colourBar(kind, rows, r, c, player) {
  if (!COLOURING.has(kind) || !player) return null;
  const mine = player === "Left" ? "x" : "o";
  const barred = kind === "col" ? mine : mine === "x" ? "o" : "x";
  const near = STEPS.map(([dr, dc]) => [r + dr, c + dc])
    .filter(([rr, cc]) => (rows[rr] || "")[cc] === barred);
  if (!near.length) return null;
  const whose = kind === "col" ? `${player}'s own colour`
    : `${player === "Left" ? "Right" : "Left"}'s colour`;
  return `${player} may not colour it: next to ${barred} on ${near.map(([rr, cc]) =>
    cellName(rr, cc)).join(" and ")} (${whose})`;
}

/** The squares a Konane jump from `from` to `to` lands on on the way: [r, c] each. */
function landings([fr, fc], [tr, tc]) {
  const [dr, dc] = [Math.sign(tr - fr), Math.sign(tc - fc)];
  const found = [];
  for (let j = 2; j < Math.max(Math.abs(tr - fr), Math.abs(tc - fc)); j += 2) {
    found.push([fr + j * dr, fc + j * dc]);
  }
  return found;
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * A grid board: `rows` (strings), `moves` (each with its `board` after) and `act(move)`.
 * Returns true when drawn.
 */
function showGrid(box, kind, rows, moves, act, toMove) {
  if (!rows.length || rows.length > LARGEST || rows.some((r) => r.length > LARGEST)) return false;
  const strip = kind === "toads-and-frogs";
  // Fox and Geese names its squares as chess does, rows counted from the bottom.
  const nameOf = kind === FOX ? (r, c) => `${COLUMNS[c]}${rows.length - r}` : cellName;
  const sequences = [];
  for (const m of moves) {
    const after = strip ? [m.board] : m.board;
    for (const clicks of clicksOf(kind, rows, after, m.player)) sequences.push({ clicks, m });
  }
  const help = HELP[kind];
  const frame = el("div", { class: `pz-frame pz-${kind}` });
  const caption = el("p", { class: "muted pz-caption", "data-testid": "partizan-caption",
                            "aria-live": "polite" });
  let prefix = [];  // the squares clicked so far
  let busy = false;
  let focusKey = null;  // the square to focus after a redraw
  const key = ([r, c]) => `${r},${c}`;
  const startsWith = (clicks) => prefix.every((p, i) => clicks[i] && key(clicks[i]) === key(p));

  const redraw = () => {
    // The squares that go on from the clicks so far: key -> the sequences through them.
    const next = new Map();
    for (const s of sequences) {
      if (s.clicks.length > prefix.length && startsWith(s.clicks)) {
        const k = key(s.clicks[prefix.length]);
        if (!next.has(k)) next.set(k, []);
        next.get(k).push(s);
      }
    }
    const chosen = new Set(prefix.map(key));
    // Konane, a stone chosen: the squares its longer jumps land on on the way -> the
    // squares those jumps end on.
    const via = new Map();
    if (kind === "konane" && prefix.length === 1) {
      for (const [, through] of next) {
        const [from, to] = through[0].clicks;
        for (const p of landings(from, to)) {
          if (!via.has(key(p))) via.set(key(p), []);
          via.get(key(p)).push(cellName(...to));
        }
      }
    }
    // An Amazon moved to its square (before its arrow is chosen) is drawn there.
    const shown = rows.map((row) => [...row]);
    if (kind === "amazons" && prefix.length >= 2) {
      const [[fr, fc], [tr, tc]] = prefix;
      shown[tr][tc] = shown[fr][fc];
      shown[fr][fc] = ".";
    }
    const grid = el("div", { class: "pz-grid", role: "group", "data-testid": "partizan-board",
                             "aria-label": boardLabel(kind, rows, toMove) });
    const buttons = [];
    rows.forEach((row, r) => {
      const line = el("div", { class: "pz-row" });
      for (let c = 0; c < row.length; c++) {
        const piece = shown[r][c];
        const name = strip ? `square ${c + 1}` : nameOf(r, c);
        const what = PIECES[kind][piece] || "empty";
        const cls = `pz-cell pz-${piece === "." ? "empty" : piece === "#" ? "block" : "piece"}`
          + (OWNER[piece] ? ` pz-${OWNER[piece]}` : "")
          + (kind === FOX && (rows.length - r + c + 1) % 2 ? " pz-dark" : "");
        const through = next.get(key([r, c]));
        const glyph = piece === "." || piece === "#" ? "" : piece;
        const onTheWay = via.get(key([r, c]));
        const barred = !through && piece === "." ? colourBar(kind, rows, r, c, toMove) : null;
        if (through) {
          const done = through.find((s) => s.clicks.length === prefix.length + 1);
          let words;
          let verdict;
          if (done) {
            const stops = kind === "konane" ? landings(...done.clicks.slice(-2)) : [];
            words = moveWords(done.m, done.m.move + (stops.length ? `, landing on `
              + `${stops.map((p) => cellName(...p)).join(" and ")} on the way` : "")
              + (onTheWay ? `; a jump to ${onTheWay.join(" or ")} lands here on the way` : ""));
            verdict = verdictOf(done.m.option);
          } else {
            // The best a square offers the player to move (none said: no verdict).
            const own = through.filter((s) => s.m.player === toMove);
            const best = own.length ? bestVerdict(own.map((s) => s.m.option)) : null;
            words = `${name}, ${what}: ${prefix.length ? "then choose the next square"
              : "choose it"}${best && state.values ? ` (best: ${best.kind}s)` : ""}`;
            verdict = best;
          }
          const node = el("button", {
            type: "button", class: `${cls} pz-move${prefix.length ? " pz-next" : ""}`
              + `${done ? " pz-done" : ""}${onTheWay ? " pz-via" : ""}${verdictClass(verdict)}`,
            text: glyph, "aria-label": words, title: words, "data-cell": key([r, c]),
            "data-position": done ? done.m.text : null,
            onclick: () => {
              if (busy) return;
              if (done) {
                busy = true;
                playedFrom = key([r, c]);
                act(done.m);
                return;
              }
              prefix = [...prefix, [r, c]];
              focusKey = key([r, c]);
              redraw();
            },
          });
          if (done && kind === "konane") lightPath(node, grid, done.clicks);
          buttons.push({ node, at: [r, c] });
          line.append(node);
        } else if (barred) {
          // Focusable, so that the keyboard finds it too; a click says why, in the caption.
          const words = `${name}, empty: ${barred}`;
          const node = el("button", {
            type: "button", class: `${cls} pz-barred`, "aria-disabled": "true", title: words,
            "aria-label": words, "data-cell": key([r, c]),
            onclick: () => {
              caption.textContent = words;
            },
          });
          buttons.push({ node, at: [r, c] });
          line.append(node);
        } else if (chosen.has(key([r, c]))) {
          const letGo = () => {  // back to before this square was clicked
            prefix = prefix.slice(0, prefix.findIndex((p) => key(p) === key([r, c])));
            focusKey = key([r, c]);
            redraw();
          };
          const node = el("button", {
            type: "button", class: `${cls} pz-chosen`, text: glyph, "aria-pressed": "true",
            "data-cell": key([r, c]), onclick: letGo,
            "aria-label": `${name}, ${what}: chosen; click again to let go`,
          });
          buttons.push({ node, at: [r, c] });
          line.append(node);
        } else {
          line.append(el("span", { class: cls, title: `${name}, ${what}`, text: glyph,
                                   "data-cell": key([r, c]) }));
        }
      }
      grid.append(line);
    });
    rove(grid, buttons, () => {
      // Escape lets go of the clicks so far.
      if (!prefix.length) return false;
      focusKey = key(prefix[0]);
      prefix = [];
      redraw();
      return true;
    }, (event) => {
      // An arrow key from a chosen domino square or Clobber stone plays toward that side.
      if (!prefix.length || !["domineering", "cram", "clobber"].includes(kind)) return false;
      const [dr, dc] = ARROWS[event.key] || [];
      if (dr === undefined) return false;
      const last = prefix[prefix.length - 1];
      const target = grid.querySelector(`[data-cell="${last[0] + dr},${last[1] + dc}"]`);
      if (target && target.tagName === "BUTTON" && target.classList.contains("pz-done")) {
        target.click();
      }
      return true;  // held: the arrows belong to the move being made
    });
    frame.replaceChildren(grid);
    const again = focusKey && grid.querySelector(`[data-cell="${focusKey}"]`);
    focusKey = null;
    if (again && again.tagName === "BUTTON") {
      for (const b of buttons) b.node.tabIndex = b.node === again ? 0 : -1;
      again.focus({ preventScroll: true });
    }
    const first = !prefix.length ? "" : strip ? `square ${prefix[0][1] + 1}`
      : nameOf(...prefix[0]);
    caption.textContent = prefix.length && help.next ? help.next(first, prefix.length)
      : help.start;
  };
  redraw();
  box.append(el("div", { class: "board-scroll" }, frame), caption);
  // Back to the square of the last move made on a board (or the first square), once the
  // board is in the page, if the focus fell to the page with the board it was on.
  if (playedFrom !== null) {
    const buttons = [...frame.querySelectorAll("button")];
    const again = buttons.find((b) => b.dataset.cell === playedFrom) || buttons[0];
    playedFrom = null;
    if (again && focusLost()) {
      for (const b of buttons) b.tabIndex = b === again ? 0 : -1;
      again.focus({ preventScroll: true });
    }
  }
  return true;
}

/**
 * While a Konane jump's last square is pointed at or focused, mark its path: the squares
 * it lands on on the way and the stones it takes.
 */
function lightPath(node, grid, [from, to]) {
  const [dr, dc] = [Math.sign(to[0] - from[0]), Math.sign(to[1] - from[1])];
  const length = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1]));
  const light = (on) => {
    for (let j = 1; j < length; j++) {
      const cell = grid.querySelector(`[data-cell="${from[0] + j * dr},${from[1] + j * dc}"]`);
      if (cell) cell.classList.toggle(j % 2 ? "pz-jumped" : "pz-landing", on);
    }
  };
  for (const type of ["mouseenter", "focus"]) node.addEventListener(type, () => light(true));
  for (const type of ["mouseleave", "blur"]) node.addEventListener(type, () => light(false));
}

function boardLabel(kind, rows, toMove) {
  const size = kind === "toads-and-frogs" ? `a strip of ${rows[0].length} squares`
    : `${rows.length} rows by ${rows[0].length} columns`;
  const mover = toMove ? `, ${toMove} to move` : "";
  const help = HELP[kind];
  if (!help.Left) return `${kind} board, ${size}: place a domino on two empty squares`;
  return `${kind.replace(/-/g, " ")} board, ${size}${mover}: Left plays ${help.Left}, `
    + `Right ${help.Right}`;
}

/**
 * The arrow keys, Home and End move the focus between the buttons of a grid (one Tab
 * stop); `escape()` and `arrow(event)` may take the key first (they return true).
 */
function rove(grid, buttons, escape, arrow) {
  if (!buttons.length) return;
  for (const b of buttons) b.node.tabIndex = -1;
  buttons[0].node.tabIndex = 0;
  const focus = (target) => {
    for (const b of buttons) b.node.tabIndex = b === target ? 0 : -1;
    target.node.focus();
  };
  grid.addEventListener("keydown", (event) => {
    const index = buttons.findIndex((b) => b.node === event.target);
    if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape") {
      if (escape()) event.preventDefault();
      return;
    }
    if (ARROWS[event.key] && arrow(event)) {
      event.preventDefault();
      return;
    }
    const target = rovingTarget(buttons, index, event.key);
    if (target === undefined) return;
    event.preventDefault();
    if (target) focus(target);
  });
}

// ------------------------------------------------------------------ every partizan board
/**
 * Draw the board of the partizan game `name` (the catalog's name) in `box`: its position
 * `board` (JSON), the moves it offers (see analyseMove) and what a click on one does.
 * Returns "grid" (the board shows all its text says), "drawn", or "" (not drawn).
 */
export function showPartizanBoard(box, name, board, moves, act, toMove = null) {
  if (name === "cutcake") return showCutcake(box, board, moves, act, toMove) ? "drawn" : "";
  if (name === "blue-red-hackenbush") {
    return showBlueRedHackenbush(box, board, moves, act, toMove) ? "drawn" : "";
  }
  if (name === "toppling-dominoes") return showToppling(box, board, moves, act, toMove) ? "grid" : "";
  if (name === "partizan-arc-kayles") {
    return showArcKayles(box, board, moves, act, toMove) ? "drawn" : "";
  }
  if (COLOURING.has(name)) return showColouring(box, name, board, moves, act, toMove);
  if (!HELP[name]) return "";
  let rows = name === "toads-and-frogs" ? (typeof board === "string" ? [board] : null) : board;
  if (!Array.isArray(rows) || !rows.every((r) => typeof r === "string")) return "";
  if (name === FOX) [rows, moves] = withRoomAbove(rows, moves);
  return showGrid(box, name, rows, moves, act, toMove) ? "grid" : "";
}

/**
 * Fox and Geese's board has no top: a fox on the top row may climb to a row the board
 * adds. The board and the boards its moves leave are drawn as high as the highest, the
 * rows missing empty on top, so that the square can be clicked.
 */
function withRoomAbove(rows, moves) {
  const most = Math.max(rows.length, ...moves.map((m) => (Array.isArray(m.board)
    ? m.board.length : 0)));
  const blank = ".".repeat(rows[0] ? rows[0].length : 0);
  const pad = (b) => (Array.isArray(b) ? [...Array(most - b.length).fill(blank), ...b] : b);
  return [pad(rows), moves.map((m) => ({ ...m, board: pad(m.board) }))];
}

// Under Analyse, whose squares (or vertices) Snort's and Col's board offers: Left's or
// Right's, as last chosen (null: the player to move, else Left).
let colourAs = null;

/**
 * Snort or Col: a board on a grid (here), a graph drawn (colour-board.js). Under Analyse
 * a square may be either player's, x or o: the board offers one player's moves at a
 * time, chosen above it.
 */
function showColouring(box, name, board, moves, act, toMove) {
  const both = !toMove || moves.some((m) => m.player !== toMove);
  const player = both ? colourAs || toMove || "Left" : toMove;
  const own = moves.filter((m) => m.player === player);
  let drawn = "";
  if (Array.isArray(board) && board.length === 2 && typeof board[0] === "string"
      && Array.isArray(board[1])) {
    drawn = showColourGraph(box, name, board, own, act, player) ? "drawn" : "";
  } else if (Array.isArray(board) && board.every((r) => typeof r === "string")) {
    drawn = showGrid(box, name, board, own, act, player) ? "grid" : "";
  }
  if (!drawn || !both) return drawn;
  // Under Analyse the board shows the chosen player's moves: its name says so.
  const named = box.querySelector('[data-testid="partizan-board"]');
  named?.setAttribute("aria-label", named.getAttribute("aria-label")
    .replace(`${player} to move`, `showing ${player}'s moves`));
  const field = el("fieldset", { class: "pz-colour-as", "data-testid": "partizan-colour-as" },
                   el("legend", { text: "The board offers the moves of" }));
  for (const side of ["Left", "Right"]) {
    const input = el("input", {
      type: "radio", name: "pz-colour-as", value: side, checked: side === player,
      "data-testid": `partizan-colour-as-${side.toLowerCase()}`,
      onchange: () => {
        colourAs = side;
        clear(box);
        showColouring(box, name, board, moves, act, toMove);
        box.querySelector(`input[value="${side}"]`)?.focus();
      },
    });
    field.append(el("label", { class: `pz-${side.toLowerCase()}-words` }, input,
                    ` ${side} (${side === "Left" ? "x" : "o"})`));
  }
  box.prepend(field);
  return drawn;
}

/** The play view's board of Cram (impartial: the moves are either player's). */
export function cramPlayBoard(box, listing, playMove) {
  const moves = listing.options.map((o) => ({
    player: null, board: o.position, text: o.text, move: o.move, option: o,
  }));
  const rows = listing.position;
  if (!Array.isArray(rows) || !rows.every((r) => typeof r === "string")) return;
  showGrid(box, "cram", rows, moves, (m) => playMove(m.text), null);
}

/** The play view's board of a partizan game (registered in boards.js). */
export function partizanPlayBoard(name) {
  return (box, listing, playMove) => {
    if (!Array.isArray(listing.position) || listing.position.length !== 2) return;
    const [board, mover] = listing.position;
    const drawn = showPartizanBoard(box, name, board, playMoves(listing),
                                    (m) => playMove(m.text), mover);
    if (drawn) {
      const you = state.side === mover ? " (you)" : "";
      box.prepend(el("p", { class: `pz-to-move pz-${mover.toLowerCase()}-words`,
                            "data-testid": "partizan-to-move", text: `${mover} to move${you}` }));
    }
  };
}

