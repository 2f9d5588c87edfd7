/**
 * The one definition of "balanced" and of the size floor below which skew is not called skew.
 *
 * Balanced means the planner's tolerances hold (goals.ts bands, intra-broker.ts dir targets, the
 * default PlanOptions of options.ts): every view — the overview's verdict and cards, the trap cards,
 * the metrics, the simulator's timeline and the planner's "nothing to do" — asks this module, so none
 * of them calls a cluster balanced that the planner would move, or uneven when the planner would leave
 * it. `balanceOf(report)` measures a balance report (brokers × dirs + topics × brokers work, one pass:
 * the overview runs on million-replica snapshots, where a PlanState costs seconds);
 * `balanceOfState(state)` measures a PlanState the same way — both go through `measureLoads`, whose
 * band and dir-target arithmetic is the planner's own (`byteBand`, `countBand`, `spreadBand`, `outOfBand`,
 * `loadsOutsideTolerance`).
 *
 * Not yet where the rack rule binds: the planner then measures each broker (and each topic's replicas on
 * it) against its own rack's target (rack-targets.ts), which needs every partition's racks; a balance
 * report does not carry them, so these views still measure against the mean of all brokers and can call
 * uneven a cluster (three zones of unequal size) whose plan moves nothing.
 *
 * The size floor: a difference of bytes smaller than SKEW_FLOOR_SHARE of the disks it is measured on
 * (when their capacity is known), or than SKEW_FLOOR_BYTES (when it is not), is not skew: 3.00× of
 * 16 KiB is nothing to move, and no ratio is printed as a problem below it. It applies to the byte
 * goals (dir utilisation, broker bytes); counts have no floor (their band is never narrower than
 * [⌊mean⌋, ⌈mean⌉]).
 */
import { knownFacts } from "../model/facts";
import { brokerKafkaVersion, kafkaBehaviour, pickKafkaLine } from "../model/kafka-versions";
import type { BalanceReport, DirFigures } from "../model/report";
import type { ClusterSnapshot } from "../model/snapshot";
import { byteBand, countBand, outOfBand, spreadBand, type Band } from "./goals";
import { loadsOutsideTolerance, openDisks, type DirLoad } from "./intra-broker";
import { groupByDisk } from "../model/disks";
import { PlanOptionsSchema, SOFT_GOALS, type PlanOptions, type SoftGoal } from "./options";
import type { PlanState } from "./plan-state";

/** 1 GiB: the floor when capacity is unknown. */
export const SKEW_FLOOR_BYTES = 1024 ** 3;
/** 1 % of capacity: the floor when the dirs' capacity is known. */
export const SKEW_FLOOR_SHARE = 0.01;

/** The floor for a spread measured on dirs (or brokers) whose capacity is `capacityBytes` each (null = unknown). */
export function skewFloorBytes(capacityBytes: number | null): number {
  return capacityBytes !== null && capacityBytes > 0 ? capacityBytes * SKEW_FLOOR_SHARE : SKEW_FLOOR_BYTES;
}

/** True when a spread of bytes is too small to call skew. */
export function belowSkewFloor(spreadBytes: number, capacityBytes: number | null): boolean {
  return spreadBytes < skewFloorBytes(capacityBytes);
}

/** The tolerances "balanced" is measured with: the planner's defaults (a plan's own options when it has them). */
export type BalanceOptions = Pick<PlanOptions, "tolerance" | "intraObjective" | "goals">;
const PLAN_DEFAULTS = PlanOptionsSchema.parse({});
export const DEFAULT_BALANCE_OPTIONS: BalanceOptions = { tolerance: PLAN_DEFAULTS.tolerance, intraObjective: PLAN_DEFAULTS.intraObjective, goals: [...SOFT_GOALS] };

/** One broker as the goals read it. */
export interface BrokerLoad {
  id: number;
  /** Online, with an open dir (online, or cordoned where the broker ignores cordons): may take data. */
  participant: boolean;
  bytes: number;
  replicas: number;
  /** Partitions whose first replica (the preferred leader) is this broker; null when leadership is unknown. */
  preferredLeaders: number | null;
  /** Its open disks (a dir of its own, or the dirs of one filesystem as one: lib/model/disks.ts): Kafka bytes (current + future), other usage, capacity. */
  openDirs: DirLoad[];
}

