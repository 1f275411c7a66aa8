// The sequence view's "Find the pattern" (找规律) card: asks /api/pattern for the values on
// show (single heaps n, or two heaps a b: the heat map) and lists the formulas found, each
// with how sure it is (proved by a named theorem, verified by the mex rule on a region, or
// only fitting the table); in 2-D also the P-positions and the periodic rows. A field then
// answers any n, however big, by the best pattern.
//
// Indices and values travel as decimal strings past 2^53 (api.js reads longer literals as
// BigInt): they are only ever shown through String(), never turned into Numbers.

import { ApiError, api } from "./api.js";
import { $, clear, el, svg } from "./dom.js";
import { drawHeatmap } from "./heatmap.js";

const MAX_UPTO = 256;  // the server's max_pattern_upto: indices 0..upto-1 of single heaps
const MAX_UPTO_2D = 32;  // its max_pattern_upto2d, along each side of pairs (a, b)
const ROWS_SHOWN = 6;  // periodic rows listed before "more"
const MAX_AT = 1000;  // characters of the indices asked (the server's max_text)

const STATUS_CLASS = { proved: "pattern-proved", verified: "pattern-verified" };

// What the card shows: the question on show (game, dims, upto), its answer, and a count
// of questions so that a late answer to an older one is dropped.
const asked = { key: "", game: "", dims: 1, upto: 2, report: null, count: 0, atCount: 0 };

/** The card, built once into the sequence panel (after its form). */
export function setUpPattern() {
  const card = el("section", { class: "card pattern-card", id: "pattern-card",
                               "data-testid": "pattern-card", "aria-labelledby": "pattern-title" },
    el("h2", { id: "pattern-title", text: "Find the pattern" }),
    el("p", { class: "muted note pattern-intro", id: "pattern-intro",
              text: "Search formulas for the SG values shown, check each against the rules "
                + "(the mex rule at every position), and name the theorem that proves it." }),
    el("form", { id: "pattern-form", class: "inline pattern-form", autocomplete: "off",
                 novalidate: true },
      el("span", { id: "pattern-dims-field", class: "inline", hidden: true },
        el("label", { for: "pattern-dims", text: "Values of" }),
        el("select", { id: "pattern-dims", "data-testid": "pattern-dims" },
          el("option", { value: "1", text: "single heaps n" }),
          el("option", { value: "2", text: "two heaps a, b" }))),
      el("button", { type: "submit", class: "primary", id: "pattern-button",
                     "data-testid": "pattern-button", text: "Find the pattern" })),
    el("p", { id: "pattern-misere", class: "muted note", hidden: true,
              text: "Patterns are searched in normal play: untick misère to search them." }),
    el("div", { id: "pattern-results", class: "pattern-results", "data-testid": "pattern-results",
                "aria-live": "polite" }),
    el("form", { id: "pattern-at-form", class: "inline pattern-at-form", autocomplete: "off",
                 novalidate: true, hidden: true },
      el("label", { for: "pattern-at", id: "pattern-at-label", text: "answer n =" }),
      el("input", { id: "pattern-at", "data-testid": "pattern-at", type: "text",
                    inputmode: "numeric", spellcheck: "false", autocapitalize: "off",
                    "aria-describedby": "pattern-answer", placeholder: "1000000000000000000" }),
      el("button", { type: "submit", id: "pattern-at-button", "data-testid": "pattern-at-button",
                     text: "Answer" })),
    el("p", { id: "pattern-answer", class: "pattern-answer", "data-testid": "pattern-answer",
              "aria-live": "polite", hidden: true }));
  const form = $("sequence-form");
  form.after(card);

  $("pattern-form").addEventListener("submit", (event) => {
    event.preventDefault();
    findPattern();
  });
  $("pattern-dims").addEventListener("change", () => showQuestion());
  $("pattern-at-form").addEventListener("submit", (event) => {
    event.preventDefault();
    answerAt();
  });
}

