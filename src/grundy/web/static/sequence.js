// The sequence view: the values of single heaps as a chart and a table, with the period;
// for games whose positions are two heaps a b, the 2-D table as a heat map (heatmap.js);
// both tables download as CSV; "Find the pattern" searches formulas for them (pattern.js).

import { ApiError, api } from "./api.js";
import { $, clear, clearError, el, showError, svg } from "./dom.js";
import { render } from "./header.js";
import { downloadCsv, drawHeatmap, table2dCsv, tableCsv } from "./heatmap.js";
import { setUpPattern, showPatternCard } from "./pattern.js";
import {
  familyOf, generation, hasHeaps, limits, misereParam, saveState, state,
} from "./state.js";

const MAX_2D = 64;  // the server's max_table2d
// The answers on show (for the CSV files), the 2-D table's size, and its requests' count.
const shown = { table: null, table2d: null, upto2d: 20, asked2d: 0 };

function niceStep(span, ticks) {
  const raw = Math.max(span / ticks, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * power >= raw) return factor * power;
  }
  return 10 * power;
}

function periodCaption(report) {
  const period = report.period;
  if (period !== undefined && period !== null) {
    const from = `period ${period} from n = ${report.preperiod}`;
    const saltus = report.saltus ? `, saltus ${report.saltus}` : "";
    if (report.certified) {
      const checked = report.bound ? ` by the values up to n = ${report.bound}` : "";
      return `${from}${saltus}, certified${checked}`;
    }
    const needs = report.bound ? ` (needs values up to ${report.bound})` : "";
    return `${from}${saltus}, not certified yet${needs}`;
  }
  if (report.misere) {
    return `misère play: outcomes of single heaps (no period search)${
      report.stopped ? `; ${report.stopped}` : ""}`;
  }
  if (report.code && !state.certify) {
    return "no period seen; tick \u201ccertify the period\u201d to search further";
  }
  return "no period seen";
}

function drawSequence(report) {
  const chart = clear($("sequence-chart"));
  const misere = !report.values && Array.isArray(report.outcomes);
  const values = misere ? report.outcomes.map((o) => (o === "N" ? 1 : 0)) : report.values || [];
  const count = values.length;
  const width = 900;
  const height = 300;
  const left = 44;
  const right = 26;
  const top = 14;
  const bottom = 36;
  const topValue = Math.max(1, ...values);
  const slot = (width - left - right) / Math.max(count, 1);
  const x = (n) => left + (n + 0.5) * slot;
  const y = (v) => top + (height - top - bottom) * (1 - v / topValue);
  chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
  chart.setAttribute("width", String(width));
  chart.setAttribute("height", String(height));
  chart.append(svg("title", {}, `values of single heaps 0 to ${count - 1}`));

  // Bands first, so the marks sit on top: the preperiod, then alternating period blocks.
  const bandTop = top;
  const bandHeight = height - top - bottom;
  const edge = (n) => left + Math.min(n, count) * slot;
  if (report.period && report.preperiod !== undefined) {
    const pre = report.preperiod;
    if (pre > 0) {
      chart.append(svg("rect", { class: "band-pre", x: edge(0), y: bandTop,
                                 width: edge(pre) - edge(0), height: bandHeight }));
    }
    // Blocks narrower than a few pixels would only paint stripes: one band then.
    const blockWidth = report.period * slot;
    const step = blockWidth >= 4 ? report.period : count;
    for (let start = pre, block = 0; start < count; start += step, block++) {
      chart.append(svg("rect", { class: block % 2 ? "band-b" : "band-a", x: edge(start),
                                 y: bandTop, width: edge(start + step) - edge(start),
                                 height: bandHeight }));
      if (blockWidth >= 12) {
        chart.append(svg("line", { class: "block-line", x1: edge(start), x2: edge(start),
                                   y1: bandTop, y2: bandTop + bandHeight }));
      }
    }
    // Name the bands where there is room for a word.
    if (pre > 0 && edge(pre) - edge(0) > 70) {
      chart.append(svg("text", { class: "band-label", x: edge(0) + 6, y: bandTop + 13 },
                       `preperiod: n < ${pre}`));
    }
    if (pre < count && edge(pre + report.period) - edge(pre) > 60) {
      chart.append(svg("text", { class: "band-label", x: edge(pre) + 4, y: bandTop + 13 },
                       `period ${report.period}`));
    }
  }

  // Axes with a few ticks.
  const axis = svg("g", { class: "axis" });
  axis.append(svg("line", { x1: left, x2: width - right, y1: height - bottom,
                            y2: height - bottom }));
  axis.append(svg("line", { x1: left, x2: left, y1: top, y2: height - bottom }));
  const xStep = niceStep(count, 10);
  for (let n = 0; n < count; n += xStep) {
    axis.append(svg("line", { x1: x(n), x2: x(n), y1: height - bottom, y2: height - bottom + 5 }));
    axis.append(svg("text", { x: x(n), y: height - bottom + 18, class: "tick-x" }, String(n)));
  }
  axis.append(svg("text", { x: width - right, y: height - 4, class: "axis-label" }, "n"));
  if (misere) {
    for (const [v, label] of [[0, "P"], [1, "N"]]) {
      axis.append(svg("text", { x: left - 8, y: y(v) + 4, class: "tick-y" }, label));
    }
  } else {
    const yStep = niceStep(topValue, 5);
    for (let v = 0; v <= topValue; v += yStep) {
      axis.append(svg("line", { x1: left - 5, x2: left, y1: y(v), y2: y(v) }));
      axis.append(svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v),
                                class: "grid" }));
      axis.append(svg("text", { x: left - 8, y: y(v) + 4, class: "tick-y" }, String(v)));
    }
  }
  chart.append(axis);

  // One mark per heap size; thousands of marks stay light as a single path.
  const marks = svg("g", { class: "marks" });
  if (count <= 2000) {
    const radius = Math.max(1.5, Math.min(4, slot / 2.5));
    values.forEach((v, n) => {
      const mark = svg("circle", { class: "mark", cx: x(n), cy: y(v), r: radius });
      mark.append(svg("title", {}, misere ? `n = ${n}: ${report.outcomes[n]}`
        : `n = ${n}: ${v}`));
      marks.append(mark);
    });
  } else {
    const path = values.map((v, n) => `M${x(n).toFixed(1)} ${y(v).toFixed(1)}h0.8`).join("");
    marks.append(svg("path", { class: "mark mark-path", d: path }));
  }
  chart.append(marks);
}