/** One soft goal's state on the cluster, as the planner would judge it. */
export interface GoalBalance {
  goal: SoftGoal;
  /** False when the snapshot lacks what the goal reads (leaders without leadership data). */
  measured: boolean;
  /** Brokers (dirs, topic × broker cells) outside the tolerance, above the floor. */
  outside: number;
  /** Byte goals: whether every spread it found is below the size floor (so nothing is skew). */
  belowFloor: boolean;
  /** Byte goals: brokers whose spread is outside the tolerance but under the floor (not counted in `outside`). */
  flooredBrokers: number[];
  /** Brokers with something outside (dir goal: the brokers whose dirs are; broker goals: the brokers outside the band). */
  brokers: number[];
}

export interface Balance {
  options: BalanceOptions;
  goals: GoalBalance[];
  /** Every measured goal within tolerance (or below the floor): the planner has nothing to do. */
  balanced: boolean;
  /** Goals not measured (leadership unknown), so "balanced" is said only of the others. */
  unmeasured: SoftGoal[];
  /** Every participant holds less than the floor: too little data to call any byte skew. */
  tooLittleData: boolean;
}

export function goalOf(balance: Balance, goal: SoftGoal): GoalBalance | undefined {
  return balance.goals.find((g) => g.goal === goal);
}

/** Whether the goal is within tolerance (or not asked, or below the floor, or not measured). */
export function goalMet(balance: Balance, goal: SoftGoal): boolean {
  const g = goalOf(balance, goal);
  return !g || !g.measured || g.outside === 0;
}

const spreadOf = (values: readonly number[]) => {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return values.length === 0 ? 0 : hi - lo;
};

/** The capacity a floor is measured against: the smallest known, or null when any is unknown. */
function floorCapacity(caps: readonly (number | null)[]): number | null {
  let min = Infinity;
  for (const c of caps) {
    if (c === null) return null;
    if (c < min) min = c;
  }
  return Number.isFinite(min) ? min : null;
}

/** Whether a broker's open dirs differ by less than the floor (the dir goal says nothing of it then). */
export function dirsBelowFloor(dirs: readonly DirLoad[]): boolean {
  return belowSkewFloor(spreadOf(dirs.map((d) => d.bytes)), floorCapacity(dirs.map((d) => d.cap)));
}

/** Whether the participants' bytes differ by less than the floor (against the smallest broker's capacity). */
export function brokerBytesBelowFloor(brokers: readonly BrokerLoad[]): boolean {
  const members = brokers.filter((b) => b.participant);
  const caps = members.map((b) => (b.openDirs.every((d) => d.cap !== null) ? b.openDirs.reduce((s, d) => s + d.cap!, 0) : null));
  return belowSkewFloor(spreadOf(members.map((b) => b.bytes)), floorCapacity(caps));
}

/**
 * The goals over broker loads and topic counts (per topic, its replicas on each broker in `brokers`
 * order). Means are over participants, as the planner's (no broker is being removed: a snapshot's
 * balance, not an operation's).
 */
