import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { balanceBrokerDirs, dirDeviationFloor } from "@/lib/plan/intra-broker";
import { PlanOptionsSchema, type PlanOptionsInput } from "@/lib/plan/options";
import { PlanState } from "@/lib/plan/plan-state";
import type { ClusterSnapshot, LogDirState } from "@/lib/model/snapshot";
import { cluster, GiB, sharedDiskSnapshot, type DirSpec, type PartitionSpec } from "@/tests/support/snapshots";
import { measureGoal } from "@/lib/plan/goals";
import { planRebalance } from "@/lib/plan/planner";

/** One broker, its dirs, and one single-replica partition per size listed under a dir. */
function broker(dirs: (DirSpec & { sizes?: number[] })[], kafkaVersion = "4.4.0"): ClusterSnapshot {
  const partitions: PartitionSpec[] = [];
  for (const d of dirs) for (const size of d.sizes ?? []) partitions.push({ topic: "t", partition: partitions.length, replicas: [[1, d.path, size * GiB]] });
  return cluster({ kafkaVersion, brokers: [{ id: 1, dirs }], partitions });
}

function balance(snapshot: ClusterSnapshot, options: PlanOptionsInput = {}, budget = { bytes: Infinity, moves: 1_000 }) {
  const state = new PlanState(snapshot, new Set());
  const stop = balanceBrokerDirs({ state, options: PlanOptionsSchema.parse(options), budget }, state.brokers.get(1)!);
  const replicas = state.partitions.flatMap((p) => p.members);
  const moved = replicas.filter((r) => r.dir !== r.originalDir).map((r) => `${r.originalSize / GiB}:${r.originalDir}→${r.dir}`);
  const bytesIn = (path: string) => replicas.filter((r) => r.broker === 1 && r.dir === path).reduce((a, r) => a + r.size, 0) / GiB;
  return { state, stop, moved, bytesIn, budget };
}

