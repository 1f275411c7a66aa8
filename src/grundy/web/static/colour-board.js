// Snort's and Col's graphs (CGSuite's notation, "L-.-.-.-L"), drawn without ground
// (graph-drawing.js): a click on a vertex the player may colour colours it. A vertex is
// uncoloured (white) or tinted: next to Left's colour (blue, L) or next to Right's (red,
// R); coloured vertices are gone. A vertex the player may not colour is marked and, when
// focused or clicked, says why (Snort: next to the other's colour; Col: next to one's own).
//
// The server numbers the graph after a move afresh (as its notation reads back), so a
// vertex's move is found by order: the options are listed vertex by vertex, in the order
// of the vertices the player may colour. Each pairing is checked against what the move
// does (the labels, degrees and edges left are those of colouring that vertex: its words
// may name another vertex, or player, leaving the same position); a vertex whose check
// fails is not offered.

import { el, svg } from "./dom.js";
import { drawGraph } from "./graph-drawing.js";
import { drawable, edgesWord, isLabel, modelOf } from "./graph-model.js";
import { moveWords } from "./partizan-moves.js";
import { verdictClass } from "./splits.js";
import { verdictOf } from "./state.js";

const GONE = "#";
const TINT_WORDS = { ".": "uncoloured", L: "next to Left's colour", R: "next to Right's colour" };

/** The labels of the vertices `player` may colour: uncoloured ones, and in Snort those
 * next to the player's own colour (in Col, next to the other's). */
export function colourable(kind, player) {
  const mine = player === "Left" ? "L" : "R";
  return `.${kind === "snort" ? mine : mine === "L" ? "R" : "L"}`;
}

/**
 * The labels and edges after `player` colours vertex v, numbered as before (vertices
 * gone kept as "#"): v goes; an uncoloured neighbour is now next to the player's colour,
 * a neighbour next to the other's colour can no longer be coloured and goes too.
 */
export function colouredGraph(labels, edges, v, player) {
  const [mine, theirs] = player === "Left" ? ["L", "R"] : ["R", "L"];
  const after = [...labels];
  after[v] = GONE;
  for (const [a, b] of edges) {
    const w = a === v ? b : b === v ? a : -1;
    if (w < 0) continue;
    if (labels[w] === ".") after[w] = mine;
    else if (labels[w] === theirs) after[w] = GONE;
  }
  return [after.join(""), edges.filter(([a, b]) => after[a] !== GONE && after[b] !== GONE)];
}

/** What numbering leaves alone: each vertex's label and degree, sorted, with the edges. */
function shape(labels, edges) {
  const degree = [...labels].map(() => 0);
  for (const [a, b] of edges) {
    degree[a]++;
    degree[b]++;
  }
  const kept = [...labels].map((l, v) => `${l}${degree[v]}`).filter((k) => k[0] !== GONE);
  return `${kept.sort().join(" ")}/${edges.length}`;
}

/**
 * Vertex -> the move of `player` that colours it: the k-th vertex the player may colour,
 * the k-th of the player's moves (the server lists them so), if it leaves that graph
 * (each vertex's label and degree; its numbering is the server's own).
 */
export function movesByVertex(kind, labels, edges, moves, player) {
  const allowed = colourable(kind, player);
  const found = new Map();
  const mine = moves.filter((m) => m.player === player);
  let k = 0;
  for (let v = 0; v < labels.length; v++) {
    if (!allowed.includes(labels[v])) continue;
    const m = mine[k++];
    if (!m) break;
    const board = m.board;
    if (!Array.isArray(board) || typeof board[0] !== "string" || !Array.isArray(board[1])) continue;
    if (shape(...colouredGraph(labels, edges, v, player)) === shape(board[0], board[1])) {
      found.set(v, m);
    }
  }
  return found;
}

/** Why `player` may not colour a vertex labelled `label` (L or R: next to a colour). */
function barWords(kind, label, player) {
  const whose = label === "L" ? "Left" : "Right";
  return `${player} may not colour it: it is next to ${whose === player ? `${player}'s own`
    : `${whose}'s`} colour (${kind === "snort" ? "Snort: never next to the other's colour"
    : "Col: never next to your own colour"})`;
}

/**
 * Draw the graph `[labels, edges]` of Snort or Col (`kind`) in `box`, its vertices
 * numbered from 1 as the server's moves name them; `moves` are `player`'s. Returns true
 * when drawn.
 */
export function showColourGraph(box, kind, graph, moves, act, player) {
  const [labels, edges] = graph;
  if (typeof labels !== "string" || /[^.LR#]/.test(labels) || !Array.isArray(edges)
      || !edges.every((e) => Array.isArray(e) && e.length === 2 && e.every(isLabel)
        && e.every((v) => v < labels.length))) return false;
  const model = modelOf("graph", edges.map(([u, v]) => [u + 1, v + 1]));
  for (let v = 0; v < labels.length; v++) if (labels[v] !== GONE) model.vertices.add(v + 1);
  if (!model.vertices.size || !drawable(model)) return false;
  const byVertex = movesByVertex(kind, labels, edges, moves, player);
  const allowed = colourable(kind, player);
  const start = "Click a vertex to colour it; it goes, and its neighbours are then next to "
    + `your colour. ${kind === "snort" ? "Snort: never next to the other's colour."
      : "Col: never next to your own colour."} Blue vertices (L) are next to Left's colour, `
    + "red ones (R) next to Right's; a dashed vertex is not yours to colour.";
  const caption = el("p", { class: "muted eg-caption pz-caption", "data-testid": "partizan-caption",
                            "aria-live": "polite", text: start });
  let busy = false;
  const title = kind === "snort" ? "Snort" : "Col";
  const drawn = drawGraph(model, {
    prefix: "colour-board",
    testid: "partizan-board",
    label: `${title} graph: ${model.vertices.size} vertices, ${edgesWord(edges.length)}, `
      + `${player} to move; click a vertex to colour it`,
    target: 22,
    vertexHook: (name) => {
      const v = name - 1;
      const what = `vertex ${name}, ${TINT_WORDS[labels[v]]}`;
      const m = byVertex.get(v);
      if (m) {
        return {
          words: `${what}: ${moveWords(m, `${player} colours ${name}`)}`,
          cls: `pz-colour-vertex${verdictClass(verdictOf(m.option))}`,
          act: () => {
            if (busy) return;
            busy = true;
            act(m);
          },
        };
      }
      if (allowed.includes(labels[v])) return null;  // a move not listed (past the limit)
      const words = `${what}: ${barWords(kind, labels[v], player)}`;
      return { words, cls: "pz-barred", disabled: true, act: () => {
        caption.textContent = words;
      } };
    },
  });
  // Each vertex names the position its move leaves; a tinted one also says its tint with a
  // letter beside it (not in colour alone).
  for (const node of drawn.chart.querySelectorAll(".eg-vertex")) {
    const v = Number(node.dataset.vertex) - 1;
    const label = labels[v];
    if (byVertex.has(v)) node.setAttribute("data-position", byVertex.get(v).text);
    node.classList.add(`pz-tint-${label === "." ? "none" : label}`);
    if (label === ".") continue;
    const circle = node.querySelector("circle");
    node.append(svg("text", { x: Number(circle.getAttribute("cx")) + 19,
                              y: Number(circle.getAttribute("cy")) - 12,
                              class: "pz-tint-letter", "aria-hidden": "true" }, label));
  }
  box.append(el("div", { class: "board-scroll eg-board" }, drawn.chart), caption);
  return true;
}
