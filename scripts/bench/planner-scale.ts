/**
 * Planner-scale bench (issue #15, item 6): 215 brokers × 4 dirs, of which 200 hold 2.8 M replicas and 15
 * were just added, empty; one add-brokers plan with the default goals, timed once (it is big).
 *
 * The cluster (`plannerScaleCluster`, pure and seeded, built in a few seconds and not timed):
 * - 200 brokers on 10 racks (broker id mod 10, as lib/simulate/synthetic.ts and Cruise Control's RandomCluster
 *   default), 4 dirs of one capacity each. (On 3 racks, availability zones, every RF-3 partition spans all three
 *   and a replica can only move within its rack; `racks` in PLANNER_SCALE changes it.)
 * - 933,334 RF-3 partitions (2,800,002 replicas) in topics of a realistic size mix: partition counts from
 *   1 to 1,024 (most topics small, a few large; about 19,000 topics), `__consumer_offsets` first (50
 *   tiny partitions). Each topic has a log-normal scale (σ 1.2) and each partition a log-normal size
 *   around it (σ 0.3); the mean replica is 1 GiB.
 * - Replica lists from Kafka's own KRaft placer (lib/placement `stripedPlacement`, one seeded Random for
 *   every topic, as the controller keeps it): rack-aware, preferred leaders spread as Kafka spreads them.
 * - Dirs filled by Kafka's count rule (`LogManager.nextLogDirs`: fewest partition dirs, ties in `log.dirs`
 *   order, as 4.4 breaks them), with the history that skews bytes: the brokers started with one dir, and
 *   `__consumer_offsets` and the early, small topics (15% of the partitions, a tenth of the usual size)
 *   went to /data/d1 before /data/d2–d4 were added; later partitions fill the dir with the fewest.
 * - Every dir of every broker, the 15 new ones included, has the capacity that puts the old brokers' dirs
 *   at 55% on average (or less, where the fullest dir would otherwise pass 95%: a disk holds no more than
 *   its size); the new brokers 201–215 continue the same rack rotation.
 *
 * Figures, computed from the plan's after-snapshot over the 215 online brokers: bytes (Σ replica sizes),
 * replicas and leaders (partitions whose first replica — the preferred leader, which a preferred election
 * makes the leader — is the broker), each as max ÷ mean and min ÷ mean; the largest dir deviation from its
 * broker's utilisation in points; bytes moved ÷ the plan's lower bound; peak resident memory (the larger of
 * the RSS sampled right after the plan and Linux's VmHWM, which also covers building the cluster).
 * Targets: < 20 s (issue #30; #15 asked < 30 s); every broker figure within 0.95–1.05; dirs ≤ 5 points;
 * moved ≤ 1.3× the lower bound; < 3 GiB.
 *
 * The planner timed is lib/plan as it ships, run as the server runs it (plan-worker-host.ts): bundled by
 * esbuild the way the worker pool bundles it (lib/workers/pool.ts `bundleModule`), where the modules call
 * each other directly, in a worker thread with the pool's resource limits. Run from tsx's per-module
 * transform instead, every call across modules goes through a getter, and on the main thread with V8's
 * default young generation, the garbage collector copies the plan's objects more often: together a few
 * seconds the server never pays.
 */
import { readFileSync } from "node:fs";
import type { ClusterSnapshot, Partition, Replica, Topic } from "@/lib/model/snapshot";
import { JavaRandom, stripedPlacement } from "@/lib/placement";
import { PlanOptionsSchema } from "@/lib/plan";
import { participants, spreadCounted, topicBand, topicBandFor } from "@/lib/plan/goals";
import type { PlanState } from "@/lib/plan/plan-state";
import type * as PlanModule from "@/lib/plan";

export interface PlannerScaleFigures {
  replicas: number;
  brokers: number;
  seconds: number;
  brokerBytesMaxOverMean: number;
  brokerBytesMinOverMean: number;
  brokerReplicasMaxOverMean: number;
  brokerReplicasMinOverMean: number;
  brokerLeadersMaxOverMean: number;
  brokerLeadersMinOverMean: number;
  maxDirDeviationPoints: number;
  movedOverLowerBound: number;
  rssMiB: number;
  /** Topic spread after the plan (topicSpread, over ⌈mean⌉ per online broker): the worst excess and the cells more than 1 over. */
  topicExcess: number;
  topicCellsOverByMoreThanOne: number;
}

