/**
 * The rebalancing planner: a snapshot and what the operator wants (an operation and soft goals in
 * priority order, options.ts) in; the fewest bytes moved that meet the goals out — with the
 * reassignment JSON, leadership changes, cordons, the throttles it needs and an honest duration.
 *
 * 1. Safety (hard constraints, never broken): never two replicas of a partition on one broker, never
 *    fewer distinct racks than before, never a dir past the headroom, nothing into an offline,
 *    cordoned or draining dir or onto a broker being removed or offline; leaders stay unless allowed
 *    or unless they must leave; excluded topics and partitions with a move in flight are left alone;
 *    the byte cap and move limit are respected.
 * 2. The operation: `remove-brokers` and `drain-dirs` first empty what they name (inter-broker.ts
 *    `evacuate`) and move nothing else but the dirs of brokers that received; `add-brokers` moves
 *    data only onto the new brokers; `rebalance` may move anything.
 * 3. Goals together (goals.ts): broker bytes and replica counts (and topic spread as a preference)
 *    in one inter-broker pass whose every move must improve the first goal it changes; topic spread;
 *    then dirs inside each broker (changes no other goal); then leadership by reordering replicas
 *    (moves no bytes, changes no other goal).
 * 4. Minimal movement: every pass stops at the tolerance; the plan is measured against a lower bound
 *    (lower-bound.ts) and against what Kafka's own `--generate` would move.
 * 5. Determinism: the same snapshot and options give the same plan.
 * Every moved replica's destination dir is pinned in `log_dirs`.
 */
import { balanceReport, type BalanceReport } from "../model/report";
import { formatBytes } from "../model/format";
import type { ClusterSnapshot } from "../model/snapshot";
import { brokerKafkaVersion, kafkaBehaviour, pickKafkaLine } from "../model/kafka-versions";
import { invalid, success, type Issue, type Result } from "../model/result";
import { JavaRandom } from "../placement";
import { cordonedAfter, drainCordons } from "./cordons";
import { batchSummaries, estimateExecution, planBatches, type BatchSummary, type ExecutionEstimate } from "./batches";
import { generateAssignment, GenerateError } from "./generate";
import { snapshotAfterGenerate } from "./generate-after";
import { brokerBands, brokerValue, GOAL_LABELS, measureGoal, outOfBand, participants, type GoalMeasure, type GoalResult } from "./goals";
import { balanceBrokers, evacuate, spreadTopics, type InterStop, type StuckReplica } from "./inter-broker";
import { balanceBrokerDirs, dirsOutsideTolerance } from "./intra-broker";
import { balanceLeaders, leadershipChanges, type LeadershipChange } from "./leadership";
import { lowerBound as planLowerBound } from "./lower-bound";
import type { PlanOptions, SoftGoal } from "./options";
import { PlanState, replicaOn } from "./plan-state";
import { ANY_LOG_DIR, formatReassignmentJson, rollbackAssignmentJson, type ReassignmentEntry } from "../model/reassignment-json";
import { throttlePlan, type ThrottlePlan } from "./throttle-plan";
import { bootstrapArg, shellArg } from "./shell";
import { copySize, leaderAndIsrAfter } from "../model/reassignment";

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

export type PlanStop = InterStop;

export interface Evacuation {
  /** Replicas that had to leave (on removed brokers or drained dirs), and their bytes. */
  replicas: number;
  bytes: number;
  /** Replicas that could not leave, with why; at most MAX_STUCK_LISTED listed. */
  stuck: StuckReplica[];
  stuckTotal: number;
}

export interface Leadership {
  /** Partitions whose preferred leader changes without a data move (a reorder), and from whom to whom. */
  changes: LeadershipChange[];
  /** `kafka-leader-election --path-to-json-file` input for those partitions. */
  electionJson: string;
  command: string;
}

export interface Cordon {
  broker: number;
  /** The broker's full `cordoned.log.dirs` after the change (existing cordons kept). */
  dirs: string[];
  command: string;
}

/**
 * What Kafka's `kafka-reassign-partitions --generate` would move for the same brokers (seeded), and
 * what it would leave undone: its after-state measured with the plan's own goals (generate-after.ts).
 */
