import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { compareLogDirPolicies } from "@/lib/simulate/compare";
import { compareVerdict, verdictMetric } from "@/lib/simulate/compare-verdict";
import { getPreset } from "@/lib/simulate/presets";
import { storyBase } from "@/lib/simulate/presets/story";
import { ScenarioSchema, type ScenarioInput } from "@/lib/simulate/schema";
import { slimReport } from "@/lib/simulate/slim-report";
import { cluster, GiB } from "@/tests/support/snapshots";

const KiB = 1024;
const story = getPreset("consumer-offsets-skew")!.scenario;

function scenario(input: Partial<ScenarioInput>) {
  return ScenarioSchema.parse({ base: storyBase("test"), ...input });
}

/** Two brokers with /d1, /d2, /d3; each size listed under a dir is one partition with a replica there on both brokers. */
function outcome(sizes: Record<string, number[]>, totalBytes: number | null = 100 * GiB) {
  const partitions = Object.entries(sizes).flatMap(([path, list]) => list.map((s) => ({ path, s })));
  const snap = cluster({
    brokers: [1, 2].map((id) => ({ id, dirs: ["/d1", "/d2", "/d3"].map((path) => ({ path, totalBytes })) })),
    partitions: partitions.map(({ path, s }, i) => ({
      topic: "t",
      partition: i,
      replicas: [
        [1, path, s],
        [2, path, s],
      ],
    })),
  });
  return slimReport(balanceReport(snap));
}

const skewed = () => outcome({ "/d1": [KiB, KiB, KiB, KiB, KiB], "/d2": [40 * GiB], "/d3": [40 * GiB] });
const even = () => outcome({ "/d1": [KiB, KiB, KiB, KiB, KiB, 26 * GiB], "/d2": [27 * GiB], "/d3": [27 * GiB] });