// What renderSequence last said is on show: the game, whether it has single heaps and pairs,
// misère play, and the sizes of the tables shown.
const view = { game: "", heaps: false, pairs: false, misere: false, upto: 100, upto2d: 20 };

/**
 * The sequence view shows `game` (`heaps`: single heaps n, `pairs`: two heaps a b, each with
 * its last index `upto`, `upto2d`): offer the search, keeping the answer while it still fits.
 */
export function showPatternCard({ game, heaps, pairs, misere, upto, upto2d }) {
  Object.assign(view, { game, heaps, pairs, misere, upto, upto2d });
  $("pattern-card").hidden = !heaps && !pairs;
  $("pattern-dims-field").hidden = !(heaps && pairs);
  if (!heaps) $("pattern-dims").value = "2";
  else if (!pairs) $("pattern-dims").value = "1";
  $("pattern-form").hidden = misere;
  $("pattern-misere").hidden = !misere;
  showQuestion();
}

/** The question the card would ask now: the game, 1 or 2 indices, how many of each. */
function question() {
  const dims = view.misere ? 0 : Number($("pattern-dims").value) === 2 ? 2 : 1;
  const last = dims === 2 ? view.upto2d : view.upto;
  const most = dims === 2 ? MAX_UPTO_2D : MAX_UPTO;
  const upto = Math.min(Math.max(Number(last) + 1, 2), most);
  return { game: view.game, dims, upto, key: `${view.game}|${dims}|${upto}` };
}

/** Drop an answer that no longer fits what is shown; say what the button will search. */
function showQuestion() {
  const now = question();
  const names = now.dims === 2 ? "a, b" : "n";
  $("pattern-button").setAttribute("aria-label", now.dims === 2
    ? `Find the pattern of g(a, b), a and b from 0 to ${now.upto - 1}`
    : `Find the pattern of g(n), n from 0 to ${now.upto - 1}`);
  $("pattern-at-label").textContent = `answer ${names} =`;
  $("pattern-at").setAttribute("inputmode", now.dims === 2 ? "text" : "numeric");
  $("pattern-at").placeholder = now.dims === 2 ? "1000000, 2000000" : "1000000000000000000";
  if (now.key === asked.key) return;
  asked.key = "";
  asked.report = null;
  asked.count++;  // an answer on its way is now for another question
  clear($("pattern-results")).removeAttribute("aria-busy");
  $("pattern-at-form").hidden = true;
  $("pattern-answer").hidden = true;
  $("pattern-button").textContent = "Find the pattern";
}

function problem(error) {
  return error instanceof ApiError ? error.message
    : `something went wrong in the page: ${error && error.message ? error.message : error}`;
}

async function findPattern() {
  const now = question();
  if (!now.dims || !now.game) return;
  const mine = ++asked.count;
  Object.assign(asked, { key: now.key, game: now.game, dims: now.dims, upto: now.upto,
                         report: null });
  const results = clear($("pattern-results"));
  results.setAttribute("aria-busy", "true");
  $("pattern-at-form").hidden = true;
  $("pattern-answer").hidden = true;
  $("pattern-button").textContent = "Searching…";
  results.append(el("p", { class: "caption", "data-testid": "pattern-summary",
                           text: "Searching formulas and checking them against the rules…" }));
  try {
    const report = await api("pattern", { game: now.game, dims: now.dims, upto: now.upto });
    if (mine !== asked.count) return;
    asked.report = report;
    drawReport(report);
    $("pattern-at-form").hidden = !report.patterns.length;
  } catch (error) {
    if (mine !== asked.count) return;
    asked.key = "";
    clear(results).append(el("p", { class: "pattern-failure", "data-testid": "pattern-summary",
                                    text: problem(error) }));
  } finally {
    if (mine === asked.count) {
      results.removeAttribute("aria-busy");
      $("pattern-button").textContent = "Find the pattern";
    }
  }
}

