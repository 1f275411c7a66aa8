// Arc Kayles' boards: the graph drawn without ground (graph-drawing.js), a click on an edge
// takes it with both its ends, and every edge at them goes too (marked while the edge is
// pointed at or focused). Partizan Arc Kayles (showArcKayles): drawn as Blue-Red
// Hackenbush's drawing is, each edge in its colour: blue (l) Left's, red (r) Right's, green
// (e) either's. Arc Kayles (showArcKaylesBoard, impartial): every edge either player's;
// a graph that began as a grid RxC is drawn on its grid.
//
// The server numbers the graph after a move afresh (as its notation reads back), so an
// edge's move is found by order: each player's options are listed edge by edge, in the
// order of the edges the player may take. Each pairing is checked against what the move
// does (the edges left, their colours and their ends' degrees, are those of taking that
// edge: its words may name another edge, or player, leaving the same position); an edge
// whose check fails is not offered.

import { el } from "./dom.js";
import { drawGraph } from "./graph-drawing.js";
import { drawable, edgesWord, isLabel, modelOf } from "./graph-model.js";
import { moveWords } from "./partizan-moves.js";
import { verdictClass, verdictWords } from "./splits.js";
import { state, verdictOf } from "./state.js";

const COLOURS = { l: "blue", r: "red", e: "green" };
const TAKES = { Left: "le", Right: "re" };

/** The edges left when edge i is taken: those with neither end at its ends. */
export function edgesLeft(edges, i) {
  const [u, v] = edges[i];
  return edges.filter(([a, b]) => a !== u && a !== v && b !== u && b !== v);
}

/** What numbering leaves alone: each edge's colour and its ends' degrees, sorted. */
function shape(edges) {
  const degree = new Map();
  for (const [u, v] of edges) {
    for (const x of u === v ? [u] : [u, v]) degree.set(x, (degree.get(x) || 0) + 1);
  }
  return edges.map(([u, v, c]) => `${c}${[degree.get(u), degree.get(v)].sort().join(",")}`)
    .sort().join(" ");
}

/**
 * Edge number -> the move that takes it (Left's first: a green edge is the same move for
 * both): the k-th edge a player may take, the k-th of that player's moves (the server lists
 * them so), if it leaves that graph (each edge's colour and its ends' degrees; its
 * numbering is the server's own).
 */
export function movesByEdge(edges, moves) {
  const found = new Map();
  for (const player of ["Left", "Right"]) {
    const mine = moves.filter((m) => m.player === player);
    let k = 0;
    edges.forEach(([, , c], i) => {
      if (!TAKES[player].includes(c)) return;
      const m = mine[k++];
      if (!m || !Array.isArray(m.board) || found.has(i)) return;
      if (shape(edgesLeft(edges, i)) === shape(m.board)) found.set(i, m);
    });
  }
  return found;
}

/**
 * Draw the graph `edges` ([u, v, colour] each) in `box`, its vertices numbered from 1 as
 * the server's moves name them. Returns true when drawn.
 */
