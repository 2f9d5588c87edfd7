import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { batchSummaries, DEFAULT_EXECUTION, entryWork, estimateExecution, planBatches, type ExecutionBatch, type ExecutionLimits } from "@/lib/plan/batches";
import { batchOverheadSeconds, DIR_MOVE_PROMOTION_SECONDS, estimateReassignment, FETCH_BYTES, fetchEfficiency, JOB_FINISH_SECONDS, type Rates } from "@/lib/plan/estimate";
import type { ReassignmentEntry } from "@/lib/model/reassignment-json";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

const MiB = 1024 ** 2;
const rates: Rates = { replicationBytesPerSecond: 50 * MiB, alterLogDirsBytesPerSecond: 100 * MiB };
const entry = (partition: number, replicas: number[], logDirs = replicas.map(() => "any"), topic = "t"): ReassignmentEntry => ({ topic, partition, replicas, logDirs });

function snapshot(partitions: PartitionSpec[], brokers = [1, 2, 3, 4, 5, 6]) {
  return cluster({ brokers: brokers.map((id) => ({ id, dirs: ["/d1", "/d2"] })), partitions });
}

/** Per batch and broker: movements into or out of it, and dir moves inside it, recounted from the entries. */
function recount(snap: ReturnType<typeof snapshot>, batches: ExecutionBatch[]) {
  return batches.map((b) => {
    const moves = new Map<number, number>();
    const dirs = new Map<number, number>();
    for (const w of entryWork(snap, b.entries)) {
      for (const s of new Set([...w.adding, ...w.removing, ...(w.source !== null ? [w.source] : [])])) moves.set(s, (moves.get(s) ?? 0) + 1);
      for (const s of new Set(w.dirMoves)) dirs.set(s, (dirs.get(s) ?? 0) + 1);
    }
    return { moves, dirs };
  });
}

