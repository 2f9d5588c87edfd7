import { describe, expect, it } from "vitest";
import { brokerBands, byteBand, countBand, GOAL_LABELS, GOAL_NAMES, measureGoal, outOfBand, participants, spreadCounted, topicBand } from "@/lib/plan/goals";
import { PlanOptionsSchema, SOFT_GOALS } from "@/lib/plan/options";
import { PlanState } from "@/lib/plan/plan-state";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

const options = (tolerance = 0.05) => PlanOptionsSchema.parse({ tolerance });
const one = (topic: string, partition: number, broker: number, bytes: number, dir = "/d1"): PartitionSpec => ({ topic, partition, replicas: [[broker, dir, bytes]] });

describe("countBand() and byteBand()", () => {
  it("countBand() rounds the tolerance band inwards to whole counts", () => {
    expect(countBand(10, 0.2)).toEqual({ mean: 10, lo: 8, hi: 12 });
    expect(countBand(10, 0.05)).toEqual({ mean: 10, lo: 10, hi: 10 });
    expect(countBand(2, 0.05)).toEqual({ mean: 2, lo: 2, hi: 2 });
  });

  it("countBand() widens to the counts either side of the mean when the band holds no whole count", () => {
    expect(countBand(2.5, 0.05)).toEqual({ mean: 2.5, lo: 2, hi: 3 });
    expect(countBand(1 / 3, 0.05)).toEqual({ mean: 1 / 3, lo: 0, hi: 1 });
  });

  it("byteBand() is the mean plus and minus its tolerance share", () => {
    expect(byteBand(100, 0.05)).toEqual({ mean: 100, lo: 95, hi: 105 });
  });

  it("outOfBand() is the distance to the band, and everything a removed broker still holds", () => {
    const band = { mean: 10, lo: 8, hi: 12 };
    expect([5, 8, 10, 12, 15].map((v) => outOfBand(v, band, false))).toEqual([3, 0, 0, 0, 3]);
    expect(outOfBand(10, band, true)).toBe(10);
    expect(outOfBand(0, band, true)).toBe(0);
  });
});

describe("participants() and brokerBands()", () => {
  const snap = cluster({
    brokers: [
      { id: 1, dirs: ["/d1"] },
      { id: 2, dirs: ["/d1"] },
      { id: 3, dirs: ["/d1"] },
      { id: 4, state: "unreachable", dirs: ["/d1"] },
      { id: 5, dirs: [{ path: "/d1", state: "offline" }] },
    ],
    partitions: [
      one("t", 0, 1, 30 * GiB),
      one("t", 1, 2, 10 * GiB),
      one("t", 2, 3, 20 * GiB),
      {
        topic: "t",
        partition: 3,
        replicas: [
          [3, "/d1", GiB],
          [1, "/d1", GiB],
        ],
      },
    ],
  });

  it("participants() are the brokers that can take data and stay, by id", () => {
    const state = new PlanState(snap, new Set());
    expect(participants(state).map((b) => b.id)).toEqual([1, 2, 3]);
    state.brokers.get(2)!.removing = true;
    expect(participants(state).map((b) => b.id)).toEqual([1, 3]);
  });

  it("brokerBands() shares what participants and removed brokers hold over the participants", () => {
    const state = new PlanState(snap, new Set());
    const bands = brokerBands(state, 0.1);
    expect(bands["broker-bytes"].mean).toBe((62 * GiB) / 3);
    expect(bands["broker-replicas"]).toEqual({ mean: 5 / 3, lo: 1, hi: 2 });
    // Preferred leaders: the first replica of each of the 4 partitions.
    expect(bands["broker-leaders"].mean).toBe(4 / 3);
    state.brokers.get(2)!.removing = true;
    // Broker 2's 10 GiB must go somewhere: the mean is over the two brokers that stay.
    expect(brokerBands(state, 0.1)["broker-bytes"].mean).toBe(31 * GiB);
  });
});