export interface PlannerScaleOptions {
  oldBrokers: number;
  newBrokers: number;
  dirsPerBroker: number;
  partitions: number;
  racks: number;
  seed: number;
  meanReplicaBytes: number;
  /** Share of partitions (by creation order) placed while the brokers had one dir. */
  earlyShare: number;
  meanUtilization: number;
  /** The rack of each broker id (old and new); default `rack-${(id - 1) % racks}`. */
  rackOf?: (id: number) => string;
  /** Each dir's capacity relative to the others (e.g. [1, 1, 2, 2]: two 4 TiB and two 8 TiB disks); default all equal. */
  dirCapacityFactors?: number[];
  /** Topic partition counts and their weights (%); default TOPIC_SIZES. */
  topicSizes?: [partitions: number, weight: number][];
  /** σ of the log-normal topic scale and of each partition around it; default 1.2 and 0.3. */
  topicSigma?: number;
  partitionSigma?: number;
  /** This many partitions (every step-th, after the internal topic) `factor` times their size. */
  hugePartitions?: { count: number; factor: number };
}

export const PLANNER_SCALE: PlannerScaleOptions = {
  oldBrokers: 200,
  newBrokers: 15,
  dirsPerBroker: 4,
  partitions: 933_334,
  racks: 10,
  seed: 20260215,
  meanReplicaBytes: 1024 ** 3,
  earlyShare: 0.15,
  meanUtilization: 0.55,
};

/** Partition counts of topics and how often each occurs (%): many small topics, a few very large. */
const TOPIC_SIZES: [partitions: number, weight: number][] = [
  [1, 10],
  [3, 15],
  [6, 15],
  [12, 15],
  [24, 10],
  [48, 10],
  [64, 8],
  [100, 7],
  [128, 5],
  [256, 3],
  [512, 1.5],
  [1024, 0.5],
];

/** The fullest a generated dir may be (a share of its capacity). */
const MAX_DIR_FILL = 0.95;

