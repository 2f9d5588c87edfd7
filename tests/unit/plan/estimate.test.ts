import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  batchOverheadSeconds,
  DEFAULT_RECORD_BATCH_BYTES,
  DIR_MOVE_PROMOTION_SECONDS,
  estimateReassignment,
  fetchEfficiency,
  JOB_FINISH_SECONDS,
  jobSeconds,
  moveSeconds,
  FETCH_BYTES,
  addFetch,
  nextBatchCredit,
  QUOTA_SPAN_SECONDS,
  REASSIGNMENT_COMPLETION_SECONDS,
  REPLICA_FETCH_MAX_BYTES,
  type Rates,
} from "@/lib/plan/estimate";
import type { ReassignmentEntry } from "@/lib/model/reassignment-json";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

const MiB = 1024 ** 2;
const rates: Rates = { replicationBytesPerSecond: 50 * MiB, alterLogDirsBytesPerSecond: 100 * MiB };
/** Rates whose batches fill a fetch exactly, so seconds are bytes ÷ rate plus the model's fixed terms. */
const exact: Rates = { ...rates, recordBatchBytes: REPLICA_FETCH_MAX_BYTES };
/** What a partition's last fetch carries: its bytes past the whole fetches before it. */
const rest = (bytes: number) => bytes - (Math.ceil(bytes / FETCH_BYTES) - 1) * FETCH_BYTES;
/** The model from its parameters: the bytes before the last fetch at the rate, then the fixed cost. */
const inter = (bytes: number, rate: number, last = rest(bytes)) => (bytes - last) / rate + REASSIGNMENT_COMPLETION_SECONDS;
const intra = (bytes: number, rate: number, last = rest(bytes)) => (bytes - last) / rate + DIR_MOVE_PROMOTION_SECONDS;

function snapshot(partitions: PartitionSpec[]) {
  return cluster({ brokers: [1, 2, 3, 4].map((id) => ({ id, dirs: ["/d1", "/d2"] })), partitions });
}

const entry = (partition: number, replicas: number[], logDirs = replicas.map(() => "any"), topic = "t"): ReassignmentEntry => ({ topic, partition, replicas, logDirs });