/** "G(n) = n % 4" (a recurrence states its own left-hand sides: "G(2m) = ..."). */
function equation(pattern) {
  return pattern.formula.startsWith("G(") ? pattern.formula
    : `G(${pattern.variables.join(", ")}) = ${pattern.formula}`;
}

/** How sure a pattern is, in words: the theorem, the region checked, or the failure. */
function why(pattern) {
  if (pattern.status === "proved") {
    return `by ${pattern.theorem}` + (pattern.checked ? `; mex rule checked on ${pattern.checked}`
      : "");
  }
  if (pattern.status === "verified") {
    return `the mex rule holds at every position of ${pattern.checked}, so these are the SG `
      + "values there; beyond, a conjecture";
  }
  if (pattern.failure) return `fails the mex check: ${pattern.failure}`;
  return `reproduces the values on ${pattern.region}; not checked against the rules`;
}

function badge(status) {
  return el("span", { class: `badge pattern-status ${STATUS_CLASS[status] || "pattern-fits"}`,
                      "data-testid": "pattern-status", text: status });
}

function drawReport(report) {
  const results = clear($("pattern-results"));
  const found = report.patterns.length;
  const best = found ? report.patterns[0] : null;
  results.append(best
    ? el("p", { class: "caption", "data-testid": "pattern-summary",
                text: `${found} pattern${found === 1 ? "" : "s"} found on ${report.region}; `
                  + `the best is ${best.status}.` })
    : el("p", { class: "pattern-none", "data-testid": "pattern-summary", text: report.message }));
  if (found) {
    const list = el("ol", { class: "pattern-list", "data-testid": "pattern-list" });
    for (const pattern of report.patterns) {
      list.append(el("li", { class: "pattern" },
        el("div", { class: "pattern-head" },
          el("code", { class: "formula", "data-testid": "pattern-formula",
                       text: equation(pattern) }),
          badge(pattern.status)),
        el("p", { class: `pattern-why${pattern.failure ? " pattern-failure" : " muted"}`,
                  text: why(pattern) })));
    }
    results.append(list);
  }
  const ruled = report.patterns.find((pattern) => pattern.regions);
  if (ruled) drawRegions(results, report, ruled);
  if (report.p_positions.length) {
    results.append(el("h3", { class: "pattern-sub", text: "P-positions" }));
    const list = el("ul", { class: "pattern-rules", "data-testid": "pattern-p-positions" });
    for (const rule of report.p_positions) {
      list.append(el("li", {}, el("code", { class: "formula", text: rule.text }),
        rule.status ? el("span", { class: "muted pattern-rule-status", text: rule.status })
          : null));
    }
    results.append(list);
  }
  // rows of g(a, b) that merely fit say little beside a rule checked against the rules
  const checked = best && best.status !== "fits the table" && report.variables.join() === "a,b";
  if (report.rows.length && !checked) {
    results.append(el("h3", { class: "pattern-sub", text: "Periodic rows" }));
    const item = (row) => el("li", {}, el("code", { class: "formula", text: row.text }));
    const list = el("ul", { class: "pattern-rules", "data-testid": "pattern-rows" },
                    ...report.rows.slice(0, ROWS_SHOWN).map(item));
    results.append(list);
    const more = report.rows.length - ROWS_SHOWN;
    if (more > 0) {
      results.append(el("details", { class: "pattern-more" },
        el("summary", { text: `${more} more row${more === 1 ? "" : "s"}` }),
        el("ul", { class: "pattern-rules" }, ...report.rows.slice(ROWS_SHOWN).map(item))));
    }
  }
  const bounded = found && report.gave_up ? `; the search was bounded: ${report.gave_up}` : "";
  results.append(el("p", { class: "muted note pattern-searched",
                           text: `Searched ${report.searched}${bounded}.` }));
}

