// Toppling Dominoes' board: a strip of dominoes, blue (l) Left's, red (r) Right's, grey (e)
// either's, and empty squares (.). A click on a domino the player may topple chooses it;
// then a side, west or east (the buttons under the strip, or the arrow keys ← and →), topples
// it with every domino that way up to an empty square: those are marked while a side is
// pointed at or focused, and fall (animated, unless the reader asks for less motion) as
// the move is played. Without a domino chosen the arrow keys move between the dominoes
// (one Tab stop), Enter or Space chooses one, Escape lets go.
//
// A move is found by the strip it leaves, worked out here as the server does.

import { el, focusLost } from "./dom.js";
import { rovingTarget } from "./grid.js";
import { moveWords } from "./partizan-moves.js";
import { bestVerdict, verdictClass } from "./splits.js";
import { state, verdictOf } from "./state.js";

const LARGEST = 60;  // squares past this: the position's text alone
const NAMES = { l: "blue", r: "red", e: "grey" };
const OWNERS = { l: "Left's", r: "Right's", e: "either's" };
const SIDES = { west: -1, east: 1 };
const FALL_MS = 280;
// The domino toppled last: focused again on the next strip drawn, if the focus fell to
// the page (the strip it was on is gone).
let playedFrom = null;

/** The squares that fall when domino i topples toward `way` (-1 west, 1 east): [a, b). */
export function fallen(strip, i, way) {
  let a = i;
  let b = i + 1;
  if (way < 0) while (a > 0 && strip[a - 1] !== ".") a--;
  else while (b < strip.length && strip[b] !== ".") b++;
  return [a, b];
}

/** The strip after domino i topples toward `way`. */
export function toppled(strip, i, way) {
  const [a, b] = fallen(strip, i, way);
  return strip.slice(0, a) + ".".repeat(b - a) + strip.slice(b);
}

function fallWords(strip, i, way) {
  const [a, b] = fallen(strip, i, way);
  const count = b - a;
  return count === 1 ? "it falls alone" : `${count} dominoes fall (${a + 1} to ${b})`;
}

/**
 * Draw the strip `strip` in `box`: the moves `moves` (see analyseMove), played by
 * `act(move)`. Returns true when drawn.
 */