/** The bench's cluster and the ids of its new, empty brokers. Pure: the same options give the same cluster. */
export function plannerScaleCluster(o: PlannerScaleOptions = PLANNER_SCALE): { snapshot: ClusterSnapshot; newBrokers: number[] } {
  const placement = new JavaRandom(o.seed);
  const draws = new JavaRandom(o.seed + 1);
  const uniform = () => (draws.nextInt(1 << 30) + 0.5) / 2 ** 30;
  const gaussian = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const sizes = o.topicSizes ?? TOPIC_SIZES;
  const totalWeight = sizes.reduce((a, [, w]) => a + w, 0);
  const topicPartitions = () => {
    let x = uniform() * totalWeight;
    for (const [p, w] of sizes) if ((x -= w) <= 0) return p;
    return sizes.at(-1)![0];
  };
  // exp(σ·N(0,1) − σ²/2) has mean 1 (for the defaults σ²/2 is exactly the 0.72 and 0.045 the bench used).
  const topicSigma = o.topicSigma ?? 1.2;
  const topicShift = (topicSigma * topicSigma) / 2;
  const partitionSigma = o.partitionSigma ?? 0.3;
  const partitionShift = (partitionSigma * partitionSigma) / 2;

  const oldIds = Array.from({ length: o.oldBrokers }, (_, i) => i + 1);
  const rackOf = o.rackOf ?? ((id: number) => `rack-${(id - 1) % o.racks}`);
  const usable = oldIds.map((id) => ({ id, rack: rackOf(id), fenced: false }));
  const paths = Array.from({ length: o.dirsPerBroker }, (_, i) => `/data/d${i + 1}`);
  const index = new Map(oldIds.map((id, i) => [id, i]));
  const counts = oldIds.map(() => new Array<number>(o.dirsPerBroker).fill(0));
  const dirOfReplica = new Uint8Array(o.partitions * 3);
  const brokerOfReplica = new Int32Array(o.partitions * 3);
  const size = new Float64Array(o.partitions);
  const early = Math.round(o.partitions * o.earlyShare);

  // Topics in creation order; each partition placed by Kafka's placer, each replica in a dir by the count rule.
  const topicMeta: { name: string; internal: boolean; first: number; count: number }[] = [];
  let made = 0;
  while (made < o.partitions) {
    const internal = topicMeta.length === 0;
    const count = Math.min(internal ? 50 : topicPartitions(), o.partitions - made);
    const name = internal ? "__consumer_offsets" : `topic-${String(topicMeta.length).padStart(5, "0")}`;
    // Log-normal scale per topic (σ 1.2), per partition around it (σ 0.3); offsets and early topics small.
    const scale = internal ? 0.01 : Math.exp(topicSigma * gaussian() - topicShift) * (made < early ? 0.1 : 1);
    const lists = stripedPlacement(usable, count, 3, placement);
    for (let p = 0; p < count; p++) {
      const k = made + p;
      size[k] = scale * Math.exp(partitionSigma * gaussian() - partitionShift);
      lists[p]!.forEach((broker, j) => {
        const c = counts[index.get(broker)!]!;
        // LogManager.nextLogDirs: fewest partition dirs first, ties in log.dirs order; only /data/d1 in the early era.
        let best = 0;
        if (k >= early) for (let d = 1; d < c.length; d++) if (c[d]! < c[best]!) best = d;
        c[best]! += 1;
        dirOfReplica[k * 3 + j] = best;
        brokerOfReplica[k * 3 + j] = broker;
      });
    }
    topicMeta.push({ name, internal, first: made, count });
    made += count;
  }

  if (o.hugePartitions && o.hugePartitions.count > 0) {
    const first = topicMeta[0]!.count;
    const step = Math.max(1, Math.floor((o.partitions - first) / o.hugePartitions.count));
    for (let i = 0; i < o.hugePartitions.count && first + i * step < o.partitions; i++) size[first + i * step]! *= o.hugePartitions.factor;
  }
  // Bytes: scale every size so the mean replica is meanReplicaBytes.
  let sum = 0;
  for (let k = 0; k < o.partitions; k++) sum += size[k]!;
  const factor = o.meanReplicaBytes / (sum / o.partitions);
  const dirBytes = oldIds.map(() => new Array<number>(o.dirsPerBroker).fill(0));
  const empty: number[] = [];
  const topics: Topic[] = topicMeta.map((t) => {
    const partitions: Partition[] = new Array(t.count);
    for (let p = 0; p < t.count; p++) {
      const k = t.first + p;
      const bytes = Math.max(1, Math.round(size[k]! * factor));
      const ids = [brokerOfReplica[k * 3]!, brokerOfReplica[k * 3 + 1]!, brokerOfReplica[k * 3 + 2]!];
      const replicas: Replica[] = ids.map((broker, j) => {
        const d = dirOfReplica[k * 3 + j]!;
        dirBytes[index.get(broker)!]![d]! += bytes;
        return { broker, logDir: paths[d]!, sizeBytes: bytes, offsetLag: 0, future: null };
      });
      partitions[p] = { id: p, replicas, leader: ids[0]!, isr: ids, adding: empty, removing: empty, offline: empty };
    }
    return { name: t.name, internal: t.internal, topicId: null, partitions };
  });

  const meanDir = dirBytes.reduce((a, ds) => a + ds.reduce((x, y) => x + y, 0), 0) / (o.oldBrokers * o.dirsPerBroker);
  // Relative dir sizes keep the mean capacity: the cluster's utilisation is meanUtilization whatever the mix.
  const factors = o.dirCapacityFactors ?? paths.map(() => 1);
  const meanFactor = factors.reduce((a, b) => a + b, 0) / factors.length;
  // A disk holds no more than its size: where the fullest dir would pass MAX_DIR_FILL at meanUtilization,
  // every capacity grows by the same factor until it does not (the cluster is then emptier on average).
  let fullest = 0;
  dirBytes.forEach((ds) => ds.forEach((bytes, d) => (fullest = Math.max(fullest, bytes / ((meanDir / o.meanUtilization) * (factors[d]! / meanFactor))))));
  const capacity = Math.ceil((meanDir / o.meanUtilization) * Math.max(1, fullest / MAX_DIR_FILL));
  const capacityOf = (d: number) => (o.dirCapacityFactors ? Math.ceil((capacity * factors[d]!) / meanFactor) : capacity);
  const newBrokers = Array.from({ length: o.newBrokers }, (_, i) => o.oldBrokers + i + 1);
  const brokers = [...oldIds, ...newBrokers].map((id) => ({
    id,
    rack: rackOf(id),
    host: null,
    port: null,
    state: "online" as const,
    error: null,
    kafkaVersion: null,
    logDirs: paths.map((path, d) => ({
      path,
      totalBytes: capacityOf(d),
      usableBytes: Math.max(0, capacityOf(d) - (index.has(id) ? dirBytes[index.get(id)!]![d]! : 0)),
      state: "online" as const,
      error: null,
    })),
  }));
  const snapshot: ClusterSnapshot = {
    schema: 1,
    capturedAt: "2026-02-15T00:00:00.000Z",
    source: {
      kind: "scenario",
      label: `planner-scale ${o.oldBrokers}+${o.newBrokers}×${o.dirsPerBroker}, ${o.partitions * 3} replicas`,
      kafkaVersion: "4.4.0",
      clusterId: null,
      warnings: [],
    },
    brokers,
    topics,
    throttles: { defaults: { leader: null, follower: null, alterLogDirs: null }, brokers: [], topics: [], reassignments: [] },
  };
  return { snapshot, newBrokers };
}