/**
 * A rule by region: the table as a heat map with the borders between its regions, each
 * cell naming its region, and the regions listed with their rules.
 */
function drawRegions(results, report, pattern) {
  const outcomes = report.values.map((row) => row.map((v) => (String(v) === "0" ? "P" : "N")));
  const chart = svg("svg", { id: "pattern-heatmap", class: "pattern-heatmap", role: "group",
                             "data-testid": "pattern-heatmap" });
  const readout = el("p", { class: "muted heatmap-readout", "data-testid": "pattern-readout",
                            "aria-live": "polite",
                            text: "Point at a cell, or Tab to it, for its value and region." });
  const legend = el("ol", { class: "pattern-regions", "data-testid": "pattern-regions" },
    ...pattern.regions.labels.map(([where, rule]) =>
      el("li", {}, el("strong", { text: `${where}: ` }), el("code", { text: rule }))));
  results.append(el("h3", { class: "pattern-sub", text: "Its regions" }),
                 el("div", { class: "heatmap-wrap" }, chart), readout, legend);
  drawHeatmap(chart, { values: report.values, outcomes, start: report.start },
              (text) => { readout.textContent = text; }, pattern.regions);
  chart.setAttribute("aria-label", `${chart.getAttribute("aria-label")}, with the borders `
    + `of the ${pattern.regions.labels.length} regions of the rule`);
}

/** The indices typed ("10^18" as digits; "3, 5" in 2-D), or a reason they cannot be asked. */
function typedIndices(text, dims) {
  const words = text.trim().split(/\s*[,\s]\s*/).filter((w) => w !== "");
  const names = dims === 2 ? "a, b" : "n";
  if (words.length !== dims || !words.every((w) => /^\d+$/.test(w))) {
    return { problem: dims === 2 ? "type two whole numbers a, b (e.g. 1000000, 2000000)"
      : "type a whole number n (0, 1, 2… of any size)" };
  }
  const at = words.map((w) => w.replace(/^0+(?=\d)/, "")).join(",");
  if (at.length > MAX_AT) return { problem: `${names} may have at most ${MAX_AT} digits here` };
  return { at };
}

/** Why the answer holds: the theorem, or where the pattern was checked (a conjecture beyond). */
function answerWhy(best) {
  if (best.status === "proved") return ` (${best.theorem})`;
  if (best.status === "verified") return `, checked on ${best.checked} only`;
  return `, which only fits the table on ${best.region}`;
}

async function answerAt() {
  const output = $("pattern-answer");
  const { game, dims, upto } = asked;
  if (!asked.report) return;
  const typed = typedIndices($("pattern-at").value, dims);
  output.hidden = false;
  output.className = "pattern-answer";
  if (typed.problem) {
    output.className = "pattern-answer pattern-failure";
    output.textContent = typed.problem;
    return;
  }
  const mine = ++asked.atCount;
  const search = asked.count;
  output.textContent = "Computing…";
  try {
    const report = await api("pattern", { game, dims, upto, at: typed.at });
    if (mine !== asked.atCount || search !== asked.count) return;
    const answer = report.at;
    const best = report.patterns[0];
    const where = answer.indices.map((i) => String(i)).join(", ");
    const sure = answer.conjectural ? "conjectural" : "proved";
    clear(output).append(
      el("code", { class: "formula pattern-value", "data-testid": "pattern-value",
                   text: `G(${where}) = ${String(answer.value)}` }), " ",
      el("span", { class: `badge pattern-status ${answer.conjectural ? "pattern-fits"
                   : "pattern-proved"}`, "data-testid": "pattern-answer-status", text: sure }),
      el("span", { class: "muted", text: ` by ${equation(best)}${answerWhy(best)}` }));
  } catch (error) {
    if (mine !== asked.atCount || search !== asked.count) return;
    output.className = "pattern-answer pattern-failure";
    output.textContent = problem(error);
  }
}
