// DOM helpers: elements built from data (text only ever goes in as textContent), the
// error box, and the move buttons the analyse and play views share.

import { ApiError } from "./api.js";

const SVG_NS = "http://www.w3.org/2000/svg";

export const $ = (id) => document.getElementById(id);

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined) {
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
  }
  return node;
}

export function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (text !== null) node.textContent = text;
  return node;
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

export function showError(error) {
  const box = $("error");
  box.textContent = error instanceof ApiError ? error.message
    : `something went wrong in the page: ${error && error.message ? error.message : error}`;
  box.hidden = false;
  if (!(error instanceof ApiError)) console.warn(error);  // a page bug: keep the trace
}

export function clearError() {
  const box = $("error");
  box.hidden = true;
  box.textContent = "";
}

/** A button that names a move and the position it leaves. */
export function moveButton(text, position, onClick, extraClass = "") {
  return el("button", { type: "button", class: `move ${extraClass}`.trim(),
                        "data-position": position, onclick: onClick },
            el("span", { class: "move-words", text }),
            el("span", { class: "move-to", text: `→ ${position === "" ? "(start)" : position}` }));
}

/** Did the focus drop to the page (the focused control was removed or disabled)? */
export function focusLost() {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}
