// The Moore's Nim board of the play view (take from up to K heaps at once): the heaps as
// rows of tokens where the person selects what to take. A click on a token selects it and
// every token to its right (again: unselects them); the Take button plays the listed
// option whose position is what the selection leaves, and is enabled only then. The
// verdict of the selected move shows next to it; a token is coloured by whether some
// winning move leaves its heap with the tokens to its left.

import { el } from "./dom.js";
import { verdictClass, verdictWords } from "./splits.js";
import { state, verdictOf } from "./state.js";

// Past these the rows would be unreadable: the move list serves.
const MAX_HEAPS = 12;
const MAX_HEAP = 40;

export function showMoore(box, listing, playMove) {
  const heaps = listing.position;
  const fine = Array.isArray(heaps) && heaps.length >= 1 && heaps.length <= MAX_HEAPS
    && heaps.every((h) => Number.isInteger(h) && h >= 0 && h <= MAX_HEAP);
  if (!fine) return;
  const k = /:(\d+)/.exec(listing.game || state.game);
  const most = k ? Number(k[1]) : heaps.length;
  const byPosition = new Map();
  const starts = new Map();  // "i:left" -> the options that leave `left` tokens in heap i
  for (const option of listing.options) {
    const after = option.position;
    if (!Array.isArray(after) || after.length !== heaps.length) continue;
    byPosition.set(JSON.stringify(after), option);
    after.forEach((left, i) => {
      if (left === heaps[i]) return;
      const key = `${i}:${left}`;
      if (!starts.has(key)) starts.set(key, []);
      starts.get(key).push(option);
    });
  }
  const selection = new Map();  // heap -> the first token taken
  const board = el("div", { class: "moore", role: "group", "data-testid": "moore-board",
                            "aria-label": `heaps ${heaps.join(", ")}: select the tokens to `
                              + `take, in up to ${most} ${most === 1 ? "heap" : "heaps"}, then Take` });
  const tokens = [];
  heaps.forEach((size, i) => {
    const row = el("div", { class: "heap" },
                   el("span", { class: "heap-label", text: `heap ${i + 1}` }));
    for (let t = 0; t < size; t++) {
      const options = starts.get(`${i}:${t}`);
      if (!options) {
        row.append(el("span", { class: "token idle", title: "no move takes from here" }));
        continue;
      }
      const verdicts = options.map(verdictOf).filter(Boolean);
      const kind = verdicts.length ? (verdicts.some((v) => v.kind === "win") ? "win" : "lose")
        : null;
      const hint = kind && state.values
        ? (kind === "win" ? " (in a winning move)" : " (in no winning move)") : "";
      const words = `heap ${i + 1}, token ${t + 1}: select it and those to its right${hint}`;
      const token = el("button", {
        type: "button", class: `token${kind ? ` verdict-${kind}` : ""}`, "aria-label": words,
        title: words, "aria-pressed": "false", "data-heap": i + 1, "data-token": t + 1,
        onclick: () => {
          if (selection.get(i) === t) selection.delete(i);
          else selection.set(i, t);
          update();
        },
      });
      tokens.push({ node: token, i, t });
      row.append(token);
    }
    if (!size) row.append(el("span", { class: "muted", text: "empty" }));
    board.append(row);
  });
  const take = el("button", { type: "button", class: "moore-take", "data-testid": "moore-take",
                              text: "Take" });
  const verdictLine = el("span", { class: "verdict", "data-testid": "moore-verdict" });
  const clearButton = el("button", { type: "button", class: "moore-clear", text: "clear",
                                     onclick: () => {
                                       selection.clear();
                                       update();
                                     } });
  const said = el("p", { class: "moore-words", "data-testid": "moore-words",
                         "aria-live": "polite" });
  let chosen = null;
  take.addEventListener("click", () => {
    if (chosen) playMove(chosen.text);
  });

  function update() {
    for (const { node, i, t } of tokens) {
      const on = selection.has(i) && t >= selection.get(i);
      node.classList.toggle("selected", on);
      node.setAttribute("aria-pressed", String(on));
    }
    const after = heaps.map((h, i) => (selection.has(i) ? selection.get(i) : h));
    chosen = selection.size ? byPosition.get(JSON.stringify(after)) || null : null;
    const verdict = chosen ? verdictOf(chosen) : null;
    // aria-disabled, not disabled: the play view enables every board button after drawing.
    take.setAttribute("aria-disabled", String(!chosen));
    take.className = `moore-take${chosen ? verdictClass(verdict) : ""}`;
    take.setAttribute("aria-label", chosen ? `Take: ${chosen.move}${verdictWords(verdict)}`
      : "Take: select the tokens to take first");
    verdictLine.textContent = verdict ? verdict.text : "";
    verdictLine.className = `verdict${verdictClass(verdict)}`;
    clearButton.hidden = !selection.size;
    if (!selection.size) {
      said.textContent = `Select the tokens to take, in up to ${most} `
        + `${most === 1 ? "heap" : "heaps"} at once.`;
    } else if (chosen) {
      said.textContent = `Take: ${chosen.move}.`;
    } else if (selection.size > most) {
      said.textContent = `Too many heaps: take from at most ${most} at once.`;
    } else {
      said.textContent = "Not a move: change the selection.";
    }
  }

  update();
  box.append(board, el("div", { class: "moore-controls" }, take, verdictLine, clearButton),
             said);
}
