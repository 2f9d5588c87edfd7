import { describe, expect, it } from "vitest";
import { balanceLeaders, leadershipChanges } from "@/lib/plan/leadership";
import { PlanOptionsSchema } from "@/lib/plan/options";
import { PlanState } from "@/lib/plan/plan-state";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

const options = PlanOptionsSchema.parse({ tolerance: 0.05 });
const leaders = (state: PlanState) => Object.fromEntries([...state.brokers.values()].map((b) => [b.id, b.leaders]));
/** Partitions of topic t with these replica lists (preferred leader first), each replica 1 GiB. */
const parts = (lists: number[][], isr?: (p: number) => number[]): PartitionSpec[] =>
  lists.map((l, p) => ({ topic: "t", partition: p, replicas: l.map((b): [number, string, number] => [b, "/d1", GiB]), ...(isr ? { isr: isr(p) } : {}) }));
const brokers = (ids: number[]) => ids.map((id) => ({ id, dirs: ["/d1"] }));

function run(snap: ClusterSnapshot, onlyTo: ReadonlySet<number> | null = null, mark?: (s: PlanState) => void) {
  const state = new PlanState(snap, new Set());
  mark?.(state);
  balanceLeaders(state, options, onlyTo);
  return state;
}

describe("balanceLeaders()", () => {
  it("balanceLeaders() gives leadership to a broker short of it by reordering replicas, moving no data", () => {
    const state = run(
      cluster({
        brokers: brokers([1, 2]),
        partitions: parts([
          [1, 2],
          [1, 2],
          [1, 2],
          [1, 2],
        ]),
      }),
    );
    expect(leaders(state)).toEqual({ 1: 2, 2: 2 });
    for (const p of state.partitions) {
      expect([...p.replicas].sort()).toEqual([1, 2]);
      for (const r of p.members) expect([r.broker, r.dir]).toEqual([r.originalBroker, r.originalDir]);
    }
  });

  it("balanceLeaders() hands leadership along a chain where no single change helps: 1 → 2 → 3", () => {
    // Broker 1 prefers two partitions, 2 one, 3 none (band 1–1). 1 shares partitions only with 2, and 3 only with 2:
    // 1 → 2 alone leaves 2 above the band, 2 → 3 alone leaves 2 below it; both together even all three.
    const state = run(
      cluster({
        brokers: brokers([1, 2, 3]),
        partitions: parts([
          [1, 2],
          [1, 2],
          [2, 3],
        ]),
      }),
    );
    expect(leaders(state)).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect(state.partitions.map((p) => p.replicas)).toEqual([
      [2, 1],
      [1, 2],
      [3, 2],
    ]);
  });

  it("balanceLeaders() makes no chain through a replica that was out of sync", () => {
    const state = run(
      cluster({
        brokers: brokers([1, 2, 3]),
        partitions: parts(
          [
            [1, 2],
            [1, 2],
            [2, 3],
          ],
          (p) => (p === 2 ? [2] : [1, 2]),
        ),
      }),
    );
    expect(leaders(state)).toEqual({ 1: 2, 2: 1, 3: 0 });
  });

  it("balanceLeaders() never makes a replica that was out of sync the preferred leader", () => {
    // Broker 2 is out of the ISR of partitions 0 and 1: only partitions 2 and 3 can hand it leadership.
    const state = run(
      cluster({
        brokers: brokers([1, 2]),
        partitions: parts(
          [
            [1, 2],
            [1, 2],
            [1, 2],
            [1, 2],
            [1, 2],
            [1, 2],
          ],
          (p) => (p < 4 ? [1] : [1, 2]),
        ),
      }),
    );
    expect(state.partitions.filter((p) => p.replicas[0] === 2).map((p) => p.partition)).toEqual([4, 5]);
  });

  it("balanceLeaders() hands leadership from a broker above the band to the replica with the fewest", () => {
    // Broker 1 leads 4, brokers 2 and 3 lead 1 each (mean 2): broker 1 gives 1 to each of the others.
    const state = run(
      cluster({
        brokers: brokers([1, 2, 3]),
        partitions: parts([
          [1, 2],
          [1, 3],
          [1, 2, 3],
          [1, 3, 2],
          [2, 1],
          [3, 1],
        ]),
      }),
    );
    expect(leaders(state)).toEqual({ 1: 2, 2: 2, 3: 2 });
  });

  it("balanceLeaders() gives leadership only to the brokers allowed (the ones being added)", () => {
    const snap = cluster({
      brokers: brokers([1, 2, 3]),
      partitions: parts([
        [1, 2],
        [1, 2],
        [1, 3],
        [1, 3],
        [1, 3],
        [1, 2],
      ]),
    });
    const state = run(snap, new Set([3]));
    expect(leaders(state)).toEqual({ 1: 4, 2: 0, 3: 2 });
  });

  it("balanceLeaders() with brokers being added also lets a broker above the band hand leadership to them, once they reach the band", () => {
    // Broker 1 leads 96 (each partition also on the new broker 3), broker 2 leads 24, broker 3 none: mean 40, band [38, 42].
    // Broker 3 first takes 38 (the band's floor), then broker 1, still above the band, hands it 4 more (to the band's top); broker 2 may not gain.
    const snap = cluster({
      brokers: brokers([1, 2, 3]),
      partitions: parts([...Array.from({ length: 96 }, () => [1, 3]), ...Array.from({ length: 24 }, () => [2, 1])]),
    });
    const state = run(snap, new Set([3]));
    expect(leaders(state)).toEqual({ 1: 54, 2: 24, 3: 42 });
  });

  it("balanceLeaders() never gives leadership to a broker being removed or offline", () => {
    // Broker 1 leads all five; broker 2 is being removed, broker 3 is unreachable: only broker 4 may take any.
    const snap = cluster({
      brokers: [...brokers([1, 2]), { id: 3, state: "unreachable", dirs: ["/d1"] }, ...brokers([4])],
      partitions: parts([
        [1, 2],
        [1, 2],
        [1, 3],
        [1, 3],
        [1, 4],
      ]),
    });
    const state = run(snap, null, (s) => (s.brokers.get(2)!.removing = true));
    expect(state.partitions.map((p) => p.replicas[0])).toEqual([1, 1, 1, 1, 4]);
  });

  it("balanceLeaders() leaves a cluster whose leaders are within the band alone", () => {
    const state = run(
      cluster({
        brokers: brokers([1, 2]),
        partitions: parts([
          [1, 2],
          [2, 1],
          [1, 2],
          [2, 1],
        ]),
      }),
    );
    expect(leadershipChanges(state)).toEqual([]);
  });
});

