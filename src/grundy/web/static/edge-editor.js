// Graphs, drawn and edited: Green Hackenbush (edges standing on the ground, vertex 0) and
// tokens on a directed graph. The play view's boards (a click on an edge cuts it; a click
// on a token, then on a vertex one edge away, moves it) and, under Analyse, an editor that
// builds a position by clicking (or from pasted "u v" lines) and loads it.
//
// Positions are the server's notation: "edges 0-1 1-2" (Hackenbush) and
// "edges 0-1 1-2 tokens 0 2" (an edge u-v goes from u to v). The server checks and values
// every position; the page only draws them.

import { api } from "./api.js";
import { $, clear, el, svg } from "./dom.js";
import { goToPosition } from "./header.js";
import { bestVerdict, verdictClass, verdictWords } from "./splits.js";
import { analysedPosition, familyOf, state, verdictOf } from "./state.js";

/** The catalog's family name -> the kind of graph its positions hold. */
const KINDS = { hackenbush: "hackenbush", digraph: "digraph" };
const GROUND = 0;
const RADIUS = 15;
const GAP_X = 62;
const GAP_Y = 70;
const MARGIN = 34;
const LARGEST_LABEL = 1e9;  // labels past this are not drawn (the position field serves)

// The server's limits on a graph typed as a position (from /api/limits when it answers).
const limits = { edges: 60, vertices: 40 };
let limitsAsked = false;

function askLimits() {
  if (limitsAsked) return;
  limitsAsked = true;
  api("limits").then((served) => {
    if (Number.isInteger(served.max_edges)) limits.edges = served.max_edges;
    if (Number.isInteger(served.max_vertices)) limits.vertices = served.max_vertices;
  }).catch(() => {});
}

// ------------------------------------------------------------------ the model
/** A graph: its vertices (a Set), its edges ([u, v]; Hackenbush's with u <= v, repeats
 * allowed; a digraph's from u to v, each once) and a digraph's tokens (vertices). */
function emptyModel(kind) {
  return { kind, vertices: new Set(kind === "hackenbush" ? [GROUND] : []), edges: [], tokens: [] };
}

const isLabel = (v) => Number.isSafeInteger(v) && v >= 0 && v <= LARGEST_LABEL;

function hasEdge(model, u, v) {
  return model.edges.some(([a, b]) => a === u && b === v);
}

/** Add edge u-v (Hackenbush: written with u <= v); false if a digraph has it already. */
function addEdge(model, u, v) {
  const edge = model.kind === "hackenbush" ? [Math.min(u, v), Math.max(u, v)] : [u, v];
  if (model.kind === "digraph" && hasEdge(model, edge[0], edge[1])) return false;
  model.edges.push(edge);
  model.vertices.add(u);
  model.vertices.add(v);
  return true;
}

function modelOf(kind, edges, tokens = []) {
  const model = emptyModel(kind);
  for (const [u, v] of edges) addEdge(model, u, v);
  for (const t of tokens) {
    model.tokens.push(t);
    model.vertices.add(t);
  }
  return model;
}

const EDGE_WORD = { hackenbush: /^(\d+)-(\d+)$/, digraph: /^(\d+)(?:->|-|>)(\d+)$/ };

/**
 * The graph a position's text holds, read leniently (the server says what is wrong with
 * a text; the editor starts from what it can read): `unread` counts the words left out.
 */