describe("planBatches()", () => {
  it("planBatches() never puts more than the limit of movements on one broker in a batch, and takes every entry once", () => {
    // Ten partitions led by broker 1, each moving its follower from 2 to 3: every one counts against 1, 2 and 3.
    const parts: PartitionSpec[] = Array.from({ length: 10 }, (_, i) => ({
      topic: "t",
      partition: i,
      replicas: [
        [1, "/d1", (i + 1) * GiB],
        [2, "/d1", (i + 1) * GiB],
      ],
    }));
    const snap = snapshot(parts);
    const entries = parts.map((p) => entry(p.partition, [1, 3]));
    const batches = planBatches(snap, entries, { ...DEFAULT_EXECUTION, partitionMovesPerBroker: 3 });
    expect(batches.map((b) => b.entries.length)).toEqual([3, 3, 3, 1]);
    for (const { moves } of recount(snap, batches)) for (const n of moves.values()) expect(n).toBeLessThanOrEqual(3);
    expect(batches.flatMap((b) => b.entries.map((e) => e.partition)).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(batches.every((b) => b.kind === "data")).toBe(true);
    expect(batches.map((b) => b.index)).toEqual([0, 1, 2, 3]);
  });

  it("planBatches() runs moves on different brokers together", () => {
    const snap = snapshot([
      { topic: "t", partition: 0, replicas: [[1, "/d1", GiB]] },
      { topic: "t", partition: 1, replicas: [[3, "/d1", GiB]] },
      { topic: "t", partition: 2, replicas: [[5, "/d1", GiB]] },
    ]);
    const batches = planBatches(snap, [entry(0, [2]), entry(1, [4]), entry(2, [6])], { ...DEFAULT_EXECUTION, partitionMovesPerBroker: 1 });
    expect(batches).toHaveLength(1);
    expect(batches[0]!.partitionMoves).toBe(3);
    expect(batches[0]!.bytes).toBe(3 * GiB);
  });

  it("planBatches() bounds dir moves per broker apart from partition movements", () => {
    const parts: PartitionSpec[] = Array.from({ length: 5 }, (_, i) => ({ topic: "t", partition: i, replicas: [[1, "/d1", GiB]] }));
    const snap = snapshot(parts);
    const batches = planBatches(
      snap,
      parts.map((p) => entry(p.partition, [1], ["/d2"])),
      { ...DEFAULT_EXECUTION, dirMovesPerBroker: 2 },
    );
    expect(batches.map((b) => b.dirMoves)).toEqual([2, 2, 1]);
    expect(batches[0]!.brokers).toEqual([{ broker: 1, partitionMoves: 0, dirMoves: 2 }]);
  });

  it("planBatches() puts reorders (leadership only) after every data move, in batches of leaderMovesPerBatch, and leaves out entries that change nothing", () => {
    const snap = snapshot([
      {
        topic: "t",
        partition: 0,
        replicas: [
          [1, "/d1", GiB],
          [2, "/d1", GiB],
        ],
      },
      {
        topic: "t",
        partition: 1,
        replicas: [
          [1, "/d1", GiB],
          [2, "/d1", GiB],
        ],
      },
      {
        topic: "t",
        partition: 2,
        replicas: [
          [1, "/d1", GiB],
          [2, "/d1", GiB],
        ],
      },
      {
        topic: "t",
        partition: 3,
        replicas: [
          [1, "/d1", GiB],
          [2, "/d1", GiB],
        ],
      },
    ]);
    const batches = planBatches(snap, [entry(0, [2, 1]), entry(1, [1, 3]), entry(2, [2, 1]), entry(3, [1, 2])], { ...DEFAULT_EXECUTION, leaderMovesPerBatch: 1 });
    expect(batches.map((b) => [b.kind, b.entries.map((e) => e.partition)])).toEqual([
      ["data", [1]],
      ["leadership", [0]],
      ["leadership", [2]],
    ]);
  });

  it("planBatches() takes the fullest source dir first by default, and the smallest or largest first when asked", () => {
    const snap = cluster({
      brokers: [
        {
          id: 1,
          dirs: [
            { path: "/full", totalBytes: 100 * GiB, otherBytes: 83 * GiB },
            { path: "/empty", totalBytes: 100 * GiB },
          ],
        },
        {
          id: 2,
          dirs: [
            { path: "/full", totalBytes: 100 * GiB, otherBytes: 49 * GiB },
            { path: "/empty", totalBytes: 100 * GiB },
          ],
        },
      ],
      partitions: [
        { topic: "a", partition: 0, replicas: [[2, "/full", 1 * GiB]] },
        { topic: "b", partition: 0, replicas: [[1, "/full", 9 * GiB]] },
        { topic: "c", partition: 0, replicas: [[1, "/full", 3 * GiB]] },
      ],
    });
    const entries = [entry(0, [2], ["/empty"], "a"), entry(0, [1], ["/empty"], "b"), entry(0, [1], ["/empty"], "c")];
    const one = (order: ExecutionLimits["order"]) =>
      planBatches(snap, entries, { ...DEFAULT_EXECUTION, order, dirMovesPerBroker: 1 }).map((b) => b.entries.map((e) => e.topic).join(","));
    // Broker 1's /full is at 95%: its two moves go first, the smaller of them first; broker 2's (50%) runs beside them.
    expect(one("urgent-disk-first")).toEqual(["c,a", "b"]);
    expect(one("smallest-first")).toEqual(["a,c", "b"]);
    expect(one("largest-first")).toEqual(["b,a", "c"]);
  });

  it("planBatches() holds to the limits for any entries and any limits (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.boolean(), fc.integer({ min: 0, max: 5 })), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(...(["urgent-disk-first", "smallest-first", "largest-first"] as const)),
        (specs, partitionMovesPerBroker, dirMovesPerBroker, order) => {
          const parts: PartitionSpec[] = specs.map(([a, b], i) => ({
            topic: "t",
            partition: i,
            replicas:
              a === b
                ? [[a, "/d1", (i + 1) * MiB]]
                : [
                    [a, "/d1", (i + 1) * MiB],
                    [b, "/d1", (i + 1) * MiB],
                  ],
          }));
          const snap = snapshot(parts);
          const entries = specs.map(([a, b, c, pin, _], i) => {
            const now = a === b ? [a] : [a, b];
            const to = now.includes(c) ? now : [now[0]!, c];
            return entry(
              i,
              to,
              to.map((x) => (pin && now.includes(x) ? "/d2" : "any")),
            );
          });
          const limits = { ...DEFAULT_EXECUTION, partitionMovesPerBroker, dirMovesPerBroker, order };
          const batches = planBatches(snap, entries, limits);
          for (const { moves, dirs } of recount(snap, batches)) {
            for (const n of moves.values()) expect(n).toBeLessThanOrEqual(partitionMovesPerBroker);
            for (const n of dirs.values()) expect(n).toBeLessThanOrEqual(dirMovesPerBroker);
          }
          const kinds = batches.map((b) => b.kind);
          expect(kinds.indexOf("leadership") === -1 || kinds.slice(kinds.indexOf("leadership")).every((k) => k === "leadership")).toBe(true);
          const taken = batches.flatMap((b) => b.entries.map((e) => e.partition));
          expect(new Set(taken).size).toBe(taken.length);
          const changing = entryWork(snap, entries)
            .filter((w) => w.kind !== "none")
            .map((w) => w.entry.partition);
          expect([...taken].sort((x, y) => x - y)).toEqual(changing.sort((x, y) => x - y));
          // No data batch could have taken an entry of a later one: some broker it counts against was full.
          expect(batches.filter((b) => b.kind === "data").every((b) => b.entries.length > 0)).toBe(true);
        },
      ),
    );
  });

  it("planBatches() places 5,000 moves that all touch one broker (a removal) without going quadratic", () => {
    const parts: PartitionSpec[] = Array.from({ length: 5_000 }, (_, i) => ({
      topic: "t",
      partition: i,
      replicas: [
        [1, "/d1", MiB],
        [2 + (i % 5), "/d1", MiB],
      ],
    }));
    const snap = snapshot(parts, [1, 2, 3, 4, 5, 6, 7]);
    const batches = planBatches(
      snap,
      parts.map((p, i) => entry(p.partition, [7, 2 + (i % 5)])),
      DEFAULT_EXECUTION,
    );
    expect(batches).toHaveLength(1000);
    expect(batches.every((b) => b.entries.length === 5)).toBe(true);
  });
});

