// The fuzzer's hostile classes (#26) are generated as meant: nesting deep enough to overflow a
// recursive walker at any field of a valid body, Object.prototype names as topic, dir, rack and host
// names and as own keys of bodies, JSON bodies under non-JSON content types, and stalled bodies.
import { describe, expect, it } from "vitest";
import { parseSnapshot } from "@/lib/model/parse";
import { demoSnapshot } from "@/lib/simulate/presets";
import { deepText, jsonPaths, PROTOTYPE_NAMES, prototypeNamed, replaceAt, requestsFor } from "@/scripts/fuzz/fuzz";

/** The deepest nesting of a JSON text, counted without parsing it. */
function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") max = Math.max(max, ++depth);
    else if (c === "}" || c === "]") depth--;
  }
  return max;
}

describe("fuzz generators", () => {
  it("deepText() nests exactly the depth asked, as objects or arrays", () => {
    expect(deepText(3, "object")).toBe('{"a":{"a":{"a":1}}}');
    expect(deepText(3, "array")).toBe("[[[1]]]");
    expect(depthOf(deepText(200_000, "object"))).toBe(200_000);
  });

  it("replaceAt() puts raw JSON text at any path of a body, keeping the rest", () => {
    const body = { a: [1, { b: 2 }], c: "x" };
    expect(jsonPaths(body)).toEqual([["a"], ["a", 0], ["a", 1], ["a", 1, "b"], ["c"]]);
    expect(JSON.parse(replaceAt(body, ["a", 1, "b"], "[[[]]]"))).toEqual({ a: [1, { b: [[[]]] }], c: "x" });
    expect(replaceAt(body, [], "[1]")).toBe("[1]");
    expect(Object.keys(JSON.parse(replaceAt({ x: 1 }, ["__proto__"], "2")) as object)).toEqual(["x", "__proto__"]);
  });

  it("prototypeNamed() names a topic, a dir (everywhere it is named), the racks and the hosts after prototype members, and stays a valid snapshot", () => {
    const named = prototypeNamed(demoSnapshot(), "__proto__", (xs) => xs[0]!);
    const parsed = parseSnapshot(named.snapshot);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.topics.map((t) => t.name)).toContain("__proto__");
    expect(PROTOTYPE_NAMES).toContain(named.dir);
    const broker = parsed.value.brokers.find((b) => b.id === named.broker)!;
    expect(broker.logDirs.map((d) => d.path)).toContain(named.dir);
    expect(parsed.value.topics.some((t) => t.partitions.some((p) => p.replicas.some((r) => r.logDir === named.dir)))).toBe(true);
    expect(parsed.value.brokers.every((b) => PROTOTYPE_NAMES.includes(b.rack!) && PROTOTYPE_NAMES.includes(b.host!))).toBe(true);
  });

  it("a run's inputs hold every hostile class", () => {
    const inputs = requestsFor(1, 2000);
    const deep = inputs.filter((r) => r.body !== undefined && r.body.length > 20_000 && depthOf(r.body) >= 10_000);
    expect(deep.length).toBeGreaterThan(20);
    expect(new Set(deep.map((r) => r.path))).toEqual(new Set(["/api/simulate", "/api/plan", "/api/import", "/api/snapshots", "/api/plan/apply/control"]));
    expect(Math.max(...deep.map((r) => depthOf(r.body!)))).toBeGreaterThan(100_000);
    // Prototype names as topic names (in snapshots) and as own keys of bodies.
    expect(inputs.some((r) => r.body?.includes('"name":"__proto__"'))).toBe(true);
    expect(inputs.some((r) => r.body?.includes('"path":"constructor"') || r.body?.includes('"logDir":"constructor"'))).toBe(true);
    expect(inputs.some((r) => r.body?.includes('"rack":"__proto__"'))).toBe(true);
    expect(inputs.some((r) => r.body !== undefined && /"__proto__":[{[\d"n]/.test(r.body))).toBe(true);
    // JSON bodies under other content types, and none at all.
    const types = new Set(
      inputs
        .filter((r) => r.body?.startsWith("{") || r.body?.startsWith("--") || r.body?.startsWith("body="))
        .map((r) => (r.contentType === undefined ? "application/json" : r.contentType === null ? "none" : r.contentType.split(";")[0])),
    );
    for (const t of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "none"]) expect(types).toContain(t);
    // Stalled bodies: part of a valid body, then nothing.
    const stalled = inputs.filter((r) => r.stallAfter !== undefined);
    expect(stalled.length).toBeGreaterThan(10);
    expect(stalled.every((r) => r.stallAfter! >= 1 && r.stallAfter! < r.body!.length + 1)).toBe(true);
    // 2000 requests generated: about 1.5 s alone, several times that beside the integration files.
  }, 30_000);

  it("the same seed gives the same inputs (the history queries' `to=now` aside)", () => {
    const run = () => requestsFor(7, 300).map((r) => ({ ...r, path: r.path.replace(/to=\d{13}/, "to=<now>") }));
    expect(run()).toEqual(run());
  });
});
