// The 2-D table of two-heap positions a b (Wythoff's game, two heaps of a heap game) as a
// heat map: one square a cell, coloured by g(a, b) on a sequential palette, P-positions
// (g = 0) marked with a dot; and the CSV files of the sequence view's tables.
//
// Values may be BigInt (see api.js): Number() only scales the colours; every value shown
// or written goes through String(), so it keeps its digits.

import { svg } from "./dom.js";

// Light (small values) to dark (large ones): stops of the viridis palette, reversed.
const STOPS = [[253, 231, 37], [94, 201, 98], [33, 145, 140], [59, 82, 139], [68, 1, 84]];

/** The palette's colour at t in [0, 1], and whether text on it should be light. */
function colourAt(t) {
  const at = Math.min(Math.max(t, 0), 1) * (STOPS.length - 1);
  const i = Math.min(Math.floor(at), STOPS.length - 2);
  const f = at - i;
  const rgb = STOPS[i].map((c, k) => Math.round(c + (STOPS[i + 1][k] - c) * f));
  return { fill: `rgb(${rgb.join(",")})`, light: t > 0.55 };
}

/**
 * What a cell says of itself: "g(3, 5) = 0", or in misère play "outcome(3, 5) = P"
 * (a and b count from the table's first indices, `report.start`, 0 0 unless it says).
 */
export function cellLabel(report, a, b) {
  const [x, y] = named(report, a, b);
  return report.values ? `g(${x}, ${y}) = ${String(report.values[a][b])}`
    : `outcome(${x}, ${y}) = ${report.outcomes[a][b]}`;
}

function named(report, a, b) {
  const [a0, b0] = report.start || [0, 0];
  return [a + a0, b + b0];
}

const listening = new WeakMap();  // chart -> the AbortController of its drawing's listeners

function readout(report, a, b, regions) {
  const p = report.outcomes[a][b] === "P";
  const region = regions ? `; region ${regions.labels[regions.cells[a][b]].join(": ")}` : "";
  return `${cellLabel(report, a, b)}: ${p ? "a P-position (the previous player wins)"
    : "an N-position (the player to move wins)"}${region}`;
}

/**
 * Draw `report` (an /api/table2d answer, or values with their outcomes and first indices
 * `start`) into the SVG `chart`; `show(text)` gets the words for the cell under the
 * pointer or with the focus. One Tab stop: the arrow keys (and Home, End) move the focus
 * from cell to cell. With `regions` (a pattern's: `labels`, [where, rule] each, and
 * `cells`, each cell's region), the borders between regions are drawn, and each cell
 * names its region.
 */