function drawTable(report) {
  const table = clear($("sequence-table"));
  const misere = !report.values && Array.isArray(report.outcomes);
  const values = misere ? report.outcomes : report.values || [];
  const periodic = Boolean(report.period);
  const header = el("tr", {}, el("th", { scope: "col", text: "n" }));
  for (let j = 0; j < 10; j++) header.append(el("th", { scope: "col", text: `+${j}` }));
  table.append(el("thead", {}, header));
  const body = el("tbody");
  for (let row = 0; row < values.length; row += 10) {
    const tr = el("tr", {}, el("th", { scope: "row", text: String(row) }));
    for (let n = row; n < row + 10; n++) {
      if (n >= values.length) {
        tr.append(el("td", { class: "none" }));
        continue;
      }
      let cls = "";
      if (periodic && n < report.preperiod) cls = "pre";
      else if (periodic) cls = Math.floor((n - report.preperiod) / report.period) % 2 ? "blk-b" : "blk-a";
      tr.append(el("td", { class: cls || null, title: `n = ${n}`, text: String(values[n]) }));
    }
    body.append(tr);
  }
  table.append(body);
}

// What /api/table said of each game: its take-and-break code (octal, hexadecimal,
// grundy, subtraction:S, allbut:S: the only games whose period can be certified), or null.
const codes = new Map();

/** Offer "certify the period" where it applies; say why not elsewhere, and drop the tick. */
function showCertify(game, misere) {
  const code = codes.get(game);
  const note = $("certify-note");
  $("certify-field").hidden = misere || !code;
  note.hidden = misere || code !== null;  // misère: the caption says there is no period
  if (code === null) {
    note.textContent = `Certifying a period needs a take-and-break code (an octal or `
      + `hexadecimal code such as 0.77, kayles, dawson, grundys-game, subtraction:S or `
      + `allbut:S); ${game} is not one.`;
  }
  if (state.certify && (misere || code === null)) {
    state.certify = false;
    saveState(false);
  }
  $("certify-input").checked = state.certify;
}

function showTable(report) {
  shown.table = report;
  $("table-csv").disabled = false;
  $("period-caption").textContent = periodCaption(report);
  $("sequence-legend").hidden = !report.period;
  drawSequence(report);
  drawTable(report);
}

function caption2d(report) {
  const n = report.outcomes.length;
  const zeros = report.outcomes.flat().filter((o) => o === "P").length;
  const play = report.misere ? "misère play, outcomes of" : "SG values g(a, b) of";
  const stopped = report.stopped ? ` (${report.stopped})` : "";
  return `${play} two heaps a b, a and b from 0 to ${n - 1}: ${zeros} of ${n * n} `
    + `are P-positions, marked with a dot${stopped}`;
}

