// Blue-Red Hackenbush's board: the drawing of Green Hackenbush's board (graph-drawing.js)
// with each edge in its colour, blue (l) Left's, red (r) Right's, green (e) either's. A
// click on an edge a player may cut cuts it (under Analyse, whoever may; a green edge is
// the same cut for both); what no longer reaches the ground falls with it. Each move is
// found by the edge its words name ("Left cuts blue 2-3, 5 more edges fall").

import { el } from "./dom.js";
import { drawGraph } from "./graph-drawing.js";
import { drawable, edgesWord, isLabel, modelOf } from "./graph-model.js";
import { moveWords } from "./partizan-moves.js";
import { verdictClass } from "./splits.js";
import { verdictOf } from "./state.js";

const COLOURS = { l: "blue", r: "red", e: "green" };
const CUT = /\bcuts? (blue|red|green) (\d+)-(\d+)/;

export function showBlueRedHackenbush(box, edges, moves, act, toMove) {
  if (!Array.isArray(edges) || !edges.every((e) => Array.isArray(e) && e.length === 3
      && isLabel(e[0]) && isLabel(e[1]) && COLOURS[e[2]])) return false;
  const model = modelOf("hackenbush", edges.map(([u, v]) => [u, v]));
  if (!drawable(model)) return false;
  const byEdge = new Map();  // "blue 2-3" -> the first move that cuts it
  for (const m of moves) {
    const found = CUT.exec(m.move);
    if (!found) continue;
    for (const name of [`${found[1]} ${found[2]}-${found[3]}`, `${found[1]} ${found[3]}-${found[2]}`]) {
      if (!byEdge.has(name)) byEdge.set(name, m);
    }
  }
  let busy = false;
  const blue = edges.filter((e) => e[2] === "l").length;
  const red = edges.filter((e) => e[2] === "r").length;
  const drawn = drawGraph(model, {
    prefix: "blue-red-board",
    testid: "partizan-board",
    label: `Blue-Red Hackenbush: ${edgesWord(edges.length)} (${blue} blue, ${red} red, `
      + `${edges.length - blue - red} green)${toMove ? `, ${toMove} to move` : ""}; click an `
      + "edge to cut it",
    edgeHook: (i) => {
      const [u, v, colour] = edges[i];
      const m = byEdge.get(`${COLOURS[colour]} ${u}-${v}`);
      if (!m) return null;
      return {
        words: moveWords(m),
        cls: `pz-cut-edge${verdictClass(verdictOf(m.option))}`,
        act: () => {
          if (busy) return;
          busy = true;
          act(m);
        },
      };
    },
  });
  edges.forEach(([, , colour], i) => {
    drawn.edgeNodes[i].classList.add(`pz-edge-${colour}`);
    drawn.edgeNodes[i].setAttribute("data-colour", COLOURS[colour]);
  });
  box.append(el("div", { class: "board-scroll eg-board" }, drawn.chart),
             el("p", { class: "muted eg-caption pz-caption", "data-testid": "partizan-caption",
                       text: "Click an edge to cut it: blue edges are Left's, red ones "
                         + "Right's, green ones either's; what no longer reaches the ground "
                         + "falls with it." }));
  return true;
}