export type GenerateComparison =
  | {
      bytes: number;
      replicas: number;
      placer: "admin-utils" | "striped";
      /** Each chosen goal on the cluster once its proposal has run, in priority order. */
      goals: { goal: SoftGoal; met: boolean; measure: GoalMeasure }[];
      /** Replicas it leaves on the brokers being removed or in the dirs being drained (it drains no dir). */
      leftBehind: number;
      /** Partitions it could not place (left out of its after-state). */
      unplaced: number;
    }
  | { error: string };

/** What the snapshot has no figures for: offline dirs, and brokers that did not answer or are known only by name. */
export interface Unmeasured {
  dirs: { broker: number; path: string; error: string | null }[];
  brokers: { id: number; state: "unreachable" | "unknown" }[];
}

export interface Plan {
  options: PlanOptions;
  moves: PlanMove[];
  entries: ReassignmentEntry[];
  reassignmentJson: string;
  /** The current assignment of every partition in the plan, to roll back with. */
  rollbackJson: string;
  bytesMoved: { intra: number; inter: number; total: number };
  /** The fewest bytes any plan must move for the byte goals chosen and the operation (lower-bound.ts). */
  lowerBound: number;
  /** Each chosen soft goal in priority order: met or not, before and after, and why not. */
  goals: GoalResult[];
  /** Why the balancing passes stopped (the worst of them). */
  stoppedBecause: PlanStop;
  evacuation: Evacuation | null;
  leadership: Leadership;
  cordons: Cordon[];
  kafkaGenerate: GenerateComparison;
  before: BalanceReport;
  after: BalanceReport;
  afterSnapshot: ClusterSnapshot;
  /** After the plan, the largest |dir utilisation − its broker's utilisation|, in points (0.05 = 5), over dirs of known capacity. */
  maxDirDeviation: number;
  /**
   * The dirs by the dir goal's own measure and tolerance (goals.ts), before and after, whether or not
   * the goal was chosen: what the page's dir headline shows, so it never disagrees with the goals table.
   */
  dirs: { before: GoalMeasure; after: GoalMeasure };
  /** Dirs and brokers the snapshot has no figures for (the plan moves nothing into or out of them). */
  unmeasured: Unmeasured;
  throttles: ThrottlePlan;
  /** How the apply runs it: batches bounded per broker (options.execution), leadership changes last. */
  batches: BatchSummary[];
  /** The batches one after another, with the job's own steps. */
  estimate: ExecutionEstimate;
  /** What the operator should know beyond the goals, most severe first: offline dirs and absent brokers, topics that are not there, partitions left alone. */
  warnings: string[];
}

export const MAX_STUCK_LISTED = 200;

function worstStop(stops: InterStop[]): InterStop {
  const order: InterStop[] = ["max_moves", "byte_cap", "no_improving_move", "balanced"];
  return stops.length === 0 ? "balanced" : [...stops].sort((a, b) => order.indexOf(a) - order.indexOf(b))[0]!;
}

