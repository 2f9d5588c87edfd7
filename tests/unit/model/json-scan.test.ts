import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { findJsonSyntaxError, lineAndColumn, locateJsonPaths, offsetAt } from "@/lib/model/json-scan";

describe("json-scan", () => {
  it("lineAndColumn() counts lines from the given first line", () => {
    expect(lineAndColumn("ab\ncd\nef", 7, 3)).toEqual({ line: 5, column: 2 });
  });

  it("offsetAt() is the inverse of lineAndColumn() on every offset of a text", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b", "\n", " ") }), (text) => {
        for (let offset = 0; offset <= text.length; offset++) {
          const { line, column } = lineAndColumn(text, offset);
          expect(offsetAt(text, line, column)).toBe(offset);
        }
      }),
    );
    expect(offsetAt("ab\ncd", 9, 1)).toBe(5);
    expect(offsetAt("ab\ncd", 1, 40)).toBe(2);
  });

  it("findJsonSyntaxError() finds nothing in valid JSON", () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => findJsonSyntaxError(JSON.stringify(value, null, 1)) === null));
  });

  it("findJsonSyntaxError() finds the offset and reason of common mistakes", () => {
    expect(findJsonSyntaxError('{"a":1 "b":2}')).toEqual({ offset: 7, message: "expected ',' or '}' after a value in an object" });
    expect(findJsonSyntaxError('{"a":1,}')).toEqual({ offset: 7, message: "expected a key in double quotes" });
    expect(findJsonSyntaxError('{"a":[1,2')?.message).toMatch(/ends too early/);
    expect(findJsonSyntaxError('{"a":"x')?.message).toMatch(/never closed/);
    expect(findJsonSyntaxError("{'a':1}")?.offset).toBe(1);
    expect(findJsonSyntaxError('{"a":1} x')).toEqual({ offset: 8, message: "unexpected text after the end of the JSON value" });
    expect(findJsonSyntaxError('{"a":tru}')?.offset).toBe(5);
    expect(findJsonSyntaxError('{"a":"\\x"}')?.message).toBe("invalid escape in a string");
  });

  it("findJsonSyntaxError() agrees with JSON.parse on whether random text is JSON", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii", maxLength: 40 }), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        return (findJsonSyntaxError(text) === null) === valid;
      }),
    );
  });

  it("findJsonSyntaxError() does not overflow the stack on deeply nested input", () => {
    expect(findJsonSyntaxError("[".repeat(200_000))?.message).toMatch(/ends too early/);
  });

  it("locateJsonPaths() finds where values start, and the deepest parent of a missing key", () => {
    const text = '{\n "a": [\n  {"b": 1},\n  {"b": "x"}\n ],\n "c": {}\n}';
    const [b1, c, missing] = locateJsonPaths(text, [["a", 1, "b"], ["c"], ["c", "d", "e"]]);
    expect(text.slice(b1, b1! + 3)).toBe('"x"');
    expect(lineAndColumn(text, b1!).line).toBe(4);
    expect(c).toBe(text.lastIndexOf("{}"));
    expect(missing).toBe(c);
  });
});
