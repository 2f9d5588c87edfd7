import { describe, expect, it } from "vitest";
import { stateAfterGenerate } from "@/lib/plan/generate-after";
import { PlanState } from "@/lib/plan/plan-state";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

const aggregates = (s: PlanState) => ({
  brokers: [...s.brokers.values()].map((b) => ({ id: b.id, bytes: b.bytes, count: b.count, leaders: b.leaders, dirs: b.dirs.map((d) => [d.path, d.bytes]) })),
  topics: [...s.topicCounts].map(([t, m]) => [t, [...m].sort((a, b) => a[0] - b[0])]),
});

const BEFORE: PartitionSpec[] = [
  {
    topic: "t",
    partition: 0,
    replicas: [
      [1, "/d1", 10 * GiB],
      [2, "/d1", 9 * GiB],
    ],
  },
  {
    topic: "t",
    partition: 1,
    replicas: [
      [2, "/d1", 4 * GiB],
      [1, "/d1", 4 * GiB],
    ],
  },
];

/** Broker 1 has two dirs (/d1 holds 2 logs of `BEFORE`, /d2 none), broker 2 one, broker 3 two empty ones. */
function three(partitions: PartitionSpec[] = BEFORE) {
  return cluster({
    brokers: [
      { id: 1, dirs: ["/d1", "/d2"] },
      { id: 2, dirs: ["/d1"] },
      { id: 3, dirs: ["/a", "/b"] },
    ],
    partitions,
  });
}

describe("stateAfterGenerate()", () => {
  it("stateAfterGenerate() counts Kafka's --generate proposal as done: a new replica in the dir with the fewest logs at the copy size, the one it replaces gone, leaders by first replica", () => {
    const generated = new Map([
      [
        "t",
        [
          [3, 2],
          [1, 3],
        ],
      ],
    ]);
    const { state, unplaced, leftBehind } = stateAfterGenerate(three(), generated, { kind: "rebalance" });
    expect(unplaced).toBe(0);
    expect(leftBehind).toBe(0);
    // t-0: broker 3 takes the leader's 10 GiB in /a (first of two empty dirs), broker 1's copy leaves; t-1: broker 3 takes 4 GiB in /b (/a now holds one log).
    const after = three([
      {
        topic: "t",
        partition: 0,
        replicas: [
          [3, "/a", 10 * GiB],
          [2, "/d1", 9 * GiB],
        ],
      },
      {
        topic: "t",
        partition: 1,
        replicas: [
          [1, "/d1", 4 * GiB],
          [3, "/b", 4 * GiB],
        ],
      },
    ]);
    expect(aggregates(state)).toEqual(aggregates(new PlanState(after, new Set())));
    expect(state.partitions).toEqual([]);
  });

  it("stateAfterGenerate() leaves a partition it cannot place as it is and counts it; replicas left on a broker being removed or in a dir being drained are counted", () => {
    const snap = three();
    snap.brokers.find((b) => b.id === 3)!.state = "unreachable";
    const before = aggregates(PlanState.forMeasuring(snap));
    const out = stateAfterGenerate(
      snap,
      new Map([
        [
          "t",
          [
            [3, 2],
            [1, 2],
          ],
        ],
      ]),
      { kind: "remove-brokers", brokers: [1] },
    );
    expect(out.unplaced).toBe(1);
    // t-0 stays (1 on broker 1); t-1 is only reordered, broker 1 first (its replica there stays): 2 left behind.
    expect(out.leftBehind).toBe(2);
    expect(out.state.brokers.get(1)!.removing).toBe(true);
    const after = aggregates(out.state);
    expect(after.brokers.map((b) => b.bytes)).toEqual(before.brokers.map((b) => b.bytes));
    expect(after.brokers.map((b) => b.leaders)).toEqual([2, 0, 0]);
    const drained = stateAfterGenerate(
      three(),
      new Map([
        [
          "t",
          [
            [1, 3],
            [1, 2],
          ],
        ],
      ]),
      { kind: "drain-dirs", dirs: [{ broker: 1, path: "/d1" }], cordon: false },
    );
    // Broker 1 keeps both replicas in /d1: --generate pins no dir.
    expect(drained.leftBehind).toBe(2);
  });
});
