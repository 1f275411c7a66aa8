// The teaching views of the analyse view: the mex of the options' values drawn as a strip
// (the values a move reaches, the smallest missing one marked), and the XOR of a sum's
// parts bit by bit, with how a winning move makes it zero (the lecture notes' proof, on
// the position's own numbers). Values may be BigInt: every operation here is on BigInt.

import { clear, el } from "./dom.js";

const SHOWN = 32n;  // the strip draws values 0..SHOWN at most

function big(value) {
  return BigInt(String(value));
}

/**
 * The mex strip: `values` are the SG values of the options (any order, repeats), `sg` the
 * position's value. Drawn only when every option was listed and the values are small.
 */
export function showMex(box, values, sg) {
  clear(box);
  const reached = new Set(values.map((v) => big(v)));
  const mex = big(sg);
  if (mex > SHOWN) return;
  let top = mex;
  for (const v of reached) if (v > top && v <= SHOWN) top = v;
  const strip = el("ol", { class: "mex-strip", "aria-label": "values 0 upward: reached or not" });
  for (let v = 0n; v <= top; v++) {
    const got = reached.has(v);
    const kind = v === mex ? "mex" : got ? "reached" : "missing";
    const words = v === mex ? "the mex: missing, the smallest"
      : got ? "reached by a move" : "missing";
    strip.append(el("li", { class: `mex-cell ${kind}`, title: `${v}: ${words}`,
                            "aria-label": `${v}: ${words}`, text: String(v) }));
  }
  const listed = [...reached].sort((a, b) => (a < b ? -1 : 1)).map(String);
  const said = listed.length ? `{${listed.join(", ")}}` : "no value (no move)";
  box.append(
    el("p", { text: `The moves reach the values ${said}. The smallest value no move reaches, `
      + `the mex, is ${mex}: the SG value of this position.` }),
    strip);
}

function binary(value, width) {
  return value.toString(2).padStart(width, "0");
}

/**
 * The XOR of the parts bit by bit: `parts` is the value report's [{text, grundy}]; `move`
 * the first winning move in words (if any).
 */
export function showXor(box, parts, move) {
  clear(box);
  const values = parts.map((p) => big(p.grundy));
  const total = values.reduce((a, b) => a ^ b, 0n);
  const width = Math.max(1, ...values.map((v) => v.toString(2).length));
  const top = total ? total.toString(2).length - 1 : -1;  // the highest bit of the XOR
  const table = el("table", { class: "xor-table", "data-testid": "xor-table" });
  const row = (label, value, kind = "") => {
    const bits = el("td", { class: "bits" });
    binary(value, width).split("").forEach((bit, i) => {
      const place = width - 1 - i;
      bits.append(el("span", { class: place === top ? "bit top" : "bit", text: bit }));
    });
    return el("tr", { class: kind }, el("th", { scope: "row", text: label }),
              el("td", { class: "value", text: String(value) }), bits);
  };
  table.append(el("thead", {}, el("tr", {}, el("th", { text: "part" }),
                                  el("th", { text: "SG value" }), el("th", { text: "in binary" }))));
  const body = el("tbody");
  parts.forEach((part, i) => body.append(row(`${i + 1}: ${part.text}`, values[i])));
  body.append(row("XOR", total, "xor-total"));
  table.append(body);
  box.append(table);
  if (!total) {
    box.append(el("p", { text: "The XOR is 0: a P-position. Any move changes one part's "
      + "value, so it changes the XOR: the opponent is always left a non-zero XOR." }));
    return;
  }
  const index = values.findIndex((v) => (v >> BigInt(top)) & 1n);
  const from = values[index];
  const to = from ^ total;
  box.append(el("p", { "data-testid": "xor-move", text: `The XOR is ${total}, not 0: the `
    + `player to move wins. Its highest 1 bit (column ${top + 1} from the right) is set in `
    + `part ${index + 1}, whose value ${from} becomes ${from} ⊕ ${total} = ${to}, smaller `
    + `than ${from}, so a move there reaches it; then every column has an even number of 1s `
    + `and the XOR is 0${move ? ` (${move})` : ""}.` }));
}