/** Peak resident set size in MiB: Linux's VmHWM when there is one, and the RSS now. */
function peakRssMiB(sampled: number): number {
  let hwm = 0;
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync("/proc/self/status", "utf8"));
    if (m) hwm = Number(m[1]) * 1024;
  } catch {
    // Not Linux: the sample is all there is.
  }
  return Math.max(hwm, sampled, process.memoryUsage().rss) / 2 ** 20;
}

function spread(values: number[]): { maxOverMean: number; minOverMean: number } {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return { maxOverMean: Math.max(...values) / mean, minOverMean: Math.min(...values) / mean };
}

/**
 * Bytes, replicas and leaders (partitions whose first replica, the preferred leader, is the broker) per
 * online broker of a snapshot, each as max and min over the mean; and how many replicas it holds in all.
 */
export function brokerSpreads(snapshot: ClusterSnapshot) {
  const online = snapshot.brokers.filter((b) => b.state === "online").map((b) => b.id);
  const at = new Map(online.map((id, i) => [id, i]));
  const bytes = new Array<number>(online.length).fill(0);
  const replicas = new Array<number>(online.length).fill(0);
  const leaders = new Array<number>(online.length).fill(0);
  let replicaCount = 0;
  for (const t of snapshot.topics) {
    for (const p of t.partitions) {
      const first = p.replicas[0] ? at.get(p.replicas[0].broker) : undefined;
      if (first !== undefined) leaders[first]! += 1;
      for (const r of p.replicas) {
        replicaCount += 1;
        const i = at.get(r.broker);
        if (i === undefined) continue;
        bytes[i]! += r.sizeBytes ?? 0;
        replicas[i]! += 1;
      }
    }
  }
  return { replicaCount, bytes: spread(bytes), replicas: spread(replicas), leaders: spread(leaders) };
}

/**
 * Topic spread of a snapshot over its online brokers: the worst excess over ⌈mean⌉, and the cells more than
 * 1 over. With `state` (a PlanState of the same snapshot), a topic the rack rule keeps from its mean on
 * some rack (lib/plan/rack-targets.ts) is measured on each broker against ⌈its rack's target⌉ instead.
 */
export function topicSpread(snapshot: ClusterSnapshot, state?: PlanState): { worst: number; cellsOverByMoreThanOne: number } {
  const online = snapshot.brokers.filter((b) => b.state === "online").length;
  const members = state ? participants(state) : [];
  const counted = state ? spreadCounted(state) : null;
  let worst = 0;
  let cells = 0;
  const counts = new Map<number, number>();
  for (const t of snapshot.topics) {
    counts.clear();
    let replicas = 0;
    for (const p of t.partitions)
      for (const r of p.replicas) {
        counts.set(r.broker, (counts.get(r.broker) ?? 0) + 1);
        replicas += 1;
      }
    const plain = Math.ceil(replicas / Math.max(1, online) - 1e-9);
    const band = state && counted ? topicBand(state, t.name, members, counted) : null;
    for (const [id, c] of counts) {
      const ceiling = band?.byRack ? Math.ceil(topicBandFor(band, state!.brokers.get(id)).mean - 1e-9) : plain;
      worst = Math.max(worst, c - ceiling);
      if (c > ceiling + 1) cells += 1;
    }
  }
  return { worst, cellsOverByMoreThanOne: cells };
}

