/**
 * The rebalancing planner: a skewed snapshot in, the fewest bytes moved that bring it within
 * tolerance out — with the reassignment JSON, the throttles it needs and an honest duration.
 *
 * Priorities, in order:
 * 1. Safety: never two replicas of a partition on one broker, never fewer distinct racks than before,
 *    never a dir past the headroom, leaders stay unless allowed, excluded topics and partitions with a
 *    move in flight are left alone, the byte cap is respected.
 * 2. Minimal movement: every move strictly lowers the objective, and planning stops at the tolerance.
 * 3. Determinism: the same snapshot and options give the same plan.
 * Every moved replica's destination dir is pinned in `log_dirs`.
 */
import { balanceReport, type BalanceReport } from "../model/report";
import type { ClusterSnapshot } from "../model/snapshot";
import { estimateReassignment, type DurationEstimate } from "./estimate";
import { balanceBrokers, type InterStop } from "./inter-broker";
import { balanceBrokerDirs, intraLowerBound, type IntraStop } from "./intra-broker";
import type { PlanOptions } from "./options";
import { PlanState, replicaOn } from "./plan-state";
import { ANY_LOG_DIR, currentAssignmentJson, formatReassignmentJson, type ReassignmentEntry } from "./reassignment-json";
import { throttlePlan, type ThrottlePlan } from "./throttle-plan";
import { outsideTolerance, type OutsideTolerance } from "./tolerance";
import { leaderAndIsrAfter } from "../simulate/reassign";

export interface PlanMove {
  kind: "intra" | "inter";
  topic: string;
  partition: number;
  fromBroker: number;
  toBroker: number;
  fromDir: string | null;
  toDir: string;
  bytes: number;
}

export interface Plan {
  options: PlanOptions;
  moves: PlanMove[];
  entries: ReassignmentEntry[];
  reassignmentJson: string;
  /** The current assignment of every partition in the plan, to roll back with. */
  rollbackJson: string;
  bytesMoved: { intra: number; inter: number; total: number };
  /** Σ over dirs of bytes above target, before planning: no intra-broker plan can move less. */
  intraLowerBound: number;
  stoppedBecause: { inter: InterStop | null; intra: IntraStop | null };
  /** Dirs and brokers outside the tolerance before and after the plan (tolerance.ts): what the plan achieves. */
  outsideTolerance: { before: OutsideTolerance; after: OutsideTolerance };
  before: BalanceReport;
  after: BalanceReport;
  afterSnapshot: ClusterSnapshot;
  /** After the plan, the largest |dir utilisation − its broker's utilisation|, in points (0.05 = 5). */
  maxDirDeviation: number;
  throttles: ThrottlePlan;
  estimate: DurationEstimate;
  /** What the operator should know beyond the plan's status: goals that changed nothing, partitions left alone. */
  warnings: string[];
}

function worstStop<T extends string>(stops: T[]): T | null {
  const order = ["max_moves", "byte_cap", "no_improving_move", "balanced"];
  return stops.length === 0 ? null : [...stops].sort((a, b) => order.indexOf(a) - order.indexOf(b))[0]!;
}

export function planRebalance(snapshot: ClusterSnapshot, options: PlanOptions): Plan {
  const state = new PlanState(snapshot, new Set(options.excludeTopics));
  const budget = { bytes: options.maxBytesToMove ?? Infinity, moves: options.maxMoves };
  const lowerBound = [...state.brokers.values()].reduce((a, b) => a + intraLowerBound(state, b, options), 0);
  const outsideBefore = outsideTolerance(state, options);
  const interStops: InterStop[] = [];
  const intraStops: IntraStop[] = [];
  const runInter = () => interStops.push(balanceBrokers({ state, options, budget, }));
  const runIntra = () => {
    for (const broker of [...state.brokers.values()].sort((a, b) => a.id - b.id)) {
      intraStops.push(balanceBrokerDirs({ state, options, budget, }, broker));
    }
  };
  const phases = options.mode === "intra" ? [runIntra] : options.mode === "inter" ? [runInter] : options.order === "inter-first" ? [runInter, runIntra] : [runIntra, runInter];
  for (const phase of phases) phase();

  // The plan is the difference between where replicas started and where they ended, so a replica that
  // moved twice during planning still moves once.
  const moves: PlanMove[] = [];
  const touched = new Set<PlanState["partitions"][number]>();
  for (const part of state.partitions) {
    for (const r of part.members) {
      if (r.broker === r.originalBroker && r.dir === r.originalDir) continue;
      touched.add(part);
      moves.push({
        kind: r.broker === r.originalBroker ? "intra" : "inter",
        topic: part.topic,
        partition: part.partition,
        fromBroker: r.originalBroker,
        toBroker: r.broker,
        fromDir: r.originalDir,
        toDir: r.dir!,
        bytes: r.size,
      });
    }
  }
  const entries: ReassignmentEntry[] = [...touched].map((part) => ({
    topic: part.topic,
    partition: part.partition,
    replicas: [...part.replicas],
    logDirs: part.replicas.map((b) => {
      const r = replicaOn(part, b)!;
      return r.broker === r.originalBroker && r.dir === r.originalDir ? ANY_LOG_DIR : r.dir!;
    }),
  }));
  const current: Record<string, number[]> = {};
  const proposed: Record<string, number[]> = {};
  for (const part of touched) {
    current[`${part.topic}-${part.partition}`] = part.original;
    proposed[`${part.topic}-${part.partition}`] = part.replicas;
  }

  const afterSnapshot = applyPlanState(snapshot, state);
  const after = balanceReport(afterSnapshot);
  const intra = moves.filter((m) => m.kind === "intra").reduce((a, m) => a + m.bytes, 0);
  const inter = moves.filter((m) => m.kind === "inter").reduce((a, m) => a + m.bytes, 0);
  const rates = {
    replicationBytesPerSecond: options.throttle.replicationBytesPerSecond,
    alterLogDirsBytesPerSecond: options.throttle.alterLogDirsBytesPerSecond,
  };
  const stoppedBecause = { inter: worstStop(interStops), intra: worstStop(intraStops) };

  return {
    options,
    moves,
    entries,
    reassignmentJson: formatReassignmentJson(entries),
    rollbackJson: currentAssignmentJson(proposed, current),
    bytesMoved: { intra, inter, total: intra + inter },
    intraLowerBound: lowerBound,
    stoppedBecause,
    outsideTolerance: { before: outsideBefore, after: outsideTolerance(state, options) },
    before: balanceReport(snapshot),
    after,
    afterSnapshot,
    maxDirDeviation: maxDirDeviation(after),
    throttles: throttlePlan(snapshot, entries, rates, options.bootstrapServer),
    estimate: estimateReassignment(snapshot, entries, rates),
    warnings: planWarnings(snapshot, state, options),
  };
}