describe("estimateReassignment()", () => {
  it("estimateReassignment() copies a new replica's bytes into its broker and out of the leader, at the replication rate", () => {
    const snap = snapshot([
      {
        topic: "t",
        partition: 0,
        replicas: [
          [1, "/d1", 10 * GiB],
          [2, "/d1", 10 * GiB],
        ],
      },
    ]);
    const e = estimateReassignment(snap, [entry(0, [1, 3])], exact);
    expect(e.interBrokerBytes).toBe(10 * GiB);
    expect(e.dirMoveBytes).toBe(0);
    expect(e.brokers.map((b) => [b.broker, b.inBytes, b.outBytes])).toEqual([
      [1, 0, 10 * GiB],
      [3, 10 * GiB, 0],
    ]);
    expect(e.copySeconds).toBeCloseTo(inter(10 * GiB, 50 * MiB), 9); // 10 GiB at 50 MiB/s
  });

  it("estimateReassignment() names the leader feeding several new replicas as the bottleneck", () => {
    const snap = snapshot([
      {
        topic: "t",
        partition: 0,
        replicas: [
          [1, "/d1", 10 * GiB],
          [2, "/d1", 10 * GiB],
        ],
      },
      {
        topic: "t",
        partition: 1,
        replicas: [
          [1, "/d2", 10 * GiB],
          [2, "/d2", 10 * GiB],
        ],
      },
    ]);
    const e = estimateReassignment(snap, [entry(0, [1, 3]), entry(1, [1, 4])], exact);
    expect(e.bottleneck).toEqual({ broker: 1, limitedBy: "leader" });
    expect(e.copySeconds).toBeCloseTo(inter(20 * GiB, 50 * MiB, rest(10 * GiB)), 9); // two followers, one fetcher each: the larger last fetch
    expect(e.brokers.find((b) => b.broker === 3)!.limitedBy).toBe("follower");
  });

  it("estimateReassignment() sizes a copy as the planner does: the leader's bytes, even when a follower holds more", () => {
    const snap = snapshot([
      {
        topic: "t",
        partition: 0,
        replicas: [
          [1, "/d1", 4 * GiB],
          [2, "/d1", 6 * GiB],
        ],
      },
    ]);
    expect(estimateReassignment(snap, [entry(0, [1, 3])], rates).interBrokerBytes).toBe(4 * GiB);
  });

  it("estimateReassignment() copies from the first replica when the partition has no leader", () => {
    const snap = snapshot([
      {
        topic: "t",
        partition: 0,
        leader: null,
        replicas: [
          [2, "/d1", GiB],
          [1, "/d1", GiB],
        ],
      },
    ]);
    const e = estimateReassignment(snap, [entry(0, [2, 1, 3])], rates);
    expect(e.brokers.filter((b) => b.outBytes > 0).map((b) => b.broker)).toEqual([2]);
  });

  it("estimateReassignment() times a dir move at the alter-log-dirs rate, with no replication traffic", () => {
    const snap = snapshot([
      {
        topic: "t",
        partition: 0,
        replicas: [
          [1, "/d1", 10 * GiB],
          [2, "/d1", 4 * GiB],
        ],
      },
    ]);
    const e = estimateReassignment(snap, [entry(0, [1, 2], ["any", "/d2"])], exact);
    expect([e.interBrokerBytes, e.dirMoveBytes]).toEqual([0, 4 * GiB]);
    expect(e.bottleneck).toEqual({ broker: 2, limitedBy: "alter-log-dirs" });
    expect(e.copySeconds).toBeCloseTo(intra(4 * GiB, 100 * MiB), 9); // 4 GiB at 100 MiB/s
    const slowerReplication = estimateReassignment(snap, [entry(0, [1, 2], ["any", "/d2"])], { ...exact, replicationBytesPerSecond: 1 });
    expect(slowerReplication.seconds).toBe(e.seconds);
  });

  it("estimateReassignment() copies nothing for a replica that stays in its dir, pinned or not; the job's own steps remain", () => {
    const snap = snapshot([
      {
        topic: "t",
        partition: 0,
        replicas: [
          [1, "/d1", GiB],
          [2, "/d2", GiB],
        ],
      },
    ]);
    const e = estimateReassignment(snap, [entry(0, [2, 1], ["/d2", "any"])], rates);
    expect([e.copySeconds, e.bottleneck, e.brokers]).toEqual([0, null, []]);
    expect(e.seconds).toBe(batchOverheadSeconds() + JOB_FINISH_SECONDS);
  });

  it("estimateReassignment() of no entries takes no time: there is no job", () => {
    expect(estimateReassignment(snapshot([]), [], rates).seconds).toBe(0);
  });

  it("estimateReassignment() ignores entries for topics or partitions the snapshot does not have", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", GiB]] }]);
    const e = estimateReassignment(snap, [entry(7, [2]), entry(0, [2], ["any"], "other")], rates);
    expect([e.copySeconds, e.interBrokerBytes, e.brokers]).toEqual([0, 0, []]);
  });

  it("estimateReassignment() reserves the ongoing replication from the rate, never below 1 byte/s", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", 100 * MiB]] }]);
    const moves = [entry(0, [2])];
    expect(estimateReassignment(snap, moves, { ...exact, ongoingBytesPerSecond: 30 * MiB }).copySeconds).toBeCloseTo(inter(100 * MiB, 20 * MiB), 9);
    expect(estimateReassignment(snap, moves, { ...exact, ongoingBytesPerSecond: 80 * MiB }).copySeconds).toBeCloseTo(inter(100 * MiB, 1), 3);
  });

  const sizesArb = fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 6 });
  const targetsArb = fc.array(fc.integer({ min: 2, max: 4 }), { minLength: 6, maxLength: 6 });

  it("estimateReassignment() takes longer with more bytes and never longer with a higher throttle", () => {
    fc.assert(
      fc.property(
        sizesArb,
        targetsArb,
        fc.nat(5),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        (sizes, targets, grown, extra, rate, faster) => {
          const partitions = (bump: number) =>
            sizes.map((s, p): PartitionSpec => ({ topic: "t", partition: p, replicas: [[1, "/d1", (s + (p === grown % sizes.length ? bump : 0)) * GiB]] }));
          const moves = sizes.map((_, p) => entry(p, [targets[p]!]));
          const r = { replicationBytesPerSecond: rate * MiB, alterLogDirsBytesPerSecond: rate * MiB };
          const base = estimateReassignment(snapshot(partitions(0)), moves, r);
          const bigger = estimateReassignment(snapshot(partitions(extra)), moves, r);
          expect(bigger.seconds).toBeGreaterThan(base.seconds);
          expect(bigger.interBrokerBytes).toBe(base.interBrokerBytes + extra * GiB);
          const quicker = estimateReassignment(snapshot(partitions(0)), moves, { ...r, replicationBytesPerSecond: (rate + faster) * MiB });
          expect(quicker.seconds).toBeLessThanOrEqual(base.seconds);
          // Strictly shorter while there is more to copy than the last fetch.
          if (base.copySeconds > REASSIGNMENT_COMPLETION_SECONDS + 1) expect(quicker.seconds).toBeLessThan(base.seconds);
        },
      ),
    );
  });

  it("estimateReassignment() states what it does not model", () => {
    const e = estimateReassignment(snapshot([]), [], rates);
    expect(e.assumptions.join(" ")).toMatch(/bytes produced during the move are not included/);
    expect(e.assumptions.join(" ")).toMatch(/ongoingBytesPerSecond/);
    expect(e.assumptions.join(" ")).toMatch(/The throttle is the limit/);
  });

  it("estimateReassignment() is shorter than bytes ÷ rate by the last fetch, which the quota lets through without waiting for it", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", 60 * MiB]] }]);
    const slow = { ...exact, replicationBytesPerSecond: MiB };
    const e = estimateReassignment(snap, [entry(0, [2])], slow);
    // 60 MiB in fetches of FETCH_BYTES (63 record batches of 16 KiB): 60 whole ones, then 480 KiB.
    expect(rest(60 * MiB)).toBe(480 * 1024);
    expect(e.copySeconds - REASSIGNMENT_COMPLETION_SECONDS).toBeCloseTo(60 - 480 / 1024, 9);
  });

  // The apply bench's moves (scripts/bench/apply.ts): 4 partitions of one leader to one new broker; the follower's one fetcher takes up to FETCH_BYTES of each per fetch.
  for (const mibPerSecond of [0.5, 1, 10, 50]) {
    it(`estimateReassignment() at ${mibPerSecond} MiB/s: a follower fetching 4 partitions at once waits for every round but the last (4 partitions' rests)`, () => {
      const size = Math.round(mibPerSecond * 6 * MiB + 12345); // about 24 s of copy in all
      const snap = snapshot([0, 1, 2, 3].map((p): PartitionSpec => ({ topic: "t", partition: p, replicas: [[1, "/d1", size]] })));
      const r: Rates = { replicationBytesPerSecond: mibPerSecond * MiB, alterLogDirsBytesPerSecond: mibPerSecond * MiB };
      const e = estimateReassignment(
        snap,
        [0, 1, 2, 3].map((p) => entry(p, [1, 3])),
        r,
      );
      const efficiency = fetchEfficiency();
      const expected = (4 * size - 4 * rest(size)) / (mibPerSecond * MiB * efficiency) + REASSIGNMENT_COMPLETION_SECONDS;
      expect(e.copySeconds).toBeCloseTo(expected, 9);
      expect(e.bottleneck?.broker).toBe(1); // leader and follower copy the same bytes; the leader is named first
      expect(e.seconds).toBeCloseTo(expected + batchOverheadSeconds() + JOB_FINISH_SECONDS, 9);
      // Each whole round is FETCH_BYTES per partition at the rate: at 0.5 MiB/s a round of 4 fetches is about 8 s.
      expect((4 * FETCH_BYTES) / (mibPerSecond * MiB * efficiency)).toBeCloseTo(4 / mibPerSecond, 9);
      const dirs = estimateReassignment(
        snap,
        [0, 1, 2, 3].map((p) => entry(p, [1], ["/d2"])),
        r,
      );
      expect(dirs.copySeconds).toBeCloseTo((4 * size - 4 * rest(size)) / (mibPerSecond * MiB * efficiency) + DIR_MOVE_PROMOTION_SECONDS, 9);
    });
  }

  it("estimateReassignment() takes longer when record batches are large: the quota counts the partial batch at the end of each fetch", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", 10 * GiB]] }]);
    const small = estimateReassignment(snap, [entry(0, [2])], { ...rates, recordBatchBytes: 16 * 1024 });
    const large = estimateReassignment(snap, [entry(0, [2])], { ...rates, recordBatchBytes: 512 * 1024 });
    expect(large.copySeconds).toBeGreaterThan(small.copySeconds * 1.3);
    expect(estimateReassignment(snap, [entry(0, [2])], rates).copySeconds).toBe(small.copySeconds); // 16 KiB is the default
  });

  it("estimateReassignment() adds up a broker's dir moves: its alter-log-dirs threads share one quota, and the last promotion is paid once", () => {
    const snap = snapshot([
      { topic: "t", partition: 0, replicas: [[1, "/d1", GiB]] },
      { topic: "t", partition: 1, replicas: [[1, "/d2", GiB]] },
    ]);
    const e = estimateReassignment(snap, [entry(0, [1], ["/d2"]), entry(1, [1], ["/d1"])], exact);
    expect(e.copySeconds).toBeCloseTo(intra(2 * GiB, 100 * MiB, 2 * rest(GiB)), 9); // both end in the same round
  });

  it("estimateReassignment() seconds are one job: the copy, one batch's overhead and the job's final steps", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", GiB]] }]);
    const e = estimateReassignment(snap, [entry(0, [2])], rates);
    expect(e.seconds).toBeCloseTo(e.copySeconds + batchOverheadSeconds(1) + JOB_FINISH_SECONDS, 9);
    const slowPolls = estimateReassignment(snap, [entry(0, [2])], rates, { pollSeconds: 5 });
    expect(slowPolls.seconds - e.seconds).toBeCloseTo(2, 9); // half of the 4 s longer poll interval
    expect(slowPolls.copySeconds).toBe(e.copySeconds);
  });
});