function parsePosition(kind, text) {
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
function positionText(model) {
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
function prune(edges) {
  const reached = grounded(edges);
  return edges.filter(([u]) => reached.has(u));
}

/** A cycle of a digraph (a list of vertices, the first repeated at the end), or null. */
function findCycle(model) {
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
function backEdges(model) {
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

// ------------------------------------------------------------------ the drawing
/** Order each row by the mean place of its vertices' neighbours in the rows drawn before. */
function orderRows(rows, neighbours) {
  const place = new Map();
  for (const row of rows) {
    const key = (v) => {
      const seen = (neighbours.get(v) || []).filter((w) => place.has(w));
      return seen.length ? seen.reduce((s, w) => s + place.get(w), 0) / seen.length : 0;
    };
    row.sort((a, b) => key(a) - key(b) || a - b);
    row.forEach((v, i) => place.set(v, i - (row.length - 1) / 2));
  }
  return place;
}

/**
 * Where each vertex goes. Hackenbush: the ground is a line at the bottom and a vertex
 * stands as many rows above it as edges lead down to the ground (vertices cut off from
 * it above the rest). A digraph: layered, each edge pointing down (the longest path from
 * a vertex no edge enters; vertices on a cycle in a last row).
 */
function layout(model) {
  const vertices = [...model.vertices].sort((a, b) => a - b);
  const neighbours = new Map(vertices.map((v) => [v, []]));
  for (const [u, v] of model.edges) {
    if (u === v) continue;
    neighbours.get(u).push(v);
    neighbours.get(v).push(u);
  }
  const level = new Map();
  if (model.kind === "hackenbush") {
    const spread = (starts, base) => {  // breadth first from `starts`, at row `base`
      for (const s of starts) level.set(s, base);
      const todo = [...starts];
      while (todo.length) {
        const v = todo.shift();
        for (const w of neighbours.get(v)) {
          if (!level.has(w)) {
            level.set(w, level.get(v) + 1);
            todo.push(w);
          }
        }
      }
    };
    spread([GROUND], 0);
    const top = Math.max(0, ...level.values());
    for (const v of vertices) if (!level.has(v)) spread([v], top + 1);
  } else {
    // Longest paths from the vertices no edge enters, the edges that close a cycle (the
    // back edges of a depth-first search) left out: a cycle is drawn downwards but one edge.
    const back = backEdges(model);
    const waiting = new Map(vertices.map((v) => [v, 0]));
    const next = new Map(vertices.map((v) => [v, []]));
    model.edges.forEach(([u, v], i) => {
      if (u === v || back.has(i)) return;
      next.get(u).push(v);
      waiting.set(v, waiting.get(v) + 1);
    });
    const ready = vertices.filter((v) => !waiting.get(v));
    for (const v of ready) level.set(v, 0);
    const entered = new Set([...next.values()].flat());
    while (ready.length) {
      const v = ready.shift();
      for (const w of next.get(v)) {
        level.set(w, Math.max(level.get(w) || 0, level.get(v) + 1));
        waiting.set(w, waiting.get(w) - 1);
        if (!waiting.get(w)) ready.push(w);
      }
    }
    // A vertex no edge enters stands just above the highest vertex it points to.
    for (const v of vertices) {
      if (entered.has(v) || !next.get(v).length) continue;
      level.set(v, Math.min(...next.get(v).map((w) => level.get(w))) - 1);
    }
  }
  const rowsByLevel = new Map();
  for (const v of vertices) {
    if (model.kind === "hackenbush" && v === GROUND) continue;
    const at = level.get(v);
    if (!rowsByLevel.has(at)) rowsByLevel.set(at, []);
    rowsByLevel.get(at).push(v);
  }
  const levels = [...rowsByLevel.keys()].sort((a, b) => a - b);
  const rows = levels.map((l) => rowsByLevel.get(l));
  const place = orderRows(rows, neighbours);
  const widest = Math.max(1, ...rows.map((r) => r.length));
  const width = Math.max(300, widest * GAP_X + 2 * MARGIN);
  const hackenbush = model.kind === "hackenbush";
  const height = hackenbush ? Math.max(1, ...levels) * GAP_Y + 2 * MARGIN + 16
    : Math.max(1, levels.length) * GAP_Y + 2 * MARGIN - GAP_Y + 2 * RADIUS;
  const groundY = height - MARGIN + 4;
  const at = new Map();
  for (const v of vertices) {
    if (hackenbush && v === GROUND) continue;
    const x = width / 2 + place.get(v) * GAP_X;
    const y = hackenbush ? groundY - level.get(v) * GAP_Y
      : MARGIN + RADIUS + levels.indexOf(level.get(v)) * GAP_Y;
    at.set(v, { x, y });
  }
  return { at, width, height, groundY };
}

function towards(p, q, distance) {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const length = Math.hypot(dx, dy) || 1;
  return { x: p.x + (dx / length) * distance, y: p.y + (dy / length) * distance };
}

const round = (n) => Math.round(n * 10) / 10;

/**
 * A path from a to b, bent sideways by `bend` px, cut short by the given lengths: its `d`
 * and its `middle` (the point halfway along it).
 */
function edgePath(a, b, bend, cutStart, cutEnd) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const control = { x: (a.x + b.x) / 2 - (dy / length) * bend * 2,
                    y: (a.y + b.y) / 2 + (dx / length) * bend * 2 };
  const start = towards(a, bend ? control : b, cutStart);
  const end = towards(b, bend ? control : a, cutEnd);
  const s = `M${round(start.x)} ${round(start.y)}`;
  const middle = bend ? { x: (start.x + 2 * control.x + end.x) / 4,
                          y: (start.y + 2 * control.y + end.y) / 4 }
    : { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
  return {
    d: bend ? `${s} Q${round(control.x)} ${round(control.y)} ${round(end.x)} ${round(end.y)}`
      : `${s} L${round(end.x)} ${round(end.y)}`,
    middle,
  };
}

/** A loop at a point: a petal above it, the k-th a little larger. */
function loopPath(p, k, above) {
  const rise = above + 22 + 12 * k;
  const spread = 14 + 6 * k;
  return {
    d: `M${round(p.x - 6)} ${round(p.y - above + 2)} C${round(p.x - spread)} ${round(p.y - rise)} `
      + `${round(p.x + spread)} ${round(p.y - rise)} ${round(p.x + 6)} ${round(p.y - above + 2)}`,
    middle: { x: p.x, y: p.y - above + 2 - 0.75 * (rise - above + 2) },
  };
}

/** Does the segment a-b pass within `distance` of the point p? */
function passesNear(a, b, p, distance) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y) < distance;
}

/** Make an SVG group act as a button: focusable, named, Enter and Space click it. */
function makeButton(node, words, act, pressed = null) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", words);
  if (pressed !== null) node.setAttribute("aria-pressed", pressed ? "true" : "false");
  node.classList.add("eg-button");
  node.append(svg("title", {}, words));
  node.addEventListener("click", act);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act();
    }
  });
}