export function showToppling(box, strip, moves, act, toMove) {
  if (typeof strip !== "string" || !strip.length || strip.length > LARGEST
      || /[^lre.]/.test(strip)) return false;
  // Domino i -> { west, east }: the move toppling it that way (a grey domino's is the same
  // strip for either player: the first listed).
  const byDomino = new Map();
  for (let i = 0; i < strip.length; i++) {
    if (strip[i] === ".") continue;
    const players = { l: ["Left"], r: ["Right"], e: ["Left", "Right"] }[strip[i]];
    const found = {};
    for (const [side, way] of Object.entries(SIDES)) {
      const after = toppled(strip, i, way);
      const m = moves.find((x) => x.board === after && players.includes(x.player));
      if (m) found[side] = m;
    }
    if (Object.keys(found).length) byDomino.set(i, found);
  }
  const frame = el("div", { class: "pz-frame pz-toppling" });
  const sides = el("div", { class: "pz-topple-sides", "data-testid": "topple-sides",
                            role: "group" });
  const caption = el("p", { class: "muted pz-caption", "data-testid": "partizan-caption",
                            "aria-live": "polite" });
  let chosen = null;
  let busy = false;
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const both = moves.some((m) => m.player !== moves[0].player);  // under Analyse
  const who = (i, m) => (strip[i] === "e" && both ? "Left or Right" : m.player);

  const topple = (i, side) => {
    const m = (byDomino.get(i) || {})[side];
    if (!m || busy) return;
    busy = true;
    playedFrom = i;
    // Nothing else is played while the dominoes fall.
    for (const button of box.querySelectorAll("button")) button.disabled = true;
    const [a, b] = fallen(strip, i, SIDES[side]);
    for (let j = a; j < b; j++) {
      frame.querySelector(`[data-domino="${j}"]`)?.classList.add(`pz-fall-${side}`);
    }
    if (reduced) act(m);
    else setTimeout(() => act(m), FALL_MS);
  };
  const words = (i, side) => {
    const m = byDomino.get(i)[side];
    return moveWords(m, `${who(i, m)} topples ${NAMES[strip[i]]} ${i + 1} ${side}: `
      + `${fallWords(strip, i, SIDES[side])}`);
  };
  const mark = (i, side, on) => {
    const [a, b] = fallen(strip, i, SIDES[side]);
    for (let j = a; j < b; j++) {
      const node = frame.querySelector(`[data-domino="${j}"]`);
      node?.classList.toggle("pz-falls", on);
      node?.classList.toggle(`pz-falls-${side}`, on);  // leaning the way it will fall
    }
  };

  const redraw = (focus = null) => {
    const row = el("div", { class: "pz-strip", role: "group", "data-testid": "partizan-board",
                            "aria-label": `toppling dominoes: a strip of ${strip.length} squares`
                              + `${toMove ? `, ${toMove} to move` : ""}: Left topples blue `
                              + "dominoes, Right red ones, either grey ones" });
    const buttons = [];
    [...strip].forEach((square, i) => {
      if (square === ".") {
        row.append(el("span", { class: "pz-domino pz-gap", title: `square ${i + 1}, empty`,
                                "data-domino": i }));
        return;
      }
      const what = `${NAMES[square]} domino ${i + 1} (${OWNERS[square]})`;
      const found = byDomino.get(i);
      const cls = `pz-domino pz-domino-${square}`;
      const number = el("span", { class: "pz-domino-number", text: String(i + 1) });
      if (!found) {
        row.append(el("span", { class: cls, title: what, "data-domino": i }, number));
        return;
      }
      const best = bestVerdict(Object.values(found).map((m) => m.option));
      const isChosen = chosen === i;
      const label = isChosen ? `${what}: chosen; press the left or right arrow key, or a side `
        + "below, to topple it; click again to let go"
        : `${what}: choose it to topple${best && state.values ? ` (best: ${best.kind}s)` : ""}`;
      const node = el("button", {
        type: "button", class: `${cls} pz-move${isChosen ? " pz-chosen" : ""}`
          + verdictClass(best),
        "aria-label": label, title: label, "aria-pressed": isChosen ? "true" : "false",
        "data-domino": i, "data-west": found.west?.text, "data-east": found.east?.text,
        onclick: () => {
          if (busy) return;
          chosen = isChosen ? null : i;
          redraw(i);
        },
      }, number);
      buttons.push({ node, at: [0, i], i });
      row.append(node);
    });
    row.addEventListener("keydown", (event) => {
      const index = buttons.findIndex((b) => b.node === event.target);
      if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "Escape" && chosen !== null) {
        event.preventDefault();
        const was = chosen;
        chosen = null;
        redraw(was);
        return;
      }
      if (chosen !== null && buttons[index].i === chosen
          && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
        event.preventDefault();  // the arrows belong to the domino chosen
        topple(chosen, event.key === "ArrowLeft" ? "west" : "east");
        return;
      }
      const target = rovingTarget(buttons, index, event.key);
      if (target === undefined) return;
      event.preventDefault();
      if (target) {
        for (const b of buttons) b.node.tabIndex = b === target ? 0 : -1;
        target.node.focus();
      }
    });
    const again = buttons.find((b) => b.i === focus) || null;
    for (const b of buttons) b.node.tabIndex = b === (again || buttons[0]) ? 0 : -1;
    frame.replaceChildren(row);
    sides.replaceChildren();
    if (chosen !== null) {
      sides.setAttribute("aria-label", `topple ${NAMES[strip[chosen]]} domino ${chosen + 1}`);
      for (const side of ["west", "east"]) {
        const m = byDomino.get(chosen)[side];
        if (!m) continue;
        const text = words(chosen, side);
        const node = el("button", {
          type: "button", class: `pz-topple pz-topple-${side}${verdictClass(verdictOf(m.option))}`,
          "aria-label": text, title: text, "data-side": side, "data-position": m.text,
          text: side === "west" ? "◀ topple west" : "topple east ▶",
          onclick: () => topple(chosen, side),
        });
        const i = chosen;
        for (const type of ["mouseenter", "focus"]) node.addEventListener(type, () => mark(i, side, true));
        for (const type of ["mouseleave", "blur"]) node.addEventListener(type, () => mark(i, side, false));
        sides.append(node);
      }
      caption.textContent = `Domino ${chosen + 1} chosen: topple it west or east (the arrow `
        + "keys ← and → do too); the dominoes that fall are marked. Escape lets go.";
    } else {
      caption.textContent = "Click a domino you may topple, then a side: it falls that way with "
        + "every domino up to an empty square. Blue dominoes are Left's, red ones Right's, "
        + "grey ones either's.";
    }
    sides.hidden = chosen === null;
    if (again) again.node.focus({ preventScroll: true });
  };
  redraw();
  box.append(el("div", { class: "board-scroll" }, frame), sides, caption);
  // Back to the domino toppled last (or the first one), if the focus fell to the page.
  if (playedFrom !== null) {
    const buttons = [...frame.querySelectorAll("button")];
    const again = buttons.find((b) => Number(b.dataset.domino) === playedFrom) || buttons[0];
    playedFrom = null;
    if (again && focusLost()) {
      for (const b of buttons) b.tabIndex = b === again ? 0 : -1;
      again.focus({ preventScroll: true });
    }
  }
  return true;
}
