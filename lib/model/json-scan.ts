/**
 * Positions inside JSON text, for error messages that name a line.
 *
 * `JSON.parse` does the real parsing (it is fast on 50 MB and never overflows the stack); these scanners
 * run only after something went wrong, to say where:
 * - `findJsonSyntaxError` finds the first offset where the text stops being JSON, with a reason;
 * - `locateJsonPaths` finds where the values at some paths start, in one pass over text that
 *   `JSON.parse` accepted.
 * Both are loops over the characters with an explicit stack, so deeply nested garbage cannot throw.
 */

export type JsonPath = ReadonlyArray<string | number>;

/** 1-based line and column of an offset, counting lines from `firstLine`. */
export function lineAndColumn(text: string, offset: number, firstLine = 1): { line: number; column: number } {
  let line = firstLine;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** The offset of a 1-based line and column (the inverse of lineAndColumn), clamped to the text. */
export function offsetAt(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  const lineEnd = text.indexOf("\n", offset);
  return Math.min(offset + Math.max(0, column - 1), lineEnd < 0 ? text.length : lineEnd);
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * The reasons JSON text stops being JSON, shared with the streaming reader of kafka-log-dirs output
 * (lib/import/log-dirs-json.ts), which must say the same thing at the same place.
 */
export const JSON_SYNTAX = {
  unclosedString: 'a string is never closed (missing ")',
  controlCharacter: "a string contains a raw control character (a line break or tab inside quotes?)",
  badUnicodeEscape: "\\u must be followed by four hex digits",
  badEscape: "invalid escape in a string",
  endsEarly: "the JSON ends too early (was the output cut off when pasting?)",
  expectedValue: (got: string) => `expected a value, got ${JSON.stringify(got)}`,
  trailingText: "unexpected text after the end of the JSON value",
  expectedColon: "expected ':' after a key",
  expectedKey: "expected a key in double quotes",
  expectedCommaInObject: "expected ',' or '}' after a value in an object",
  expectedCommaInArray: "expected ',' or ']' after a value in an array",
} as const;

class SyntaxProblem {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.has(text.charCodeAt(i))) i++;
  return i;
}

/** Returns the offset just after a string starting at `i` (which holds the opening quote). */
function scanString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    if (j >= text.length) throw new SyntaxProblem(i, JSON_SYNTAX.unclosedString);
    const c = text.charCodeAt(j);
    if (c === 0x22) return j + 1;
    if (c < 0x20) throw new SyntaxProblem(j, JSON_SYNTAX.controlCharacter);
    if (c === 0x5c) {
      const e = text[j + 1];
      if (e === "u") {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) throw new SyntaxProblem(j, JSON_SYNTAX.badUnicodeEscape);
        j += 6;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
        j += 2;
      } else {
        throw new SyntaxProblem(j, JSON_SYNTAX.badEscape);
      }
    } else {
      j++;
    }
  }
}

const NUMBER_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function scanPrimitive(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return scanString(text, i);
  for (const word of ["true", "false", "null"]) {
    if (text.startsWith(word, i)) return i + word.length;
  }
  NUMBER_RE.lastIndex = i;
  const m = NUMBER_RE.exec(text);
  if (m && m[0].length > 0 && m[0] !== "-") return i + m[0].length;
  if (c === undefined) throw new SyntaxProblem(i, JSON_SYNTAX.endsEarly);
  throw new SyntaxProblem(i, JSON_SYNTAX.expectedValue(text.slice(i, i + 12)));
}

type Expect = "value" | "valueOrClose" | "key" | "keyOrClose" | "after";