/**
 * The SVG drawing of `model`. `edgeHook(i)` and `vertexHook(v)` say what a click on edge
 * number i or vertex v does: null (nothing), or {words, cls, act, pressed, light}; each
 * element gets `data-key`, so the focus can find it again after a redraw.
 */
function drawGraph(model, { prefix, testid, label, edgeHook = () => null,
                            vertexHook = () => null }) {
  const { at, width, height, groundY } = layout(model);
  const hackenbush = model.kind === "hackenbush";
  const chart = svg("svg", { class: `edge-graph edge-graph-${model.kind}`, "data-testid": testid,
                             role: "group", "aria-label": label, width, height,
                             viewBox: `0 0 ${width} ${height}`,
                             xmlns: "http://www.w3.org/2000/svg" });
  const arrow = `${prefix}-arrow`;
  if (!hackenbush) {
    const marker = svg("marker", { id: arrow, viewBox: "0 0 10 10", refX: 9, refY: 5,
                                   markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" });
    marker.append(svg("path", { d: "M0 0L10 5L0 10z", class: "eg-arrow-head" }));
    chart.append(svg("defs", {}, null));
    chart.firstChild.append(marker);
  }
  const pointOf = (v, other) => (hackenbush && v === GROUND
    ? { x: other === GROUND ? MARGIN + 24 : at.get(other).x, y: groundY } : at.get(v));
  const ground = hackenbush ? svg("g", { class: "eg-ground", "data-key": "v0",
                                         "data-testid": `${testid}-vertex`, "data-vertex": 0 })
    : null;
  if (ground) {
    ground.append(svg("rect", { x: MARGIN / 2, y: groundY, width: width - MARGIN,
                                height: 20, rx: 3 }));
    ground.append(svg("text", { x: MARGIN / 2 + 8, y: groundY + 14, class: "eg-ground-words" },
                      "ground (vertex 0)"));
    const hook = vertexHook(GROUND);
    if (hook) {
      ground.classList.add(...`${hook.cls || ""}`.split(" ").filter(Boolean));
      makeButton(ground, hook.words, hook.act, hook.pressed ?? null);
    } else {
      ground.append(svg("title", {}, "the ground, vertex 0"));
    }
    chart.append(ground);
  }

  const edgeLayer = svg("g", { class: "eg-edges" });
  const copies = new Map();  // "u-v" -> how many of its copies are drawn so far
  const counts = new Map();
  for (const [u, v] of model.edges) counts.set(`${u}-${v}`, (counts.get(`${u}-${v}`) || 0) + 1);
  const edgeNodes = [];
  model.edges.forEach(([u, v], i) => {
    const name = `${u}-${v}`;
    const k = copies.get(name) || 0;
    copies.set(name, k + 1);
    let path;
    if (u === v) {
      path = loopPath(pointOf(u, u), k, hackenbush && u === GROUND ? 0 : RADIUS);
    } else {
      const a = pointOf(u, v);
      const b = pointOf(v, u);
      // Copies of an edge (and a digraph's u-v beside v-u) bend apart; an edge that would
      // cross a vertex bends round it, its middle clear of the vertex.
      const n = counts.get(name) + (hackenbush ? 0 : counts.get(`${v}-${u}`) || 0);
      let bend = n > 1 ? (k - (counts.get(name) - 1) / 2) * 16 + (hackenbush ? 0 : 8) : 0;
      const blocked = [...at.entries()].some(([w, p]) => w !== u && w !== v
        && passesNear(a, b, p, RADIUS + 4));
      if (blocked) bend += bend < 0 ? -24 : 24;
      const cutA = hackenbush && u === GROUND ? 0 : RADIUS;
      const cutB = hackenbush && v === GROUND ? 0 : RADIUS + (hackenbush ? 0 : 2);
      path = edgePath(a, b, bend, cutA, cutB);
    }
    const { d, middle } = path;
    const node = svg("g", { class: "eg-edge", "data-key": `e${i}`, "data-edge": name,
                            "data-testid": `${testid}-edge` });
    node.append(svg("path", { d, class: "eg-hit" }));
    // A handle at its middle: a target that is never thin (and a box that is never empty).
    node.append(svg("circle", { cx: round(middle.x), cy: round(middle.y), r: 11,
                                class: "eg-handle" }));
    node.append(svg("path", { d, class: "eg-line",
                              "marker-end": hackenbush || u === v ? null : `url(#${arrow})` }));
    const hook = edgeHook(i);
    if (hook) {
      node.classList.add(...`${hook.cls || ""}`.split(" ").filter(Boolean));
      makeButton(node, hook.words, hook.act);
      if (hook.light) {
        for (const type of ["mouseenter", "focus"]) node.addEventListener(type, () => hook.light(true));
        for (const type of ["mouseleave", "blur"]) node.addEventListener(type, () => hook.light(false));
      }
    } else {
      node.append(svg("title", {}, `edge ${name}`));
    }
    edgeNodes.push(node);
    edgeLayer.append(node);
  });
  chart.append(edgeLayer);

  const tokens = new Map();
  for (const t of model.tokens) tokens.set(t, (tokens.get(t) || 0) + 1);
  const vertexLayer = svg("g", { class: "eg-vertices" });
  for (const [v, p] of at) {
    const count = tokens.get(v) || 0;
    const node = svg("g", { class: `eg-vertex${count ? " has-token" : ""}`, "data-key": `v${v}`,
                            "data-vertex": v, "data-tokens": count,
                            "data-testid": `${testid}-vertex` });
    node.append(svg("circle", { cx: round(p.x), cy: round(p.y), r: RADIUS }));
    node.append(svg("text", { x: round(p.x), y: round(p.y + 4), class: "eg-label" }, String(v)));
    if (count > 1) {
      node.append(svg("circle", { cx: round(p.x + RADIUS), cy: round(p.y - RADIUS), r: 8,
                                  class: "eg-count" }));
      node.append(svg("text", { x: round(p.x + RADIUS), y: round(p.y - RADIUS + 4),
                                class: "eg-count-words" }, String(count)));
    }
    const hook = vertexHook(v);
    if (hook) {
      node.classList.add(...`${hook.cls || ""}`.split(" ").filter(Boolean));
      makeButton(node, hook.words, hook.act, hook.pressed ?? null);
    } else {
      const held = count ? `, ${count === 1 ? "a token" : `${count} tokens`}` : "";
      node.append(svg("title", {}, `vertex ${v}${held}`));
    }
    vertexLayer.append(node);
  }
  chart.append(vertexLayer);
  return { chart, edgeNodes };
}

/** Put `chart` in `box`, in place of what was there, keeping the focus on the same item. */
function replaceDrawing(box, chart) {
  const focused = document.activeElement;
  const key = focused && box.contains(focused) ? focused.getAttribute("data-key") : null;
  clear(box).append(chart);
  if (key) {
    const again = chart.querySelector(`[data-key="${key}"][tabindex]`);
    if (again) again.focus({ preventScroll: true });
  }
}

const edgesWord = (n) => `${n} ${n === 1 ? "edge" : "edges"}`;
const tokensWord = (n) => `${n} ${n === 1 ? "token" : "tokens"}`;

function drawable(model) {
  return model.edges.length <= limits.edges && model.vertices.size <= limits.vertices;
}

// ------------------------------------------------------------------ the play boards
/**
 * Green Hackenbush: a click on an edge cuts it. Its option is the listed position that
 * is this one without that edge and without what then falls (worked out as the server
 * does), so exactly that edge is cut; the edges that would fall are marked on hover.
 */
export function showHackenbushBoard(box, listing, playMove) {
  const edges = listing.position;
  if (!Array.isArray(edges) || !edges.every((e) => Array.isArray(e) && e.length === 2
      && e.every(isLabel))) return;
  const model = modelOf("hackenbush", edges);
  if (!drawable(model)) return;
  const byPosition = new Map(listing.options.map((o) => [JSON.stringify(o.position), o]));
  let busy = false;
  const drawn = drawGraph(model, {
    prefix: "hackenbush-board",
    testid: "hackenbush-board",
    label: `Green Hackenbush: ${edgesWord(edges.length)} on the ground; click an edge to cut it`,
    edgeHook: (i) => {
      const after = prune([...edges.slice(0, i), ...edges.slice(i + 1)]);
      const option = byPosition.get(JSON.stringify(after));
      if (!option) return null;
      const verdict = verdictOf(option);
      // What falls with the cut: the edges of this position not left by the move.
      const left = new Map();
      for (const e of after) left.set(`${e}`, (left.get(`${e}`) || 0) + 1);
      const falls = [];
      edges.forEach((e, j) => {
        if (j === i) return;
        if (left.get(`${e}`)) left.set(`${e}`, left.get(`${e}`) - 1);
        else falls.push(j);
      });
      return {
        words: `${option.move}${verdictWords(verdict)}`,
        cls: `eg-cut${verdictClass(verdict)}`,
        act: () => {
          if (busy) return;
          busy = true;
          playMove(option.text);
        },
        light: (on) => {
          for (const j of falls) drawn.edgeNodes[j].classList.toggle("eg-falls", on);
        },
      };
    },
  });
  box.append(el("div", { class: "board-scroll eg-board" }, drawn.chart),
             el("p", { class: "muted eg-caption", text: "Click an edge to cut it: what no "
               + "longer reaches the ground falls with it (marked dashed as you point)." }));
}

// The token chosen on the digraph board, for the position it was chosen in.
const picked = { position: null, vertex: null };

/**
 * Tokens on a directed graph: a click on a vertex holding a token that can move chooses
 * it; the vertices it can move to become buttons (each coloured by its verdict), and a
 * click on one plays the move. A click on the chosen vertex again (or Escape) lets go.
 */
export function showDigraphBoard(box, listing, playMove) {
  const position = listing.position;
  if (!position || !Array.isArray(position.edges) || !Array.isArray(position.tokens)) return;
  if (!position.tokens.every(isLabel) || !position.edges.every((e) => e.every(isLabel))) return;
  const model = modelOf("digraph", position.edges, position.tokens);
  if (!drawable(model)) return;
  const next = new Map();
  for (const [u, v] of model.edges) {
    if (!next.has(u)) next.set(u, []);
    next.get(u).push(v);
  }
  const byTokens = new Map(listing.options.map((o) => [JSON.stringify(o.position.tokens), o]));
  // moves.get(v): [{to, option}], moving the first token on v (its equals move alike)
  const moves = new Map();
  for (const v of new Set(position.tokens)) {
    const i = position.tokens.indexOf(v);
    const found = [];
    for (const w of next.get(v) || []) {
      const tokens = position.tokens.slice();
      tokens[i] = w;
      const option = byTokens.get(JSON.stringify(tokens));
      if (option) found.push({ to: w, option });
    }
    if (found.length) moves.set(v, found);
  }
  if (picked.position !== listing.position_text || !moves.has(picked.vertex)) {
    picked.position = listing.position_text;
    picked.vertex = null;
  }
  const frame = el("div", { class: "board-scroll eg-board" });
  const caption = el("p", { class: "muted eg-caption", "aria-live": "polite" });
  let busy = false;
  const redraw = () => {
    const chosen = picked.vertex;
    const targets = new Map((moves.get(chosen) || []).map((m) => [m.to, m.option]));
    const drawn = drawGraph(model, {
      prefix: "digraph-board",
      testid: "digraph-board",
      label: `Tokens on a directed graph: ${model.vertices.size} vertices, `
        + `${edgesWord(model.edges.length)}, ${tokensWord(position.tokens.length)} `
        + `(on ${position.tokens.join(", ") || "no vertex"})`,
      vertexHook: (v) => {
        if (targets.has(v)) {
          const option = targets.get(v);
          const verdict = verdictOf(option);
          return {
            words: `move the token on ${chosen} to ${v}${verdictWords(verdict)}`,
            cls: `eg-target${verdictClass(verdict)}`,
            act: () => {
              if (busy) return;
              busy = true;
              playMove(option.text);
            },
          };
        }
        if (!moves.has(v)) return null;
        const count = position.tokens.filter((t) => t === v).length;
        const best = bestVerdict(moves.get(v).map((m) => m.option));
        const choosing = chosen === v;
        return {
          words: choosing ? `vertex ${v}: its token is chosen; choose it again to let go`
            : `vertex ${v}, ${tokensWord(count)}: choose a token to move`
              + (best && state.values ? ` (best: ${best.kind}s)` : ""),
          cls: `eg-pick${choosing ? " chosen" : ""}${verdictClass(best)}`,
          pressed: choosing,
          act: () => {
            picked.vertex = choosing ? null : v;
            redraw();
          },
        };
      },
    });
    drawn.chart.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && picked.vertex !== null) {
        picked.vertex = null;
        redraw();
      }
    });
    replaceDrawing(frame, drawn.chart);
    caption.textContent = chosen === null
      ? "Click a token (a filled vertex), then the vertex it moves to along an edge."
      : `The token on ${chosen} is chosen: click a marked vertex to move it there, or `
        + `${chosen} again to let go.`;
  };
  redraw();
  box.append(frame, caption);
}