/** The planner a bench times: lib/plan as the bench's worker bundle holds it (plan-worker.ts). */
export type Planner = Pick<typeof PlanModule, "planRebalance">;

export async function benchPlannerScale({ planRebalance }: Planner): Promise<PlannerScaleFigures> {
  const { snapshot, newBrokers } = plannerScaleCluster();
  const options = PlanOptionsSchema.parse({ operation: { kind: "add-brokers", brokers: newBrokers } });
  const start = performance.now();
  const result = planRebalance(snapshot, options);
  const seconds = (performance.now() - start) / 1000;
  const sampled = process.memoryUsage().rss;
  if (!result.ok) throw new Error(`planner-scale: the planner refused the plan: ${result.error.message}`);
  const plan = result.value;

  const { replicaCount, bytes: b, replicas: r, leaders: l } = brokerSpreads(plan.afterSnapshot);
  return {
    replicas: replicaCount,
    brokers: snapshot.brokers.length,
    seconds,
    brokerBytesMaxOverMean: b.maxOverMean,
    brokerBytesMinOverMean: b.minOverMean,
    brokerReplicasMaxOverMean: r.maxOverMean,
    brokerReplicasMinOverMean: r.minOverMean,
    brokerLeadersMaxOverMean: l.maxOverMean,
    brokerLeadersMinOverMean: l.minOverMean,
    maxDirDeviationPoints: plan.maxDirDeviation * 100,
    movedOverLowerBound: plan.bytesMoved.total / plan.lowerBound,
    rssMiB: peakRssMiB(sampled),
    ...spreadFigures(plan.afterSnapshot),
  };
}

function spreadFigures(after: ClusterSnapshot): Pick<PlannerScaleFigures, "topicExcess" | "topicCellsOverByMoreThanOne"> {
  const { worst, cellsOverByMoreThanOne } = topicSpread(after);
  return { topicExcess: worst, topicCellsOverByMoreThanOne: cellsOverByMoreThanOne };
}

/** The human line: each figure beside its target from issue #15 (and #30: time, moved ÷ bound, topic spread). */
export function plannerScaleSummary(f: PlannerScaleFigures): string {
  const within = (x: number) => (x >= 0.95 && x <= 1.05 ? "ok" : "MISSED");
  const pair = (name: string, max: number, min: number) =>
    `${name} ${min.toFixed(3)}–${max.toFixed(3)}× the mean (${within(min) === "ok" && within(max) === "ok" ? "ok" : "MISSED"})`;
  return (
    `planner-scale: add-brokers plan for ${f.replicas.toLocaleString("en-US")} replicas on ${f.brokers} brokers × ${PLANNER_SCALE.dirsPerBroker} dirs in ${f.seconds.toFixed(1)} s (target < 20 s: ${f.seconds < 20 ? "ok" : "MISSED"}); ` +
    `${pair("broker bytes", f.brokerBytesMaxOverMean, f.brokerBytesMinOverMean)}, ${pair("replicas", f.brokerReplicasMaxOverMean, f.brokerReplicasMinOverMean)}, ` +
    `${pair("leaders", f.brokerLeadersMaxOverMean, f.brokerLeadersMinOverMean)} (target 0.95–1.05); ` +
    `max dir deviation ${f.maxDirDeviationPoints.toFixed(2)} points (target ≤ 5: ${f.maxDirDeviationPoints <= 5 ? "ok" : "MISSED"}); ` +
    `moved ${f.movedOverLowerBound.toFixed(3)} × the lower bound (target ≤ 1.3: ${f.movedOverLowerBound <= 1.3 ? "ok" : "MISSED"}); ` +
    `peak memory ${Math.round(f.rssMiB).toLocaleString("en-US")} MiB (target < 3 GiB: ${f.rssMiB < 3072 ? "ok" : "MISSED"}); ` +
    `topic excess ${f.topicExcess}, ${f.topicCellsOverByMoreThanOne.toLocaleString("en-US")} cells > 1 over (target ≤ 1: ${f.topicExcess <= 1 ? "ok" : "MISSED"})`
  );
}
