import { describe, expect, it } from "vitest";
import { FACTS, howToLearn, knownFacts, unknownFactsOf } from "@/lib/model/facts";
import { ClusterSnapshotSchema } from "@/lib/model/snapshot";

const snap = (source: Record<string, unknown>) =>
  ClusterSnapshotSchema.parse({ schema: 1, capturedAt: "2026-01-01T00:00:00Z", source: { label: "t", ...source }, brokers: [{ id: 0, logDirs: [{ path: "/d1" }] }], topics: [] });

describe("facts", () => {
  it("a live read knows every fact; a listed unknown fact is unknown", () => {
    expect(unknownFactsOf(snap({ kind: "kafka" }))).toEqual([]);
    expect(knownFacts(snap({ kind: "kafka", unknownFacts: ["throttles"] })).throttles).toBe(false);
  });
  it("an old import without the field carries no configs, reassignments or cordons", () => {
    expect(unknownFactsOf(snap({ kind: "import" }))).toEqual(expect.arrayContaining(["throttles", "reassignments", "cordons", "capacity", "kafkaVersion"]));
  });
  it("every fact names how to learn it", () => {
    for (const f of FACTS) expect(howToLearn(f).length).toBeGreaterThan(20);
    expect(howToLearn("capacity")).toContain("kafka-log-dirs prints no disk sizes");
  });
});