describe("addFetch() and nextBatchCredit()", () => {
  it("addFetch() keeps the most rounds any partition needs and what the last round carries", () => {
    const g = { rounds: 0, lastBytes: 0 };
    addFetch(g, 0);
    expect(g).toEqual({ rounds: 0, lastBytes: 0 });
    addFetch(g, 2.5 * FETCH_BYTES);
    expect(g).toEqual({ rounds: 3, lastBytes: 0.5 * FETCH_BYTES });
    addFetch(g, 2.25 * FETCH_BYTES); // the same rounds: its rest comes in the same last fetch
    expect(g).toEqual({ rounds: 3, lastBytes: 0.75 * FETCH_BYTES });
    addFetch(g, 1.5 * FETCH_BYTES); // done a round earlier
    expect(g.lastBytes).toBe(0.75 * FETCH_BYTES);
    addFetch(g, 5.1 * FETCH_BYTES); // more rounds: the last fetch is its own rest
    expect(g.rounds).toBe(6);
    expect(g.lastBytes).toBeCloseTo(0.1 * FETCH_BYTES, 3);
  });

  it("nextBatchCredit() gives back a quota's idle seconds less its last fetch's head start, nothing past the quota's span", () => {
    const r: Rates = { replicationBytesPerSecond: MiB, alterLogDirsBytesPerSecond: 2 * MiB, recordBatchBytes: REPLICA_FETCH_MAX_BYTES };
    const load = { inBytes: 10 * MiB, outBytes: 0, dirMoveBytes: 10 * MiB, lastFetchBytes: { in: MiB / 2, out: 0, dir: MiB } };
    const c = nextBatchCredit(load, r, { in: 2, out: 2, dir: 3 });
    expect(c.in).toBeCloseTo(1.5, 12);
    expect(c.out).toBe(0); // nothing went out under the leader quota
    expect(c.dir).toBeCloseTo(2.5, 12);
    expect(nextBatchCredit(load, r, { in: QUOTA_SPAN_SECONDS, out: 0, dir: 0.1 })).toEqual({ in: 0, out: 0, dir: 0 });
  });
});

