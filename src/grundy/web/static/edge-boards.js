// The play view's boards of the graph games, registered in boards.js: Green Hackenbush (a
// click on an edge cuts it) and tokens on a directed graph (a click on a token, then on a
// vertex one edge away, moves it). Each click plays one of the listed options.

import { el } from "./dom.js";
import { drawGraph, replaceDrawing } from "./graph-drawing.js";
import { drawable, edgesWord, isLabel, modelOf, prune, tokensWord } from "./graph-model.js";
import { bestVerdict, verdictClass, verdictWords } from "./splits.js";
import { state, verdictOf } from "./state.js";

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
