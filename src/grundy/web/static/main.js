// The grundy playground page: analyse, play, sequence and graph views over the JSON API.
//
// Plain ES2020 modules, no build step and nothing from outside this server (its CSP allows
// only 'self'). Server strings are data: they only ever reach the page through textContent
// and SVG text nodes, never as markup. This module wires the others together:
//
//   api.js       fetch, errors and exact JSON      dom.js       element helpers, the error box
//   state.js     the catalog, URL and history      header.js    header, game menu, tabs, render
//   analyse.js   play.js   sequence.js   graph.js: the four views (board.js: play's heaps)

import { api } from "./api.js";
import { renderAnalyse } from "./analyse.js";
import { showError } from "./dom.js";
import { renderGraph } from "./graph.js";
import { addView, fillGameSelect, render, setUpHeader } from "./header.js";
import { renderPlay, setUpPlay } from "./play.js";
import { renderSequence, setUpSequence } from "./sequence.js";
import { catalog, limits, restoreFromHistory, saveState } from "./state.js";

addView("analyse", renderAnalyse);
addView("play", renderPlay);
addView("sequence", renderSequence);
addView("graph", renderGraph);

async function start() {
  setUpHeader();
  setUpPlay();
  setUpSequence();
  window.addEventListener("popstate", () => {
    restoreFromHistory();
    render();
  });
  try {
    const [games, served] = await Promise.all([api("games"), api("limits")]);
    catalog.splice(0, catalog.length, ...games.games);
    if (Number.isInteger(served.max_upto)) limits.maxUpto = served.max_upto;
  } catch (error) {
    showError(error);
    return;
  }
  fillGameSelect();
  restoreFromHistory();
  saveState(false);
  render();
}

start().catch(showError);