describe("fetchEfficiency()", () => {
  it("fetchEfficiency() loses half a batch per 1 MiB fetch: 99.2% with the producer's default 16 KiB batches", () => {
    expect(fetchEfficiency()).toBe(fetchEfficiency(DEFAULT_RECORD_BATCH_BYTES));
    expect(fetchEfficiency(16 * 1024)).toBeCloseTo(1 - 1 / 128, 12);
    expect(fetchEfficiency(512 * 1024)).toBe(0.75);
  });

  it("fetchEfficiency() is 1 for batches of a whole fetch or more (Kafka returns at least one whole batch)", () => {
    expect(fetchEfficiency(REPLICA_FETCH_MAX_BYTES)).toBe(1);
    expect(fetchEfficiency(4 * REPLICA_FETCH_MAX_BYTES)).toBe(1);
  });
});

describe("batchOverheadSeconds() and jobSeconds()", () => {
  it("batchOverheadSeconds() grows by half of each second added to the poll interval", () => {
    expect(batchOverheadSeconds(3) - batchOverheadSeconds(1)).toBeCloseTo(1, 12);
    expect(batchOverheadSeconds()).toBe(batchOverheadSeconds(1));
  });

  it("jobSeconds() adds each batch's copy and overhead, and the job's final steps once", () => {
    const batches = [{ copySeconds: 30 }, { copySeconds: 12 }];
    expect(jobSeconds(batches, { pollSeconds: 2 })).toBeCloseTo(42 + 2 * batchOverheadSeconds(2) + JOB_FINISH_SECONDS, 12);
    expect(jobSeconds([])).toBe(0);
  });

  it("jobSeconds() of one batch is the estimate's seconds", () => {
    const snap = snapshot([{ topic: "t", partition: 0, replicas: [[1, "/d1", GiB]] }]);
    const e = estimateReassignment(snap, [entry(0, [2])], rates);
    expect(jobSeconds([e])).toBe(e.seconds);
  });
});