/** The operation's brokers and dirs must exist and be usable; each problem names the field to fix. */
function operationIssues(snapshot: ClusterSnapshot, options: PlanOptions): Issue[] {
  const op = options.operation;
  const brokers = new Map(snapshot.brokers.map((b) => [b.id, b]));
  const issues: Issue[] = [];
  const ids = () => [...brokers.keys()].sort((x, y) => x - y).join(", ");
  if (op.kind === "add-brokers" || op.kind === "remove-brokers") {
    const held = op.kind === "add-brokers" ? heldByBroker(snapshot) : null;
    op.brokers.forEach((id, i) => {
      const path = `options.operation.brokers.${i}`;
      const b = brokers.get(id);
      if (b && op.kind === "remove-brokers" && b.state !== "online")
        issues.push({
          path,
          message: `broker ${id} is ${b.state}: the snapshot has no dirs or sizes for it, so the planner cannot plan moving its replicas. To replace a dead broker, reassign its partitions by hand onto brokers that stay (Kafka copies each from the partition's leader), or plan again once it answers`,
        });
      else if (!b && op.kind === "remove-brokers") issues.push({ path, message: `broker ${id} is not in this cluster (it has ${ids()})` });
      else if (!b)
        issues.push({
          path,
          message: `broker ${id} is not in this snapshot (it has ${ids()}): Kafka moves replicas only onto a registered broker, and the plan pins each replica's log dir, so it must know the broker's dirs. Start broker ${id}, then plan from a snapshot taken after it registered`,
        });
      else if (op.kind === "add-brokers" && b.state !== "online") issues.push({ path, message: `broker ${id} is ${b.state}: only an online broker can be filled` });
      else if (op.kind === "add-brokers" && (held!.get(id)?.replicas ?? 0) > 0) {
        const h = held!.get(id)!;
        issues.push({
          path,
          message: `broker ${id} already holds ${formatBytes(h.bytes)} in ${h.replicas === 1 ? "1 replica" : `${h.replicas.toLocaleString("en-US")} replicas`}: Add brokers fills brokers that hold nothing yet (newly started ones). To even out brokers that hold data, choose Rebalance`,
        });
      } else if (op.kind === "add-brokers" && !b.logDirs.some((d) => d.state === "online")) {
        issues.push({ path, message: `broker ${id} has no online log dir that is not cordoned, so nothing can be moved onto it` });
      }
    });
    if (op.kind === "remove-brokers" && issues.length === 0) {
      const left = snapshot.brokers.filter((b) => b.state === "online" && !op.brokers.includes(b.id));
      if (left.length === 0) issues.push({ path: "options.operation.brokers", message: "removing these brokers leaves no online broker to move their replicas to" });
    }
  }
  if (op.kind === "drain-dirs") {
    op.dirs.forEach((d, i) => {
      const b = brokers.get(d.broker);
      const dir = b?.logDirs.find((x) => x.path === d.path);
      if (!b) issues.push({ path: `options.operation.dirs.${i}.broker`, message: `broker ${d.broker} is not in this cluster (it has ${ids()})` });
      else if (b.state !== "online")
        issues.push({ path: `options.operation.dirs.${i}.broker`, message: `broker ${d.broker} is ${b.state}: its dirs cannot be drained until it answers again (the snapshot has no figures for them)` });
      else if (!dir) issues.push({ path: `options.operation.dirs.${i}.path`, message: `broker ${d.broker} has no log dir ${d.path} (it has ${b.logDirs.map((x) => x.path).join(", ") || "none"})` });
      else if (dir.state === "offline")
        issues.push({
          path: `options.operation.dirs.${i}.path`,
          message: `${d.path} on broker ${d.broker} is offline${dir.error ? ` (${dir.error})` : ""}: Kafka reads nothing from an offline dir, so none of its replicas can be moved to another dir, and the snapshot does not say what it holds. Kafka can rebuild them on other brokers only by copying from each partition's leader (reassign those partitions by hand), or bring the disk back and plan again`,
        });
    });
  }
  return issues;
}

/** Each broker's replicas and their bytes, as the snapshot's partitions place them. */
function heldByBroker(snapshot: ClusterSnapshot): Map<number, { bytes: number; replicas: number }> {
  const held = new Map<number, { bytes: number; replicas: number }>();
  for (const t of snapshot.topics) {
    for (const p of t.partitions) {
      for (const r of p.replicas) {
        const h = held.get(r.broker) ?? { bytes: 0, replicas: 0 };
        h.bytes += r.sizeBytes ?? 0;
        h.replicas += 1;
        held.set(r.broker, h);
      }
    }
  }
  return held;
}

/** Whether a partition ends as it started: the same replicas in the same order, each on its own broker and dir. */
function untouched(part: PlanState["partitions"][number]): boolean {
  const { replicas, original, members } = part;
  if (replicas.length !== original.length) return false;
  for (let i = 0; i < replicas.length; i++) if (replicas[i] !== original[i]) return false;
  for (const m of members) if (m.broker !== m.originalBroker || m.dir !== m.originalDir) return false;
  return true;
}