// ------------------------------------------------------------------ the editor
const editor = { game: null, source: null, model: null, selected: null, mode: "edges",
                 note: "" };

const HELP = {
  edges: "Click a vertex, then another: an edge joins them. Click an edge to remove it.",
  digraphEdges: "Click a vertex, then another: an edge goes from the first to the second. "
    + "Click an edge to remove it.",
  tokens: "Click a vertex to put a token on it, or to take its token off.",
};

function limitWords() {
  return `the playground takes at most ${limits.edges} edges and ${limits.vertices} vertices`;
}

/** Would the graph with `edges` more edges and the vertices `added` be too big? */
function tooBig(model, edges, added) {
  const vertices = new Set([...model.vertices, ...added]);
  return model.edges.length + edges > limits.edges || vertices.size > limits.vertices;
}

function say(note) {
  editor.note = note;
  renderEditor();
}

function clickVertex(v) {
  const model = editor.model;
  if (model.kind === "digraph" && editor.mode === "tokens") {
    const at = model.tokens.indexOf(v);
    if (at >= 0) {
      model.tokens.splice(at, 1);
      say(`A token taken off vertex ${v}.`);
    } else {
      model.tokens.push(v);
      say(`A token put on vertex ${v}.`);
    }
    return;
  }
  const from = editor.selected;
  if (from === null) {
    editor.selected = v;
    say(`Vertex ${v} chosen: click another vertex to join them, or ${v} again to let go.`);
    return;
  }
  editor.selected = null;
  if (from === v) {
    say(`Vertex ${v} let go.`);
    return;
  }
  if (tooBig(model, 1, [])) {
    say(`Not added: ${limitWords()}. Remove an edge first.`);
    return;
  }
  const [u, w] = model.kind === "hackenbush" ? [Math.min(from, v), Math.max(from, v)] : [from, v];
  say(addEdge(model, from, v) ? `Edge ${u}-${w} added.` : `Edge ${u}-${w} is there already.`);
}