/** The 2-D table of the game's two-heap positions a b (a refusal stays in its card). */
async function renderTable2d(mine) {
  const asked = ++shown.asked2d;
  const current = () => mine === generation.sequence && asked === shown.asked2d;
  const game = state.game;
  const misere = Boolean(misereParam());
  const upto = shown.upto2d;
  shown.table2d = null;
  $("upto2d-input").value = String(upto);
  $("table2d-csv").disabled = true;
  $("table2d-caption").textContent = "Computing…";
  $("table2d-title").textContent = `2-D table of ${game}` + (misere ? " (misère: outcomes)" : "");
  $("heatmap-scale").hidden = misere;
  $("heatmap-zero").hidden = misere;
  $("heatmap-n").hidden = !misere;
  try {
    const report = await api("table2d", { game, upto, misere });
    if (!current()) return;
    shown.table2d = report;
    $("table2d-caption").textContent = caption2d(report);
    drawHeatmap($("heatmap"), report, (text) => { $("heatmap-readout").textContent = text; });
    $("table2d-csv").disabled = false;
  } catch (error) {
    if (!current()) return;
    $("table2d-caption").textContent = error instanceof ApiError ? error.message
      : `something went wrong in the page: ${error && error.message ? error.message : error}`;
    clear($("heatmap"));
  }
}

export async function renderSequence() {
  const mine = ++generation.sequence;
  const game = state.game;
  const misere = Boolean(misereParam());
  // Heap games have single heaps (chart, table); games of two heaps a b, a 2-D table.
  const heaps = hasHeaps();
  const pairs = Boolean((familyOf(game) || {}).pairs);
  $("sequence-form").hidden = !heaps;
  $("sequence-chart").closest(".card").hidden = !heaps;
  $("sequence-table").closest(".card").hidden = !heaps;
  $("table2d-card").hidden = !pairs;
  offerPattern();
  shown.table = null;
  $("table-csv").disabled = true;
  if (pairs) renderTable2d(mine);
  if (!heaps) return;
  $("upto-input").value = String(state.upto);
  $("upto-input").max = String(limits.maxUpto);
  showCertify(game, misere);
  $("period-caption").textContent = "Computing…";
  $("sequence-title").textContent = `Values of single heaps of ${game}`
    + (state.misere ? " (misère: outcomes)" : "");
  const ask = (certify) => api("table", { game, upto: state.upto, certify, misere });
  try {
    let report;
    if (state.certify && !codes.has(game)) {
      // Not known yet whether a period can be certified here: ask for the values first.
      report = await ask(false);
      if (mine !== generation.sequence) return;
      codes.set(game, report.code || null);
      showCertify(game, misere);
      if (state.certify) {
        showTable(report);
        $("period-caption").textContent = "Certifying the period…";
        report = await ask(true);
      }
    } else {
      report = await ask(state.certify);
    }
    if (mine !== generation.sequence) return;
    if (!misere) codes.set(game, report.code || null);
    showCertify(game, misere);
    showTable(report);
  } catch (error) {
    if (mine !== generation.sequence) return;
    $("period-caption").textContent = "";
    clear($("sequence-chart"));
    clear($("sequence-table"));
    showError(error);
  }
}

/** The "Find the pattern" card (pattern.js) for the values on show. */
function offerPattern() {
  showPatternCard({ game: state.game, heaps: hasHeaps(),
                    pairs: Boolean((familyOf(state.game) || {}).pairs),
                    misere: Boolean(misereParam()), upto: state.upto, upto2d: shown.upto2d });
}

export function setUpSequence() {
  setUpPattern();
  $("sequence-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const upto = Number.parseInt($("upto-input").value, 10);
    if (!Number.isFinite(upto) || upto < 0 || upto > limits.maxUpto) {
      showError(new ApiError(`upto must be a whole number from 0 to ${limits.maxUpto}`));
      return;
    }
    state.upto = upto;
    state.certify = !$("certify-field").hidden && $("certify-input").checked;
    saveState(true);
    render();
  });
  $("table2d-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const upto = Number.parseInt($("upto2d-input").value, 10);
    if (!Number.isFinite(upto) || upto < 0 || upto > MAX_2D) {
      showError(new ApiError(`a, b up to must be a whole number from 0 to ${MAX_2D}`));
      return;
    }
    clearError();
    shown.upto2d = upto;
    offerPattern();
    renderTable2d(generation.sequence);
  });
  $("table-csv").addEventListener("click", () => {
    if (shown.table) downloadCsv(tableCsv(shown.table));
  });
  $("table2d-csv").addEventListener("click", () => {
    if (shown.table2d) downloadCsv(table2dCsv(shown.table2d));
  });
}
