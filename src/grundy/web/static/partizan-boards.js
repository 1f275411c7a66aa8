// The boards of the partizan games: Domineering, Clobber, Amazons and Toads and Frogs on a
// grid of squares (here), Cutcake's pieces (cutcake-board.js) and Blue-Red Hackenbush's
// drawing (blue-red-board.js). In the play view a board offers the moves of the player
// to move (the listed options); under Analyse, both players' moves, each going to the
// position it leaves. Left's pieces are blue, Right's red; a move is coloured by what it
// does for its player, in words too.
//
// A move on a grid is a short sequence of clicks on squares, read off the board it
// leaves: a domino's two squares (either first), a Clobber stone then the stone it takes,
// an Amazon then where it goes then the square it burns, a toad or a frog alone. After
// the first click the squares that go on from it are marked; the arrow keys move between
// squares (one Tab stop), Enter or Space clicks, Escape lets go. With a domino square or
// a Clobber stone chosen, an arrow key plays toward that side: up and down place Left's
// upright domino, left and right Right's lying one.

import { showBlueRedHackenbush } from "./blue-red-board.js";
import { showCutcake } from "./cutcake-board.js";
import { el, focusLost } from "./dom.js";
import { rovingTarget } from "./grid.js";
import { moveWords, playMoves } from "./partizan-moves.js";
import { bestVerdict, verdictClass } from "./splits.js";
import { state, verdictOf } from "./state.js";

const COLUMNS = "abcdefghijklmnopqrstuvwxyz";
const cellName = (r, c) => `${COLUMNS[c] || `c${c + 1}`}${r + 1}`;
const LARGEST = 16;  // rows or columns past this: the position's text alone
// The square of the last move made on a grid: focused again on the next board drawn
// when the focus fell to the page (the board it was on is gone).
let playedFrom = null;

// ------------------------------------------------------------------ the grid games
const PIECES = {
  domineering: { "#": "covered" },
  clobber: { x: "x stone (Left)", o: "o stone (Right)" },
  amazons: { x: "Left's queen", o: "Right's queen", "#": "burnt" },
  "toads-and-frogs": { T: "toad (Left)", F: "frog (Right)" },
};
const OWNER = { x: "left", o: "right", T: "left", F: "right" };

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
  const mine = player === "Left" ? (kind === "toads-and-frogs" ? "T" : "x")
    : (kind === "toads-and-frogs" ? "F" : "o");
  const at = (test) => changed.find(test);
  if (kind === "domineering") {
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
  if (kind === "clobber") return [[from.slice(0, 2), to.slice(0, 2)]];
  // Amazons: the queen, where it lands, and the square burnt (perhaps where it stood).
  const burnt = at(([, , was, now]) => now === "#" && was !== "#");
  return burnt ? [[from.slice(0, 2), to.slice(0, 2), burnt.slice(0, 2)]] : [];
}

const HELP = {
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
  "toads-and-frogs": {
    Left: "the toads T, moving right", Right: "the frogs F, moving left",
    start: "Click a toad or a frog to move it: a step onto an empty square, or a jump "
      + "over one of the other kind.",
  },
};

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * A grid board: `rows` (strings), `moves` (each with its `board` after) and `act(move)`.
 * Returns true when drawn.
 */
function showGrid(box, kind, rows, moves, act, toMove) {
  if (!rows.length || rows.length > LARGEST || rows.some((r) => r.length > LARGEST)) return false;
  const strip = kind === "toads-and-frogs";
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
        const name = strip ? `square ${c + 1}` : cellName(r, c);
        const what = PIECES[kind][piece] || "empty";
        const cls = `pz-cell pz-${piece === "." ? "empty" : piece === "#" ? "block" : "piece"}`
          + (OWNER[piece] ? ` pz-${OWNER[piece]}` : "");
        const through = next.get(key([r, c]));
        const glyph = piece === "." || piece === "#" ? "" : piece;
        if (through) {
          const done = through.find((s) => s.clicks.length === prefix.length + 1);
          let words;
          let verdict;
          if (done) {
            words = moveWords(done.m);
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
              + `${done ? " pz-done" : ""}${verdictClass(verdict)}`,
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
      if (!prefix.length || (kind !== "domineering" && kind !== "clobber")) return false;
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
      : cellName(...prefix[0]);
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

function boardLabel(kind, rows, toMove) {
  const size = kind === "toads-and-frogs" ? `a strip of ${rows[0].length} squares`
    : `${rows.length} rows by ${rows[0].length} columns`;
  const mover = toMove ? `, ${toMove} to move` : "";
  const help = HELP[kind];
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
  if (!HELP[name]) return "";
  const rows = name === "toads-and-frogs" ? (typeof board === "string" ? [board] : null) : board;
  if (!Array.isArray(rows) || !rows.every((r) => typeof r === "string")) return "";
  return showGrid(box, name, rows, moves, act, toMove) ? "grid" : "";
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

