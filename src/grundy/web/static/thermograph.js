// A partizan position's thermograph drawn as SVG from its exact walls (the server's
// `thermograph` JSON: each wall as CGSuite writes it, mast, critical temperatures and
// slopes, every number a string such as "-5/4"). As in the literature the temperature t
// goes up and the values decrease to the right, so Left's wall (blue) is on the left and
// Right's (red) on the right; above the temperature both are the mast, at the mean.
// The points are computed exactly (BigInt fractions); only the drawing rounds them.

import { clear, el, svg } from "./dom.js";

// ------------------------------------------------------------------ exact fractions
/** A fraction {n, d} (BigInt, d > 0, in lowest terms) from "3", "-5/4". */
export function fraction(text) {
  const found = /^\s*(-?\d+)(?:\/(\d+))?\s*$/.exec(String(text));
  if (!found) throw new Error(`not an exact number: ${text}`);
  return reduce(BigInt(found[1]), BigInt(found[2] ?? "1"));
}

function gcd(a, b) {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x || 1n;
}

function reduce(n, d) {
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d);
  return { n: (sign * n) / g, d: (sign * d) / g };
}

const add = (a, b) => reduce(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a, b) => reduce(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a, b) => reduce(a.n * b.n, a.d * b.d);
const div = (a, b) => reduce(a.n * b.d, a.d * b.n);
const less = (a, b) => a.n * b.d < b.n * a.d;
const same = (a, b) => a.n === b.n && a.d === b.d;
const toNumber = (a) => Number(a.n) / Number(a.d);
/** The text of a fraction, as the server writes numbers: "3", "-5/4". */
export const fractionText = (a) => (a.d === 1n ? `${a.n}` : `${a.n}/${a.d}`);

const MINUS_ONE = fraction("-1");
const ZERO = fraction("0");

/**
 * The corners of a wall from t = -1 up to `top`: [{t, v}], lowest t first. Between two
 * critical temperatures the wall is straight; `slopes[0]` holds above the highest one.
 */
export function wallPoints(wall, top) {
  const mast = fraction(wall.mast);
  const critical = wall.critical_temperatures.map(fraction);
  const slopes = wall.slopes.map(fraction);
  if (!critical.length) {  // straight: mast + slope * t
    return [MINUS_ONE, top].map((t) => ({ t, v: add(mast, mul(slopes[0], t)) }));
  }
  const points = [{ t: top, v: add(mast, mul(slopes[0], sub(top, critical[0]))) }];
  let v = mast;
  critical.forEach((t, i) => {
    if (i) v = add(v, mul(slopes[i], sub(t, critical[i - 1])));
    points.push({ t, v });
  });
  const last = critical[critical.length - 1];
  points.push({ t: MINUS_ONE, v: add(v, mul(slopes[critical.length], sub(MINUS_ONE, last))) });
  return points.reverse();
}

/** The value of a wall at temperature t, from its corners (lowest t first). */
function valueAt(points, t) {
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    if (!less(b.t, t)) {  // t <= b.t: on the segment a-b
      if (same(a.t, b.t)) return b.v;
      return add(a.v, mul(div(sub(b.v, a.v), sub(b.t, a.t)), sub(t, a.t)));
    }
  }
  return points[points.length - 1].v;
}

// ------------------------------------------------------------------ words
function pointsWords(points) {
  return points.filter((p, i) => !i || !same(p.t, points[i - 1].t))
    .map((p) => `(t = ${fractionText(p.t)}, ${fractionText(p.v)})`).join(", ");
}

/** The thermograph in words: each wall's corners, and the mast. */
export function thermographWords(data) {
  const temperature = fraction(data.temperature);
  const top = less(temperature, ZERO) ? ZERO : temperature;
  const left = wallPoints(data.left_wall, top);
  const right = wallPoints(data.right_wall, top);
  return `Left wall through ${pointsWords(left)}; right wall through ${pointsWords(right)}; `
    + `the mast stands at the mean ${data.mast} from the temperature ${data.temperature} up.`;
}

