import { describe, expect, it } from "vitest";
import { parseRacks, type RackMap } from "@/lib/import/racks";
import type { ImportIssue } from "@/lib/import/issues";

function racks(text: string): RackMap {
  const result = parseRacks(text);
  if (!result.ok) throw new Error(JSON.stringify(result.error.issues));
  return result.value;
}

function problems(text: string): ImportIssue[] {
  const result = parseRacks(text);
  if (result.ok) throw new Error("expected the text to be rejected");
  return result.error.issues as ImportIssue[];
}

describe("parseRacks", () => {
  it("parseRacks() reads a JSON object of broker id to rack", () => {
    expect([...racks('{"1": "eu-west-1a", "2": "eu-west-1b"}')]).toEqual([
      [1, "eu-west-1a"],
      [2, "eu-west-1b"],
    ]);
  });

  it("parseRacks() reads one broker per line in the common spellings", () => {
    const text = "# from server.properties\nbroker 1 rack eu-west-1a\n2 eu-west-1b\n3=eu-west-1c\n4: eu-west-1a\n\n5,eu-west-1b\nBroker 6 rack=r6\n";
    expect(Object.fromEntries(racks(text))).toEqual({ 1: "eu-west-1a", 2: "eu-west-1b", 3: "eu-west-1c", 4: "eu-west-1a", 5: "eu-west-1b", 6: "r6" });
  });

  it("parseRacks() accepts the same broker and rack given twice", () => {
    expect(racks("1 a\n1 a").get(1)).toBe("a");
  });

  it("parseRacks() rejects a broker given two racks, naming both lines", () => {
    expect(problems("1 a\n2 b\n1 c")).toEqual([{ source: "racks", line: 3, path: "", message: 'broker 1 is given rack "c" here and "a" on line 1; keep one' }]);
  });

  it("parseRacks() names a line it cannot read", () => {
    expect(problems("1 a\nrack b for broker 2")[0]).toMatchObject({ line: 2 });
  });

  it("parseRacks() names the line of a bad JSON entry", () => {
    expect(problems('\n{\n  "1": "a",\n  "x": "b",\n  "3": 4\n}')).toEqual([
      { source: "racks", line: 4, path: "x", message: 'expected a broker id as the key, got "x"' },
      { source: "racks", line: 5, path: "3", message: "expected the rack name (a non-empty string), got 4" },
    ]);
  });

  it("parseRacks() reports invalid JSON with its line", () => {
    expect(problems('{"1": "a",\n"2" "b"}')[0]).toMatchObject({ line: 2 });
    expect(problems('["a"]')[0]?.message).toMatch(/^expected a JSON object of broker id to rack/);
  });
});
