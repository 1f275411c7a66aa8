// The graph view: every position below a small one, one row per longest distance.

import { api } from "./api.js";
import { $, clear, showError, svg } from "./dom.js";
import { goToPosition } from "./header.js";
import { OUTCOME_WORDS, analysedPosition, generation, misereParam, state } from "./state.js";

function layoutGraph(graph) {
  const levels = new Map();
  for (const node of graph.nodes) {
    if (!levels.has(node.level)) levels.set(node.level, []);
    levels.get(node.level).push(node);
  }
  const parents = new Map(graph.nodes.map((n) => [n.id, []]));
  for (const [source, target] of graph.edges) parents.get(target).push(source);
  // Order each row by the mean place of its parents: fewer crossing edges.
  const place = new Map();
  const order = [...levels.keys()].sort((a, b) => a - b);
  for (const level of order) {
    const row = levels.get(level);
    const key = (node) => {
      const above = parents.get(node.id).filter((p) => place.has(p));
      return above.length ? above.reduce((s, p) => s + place.get(p), 0) / above.length : 0;
    };
    row.sort((a, b) => key(a) - key(b) || a.id - b.id);
    row.forEach((node, i) => place.set(node.id, i - (row.length - 1) / 2));
  }
  return { levels, order, place };
}

function renderGraphSvg(graph) {
  const chart = clear($("graph-svg"));
  const { levels, order, place } = layoutGraph(graph);
  const widest = Math.max(...[...levels.values()].map((row) => row.length));
  const longest = Math.max(...graph.nodes.map((n) => n.text.length));
  const gapX = Math.max(96, Math.min(220, longest * 8 + 30));
  const gapY = 104;
  const radius = 22;
  const width = Math.max(480, widest * gapX + 40);
  const height = order.length * gapY + 30;
  const at = new Map();
  for (const node of graph.nodes) {
    const row = order.indexOf(node.level);
    at.set(node.id, { x: width / 2 + place.get(node.id) * gapX, y: 40 + row * gapY });
  }
  chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
  chart.setAttribute("width", String(width));
  chart.setAttribute("height", String(height));
  const defs = svg("defs");
  const marker = svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5,
                                 markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(svg("path", { d: "M0 0L10 5L0 10z", class: "arrow-head" }));
  defs.append(marker);
  chart.append(defs);

  const edges = svg("g", { class: "edges" });
  for (const [source, target] of graph.edges) {
    const a = at.get(source);
    const b = at.get(target);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length = Math.hypot(dx, dy) || 1;
    const ux = dx / length;
    const uy = dy / length;
    edges.append(svg("line", { class: "edge", x1: a.x + ux * radius, y1: a.y + uy * radius,
                               x2: b.x - ux * (radius + 2), y2: b.y - uy * (radius + 2),
                               "marker-end": "url(#arrow)" }));
  }
  chart.append(edges);

  const nodes = svg("g", { class: "nodes" });
  for (const node of graph.nodes) {
    const { x, y } = at.get(node.id);
    const group = svg("g", { class: `node node-${node.outcome}`, "data-testid": "graph-node",
                             "data-outcome": node.outcome, "data-position": node.text,
                             tabindex: 0, role: "button",
                             "aria-label": `${node.text}: ${OUTCOME_WORDS[node.outcome]
                               || node.outcome}` });
    group.append(svg("title", {}, `${node.text}: ${OUTCOME_WORDS[node.outcome] || node.outcome}`));
    group.append(svg("circle", { cx: x, cy: y, r: radius }));
    const label = node.grundy === null || node.grundy === undefined
      ? node.outcome : `g = ${node.grundy}`;
    group.append(svg("text", { x, y: y + 4, class: "node-value" }, label));
    group.append(svg("text", { x, y: y + radius + 15, class: "node-text" }, node.text || "∅"));
    const open = () => goToPosition(node.text, "analyse");
    group.addEventListener("click", open);
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        open();
      }
    });
    nodes.append(group);
  }
  chart.append(nodes);
}

export async function renderGraph() {
  const mine = ++generation.graph;
  clear($("graph-svg"));
  try {
    const graph = await api("graph", { game: state.game, position: analysedPosition(),
                                       misere: misereParam() });
    if (mine !== generation.graph) return;
    renderGraphSvg(graph);
  } catch (error) {
    if (mine !== generation.graph) return;
    showError(error);
  }
}
