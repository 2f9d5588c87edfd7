import { describe, expect, it } from "vitest";
import { parseSnapshot } from "@/lib/model/parse";
import { describeIssues } from "@/lib/model/result";
import { demoSnapshot } from "@/lib/simulate/presets";

const valid = { schema: 1, capturedAt: "2026-01-01T00:00:00Z", source: { kind: "demo", label: "x" }, brokers: [{ id: 1 }], topics: [] };

describe("parseSnapshot()", () => {
  it("parseSnapshot() fills defaults for optional fields", () => {
    const r = parseSnapshot(valid);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.brokers[0]).toMatchObject({ rack: null, state: "online", logDirs: [] });
  });

  it("parseSnapshot() names the path of a bad field", () => {
    const r = parseSnapshot({ ...valid, brokers: [{ id: -1 }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(describeIssues(r.error.issues)).toBe("brokers.0.id: broker ids are non-negative integers");
  });

  it("parseSnapshot() refuses a newer schema version with a message that says to upgrade", () => {
    const r = parseSnapshot({ ...valid, schema: 99 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.issues[0]!.message).toMatch(/newer.*upgrade/);
  });

  it("parseSnapshot() refuses a broker holding two replicas of one partition", () => {
    const r = parseSnapshot({ ...valid, topics: [{ name: "t", partitions: [{ id: 0, replicas: [{ broker: 1 }, { broker: 1 }] }] }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.issues[0]).toEqual({ path: "topics.0.partitions.0.replicas.1.broker", message: "broker 1 holds two replicas of t-0" });
  });

  it("parseSnapshot() refuses what is not an object", () => {
    expect(parseSnapshot("nope")).toMatchObject({ ok: false, error: { issues: [{ path: "", message: "a snapshot is a JSON object" }] } });
  });
});

describe("parseStored()", () => {
  it("parseStored() drops keys an earlier release stored and this one no longer knows, and still refuses real errors", () => {
    const raw = structuredClone(demoSnapshot()) as unknown as Record<string, unknown>;
    (raw.brokers as Record<string, unknown>[])[0]!.retiredField = 1;
    raw.alsoRetired = { x: 1 };
    expect(parseSnapshot(raw).ok).toBe(false);
    const stored = parseSnapshot(raw, { stored: true });
    expect(stored.ok).toBe(true);
    const clean = parseSnapshot(demoSnapshot());
    expect(clean.ok && stored.ok && JSON.stringify(stored.value) === JSON.stringify(clean.value)).toBe(true);
    (raw.brokers as Record<string, unknown>[])[1]!.id = -1;
    expect(parseSnapshot(raw, { stored: true })).toMatchObject({ ok: false, error: { issues: [{ path: "brokers.1.id" }] } });
  });

  it("zodIssues() names each unknown key in its path", () => {
    const r = parseSnapshot({ ...(demoSnapshot() as object), extra: 1, more: 2 });
    expect(r).toMatchObject({ ok: false, error: { issues: [{ path: "extra" }, { path: "more" }] } });
  });
});