// ------------------------------------------------------------------ drawing
const PLOT_WIDTH = 420;  // px the widest thermograph takes (the SVG shrinks on a phone)
const PLOT_HEIGHT = 240;
const MOST_PER_UNIT = 110;  // px for one unit of value or temperature, at most
const MARGIN = { left: 64, right: 30, top: 30, bottom: 30 };

let drawings = 0;  // ids for each drawing's title and description

/**
 * Draw the thermograph `data` (the report's `thermograph`) into `box`: the SVG, then its
 * text alternative (CGSuite's Thermograph(...) and the walls in words).
 */
export function drawThermograph(box, data, value) {
  clear(box);
  const temperature = fraction(data.temperature);
  const mean = fraction(data.mast);
  const hot = less(ZERO, temperature) ? temperature : ZERO;
  // Above the temperature only the mast: one unit of it is drawn.
  const top = add(hot, fraction("1"));
  const left = wallPoints(data.left_wall, top);
  const right = wallPoints(data.right_wall, top);
  const values = [...left, ...right].map((p) => p.v);
  let high = values.reduce((a, b) => (less(a, b) ? b : a));
  let low = values.reduce((a, b) => (less(a, b) ? a : b));
  if (same(high, low)) {  // a bare mast: one unit either side
    high = add(high, fraction("1"));
    low = sub(low, fraction("1"));
  }
  const spread = toNumber(sub(high, low));
  const height = toNumber(sub(top, MINUS_ONE));
  const unit = Math.min(PLOT_WIDTH / spread, PLOT_HEIGHT / height, MOST_PER_UNIT);
  const x = (v) => MARGIN.left + (toNumber(sub(high, v))) * unit;  // values fall to the right
  const y = (t) => MARGIN.top + toNumber(sub(top, t)) * unit;
  const width = MARGIN.left + spread * unit + MARGIN.right;
  const tall = MARGIN.top + height * unit + MARGIN.bottom;
  const id = `thermograph-${++drawings}`;
  const chart = svg("svg", {
    class: "thermograph-chart", "data-testid": "thermograph-svg", role: "img",
    viewBox: `0 0 ${width.toFixed(1)} ${tall.toFixed(1)}`, width: width.toFixed(1),
    height: tall.toFixed(1), "aria-labelledby": `${id}-title`, "aria-describedby": `${id}-desc`,
    xmlns: "http://www.w3.org/2000/svg",
  });
  chart.append(svg("title", { id: `${id}-title` }, `Thermograph of ${value}`));
  chart.append(svg("desc", { id: `${id}-desc` }, `${data.text}. ${thermographWords(data)}`));
  const layer = (cls) => chart.appendChild(svg("g", { class: cls }));

  // The temperature axis on the left, t = 0 across, and the temperature marked.
  const axes = layer("th-axes");
  const x0 = MARGIN.left - 16;
  axes.append(svg("line", { x1: x0, x2: x0, y1: y(MINUS_ONE), y2: y(top) - 12,
                            class: "th-axis", "marker-end": `url(#${id}-up)` }));
  const defs = svg("defs");
  const marker = svg("marker", { id: `${id}-up`, viewBox: "0 0 10 10", refX: 5, refY: 5,
                                 markerWidth: 11, markerHeight: 11, orient: "auto",
                                 markerUnits: "userSpaceOnUse" });
  marker.append(svg("path", { d: "M0 0L10 5L0 10z", class: "th-arrow" }));
  defs.append(marker);
  chart.prepend(defs);
  axes.append(svg("text", { x: x0, y: y(top) - 16, class: "th-axis-label" }, "t"));
  const ticks = [MINUS_ONE, ZERO];
  if (less(ZERO, temperature)) ticks.push(temperature);
  else if (less(MINUS_ONE, temperature) && less(temperature, ZERO)) ticks.push(temperature);
  const labelled = [];
  for (const t of ticks) {
    axes.append(svg("line", { x1: x0 - 4, x2: x0 + 4, y1: y(t), y2: y(t), class: "th-axis" }));
    if (labelled.some((at) => Math.abs(at - y(t)) < 12)) continue;  // too close to read
    labelled.push(y(t));
    axes.append(svg("text", { x: x0 - 7, y: y(t) + 4, class: "th-tick" }, fractionText(t)));
  }
  axes.append(svg("line", { x1: x0, x2: width - MARGIN.right / 2, y1: y(ZERO), y2: y(ZERO),
                            class: "th-zero" }));
  if (!same(temperature, ZERO) && less(MINUS_ONE, temperature)) {
    axes.append(svg("line", { x1: x0, x2: width - MARGIN.right / 2, y1: y(temperature),
                              y2: y(temperature), class: "th-temperature" }));
  }

  // The walls, then the mast above the temperature.
  const line = (points, cls) => svg("polyline", {
    points: points.map((p) => `${x(p.v).toFixed(2)},${y(p.t).toFixed(2)}`).join(" "), class: cls,
  });
  const below = (points) => points.filter((p) => !less(temperature, p.t));
  const leftBelow = below(left);
  const rightBelow = below(right);
  if (!same(leftBelow[leftBelow.length - 1].t, temperature)) {
    leftBelow.push({ t: temperature, v: valueAt(left, temperature) });
  }
  if (!same(rightBelow[rightBelow.length - 1].t, temperature)) {
    rightBelow.push({ t: temperature, v: valueAt(right, temperature) });
  }
  chart.append(line(leftBelow, "th-wall th-left"));
  chart.append(line(rightBelow, "th-wall th-right"));
  chart.append(svg("line", { x1: x(mean), x2: x(mean), y1: y(temperature), y2: y(top),
                             class: "th-mast", "marker-end": `url(#${id}-up)` }));

  // The values: both stops on t = 0 (once if equal), the mean at the top of the mast.
  const labels = layer("th-labels");
  const leftStop = valueAt(left, ZERO);
  const rightStop = valueAt(right, ZERO);
  const bottom = y(MINUS_ONE) + 18;
  const stops = same(leftStop, rightStop) ? [[leftStop, "th-value"]]
    : [[leftStop, "th-value th-left-words"], [rightStop, "th-value th-right-words"]];
  const close = stops.length === 2 && x(rightStop) - x(leftStop) < 48;
  stops.forEach(([stop, cls], i) => {
    const shift = close ? (i ? 4 : -4) : 0;  // close stops: each label to its own side
    const anchor = close ? (i ? "start" : "end") : "middle";
    labels.append(svg("text", { x: x(stop) + shift, y: bottom, class: cls,
                                "text-anchor": anchor }, fractionText(stop)));
    labels.append(svg("line", { x1: x(stop), x2: x(stop), y1: y(ZERO), y2: bottom - 12,
                                class: "th-drop" }));
    labels.append(svg("circle", { cx: x(stop), cy: y(ZERO), r: 3.5, class: "th-stop" }));
  });
  labels.append(svg("text", { x: x(mean), y: y(top) - 16, class: "th-value th-mean" },
                    `mean ${data.mast}`));

  box.append(
    el("div", { class: "thermograph-wrap" }, chart),
    el("p", { class: "legend thermograph-legend" },
       el("span", { class: "legend-item" }, el("span", { class: "swatch swatch-left-wall" }),
          " Left wall"),
       el("span", { class: "legend-item" }, el("span", { class: "swatch swatch-right-wall" }),
          " Right wall"),
       el("span", { class: "legend-item" }, el("span", { class: "swatch swatch-mast" }),
          " mast (the mean)"),
       el("span", { class: "legend-item muted" }, "dots: the stops at t = 0; values fall to "
          + "the right")),
    el("p", { class: "thermograph-text" },
       el("code", { "data-testid": "thermograph-text", text: data.text })),
    el("p", { class: "muted thermograph-words", "data-testid": "thermograph-words",
              text: thermographWords(data) }),
  );
}
