// The drawing of a graph (graph-model.js) as SVG, shared by the play boards (edge-boards.js,
// the partizan graph boards) and the editor under Analyse (edge-editor.js): where each
// vertex goes (Hackenbush on its ground line, a digraph in layers with its edges pointing
// down, a graph without ground rising from each piece's least vertex), the edges as lines,
// curves and loops, and vertices and edges made into buttons by the caller's hooks.

import { clear, svg } from "./dom.js";
import { GROUND, backEdges } from "./graph-model.js";

const RADIUS = 15;
const GAP_X = 62;
const GAP_Y = 70;
const MARGIN = 34;

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
 * it above the rest). A graph without ground: the same, each piece rising from its least
 * vertex on the bottom row. A digraph: layered, each edge pointing down (the longest path
 * from a vertex no edge enters; vertices on a cycle in a last row).
 */
function layout(model, columns = 0) {
  if (columns) return gridLayout(model, columns);
  const vertices = [...model.vertices].sort((a, b) => a - b);
  const neighbours = new Map(vertices.map((v) => [v, []]));
  for (const [u, v] of model.edges) {
    if (u === v) continue;
    neighbours.get(u).push(v);
    neighbours.get(v).push(u);
  }
  const level = new Map();
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
  if (model.kind === "hackenbush") {
    spread([GROUND], 0);
    const top = Math.max(0, ...level.values());
    for (const v of vertices) if (!level.has(v)) spread([v], top + 1);
  } else if (model.kind === "graph") {
    for (const v of vertices) if (!level.has(v)) spread([v], 0);  // side by side
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
  // A graph without ground is often a long path, drawn upright: its rows a little closer.
  const gapY = model.kind === "graph" ? GAP_Y - 14 : GAP_Y;
  const height = hackenbush ? Math.max(1, ...levels) * GAP_Y + 2 * MARGIN + 16
    : Math.max(1, levels.length) * gapY + 2 * MARGIN - gapY + 2 * RADIUS;
  const groundY = height - MARGIN + 4;
  const at = new Map();
  for (const v of vertices) {
    if (hackenbush && v === GROUND) continue;
    const x = width / 2 + place.get(v) * GAP_X;
    const row = levels.indexOf(level.get(v));
    const y = hackenbush ? groundY - level.get(v) * GAP_Y
      : model.kind === "graph" ? height - MARGIN - RADIUS - row * gapY
        : MARGIN + RADIUS + row * gapY;
    at.set(v, { x, y });
  }
  return { at, width, height, groundY };
}

/** A graph drawn on a grid: vertex v at row floor(v / columns), column v % columns. */
function gridLayout(model, columns) {
  const rows = Math.floor(Math.max(0, ...model.vertices) / columns) + 1;
  const width = Math.max(300, (columns - 1) * GAP_X + 2 * (MARGIN + RADIUS));
  const height = (rows - 1) * GAP_X + 2 * (MARGIN + RADIUS);
  const left = (width - (columns - 1) * GAP_X) / 2;
  const at = new Map();
  for (const v of model.vertices) {
    const [row, column] = [Math.floor(v / columns), v % columns];
    at.set(v, { x: left + column * GAP_X, y: MARGIN + RADIUS + row * GAP_X });
  }
  return { at, width, height, groundY: height };
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

/**
 * Make an SVG group act as a button: focusable, named, Enter and Space click it. A
 * disabled one (a move the rules forbid, said in its words) is focusable and says so.
 */
function makeButton(node, words, act, pressed = null, disabled = false) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", words);
  if (pressed !== null) node.setAttribute("aria-pressed", pressed ? "true" : "false");
  if (disabled) node.setAttribute("aria-disabled", "true");
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
 * number i or vertex v does: null (nothing), or {words, cls, act, pressed, light,
 * disabled}; each element gets `data-key`, so the focus can find it again after a redraw.
 * `target` > 0: each button gets a round hit area of that radius (a phone's tap target).
 * `columns` > 0: a graph without ground drawn on a grid of that many columns (vertex v
 * at row floor(v / columns), column v % columns), as a board of squares numbers them.
 */
export function drawGraph(model, { prefix, testid, label, edgeHook = () => null,
                            vertexHook = () => null, target = 0, columns = 0 }) {
  const { at, width, height, groundY } = layout(model, model.kind === "graph" ? columns : 0);
  const hackenbush = model.kind === "hackenbush";
  const directed = model.kind === "digraph";
  const chart = svg("svg", { class: `edge-graph edge-graph-${model.kind}`, "data-testid": testid,
                             role: "group", "aria-label": label, width, height,
                             viewBox: `0 0 ${width} ${height}`,
                             xmlns: "http://www.w3.org/2000/svg" });
  const arrow = `${prefix}-arrow`;
  if (directed) {
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
      const n = counts.get(name) + (directed ? counts.get(`${v}-${u}`) || 0 : 0);
      let bend = n > 1 ? (k - (counts.get(name) - 1) / 2) * 16 + (directed ? 8 : 0) : 0;
      const blocked = [...at.entries()].some(([w, p]) => w !== u && w !== v
        && passesNear(a, b, p, RADIUS + 4));
      if (blocked) bend += bend < 0 ? -24 : 24;
      const cutA = hackenbush && u === GROUND ? 0 : RADIUS;
      const cutB = hackenbush && v === GROUND ? 0 : RADIUS + (directed ? 2 : 0);
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
                              "marker-end": directed && u !== v ? `url(#${arrow})` : null }));
    const hook = edgeHook(i);
    if (hook) {
      node.classList.add(...`${hook.cls || ""}`.split(" ").filter(Boolean));
      if (target) {
        node.prepend(svg("circle", { cx: round(middle.x), cy: round(middle.y), r: target,
                                     class: "eg-target-area" }));
      }
      makeButton(node, hook.words, hook.act, null, hook.disabled);
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
      if (target) {
        node.append(svg("circle", { cx: round(p.x), cy: round(p.y), r: target,
                                    class: "eg-target-area" }));
      }
      makeButton(node, hook.words, hook.act, hook.pressed ?? null, hook.disabled);
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
export function replaceDrawing(box, chart) {
  const focused = document.activeElement;
  const key = focused && box.contains(focused) ? focused.getAttribute("data-key") : null;
  clear(box).append(chart);
  if (key) {
    const again = chart.querySelector(`[data-key="${key}"][tabindex]`);
    if (again) again.focus({ preventScroll: true });
  }
}