describe("moveSeconds()", () => {
  const rates: Rates = { replicationBytesPerSecond: 100, alterLogDirsBytesPerSecond: 400, ongoingBytesPerSecond: 50 };

  it("moveSeconds() times a dir move at the alter-log-dirs rate and a broker move at the replication rate less the reserve", () => {
    const whole = { ...rates, recordBatchBytes: REPLICA_FETCH_MAX_BYTES };
    expect(moveSeconds("intra", 8000, whole)).toBeCloseTo(intra(8000, 400), 12);
    expect(moveSeconds("inter", 8000, whole)).toBeCloseTo(inter(8000, 50), 12);
  });

  it("moveSeconds() of nothing is 0", () => {
    expect([moveSeconds("intra", 0, rates), moveSeconds("inter", 0, rates)]).toEqual([0, 0]);
  });

  it("moveSeconds() of the only move equals the estimate's copy", () => {
    const snap = cluster({ brokers: [1, 2].map((id) => ({ id, dirs: ["/d1", "/d2"] })), partitions: [{ topic: "t", partition: 0, replicas: [[1, "/d1", GiB]] }] });
    const dir = estimateReassignment(snap, [{ topic: "t", partition: 0, replicas: [1], logDirs: ["/d2"] }], rates);
    expect(moveSeconds("intra", GiB, rates)).toBe(dir.copySeconds);
    const broker = estimateReassignment(snap, [{ topic: "t", partition: 0, replicas: [2], logDirs: ["any"] }], rates);
    expect(moveSeconds("inter", GiB, rates)).toBe(broker.copySeconds);
  });
});