describe("leadershipChanges()", () => {
  it("leadershipChanges() lists each partition whose preferred leader changes by a reorder, from whom to whom", () => {
    const state = run(
      cluster({
        brokers: brokers([1, 2]),
        partitions: parts([
          [1, 2],
          [1, 2],
          [1, 2],
          [1, 2],
        ]),
      }),
    );
    const changes = leadershipChanges(state);
    expect(changes).toHaveLength(2);
    for (const c of changes) expect(c).toMatchObject({ topic: "t", from: 1, to: 2 });
  });

  it("leadershipChanges() does not count a first replica that moved to another broker: that is a data move", () => {
    const snap = cluster({ brokers: brokers([1, 2, 3]), partitions: parts([[1, 2]]) });
    const state = new PlanState(snap, new Set());
    const first = state.partitions[0]!.members[0]!;
    state.moveToBroker(first, state.brokers.get(3)!.dirs[0]!);
    expect(state.partitions[0]!.replicas).toEqual([3, 2]);
    expect(leadershipChanges(state)).toEqual([]);
  });
  it("takes leadership of a partition whose topic crowds the taker last, and hands it over first: the replica stays free to move", () => {
    // Topic x crowds brokers 1 and 2 (4 replicas each, a mean of 2); y is even. Broker 2 leads 6, broker 1 none.
    const spec = (topic: string, lists: number[][]): PartitionSpec[] =>
      lists.map((l, p) => ({ topic, partition: p, replicas: l.map((b): [number, string, number] => [b, "/d1", GiB]) }));
    const snap = cluster({
      brokers: brokers([1, 2, 3, 4]),
      partitions: [
        ...spec("x", [
          [2, 1],
          [2, 1],
          [2, 1],
          [2, 1],
        ]),
        ...spec("y", [
          [2, 1],
          [2, 1],
          [3, 4],
          [4, 3],
        ]),
      ],
    });
    const state = run(snap);
    expect(leaders(state)).toEqual({ 1: 2, 2: 4, 3: 1, 4: 1 });
    const firsts = (topic: string) => state.topicPartitions.get(topic)!.map((p) => p.replicas[0]);
    // Broker 1 takes y's two partitions, not x's (which it would then have to keep while leaders stay).
    expect(firsts("x")).toEqual([2, 2, 2, 2]);
    expect(firsts("y")).toEqual([1, 1, 3, 4]);
  });
});