function removeEdge(i) {
  const [u, v] = editor.model.edges[i];
  editor.model.edges.splice(i, 1);
  say(`Edge ${u}-${v} removed.`);
}

function addVertex() {
  const model = editor.model;
  const label = Math.max(-1, ...model.vertices) + 1;
  if (tooBig(model, 0, [label])) {
    say(`No vertex added: ${limitWords()}.`);
    return;
  }
  model.vertices.add(label);
  say(`Vertex ${label} added: click it, then another vertex, to join them.`);
}

/**
 * Pasted lines, one edge each: "u v", "u-v" or "u,v" ("u>v" too for a digraph), or
 * several u-v words on a line; "#" starts a comment. {edges} or {error: words}.
 */
function readLines(kind, text) {
  const edges = [];
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n].replace(/#.*/, "").trim();
    if (!line) continue;
    const pair = /^(\d+)\s*(?:[\s,]|-|->|>)\s*(\d+)$/.exec(line);
    const words = pair ? [[pair[1], pair[2]]]
      : line.split(/\s+/).map((w) => EDGE_WORD[kind].exec(w)).map((m) => m && [m[1], m[2]]);
    if (!words.every(Boolean)) {
      return { error: `line ${n + 1}, "${line.slice(0, 40)}", is not an edge "u v" `
        + "(two vertex numbers)" };
    }
    for (const [a, b] of words) {
      const [u, v] = [Number(a), Number(b)];
      if (!isLabel(u) || !isLabel(v)) {
        return { error: `line ${n + 1}: vertex numbers go up to ${LARGEST_LABEL} here` };
      }
      edges.push([u, v]);
    }
  }
  return { edges };
}

