// Known clusters from outside this project (tests/support/known-clusters.ts): each is a valid snapshot
// with the shape its source documents.
import { describe, expect, it } from "vitest";
import { cloneSnapshot } from "@/lib/model/clone";
import { brokerKafkaVersion, kafkaBehaviour, pickKafkaLine } from "@/lib/model/kafka-versions";
import { parseSnapshot } from "@/lib/model/parse";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { JavaRandom } from "@/lib/placement";
import { planRebalance, PlanOptionsSchema, type PlanMove, type PlanOptionsInput } from "@/lib/plan";
import { runScenario } from "@/lib/simulate/engine";
import { ScenarioSchema } from "@/lib/simulate/schema";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import {
  CC_MB,
  CC_TOPIC_WITH_ONE_LEADER_PER_BROKER,
  KNOWN_CLUSTERS,
  STRIMZI_DIR,
  ccMediumCluster,
  ccRandomCluster,
  ccUnbalanced3,
  ccUnbalanced4,
  ccUnbalancedWithAFollower,
  strimziRemoveDisksExample,
  type KnownShape,
} from "@/tests/support/known-clusters";
import { cluster, GiB } from "@/tests/support/snapshots";

function shapeOf(s: ClusterSnapshot): KnownShape {
  const partitions = s.topics.flatMap((t) => t.partitions);
  return {
    brokers: s.brokers.length,
    dirs: s.brokers.reduce((a, b) => a + b.logDirs.length, 0),
    partitions: partitions.length,
    replicas: partitions.reduce((a, p) => a + p.replicas.length, 0),
  };
}

/** Bytes per "broker:dir". */
function dirBytes(s: ClusterSnapshot): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of s.topics)
    for (const p of t.partitions) for (const r of p.replicas) m.set(`${r.broker}:${r.logDir}`, (m.get(`${r.broker}:${r.logDir}`) ?? 0) + (r.sizeBytes ?? 0));
  return m;
}

