import { describe, expect, it } from "vitest";
import { compareLogDirPolicies, POLICY_ORDER } from "@/lib/simulate/compare";
import { runScenario } from "@/lib/simulate/engine";
import { runReports } from "@/lib/simulate/run-reports";
import { getPreset } from "@/lib/simulate/presets";
import { storyBase } from "@/lib/simulate/presets/story";
import { ScenarioSchema, type ScenarioInput } from "@/lib/simulate/schema";
import type { ClusterSnapshot } from "@/lib/model/snapshot";

const GiB = 1024 ** 3;
const story = getPreset("consumer-offsets-skew")!.scenario;

function scenario(input: Partial<ScenarioInput>) {
  return ScenarioSchema.parse({ base: storyBase("test"), ...input });
}

function withoutCapacity(snapshot: ClusterSnapshot): ClusterSnapshot {
  return { ...snapshot, brokers: snapshot.brokers.map((b) => ({ ...b, logDirs: b.logDirs.map((d) => ({ ...d, totalBytes: null, usableBytes: null })) })) };
}

describe("compareLogDirPolicies()", () => {
  it("compareLogDirPolicies() returns Kafka's rule first, then least-bytes and least-utilization", () => {
    const c = compareLogDirPolicies(story);
    expect(c.outcomes.map((o) => o.policy)).toEqual(POLICY_ORDER);
    expect(c.outcomes.map((o) => [o.name, o.kafka])).toEqual([
      ["Kafka's rule", true],
      ["least-bytes", false],
      ["least-utilization", false],
    ]);
  });

  it("compareLogDirPolicies() marks the scenario's own policy as chosen", () => {
    const sizeAware = getPreset("size-aware")!.scenario;
    expect(
      compareLogDirPolicies(sizeAware)
        .outcomes.filter((o) => o.chosen)
        .map((o) => o.policy),
    ).toEqual(["least-bytes"]);
  });

  it("compareLogDirPolicies() changes only the dir: every policy puts the same number of replicas on every broker", () => {
    const c = compareLogDirPolicies(story);
    const perBroker = c.outcomes.map((o) => o.report.brokers.map((b) => [b.id, b.replicas, b.bytes]));
    expect(perBroker[1]).toEqual(perBroker[0]);
    expect(perBroker[2]).toEqual(perBroker[0]);
  });

  it("compareLogDirPolicies() reuses the run it is given for the scenario's own policy", () => {
    const known = runReports(story, { stepReports: false, finalSnapshot: false });
    const sentinel = { ...known, final: { ...known.final, report: { ...known.final.report, totals: { ...known.final.report.totals, partitions: -1 } } } };
    const c = compareLogDirPolicies(story, sentinel);
    expect(c.outcomes[0]!.report.totals.partitions).toBe(-1);
    expect(c.outcomes[1]!.report.totals.partitions).toBe(80);
  });

  it("compareLogDirPolicies() tells the __consumer_offsets story in one line", () => {
    const c = compareLogDirPolicies(story);
    expect(c.metric).toBe("utilization");
    expect(c.verdict).toMatch(
      /^Kafka's rule gives every broker 70 partitions but leaves \/data\/d1 almost empty \(under 1%\) while \/data\/d2 and \/data\/d3 reach \d\d–\d\d%; least-bytes and least-utilization keep every dir between \d\d% and \d\d%\.$/,
    );
  });

  it("compareLogDirPolicies() gives each outcome the range of its live dirs", () => {
    const [kafka, bytes] = compareLogDirPolicies(story).outcomes;
    expect(kafka!.range!.min).toBeLessThan(0.01);
    expect(kafka!.range!.max).toBeGreaterThan(0.7);
    expect(bytes!.range!.max - bytes!.range!.min).toBeLessThan(0.15);
  });

  it("compareLogDirPolicies() speaks bytes when capacity is unknown", () => {
    const c = compareLogDirPolicies({ ...story, base: withoutCapacity(story.base), steps: story.steps.map((s) => (s.kind === "addLogDir" ? { ...s, totalBytes: null } : s)) });
    expect(c.metric).toBe("bytes");
    expect(c.verdict).toMatch(
      /leaves \/data\/d1 with 800\.0 KiB while \/data\/d2 and \/data\/d3 hold .*GiB; least-bytes and least-utilization keep every dir between .*GiB and .*GiB\.$/,
    );
  });

  it("compareLogDirPolicies() says so when no step places a partition differently", () => {
    const c = compareLogDirPolicies(scenario({ steps: [{ kind: "addLogDir", broker: "all", path: "/data/d2", totalBytes: 512 * GiB }] }));
    expect(c.verdict).toBe("No partition is placed anywhere, so every rule leaves the same cluster.");
    const demoLike = runScenario(story).final.snapshot;
    expect(compareLogDirPolicies(scenario({ base: demoLike, steps: [] })).verdict).toMatch(
      /^Every rule ends with the same disks .*: Kafka's rule gives every broker 70 partitions but leaves \/data\/d1 almost empty/,
    );
  });

  it("compareLogDirPolicies() calls an even outcome even", () => {
    const c = compareLogDirPolicies(
      scenario({
        steps: [
          { kind: "addLogDir", broker: "all", path: "/data/d2", totalBytes: 512 * GiB },
          { kind: "createTopic", name: "t", partitions: 12, replicationFactor: 3, size: { kind: "uniform", min: 8 * GiB, max: 12 * GiB } },
        ],
      }),
    );
    expect(c.verdict).toMatch(/^Kafka's rule already keeps every dir (at|between) \d+%( and \d+%)?; least-bytes .*keeps? every dir (at|between) \d+%/);
  });

  it("compareLogDirPolicies() keeps a step that fails alike under every rule out of the verdict (the page shows it once)", () => {
    const c = compareLogDirPolicies(scenario({ steps: [{ kind: "createTopic", name: "t", partitions: 3, replicationFactor: 5, size: { kind: "fixed", bytes: GiB } }] }));
    expect(c.outcomes.every((o) => o.failedSteps.length === 1)).toBe(true);
    expect(c.verdict).not.toMatch(/failed/);
  });
});
