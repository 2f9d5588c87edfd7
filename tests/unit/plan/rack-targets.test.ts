import { describe, expect, it } from "vitest";
import { planRebalance, PlanOptionsSchema } from "@/lib/plan";
import { bandOf, brokerBands, participants, spreadCounted, topicBand, topicBandFor } from "@/lib/plan/goals";
import { PlanState } from "@/lib/plan/plan-state";
import { rackTargets } from "@/lib/plan/rack-targets";
import { goalRows } from "@/lib/view/plan/plan-goals";
import { GiB, snap } from "@/tests/support/snapshots";

/**
 * Three zones of 4, 4 and 3 brokers (ids 1–4, 5–8, 9–11), RF 3 with one replica in each zone, 10 GiB
 * replicas; inside zone a, broker 1 holds half of the zone's replicas.
 */
function threeZones(partitions = 48) {
  const rack = (id: number) => (id <= 4 ? "a" : id <= 8 ? "b" : "c");
  const brokers = Array.from({ length: 11 }, (_, i) => ({ id: i + 1, rack: rack(i + 1), logDirs: [{ path: "/d1", totalBytes: 4000 * GiB, usableBytes: 4000 * GiB }] }));
  const topic = {
    name: "t",
    partitions: Array.from({ length: partitions }, (_, p) => {
      const ids = [p % 2 === 0 ? 1 : 2 + (p % 3), 5 + (p % 4), 9 + (p % 3)];
      return { id: p, leader: ids[p % 3]!, isr: ids, replicas: ids.map((broker) => ({ broker, logDir: "/d1", sizeBytes: 10 * GiB })) };
    }),
  };
  return snap({ brokers, topics: [topic] });
}

describe("rack targets", () => {
  it("where every partition keeps a replica in each of three zones, each zone holds a third: its brokers' targets are a third over its size", () => {
    const state = new PlanState(threeZones(), new Set());
    const members = participants(state);
    const bands = brokerBands(state, 0.05, members);
    const total = 48 * 3 * 10 * GiB;
    for (const b of members) {
      const zone = b.id <= 8 ? 4 : 3;
      expect(bandOf(bands, "broker-bytes", b).mean).toBeCloseTo(total / 3 / zone, -3);
      expect(bandOf(bands, "broker-replicas", b).mean).toBeCloseTo(48 / zone, 6);
    }
    // The mean of all brokers is still the figure the reports are given over.
    expect(bands["broker-bytes"].mean).toBeCloseTo(total / 11, -3);
    // The targets add up to everything the brokers hold.
    const t = rackTargets(state, members, total, 48 * 3)!;
    expect([...t.count!.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(48 * 3, 6);
  });

  it("gives no targets where no rack can bind: four equal racks, RF 3", () => {
    const base = threeZones();
    const s = { ...base, brokers: base.brokers.map((b) => ({ ...b, rack: `r${(b.id - 1) % 4}` })).concat([{ ...base.brokers[0]!, id: 12, rack: "r3" }]) };
    const state = new PlanState(s, new Set());
    expect(brokerBands(state, 0.05).byBroker).toBeUndefined();
    // Nor without racks.
    const none = new PlanState({ ...base, brokers: base.brokers.map((b) => ({ ...b, rack: null })) }, new Set());
    expect(brokerBands(none, 0.05).byBroker).toBeUndefined();
  });

  it("a topic's band is its zone's where the zone holds more than its share: 48 partitions on 3 brokers of zone c are 16 each", () => {
    const state = new PlanState(threeZones(), new Set());
    const members = participants(state);
    const band = topicBand(state, "t", members, spreadCounted(state));
    expect(band.byRack).toBeDefined();
    expect(topicBandFor(band, state.brokers.get(9)).mean).toBeCloseTo(16, 6);
    expect(topicBandFor(band, state.brokers.get(1)).mean).toBeCloseTo(12, 6);
  });

  it("a rebalance evens out the brokers inside each zone, moves nothing between zones, and says what the racks allow", () => {
    const s = threeZones();
    const r = planRebalance(s, PlanOptionsSchema.parse({ operation: { kind: "rebalance" }, goals: ["broker-bytes", "broker-replicas", "topic-spread"] }));
    if (!r.ok) throw new Error(r.error.message);
    const p = r.value;
    expect(p.moves.length).toBeGreaterThan(0);
    const zone = (id: number) => (id <= 4 ? "a" : id <= 8 ? "b" : "c");
    for (const m of p.moves) expect(zone(m.toBroker)).toBe(zone(m.fromBroker));
    // Zone a before: broker 1 with 24 of its 48 replicas; after, 12 on each.
    const count = (id: number) => p.afterSnapshot.topics[0]!.partitions.filter((x) => x.replicas.some((rep) => rep.broker === id)).length;
    for (const id of [1, 2, 3, 4]) expect(count(id)).toBe(12);
    for (const id of [9, 10, 11]) expect(count(id)).toBe(16);
    for (const g of p.goals) expect(g.met).toBe(true);
    const replicas = p.goals.find((g) => g.goal === "broker-replicas")!;
    expect(replicas.after.rackTargets!.maxOverMean).toBeCloseTo(16 / (144 / 11), 6);
    expect(replicas.after.rackTargets!.minOverMean).toBeCloseTo(12 / (144 / 11), 6);
    const row = goalRows(p.goals).find((x) => x.goal === "broker-replicas")!;
    expect(row.spread.after).toBe("max 1.22×, min 0.92×; racks allow no better than max 1.22×, min 0.92×");
    // A second plan from the result moves nothing.
    const again = planRebalance(p.afterSnapshot, PlanOptionsSchema.parse({ operation: { kind: "rebalance" }, goals: ["broker-bytes", "broker-replicas", "topic-spread"] }));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.moves).toEqual([]);
  });
});