export function measureLoads(brokers: readonly BrokerLoad[], topicCounts: Iterable<ArrayLike<number>> | null, options: BalanceOptions = DEFAULT_BALANCE_OPTIONS): Balance {
  const members = brokers.filter((b) => b.participant);
  const n = members.length;
  const mean = (f: (b: BrokerLoad) => number) => (n === 0 ? 0 : members.reduce((s, b) => s + f(b), 0) / n);
  const goals: GoalBalance[] = [];
  const unmeasured: SoftGoal[] = [];
  const brokersFloor = brokerBytesBelowFloor(brokers);
  for (const goal of options.goals) {
    const out: GoalBalance = { goal, measured: true, outside: 0, belowFloor: false, flooredBrokers: [], brokers: [] };
    if (goal === "dir-utilization") {
      let anyAbove = false;
      let any = false;
      for (const b of members) {
        if (b.openDirs.length < 2) continue;
        any = true;
        const outside = loadsOutsideTolerance(b.openDirs, options);
        const floored = dirsBelowFloor(b.openDirs);
        if (!floored) anyAbove = true;
        if (outside === 0) continue;
        if (floored) out.flooredBrokers.push(b.id);
        else {
          out.outside += outside;
          out.brokers.push(b.id);
        }
      }
      out.belowFloor = any && !anyAbove;
    } else if (goal === "topic-spread") {
      if (topicCounts) {
        // Topics × brokers cells on a million-replica cluster: a tight loop over indexes, the band's test inlined (outOfBand > 0).
        const memberIndexes = Int32Array.from(brokers.flatMap((b, i) => (b.participant ? [i] : [])));
        const hit = new Uint8Array(brokers.length);
        for (const counts of topicCounts) {
          let total = 0;
          for (let k = 0; k < memberIndexes.length; k++) total += counts[memberIndexes[k]!] ?? 0;
          const band = spreadBand(n === 0 ? 0 : total / n);
          for (let k = 0; k < memberIndexes.length; k++) {
            const i = memberIndexes[k]!;
            const c = counts[i] ?? 0;
            if (c > band.hi || c < band.lo) {
              out.outside += 1;
              hit[i] = 1;
            }
          }
        }
        out.brokers = brokers
          .filter((_, i) => hit[i] === 1)
          .map((b) => b.id)
          .sort((a, b) => a - b);
      } else out.measured = false;
    } else {
      const value = (b: BrokerLoad) => (goal === "broker-bytes" ? b.bytes : goal === "broker-replicas" ? b.replicas : (b.preferredLeaders ?? 0));
      if (goal === "broker-leaders" && members.some((b) => b.preferredLeaders === null)) out.measured = false;
      else {
        const band: Band = goal === "broker-bytes" ? byteBand(mean(value), options.tolerance) : countBand(mean(value), options.tolerance);
        const off = members.filter((b) => outOfBand(value(b), band, false) > 0).map((b) => b.id);
        if (goal === "broker-bytes" && brokersFloor) {
          out.belowFloor = n > 1;
          out.flooredBrokers = off;
        } else {
          out.outside = off.length;
          out.brokers = off;
        }
      }
    }
    if (!out.measured) unmeasured.push(goal);
    goals.push(out);
  }
  const capacityOf = (b: BrokerLoad) => (b.openDirs.every((d) => d.cap !== null) ? b.openDirs.reduce((s, d) => s + d.cap!, 0) : null);
  return {
    options,
    goals,
    balanced: goals.every((g) => !g.measured || g.outside === 0),
    unmeasured,
    tooLittleData: n > 0 && members.every((b) => belowSkewFloor(b.bytes, capacityOf(b))),
  };
}

export interface ReportBalanceInput {
  /** Per broker, partitions whose first replica is on it; null when leadership is unknown (the leader goal is then not measured). */
  preferredLeaders?: ReadonlyMap<number, number> | null;
  /** Whether a broker honours `cordoned.log.dirs` (4.3+): its cordoned dirs take nothing. Default: every broker does. */
  honoursCordons?: (broker: number) => boolean;
}

/**
 * One disk of a report (one dir, or the open dirs of one filesystem) as the planner's PlanState holds
 * it: its bytes (-future copies included), what else fills the filesystem, its capacity — once.
 */
function diskLoadOf(dirs: readonly DirFigures[]): DirLoad {
  const d = dirs[0]!;
  const bytes = dirs.reduce((s, x) => s + x.bytes + x.futureBytes, 0);
  const other = d.totalBytes !== null && d.usableBytes !== null ? Math.max(0, d.totalBytes - d.usableBytes - bytes) : 0;
  return { bytes, other, cap: d.totalBytes !== null && d.totalBytes > 0 ? d.totalBytes : null };
}

/** One broker's open dirs (report rows) as the loads the dir goal weighs: one per disk. */
function diskLoads(openDirs: readonly DirFigures[]): DirLoad[] {
  return groupByDisk(openDirs).map(diskLoadOf);
}

/**
 * Whether one broker's open dirs (its report rows that take partitions) are uneven as the dir goal
 * judges them: some dir outside the tolerance, and the spread above the size floor. The next-placement
 * card calls a pick a trap only then, so it never contradicts the verdict.
 */
export function dirsUneven(openDirs: readonly DirFigures[], options: BalanceOptions = DEFAULT_BALANCE_OPTIONS): boolean {
  const loads = diskLoads(openDirs);
  return loadsOutsideTolerance(loads, options) > 0 && !dirsBelowFloor(loads);
}

