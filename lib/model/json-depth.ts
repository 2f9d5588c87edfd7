/**
 * How deeply JSON text nests, found before anything recursive sees the value.
 *
 * `JSON.parse` itself copes with any depth, but much of what follows it does not: the structured clone
 * that hands a body to the worker pool, zod's walk of a value, a redaction or upgrade pass. A 300 KB
 * body of `[[[[…` overflows their stacks (a RangeError, so a 500). The routes therefore measure the
 * nesting of the text first, in one linear loop with no recursion that skips over strings (escapes
 * included, so `"[\"["` counts nothing), and refuse a body deeper than MAX_JSON_DEPTH.
 *
 * Pure: no I/O, usable in the browser, on the request thread and in the worker threads.
 */

/**
 * The deepest nesting a request body or stored record may have. The deepest legal body (a plan with a
 * snapshot whose replicas have a future, or a scenario whose steps carry a snapshot) nests about 8
 * levels; 64 leaves ample room and stays far below any stack's reach.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Where the string opened at `open` (the offset of its quote) ends: the offset after its closing quote, or the text's length. */
function stringEnd(text: string, open: number): number {
  let at = open + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    // A quote preceded by an odd number of backslashes is escaped.
    let slashes = 0;
    for (let i = quote - 1; i > open && text.charCodeAt(i) === BACKSLASH; i--) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/**
 * The deepest nesting of objects and arrays in `text` (0 for a scalar, 1 for `{}` or `[1]`). Text that
 * is not JSON gets a number too (brackets outside strings are counted as they come); JSON.parse
 * refuses it afterwards. Linear in the text's length, constant memory.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i) - 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth > 0) depth--;
    }
  }
  return deepest;
}

/** The message for text nested deeper than the limit: what was found, what is allowed, what to send. */
export function tooDeepMessage(what: string, depth: number, limit: number = MAX_JSON_DEPTH): string {
  return `${what} nests ${depth} levels deep; the limit is ${limit}. No valid request nests that deep: send the JSON the API describes (objects and arrays a few levels deep).`;
}

/** Null when `text` nests at most `limit` levels, else the message that refuses it. */
export function jsonDepthProblem(text: string, what = "The body", limit: number = MAX_JSON_DEPTH): { depth: number; limit: number; message: string } | null {
  const depth = jsonDepth(text);
  return depth > limit ? { depth, limit, message: tooDeepMessage(what, depth, limit) } : null;
}