/** The first place where `text` is not a single JSON value, or null when it is valid JSON. */
export function findJsonSyntaxError(text: string): { offset: number; message: string } | null {
  const stack: number[] = []; // 0x7b '{' or 0x5b '['
  let expect: Expect = "value";
  let i = 0;
  try {
    for (;;) {
      i = skipWs(text, i);
      if (expect === "after" && stack.length === 0) {
        if (i < text.length) throw new SyntaxProblem(i, JSON_SYNTAX.trailingText);
        return null;
      }
      if (i >= text.length) throw new SyntaxProblem(i, JSON_SYNTAX.endsEarly);
      const c = text.charCodeAt(i);
      if (expect === "value" || expect === "valueOrClose") {
        if (expect === "valueOrClose" && c === 0x5d) {
          stack.pop();
          i++;
          expect = "after";
        } else if (c === 0x7b || c === 0x5b) {
          stack.push(c);
          i++;
          expect = c === 0x7b ? "keyOrClose" : "valueOrClose";
        } else {
          i = scanPrimitive(text, i);
          expect = "after";
        }
      } else if (expect === "key" || expect === "keyOrClose") {
        if (expect === "keyOrClose" && c === 0x7d) {
          stack.pop();
          i++;
          expect = "after";
        } else if (c === 0x22) {
          i = skipWs(text, scanString(text, i));
          if (text.charCodeAt(i) !== 0x3a) throw new SyntaxProblem(i, JSON_SYNTAX.expectedColon);
          i++;
          expect = "value";
        } else {
          throw new SyntaxProblem(i, JSON_SYNTAX.expectedKey);
        }
      } else {
        const top = stack[stack.length - 1];
        const close = top === 0x7b ? 0x7d : 0x5d;
        if (c === 0x2c) {
          i++;
          expect = top === 0x7b ? "key" : "value";
        } else if (c === close) {
          stack.pop();
          i++;
        } else {
          throw new SyntaxProblem(i, top === 0x7b ? JSON_SYNTAX.expectedCommaInObject : JSON_SYNTAX.expectedCommaInArray);
        }
      }
    }
  } catch (problem) {
    if (problem instanceof SyntaxProblem) return { offset: problem.offset, message: problem.message };
    throw problem;
  }
}

/** Offset just after the value starting at `i`, in text already known to be valid JSON. */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22) return scanString(text, i);
  if (c !== 0x7b && c !== 0x5b) return scanPrimitive(text, i);
  let depth = 0;
  let j = i;
  while (j < text.length) {
    const d = text.charCodeAt(j);
    if (d === 0x22) {
      j = scanString(text, j);
      continue;
    }
    if (d === 0x7b || d === 0x5b) depth++;
    else if (d === 0x7d || d === 0x5d) {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return j;
}

interface Trie {
  offset: number | null;
  children: Map<string | number, Trie>;
}

function walk(text: string, start: number, node: Trie): void {
  const i = skipWs(text, start);
  node.offset = i;
  if (node.children.size === 0) return;
  const c = text.charCodeAt(i);
  if (c === 0x7b) {
    let j = skipWs(text, i + 1);
    while (text.charCodeAt(j) === 0x22) {
      const keyEnd = scanString(text, j);
      const key = JSON.parse(text.slice(j, keyEnd)) as string;
      j = skipWs(text, keyEnd) + 1; // past ':'
      const child = node.children.get(key);
      j = skipWs(text, j);
      if (child) walk(text, j, child);
      j = skipWs(text, skipValue(text, j));
      if (text.charCodeAt(j) === 0x2c) j = skipWs(text, j + 1);
    }
  } else if (c === 0x5b) {
    let j = skipWs(text, i + 1);
    let index = 0;
    while (j < text.length && text.charCodeAt(j) !== 0x5d) {
      const child = node.children.get(index);
      if (child) walk(text, j, child);
      j = skipWs(text, skipValue(text, j));
      if (text.charCodeAt(j) === 0x2c) j = skipWs(text, j + 1);
      index++;
    }
  }
}

/**
 * For each path, the offset where its value starts in `text` (valid JSON). A path that does not exist
 * (a missing key) gets the offset of its deepest existing parent, which is where the fix goes.
 */
export function locateJsonPaths(text: string, paths: readonly JsonPath[]): number[] {
  const root: Trie = { offset: null, children: new Map() };
  for (const path of paths) {
    let node = root;
    for (const part of path) {
      let child = node.children.get(part);
      if (!child) {
        child = { offset: null, children: new Map() };
        node.children.set(part, child);
      }
      node = child;
    }
  }
  try {
    walk(text, 0, root);
  } catch {
    // The text was valid JSON, so this cannot happen; fall back to the start of the value.
  }
  return paths.map((path) => {
    let node = root;
    let offset = root.offset ?? 0;
    for (const part of path) {
      const child = node.children.get(part);
      if (!child || child.offset === null) break;
      offset = child.offset;
      node = child;
    }
    return offset;
  });
}
