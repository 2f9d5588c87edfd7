import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planRebalance, PlanOptionsSchema, type PlanOptionsInput } from "@/lib/plan";
import { runScenario } from "@/lib/simulate/engine";
import { ScenarioSchema } from "@/lib/simulate/schema";
import { demoSnapshot } from "@/lib/simulate/presets";
import { ClusterSnapshotSchema, type ClusterSnapshot } from "@/lib/model/snapshot";

const GiB = 1024 ** 3;
const plan = (snap: ClusterSnapshot, options: PlanOptionsInput = {}) => planRebalance(snap, PlanOptionsSchema.parse(options));

/** A random valid cluster: 2–6 brokers, 1–4 dirs each with capacity, random replica placement and sizes. */
const clusterArb = fc
  .record({
    brokers: fc.integer({ min: 2, max: 6 }),
    racks: fc.integer({ min: 0, max: 3 }),
    dirs: fc.integer({ min: 1, max: 4 }),
    topics: fc.array(fc.record({ partitions: fc.integer({ min: 1, max: 8 }), rf: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 5 }),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .map(({ brokers, racks, dirs, topics, seed }) => {
    let s = seed;
    const rnd = (n: number) => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    };
    const ids = Array.from({ length: brokers }, (_, i) => i + 1);
    const snap = ClusterSnapshotSchema.parse({
      schema: 1,
      capturedAt: "2026-01-01T00:00:00Z",
      source: { kind: "import", label: "prop" },
      brokers: ids.map((id) => ({
        id,
        rack: racks === 0 ? null : `r${id % racks}`,
        logDirs: Array.from({ length: dirs }, (_, d) => ({ path: `/d${d}`, totalBytes: 100 * GiB, usableBytes: 100 * GiB })),
      })),
      topics: topics.map((t, ti) => ({
        name: `t${ti}`,
        partitions: Array.from({ length: t.partitions }, (_, p) => {
          const rf = Math.min(t.rf, brokers);
          const start = rnd(brokers);
          const reps = Array.from({ length: rf }, (_, k) => ids[(start + k) % brokers]!);
          const size = (1 + rnd(30)) * GiB * (ti === 0 ? 1 : 0.1);
          return { id: p, leader: reps[0], isr: reps, replicas: reps.map((b) => ({ broker: b, logDir: `/d${rnd(dirs)}`, sizeBytes: Math.round(size) })) };
        }),
      })),
    });
    // Capacity reflects what is on disk.
    const used = new Map<string, number>();
    for (const t of snap.topics) for (const p of t.partitions) for (const r of p.replicas) used.set(`${r.broker}${r.logDir}`, (used.get(`${r.broker}${r.logDir}`) ?? 0) + r.sizeBytes!);
    for (const b of snap.brokers) for (const d of b.logDirs) d.usableBytes = Math.max(0, d.totalBytes! - (used.get(`${b.id}${d.path}`) ?? 0));
    return snap;
  });

const optionsArb = fc.record({
  mode: fc.constantFrom("intra", "inter", "both"),
  order: fc.constantFrom("inter-first", "intra-first"),
  intraObjective: fc.constantFrom("bytes", "utilization"),
  interObjective: fc.constantFrom("bytes", "replicas"),
  tolerance: fc.constantFrom(0.02, 0.05, 0.1),
  headroom: fc.constantFrom(0.85, 0.95, 1),
  moveLeaders: fc.boolean(),
}) as fc.Arbitrary<PlanOptionsInput>;

function racksOf(snap: ClusterSnapshot, brokers: number[]): number {
  const rack = new Map(snap.brokers.map((b) => [b.id, b.rack]));
  return new Set(brokers.map((b) => rack.get(b)).filter((r) => r != null)).size;
}

describe("planRebalance()", () => {
  it("planRebalance() balances the demo's dirs within 5 points using only intra-broker moves", () => {
    const snap = demoSnapshot();
    const p = plan(snap, { mode: "intra" });
    expect(p.before.skew.dirBytes.maxOverMean).toBeGreaterThan(1.4);
    expect(p.maxDirDeviation).toBeLessThanOrEqual(0.05);
    expect(p.moves.length).toBeGreaterThan(0);
    expect(p.moves.every((m) => m.kind === "intra" && m.fromBroker === m.toBroker)).toBe(true);
    const json = JSON.parse(p.reassignmentJson);
    for (const e of json.partitions) {
      const before = snap.topics.find((t) => t.name === e.topic)!.partitions.find((x) => x.id === e.partition)!;
      expect(e.replicas).toEqual(before.replicas.map((r) => r.broker));
      expect(e.log_dirs.some((d: string) => d !== "any")).toBe(true);
    }
    expect(p.throttles.topics).toEqual([]);
    expect(p.throttles.brokers.every((b) => b.alterLogDirsRate !== null && b.leaderRate === null)).toBe(true);
    expect(p.estimate.bottleneck?.limitedBy).toBe("alter-log-dirs");
  });

  it("planRebalance() moves no more bytes than needed to reach the tolerance on the demo", () => {
    const p = plan(demoSnapshot(), { mode: "intra" });
    expect(p.bytesMoved.intra).toBeLessThanOrEqual(1.25 * p.intraLowerBound);
  });

  it("planRebalance() leaves excluded topics and partitions with a move in flight alone", () => {
    const snap = demoSnapshot();
    snap.throttles.reassignments.push({ topic: "orders", partition: 0, replicas: [1, 2], adding: [], removing: [] });
    const p = plan(snap, { mode: "intra", excludeTopics: ["__consumer_offsets"] });
    expect(p.moves.some((m) => m.topic === "__consumer_offsets" || (m.topic === "orders" && m.partition === 0))).toBe(false);
    expect(p.warnings.join(" ")).toMatch(/in flight/);
  });

  it("planRebalance() stops at the byte cap", () => {
    const p = plan(demoSnapshot(), { mode: "intra", maxBytesToMove: 50 * GiB });
    expect(p.bytesMoved.total).toBeLessThanOrEqual(50 * GiB);
    expect(p.stoppedBecause.intra).toBe("byte_cap");
    expect(p.outsideTolerance.after.dirs).toBeGreaterThan(0);
  });

  it("planRebalance() counts the dirs and brokers outside the tolerance before and after, only those the mode balances", () => {
    const intra = plan(demoSnapshot(), { mode: "intra" });
    expect(intra.outsideTolerance.before.dirs).toBeGreaterThan(0);
    expect(intra.outsideTolerance).toMatchObject({ before: { brokers: null }, after: { dirs: 0, brokers: null } });
    expect(plan(demoSnapshot(), { mode: "inter" }).outsideTolerance.after.dirs).toBeNull();
    const both = plan(demoSnapshot(), { mode: "both" }).outsideTolerance.after;
    expect(typeof both.dirs).toBe("number");
    expect(typeof both.brokers).toBe("number");
  });

  it("planRebalance() warns about an excluded topic the snapshot does not have, once per name", () => {
    const p = plan(demoSnapshot(), { mode: "intra", excludeTopics: ["ordres", "orders", "ordres", "x"] });
    expect(p.warnings).toEqual(['Topics "ordres", "x" are not in this snapshot, so excluding them changes nothing; check the spelling.']);
    expect(plan(demoSnapshot(), { excludeTopics: ["nope"] }).warnings).toEqual(['Topic "nope" is not in this snapshot, so excluding it changes nothing; check the spelling.']);
    expect(plan(demoSnapshot(), { mode: "intra" }).warnings).toEqual([]);
    const many = plan(demoSnapshot(), { mode: "intra", excludeTopics: Array.from({ length: 12 }, (_, i) => `x${i}`) }).warnings;
    expect(many).toEqual(['Topics "x0", "x1", "x2", "x3", "x4" and 7 more are not in this snapshot, so excluding them changes nothing; check the spelling.']);
  });

  it("planRebalance() reports dirs outside the tolerance exactly when a dir pass did not end balanced", () => {
    fc.assert(
      fc.property(clusterArb, optionsArb, (snap, options) => {
        const p = plan(snap, { ...options, mode: "intra" });
        expect(p.outsideTolerance.after.dirs === 0).toBe(p.stoppedBecause.intra === "balanced");
        if (p.moves.length === 0) expect(p.outsideTolerance.after).toEqual(p.outsideTolerance.before);
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it("planRebalance() moves followers to an empty broker with replication throttles and names the bottleneck", () => {
    const snap = demoSnapshot();
    snap.brokers.push({ id: 4, rack: null, host: null, port: null, state: "online", error: null, logDirs: [{ path: "/data/d1", totalBytes: 2048 * GiB, usableBytes: 2048 * GiB, state: "online", error: null }] });
    const p = plan(snap, { mode: "inter", throttle: { replicationBytesPerSecond: 100 * 1024 * 1024, alterLogDirsBytesPerSecond: 1 } });
    expect(p.moves.length).toBeGreaterThan(0);
    expect(p.moves.every((m) => m.kind === "inter" && m.toBroker === 4 && m.toDir === "/data/d1")).toBe(true);
    expect(p.after.brokers.find((b) => b.id === 4)!.bytes).toBeGreaterThan(0);
    expect(p.estimate.bottleneck).toEqual({ broker: 4, limitedBy: "follower" });
    expect(p.estimate.seconds).toBeCloseTo(p.bytesMoved.inter / (100 * 1024 * 1024), 0);
    const follower = p.throttles.topics.find((t) => t.topic === "orders")!.followerReplicas;
    expect(follower.split(",").every((e) => e.endsWith(":4"))).toBe(true);
    expect(p.throttles.commands.apply.some((c) => c.includes("--entity-name 4 --alter --add-config leader.replication.throttled.rate=104857600,follower.replication.throttled.rate=104857600"))).toBe(true);
    // Leaders never move by default.
    for (const t of p.afterSnapshot.topics) for (const part of t.partitions) {
      const before = snap.topics.find((x) => x.name === t.name)!.partitions.find((x) => x.id === part.id)!;
      expect(part.leader).toBe(before.leader);
      expect(part.replicas[0]!.broker).toBe(before.replicas[0]!.broker);
    }
  });

  it("planRebalance() keeps every safety property on random clusters, and its after-report equals the simulator's", () => {
    fc.assert(
      fc.property(clusterArb, optionsArb, (snap, options) => {
        const p = plan(snap, options);
        const beforeParts = new Map(snap.topics.flatMap((t) => t.partitions.map((x) => [`${t.name}-${x.id}`, x] as const)));
        for (const t of p.afterSnapshot.topics) {
          for (const part of t.partitions) {
            const brokers = part.replicas.map((r) => r.broker);
            expect(new Set(brokers).size).toBe(brokers.length);
            const before = beforeParts.get(`${t.name}-${part.id}`)!;
            expect(racksOf(snap, brokers)).toBeGreaterThanOrEqual(racksOf(snap, before.replicas.map((r) => r.broker)));
            if (!options.moveLeaders) expect(part.leader).toBe(before.leader);
          }
        }
        for (const d of p.after.dirs) {
          const was = p.before.dirs.find((x) => x.broker === d.broker && x.path === d.path)!;
          if (d.usedBytes > was.usedBytes) expect(d.usedBytes).toBeLessThanOrEqual(options.headroom! * d.totalBytes! + 1);
        }
        if (p.entries.length === 0) return;
        const sim = runScenario(
          ScenarioSchema.parse({
            base: snap,
            steps: [{ kind: "reassign", partitions: p.entries.map((e) => ({ topic: e.topic, partition: e.partition, replicas: e.replicas, log_dirs: e.logDirs })) }],
          }),
        );
        expect(sim.steps[0]!.error).toBeNull();
        const strip = (r: typeof p.after) => ({ brokers: r.brokers, dirs: r.dirs, topics: r.topics, totals: r.totals });
        expect(strip(sim.final.report)).toEqual(strip(p.after));
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});

describe("planRebalance() by Kafka version", () => {
  // One broker, an empty dir and a full one: the plan moves data into the empty dir unless it is cordoned.
  const withEmptyDir = (kafkaVersion: string, state: "online" | "cordoned") =>
    ClusterSnapshotSchema.parse({
      schema: 1,
      capturedAt: "2026-01-01T00:00:00Z",
      source: { kind: "kafka", label: "v", kafkaVersion },
      brokers: [{ id: 1, logDirs: [{ path: "/full", totalBytes: 100 * GiB, usableBytes: 20 * GiB }, { path: "/empty", totalBytes: 100 * GiB, usableBytes: 100 * GiB, state }] }],
      topics: [{ name: "t", partitions: Array.from({ length: 8 }, (_, p) => ({ id: p, leader: 1, isr: [1], replicas: [{ broker: 1, logDir: "/full", sizeBytes: 10 * GiB }] })) }],
    });
  const intoEmpty = (s: ClusterSnapshot) => plan(s, { mode: "intra" }).moves.filter((m) => m.toDir === "/empty").length;

  it("planRebalance() moves nothing into a cordoned dir where the version has cordons (4.3, 4.4)", () => {
    expect(intoEmpty(withEmptyDir("4.4", "online"))).toBeGreaterThan(0);
    expect(intoEmpty(withEmptyDir("4.3", "cordoned"))).toBe(0);
    expect(intoEmpty(withEmptyDir("4.4", "cordoned"))).toBe(0);
  });

  it("planRebalance() treats a cordon as absent on a version without cordoned.log.dirs (4.2), as the broker does", () => {
    expect(intoEmpty(withEmptyDir("4.2", "cordoned"))).toBeGreaterThan(0);
  });

  // Broker 1 holds everything, broker 2 is empty with two dirs: an inter-broker plan moves data to broker 2 unless cordoned.
  const withEmptyBroker = (kafkaVersion: string, states: ["online" | "cordoned", "online" | "cordoned"]) =>
    ClusterSnapshotSchema.parse({
      schema: 1,
      capturedAt: "2026-01-01T00:00:00Z",
      source: { kind: "kafka", label: "v", kafkaVersion },
      brokers: [
        { id: 1, logDirs: [{ path: "/d1", totalBytes: 100 * GiB, usableBytes: 20 * GiB }] },
        { id: 2, logDirs: states.map((state, i) => ({ path: `/d${i + 1}`, totalBytes: 100 * GiB, usableBytes: 100 * GiB, state })) },
      ],
      topics: [{ name: "t", partitions: Array.from({ length: 8 }, (_, p) => ({ id: p, leader: 1, isr: [1], replicas: [{ broker: 1, logDir: "/d1", sizeBytes: 10 * GiB }] })) }],
    });
  const ontoBroker2 = (s: ClusterSnapshot) => plan(s, { mode: "inter", moveLeaders: true }).moves.filter((m) => m.toBroker === 2).map((m) => m.toDir);

  it("planRebalance() moves nothing onto a broker whose every dir is cordoned where the version has cordons (4.3, 4.4)", () => {
    expect(ontoBroker2(withEmptyBroker("4.4", ["online", "online"])).length).toBeGreaterThan(0);
    expect(ontoBroker2(withEmptyBroker("4.3", ["cordoned", "cordoned"]))).toEqual([]);
    expect(ontoBroker2(withEmptyBroker("4.4", ["cordoned", "cordoned"]))).toEqual([]);
    expect(ontoBroker2(withEmptyBroker("4.2", ["cordoned", "cordoned"])).length).toBeGreaterThan(0);
  });

  it("planRebalance() moves onto a broker with one of two dirs cordoned, into the other dir only", () => {
    const dirs = ontoBroker2(withEmptyBroker("4.4", ["cordoned", "online"]));
    expect(dirs.length).toBeGreaterThan(0);
    expect(new Set(dirs)).toEqual(new Set(["/d2"]));
  });
});
