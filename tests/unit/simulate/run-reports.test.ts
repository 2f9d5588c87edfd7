import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runScenario } from "@/lib/simulate/engine";
import { demoSnapshot, PRESETS } from "@/lib/simulate/presets";
import { storyBase } from "@/lib/simulate/presets/story";
import { runReports, withoutTopicRows } from "@/lib/simulate/run-reports";
import { ScenarioSchema, type Scenario, type ScenarioInput, type StepInput } from "@/lib/simulate/schema";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { SOFT_GOALS } from "@/lib/plan/options";

const GiB = 1024 ** 3;

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** runReports() must give exactly runScenario()'s reports, notes, errors and final snapshot. */
function expectSameAsRunScenario(scenario: Scenario) {
  // Both must leave the base as they found it (runReports shares its topics copy-on-write): frozen, a write throws.
  deepFreeze(scenario.base);
  const slow = runScenario(scenario);
  const fast = runReports(scenario, { stepReports: true, finalSnapshot: true });
  expect(fast.initial).toEqual(withoutTopicRows(slow.initial.report));
  expect(fast.steps.map((s) => [s.ok, s.error, s.note])).toEqual(slow.steps.map((s) => [s.ok, s.error, s.note]));
  expect(fast.steps.map((s) => s.report)).toEqual(slow.steps.map((s) => withoutTopicRows(s.report)));
  expect(fast.final.report).toEqual(withoutTopicRows(slow.final.report));
  expect(fast.final.topics).toEqual(slow.final.report.topics.map((t) => t.name));
  expect(fast.final.snapshot).toEqual(slow.final.snapshot);
  return fast;
}

const parse = (input: Partial<ScenarioInput> & { base?: ScenarioInput["base"] }) => ScenarioSchema.parse({ base: storyBase("test"), ...input });