describe("estimateExecution()", () => {
  it("estimateExecution() adds the batches one after another, each with its overhead, and the job's finishing steps", () => {
    const parts: PartitionSpec[] = Array.from({ length: 4 }, (_, i) => ({ topic: "t", partition: i, replicas: [[1, "/d1", GiB]] }));
    const snap = snapshot(parts);
    const entries = parts.map((p) => entry(p.partition, [1], ["/d2"]));
    const batches = planBatches(snap, entries, { ...DEFAULT_EXECUTION, dirMovesPerBroker: 2 });
    expect(batches).toHaveLength(2);
    const est = estimateExecution(batches, rates, { pollSeconds: 2 });
    const perBatch = estimateReassignment(snap, batches[0]!.entries, rates).copySeconds;
    // The second batch's quota was idle from its last byte in the first (promotion, then the job's steps)
    // until the second started, within the quota's span: it gets that back, less the first batch's last fetch (two partitions' rests) that went ahead.
    const idle = batchOverheadSeconds(2) + DIR_MOVE_PROMOTION_SECONDS;
    const rest = GiB - (Math.ceil(GiB / FETCH_BYTES) - 1) * FETCH_BYTES;
    const credit = idle - (2 * rest) / (rates.alterLogDirsBytesPerSecond * fetchEfficiency());
    expect(credit).toBeGreaterThan(0);
    expect(est.batchSeconds[0]).toBe(perBatch + batchOverheadSeconds(2));
    expect(est.batchSeconds[1]).toBeCloseTo(perBatch - credit + batchOverheadSeconds(2), 9);
    expect(est.seconds).toBeCloseTo(2 * perBatch - credit + 2 * batchOverheadSeconds(2) + JOB_FINISH_SECONDS, 9);
    expect(est.overheadSeconds).toBeCloseTo(2 * batchOverheadSeconds(2) + JOB_FINISH_SECONDS, 9);
    expect(est.dirMoveBytes).toBe(4 * GiB);
    const summaries = batchSummaries(batches, est);
    expect(summaries.map((s) => [s.index, s.partitions, s.seconds])).toEqual([
      [0, 2, est.batchSeconds[0]],
      [1, 2, est.batchSeconds[1]],
    ]);
  });

  it("estimateExecution() gives a batch nothing back for a quota the batch before did not use, or one idle past its span", () => {
    const parts: PartitionSpec[] = Array.from({ length: 2 }, (_, i) => ({ topic: "t", partition: i, replicas: [[1 + i, "/d1", GiB]] }));
    const snap = snapshot(parts);
    // Broker 1's dir move, then broker 2's: each batch's only quota was idle before it.
    const batches = planBatches(snap, [entry(0, [1], ["/d2"]), entry(1, [2], ["/d2"])], { ...DEFAULT_EXECUTION, dirMovesPerBroker: 1 });
    const one = estimateReassignment(snap, [entry(0, [1], ["/d2"])], rates).copySeconds;
    const together = estimateExecution(batches, rates);
    expect(together.batchSeconds).toHaveLength(1); // different brokers: one batch
    expect(together.copySeconds).toBe(one);
    const slow: Rates = { ...rates, alterLogDirsBytesPerSecond: MiB };
    const sameBroker = [
      { topic: "t", partition: 0, replicas: [[1, "/d1", 30 * MiB]] },
      { topic: "t", partition: 1, replicas: [[1, "/d1", 4 * MiB]] },
    ] as PartitionSpec[];
    const big = snapshot(sameBroker);
    const twice = planBatches(big, [entry(0, [1], ["/d2"]), entry(1, [1], ["/d2"])], { ...DEFAULT_EXECUTION, dirMovesPerBroker: 1, order: "largest-first" });
    const est = estimateExecution(twice, slow, { pollSeconds: 30 }); // 15 s of polling after the first batch: past the 11 s span
    expect(est.batchSeconds[1]).toBeCloseTo(estimateReassignment(big, [entry(1, [1], ["/d2"])], slow).copySeconds + batchOverheadSeconds(30), 9);
  });

  it("estimateExecution() of nothing to move is zero", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", GiB]] }]);
    const est = estimateExecution(planBatches(snap, [entry(0, [1])]), rates);
    expect(est.seconds).toBe(0);
    expect(est.batchSeconds).toEqual([]);
  });
});
