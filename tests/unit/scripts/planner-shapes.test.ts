import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { plannerScaleCluster, PLANNER_SCALE } from "@/scripts/bench/planner-scale";
import { SHAPES, topicSpread } from "@/scripts/bench/planner-shapes";

const small = { ...PLANNER_SCALE, oldBrokers: 12, newBrokers: 2, racks: 3, dirsPerBroker: 4, partitions: 600 };

describe("the planner-shapes corpus", () => {
  it("names every shape once and says what it stands for", () => {
    const names = SHAPES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const s of SHAPES) expect(s.note.length).toBeGreaterThan(20);
  });

  it("the cluster's knobs: relative dir sizes keep the mean capacity, racks follow rackOf, huge partitions are huge", () => {
    const plain = plannerScaleCluster(small).snapshot;
    const mixed = plannerScaleCluster({ ...small, dirCapacityFactors: [1, 1, 2, 2], rackOf: (id) => (id <= 8 ? "big" : "small") }).snapshot;
    const caps = mixed.brokers[0]!.logDirs.map((d) => d.totalBytes!);
    expect(caps[2]! / caps[0]!).toBeCloseTo(2, 6);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    // The mean capacity is kept, or grows by one factor for all where the fullest dir would pass 95%.
    const fill = (s: typeof plain) => Math.max(...s.brokers.flatMap((b) => b.logDirs.map((d) => (d.totalBytes! - d.usableBytes!) / d.totalBytes!)));
    const plainCap = plain.brokers[0]!.logDirs[0]!.totalBytes!;
    if (fill(plain) < 0.95 - 1e-6) expect(plain.brokers.flatMap((b) => b.logDirs).every((d) => d.totalBytes === plainCap)).toBe(true);
    expect(fill(mixed)).toBeLessThanOrEqual(0.95 + 1e-9);
    expect(mean(caps)).toBeGreaterThanOrEqual(plainCap - 1);
    if (fill(mixed) < 0.95 - 1e-6) expect(mean(caps)).toBeCloseTo(plainCap, -3);
    // A disk holds no more than its size: at 90% mean utilisation some dir would pass 95%, and none does.
    const packed = plannerScaleCluster({ ...small, meanUtilization: 0.9 }).snapshot;
    expect(fill(packed)).toBeCloseTo(0.95, 6);
    expect(new Set(mixed.brokers.map((b) => b.rack))).toEqual(new Set(["big", "small"]));
    const sizes = (s: typeof plain) => s.topics.flatMap((t) => t.partitions.map((p) => p.replicas[0]!.sizeBytes!));
    const huge = plannerScaleCluster({ ...small, hugePartitions: { count: 3, factor: 200 } }).snapshot;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(Math.max(...sizes(huge)) / median(sizes(huge))).toBeGreaterThan(50);
  });

  it("the defaults build the cluster planner-scale always built (its figures stay comparable across releases)", () => {
    // The SHA-256 of this small cluster's JSON, from planner-scale.ts before the shape knobs were added.
    const hash = createHash("sha256")
      .update(JSON.stringify(plannerScaleCluster(small).snapshot))
      .digest("hex");
    expect(hash).toBe("5f10fb5825c7e2d4f6b1b9c0e1c7c0ad6117b2964f3064e7c51f3b1212c4ac17");
  });

  it("topicSpread() counts a topic's replicas per broker against ⌈its mean over the online brokers⌉", () => {
    const { snapshot } = plannerScaleCluster(small);
    const one = { ...snapshot, topics: [snapshot.topics[1]!] };
    const counts = new Map<number, number>();
    let replicas = 0;
    for (const p of one.topics[0]!.partitions)
      for (const r of p.replicas) {
        counts.set(r.broker, (counts.get(r.broker) ?? 0) + 1);
        replicas += 1;
      }
    const ceiling = Math.ceil(replicas / snapshot.brokers.length);
    const spread = topicSpread(one);
    expect(spread.worst).toBe(Math.max(0, ...[...counts.values()].map((c) => c - ceiling)));
    expect(spread.cellsOverByMoreThanOne).toBe([...counts.values()].filter((c) => c > ceiling + 1).length);
    // Everything on one broker of 14: the excess is all of it less the ceiling.
    const piled = { ...one, topics: [{ ...one.topics[0]!, partitions: one.topics[0]!.partitions.map((p) => ({ ...p, replicas: p.replicas.map((r) => ({ ...r, broker: 1 })) })) }] };
    expect(topicSpread(piled).worst).toBe(replicas - ceiling);
  });
});
