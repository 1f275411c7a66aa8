// The header (game menu, name, position, misère), the view tabs, and `render`, which
// draws the current view; the views register their drawing functions with `addView`.

import { $, clear, clearError, el, showError } from "./dom.js";
import {
  DEFAULTS, VIEWS, catalog, exampleOf, familyOf, hasHeaps, isTwoPlayer, resetPlay, saveState,
  state,
} from "./state.js";

const drawers = {};

/** Register the function that draws `view` (it returns a promise). */
export function addView(view, draw) {
  drawers[view] = draw;
}

export function fillGameSelect() {
  const select = clear($("game-select"));
  select.append(el("option", { value: "", text: "other (type a name)" }));
  for (const [kind, label] of [["impartial", "Impartial games"], ["two-player", "Two-player games"]]) {
    const group = el("optgroup", { label });
    for (const game of catalog.filter((g) => g.kind === kind)) {
      const label = game.name === game.game ? game.name : `${game.name}  (${game.game})`;
      group.append(el("option", { value: game.game, text: label }));
    }
    select.append(group);
  }
}

function syncHeader() {
  const select = $("game-select");
  const known = catalog.some((g) => g.game === state.game);
  select.value = known ? state.game : "";
  $("game-input").value = state.game;
  $("position-input").value = state.position;
  $("position-input").placeholder = isTwoPlayer() ? "empty: the start"
    : `e.g. ${(familyOf(state.game) || DEFAULTS).position || DEFAULTS.position}`;
  $("position-input").dataset.edited = "";
  $("misere-input").checked = state.misere;
  $("misere-field").hidden = isTwoPlayer();
  const family = familyOf(state.game);
  const summary = $("game-summary");
  if (family) {
    const kind = family.kind === "two-player" ? "" : " (impartial)";
    summary.textContent = `${family.summary}${kind}. Example: ${family.example}`;
  } else {
    summary.textContent = "A game name as on the command line, e.g. 0.137 or subtraction:1,3,4.";
  }
}

function viewAllowed(view) {
  if (view === "sequence") return hasHeaps();
  if (view === "graph") return !isTwoPlayer();
  return true;
}

function syncTabs() {
  for (const view of VIEWS) {
    const tab = $(`tab-${view}`);
    tab.hidden = !viewAllowed(view);
    const selected = view === state.view;
    tab.setAttribute("aria-selected", selected ? "true" : "false");
    tab.tabIndex = selected ? 0 : -1;  // one Tab stop: the arrow keys move between tabs
    tab.classList.toggle("active", selected);
    $(`panel-${view}`).hidden = !selected;
  }
}

export function render() {
  clearError();
  if (!viewAllowed(state.view)) {
    state.view = "analyse";
    saveState(false);
  }
  syncHeader();
  syncTabs();
  drawers[state.view]().catch(showError);
}

/** Go to another position (from a button), keeping the view unless told otherwise. */
export function goToPosition(text, view = state.view) {
  state.position = text;
  state.view = view;
  resetPlay();
  saveState(true);
  render();
  window.scrollTo({ top: 0 });
}

function applyHeader() {
  const typedGame = $("game-input").value.trim();
  const typedPosition = $("position-input").value;
  const edited = $("position-input").dataset.edited === "1";
  if (typedGame && typedGame !== state.game) {
    state.game = typedGame;
    state.certify = false;  // a period certified for one game says nothing of the next
    // A new game gets its example position unless the person typed one as well.
    state.position = edited ? typedPosition.trim() : exampleOf(typedGame);
  } else {
    state.position = typedPosition.trim();
  }
  state.misere = $("misere-input").checked;
  resetPlay();
  saveState(true);
  render();
}

/** Load the game chosen in the menu, if it is another one. */
function commitGame() {
  const chosen = $("game-select").value;
  if (!chosen) {
    $("game-input").focus();
    return;
  }
  if (chosen === state.game) return;
  state.game = chosen;
  state.position = exampleOf(chosen);
  state.certify = false;
  resetPlay();
  saveState(true);
  render();
}

// Keys that move the choice of a closed menu: Chromium fires `change` at each of them.
const BROWSING_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End",
                               "PageUp", "PageDown"]);

/**
 * The game menu loads a game once the choice is committed: picked from the open list,
 * Enter, or leaving the menu. Arrow keys (or typed letters) on the closed menu only move
 * the choice, so they do not load one game per key press.
 */
function setUpGameMenu() {
  const select = $("game-select");
  let browsing = false;
  select.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      browsing = false;
      commitGame();
    } else if (event.key === "Escape" && browsing) {
      browsing = false;
      select.value = catalog.some((g) => g.game === state.game) ? state.game : "";
    } else if (event.altKey || event.key === " " || event.key === "F4") {
      browsing = false;  // opens the list: a pick from it commits
    } else if (BROWSING_KEYS.has(event.key) || event.key.length === 1) {
      browsing = true;
    }
  });
  select.addEventListener("mousedown", () => {
    browsing = false;
  });
  select.addEventListener("change", () => {
    if (!browsing) commitGame();
  });
  select.addEventListener("blur", () => {
    if (!browsing) return;
    browsing = false;
    if (select.value) commitGame();
  });
}

export function setUpHeader() {
  $("game-form").addEventListener("submit", (event) => {
    event.preventDefault();
    applyHeader();
  });
  setUpGameMenu();
  $("position-input").addEventListener("input", () => {
    $("position-input").dataset.edited = "1";
  });
  $("misere-input").addEventListener("change", () => {
    state.misere = $("misere-input").checked;
    resetPlay();
    saveState(true);
    render();
  });
  for (const view of VIEWS) {
    $(`tab-${view}`).addEventListener("click", () => {
      if (state.view === view) return;
      state.view = view;
      saveState(true);
      render();
    });
  }
  $("tab-analyse").parentElement.addEventListener("keydown", moveBetweenTabs);
}

// The WAI-ARIA tabs pattern: ArrowLeft / ArrowRight (wrapping), Home and End move the
// focus to another visible tab and show its view.
const TAB_KEYS = { ArrowLeft: -1, ArrowRight: 1, Home: "first", End: "last" };

function moveBetweenTabs(event) {
  const step = TAB_KEYS[event.key];
  if (step === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
  const tabs = VIEWS.map((view) => $(`tab-${view}`)).filter((tab) => !tab.hidden);
  const at = tabs.indexOf(document.activeElement);
  if (at < 0) return;
  event.preventDefault();
  const next = step === "first" ? 0 : step === "last" ? tabs.length - 1
    : (at + step + tabs.length) % tabs.length;
  tabs[next].focus();
  tabs[next].click();
}