describe("balanceBrokerDirs()", () => {
  it("balanceBrokerDirs() moves the replica that best fits the gap, and stops once balanced", () => {
    const { stop, moved, bytesIn } = balance(broker([{ path: "/d1", sizes: [30, 20, 10] }, { path: "/d2" }]));
    expect(moved).toEqual(["30:/d1→/d2"]);
    expect([bytesIn("/d1"), bytesIn("/d2")]).toEqual([30, 30]);
    expect(stop).toBe("balanced");
  });

  it("balanceBrokerDirs() moves the fewest bytes that bring a pair within tolerance, not all the way to the target", () => {
    // 60 GiB in /d1 as replicas of 1 to 11 GiB, /d2 empty (bytes mode): target 30, tolerance 1.5 GiB. Reaching the
    // tolerance needs 28.5 GiB: 11 + 10 + 8 (29 GiB), where aiming at the target takes 11 + 10 + 9 (30 GiB).
    const { moved, bytesIn, stop } = balance(broker([{ path: "/d1", sizes: [11, 10, 9, 8, 7, 6, 5, 3, 1] }, { path: "/d2" }]), { intraObjective: "bytes" });
    expect(stop).toBe("balanced");
    expect(bytesIn("/d2")).toBe(29);
    expect(moved).toHaveLength(3);
  });

  it("balanceBrokerDirs() still makes progress when the only replicas lie between what would end the shortfall and what a dir may take", () => {
    // Bytes mode, target 32 GiB, tolerance 1.6 GiB: /d1 lacks 30.4 GiB beyond the tolerance, /d3 may give at most
    // 19.6 GiB without falling out on the other side. /d3's 20 GiB replica is in neither range; moving it still
    // lowers every dir's distance from its target, so it moves (as does 22 GiB from /d2).
    const tiny = 1 / 1024;
    const { moved, state } = balance(
      broker([
        { path: "/d1", sizes: [tiny, tiny, tiny, tiny, tiny, tiny] },
        { path: "/d2", sizes: [24, 22] },
        { path: "/d3", sizes: [30, 20] },
      ]),
      { intraObjective: "bytes" },
    );
    expect(moved.length).toBeGreaterThan(0);
    expect(measureGoal(state, "dir-utilization", PlanOptionsSchema.parse({ intraObjective: "bytes" })).worstShare!).toBeLessThan(32 / 32);
  });

  it("balanceBrokerDirs() stops at the tolerance, not at zero", () => {
    const within = balance(
      broker([
        { path: "/d1", sizes: [50, 2] },
        { path: "/d2", sizes: [48] },
      ]),
      { tolerance: 0.05 },
    );
    expect(within.moved).toEqual([]);
    expect(within.stop).toBe("balanced");
    const tighter = balance(
      broker([
        { path: "/d1", sizes: [50, 2] },
        { path: "/d2", sizes: [48] },
      ]),
      { tolerance: 0.01 },
    );
    expect(tighter.moved).toEqual(["2:/d1→/d2"]);
  });

  it("balanceBrokerDirs() never moves a replica into or out of a cordoned (Kafka 4.3+) or offline dir", () => {
    const snap = broker([
      { path: "/full", sizes: [10, 10, 10, 10, 10, 10] },
      { path: "/cordoned", state: "cordoned", sizes: [40] },
      { path: "/offline", state: "offline" },
      { path: "/empty" },
    ]);
    const { moved, bytesIn } = balance(snap);
    expect(moved).toEqual(["10:/full→/empty", "10:/full→/empty", "10:/full→/empty"]);
    expect(bytesIn("/cordoned")).toBe(40);
    expect(bytesIn("/offline")).toBe(0);
  });

  it("balanceBrokerDirs() uses a cordoned dir on a Kafka version without cordons (4.2)", () => {
    const snap = broker(
      [
        { path: "/full", sizes: [10, 10, 10, 10] },
        { path: "/cordoned", state: "cordoned" },
      ],
      "4.2.0",
    );
    expect(balance(snap).moved).toEqual(["10:/full→/cordoned", "10:/full→/cordoned"]);
  });

  it("balanceBrokerDirs() never fills a dir past the headroom", () => {
    const dirs = (): (DirSpec & { sizes?: number[] })[] => [
      { path: "/d1", sizes: [10, 10, 10, 10] },
      { path: "/d2", otherBytes: 80 * GiB },
    ];
    const capped = balance(broker(dirs()), { intraObjective: "bytes", headroom: 0.85 });
    expect(capped.moved).toEqual([]);
    expect(capped.stop).toBe("no_improving_move");
    const room = balance(broker(dirs()), { intraObjective: "bytes", headroom: 1 });
    expect(room.bytesIn("/d2")).toBe(20);
    expect(room.stop).toBe("balanced");
  });

  it("balanceBrokerDirs() stops at the byte cap, or at the move cap, and spends from the budget", () => {
    const snap = () => broker([{ path: "/d1", sizes: [10, 10, 10, 10] }, { path: "/d2" }]);
    const bytes = balance(snap(), {}, { bytes: 5 * GiB, moves: 100 });
    expect([bytes.moved, bytes.stop]).toEqual([[], "byte_cap"]);
    const moves = balance(snap(), {}, { bytes: Infinity, moves: 1 });
    expect([moves.moved.length, moves.stop]).toEqual([1, "max_moves"]);
    const spent = balance(snap(), {}, { bytes: 100 * GiB, moves: 100 });
    expect(spent.budget).toEqual({ bytes: 80 * GiB, moves: 98 });
  });

  it("balanceBrokerDirs() swaps two replicas when every replica is too big to move alone", () => {
    const { moved, bytesIn, stop } = balance(
      broker([
        { path: "/d1", sizes: [25, 25] },
        { path: "/d2", sizes: [20, 10] },
      ]),
      { intraObjective: "bytes" },
    );
    expect(moved.sort()).toEqual(["20:/d2→/d1", "25:/d1→/d2"]);
    expect([bytesIn("/d1"), bytesIn("/d2")]).toEqual([45, 35]);
    expect(stop).toBe("no_improving_move");
  });

  it("balanceBrokerDirs() leaves a broker with fewer than two open dirs alone", () => {
    const { moved, stop } = balance(
      broker([
        { path: "/d1", sizes: [10, 10] },
        { path: "/d2", state: "offline" },
      ]),
    );
    expect([moved, stop]).toEqual([[], "balanced"]);
  });

  const dirState = fc.constantFrom<LogDirState>("online", "online", "online", "cordoned", "offline");
  const brokerArb = fc.array(fc.record({ state: dirState, sizes: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 8 }) }), { minLength: 1, maxLength: 5 });
  const clusterArb = fc.record({
    brokers: fc.array(brokerArb, { minLength: 1, maxLength: 3 }),
    capacity: fc.constantFrom<number | null>(100 * GiB, null),
    kafkaVersion: fc.constantFrom("4.2.0", "4.4.0"),
  });
  const optionsArb = fc.record({
    intraObjective: fc.constantFrom("bytes" as const, "utilization" as const),
    tolerance: fc.constantFrom(0.01, 0.05, 0.2),
    headroom: fc.constantFrom(0.5, 0.85, 1),
  });

  it("balanceBrokerDirs() keeps every replica on its broker, uses only open dirs, respects the headroom and never widens the spread", () => {
    fc.assert(
      fc.property(clusterArb, optionsArb, ({ brokers, capacity, kafkaVersion }, options) => {
        const partitions: PartitionSpec[] = [];
        const spec = brokers.map((dirs, b) => ({
          id: b + 1,
          dirs: dirs.map((d, i) => {
            for (const size of d.sizes) partitions.push({ topic: "t", partition: partitions.length, replicas: [[b + 1, `/d${i}`, size * GiB]] });
            return { path: `/d${i}`, state: d.state, totalBytes: capacity };
          }),
        }));
        const snap = cluster({ kafkaVersion, brokers: spec, partitions });
        const state = new PlanState(snap, new Set());
        const parsed = PlanOptionsSchema.parse(options);
        const honoursCordons = kafkaVersion === "4.4.0";
        const open = (b: number, path: string | null) => {
          const s = spec[b - 1]!.dirs.find((d) => d.path === path)?.state;
          return s === "online" || (s === "cordoned" && !honoursCordons);
        };
        const replicas = state.partitions.flatMap((p) => p.members);
        // Spread of each broker's open dirs, from where the replicas sit (equal capacities, no other usage).
        const spread = (b: number, where: (r: (typeof replicas)[number]) => string | null) => {
          const paths = spec[b - 1]!.dirs.map((d) => d.path).filter((p) => open(b, p));
          const bytes = paths.map((p) => replicas.filter((r) => r.broker === b && where(r) === p).reduce((a, r) => a + r.size, 0));
          const mean = bytes.reduce((a, x) => a + x, 0) / Math.max(1, bytes.length);
          return {
            deviation: bytes.reduce((a, x) => a + Math.abs(x - mean), 0),
            range: bytes.length ? Math.max(...bytes) - Math.min(...bytes) : 0,
            bytes: new Map(paths.map((p, i) => [p, bytes[i]!])),
          };
        };
        const before = spec.map((b) => spread(b.id, (r) => r.originalDir));
        for (const b of spec) balanceBrokerDirs({ state, options: parsed, budget: { bytes: Infinity, moves: 10_000 } }, state.brokers.get(b.id)!);
        for (const r of replicas) {
          expect(r.broker).toBe(r.originalBroker);
          if (r.dir !== r.originalDir) {
            expect(open(r.broker, r.originalDir)).toBe(true);
            expect(open(r.broker, r.dir)).toBe(true);
          }
        }
        for (const b of spec) {
          const after = spread(b.id, (r) => r.dir);
          const was = before[b.id - 1]!;
          expect(after.deviation).toBeLessThanOrEqual(was.deviation);
          expect(after.range).toBeLessThanOrEqual(was.range);
          if (replicas.some((r) => r.broker === b.id && r.dir !== r.originalDir)) expect(after.deviation).toBeLessThan(was.deviation);
          if (capacity !== null) {
            for (const [path, bytes] of after.bytes) if (bytes > was.bytes.get(path)!) expect(bytes).toBeLessThanOrEqual(options.headroom * capacity);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("dirs on one filesystem", () => {
  it("balanceBrokerDirs() moves nothing between dirs of one disk, by utilisation or by bytes, and measures one disk per broker", () => {
    const s = sharedDiskSnapshot();
    for (const intraObjective of ["utilization", "bytes"] as const) {
      const options = PlanOptionsSchema.parse({ intraObjective, goals: ["dir-utilization"] });
      const plan = planRebalance(s, options);
      expect(plan.ok).toBe(true);
      if (!plan.ok) continue;
      expect(plan.value.moves).toEqual([]);
      // The yardstick agrees: no byte must move between dirs of one disk.
      expect(plan.value.lowerBound).toBe(0);
      // "outside", "worst" and "measured" count disks: one per broker, nothing to compare.
      expect(plan.value.dirs.before).toMatchObject({ outside: 0, worst: null, worstShare: null, measured: 0 });
      expect(measureGoal(new PlanState(s, new Set()), "dir-utilization", options).outside).toBe(0);
    }
  });

  it("balanceBrokerDirs() balances between disks: moves from a dir of the full shared disk to the disk of its own, never between the shared dirs", () => {
    const s = sharedDiskSnapshot({ thirdDisk: true, brokers: [1] });
    const plan = planRebalance(s, PlanOptionsSchema.parse({ goals: ["dir-utilization"] }));
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.value.moves.map((m) => [m.kind, m.fromDir, m.toDir, m.bytes / GiB])).toEqual([["intra", "/b", "/c", 200]]);
    // The least any plan must move: the shared disk's excess over its target and the tolerance (710 − 522 − 50 =
    // 138 GiB) must leave it, and the shortfall of /c (500 GiB, 73 used) under its target less the tolerance
    // (261 − 25 − 73 = 163 GiB) must arrive in it; the larger is the bound.
    expect(plan.value.lowerBound / GiB).toBeCloseTo((783 * 500) / 1500 - 25 - 73, 6);
    expect(plan.value.bytesMoved.total).toBeGreaterThanOrEqual(plan.value.lowerBound);
    // Before: 2 disks, the shared one at 71% against a broker mean of 52%: both out; after: both within 5 points.
    expect(plan.value.dirs.before).toMatchObject({ outside: 2, measured: 2 });
    expect(plan.value.dirs.after).toMatchObject({ outside: 0, measured: 2 });
    // The after-snapshot keeps /a and /b one filesystem: both report its new usable bytes (710 − 200 GiB used).
    const after = plan.value.afterSnapshot.brokers[0]!.logDirs;
    expect(after.filter((d) => d.path !== "/c").map((d) => (d.totalBytes! - d.usableBytes!) / GiB)).toEqual([510, 510]);
    expect(plan.value.after.dirs.filter((d) => d.sharedDisk).map((d) => d.path)).toEqual(["/a", "/b"]);
  });
});

describe("dirDeviationFloor()", () => {
  it("is how far the largest replica alone fills even the largest dir above its broker's level, and says so as the dir goal's reason", () => {
    // 80 GiB in /d1 with 10 GiB in /d2, two 100 GiB dirs: the broker is at 45%, and /d1 cannot go below 80%.
    const snapshot = broker([
      { path: "/d1", totalBytes: 100 * GiB, sizes: [80] },
      { path: "/d2", totalBytes: 100 * GiB, sizes: [10] },
    ]);
    const state = new PlanState(snapshot, new Set());
    const floor = dirDeviationFloor(state, state.brokers.get(1)!);
    expect(floor.points).toBeCloseTo(0.35, 9);
    expect(floor.replica?.size).toBe(80 * GiB);
    const plan = planRebalance(snapshot, PlanOptionsSchema.parse({ goals: ["dir-utilization"] }));
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.goals[0]!.reason).toBe(
      "Dir utilisation within each broker: on broker 1, t-0 (80.0 GiB) alone fills its dir 35 points above the broker's level, and would in any of its dirs: no arrangement inside the broker brings that dir within 5 points.",
    );
  });

  it("is zero when the largest replica fills less of a dir than the broker's level, and when the dirs share a disk", () => {
    const even = broker([
      { path: "/d1", totalBytes: 100 * GiB, sizes: [20, 20] },
      { path: "/d2", totalBytes: 100 * GiB, sizes: [30] },
    ]);
    const s1 = new PlanState(even, new Set());
    expect(dirDeviationFloor(s1, s1.brokers.get(1)!)).toEqual({ points: 0, replica: null });
    const shared = broker([
      { path: "/d1", totalBytes: 100 * GiB, disk: "sda", sizes: [80] },
      { path: "/d2", totalBytes: 100 * GiB, disk: "sda", sizes: [10] },
    ]);
    const s2 = new PlanState(shared, new Set());
    expect(dirDeviationFloor(s2, s2.brokers.get(1)!).points).toBe(0);
  });
});