export function planRebalance(snapshot: ClusterSnapshot, options: PlanOptions): Result<Plan> {
  const issues = operationIssues(snapshot, options);
  if (issues.length > 0) return invalid(issues);
  const state = new PlanState(snapshot, new Set(options.excludeTopics), options.moveLeaders, true);
  const op = options.operation;
  if (op.kind === "remove-brokers") for (const id of op.brokers) state.brokers.get(id)!.removing = true;
  if (op.kind === "drain-dirs") for (const d of op.dirs) state.brokers.get(d.broker)!.byPath.get(d.path)!.draining = true;
  const goals = options.goals;
  const measuredBefore = new Map<SoftGoal, GoalMeasure>(goals.map((g) => [g, measureGoal(state, g, options)]));
  const dirsBefore = measuredBefore.get("dir-utilization") ?? measureGoal(state, "dir-utilization", options);
  const lowerBound = planLowerBound(state, options, goals);
  const budget = { bytes: options.maxBytesToMove ?? Infinity, moves: options.maxMoves };
  const added = op.kind === "add-brokers" ? new Set(op.brokers) : null;
  const metBefore = new Set(goals.filter((g) => measuredBefore.get(g)!.outside === 0));
  const ctx = { state, options, budget, destinations: added, metBefore };
  const stops: InterStop[] = [];

  let evacuation: Evacuation | null = null;
  const receivers = new Set<number>();
  if (op.kind === "remove-brokers" || op.kind === "drain-dirs") {
    const out = evacuate(ctx, goals);
    evacuation = { replicas: out.moved, bytes: out.bytes, stuck: out.stuck.slice(0, MAX_STUCK_LISTED), stuckTotal: out.stuck.length };
    for (const part of state.partitions) for (const r of part.members) if (r.broker !== r.originalBroker || r.dir !== r.originalDir) receivers.add(r.broker);
  } else {
    stops.push(balanceBrokers(ctx, goals));
    stops.push(spreadTopics(ctx, goals));
  }
  // The broker passes search movers only; each dir's full index is built once, for the dir pass.
  state.indexDirs();
  if (goals.includes("dir-utilization")) {
    for (const broker of [...state.brokers.values()].sort((a, b) => a.id - b.id)) {
      // A drain or removal evens out only the dirs of brokers that received its replicas.
      if (evacuation && !receivers.has(broker.id)) continue;
      stops.push(balanceBrokerDirs({ state, options, budget }, broker));
    }
  }
  // Leadership changes move no data, so a removal evens out leaders too; a drain changes leadership only to keep a met goal met.
  if (goals.includes("broker-leaders") && (op.kind !== "drain-dirs" || metBefore.has("broker-leaders"))) balanceLeaders(state, options, added);

  // The plan is the difference between each partition's replicas and dirs before and after, so a
  // replica that moved twice during planning moves once, and a broker that gave its replica away and
  // took another back keeps its own copy (moving it only if its dir changed).
  const moves: PlanMove[] = [];
  const entries: ReassignmentEntry[] = [];
  const touched: PlanState["partitions"][number][] = [];
  for (const part of state.partitions) {
    // Most partitions of a large cluster do not change: tell those apart without building anything.
    if (untouched(part)) continue;
    const reordered = part.replicas.some((b, i) => b !== part.original[i]);
    const removed = part.original.filter((b) => !part.replicas.includes(b));
    const added = part.replicas.filter((b) => !part.original.includes(b));
    const before = (b: number) => part.members.find((m) => m.originalBroker === b)!;
    const partMoves: PlanMove[] = [];
    const logDirs = part.replicas.map((b) => {
      const now = replicaOn(part, b)!;
      if (part.original.includes(b)) {
        const was = before(b);
        if (now.dir === was.originalDir) return ANY_LOG_DIR;
        partMoves.push({ kind: "intra", topic: part.topic, partition: part.partition, fromBroker: b, toBroker: b, fromDir: was.originalDir, toDir: now.dir!, bytes: was.originalSize });
        return now.dir!;
      }
      const from = removed[added.indexOf(b)]!;
      partMoves.push({ kind: "inter", topic: part.topic, partition: part.partition, fromBroker: from, toBroker: b, fromDir: before(from).originalDir, toDir: now.dir!, bytes: part.copySize });
      return now.dir!;
    });
    if (!reordered && partMoves.length === 0) continue;
    moves.push(...partMoves);
    touched.push(part);
    entries.push({ topic: part.topic, partition: part.partition, replicas: [...part.replicas], logDirs });
  }
  const current: Record<string, number[]> = {};
  const proposed: Record<string, number[]> = {};
  for (const part of touched) {
    current[`${part.topic}-${part.partition}`] = part.original;
    proposed[`${part.topic}-${part.partition}`] = [...part.replicas];
  }

  const changes = leadershipChanges(state);
  const cordons = cordonsOf(snapshot, options);
  const afterSnapshot = applyPlanState(snapshot, state, new Set(changes.map((c) => `${c.topic}\u0000${c.partition}`)), cordons);
  const after = balanceReport(afterSnapshot);
  const intra = moves.filter((m) => m.kind === "intra").reduce((a, m) => a + m.bytes, 0);
  const inter = moves.filter((m) => m.kind === "inter").reduce((a, m) => a + m.bytes, 0);
  const rates = {
    replicationBytesPerSecond: options.throttle.replicationBytesPerSecond,
    alterLogDirsBytesPerSecond: options.throttle.alterLogDirsBytesPerSecond,
  };
  const batches = planBatches(snapshot, entries, options.execution);
  const estimate = estimateExecution(batches, rates);
  const stoppedBecause = worstStop(stops);
  const goalResults: GoalResult[] = goals.map((goal) => {
    const afterMeasure = measureGoal(state, goal, options);
    const met = afterMeasure.outside === 0;
    return { goal, met, before: measuredBefore.get(goal)!, after: afterMeasure, reason: met ? null : goalReason(state, goal, options, stoppedBecause, evacuation ? receivers : null) };
  });

  return success({
    options,
    moves,
    entries,
    reassignmentJson: formatReassignmentJson(entries),
    rollbackJson: rollbackAssignmentJson(snapshot, entries),
    bytesMoved: { intra, inter, total: intra + inter },
    lowerBound,
    goals: goalResults,
    stoppedBecause,
    evacuation,
    leadership: leadershipOf(changes, options.bootstrapServer),
    cordons,
    kafkaGenerate: generateComparison(snapshot, state, options),
    before: balanceReport(snapshot),
    after,
    afterSnapshot,
    maxDirDeviation: maxDirDeviation(after),
    dirs: { before: dirsBefore, after: goalResults.find((g) => g.goal === "dir-utilization")?.after ?? measureGoal(state, "dir-utilization", options) },
    unmeasured: unmeasuredOf(snapshot),
    throttles: throttlePlan(snapshot, entries, rates, options.bootstrapServer),
    batches: batchSummaries(batches, estimate),
    estimate,
    warnings: planWarnings(snapshot, state, options),
  });
}