function pasteLines() {
  const model = editor.model;
  const read = readLines(model.kind, $("edge-editor-lines").value);
  if (read.error) {
    say(`Nothing added: ${read.error}.`);
    return;
  }
  if (!read.edges.length) {
    say('Nothing to add: type or paste edges, one "u v" a line.');
    return;
  }
  const fresh = model.kind === "digraph"
    ? read.edges.filter(([u, v], i) => !hasEdge(model, u, v)
      && read.edges.findIndex(([a, b]) => a === u && b === v) === i)
    : read.edges;
  const added = fresh.flat();
  if (tooBig(model, fresh.length, added)) {
    const vertices = new Set([...model.vertices, ...added]).size;
    say(`Nothing added: with these lines the graph would have ${model.edges.length + fresh.length}`
      + ` edges and ${vertices} vertices, and ${limitWords()}.`);
    return;
  }
  for (const [u, v] of fresh) addEdge(model, u, v);
  $("edge-editor-lines").value = "";
  say(`${edgesWord(fresh.length)} added.`);
}

/** What the editor says of its graph: the last action, then what the server will think. */
function warnings(model) {
  const found = [];
  if (model.kind === "hackenbush") {
    const falling = model.edges.length - prune(model.edges).length;
    if (falling) {
      found.push(`${edgesWord(falling)} ${falling === 1 ? "does" : "do"} not reach the ground: `
        + `${falling === 1 ? "it falls" : "they fall"} as soon as the position is used.`);
    }
  } else {
    const cycle = findCycle(model);
    if (cycle) {
      found.push(`The graph has a cycle, ${cycle.join(" → ")}: SG values need a graph without `
        + "cycles; remove one of its edges.");
    }
    if (!model.tokens.length) found.push("No token yet: choose Place tokens, then click vertices.");
  }
  if (model.unread) {
    found.push(`${model.unread} word${model.unread === 1 ? "" : "s"} of the position could not `
      + "be drawn and are left out.");
  }
  return found;
}