export function drawHeatmap(chart, report, show, regions = null) {
  chart.replaceChildren();
  const n = report.outcomes.length;
  const cell = n <= 21 ? 28 : Math.max(10, Math.floor(640 / n));
  const left = 56;
  const top = 40;
  const side = n * cell;
  const width = left + side + 12;
  const height = top + side + 12;
  chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
  chart.setAttribute("width", String(width));
  chart.setAttribute("height", String(height));
  const what = report.values ? "SG values g(a, b)" : "misère outcomes";
  chart.setAttribute("aria-label", `${what} of two heaps a and b, from 0 to ${n - 1}`);
  chart.append(svg("title", {}, `${what} of two heaps a b, a and b from 0 to ${n - 1}`));

  const numbers = report.values ? report.values.flat().map((v) => Number(v)) : [];
  const top1 = Math.max(1, ...numbers);  // the largest value sets the darkest colour
  const tick = cell >= 18 ? 1 : cell >= 12 ? 5 : 10;
  const axis = svg("g", { class: "axis hm-axis", "aria-hidden": "true" });
  const [a0, b0] = report.start || [0, 0];
  for (let i = 0; i < n; i += tick) {
    axis.append(svg("text", { class: "tick-x", x: left + (i + 0.5) * cell, y: top - 8 },
                    String(i + b0)));
    axis.append(svg("text", { class: "tick-y", x: left - 6, y: top + (i + 0.5) * cell + 4 },
                    String(i + a0)));
  }
  axis.append(svg("text", { class: "hm-axis-label", x: left + side / 2, y: 12 }, "b \u2192"));
  axis.append(svg("text", { class: "hm-axis-label", x: 14, y: top + side / 2 + 4 },
                  "a \u2193"));
  chart.append(axis);

  const grid = svg("g", { class: "hm-cells" });
  const cells = [];
  const words = cell >= 20;
  for (let a = 0; a < n; a++) {
    const row = [];
    for (let b = 0; b < n; b++) {
      const x = left + b * cell;
      const y = top + a * cell;
      const p = report.outcomes[a][b] === "P";
      const value = report.values ? report.values[a][b] : null;
      const shade = value === null ? null : colourAt((Number(value) - 1) / Math.max(top1 - 1, 1));
      const label = cellLabel(report, a, b);
      const group = svg("g", {
        class: `hm-cell${p ? " hm-p" : " hm-n"}${shade && shade.light ? " hm-dark" : ""}`,
        role: "img", "aria-label": label, tabindex: a === 0 && b === 0 ? 0 : -1,
        "data-a": a, "data-b": b,
      });
      group.append(svg("title", {}, label));
      group.append(svg("rect", { x, y, width: cell, height: cell,
                                 fill: p || !shade ? null : shade.fill }));
      if (p) group.append(svg("circle", { class: "hm-dot", cx: x + cell / 2, cy: y + cell / 2,
                                          r: cell * (words ? 0.4 : 0.3) }));
      const text = value === null ? report.outcomes[a][b] : String(value);
      if (words && text.length <= 3) {
        group.append(svg("text", { class: "hm-value", x: x + cell / 2, y: y + cell / 2 + 4,
                                   "aria-hidden": "true" }, text));
      }
      grid.append(group);
      row.push(group);
    }
    cells.push(row);
  }
  chart.append(grid);
  if (regions) chart.append(regionBorders(regions.cells, n, cell, left, top));

  const pick = (target) => {
    const group = target && target.closest ? target.closest(".hm-cell") : null;
    if (!group) return null;
    const a = Number(group.dataset.a);
    const b = Number(group.dataset.b);
    for (const old of grid.querySelectorAll(".hm-on")) old.classList.remove("hm-on");
    group.classList.add("hm-on");
    show(readout(report, a, b, regions));
    return [a, b];
  };
  if (listening.has(chart)) listening.get(chart).abort();
  const drawing = new AbortController();
  listening.set(chart, drawing);
  const options = { signal: drawing.signal };
  chart.addEventListener("mouseover", (event) => pick(event.target), options);
  chart.addEventListener("focusin", (event) => pick(event.target), options);
  chart.addEventListener("keydown", (event) => {
    const at = pick(document.activeElement);
    if (!at) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1],
                    ArrowRight: [0, 1], Home: [-n, -n], End: [n, n] };
    const step = moves[event.key];
    if (!step) return;
    event.preventDefault();
    const a = Math.min(Math.max(at[0] + step[0], 0), n - 1);
    const b = Math.min(Math.max(at[1] + step[1], 0), n - 1);
    cells[at[0]][at[1]].setAttribute("tabindex", "-1");
    cells[a][b].setAttribute("tabindex", "0");
    cells[a][b].focus();
  }, options);
}

/** One path along every edge between two cells of different regions. */
function regionBorders(cells, n, cell, left, top) {
  const segments = [];
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const x = left + b * cell;
      const y = top + a * cell;
      if (b + 1 < n && cells[a][b] !== cells[a][b + 1]) {
        segments.push(`M${x + cell} ${y}v${cell}`);
      }
      if (a + 1 < n && cells[a][b] !== cells[a + 1][b]) {
        segments.push(`M${x} ${y + cell}h${cell}`);
      }
    }
  }
  return svg("path", { class: "hm-region-edge", d: segments.join(""), "aria-hidden": "true",
                       "data-testid": "region-borders" });
}

// ------------------------------------------------------------------ CSV
/** A file name from a game name: bash:3 -> bash_3 (letters, digits, '.', '-', '_'). */
function stem(game, misere) {
  return `${game.replace(/[^A-Za-z0-9._-]+/g, "_")}${misere ? "-misere" : ""}`;
}

/** The CSV of a /api/table answer: n, value, outcome (misère play: n, outcome). */
export function tableCsv(report) {
  const rows = [];
  if (report.values) {
    rows.push(["n", "value", "outcome"]);
    report.values.forEach((v, n) => rows.push([n, v, String(v) === "0" ? "P" : "N"]));
  } else {
    rows.push(["n", "outcome"]);
    (report.outcomes || []).forEach((o, n) => rows.push([n, o]));
  }
  const last = rows.length - 2;
  return { name: `${stem(report.game, report.misere)}-0-${last}.csv`, rows };
}

/** The CSV of a /api/table2d answer: a header row b = 0..upto, then one row per a. */
export function table2dCsv(report) {
  const n = report.outcomes.length;
  const rows = [["a\\b", ...Array.from({ length: n }, (_, b) => b)]];
  const table = report.values || report.outcomes;
  table.forEach((row, a) => rows.push([a, ...row]));
  return { name: `${stem(report.game, report.misere)}-2d-0-${n - 1}.csv`, rows };
}

/** Save `rows` (numbers, BigInts or plain words: nothing to quote) as the file `name`. */
export function downloadCsv({ name, rows }) {
  const text = rows.map((row) => row.map((v) => String(v)).join(",")).join("\r\n") + "\r\n";
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