function leadershipOf(changes: LeadershipChange[], bootstrapServer: string): Leadership {
  const electionJson = JSON.stringify({ partitions: changes.map((c) => ({ topic: c.topic, partition: c.partition })) });
  return {
    changes,
    electionJson,
    command: `kafka-leader-election.sh --bootstrap-server ${bootstrapArg(bootstrapServer)} --election-type PREFERRED --path-to-json-file election.json`,
  };
}

/** The cordons a drain sets first (cordons.ts), with each broker's whole new list and the command. */
function cordonsOf(snapshot: ClusterSnapshot, options: PlanOptions): Cordon[] {
  return drainCordons(snapshot, options.operation).map((change) => {
    const dirs = cordonedAfter(snapshot, change.broker, change.dirs);
    return {
      broker: change.broker,
      dirs,
      // Always quoted (the brackets); a dir path with a ' in it stays inside the quotes.
      command: `kafka-configs.sh --bootstrap-server ${bootstrapArg(options.bootstrapServer)} --entity-type brokers --entity-name ${change.broker} --alter --add-config ${shellArg(`cordoned.log.dirs=[${dirs.join(",")}]`)}`,
    };
  });
}

/**
 * What `kafka-reassign-partitions --generate` would move: a fresh assignment of every topic the plan
 * may touch over the brokers that stay, seeded, counting the copy size of every replica on a broker
 * that did not hold it.
 */