/**
 * What the status (whether the goals are met, and why not) does not say: excluded topics the
 * snapshot does not have (a typo excludes nothing), and partitions left alone because a move is in
 * flight.
 */
function planWarnings(snapshot: ClusterSnapshot, state: PlanState, options: PlanOptions): string[] {
  const warnings: string[] = [];
  const topics = new Set(snapshot.topics.map((t) => t.name));
  const unknown = [...new Set(options.excludeTopics)].filter((t) => !topics.has(t));
  if (unknown.length > 0) {
    // 5: enough to spot a typo; a list of thousands would bury the warning.
    const shown = unknown.slice(0, 5).map((t) => `"${t}"`).join(", ");
    const names = unknown.length > 5 ? `${shown} and ${unknown.length - 5} more` : shown;
    warnings.push(
      unknown.length === 1
        ? `Topic ${names} is not in this snapshot, so excluding it changes nothing; check the spelling.`
        : `Topics ${names} are not in this snapshot, so excluding them changes nothing; check the spelling.`,
    );
  }
  const excluded = new Set(options.excludeTopics);
  const inFlight = state.partitions.filter((p) => !p.movable && !excluded.has(p.topic)).length;
  if (inFlight > 0) warnings.push(inFlight === 1 ? "1 partition has a reassignment or dir move in flight and was left alone." : `${inFlight} partitions have a reassignment or dir move in flight and were left alone.`);
  return warnings;
}

/** Largest |dir utilisation − broker utilisation| over online dirs with known capacity. */
export function maxDirDeviation(report: BalanceReport): number {
  let worst = 0;
  for (const id of report.brokerIds) {
    const dirs = report.dirs.filter((d) => d.broker === id && d.state === "online" && d.totalBytes !== null && d.totalBytes > 0);
    const cap = dirs.reduce((a, d) => a + d.totalBytes!, 0);
    if (cap === 0) continue;
    const mean = dirs.reduce((a, d) => a + d.usedBytes, 0) / cap;
    for (const d of dirs) worst = Math.max(worst, Math.abs(d.usedBytes / d.totalBytes! - mean));
  }
  return worst;
}

/**
 * The snapshot as it will be once the plan has run (the planner's own bookkeeping). Untouched topics
 * and partitions are shared with the input, not copied: snapshots are never mutated after they are
 * made, and copying 100,000 replicas to change a few thousand would dominate the planner's time.
 */
function applyPlanState(snapshot: ClusterSnapshot, state: PlanState): ClusterSnapshot {
  const online = (b: number) => state.brokers.get(b)?.online ?? false;
  const changedByTopic = new Map<string, Map<number, PlanState["partitions"][number]>>();
  for (const part of state.partitions) {
    if (!part.members.some((r) => r.broker !== r.originalBroker || r.dir !== r.originalDir)) continue;
    let m = changedByTopic.get(part.topic);
    if (!m) changedByTopic.set(part.topic, (m = new Map()));
    m.set(part.partition, part);
  }
  const topics = snapshot.topics.map((topic) => {
    const changed = changedByTopic.get(topic.name);
    if (!changed) return topic;
    return {
      ...topic,
      partitions: topic.partitions.map((p) => {
        const part = changed.get(p.id);
        if (!part) return p;
        const old = new Map(p.replicas.map((r) => [r.broker, r]));
        const replicas = part.replicas.map((b) => {
          const r = replicaOn(part, b)!;
          const had = old.get(b);
          if (had && r.dir === had.logDir) return had;
          if (had) return { ...had, logDir: r.dir, future: null };
          return { broker: b, logDir: r.dir, sizeBytes: r.size, offsetLag: 0, future: null };
        });
        const { leader, isr } = leaderAndIsrAfter(p, part.replicas, online);
        return { ...p, replicas, leader, isr, adding: [], removing: [], offline: p.offline.filter((b) => part.replicas.includes(b)) };
      }),
    };
  });
  const brokers = snapshot.brokers.map((broker) => {
    const pb = state.brokers.get(broker.id)!;
    return {
      ...broker,
      logDirs: broker.logDirs.map((d) => {
        const pd = pb.byPath.get(d.path)!;
        return d.totalBytes !== null && d.usableBytes !== null ? { ...d, usableBytes: Math.max(0, d.totalBytes - pd.other - pd.bytes) } : d;
      }),
    };
  });
  return { ...snapshot, source: { ...snapshot.source, kind: "scenario", label: `${snapshot.source.label} · after plan` }, brokers, topics };
}
