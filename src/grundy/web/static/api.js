// The JSON API: one fetch helper, the errors it raises (their text is the server's), and
// a JSON reader that keeps every digit: integers past 2^53 become BigInt, not rounded
// numbers (a Nim heap of 10^50 stays 100000000000000000000000000000000000000000000000000).

export class ApiError extends Error {}

/** Does JSON.parse hand a reviver the source text of each value (Chromium 114+)? */
const HAS_SOURCE = (() => {
  try {
    let seen = false;
    JSON.parse("12", (key, value, context) => {
      seen = Boolean(context && context.source === "12");
      return value;
    });
    return seen;
  } catch {
    return false;
  }
})();

const INTEGER = /^-?\d+$/;
const MARK = "\u0000bigint:";  // fallback: a long integer literal, quoted with this mark

function exactValue(key, value, context) {
  if (typeof value === "number" && !Number.isSafeInteger(value) && context
      && INTEGER.test(context.source)) {
    return BigInt(context.source);
  }
  return value;
}

function markedValue(key, value) {
  if (typeof value === "string" && value.startsWith(MARK)) {
    const digits = value.slice(MARK.length);
    return Number.isSafeInteger(Number(digits)) ? Number(digits) : BigInt(digits);
  }
  return value;
}

/**
 * JSON.parse without losing digits: an integer beyond Number.MAX_SAFE_INTEGER is a BigInt
 * (String() of it gives its exact digits); every other value is as JSON.parse gives it.
 */
export function parseExact(text) {
  if (HAS_SOURCE) return JSON.parse(text, exactValue);
  // Without the source text: mark integer literals of 16 digits or more (outside strings)
  // as strings, and turn them back into numbers or BigInts.
  const marked = text.replace(/"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d{16,}(?![\d.eE])/g,
    (found) => (found.startsWith('"') ? found : `"\\u0000bigint:${found}"`));
  return JSON.parse(marked, markedValue);
}

function problemText(status, body) {
  const detail = body && body.detail;
  if (Array.isArray(detail) && detail.length) {
    // FastAPI's own validation (422): a list of problems; the first one names the field.
    const first = detail[0] || {};
    const where = Array.isArray(first.loc) ? first.loc[first.loc.length - 1] : "";
    const message = first.msg ? String(first.msg) : "invalid request";
    return where ? `${where}: ${message}` : message;
  }
  if (typeof detail === "string" && detail) return detail;
  return `the server answered with status ${status}`;
}

export async function api(path, params = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === false) continue;
    query.set(key, value === true ? "true" : String(value));
  }
  let response;
  try {
    response = await fetch(`/api/${path}?${query}`, { headers: { Accept: "application/json" } });
  } catch {
    throw new ApiError("cannot reach the grundy server: is it still running?");
  }
  let body = null;
  try {
    body = parseExact(await response.text());
  } catch {
    body = null;
  }
  if (!response.ok) throw new ApiError(problemText(response.status, body));
  if (body === null || typeof body !== "object") {
    throw new ApiError("the server's answer was not JSON");
  }
  return body;
}