function generateComparison(snapshot: ClusterSnapshot, state: PlanState, options: PlanOptions): GenerateComparison {
  const excluded = new Set(options.excludeTopics);
  const topics = snapshot.topics.filter((t) => !excluded.has(t.name) && t.partitions.length > 0).map((t) => t.name);
  const brokers = [...state.brokers.values()].filter((b) => b.online && !b.removing).map((b) => b.id).sort((a, b) => a - b);
  const placer = kafkaBehaviour(pickKafkaLine(snapshot.source.kafkaVersion).line).generatePlacer;
  try {
    const generated = generateAssignment(snapshot, topics, brokers, { random: new JavaRandom(options.seed) });
    const measured = measureGenerated(snapshot, generated, options);
    const byName = new Map(snapshot.topics.map((t) => [t.name, t]));
    let bytes = 0;
    let replicas = 0;
    for (const [name, assignment] of generated) {
      const topic = byName.get(name)!;
      topic.partitions.forEach((p, i) => {
        let size = -1;
        for (const b of assignment[i] ?? []) {
          if (p.replicas.some((r) => r.broker === b)) continue;
          if (size < 0) size = copySize(p);
          bytes += size;
          replicas += 1;
        }
      });
    }
    return { bytes, replicas, placer, ...measured };
  } catch (error) {
    if (error instanceof GenerateError) return { error: error.message };
    throw error;
  }
}

/** Kafka's `--generate` proposal, run, measured with the plan's goals: what it leaves undone. */
function measureGenerated(snapshot: ClusterSnapshot, generated: ReadonlyMap<string, number[][]>, options: PlanOptions): { goals: { goal: SoftGoal; met: boolean; measure: GoalMeasure }[]; leftBehind: number; unplaced: number } {
  const { snapshot: after, unplaced } = snapshotAfterGenerate(snapshot, generated);
  // Measured only, never moved: every topic is left out of the movers and the dirs are not indexed, which makes this state cheap.
  const state = new PlanState(after, new Set(after.topics.map((t) => t.name)), true, true);
  const op = options.operation;
  if (op.kind === "remove-brokers") for (const id of op.brokers) state.brokers.get(id)!.removing = true;
  if (op.kind === "drain-dirs") for (const d of op.dirs) state.brokers.get(d.broker)!.byPath.get(d.path)!.draining = true;
  let leftBehind = 0;
  for (const part of state.partitions) {
    for (const r of part.members) {
      const b = state.brokers.get(r.broker);
      if (b && (b.removing || (r.dir !== null && b.byPath.get(r.dir)?.draining === true))) leftBehind += 1;
    }
  }
  const goals = options.goals.map((goal) => {
    const measure = measureGoal(state, goal, options);
    return { goal, met: measure.outside === 0, measure };
  });
  return { goals, leftBehind, unplaced };
}