describe("measureGoal()", () => {
  it("measureGoal() counts the brokers outside a broker goal and the fullest and emptiest over the mean", () => {
    const snap = cluster({
      brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1"] })),
      partitions: [one("t", 0, 1, 30 * GiB), one("t", 1, 2, 10 * GiB), one("t", 2, 3, 20 * GiB)],
    });
    const m = measureGoal(new PlanState(snap, new Set()), "broker-bytes", options());
    expect(m).toEqual({ outside: 2, maxOverMean: 1.5, minOverMean: 0.5, worst: null, measured: 3, unmeasured: 0 });
    expect(measureGoal(new PlanState(snap, new Set()), "broker-bytes", options(0.5)).outside).toBe(0);
    // One replica each: replica counts are even.
    expect(measureGoal(new PlanState(snap, new Set()), "broker-replicas", options())).toEqual({
      outside: 0,
      maxOverMean: 1,
      minOverMean: 1,
      worst: null,
      measured: 3,
      unmeasured: 0,
    });
  });

  it("measureGoal() counts a broker being removed as outside while it holds anything, and leaves it out of the extremes", () => {
    const snap = cluster({
      brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1"] })),
      partitions: [one("t", 0, 1, 20 * GiB), one("t", 1, 2, 20 * GiB), one("t", 2, 3, GiB)],
    });
    const state = new PlanState(snap, new Set());
    state.brokers.get(3)!.removing = true;
    const m = measureGoal(state, "broker-bytes", options());
    expect(m.outside).toBe(1);
    expect(m.maxOverMean).toBeCloseTo(40 / 41, 10);
    expect(m.minOverMean).toBeCloseTo(40 / 41, 10);
  });

  it("measureGoal() for dirs counts each dir outside its broker's utilisation and the worst distance in points", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: ["/d1", "/d2"] },
        { id: 2, dirs: ["/d1", "/d2"] },
      ],
      partitions: [one("t", 0, 1, 40 * GiB), one("t", 1, 2, 10 * GiB), one("t", 2, 2, 10 * GiB, "/d2")],
    });
    const m = measureGoal(new PlanState(snap, new Set()), "dir-utilization", options());
    // Broker 1: 40% and 0% against a mean of 20%: both dirs 20 points out; broker 2 even.
    expect(m.outside).toBe(2);
    expect(m.worst).toBeCloseTo(0.2, 10);
    expect(measureGoal(new PlanState(snap, new Set()), "dir-utilization", options(0.25)).outside).toBe(0);
    expect(m.worstShare).toBeNull();
    expect([m.measured, m.unmeasured]).toEqual([4, 0]);
  });

  it("measureGoal() for dirs of unknown capacity measures by an even share of the broker's bytes, never as 0 points", () => {
    const snap = cluster({
      brokers: [
        {
          id: 1,
          dirs: [
            { path: "/d1", totalBytes: null },
            { path: "/d2", totalBytes: null },
          ],
        },
      ],
      partitions: [one("t", 0, 1, 30 * GiB), one("t", 1, 1, 10 * GiB, "/d2")],
    });
    const m = measureGoal(new PlanState(snap, new Set()), "dir-utilization", options());
    // 30 and 10 GiB against an even 20: each dir is half its share away.
    expect(m.outside).toBe(2);
    expect(m.worst).toBeNull();
    expect(m.worstShare).toBeCloseTo(0.5, 10);
  });

  it("measureGoal() counts what it cannot measure: an offline dir, a broker that did not answer", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: ["/d1", { path: "/d2", state: "offline" }] },
        { id: 2, dirs: ["/d1", "/d2"] },
        { id: 3, dirs: ["/d1"], state: "unreachable" },
      ],
      partitions: [one("t", 0, 1, 10 * GiB), one("t", 1, 2, 10 * GiB)],
    });
    const state = new PlanState(snap, new Set());
    const dirs = measureGoal(state, "dir-utilization", options());
    // Broker 1 has one open dir left (nothing to compare); broker 2's two are measured; /d2 of broker 1 and broker 3's dir are not.
    expect([dirs.measured, dirs.unmeasured]).toEqual([2, 2]);
    const bytes = measureGoal(state, "broker-bytes", options());
    expect([bytes.measured, bytes.unmeasured]).toEqual([2, 1]);
  });

  it("measureGoal() says nothing was measurable when no broker has two open dirs", () => {
    const snap = cluster({ brokers: [{ id: 1, dirs: ["/d1"] }], partitions: [one("t", 0, 1, GiB)] });
    const m = measureGoal(new PlanState(snap, new Set()), "dir-utilization", options());
    expect(m).toEqual({ outside: 0, maxOverMean: null, minOverMean: null, worst: null, worstShare: null, measured: 0, unmeasured: 0 });
  });

  it("measureGoal() for topic spread counts topic × broker pairs outside the topic's band, a broker without any included", () => {
    const snap = cluster({
      brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1"] })),
      // Topic a: 6 replicas on broker 1, none elsewhere (mean 2, band [1, 3]: one either side of the mean,
      // whatever the tolerance); topic b: one per broker (band [0, 2]).
      partitions: [...[0, 1, 2, 3, 4, 5].map((p) => one("a", p, 1, GiB)), one("b", 0, 1, GiB), one("b", 1, 2, GiB), one("b", 2, 3, GiB)],
    });
    const state = new PlanState(snap, new Set());
    expect(topicBand(state, "a", participants(state), spreadCounted(state))).toEqual({ mean: 2, lo: 1, hi: 3 });
    expect(topicBand(state, "b", participants(state), spreadCounted(state))).toEqual({ mean: 1, lo: 0, hi: 2 });
    expect(measureGoal(state, "topic-spread", options())).toEqual({ outside: 3, maxOverMean: null, minOverMean: null, worst: 3, measured: 3, unmeasured: 0 });
  });
});

describe("GOAL_LABELS and GOAL_NAMES", () => {
  it("GOAL_LABELS and GOAL_NAMES name every soft goal", () => {
    for (const g of SOFT_GOALS) {
      expect(GOAL_LABELS[g].length).toBeGreaterThan(5);
      expect(GOAL_NAMES[g]).toMatch(/^[a-z ]+$/);
    }
  });
});
