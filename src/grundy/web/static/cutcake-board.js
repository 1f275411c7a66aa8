// Cutcake's board: each piece of cake drawn as its squares, with the lines a player may
// cut along: Left's between columns (blue, upright), Right's between rows (red, across).
// A click on a line cuts there; a click on the piece (or Enter on it: one button a piece)
// offers its cuts in a row of buttons, each lighting its line. Pieces equal after a cut
// (3x1 + 3x3 from either end of a 3x4) are one move.

import { el } from "./dom.js";
import { moveWords } from "./partizan-moves.js";
import { offerChoices, verdictClass } from "./splits.js";
import { verdictOf } from "./state.js";

const LARGEST = 24;  // rows or columns past this: the piece as a box with its size
const INSET = 6;  // px from a piece's edge to its first square (border and padding)
const HIT = 14;  // px across a cut line's target
const keyOf = (pieces) => JSON.stringify(pieces.map(([h, w]) => [h, w])
  .sort((a, b) => a[0] - b[0] || a[1] - b[1]));

/** The cuts of piece `i`: [{player, at, after}], Left's after each column, Right's each row. */
function cutsOf(pieces, i) {
  const [h, w] = pieces[i];
  const rest = pieces.filter((_, j) => j !== i);
  const cuts = [];
  for (let k = 1; k < w; k++) {
    cuts.push({ player: "Left", at: k, after: keyOf([...rest, [h, k], [h, w - k]]) });
  }
  for (let k = 1; k < h; k++) {
    cuts.push({ player: "Right", at: k, after: keyOf([...rest, [k, w], [h - k, w]]) });
  }
  return cuts;
}

export function showCutcake(box, pieces, moves, act, toMove) {
  if (!Array.isArray(pieces) || !pieces.every((p) => Array.isArray(p) && p.length === 2
      && p.every((n) => Number.isSafeInteger(n) && n > 0))) return false;
  const byKey = new Map();
  for (const m of moves) {
    if (Array.isArray(m.board)) byKey.set(`${m.player} ${keyOf(m.board)}`, m);
  }
  const byText = new Map(moves.map((m) => [m.text, m]));
  let busy = false;
  const play = (m) => {
    if (busy) return;
    busy = true;
    act(m);
  };
  const cake = el("div", { class: "pz-cake", role: "group", "data-testid": "partizan-board",
                           "aria-label": `Cutcake: ${pieces.length} `
                             + `${pieces.length === 1 ? "piece" : "pieces"}`
                             + `${toMove ? `, ${toMove} to move` : ""}; Left cuts between `
                             + "columns, Right between rows" });
  pieces.forEach(([h, w], i) => {
    const cuts = cutsOf(pieces, i).map((c) => ({ ...c, m: byKey.get(`${c.player} ${c.after}`) }))
      .filter((c) => c.m);
    const drawn = h <= LARGEST && w <= LARGEST;
    const cell = drawn ? Math.max(10, Math.min(28, Math.floor(200 / Math.max(h, w)))) : 0;
    const wrap = el("div", { class: "pz-cake-wrap", "data-piece": `${h}x${w}` });
    const squares = drawn ? el("span", { class: "pz-cake-squares", "aria-hidden": "true" })
      : el("span", { class: "pz-cake-box", text: `${h}x${w}` });
    if (drawn) {
      squares.style.gridTemplateColumns = `repeat(${w}, ${cell}px)`;
      squares.style.gridAutoRows = `${cell}px`;
      for (let k = 0; k < h * w; k++) squares.append(el("span", { class: "pz-square" }));
    }
    const size = `${h}x${w} (${h} ${h === 1 ? "row" : "rows"}, ${w} `
      + `${w === 1 ? "column" : "columns"})`;
    if (!cuts.length) {
      wrap.append(el("span", { class: "pz-cake-piece", title: `piece ${size}: no cut here` }, squares));
      cake.append(wrap);
      return;
    }
    const lines = new Map();  // "Left 2" -> the line drawn for that cut
    const piece = el("button", {
      type: "button", class: "pz-cake-piece pz-move", "aria-label": `piece ${size}: choose a cut`,
      title: `piece ${size}: click a line to cut there, or here to choose a cut`,
      "data-piece": `${h}x${w}`,
      onclick: () => {
        // One button a move: both ends of the same cut say so.
        const seen = new Map();
        for (const c of cuts) {
          if (!seen.has(c.m.text)) seen.set(c.m.text, []);
          seen.get(c.m.text).push(c);
        }
        offerChoices({
          opener: piece, anchor: cake, label: `cuts of the piece ${h}x${w}`,
          testid: "cut-choice",
          choices: [...seen.values()].map((same) => {
            const c = same[0];
            const where = `${c.player === "Left" ? "column" : "row"} `
              + `${same.map((s) => s.at).join(" or ")}`;
            return {
              text: `${c.player}: after ${where}`, words: moveWords(c.m), option: c.m.option,
              light: (on) => {
                for (const s of same) lines.get(`${s.player} ${s.at}`)?.classList.toggle("lit", on);
              },
            };
          }),
          playMove: (text) => play(byText.get(text)),
        });
      },
    }, squares);
    wrap.append(piece);
    if (drawn) {
      for (const c of cuts) {
        const upright = c.player === "Left";
        const verdict = verdictOf(c.m.option);
        const line = el("div", {
          class: `pz-cut pz-cut-${upright ? "left" : "right"}${verdictClass(verdict)}`,
          title: moveWords(c.m), "data-position": c.m.text,
          onclick: () => play(c.m),
        });
        // Where the line runs: along the gap between columns (or rows) `at` and `at + 1`.
        const middle = INSET + c.at * (cell + 1) - 0.5;
        const [across, along] = upright ? ["left", "top"] : ["top", "left"];
        line.style[across] = `${middle - HIT / 2}px`;
        line.style[along] = `${INSET}px`;
        line.style[upright ? "width" : "height"] = `${HIT}px`;
        line.style[upright ? "height" : "width"] = `${(upright ? h : w) * (cell + 1) - 1}px`;
        lines.set(`${c.player} ${c.at}`, line);
        wrap.append(line);
      }
    }
    cake.append(wrap);
  });
  box.append(el("div", { class: "board-scroll" }, cake),
             el("p", { class: "muted pz-caption", "data-testid": "partizan-caption",
                       text: "Click a dashed line to cut the piece there (Left: upright "
                         + "lines, between columns; Right: lines across, between rows), or "
                         + "click a piece to choose its cut." }));
  return true;
}