export function showArcKayles(box, edges, moves, act, toMove) {
  if (!Array.isArray(edges) || !edges.length || !edges.every((e) => Array.isArray(e)
      && e.length === 3 && isLabel(e[0]) && isLabel(e[1]) && COLOURS[e[2]])) return false;
  const model = modelOf("graph", edges.map(([u, v]) => [u + 1, v + 1]));
  if (!drawable(model)) return false;
  const byEdge = movesByEdge(edges, moves);
  const both = moves.some((m) => m.player !== moves[0].player);  // under Analyse
  let busy = false;
  const count = (c) => edges.filter((e) => e[2] === c).length;
  const drawn = drawGraph(model, {
    prefix: "arc-kayles-board",
    testid: "partizan-board",
    label: `Partizan Arc Kayles: ${edgesWord(edges.length)} (${count("l")} blue, `
      + `${count("r")} red, ${count("e")} green)${toMove ? `, ${toMove} to move` : ""}; click `
      + "an edge to take it with both its ends",
    target: 22,
    edgeHook: (i) => {
      const m = byEdge.get(i);
      if (!m) return null;
      const [u, v, colour] = edges[i];
      const goes = edgesLeft(edges, i);
      const others = edges.length - goes.length - 1;
      const who = colour === "e" && both ? "Left or Right" : m.player;
      const ends = u === v ? `the loop at ${u + 1}` : `${u + 1}-${v + 1}`;
      const words = `${who} takes ${COLOURS[colour]} ${ends}: `
        + (others ? `${edgesWord(others)} at its ends go too` : "no other edge goes");
      return {
        words: moveWords(m, words),
        cls: `pz-cut-edge${verdictClass(verdictOf(m.option))}`,
        act: () => {
          if (busy) return;
          busy = true;
          act(m);
        },
        light: (on) => {
          const kept = new Set(goes);
          edges.forEach((e, j) => {
            if (j !== i && !kept.has(e)) drawn.edgeNodes[j].classList.toggle("eg-falls", on);
          });
        },
      };
    },
  });
  edges.forEach(([, , colour], i) => {
    drawn.edgeNodes[i].classList.add(`pz-edge-${colour}`);
    drawn.edgeNodes[i].setAttribute("data-colour", COLOURS[colour]);
    if (byEdge.has(i)) drawn.edgeNodes[i].setAttribute("data-position", byEdge.get(i).text);
  });
  box.append(el("div", { class: "board-scroll eg-board" }, drawn.chart),
             el("p", { class: "muted eg-caption pz-caption", "data-testid": "partizan-caption",
                       text: "Click an edge to take it: blue edges are Left's, red ones "
                         + "Right's, green ones either's. Both its ends go, with every edge at "
                         + "them (marked dashed as you point)." }));
  return true;
}

const GRID = /^\s*(\d+)\s*[xX×]\s*(\d+)\s*$/;

/**
 * Arc Kayles (impartial) in the play view: the graph's edges [u, v] (vertices as the
 * server numbers them, kept by every move), a click on an edge playing the listed option
 * whose graph is this one without the edges at its ends.
 */
export function showArcKaylesBoard(box, listing, playMove) {
  const edges = listing.position;
  if (!Array.isArray(edges) || !edges.length || !edges.every((e) => Array.isArray(e)
      && e.length === 2 && isLabel(e[0]) && isLabel(e[1]))) return;
  const model = modelOf("graph", edges);
  if (!drawable(model)) return;
  const byPosition = new Map(listing.options.map((o) => [JSON.stringify(o.position), o]));
  // A game begun on a grid RxC keeps its vertices r * C + c: drawn on the grid.
  const grid = GRID.exec(state.position || "");
  const columns = grid && Math.max(...model.vertices) < grid[1] * grid[2] ? Number(grid[2]) : 0;
  let busy = false;
  const drawn = drawGraph(model, {
    prefix: "arc-kayles-board",
    testid: "arc-kayles-board",
    label: `Arc Kayles: ${model.vertices.size} vertices, ${edgesWord(edges.length)}; click `
      + "an edge to take it with both its ends",
    target: 22,
    columns,
    edgeHook: (i) => {
      const [u, v] = edges[i];
      const goes = edgesLeft(edges, i);
      const option = byPosition.get(JSON.stringify(goes));
      if (!option) return null;
      const verdict = verdictOf(option);
      const others = edges.length - goes.length - 1;
      return {
        words: `pick ${u}-${v}: ${others ? `${edgesWord(others)} at its ends go too`
          : "no other edge goes"}${verdictWords(verdict)}`,
        cls: `eg-cut${verdictClass(verdict)}`,
        act: () => {
          if (busy) return;
          busy = true;
          playMove(option.text);
        },
        light: (on) => {
          const kept = new Set(goes);
          edges.forEach((e, j) => {
            if (j !== i && !kept.has(e)) drawn.edgeNodes[j].classList.toggle("eg-falls", on);
          });
        },
      };
    },
  });
  edges.forEach((_, i) => {
    const option = byPosition.get(JSON.stringify(edgesLeft(edges, i)));
    if (option) drawn.edgeNodes[i].setAttribute("data-position", option.text);
  });
  box.append(el("div", { class: "board-scroll eg-board" }, drawn.chart),
             el("p", { class: "muted eg-caption", text: "Click an edge to take it: both its "
               + "ends go, with every edge at them (marked dashed as you point)." }));
}