describe("runReports()", () => {
  it("runReports() equals runScenario() on every preset without copying per step", () => {
    for (const p of PRESETS) expect(expectSameAsRunScenario(p.scenario).path).toBe("reports");
  });

  it("runReports() equals runScenario() on the demo through every kind of step", () => {
    const steps: StepInput[] = [
      {
        kind: "addBroker",
        id: 4,
        rack: null,
        logDirs: [
          { path: "/data/d1", totalBytes: 512 * GiB },
          { path: "/data/d2", totalBytes: 256 * GiB },
        ],
      },
      { kind: "plan", options: { operation: { kind: "add-brokers", brokers: [4] }, goals: ["broker-replicas"] } },
      { kind: "cordonLogDir", broker: 1, path: "/data/d2" },
      { kind: "createTopic", name: "events", partitions: 20, replicationFactor: 3, size: { kind: "zipf", totalBytes: 600 * GiB, exponent: 1.1 } },
      { kind: "addPartitions", topic: "orders", totalPartitions: 36, size: { kind: "uniform", min: GiB, max: 9 * GiB } },
      { kind: "growTopic", topic: "events", bytesPerPartition: GiB, factor: 1.2 },
      { kind: "reassign", partitions: [{ topic: "orders", partition: 0, replicas: [4, 2], log_dirs: ["any", "/data/d1"] }] },
      { kind: "failLogDir", broker: 3, path: "/data/d3" },
      { kind: "plan", options: { operation: { kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d2" }] }, goals: ["dir-utilization"] } },
      { kind: "addLogDir", broker: "all", path: "/data/d9", totalBytes: 512 * GiB },
      { kind: "createTopic", name: "after-failure", partitions: 6, replicationFactor: 2, size: { kind: "fixed", bytes: 3 * GiB } },
    ];
    for (const logDirPlacement of ["kafka-count", "least-bytes", "least-utilization"] as const) {
      for (const brokerPlacement of ["kraft-striped", "zk-admin-utils"] as const) {
        const fast = expectSameAsRunScenario(parse({ base: demoSnapshot(), seed: 11, policy: { brokerPlacement, logDirPlacement }, steps }));
        expect(fast.path).toBe("reports");
      }
    }
  });

  it("runReports() goes on after a failed step as runScenario() does, without falling back", () => {
    const fast = expectSameAsRunScenario(
      parse({
        steps: [
          { kind: "createTopic", name: "t", partitions: 3, replicationFactor: 2 },
          { kind: "failLogDir", broker: 7, path: "/data/d1" },
          { kind: "createTopic", name: "u", partitions: 3, replicationFactor: 2 },
        ],
      }),
    );
    expect(fast.path).toBe("reports");
    expect(fast.steps.map((s) => s.ok)).toEqual([true, false, true]);
  });

  it("runReports() leaves nothing behind of a step that failed halfway", () => {
    // addPartitions places partition after partition; the first replica on broker 3 (no live dir) fails
    // the step after earlier partitions were placed. runScenario drops that state; so must runReports.
    const steps: StepInput[] = [
      { kind: "firstConsumerGroup", partitions: 5, replicationFactor: 1 },
      { kind: "failLogDir", broker: 3, path: "/data/d1" },
      { kind: "addPartitions", topic: "__consumer_offsets", totalPartitions: 12, size: { kind: "fixed", bytes: GiB } },
      { kind: "addLogDir", broker: 3, path: "/data/d2", totalBytes: 512 * GiB },
      { kind: "createTopic", name: "after", partitions: 4, replicationFactor: 2, size: { kind: "fixed", bytes: 2 * GiB } },
    ];
    for (const brokerPlacement of ["kraft-striped", "zk-admin-utils"] as const) {
      const fast = expectSameAsRunScenario(parse({ steps, seed: 5, policy: { brokerPlacement } }));
      expect(fast.path).toBe("reports");
      expect(fast.steps.map((s) => s.ok)).toEqual([true, true, false, true, true]);
    }
  });

  it("runReports() falls back to runScenario() when a disk overfills (usable is clamped at 0)", () => {
    // 100 GiB of each disk is used by something other than Kafka, so clamping changes what is left.
    const base = storyBase("other usage");
    for (const b of base.brokers) for (const d of b.logDirs) d.usableBytes = d.totalBytes! - 100 * GiB;
    const fast = expectSameAsRunScenario(
      parse({
        base,
        policy: { logDirPlacement: "least-utilization" },
        steps: [
          { kind: "createTopic", name: "t", partitions: 6, replicationFactor: 3, size: { kind: "fixed", bytes: 300 * GiB } },
          { kind: "addLogDir", broker: "all", path: "/data/d2", totalBytes: 512 * GiB },
          { kind: "createTopic", name: "u", partitions: 6, replicationFactor: 3, size: { kind: "fixed", bytes: 10 * GiB } },
        ],
      }),
    );
    expect(fast.path).toBe("runScenario");
  });

  it("runReports() leaves out what it was not asked for", () => {
    const r = runReports(PRESETS[0]!.scenario, { stepReports: false, finalSnapshot: false });
    expect(r.steps.every((s) => s.report === null)).toBe(true);
    expect(r.final.snapshot).toBeNull();
    expect(r.final.report).toEqual(withoutTopicRows(runScenario(PRESETS[0]!.scenario).final.report));
  });

  it("runReports() equals runScenario() on random scenarios", () => {
    const plain = syntheticCluster({ brokers: 5, dirsPerBroker: 3, replicas: 240, seed: 3, racks: 2, meanReplicaBytes: 20 * GiB });
    // The same cluster with 200 GiB per disk used by something else, so full disks clamp.
    const crowded = structuredClone(plain);
    for (const b of crowded.brokers) for (const d of b.logDirs) d.usableBytes = Math.max(0, d.usableBytes! - 200 * GiB);
    // Sizes that are not whole bytes: the report sums cannot take a changed topic back exactly, so they recount.
    const fractional = structuredClone(plain);
    for (const t of fractional.topics) for (const p of t.partitions) for (const r of p.replicas) r.sizeBytes = r.sizeBytes! / 3;
    const broker = fc.integer({ min: 1, max: 7 });
    const path = fc.constantFrom("/data/d1", "/data/d2", "/data/d3", "/data/d4");
    const topic = fc.constantFrom("topic-0000", "topic-0001", "new-a", "new-b");
    const size = fc.oneof(
      fc.record({ kind: fc.constant("fixed" as const), bytes: fc.integer({ min: 0, max: 80 * GiB }) }),
      fc.record({ kind: fc.constant("uniform" as const), min: fc.constant(GiB), max: fc.integer({ min: GiB, max: 60 * GiB }) }),
    );
    const step: fc.Arbitrary<StepInput> = fc.oneof(
      fc.record({
        kind: fc.constant("addLogDir" as const),
        broker: fc.oneof(fc.constant("all" as const), broker),
        path,
        totalBytes: fc.option(fc.integer({ min: 100 * GiB, max: 2000 * GiB }), { nil: null }),
      }),
      fc.record({
        kind: fc.constant("addBroker" as const),
        id: fc.integer({ min: 6, max: 7 }),
        rack: fc.constantFrom("rack-0", "rack-1"),
        logDirs: fc.constant([
          { path: "/data/d1", totalBytes: 1000 * GiB },
          { path: "/data/d2", totalBytes: 1000 * GiB },
        ] as { path: string; totalBytes: number }[]),
      }),
      fc.record({ kind: fc.constant("createTopic" as const), name: topic, partitions: fc.integer({ min: 1, max: 12 }), replicationFactor: fc.integer({ min: 1, max: 3 }), size }),
      fc.record({ kind: fc.constant("addPartitions" as const), topic, totalPartitions: fc.integer({ min: 1, max: 130 }), size }),
      fc.record({ kind: fc.constant("growTopic" as const), topic, bytesPerPartition: fc.integer({ min: 0, max: 5 * GiB }), factor: fc.constantFrom(1, 1.5, 0.5) }),
      fc.record({ kind: fc.constant("cordonLogDir" as const), broker, path, cordoned: fc.boolean() }),
      fc.record({ kind: fc.constant("failLogDir" as const), broker, path }),
      fc.record({ kind: fc.constant("firstConsumerGroup" as const), partitions: fc.integer({ min: 1, max: 20 }), replicationFactor: fc.integer({ min: 1, max: 3 }) }),
      fc.record({
        kind: fc.constant("plan" as const),
        options: fc.record({
          operation: fc.oneof(
            fc.constant({ kind: "rebalance" as const }),
            broker.map((id) => ({ kind: "remove-brokers" as const, brokers: [id] })),
            fc.record({ broker, path }).map((d) => ({ kind: "drain-dirs" as const, dirs: [d], cordon: true })),
          ),
          goals: fc.shuffledSubarray([...SOFT_GOALS]),
        }),
      }),
      fc.record({
        kind: fc.constant("reassign" as const),
        partitions: fc.array(
          fc.uniqueArray(broker, { minLength: 1, maxLength: 3 }).chain((replicas) =>
            fc.record({
              topic,
              partition: fc.integer({ min: 0, max: 3 }),
              replicas: fc.constant(replicas),
              log_dirs: fc.option(fc.array(fc.oneof(fc.constant("any"), path), { minLength: replicas.length, maxLength: replicas.length }), { nil: undefined }),
            }),
          ),
          { minLength: 1, maxLength: 3 },
        ),
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(plain, crowded, fractional),
        fc.array(step, { maxLength: 6 }),
        fc.constantFrom("kafka-count", "least-bytes", "least-utilization"),
        fc.constantFrom("kraft-striped", "zk-admin-utils"),
        fc.integer({ min: 0, max: 1000 }),
        (base, steps, logDirPlacement, brokerPlacement, seed) => {
          expectSameAsRunScenario(parse({ base, seed, policy: { logDirPlacement, brokerPlacement }, steps }));
        },
      ),
      { numRuns: Number(process.env.RUNS ?? 60), seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined },
    );
  }, 120_000);
});
