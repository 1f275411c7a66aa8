// The header (the game picker and its code field, position, misère, the game's rules), the
// view tabs, and `render`, which draws the current view; the views register their drawing
// functions with `addView`.

import { $, clear, clearError, el, showError } from "./dom.js";
import {
  CGT, DEFAULTS, VIEWS, catalog, exampleOf, familyOf, hasHeaps, isCgt, isPartizan, isTwoPlayer,
  resetPlay, saveState, state,
} from "./state.js";

const drawers = {};

/** Register the function that draws `view` (it returns a promise). */
export function addView(view, draw) {
  drawers[view] = draw;
}

const OTHER = "";  // the picker's last line: another game, typed as a code
const CODE_EXAMPLES = "0.137, subtraction:1,3,4 or bash:5";

/** The picker: the catalog's titles, grouped by family (in the catalog's order). */
export function fillGameSelect() {
  const select = clear($("game-select"));
  const families = [...new Set(catalog.map((g) => g.family))];
  for (const family of families) {
    const group = el("optgroup", { label: family });
    for (const game of catalog.filter((g) => g.family === family)) {
      group.append(el("option", { value: game.game, text: game.title }));
    }
    select.append(group);
  }
  select.append(el("option", { value: CGT.game, text: CGT.title }));
  select.append(el("option", { value: OTHER, text: "Another game: type its code" }));
}

const baseOf = (name) => name.split(":")[0].toLowerCase();

function isOctalCode(text) {  // 0.137, .6, 4.07: as the registry reads them
  const [before, ...rest] = text.split(".");
  return rest.length > 0 && before.length <= 1;
}

/** Does the game take a parameter typed after its name's colon (bash:M, not 0.d1d2...)? */
const takesParameter = (family) => Boolean(family && family.code && family.name.includes(":"));

/** What the code field shows: a game's parameter (3 of bash:3), else its whole code. */
function typedFormOf(spec) {
  const family = familyOf(spec);
  return takesParameter(family) && spec.includes(":") ? spec.slice(spec.indexOf(":") + 1) : spec;
}

/**
 * The game a typed code names: a whole code (0.137, subtraction:1,3,4, kayles), or the
 * parameter of the current game when it takes one (3 on bash:5 names bash:3).
 */
function specOfTyped(text) {
  const family = familyOf(state.game);
  const whole = text.includes(":") || isOctalCode(text)
    || catalog.some((g) => baseOf(g.name) === text.toLowerCase());
  if (whole || !takesParameter(family) || $("game-input").dataset.whole === "1") return text;
  return `${baseOf(family.name)}:${text}`;
}

/** The code field's label and value: what to type for the current game. */
function syncCodeField() {
  const family = familyOf(state.game);
  const input = $("game-input");
  const parameter = family && family.code ? family.parameter : "";
  $("game-input-label").textContent = parameter
    ? parameter.charAt(0).toUpperCase() + parameter.slice(1) : "Code";
  input.value = typedFormOf(state.game);
  input.placeholder = parameter ? typedFormOf(family.game) : CODE_EXAMPLES;
  input.dataset.whole = "";
}

/** The rules of the current game, in words, and its code when a person typed one. */
function syncRules() {
  const family = familyOf(state.game);
  const rules = clear($("game-rules"));
  if (!family) {
    rules.append(`Pick a game from the list, or type a game's code, such as ${CODE_EXAMPLES}.`);
    return;
  }
  rules.append(family.rules);
  if (family.code) rules.append(" Code: ", el("code", { text: state.game }), ".");
}

function showGameNote(text) {
  const note = $("game-note");
  note.textContent = text;
  note.hidden = !text;
}

function syncHeader() {
  const family = familyOf(state.game);
  $("game-select").value = family ? family.game : OTHER;
  syncCodeField();
  syncRules();
  showGameNote("");
  $("position-input").value = state.position;
  $("position-input").placeholder = isTwoPlayer() && !isPartizan() ? "empty: the start"
    : `e.g. ${(familyOf(state.game) || DEFAULTS).position || DEFAULTS.position}`;
  $("position-input").dataset.edited = "";
  $("misere-input").checked = state.misere;
  $("misere-field").hidden = isTwoPlayer() || isCgt();
  $("position-label").textContent = isCgt() ? "Game (CGSuite's notation)" : "Position";
}

function viewAllowed(view) {
  if (isCgt()) return view === "analyse";  // a value: nothing to play, no heaps, no graph
  if (view === "sequence") return hasHeaps() || Boolean((familyOf(state.game) || {}).pairs);
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
  const typed = $("game-input").value.trim();
  const typedGame = typed ? specOfTyped(typed) : state.game;
  const typedPosition = $("position-input").value;
  const edited = $("position-input").dataset.edited === "1";
  if (typedGame !== state.game && !familyOf(typedGame)) {
    // Said here in words, rather than by the server's list of command-line names.
    showGameNote(`"${typed}" is not a game the playground knows: pick one from the Game ` +
                 `list, or type a code such as ${CODE_EXAMPLES}.`);
    $("game-input").focus();
    return;
  }
  if (typedGame !== state.game) {
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

/** The code field takes a whole code: "Another game" was picked. */
function typeAnotherGame() {
  const input = $("game-input");
  $("game-input-label").textContent = "Code";
  input.value = state.game;
  input.placeholder = CODE_EXAMPLES;
  input.dataset.whole = "1";
  input.focus();
  input.select();
}

/** Load the game chosen in the picker, if it is another one (bash:5 is still Bash). */
function commitGame() {
  const chosen = $("game-select").value;
  if (chosen === OTHER) {
    typeAnotherGame();
    return;
  }
  if (familyOf(chosen) === familyOf(state.game)) return;
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
 * The picker loads a game once the choice is committed: picked from the open list, Enter,
 * or leaving the picker. Arrow keys (or typed letters) on the closed picker only move the
 * choice, so they do not load one game per key press.
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
      const family = familyOf(state.game);
      select.value = family ? family.game : OTHER;
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
    if (select.value !== OTHER) commitGame();
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
