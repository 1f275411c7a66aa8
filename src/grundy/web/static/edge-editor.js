// The card "Edit the graph" under Analyse, for the graph games: builds a position by
// clicking (a vertex, then another: an edge; an edge: removed; a digraph's tokens placed
// by a click), by "Add a vertex" or from pasted "u v" lines, and loads it with "Use this
// position". An edit that would pass the server's limits on a graph is refused.

import { $, clear, el } from "./dom.js";
import { drawGraph, replaceDrawing } from "./graph-drawing.js";
import {
  EDGE_WORD, GROUND, LARGEST_LABEL, addEdge, askLimits, edgesWord, emptyModel, findCycle, hasEdge,
  isLabel, limits, parsePosition, positionText, prune, tokensWord,
} from "./graph-model.js";
import { goToPosition } from "./header.js";
import { analysedPosition, familyOf, state } from "./state.js";

/** The catalog's family name -> the kind of graph its positions hold. */
const KINDS = { hackenbush: "hackenbush", digraph: "digraph" };

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