describe("known clusters", () => {
  const built = new Map(KNOWN_CLUSTERS.map((k) => [k.name, k.build()]));

  it.each(KNOWN_CLUSTERS.map((k) => [k.name, k] as const))(
    "%s is a valid snapshot with its documented shape",
    (name, known) => {
      const snapshot = built.get(name)!;
      const parsed = parseSnapshot(JSON.parse(JSON.stringify(snapshot)));
      expect(parsed.ok ? [] : parsed.error.issues).toEqual([]);
      expect(shapeOf(snapshot)).toEqual(known.shape);
      expect(known.source).toMatch(/^(linkedin\/cruise-control|strimzi\/strimzi-kafka-operator) /);
      // Every replica sits in a dir its broker has, and every dir's free space follows what it holds.
      const dirs = new Set(snapshot.brokers.flatMap((b) => b.logDirs.map((d) => `${b.id}:${d.path}`)));
      for (const t of snapshot.topics) for (const p of t.partitions) for (const r of p.replicas) expect(dirs.has(`${r.broker}:${r.logDir}`)).toBe(true);
    },
    30_000,
  );

  it("builds the same cluster every time (no hidden randomness)", () => {
    for (const k of KNOWN_CLUSTERS) expect(JSON.stringify(k.build())).toBe(JSON.stringify(built.get(k.name)));
  }, 60_000);

  it("unbalanced4 has DeterministicCluster's JBOD fill: 70%, 78%, 86% and 94%", () => {
    const bytes = dirBytes(ccUnbalanced4());
    const cap = 150_000 * CC_MB;
    expect(["0:/mnt/i00", "0:/mnt/i01", "1:/mnt/i00", "1:/mnt/i01"].map((k) => Math.round((bytes.get(k)! / cap) * 100))).toEqual([70, 78, 86, 94]);
  });

  it("the Strimzi example has broker 0's published layout: volume v holds my-topic-v and my-topic-(v+3)", () => {
    const s = strimziRemoveDisksExample();
    const onBroker0 = (v: number) =>
      s.topics.flatMap((t) => t.partitions.filter((p) => p.replicas.some((r) => r.broker === 0 && r.logDir === STRIMZI_DIR(v, 0))).map((p) => `${t.name}-${p.id}`)).sort();
    expect([0, 1, 2].map(onBroker0)).toEqual([
      ["my-topic-0", "my-topic-3"],
      ["my-topic-1", "my-topic-4"],
      ["my-topic-2", "my-topic-5"],
    ]);
    expect(s.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas.map((r) => r.sizeBytes)))).toEqual(new Array(18).fill(0));
  });

  describe("RandomCluster", () => {
    const uniform = built.get("cc-random-uniform")!;
    const linear = built.get("cc-random-linear")!;
    const exponential = built.get("cc-random-exponential")!;
    const perBroker = (s: ClusterSnapshot) => {
      const counts = new Array<number>(s.brokers.length).fill(0);
      for (const t of s.topics) if (t.name !== CC_TOPIC_WITH_ONE_LEADER_PER_BROKER) for (const p of t.partitions) for (const r of p.replicas) counts[r.broker]!++;
      return counts;
    };

    it("racks: brokers 0–9 one per rack, the rest drawn; 3,000 topics T0…T2999 plus TopicWithOneLeaderPerBroker", () => {
      expect(uniform.brokers.slice(0, 10).map((b) => b.rack)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
      expect(new Set(uniform.brokers.map((b) => b.rack)).size).toBe(10);
      expect(uniform.topics.length).toBe(3_001);
      expect(uniform.topics.at(-1)!.name).toBe(CC_TOPIC_WITH_ONE_LEADER_PER_BROKER);
      expect(uniform.topics.at(-1)!.partitions.every((p) => p.replicas.length === 2)).toBe(true);
      // Broker 1 has DefaultCapacityConfig.json's override: half the disk.
      expect(uniform.brokers.map((b) => b.logDirs[0]!.totalBytes! / CC_MB).slice(0, 3)).toEqual([300_000, 150_000, 300_000]);
    });

    it("sizes are exponential: mean ≈ MEAN_DISK (100 MB) times the mean topic popularity", () => {
      const sizes = uniform.topics.flatMap((t) => t.partitions.map((p) => p.replicas[0]!.sizeBytes! / CC_MB));
      const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
      expect(mean).toBeGreaterThan(50);
      expect(mean).toBeLessThan(200);
      // Exponential: many small replicas, a long tail.
      const median = [...sizes].sort((a, b) => a - b)[Math.floor(sizes.length / 2)]!;
      expect(median).toBeLessThan(mean);
    });

    it("distributions: uniform is flat, linear and exponential weigh broker b about (b+1) and (2b+1)", () => {
      const ratio = (counts: number[]) => counts.slice(-5).reduce((a, b) => a + b, 0) / counts.slice(0, 5).reduce((a, b) => a + b, 0);
      // The last five brokers over the first five: ≈ 1 for uniform; Σ 36..40 / Σ 1..5 ≈ 12.7 for linear
      // and Σ 71..79 / Σ 1..9 ≈ 15 for exponential, pulled towards 1 by the redraws on a broker conflict.
      expect(ratio(perBroker(uniform))).toBeGreaterThan(0.8);
      expect(ratio(perBroker(uniform))).toBeLessThan(1.25);
      expect(ratio(perBroker(linear))).toBeGreaterThan(4);
      expect(ratio(perBroker(exponential))).toBeGreaterThan(4);
    });

    it("JBOD: the capacity file's dirs, and no disk filled past its capacity", () => {
      const jbod = built.get("cc-random-jbod")!;
      expect(jbod.brokers.slice(0, 4).map((b) => b.logDirs.map((d) => d.totalBytes! / CC_MB))).toEqual([
        [2_000_000],
        [350_000, 550_000],
        [350_000, 550_000, 750_000, 950_000],
        [400_000, ...new Array(9).fill(200_000)],
      ]);
      for (const b of jbod.brokers) for (const d of b.logDirs) expect(d.usableBytes!).toBeGreaterThanOrEqual(0);
      // Rack-aware: no two replicas of a partition on one rack.
      const rackOf = new Map(jbod.brokers.map((b) => [b.id, b.rack]));
      for (const t of jbod.topics) for (const p of t.partitions) expect(new Set(p.replicas.map((r) => rackOf.get(r.broker))).size).toBe(p.replicas.length);
    });

    it("unhealthy JBOD: brokers 0–4 dead (unreachable, out of every ISR), brokers 5–9 with their first disk offline", () => {
      const s = built.get("cc-random-jbod-unhealthy")!;
      expect(s.brokers.filter((b) => b.state === "unreachable").map((b) => b.id)).toEqual([0, 1, 2, 3, 4]);
      expect(s.brokers.flatMap((b) => b.logDirs.filter((d) => d.state === "offline").map((d) => `${b.id}:${d.path}`))).toEqual(
        [5, 6, 7, 8, 9].map((b) => `${b}:/tmp/kafka-logs-1`),
      );
      for (const t of s.topics) for (const p of t.partitions) for (const b of p.isr) expect(b).toBeGreaterThanOrEqual(5);
    });

    it("with a RandomSource, every seed gives another cluster of the same shape", () => {
      const small = { distribution: "linear" as const, brokers: 12, racks: 4, replicas: 600, topics: 40 };
      const a = ccRandomCluster({ ...small, random: new JavaRandom(1) });
      const b = ccRandomCluster({ ...small, random: new JavaRandom(2) });
      expect(shapeOf(a)).toEqual(shapeOf(b));
      expect(shapeOf(a)).toEqual({ brokers: 12, dirs: 12, partitions: 200 + 12, replicas: 600 + 24 });
      expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
      expect(JSON.stringify(ccRandomCluster({ ...small, random: new JavaRandom(1) }))).toBe(JSON.stringify(a));
    });

    it("mixed replication factors reach exactly NUM_REPLICAS, or say that they cannot (where Cruise Control loops)", () => {
      const mixed = { distribution: "uniform" as const, brokers: 10, racks: 3, replicas: 1000, topics: 50, minReplication: 2, maxReplication: 4 };
      expect(() => ccRandomCluster({ ...mixed, random: new JavaRandom(5) })).toThrow(/cannot reach the replica count/);
      const s = ccRandomCluster({ ...mixed, random: new JavaRandom(6) });
      const counted = s.topics
        .filter((t) => t.name !== CC_TOPIC_WITH_ONE_LEADER_PER_BROKER)
        .flatMap((t) => t.partitions)
        .reduce((a, p) => a + p.replicas.length, 0);
      expect(counted).toBe(1000);
      expect(new Set(s.topics.map((t) => t.partitions[0]!.replicas.length)).size).toBeGreaterThan(1);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties of every plan (issue #15, item 5), over every known cluster and over seeded random clusters,
// for each operation: rebalance; add-brokers (the cluster with 2 empty brokers added); remove-brokers (the
// broker holding the most replicas); drain-dirs (the dir holding the most bytes).
// ---------------------------------------------------------------------------------------------------------

type Operation = PlanOptionsInput["operation"] & {};
type OpKind = "rebalance" | "add-brokers" | "remove-brokers" | "drain-dirs";

interface PropertyCase {
  name: string;
  snapshot: ClusterSnapshot;
  excludeTopics?: string[];
  /** Drain these instead of the fullest dir. */
  drain?: { broker: number; path: string }[];
}

const pkey = (topic: string, partition: number) => `${topic}-${partition}`;

/** The cluster with `count` empty brokers added: the dirs of the first online broker with the most dirs, racks taken in turn. */
function withEmptyBrokers(s: ClusterSnapshot, count: number): { snapshot: ClusterSnapshot; ids: number[] } {
  const online = s.brokers.filter((b) => b.state === "online");
  const template = [...online].sort((a, b) => b.logDirs.length - a.logDirs.length || a.id - b.id)[0]!;
  const racks = [...new Set(s.brokers.map((b) => b.rack))];
  const first = Math.max(...s.brokers.map((b) => b.id)) + 1;
  const ids = Array.from({ length: count }, (_, i) => first + i);
  const added = ids.map((id, i) => ({
    ...template,
    id,
    rack: racks[i % racks.length] ?? null,
    error: null,
    logDirs: template.logDirs.map((d) => ({ ...d, usableBytes: d.totalBytes, state: "online" as const, error: null })),
  }));
  return { snapshot: { ...s, brokers: [...s.brokers, ...added] }, ids };
}

function replicasPerBroker(s: ClusterSnapshot): Map<number, number> {
  const m = new Map<number, number>();
  for (const t of s.topics) for (const p of t.partitions) for (const r of p.replicas) m.set(r.broker, (m.get(r.broker) ?? 0) + 1);
  return m;
}

/** The operation each kind runs on a cluster, and the snapshot it runs on; null when it does not apply. */
function operationFor(c: PropertyCase, kind: OpKind): { snapshot: ClusterSnapshot; operation: Operation } | null {
  const s = c.snapshot;
  if (kind === "rebalance") return { snapshot: s, operation: { kind } };
  if (kind === "add-brokers") {
    const { snapshot, ids } = withEmptyBrokers(s, 2);
    return { snapshot, operation: { kind, brokers: ids } };
  }
  const online = s.brokers.filter((b) => b.state === "online");
  if (kind === "remove-brokers") {
    if (online.length < 2) return null;
    const counts = replicasPerBroker(s);
    const victim = [...online].sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0) || a.id - b.id)[0]!;
    return { snapshot: s, operation: { kind, brokers: [victim.id] } };
  }
  if (c.drain) return { snapshot: s, operation: { kind, dirs: c.drain, cordon: true } };
  const bytes = dirBytes(s);
  const dirs = online.flatMap((b) => b.logDirs.filter((d) => d.state === "online").map((d) => ({ broker: b.id, path: d.path, bytes: bytes.get(`${b.id}:${d.path}`) ?? 0 })));
  if (dirs.length === 0) return null;
  const fullest = [...dirs].sort((a, b) => b.bytes - a.bytes || a.broker - b.broker)[0]!;
  return { snapshot: s, operation: { kind, dirs: [{ broker: fullest.broker, path: fullest.path }], cordon: true } };
}

interface Placed {
  replicas: number[];
  dirOf: Map<number, string | null>;
  sizeOf: Map<number, number>;
  leader: number | null;
}

function placements(s: ClusterSnapshot): Map<string, Placed> {
  const m = new Map<string, Placed>();
  for (const t of s.topics) {
    for (const p of t.partitions) {
      m.set(pkey(t.name, p.id), {
        replicas: p.replicas.map((r) => r.broker),
        dirOf: new Map(p.replicas.map((r) => [r.broker, r.logDir])),
        sizeOf: new Map(p.replicas.map((r) => [r.broker, r.sizeBytes ?? 0])),
        leader: p.leader,
      });
    }
  }
  return m;
}

/** Replica sets and bytes per "broker:dir", and each partition's replica order. */
function layout(s: ClusterSnapshot): { dirs: Map<string, { parts: string[]; bytes: number }>; order: Map<string, string> } {
  const dirs = new Map<string, { parts: string[]; bytes: number }>();
  const order = new Map<string, string>();
  for (const t of s.topics) {
    for (const p of t.partitions) {
      order.set(pkey(t.name, p.id), p.replicas.map((r) => r.broker).join(","));
      for (const r of p.replicas) {
        const k = `${r.broker}:${r.logDir}`;
        let d = dirs.get(k);
        if (!d) dirs.set(k, (d = { parts: [], bytes: 0 }));
        d.parts.push(pkey(t.name, p.id));
        d.bytes += r.sizeBytes ?? 0;
      }
    }
  }
  for (const d of dirs.values()) d.parts.sort();
  return { dirs, order };
}

const MAX_LISTED = 4;
function listed(what: string, items: string[]): string[] {
  if (items.length === 0) return [];
  return [`${what}: ${items.slice(0, MAX_LISTED).join("; ")}${items.length > MAX_LISTED ? ` … (${items.length} in all)` : ""}`];
}

/** Every hard constraint and property of one plan; each broken one as a line that says where. */
/**
 * Whether some move of a second plan goes into a dir that the first plan's peak leaves no room for: while the
 * first plan runs, a dir holds what it held plus all that arrives (PlanState `fits`), and the planner keeps
 * that under the headroom; a plan made after the first has run starts from the settled dirs, so it may use
 * room the first one's peak held. Such a second plan is the headroom at work, not a plan that is not a fixed
 * point (docs/planner.md, "The peak and a second plan").
 */
function peakBound(before: ClusterSnapshot, first: readonly PlanMove[], second: readonly PlanMove[], headroom: number): boolean {
  const key = (b: number, d: string | null) => `${b}\u0000${d}`;
  const arriving = new Map<string, number>();
  for (const m of first) arriving.set(key(m.toBroker, m.toDir), (arriving.get(key(m.toBroker, m.toDir)) ?? 0) + m.bytes);
  const dirs = new Map(before.brokers.flatMap((b) => b.logDirs.map((d) => [key(b.id, d.path), d] as const)));
  return second.some((m) => {
    const d = dirs.get(key(m.toBroker, m.toDir));
    if (!d || d.totalBytes === null || d.usableBytes === null) return false;
    return d.totalBytes - d.usableBytes + (arriving.get(key(m.toBroker, m.toDir)) ?? 0) + m.bytes > headroom * d.totalBytes;
  });
}

function planViolations(before: ClusterSnapshot, operation: Operation, excludeTopics: string[]): string[] {
  const options = PlanOptionsSchema.parse({ operation, excludeTopics });
  let result: ReturnType<typeof planRebalance>;
  try {
    result = planRebalance(before, options);
  } catch (error) {
    return [`planRebalance threw: ${error instanceof Error ? error.message : String(error)}`];
  }
  if (!result.ok) return [`planRebalance refused: ${result.error.message} ${JSON.stringify(result.error.issues ?? [])}`];
  const plan = result.value;
  const after = plan.afterSnapshot;
  const out: string[] = [];

  const brokers = new Map(before.brokers.map((b) => [b.id, b]));
  const rackOf = (id: number) => brokers.get(id)?.rack ?? null;
  const removed = new Set(operation.kind === "remove-brokers" ? operation.brokers : []);
  const drained = new Set(operation.kind === "drain-dirs" ? operation.dirs.map((d) => `${d.broker}:${d.path}`) : []);
  const excluded = new Set(excludeTopics);
  const honoursCordons = (id: number) => kafkaBehaviour(pickKafkaLine(brokerKafkaVersion(brokers.get(id)!, before.source.kafkaVersion)).line).cordonedLogDirs;
  const was = placements(before);
  const now = placements(after);
  const isrBefore = new Map(before.topics.flatMap((t) => t.partitions.map((p) => [pkey(t.name, p.id), p.isr] as const)));

  // Replicas that moved: on a broker that did not hold the partition, or in another dir of one that did.
  const moved: { part: string; topic: string; broker: number; dir: string | null; size: number }[] = [];
  const twice: string[] = [];
  const fewerRacks: string[] = [];
  const leaderLeft: string[] = [];
  for (const t of after.topics) {
    for (const p of t.partitions) {
      const k = pkey(t.name, p.id);
      const b = was.get(k)!;
      const ids = p.replicas.map((r) => r.broker);
      if (new Set(ids).size !== ids.length) twice.push(`${k} on [${ids.join(",")}]`);
      const racks = (list: number[]) => new Set(list.map(rackOf)).size;
      if (racks(ids) < racks(b.replicas)) fewerRacks.push(`${k} [${b.replicas.join(",")}] → [${ids.join(",")}]`);
      for (const r of p.replicas) {
        if (b.dirOf.has(r.broker) && b.dirOf.get(r.broker) === r.logDir) continue;
        moved.push({ part: k, topic: t.name, broker: r.broker, dir: r.logDir, size: r.sizeBytes ?? 0 });
      }
      // Leaders stay unless moving them is allowed or they must leave, or the plan hands the partition's
      // leadership to another replica that was in sync or that it adds (its election moves the leadership anyway).
      const handedOver = ids[0] !== undefined && ids[0] !== b.leader && (!b.replicas.includes(ids[0]) || (isrBefore.get(k) ?? []).includes(ids[0]));
      if (b.leader !== null && !ids.includes(b.leader) && !handedOver && !removed.has(b.leader) && !drained.has(`${b.leader}:${b.dirOf.get(b.leader)}`)) {
        leaderLeft.push(`${k}: leader ${b.leader} left ([${b.replicas.join(",")}] → [${ids.join(",")}])`);
      }
    }
  }
  out.push(...listed("two replicas of a partition on one broker", twice));
  out.push(...listed("fewer distinct racks than before", fewerRacks));
  out.push(...listed("a leader moved with moveLeaders off", leaderLeft));

  // Destinations: an online broker that stays, an online dir (a cordoned one only where cordons are not honoured), not drained.
  const badDestination: string[] = [];
  for (const m of moved) {
    const b = brokers.get(m.broker);
    const dir = b?.logDirs.find((d) => d.path === m.dir);
    const why = !b
      ? "no such broker"
      : b.state !== "online"
        ? `broker ${b.state}`
        : removed.has(m.broker)
          ? "broker being removed"
          : !dir
            ? "no such dir"
            : dir.state === "offline"
              ? "dir offline"
              : dir.state === "cordoned" && honoursCordons(m.broker)
                ? "dir cordoned"
                : drained.has(`${m.broker}:${m.dir}`)
                  ? "dir being drained"
                  : null;
    if (why) badDestination.push(`${m.part} → broker ${m.broker} ${m.dir} (${why})`);
  }
  out.push(...listed("a replica moved where it may not go", badDestination));

  // plan.moves says exactly which replicas moved, and what they weigh.
  const fromMoves = plan.moves.map((m) => `${pkey(m.topic, m.partition)}@${m.toBroker}:${m.toDir}`).sort();
  const fromSnapshot = moved.map((m) => `${m.part}@${m.broker}:${m.dir}`).sort();
  if (JSON.stringify(fromMoves) !== JSON.stringify(fromSnapshot)) {
    out.push(
      ...listed("plan.moves and the after-snapshot disagree", [
        ...fromMoves.filter((x) => !fromSnapshot.includes(x)).map((x) => `only in moves ${x}`),
        ...fromSnapshot.filter((x) => !fromMoves.includes(x)).map((x) => `only in snapshot ${x}`),
      ]),
    );
  }
  const movedBytes = plan.moves.reduce((a, m) => a + m.bytes, 0);
  if (movedBytes !== plan.bytesMoved.total) out.push(`bytesMoved.total ${plan.bytesMoved.total} ≠ Σ moves ${movedBytes}`);

  // Headroom: a dir that received a replica ends at or under it (used = capacity − free before, plus what the plan changed).
  const bytesBefore = dirBytes(before);
  const bytesAfter = dirBytes(after);
  const overHeadroom: string[] = [];
  for (const key of new Set(moved.map((m) => `${m.broker}:${m.dir}`))) {
    const [id, ...path] = key.split(":");
    const dir = brokers.get(Number(id))?.logDirs.find((d) => d.path === path.join(":"));
    if (!dir || dir.totalBytes === null || dir.usableBytes === null || dir.totalBytes === 0) continue;
    const usedBefore = dir.totalBytes - dir.usableBytes;
    const usedAfter = usedBefore + (bytesAfter.get(key) ?? 0) - (bytesBefore.get(key) ?? 0);
    if (usedAfter > options.headroom * dir.totalBytes + 1) {
      overHeadroom.push(`broker ${key} ends at ${((usedAfter / dir.totalBytes) * 100).toFixed(1)}% (was ${((usedBefore / dir.totalBytes) * 100).toFixed(1)}%)`);
    }
  }
  out.push(...listed(`a dir that received data ends above the ${options.headroom * 100}% headroom`, overHeadroom));

  // Excluded topics never move and are not in the reassignment.
  const touchedExcluded = [
    ...plan.entries.filter((e) => excluded.has(e.topic)).map((e) => `entry ${pkey(e.topic, e.partition)}`),
    ...moved.filter((m) => excluded.has(m.topic)).map((m) => `moved ${m.part}`),
  ];
  out.push(...listed("an excluded topic moved", touchedExcluded));

  // A drain empties its dirs and a removal its brokers, but for what the plan reports stuck.
  const stuck = new Set((plan.evacuation?.stuck ?? []).map((x) => `${pkey(x.topic, x.partition)}@${x.broker}`));
  const truncated = (plan.evacuation?.stuckTotal ?? 0) > (plan.evacuation?.stuck.length ?? 0);
  const left: string[] = [];
  for (const [k, p] of now) {
    for (const b of p.replicas) {
      const inDrained = drained.has(`${b}:${p.dirOf.get(b)}`);
      if ((removed.has(b) || inDrained) && !stuck.has(`${k}@${b}`) && !truncated) left.push(`${k} still on broker ${b} ${p.dirOf.get(b)}`);
    }
  }
  out.push(
    ...listed(operation.kind === "drain-dirs" ? "the drained dir still holds a replica not reported stuck" : "the removed broker still holds a replica not reported stuck", left),
  );
  if ((operation.kind === "drain-dirs" || operation.kind === "remove-brokers") && plan.evacuation === null) out.push("an evacuation reports no `evacuation`");

  // Goals met before are still met after.
  const lost = plan.goals.filter((g) => g.before.outside === 0 && g.after.outside !== 0).map((g) => `${g.goal} (outside 0 → ${g.after.outside}: ${g.reason})`);
  out.push(...listed("a goal met before is not met after", lost));

  // A second rebalance on the result moves nothing — unless a dir started above the headroom: a dir's
  // headroom must hold at its peak while every move of a plan runs at once, so what such a dir gives away
  // can be filled only by the next plan (lib/plan/planner.ts).
  const startedAboveHeadroom = before.brokers.some((b) =>
    b.logDirs.some((d) => d.totalBytes !== null && d.usableBytes !== null && d.totalBytes > 0 && d.totalBytes - d.usableBytes > options.headroom * d.totalBytes),
  );
  if (operation.kind === "rebalance" && !startedAboveHeadroom) {
    const again = planRebalance(after, options);
    if (!again.ok) out.push(`a second plan on the after-snapshot was refused: ${again.error.message}`);
    else if (again.value.bytesMoved.total !== 0 && !peakBound(before, plan.moves, again.value.moves, options.headroom)) {
      // Tell apart the moves of replicas that led (or were preferred to lead) before the first plan: its
      // leadership changes may be what lets them move now.
      const ledBefore = again.value.moves.every((m) => {
        const b = was.get(pkey(m.topic, m.partition));
        return b !== undefined && (b.leader === m.fromBroker || b.replicas[0] === m.fromBroker);
      });
      const what = ledBefore ? "replicas that led before the first plan" : "replicas";
      out.push(
        ...listed(
          `a second rebalance on the after-snapshot moves ${again.value.bytesMoved.total} bytes (${again.value.moves.length} ${what})`,
          again.value.moves.map((m) => `${pkey(m.topic, m.partition)} ${m.fromBroker}:${m.fromDir} → ${m.toBroker}:${m.toDir}`),
        ),
      );
    }
  }

  // The after-snapshot is what the simulator makes of the reassignment JSON.
  let replayed = before;
  if (plan.entries.length > 0) {
    const scenario = ScenarioSchema.parse({
      base: before,
      steps: [{ kind: "reassign", partitions: plan.entries.map((e) => ({ topic: e.topic, partition: e.partition, replicas: e.replicas, log_dirs: e.logDirs })) }],
    });
    const run = runScenario(scenario);
    const step = run.steps[0]!;
    if (!step.ok) return [...out, `the simulator refuses the plan's reassignment: ${step.error?.code} ${step.error?.message}`];
    replayed = run.final.snapshot;
  }
  const mine = layout(after);
  const sim = layout(replayed);
  const layoutDiff: string[] = [];
  for (const key of new Set([...mine.dirs.keys(), ...sim.dirs.keys()])) {
    const a = mine.dirs.get(key) ?? { parts: [], bytes: 0 };
    const b = sim.dirs.get(key) ?? { parts: [], bytes: 0 };
    if (a.parts.join() !== b.parts.join())
      layoutDiff.push(`${key}: plan [${a.parts.filter((x) => !b.parts.includes(x)).join(",")}] vs simulator [${b.parts.filter((x) => !a.parts.includes(x)).join(",")}]`);
    else if (a.bytes !== b.bytes) layoutDiff.push(`${key}: plan ${a.bytes} bytes vs simulator ${b.bytes}`);
  }
  for (const [k, o] of mine.order) if (sim.order.get(k) !== o) layoutDiff.push(`${k}: replica order plan [${o}] vs simulator [${sim.order.get(k)}]`);
  out.push(...listed("the after-snapshot differs from the simulator's replay", layoutDiff));
  const freeDiff: string[] = [];
  const simFree = new Map(replayed.brokers.flatMap((b) => b.logDirs.map((d) => [`${b.id}:${d.path}`, d.usableBytes] as const)));
  for (const b of after.brokers)
    for (const d of b.logDirs)
      if (simFree.get(`${b.id}:${d.path}`) !== d.usableBytes) freeDiff.push(`${b.id}:${d.path}: plan ${d.usableBytes} vs simulator ${simFree.get(`${b.id}:${d.path}`)}`);
  out.push(...listed("free bytes in the after-snapshot differ from the simulator's replay", freeDiff));
  return out;
}

/** A seeded random cluster: synthetic sizes and skew, with varied RF, racks, capacities, versions, dir states and exclusions. */
function randomCase(seed: number): PropertyCase {
  const r = new JavaRandom(seed);
  const brokerCount = 5 + r.nextInt(10);
  const dirsPerBroker = 1 + r.nextInt(4);
  const rackCount = [0, 1, 2, 3, 4][r.nextInt(5)]!;
  const base = syntheticCluster({
    brokers: brokerCount,
    dirsPerBroker,
    replicas: 150 + r.nextInt(600),
    racks: Math.max(1, rackCount),
    seed,
    skew: r.nextInt(3),
    meanUtilization: 0.25 + r.nextInt(50) / 100,
    partitionsPerTopic: 4 + r.nextInt(30),
    mixedStates: seed % 4 === 0,
  });
  const s = cloneSnapshot(base);
  s.source = { ...s.source, kafkaVersion: [null, "4.2.0", "4.4.0"][r.nextInt(3)]! };
  if (rackCount === 0) for (const b of s.brokers) b.rack = null;
  // Heterogeneous capacity: every third broker's disks are twice as large.
  if (r.nextInt(2) === 0) for (const b of s.brokers) if (b.id % 3 === 0) for (const d of b.logDirs) if (d.totalBytes !== null) d.totalBytes *= 2;
  // Some topics at RF 1 or 2 (their first replicas kept).
  for (const t of s.topics) {
    if (t.internal || r.nextInt(3) !== 0) continue;
    const rf = 1 + r.nextInt(2);
    for (const p of t.partitions) if (p.replicas.every((x) => x.future === null)) p.replicas = p.replicas.slice(0, rf);
  }
  // Dir states: up to two offline and two cordoned dirs, and maybe an unreachable broker.
  const dirs = s.brokers.flatMap((b) => b.logDirs.map((d) => ({ b, d })));
  for (let i = r.nextInt(3); i > 0; i--) {
    const { d } = dirs[r.nextInt(dirs.length)]!;
    d.state = "offline";
    d.error = "KafkaStorageException";
  }
  for (let i = r.nextInt(3); i > 0; i--) {
    const { d } = dirs[r.nextInt(dirs.length)]!;
    if (d.state === "online") d.state = "cordoned";
  }
  if (r.nextInt(4) === 0) {
    const b = s.brokers[r.nextInt(s.brokers.length)]!;
    b.state = "unreachable";
    b.error = "connection refused";
  }
  // Leaders and ISR as Kafka keeps them: out of sync on an offline dir or an unreachable broker.
  const brokerById = new Map(s.brokers.map((b) => [b.id, b]));
  for (const t of s.topics) {
    for (const p of t.partitions) {
      const down = (x: { broker: number; logDir: string | null }) => {
        const b = brokerById.get(x.broker)!;
        return b.state !== "online" || b.logDirs.find((d) => d.path === x.logDir)?.state === "offline";
      };
      p.isr = p.replicas.filter((x) => !down(x)).map((x) => x.broker);
      p.offline = p.replicas.filter((x) => brokerById.get(x.broker)!.state === "online" && down(x)).map((x) => x.broker);
      p.leader = p.isr.includes(p.replicas[0]!.broker) ? p.replicas[0]!.broker : (p.isr[0] ?? null);
    }
  }
  // Free bytes follow what each dir holds (current and future replicas).
  const used = new Map<string, number>();
  const add = (k: string, n: number) => used.set(k, (used.get(k) ?? 0) + n);
  for (const t of s.topics) {
    for (const p of t.partitions) {
      for (const x of p.replicas) {
        add(`${x.broker}:${x.logDir}`, x.sizeBytes ?? 0);
        if (x.future) add(`${x.broker}:${x.future.logDir}`, x.future.sizeBytes ?? 0);
      }
    }
  }
  for (const b of s.brokers) for (const d of b.logDirs) if (d.totalBytes !== null) d.usableBytes = Math.max(0, d.totalBytes - (used.get(`${b.id}:${d.path}`) ?? 0));
  const names = s.topics.map((t) => t.name);
  const excludeTopics = r.nextInt(2) === 0 ? [names[r.nextInt(names.length)]!] : [];
  const parsed = parseSnapshot(s);
  if (!parsed.ok) throw new Error(`random cluster ${seed} is not a valid snapshot: ${parsed.error.message}`);
  return {
    name: `random-${seed} (${brokerCount}×${dirsPerBroker}, racks ${rackCount}, ${s.source.kafkaVersion ?? "version unknown"}${excludeTopics.length ? `, excluding ${excludeTopics[0]}` : ""})`,
    snapshot: parsed.value,
    excludeTopics,
  };
}

/** Cruise Control's RandomCluster shapes at a tenth of RandomClusterTest's size (5,001 replicas in 300 topics), so 4 plans each stay fast. */
const tenth = { brokers: 40, racks: 10, replicas: 5_001, topics: 300 };
const PROPERTY_CASES: PropertyCase[] = [
  ...KNOWN_CLUSTERS.filter((k) => !k.name.startsWith("cc-random") && k.name !== "strimzi-remove-disks").map((k) => ({ name: k.name, snapshot: k.build() })),
  { name: "strimzi-remove-disks", snapshot: strimziRemoveDisksExample(), drain: [1, 2].map((v) => ({ broker: 0, path: STRIMZI_DIR(v, 0) })) },
  ...(["uniform", "linear", "exponential"] as const).map((distribution) => ({
    name: `cc-random-${distribution} (a tenth)`,
    snapshot: ccRandomCluster({ distribution, ...tenth }),
  })),
  { name: "cc-random-jbod (a tenth)", snapshot: ccRandomCluster({ distribution: "uniform", jbod: true, rackAware: true, ...tenth }) },
  {
    name: "cc-random-jbod-unhealthy (a tenth)",
    snapshot: ccRandomCluster({ distribution: "uniform", jbod: true, rackAware: true, deadBrokers: 5, brokersWithBadDisk: 5, ...tenth }),
    excludeTopics: ["T1", "T2"],
  },
  ...Array.from({ length: 30 }, (_, i) => randomCase(1000 + i)),
];

/**
 * What these properties still find in the planner (reported on issue #15). Each names the violation lines
 * it produces and the operations it shows in; the property test below lets exactly these through. The
 * defects have a minimal reproduction further down written as `it.fails` with the correct expectation: it
 * starts to fail (the expectation holds) once the planner is fixed — then turn it into `it` and delete the
 * entry here. The first seven defects the properties found were fixed in the planner (a4d5b4c); their
 * reproductions stay below as regression tests.
 */
const KNOWN_PLANNER_DEFECTS: { id: string; pattern: RegExp; ops: OpKind[] }[] = [
  // An evacuation gives up goals that were met. Partly inherent (a drained single-dir broker's replica has
  // one rack-keeping destination, see below; a drain moves only what it must, so replica counts and topic
  // spread may end outside), partly not: leader counts a removal leaves outside on some random clusters
  // (chains of reorders, leadership.ts, restore the drain reproduced below, not yet every case).
  { id: "evacuation-gives-up-met-goals", pattern: /^a goal met before is not met after/, ops: ["remove-brokers", "drain-dirs"] },
];

function unexplained(violations: string[], op: OpKind): string[] {
  return violations.filter((v) => !KNOWN_PLANNER_DEFECTS.some((d) => d.ops.includes(op) && d.pattern.test(v)));
}

describe("every plan keeps the hard constraints and its promises", () => {
  const OPS: OpKind[] = ["rebalance", "add-brokers", "remove-brokers", "drain-dirs"];
  const rows = PROPERTY_CASES.flatMap((c) => OPS.map((op) => [c.name, op, c] as const));
  it.each(rows)(
    "%s, %s",
    (_name, op, c) => {
      const run = operationFor(c, op);
      if (!run) return;
      expect(unexplained(planViolations(run.snapshot, run.operation, c.excludeTopics ?? []), op)).toEqual([]);
    },
    30_000,
  );

  it("the Strimzi drain ends as the published kafka-log-dirs output: volume 0 of broker 0 holds my-topic-0…5, volumes 1 and 2 nothing", () => {
    const s = strimziRemoveDisksExample();
    const result = planRebalance(s, PlanOptionsSchema.parse({ operation: { kind: "drain-dirs", dirs: [1, 2].map((v) => ({ broker: 0, path: STRIMZI_DIR(v, 0) })) } }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { dirs } = layout(result.value.afterSnapshot);
    expect([0, 1, 2].map((v) => dirs.get(`0:${STRIMZI_DIR(v, 0)}`)?.parts ?? [])).toEqual([
      ["my-topic-0", "my-topic-1", "my-topic-2", "my-topic-3", "my-topic-4", "my-topic-5"],
      [],
      [],
    ]);
    // Every move stays on broker 0 (an intra-broker move, as Cruise Control's remove-disks makes).
    expect(result.value.moves.map((m) => m.kind)).toEqual(new Array(4).fill("intra"));
  });
});

describe("planner defects the properties found: minimal reproductions (it.fails until fixed)", () => {
  const planOf = (s: ClusterSnapshot, options: PlanOptionsInput = {}) => {
    const r = planRebalance(s, PlanOptionsSchema.parse(options));
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  it("fixed (a4d5b4c): topic spread never picks a replica in an offline dir", () => {
    // Broker 1 holds a follower of every partition; t-0's sits in its offline dir /b and is the smallest.
    // Topic spread wanted one of broker 1's replicas on broker 3 and picked t-0's: moveToBroker threw
    // "replica 1 is not in this set" (offline-dir replicas are in no movable set, but canMove let them through).
    const s = cluster({
      brokers: [
        { id: 1, dirs: ["/a", { path: "/b", state: "offline" }] },
        { id: 2, dirs: ["/a", "/b"] },
        { id: 3, dirs: ["/a", "/b"] },
      ],
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [2, "/a", 1],
            [1, "/b", 1],
          ],
          isr: [2],
        },
        {
          topic: "t",
          partition: 1,
          replicas: [
            [2, "/a", GiB],
            [1, "/a", GiB],
          ],
        },
        {
          topic: "t",
          partition: 2,
          replicas: [
            [2, "/b", GiB],
            [1, "/a", GiB],
          ],
        },
      ],
    });
    expect(() => planOf(s, { goals: ["topic-spread"] })).not.toThrow();
  });

  it("fixed (a4d5b4c): one copy is one move (no phantom swap moves)", () => {
    // syntheticCluster({ brokers: 5, dirsPerBroker: 1, replicas: 7, seed: 361, racks: 2, skew: 1, meanUtilization: 0.4, partitionsPerTopic: 6 }):
    // the plan moved t-1's replica 3 → 5 and then 4 → 3, so t-1 went from [2,3,4] to [2,5,3]: one copy
    // (to broker 5), but `moves` listed two and bytesMoved counted 228,668,406 bytes twice.
    const cap = 1_735_294_791;
    const s = cluster({
      brokers: [1, 2, 3, 4, 5].map((id) => ({ id, rack: `rack-${(id - 1) % 2}`, dirs: [{ path: "/d", totalBytes: cap }] })),
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [1, "/d", 797_316_843],
            [2, "/d", 797_316_843],
            [3, "/d", 797_316_843],
          ],
        },
        {
          topic: "t",
          partition: 1,
          replicas: [
            [2, "/d", 228_668_406],
            [3, "/d", 228_668_406],
            [4, "/d", 228_668_406],
          ],
        },
        { topic: "u", partition: 0, replicas: [[3, "/d", 392_633_834]] },
      ],
    });
    const plan = planOf(s);
    const was = placements(s);
    const copies = plan.afterSnapshot.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas.filter((r) => was.get(pkey(t.name, p.id))!.dirOf.get(r.broker) !== r.logDir)));
    expect(plan.moves.length).toBe(copies.length);
  });

  it("fixed (a4d5b4c): no dir that receives a replica during an evacuation ends above the headroom", () => {
    // syntheticCluster({ brokers: 4, dirsPerBroker: 2, replicas: 10, seed: 184, racks: 2, skew: 1, meanUtilization: 0.7, partitionsPerTopic: 4 }),
    // removing broker 3: t-1 (883,662,276 bytes) went to broker 1's /d2, at 98% before, while t-0 (1,035,820,579
    // bytes) moved from 1:/d2 to 1:/d1; /d2 ended at 87%. Kafka runs both at once: the copy into /d2 could start
    // with 23 MB free.
    const cap = 1_352_625_556;
    const dirs = ["/d1", "/d2"].map((path) => ({ path, totalBytes: cap }));
    const s = cluster({
      brokers: [1, 2, 3, 4].map((id) => ({ id, rack: `rack-${(id - 1) % 2}`, dirs })),
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [1, "/d2", 1_035_820_579],
            [2, "/d1", 1_035_820_579],
            [3, "/d1", 1_035_820_579],
          ],
        },
        {
          topic: "t",
          partition: 1,
          replicas: [
            [2, "/d2", 883_662_276],
            [3, "/d1", 883_662_276],
            [4, "/d1", 883_662_276],
          ],
        },
        {
          topic: "t",
          partition: 2,
          replicas: [
            [3, "/d1", 293_228_320],
            [4, "/d2", 293_228_320],
            [1, "/d2", 293_228_320],
          ],
        },
        { topic: "t", partition: 3, replicas: [[4, "/d2", 936_569_588]] },
      ],
    });
    expect(planViolations(s, { kind: "remove-brokers", brokers: [3] }, []).filter((v) => v.includes("headroom"))).toEqual([]);
  });

  it("fixed (a4d5b4c): a preferred replica that does not lead may move, so a second plan on unbalanced3 moves nothing", () => {
    // Cruise Control's unbalanced3: T1-0 and T2-0 on [1, 0], led by 0; broker 0 and 1 full, broker 2 empty.
    // The first plan moved no data (broker 1 is T1-0's preferred leader), then made 0 preferred; the second
    // plan moved T1-0's replica from broker 1 to broker 2 (150,000 MB).
    const first = planOf(ccUnbalanced3());
    expect(planOf(first.afterSnapshot).bytesMoved.total).toBe(0);
  });

  it("fixed (a4d5b4c): a second plan does not undo the first plan's dir moves", () => {
    // syntheticCluster({ brokers: 5, dirsPerBroker: 2, replicas: 23, seed: 17, racks: 3, skew: 2, meanUtilization: 0.5, partitionsPerTopic: 5 }):
    // the first plan moved topic-0000-4 on broker 1 from /data/d2 to /data/d1, the second moved it back.
    const s = syntheticCluster({ brokers: 5, dirsPerBroker: 2, replicas: 23, seed: 17, racks: 3, skew: 2, meanUtilization: 0.5, partitionsPerTopic: 5 });
    const first = planOf(s);
    expect(planOf(first.afterSnapshot).bytesMoved.total).toBe(0);
  });

  it("fixed (a4d5b4c): a rebalance keeps topic spread met while improving broker bytes", () => {
    // syntheticCluster({ brokers: 4, dirsPerBroker: 1, replicas: 7, seed: 91, racks: 2, skew: 1, meanUtilization: 0.4, partitionsPerTopic: 2 }):
    // after t-0 3 → 4 every goal but broker bytes was met; then t-1 3 → 1 improved broker bytes (still unmet)
    // and left broker 3 with no replica of t: topic spread 0 → 1 brokers outside.
    const cap = 1_420_732_552;
    const s = cluster({
      brokers: [1, 2, 3, 4].map((id) => ({ id, rack: `rack-${(id - 1) % 2}`, dirs: [{ path: "/d", totalBytes: cap }] })),
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [1, "/d", 374_138_008],
            [2, "/d", 374_138_008],
            [3, "/d", 374_138_008],
          ],
        },
        {
          topic: "t",
          partition: 1,
          replicas: [
            [2, "/d", 165_343_916],
            [3, "/d", 165_343_916],
            [4, "/d", 165_343_916],
          ],
        },
        { topic: "u", partition: 0, replicas: [[3, "/d", 654_726_311]] },
      ],
    });
    const lost = planOf(s).goals.filter((g) => g.before.outside === 0 && g.after.outside > 0);
    expect(lost.map((g) => g.goal)).toEqual([]);
  });

  it("fixed (a4d5b4c): a drain of mediumClusterModel restores leader counts by reordering", () => {
    // Cruise Control's mediumClusterModel, draining broker 1's only dir: its leaders move with its replicas and
    // broker leaders went from met to 2 brokers outside; the planner skipped leadership balancing after an evacuation.
    const plan = planOf(ccMediumCluster(), { operation: { kind: "drain-dirs", dirs: [{ broker: 1, path: "/tmp/kafka-logs" }] } });
    expect(plan.goals.find((g) => g.goal === "broker-leaders")!.after.outside).toBe(0);
  });
  it("second-plan-moves: a plan's own leadership changes unlock moves the next plan makes", () => {
    // Cruise Control's unbalancedWithAFollower: T1-0 on [0, 2] and T2-0 on [0], 150,000 MB each; broker 0 is
    // full, broker 1 empty. The first plan moves no data (broker 0 leads both) and makes 2 the preferred
    // leader of T1-0; the second moves T1-0's replica from 0 to 1.
    const first = planOf(ccUnbalancedWithAFollower());
    expect(planOf(first.afterSnapshot).moves.map((m) => `${pkey(m.topic, m.partition)} ${m.fromBroker}→${m.toBroker}`)).toEqual([]);
  });

  it("second-plan-moves: the next plan moves back what the first moved, after the first stopped with no improving move", () => {
    // RandomCluster's shape, 4 brokers on 2 racks, 8 partitions. The first plan moves T1-0 1→0, T2-0 3→0 and
    // TopicWithOneLeaderPerBroker-1 2→1, makes 2 the preferred leader of T0-1 and T1-0, and stops with
    // "no_improving_move"; the second moves T0-1 3→0 and T2-0 back from 0 to 3.
    const s = ccRandomCluster({ distribution: "linear", brokers: 4, racks: 2, replicas: 12, topics: 3, random: new JavaRandom(5) });
    const first = planOf(s);
    expect(first.stoppedBecause).toBe("no_improving_move");
    expect(planOf(first.afterSnapshot).moves.map((m) => `${pkey(m.topic, m.partition)} ${m.fromBroker}→${m.toBroker}`)).toEqual([]);
  });

  it("evacuation-gives-up-met-goals: a drain leaves leader counts unmet that reorders would restore", () => {
    // syntheticCluster({ brokers: 6, dirsPerBroker: 1, replicas: 13, seed: 108, racks: 1, … }), draining broker 5's
    // only dir: topic-0000-4 (one replica, led by 5) goes to broker 1, which then prefers two partitions and broker 6
    // none. Making 2 the preferred leader of topic-0000-0 ([1,3,2] after the plan) and 6 that of
    // topic-0000-1 ([2,4,6]) would even them out without moving a byte; the plan makes no leadership change.
    const s = syntheticCluster({ brokers: 6, dirsPerBroker: 1, replicas: 13, seed: 108, racks: 1, skew: 0, meanUtilization: 0.3, partitionsPerTopic: 5 });
    const plan = planOf(s, { operation: { kind: "drain-dirs", dirs: [{ broker: 5, path: "/data/d1" }] } });
    const leaders = plan.goals.find((g) => g.goal === "broker-leaders")!;
    expect(leaders.before.outside).toBe(0);
    expect(leaders.after.outside).toBe(0);
  });

  it("evacuation-gives-up-met-goals is partly inherent: a drained single-dir broker's replica may have one destination", () => {
    // syntheticCluster({ brokers: 6, dirsPerBroker: 1, replicas: 5, seed: 200, racks: 3, … }): draining broker 1's
    // only dir, topic-0000-0 ([1, 3, 5] on racks 0, 2, 1) can keep three racks only on broker 4 (rack 0), which
    // then holds two replicas where the others hold one or none: replica counts go from met to unmet, and no
    // plan can do better (topic spread stays met: its band allows one replica over ⌈mean⌉).
    const s = syntheticCluster({ brokers: 6, dirsPerBroker: 1, replicas: 5, seed: 200, racks: 3, skew: 2, meanUtilization: 0.3, partitionsPerTopic: 6 });
    const plan = planOf(s, { operation: { kind: "drain-dirs", dirs: [{ broker: 1, path: "/data/d1" }] } });
    expect(plan.moves.map((m) => `${pkey(m.topic, m.partition)} ${m.fromBroker}→${m.toBroker}`)).toEqual(["topic-0000-0 1→4"]);
    expect(plan.goals.filter((g) => g.before.outside === 0 && g.after.outside > 0).map((g) => g.goal)).toEqual(["broker-replicas"]);
  });
});