describe("compareVerdict()", () => {
  it("compareVerdict() needs Kafka's rule among the outcomes", () => {
    const report = compareLogDirPolicies(story).outcomes[1]!.report;
    expect(() => compareVerdict([{ policy: "least-bytes", report, failedSteps: [] }])).toThrow(/kafka-count/);
  });

  it("compareVerdict() tells the story: Kafka's rule leaves a dir almost empty while the alternatives keep every dir even", () => {
    const v = compareVerdict([
      { policy: "kafka-count", report: skewed(), failedSteps: [] },
      { policy: "least-bytes", report: even(), failedSteps: [] },
      { policy: "least-utilization", report: even(), failedSteps: [] },
    ]);
    expect(v).toBe(
      "Kafka's rule gives every broker 7 partitions but leaves /d1 almost empty (under 1%) while /d2 and /d3 reach 40%; least-bytes and least-utilization keep every dir between 26% and 27%.",
    );
  });

  it("compareVerdict() says when Kafka's rule already keeps the dirs even", () => {
    const v = compareVerdict([
      { policy: "kafka-count", report: even(), failedSteps: [] },
      { policy: "least-bytes", report: skewed(), failedSteps: [] },
    ]);
    expect(v).toBe("Kafka's rule already keeps every dir between 26% and 27%; least-bytes leaves dirs between under 1% and 40%.");
  });

  it("compareVerdict() speaks bytes when a capacity is unknown", () => {
    const noCapacity = (sizes: Record<string, number[]>) => outcome(sizes, null);
    expect(verdictMetric([noCapacity({ "/d1": [1] }), even()])).toBe("bytes");
    expect(verdictMetric([skewed(), even()])).toBe("utilization");
    const v = compareVerdict([
      { policy: "kafka-count", report: noCapacity({ "/d1": [KiB], "/d2": [40 * GiB], "/d3": [40 * GiB] }), failedSteps: [] },
      { policy: "least-bytes", report: noCapacity({ "/d1": [26 * GiB], "/d2": [27 * GiB], "/d3": [27 * GiB] }), failedSteps: [] },
    ]);
    expect(v).toBe(
      "Kafka's rule gives every broker 3 partitions but leaves /d1 with 1.0 KiB while /d2 and /d3 hold 40.0 GiB; least-bytes keeps every dir between 26.0 GiB and 27.0 GiB.",
    );
  });

  it("compareVerdict() says so when every rule ends with the same disks", () => {
    const v = compareVerdict([
      { policy: "kafka-count", report: skewed(), failedSteps: [] },
      { policy: "least-bytes", report: skewed(), failedSteps: [] },
    ]);
    expect(v).toMatch(
      /^Every rule ends with the same disks \(the rules only choose where new partitions go, and here none lands differently\): Kafka's rule gives every broker 7 partitions but leaves \/d1 almost empty/,
    );
  });

  it("compareVerdict() names nothing placed, or nothing but empty partitions, and the steps that failed", () => {
    expect(
      compareVerdict([
        { policy: "kafka-count", report: outcome({}), failedSteps: [] },
        { policy: "least-bytes", report: outcome({}), failedSteps: [{ index: 1, message: "boom" }] },
      ]),
    ).toBe(
      "No partition is placed anywhere, so every rule leaves the same cluster. Not like for like: under least-bytes, step 2 failed: boom (no step failed under Kafka's rule).",
    );
    expect(
      compareVerdict([
        {
          policy: "kafka-count",
          report: outcome({ "/d1": [0] }),
          failedSteps: [
            { index: 0, message: "a" },
            { index: 2, message: "b" },
          ],
        },
        { policy: "least-bytes", report: outcome({ "/d2": [0] }), failedSteps: [{ index: 1, message: "c" }] },
      ]),
    ).toBe(
      "Every dir stays empty under every rule: the partitions placed hold no bytes yet. Not like for like: under Kafka's rule, step 1 failed: a (and 1 more); under least-bytes, step 2 failed: c.",
    );
    // The same failure under every rule is the scenario's own: the page shows it once, the verdict not per rule.
    const same = [{ index: 0, message: "a" }];
    expect(
      compareVerdict([
        { policy: "kafka-count", report: outcome({}), failedSteps: same },
        { policy: "least-bytes", report: outcome({}), failedSteps: same },
        { policy: "least-utilization", report: outcome({}), failedSteps: same },
      ]),
    ).toBe("No partition is placed anywhere, so every rule leaves the same cluster.");
  });

  it("compareVerdict() calls a bytes gap under the size floor even, with capacity unknown", () => {
    const noCapacity = (sizes: Record<string, number[]>) => outcome(sizes, null);
    // 16 KiB against nothing: a quarter of the largest mean, but far under the 1 GiB floor.
    const tiny = noCapacity({ "/d1": [16 * KiB], "/d2": [], "/d3": [] });
    const v = compareVerdict([
      { policy: "kafka-count", report: tiny, failedSteps: [] },
      { policy: "least-bytes", report: tiny, failedSteps: [] },
    ]);
    expect(v).not.toMatch(/leaves/);
    expect(v).toMatch(/Kafka's rule keeps every dir between 0 B and 16\.0 KiB\.$/);
  });

  it("compareVerdict() lets the worst broker speak when brokers do not share their paths", () => {
    const base: ClusterSnapshot = {
      ...storyBase("own paths"),
      brokers: storyBase("x").brokers.map((b) => ({ ...b, logDirs: [{ ...b.logDirs[0]!, path: `/kafka-${b.id}/a` }] })),
    };
    const steps: ScenarioInput["steps"] = [
      { kind: "firstConsumerGroup" },
      ...[1, 2, 3].map((id) => ({ kind: "addLogDir" as const, broker: id, path: `/kafka-${id}/b`, totalBytes: 512 * GiB })),
      { kind: "createTopic", name: "orders", partitions: 30, replicationFactor: 2, size: { kind: "fixed", bytes: 40 * GiB } },
    ];
    const c = compareLogDirPolicies(scenario({ base, steps }));
    expect(c.verdict).toMatch(/^On broker \d, Kafka's rule gives every broker 70 partitions but leaves \/kafka-\d\/a at under 1% while \/kafka-\d\/b reaches \d+%/i);
  });
});