/** Offline dirs (of brokers that answered), and brokers that did not answer or are known only by name. */
function unmeasuredOf(snapshot: ClusterSnapshot): Unmeasured {
  const dirs: Unmeasured["dirs"] = [];
  const brokers: Unmeasured["brokers"] = [];
  for (const b of [...snapshot.brokers].sort((x, y) => x.id - y.id)) {
    if (b.state !== "online") {
      brokers.push({ id: b.id, state: b.state });
      continue;
    }
    for (const d of b.logDirs) if (d.state === "offline") dirs.push({ broker: b.id, path: d.path, error: d.error });
  }
  return { dirs, brokers };
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** Why a goal is not met after the plan, naming the worst broker or dir. */
/** `receivers`: for a removal or a drain, the brokers it moved data to (the only ones whose dirs it evens out); null otherwise. */
function goalReason(state: PlanState, goal: SoftGoal, options: PlanOptions, stop: PlanStop, receivers: ReadonlySet<number> | null): string {
  const label = GOAL_LABELS[goal];
  const evacuationOnly = receivers !== null;
  if (receivers && goal === "dir-utilization") {
    const left = [...state.brokers.values()].filter((b) => !receivers.has(b.id) && dirsOutsideTolerance(state, b, options) > 0).map((b) => b.id).sort((a, b) => a - b);
    const what = options.operation.kind === "drain-dirs" ? "drain" : "removal";
    if (left.length > 0) return `${label}: a ${what} evens out only the dirs of the brokers it moves data to; ${left.length === 1 ? `broker ${left[0]} was` : `brokers ${left.join(", ")} were`} left as they are: plan a rebalance to even ${left.length === 1 ? "it" : "them"} out.`;
  }
  if (evacuationOnly && goal !== "dir-utilization") {
    const what = options.operation.kind === "drain-dirs" ? "drain" : "removal";
    // A removed broker that keeps replicas it cannot hand over is outside every broker goal, however even the rest are.
    const holding = [...state.brokers.values()].filter((b) => b.removing && b.count > 0).map((b) => b.id).sort((a, b) => a - b);
    const kept = holding.length === 0 ? null : `${holding.length === 1 ? `broker ${holding[0]} still holds` : `brokers ${holding.join(", ")} still hold`} replicas that cannot leave (listed with the ${what})`;
    let restOutside = true;
    if (goal !== "topic-spread") {
      const band = brokerBands(state, options.tolerance)[goal];
      restOutside = participants(state).some((b) => outOfBand(brokerValue(b, goal), band, false) > 0);
    }
    if (kept && !restOutside) return `${label}: ${kept}; the brokers that stay are within the tolerance.`;
    if (kept) return `${label}: ${kept}, and a ${what} moves only what it must: plan a rebalance to even out the rest.`;
    return `${label}: a ${what} moves only what it must; plan a rebalance to even this out.`;
  }
  if (stop === "byte_cap") return `${label}: the byte cap (${formatBytes(options.maxBytesToMove ?? 0)}) was reached first.`;
  if (stop === "max_moves") return `${label}: the move limit (${options.maxMoves.toLocaleString("en-US")}) was reached first.`;
  if (goal === "dir-utilization") {
    for (const b of [...state.brokers.values()].sort((x, y) => x.id - y.id)) {
      const dirs = state.openDirs(b).filter((d) => d.cap !== null);
      if (dirs.length < 2) continue;
      const cap = dirs.reduce((a, d) => a + d.cap!, 0);
      const used = dirs.reduce((a, d) => a + d.bytes + d.other, 0);
      if (used / cap > options.headroom) return `broker ${b.id}'s dirs cannot all fit under ${pct(options.headroom)}: its data fills ${pct(used / cap)} of their capacity.`;
    }
    return `${label}: no move inside a broker lowers it further without passing the ${pct(options.headroom)} headroom (replicas too large for the gaps, or pinned by exclusions and moves in flight).`;
  }
  if (goal === "broker-leaders") {
    return `${label}: no more leadership changes are possible without a data move: the brokers short of leaders hold no in-sync replica of a partition led by a broker with leaders to spare${options.moveLeaders ? "" : " (allow moving leaders to let data moves change leadership too)"}.`;
  }
  if (goal === "topic-spread" && options.operation.kind === "add-brokers") {
    return `${label}: when brokers are added only they receive data, so a broker left short of a topic's replicas cannot be topped up; plan a rebalance afterwards to even topics out.`;
  }
  const guarded = options.moveLeaders ? "" : " or moving a leader (allow moving leaders to widen the choice)";
  return `${label}: no replica can move without two replicas on one broker, fewer racks, passing the headroom${guarded}, or undoing a goal ranked above it.`;
}

/**
 * What the status (whether the goals are met, and why not) does not say: excluded topics the
 * snapshot does not have (a typo excludes nothing), and partitions left alone because a move is in
 * flight.
 */
function planWarnings(snapshot: ClusterSnapshot, state: PlanState, options: PlanOptions): string[] {
  const warnings: string[] = [...unmeasuredWarnings(unmeasuredOf(snapshot), options)];
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

/** "/data2 on broker 2", "/data2 on broker 2 and /data1 on broker 0", "5 dirs (… and 2 more)". */
function dirList(dirs: Unmeasured["dirs"]): string {
  const names = dirs.slice(0, 5).map((d) => `${d.path} on broker ${d.broker}`);
  if (dirs.length > 5) names.push(`${dirs.length - 5} more`);
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The warnings that come before every other: what the snapshot has no figures for, what that does to
 * the plan's figures, and what moving would mean for it.
 */
export function unmeasuredWarnings(unmeasured: Unmeasured, options: PlanOptions): string[] {
  const out: string[] = [];
  const { dirs, brokers } = unmeasured;
  if (dirs.length > 0) {
    const errors = [...new Set(dirs.map((d) => d.error).filter((e): e is string => e !== null))];
    const one = dirs.length === 1;
    out.push(
      `${one ? "Log dir" : "Log dirs"} ${dirList(dirs)} ${one ? "is" : "are"} offline${errors.length > 0 ? ` (${errors.join(", ")})` : ""}: the snapshot has no bytes for ${one ? "it" : "them"}, so every figure below leaves ${one ? "its" : "their"} replicas out and ${one ? "its broker looks" : "their brokers look"} lighter than ${one ? "it is" : "they are"}. ` +
        `The plan moves nothing into or out of ${one ? "it" : "them"}: Kafka cannot read a replica out of an offline dir, and rebuilds one elsewhere only by copying from its partition's leader (a reassignment off the broker). Bring the disk back or replace it, then plan again from a new snapshot.`,
    );
  }
  const unreachable = brokers.filter((b) => b.state === "unreachable").map((b) => b.id);
  const unknown = brokers.filter((b) => b.state === "unknown").map((b) => b.id);
  const name = (ids: number[]) => (ids.length === 1 ? `Broker ${ids[0]}` : `Brokers ${ids.slice(0, -1).join(", ")} and ${ids[ids.length - 1]}`);
  if (unreachable.length > 0) {
    const one = unreachable.length === 1;
    out.push(`${name(unreachable)} did not answer: ${one ? "its" : "their"} dirs and bytes are missing from the snapshot, so every figure below leaves ${one ? "it" : "them"} out. The plan moves nothing onto ${one ? "it" : "them"}.`);
  }
  if (unknown.length > 0) {
    const one = unknown.length === 1;
    out.push(`${name(unknown)} ${one ? "is" : "are"} known only because partitions are assigned to ${one ? "it" : "them"}: whether ${one ? "it runs" : "they run"}, which dirs ${one ? "it has" : "they have"} and what ${one ? "it holds" : "they hold"} are not in the snapshot, so every figure below leaves ${one ? "it" : "them"} out and the plan moves nothing onto ${one ? "it" : "them"}. Import kafka-log-dirs output that includes ${one ? "it" : "them"} to plan with ${one ? "it" : "them"}.`);
  }
  return out;
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
function applyPlanState(snapshot: ClusterSnapshot, state: PlanState, elected: ReadonlySet<string>, cordons: readonly Cordon[]): ClusterSnapshot {
  const online = (b: number) => state.brokers.get(b)?.online ?? false;
  const changedByTopic = new Map<string, Map<number, PlanState["partitions"][number]>>();
  for (const part of state.partitions) {
    if (!part.members.some((r) => r.broker !== r.originalBroker || r.dir !== r.originalDir) && part.replicas.every((b, i) => b === part.original[i])) continue;
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
        const after = leaderAndIsrAfter(p, [...part.replicas], online);
        // A preferred-leader election after the moves makes the first replica the leader when it is in sync.
        const first = part.replicas[0]!;
        const leader = elected.has(`${topic.name}\u0000${p.id}`) && after.isr.includes(first) ? first : after.leader;
        const isr = after.isr;
        return { ...p, replicas, leader, isr, adding: [], removing: [], offline: p.offline.filter((b) => part.replicas.includes(b)) };
      }),
    };
  });
  // A drain's cordons are part of the plan: the dirs stay cordoned once it has run.
  const cordoned = new Set(cordons.flatMap((c) => c.dirs.map((path) => `${c.broker}\u0000${path}`)));
  const brokers = snapshot.brokers.map((broker) => {
    const pb = state.brokers.get(broker.id)!;
    return {
      ...broker,
      logDirs: broker.logDirs.map((d) => {
        const pd = pb.byPath.get(d.path)!;
        const dir = cordoned.has(`${broker.id}\u0000${d.path}`) && d.state === "online" ? { ...d, state: "cordoned" as const } : d;
        return dir.totalBytes !== null && dir.usableBytes !== null ? { ...dir, usableBytes: Math.max(0, dir.totalBytes - pd.other - pd.bytes) } : dir;
      }),
    };
  });
  return { ...snapshot, source: { ...snapshot.source, kind: "scenario", label: `${snapshot.source.label} · after plan` }, brokers, topics };
}