/** The loads of a balance report's brokers, as the planner's PlanState would hold them. */
export function reportLoads(report: Pick<BalanceReport, "brokers" | "dirs">, input: ReportBalanceInput = {}): BrokerLoad[] {
  const dirsOf = new Map<number, DirFigures[]>();
  for (const d of report.dirs) {
    const honours = input.honoursCordons ? input.honoursCordons(d.broker) : true;
    const open = d.state === "online" || (d.state === "cordoned" && !honours);
    if (!open) continue;
    const list = dirsOf.get(d.broker);
    if (list) list.push(d);
    else dirsOf.set(d.broker, [d]);
  }
  const leaders = input.preferredLeaders ?? null;
  return report.brokers.map((b) => {
    const openDirs = b.state === "online" ? diskLoads(dirsOf.get(b.id) ?? []) : [];
    return { id: b.id, participant: openDirs.length > 0, bytes: b.bytes, replicas: b.replicas, preferredLeaders: leaders ? (leaders.get(b.id) ?? 0) : null, openDirs };
  });
}

/** The balance of a report (with its topic rows when topic spread is asked; without them it is not measured). */
export function balanceOf(
  report: Pick<BalanceReport, "brokers" | "dirs"> & { topics?: BalanceReport["topics"] },
  input: ReportBalanceInput = {},
  options: BalanceOptions = DEFAULT_BALANCE_OPTIONS,
): Balance {
  const loads = reportLoads(report, input);
  // A report's topic rows count replicas per listed broker in brokerIds order, which is report.brokers' order.
  return measureLoads(loads, report.topics ? report.topics.map((t) => t.perBroker) : null, options);
}

/** The balance of a planner state (brokers being removed are not participants and hold nothing here). */
export function balanceOfState(state: PlanState, options: BalanceOptions = DEFAULT_BALANCE_OPTIONS): Balance {
  const brokers = [...state.brokers.values()].sort((a, b) => a.id - b.id);
  const loads: BrokerLoad[] = brokers.map((b) => {
    const openDirs = openDisks(state, b);
    return { id: b.id, participant: openDirs.length > 0, bytes: b.bytes, replicas: b.count, preferredLeaders: b.leaders, openDirs };
  });
  const topicCounts = [...state.topicCounts.values()].map((counts) => brokers.map((b) => counts.get(b.id) ?? 0));
  return measureLoads(loads, topicCounts, options);
}

/**
 * What a plan should leave alone because it is below the size floor: the dirs of brokers whose open
 * dirs differ by less than the floor, and broker bytes when the brokers do. The planner's "nothing to
 * do" for a 123-byte cluster: the same floor the overview applies.
 */
export function flooredGoals(state: PlanState): { dirBrokers: Set<number>; brokerBytes: boolean } {
  const dirBrokers = new Set<number>();
  const loads: BrokerLoad[] = [];
  for (const b of state.brokers.values()) {
    const openDirs = openDisks(state, b);
    if (openDirs.length >= 2 && dirsBelowFloor(openDirs)) dirBrokers.add(b.id);
    loads.push({ id: b.id, participant: openDirs.length > 0, bytes: b.bytes, replicas: b.count, preferredLeaders: b.leaders, openDirs });
  }
  return { dirBrokers, brokerBytes: brokerBytesBelowFloor(loads) };
}

/**
 * What `balanceOf` needs of the snapshot beyond its report, in one pass over partitions: the preferred
 * leaders (when the source carried leadership: a `kafka-log-dirs` paste lists replicas in no
 * meaningful order) and each broker's cordon rule (the planner's: the broker's Kafka line, the newest
 * it may be when not pinned down).
 */
export function reportBalanceInput(snapshot: ClusterSnapshot): ReportBalanceInput {
  let preferredLeaders: Map<number, number> | null = null;
  if (knownFacts(snapshot).leadership) {
    preferredLeaders = new Map();
    for (const t of snapshot.topics) {
      for (const p of t.partitions) {
        const first = p.replicas[0];
        if (first) preferredLeaders.set(first.broker, (preferredLeaders.get(first.broker) ?? 0) + 1);
      }
    }
  }
  const honours = new Map(snapshot.brokers.map((b) => [b.id, kafkaBehaviour(pickKafkaLine(brokerKafkaVersion(b, snapshot.source.kafkaVersion)).line).cordonedLogDirs]));
  return { preferredLeaders, honoursCordons: (id) => honours.get(id) ?? true };
}

/** How many of `values` lie outside the planner's band around their mean: a count band (whole numbers) or a byte band. */
export function outsideBand(values: readonly number[], kind: "count" | "bytes", tolerance: number = DEFAULT_BALANCE_OPTIONS.tolerance): number {
  if (values.length === 0) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const band = kind === "count" ? countBand(mean, tolerance) : byteBand(mean, tolerance);
  return values.filter((v) => outOfBand(v, band, false) > 0).length;
}
