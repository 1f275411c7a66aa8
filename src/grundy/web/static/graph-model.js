// The graphs of the graph games as the page holds them: Green Hackenbush (edges standing on
// the ground, vertex 0) and tokens on a directed graph. Reading and writing a position's
// text, in the server's notation: "edges 0-1 1-2" (Hackenbush) and "edges 0-1 1-2 tokens 0 2"
// (an edge u-v goes from u to v); what falls in Hackenbush, a digraph's cycles, and the
// server's limits on a graph. The server checks and values every position; the page only
// draws them (graph-drawing.js), on the play boards (edge-boards.js) and in the editor
// under Analyse (edge-editor.js).

import { api } from "./api.js";

export const GROUND = 0;
export const LARGEST_LABEL = 1e9;  // labels past this are not drawn (the position field serves)

// The server's limits on a graph typed as a position (from /api/limits when it answers).
export const limits = { edges: 60, vertices: 40 };
let limitsAsked = false;

export function askLimits() {
  if (limitsAsked) return;
  limitsAsked = true;
  api("limits").then((served) => {
    if (Number.isInteger(served.max_edges)) limits.edges = served.max_edges;
    if (Number.isInteger(served.max_vertices)) limits.vertices = served.max_vertices;
  }).catch(() => {});
}

// ------------------------------------------------------------------ the model
/** A graph: its vertices (a Set), its edges ([u, v]; Hackenbush's and an undirected
 * graph's ("graph": no ground) with u <= v, repeats allowed; a digraph's from u to v,
 * each once) and a digraph's tokens (vertices). */
export function emptyModel(kind) {
  return { kind, vertices: new Set(kind === "hackenbush" ? [GROUND] : []), edges: [], tokens: [] };
}

export const isLabel = (v) => Number.isSafeInteger(v) && v >= 0 && v <= LARGEST_LABEL;

export function hasEdge(model, u, v) {
  return model.edges.some(([a, b]) => a === u && b === v);
}

/** Add edge u-v (Hackenbush: written with u <= v); false if a digraph has it already. */
export function addEdge(model, u, v) {
  const edge = model.kind === "digraph" ? [u, v] : [Math.min(u, v), Math.max(u, v)];
  if (model.kind === "digraph" && hasEdge(model, edge[0], edge[1])) return false;
  model.edges.push(edge);
  model.vertices.add(u);
  model.vertices.add(v);
  return true;
}

export function modelOf(kind, edges, tokens = []) {
  const model = emptyModel(kind);
  for (const [u, v] of edges) addEdge(model, u, v);
  for (const t of tokens) {
    model.tokens.push(t);
    model.vertices.add(t);
  }
  return model;
}

export const EDGE_WORD = { hackenbush: /^(\d+)-(\d+)$/, digraph: /^(\d+)(?:->|-|>)(\d+)$/ };

/**
 * The graph a position's text holds, read leniently (the server says what is wrong with
 * a text; the editor starts from what it can read): `unread` counts the words left out.
 */
export function parsePosition(kind, text) {
  const words = String(text || "").replace(/;/g, " ; ").split(/\s+/).filter(Boolean);
  const model = emptyModel(kind);
  let unread = 0;
  let i = 0;
  if (words[0] === "no" && words[1] === "edges") {
    i = 2;
  } else {
    if (words[0] === "edges") i = 1;
    for (; i < words.length; i++) {
      const found = EDGE_WORD[kind].exec(words[i]);
      if (!found) break;
      const [u, v] = [Number(found[1]), Number(found[2])];
      if (isLabel(u) && isLabel(v)) addEdge(model, u, v);
      else unread++;
    }
  }
  if (kind === "digraph") {
    if (words[i] === "no" && words[i + 1] === "tokens") i += 2;
    if (words[i] === ";") i++;
    if (words[i] === "tokens") i++;
    for (; i < words.length; i++) {
      const v = /^\d+$/.test(words[i]) ? Number(words[i]) : -1;
      if (!isLabel(v)) {
        unread++;
        continue;
      }
      model.tokens.push(v);
      model.vertices.add(v);
    }
  }
  model.unread = unread + (words.length - i > 0 && kind === "hackenbush" ? words.length - i : 0);
  return model;
}

function sortedEdges(model) {
  return model.edges.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** The position's text, as the server writes it. */
export function positionText(model) {
  const edges = sortedEdges(model);
  const graph = edges.length ? `edges ${edges.map(([u, v]) => `${u}-${v}`).join(" ")}` : "no edges";
  if (model.kind === "hackenbush") return graph;
  return `${graph} ${model.tokens.length ? `tokens ${model.tokens.join(" ")}` : "no tokens"}`;
}

/** The vertices a Hackenbush graph can reach from the ground. */
function grounded(edges) {
  const around = new Map();
  for (const [u, v] of edges) {
    if (u === v) continue;
    if (!around.has(u)) around.set(u, []);
    if (!around.has(v)) around.set(v, []);
    around.get(u).push(v);
    around.get(v).push(u);
  }
  const reached = new Set([GROUND]);
  const todo = [GROUND];
  while (todo.length) {
    for (const w of around.get(todo.pop()) || []) {
      if (!reached.has(w)) {
        reached.add(w);
        todo.push(w);
      }
    }
  }
  return reached;
}

/** A Hackenbush position without its edges that no longer reach the ground (as the server). */
export function prune(edges) {
  const reached = grounded(edges);
  return edges.filter(([u]) => reached.has(u));
}

/** A cycle of a digraph (a list of vertices, the first repeated at the end), or null. */
export function findCycle(model) {
  const next = new Map([...model.vertices].map((v) => [v, []]));
  for (const [u, v] of model.edges) next.get(u).push(v);
  const colour = new Map();  // 1: on the path, 2: done
  const path = [];
  const visit = (v) => {
    colour.set(v, 1);
    path.push(v);
    for (const w of next.get(v)) {
      if (colour.get(w) === 1) return [...path.slice(path.indexOf(w)), w];
      if (!colour.has(w)) {
        const found = visit(w);
        if (found) return found;
      }
    }
    path.pop();
    colour.set(v, 2);
    return null;
  };
  for (const v of [...model.vertices].sort((a, b) => a - b)) {
    if (!colour.has(v)) {
      const found = visit(v);
      if (found) return found;
    }
  }
  return null;
}

/** The numbers of the edges that close a cycle: the back edges of a depth-first search. */
export function backEdges(model) {
  const out = new Map([...model.vertices].map((v) => [v, []]));
  model.edges.forEach(([u, v], i) => out.get(u).push([v, i]));
  const colour = new Map();  // 1: on the path, 2: done
  const back = new Set();
  const visit = (v) => {
    colour.set(v, 1);
    for (const [w, i] of out.get(v)) {
      if (colour.get(w) === 1) back.add(i);
      else if (!colour.has(w)) visit(w);
    }
    colour.set(v, 2);
  };
  for (const v of [...model.vertices].sort((a, b) => a - b)) if (!colour.has(v)) visit(v);
  return back;
}

// ------------------------------------------------------------------ words and limits
export const edgesWord = (n) => `${n} ${n === 1 ? "edge" : "edges"}`;
export const tokensWord = (n) => `${n} ${n === 1 ? "token" : "tokens"}`;

/** Is the graph small enough to draw (within the server's limits)? */
export function drawable(model) {
  return model.edges.length <= limits.edges && model.vertices.size <= limits.vertices;
}