function buildEditor(kind) {
  const box = clear($("edge-editor"));
  const tools = el("div", { class: "eg-tools" });
  if (kind === "digraph") {
    const modes = el("fieldset", { class: "eg-modes" }, el("legend", { text: "A click on a vertex" }));
    for (const [value, words] of [["edges", "draws an edge"], ["tokens", "places a token"]]) {
      const input = el("input", { type: "radio", name: "edge-editor-mode", value,
                                  "data-testid": `edge-editor-mode-${value}` });
      input.checked = editor.mode === value;
      input.addEventListener("change", () => {
        editor.mode = value;
        editor.selected = null;
        say("");
      });
      modes.append(el("label", {}, input, ` ${words}`));
    }
    tools.append(modes);
  }
  tools.append(
    el("button", { type: "button", "data-testid": "edge-editor-add-vertex", text: "Add a vertex",
                   onclick: addVertex }),
    el("button", { type: "button", "data-testid": "edge-editor-clear", text: "Clear the graph",
                   onclick: () => {
                     editor.model = emptyModel(kind);
                     editor.selected = null;
                     say("The graph is cleared.");
                   } }),
  );
  const use = el("button", { type: "button", class: "primary", "data-testid": "edge-editor-use",
                             text: "Use this position",
                             onclick: () => goToPosition(positionText(editor.model)) });
  box.append(
    tools,
    el("p", { id: "edge-editor-help", class: "muted eg-help" }),
    el("div", { id: "edge-editor-drawing", class: "board-scroll eg-canvas" }),
    el("p", { id: "edge-editor-status", class: "eg-status", role: "status",
              "data-testid": "edge-editor-status" }),
    el("p", { class: "eg-text" }, "Position: ",
       el("code", { id: "edge-editor-text", "data-testid": "edge-editor-text" })),
    use,
    el("div", { class: "eg-paste" },
       el("label", { for: "edge-editor-lines",
                     text: 'Or paste edges, one "u v" a line'
                       + (kind === "digraph" ? " (from u to v)" : " (vertex 0 is the ground)") }),
       el("textarea", { id: "edge-editor-lines", "data-testid": "edge-editor-lines", rows: 4,
                        spellcheck: "false", placeholder: "0 1\n1 2\n1 3" }),
       el("button", { type: "button", "data-testid": "edge-editor-paste", text: "Add these edges",
                      onclick: pasteLines })),
  );
}

function renderEditor() {
  const model = editor.model;
  const kind = model.kind;
  const tokens = kind === "digraph" && editor.mode === "tokens";
  $("edge-editor-help").textContent = tokens ? HELP.tokens
    : kind === "digraph" ? HELP.digraphEdges : HELP.edges;
  const { chart } = drawGraph(model, {
    prefix: "edge-editor",
    testid: "edge-editor",
    label: `The graph being edited: ${model.vertices.size} vertices, `
      + `${edgesWord(model.edges.length)}`
      + (kind === "digraph" ? `, ${tokensWord(model.tokens.length)}` : ""),
    edgeHook: tokens ? () => null : (i) => ({
      words: `remove edge ${model.edges[i][0]}-${model.edges[i][1]}`,
      cls: "eg-removable",
      act: () => removeEdge(i),
    }),
    vertexHook: (v) => {
      const chosen = editor.selected === v;
      const name = kind === "hackenbush" && v === GROUND ? "the ground, vertex 0" : `vertex ${v}`;
      const count = model.tokens.filter((t) => t === v).length;
      let words = name;
      if (tokens) words += count ? `, ${tokensWord(count)}: take one off` : ": put a token on it";
      else if (chosen) words += ", chosen: click another vertex to join them, or this one to let go";
      else if (editor.selected !== null) words += `: join it to vertex ${editor.selected}`;
      return { words, cls: chosen ? "chosen" : "", act: () => clickVertex(v),
               pressed: tokens ? null : chosen };
    },
  });
  chart.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && editor.selected !== null) {
      editor.selected = null;
      say("");
    }
  });
  replaceDrawing($("edge-editor-drawing"), chart);
  $("edge-editor-status").textContent = [editor.note, ...warnings(model)].filter(Boolean).join(" ");
  $("edge-editor-text").textContent = positionText(model);
}

/**
 * Show the card "Edit the graph" under Analyse for the graph games (hide it for the
 * others), holding the analysed position's graph; edits made and not used are kept while
 * the position stays the same.
 */
export function showGraphEditor() {
  const card = $("edge-editor-card");
  if (!card) return;
  const family = familyOf(state.game);
  const kind = family ? KINDS[family.name] : undefined;
  card.hidden = !kind;
  if (!kind) return;
  askLimits();
  const source = analysedPosition();
  if (editor.game !== state.game || editor.source !== source || !editor.model
      || !$("edge-editor-drawing")) {
    const fresh = editor.game !== state.game;
    editor.game = state.game;
    editor.source = source;
    editor.model = parsePosition(kind, source);
    editor.selected = null;
    editor.note = "";
    const { edges, vertices: size } = { edges: editor.model.edges.length,
                                        vertices: editor.model.vertices.size };
    if (edges > 4 * limits.edges || size > 4 * limits.vertices) {  // too big to draw
      editor.model = emptyModel(kind);
      editor.note = `This position's graph (${edgesWord(edges)}, ${size} vertices) is too big `
        + `to draw: ${limitWords()}. The editor starts from an empty graph.`;
    }
    if (fresh) editor.mode = "edges";
    buildEditor(kind);
  }
  renderEditor();
}
