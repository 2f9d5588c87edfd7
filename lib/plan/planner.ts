/**
 * The rebalancing planner: a snapshot and what the operator wants (an operation and soft goals in
 * priority order, options.ts) in; the fewest bytes moved that meet the goals out — with the
 * reassignment JSON, leadership changes, cordons, the throttles it needs and an honest duration.
 *
 * 1. Safety (hard constraints, never broken): never two replicas of a partition on one broker, never
 *    fewer distinct racks than before, never a dir past the headroom, nothing into an offline,
 *    cordoned or draining dir or onto a broker being removed or offline; leaders stay unless allowed,
 *    unless they must leave, or unless the plan hands their partition's leadership to another replica
 *    (the election would move it anyway); excluded topics and partitions with a move in flight are left alone;
 *    the byte cap and move limit are respected.
 * 2. The operation: `remove-brokers` and `drain-dirs` first empty what they name (evacuate.ts
 *    `evacuate`) and move nothing else but the dirs of brokers that received; `add-brokers` moves
 *    data only onto the new brokers; `rebalance` may move anything.
 * 3. Goals together (goals.ts): broker bytes and replica counts (and topic spread as a preference)
 *    in one inter-broker pass whose every move must improve the first goal it changes; topic spread;
 *    then dirs inside each broker (changes no other goal); then leadership by reordering replicas
 *    (moves no bytes, changes no other goal).
 * 4. Minimal movement: every pass stops at the tolerance; the plan is measured against a lower bound
 *    (lower-bound.ts) and against what Kafka's own `--generate` would move.
 * 5. Determinism: the same snapshot and options give the same plan; rounds (below) make it a fixed
 *    point: a plan from its result moves nothing.
 * Every moved replica's destination dir is pinned in `log_dirs`.
 *
 * This file runs the passes and assembles the plan. The plan's types are in plan-types.ts; the
 * operation's checks in operation-issues.ts; the after snapshot in plan-after.ts; Kafka's `--generate`
 * comparison in generate-comparison.ts; the words (why a goal is unmet, warnings) in goal-reasons.ts
 * and plan-warnings.ts.
 */
import { balanceReport } from "../model/report";
import type { ClusterSnapshot } from "../model/snapshot";
import { invalid, success, type Result } from "../model/result";
import { cordonedAfter, drainCordons } from "./cordons";
import { batchSummaries, estimateExecution, planBatches } from "./batches";
import { generateComparison } from "./generate-comparison";
import { measureGoal, type GoalMeasure, type GoalResult } from "./goals";
import { goalReason } from "./goal-reasons";
import { balanceBrokers, spreadTopics } from "./inter-broker";
import { evacuate } from "./evacuate";
import type { InterContext, InterStop } from "./inter-move";
import { balanceBrokerDirs } from "./intra-broker";
import { balanceLeaders, leadershipChanges, type LeadershipChange } from "./leadership";
import { keepDirsMet } from "./keep-dirs-met";
import { lowerBound as planLowerBound } from "./lower-bound";
import { operationIssues } from "./operation-issues";
import type { PlanOptions, SoftGoal } from "./options";
import { applyPlanState, maxDirDeviation } from "./plan-after";
import { PlanState, replicaOn } from "./plan-state";
import type { Cordon, Evacuation, Leadership, Plan, PlanMove } from "./plan-types";
import { planWarnings, unmeasuredOf } from "./plan-warnings";
import { ANY_LOG_DIR, formatReassignmentJson, rollbackAssignmentJson, type ReassignmentEntry } from "../model/reassignment-json";
import { throttlePlan } from "./throttle-plan";
import { holdBackDeadPartitions, unreachableBrokers } from "./dead-brokers";
import { bootstrapArg, shellArg } from "./shell";

export type { Cordon, Evacuation, GenerateComparison, Leadership, Plan, PlanMove, PlanStop } from "./plan-types";
export { maxDirDeviation } from "./plan-after";

export const MAX_STUCK_LISTED = 200;
/** Rounds of the passes at most (planRebalance): the first, and more while a round changes something. */
const MAX_ROUNDS = 5;

function worstStop(stops: InterStop[]): InterStop {
  const order: InterStop[] = ["max_moves", "byte_cap", "no_improving_move", "balanced"];
  return stops.length === 0 ? "balanced" : [...stops].sort((a, b) => order.indexOf(a) - order.indexOf(b))[0]!;
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
  const state = new PlanState(snapshot, new Set(options.excludeTopics), options.moveLeaders);
  const op = options.operation;
  if (op.kind === "remove-brokers") for (const id of op.brokers) state.brokers.get(id)!.removing = true;
  if (op.kind === "drain-dirs") for (const d of op.dirs) state.brokers.get(d.broker)!.byPath.get(d.path)!.draining = true;
  // A partition with a replica on a broker that does not answer (and is not being removed) is left alone (dead-brokers.ts).
  holdBackDeadPartitions(state, unreachableBrokers(snapshot), new Set(op.kind === "remove-brokers" ? op.brokers : []));
  const goals = options.goals;
  const measuredBefore = new Map<SoftGoal, GoalMeasure>(goals.map((g) => [g, measureGoal(state, g, options)]));
  const dirsBefore = measuredBefore.get("dir-utilization") ?? measureGoal(state, "dir-utilization", options);
  const lowerBound = planLowerBound(state, options, goals);
  const budget = { bytes: options.maxBytesToMove ?? Infinity, moves: options.maxMoves };
  const added = op.kind === "add-brokers" ? new Set(op.brokers) : null;
  const metBefore = new Set(goals.filter((g) => measuredBefore.get(g)!.outside === 0));
  const ctx: InterContext = { state, options, budget, destinations: added, metBefore };
  const stops: InterStop[] = [];

  let evacuation: Evacuation | null = null;
  const receivers = new Set<number>();
  if (op.kind === "remove-brokers" || op.kind === "drain-dirs") {
    const out = evacuate(ctx, goals);
    evacuation = { replicas: out.moved, bytes: out.bytes, stuck: out.stuck.slice(0, MAX_STUCK_LISTED), stuckTotal: out.stuck.length };
    for (const part of state.partitions) for (const r of part.members) if (r.broker !== r.originalBroker || r.dir !== r.originalDir) receivers.add(r.broker);
  }
  // A rebalance or an add-brokers plan runs its passes again while a round changed something: the leaders
  // its election makes (the old leaders' replicas are then followers, free to move), the goals it met (which
  // must then stay met) or any move. A plan of this plan's result would start from that state with those
  // rules, so the last round finding nothing is what makes a second plan find nothing (MAX_ROUNDS at most).
  // An evacuation runs once: it is done when what it names is empty.
  const rounds = op.kind === "rebalance" || op.kind === "add-brokers";
  const keepMet = new Set(metBefore);
  ctx.metBefore = keepMet;
  for (let round = 1; ; round++) {
    const roundStops: InterStop[] = [];
    const movesLeft = budget.moves;
    const reordersBefore = state.preferredChanges;
    if (!evacuation) {
      // After the first round the spread pass runs first too: the replicas the last round's leadership changes
      // freed move for their topic before the broker pass spends the room they need. Once the broker pass moves
      // nothing, the spread pass after it would find what the first found (more waits for the next round).
      const first = round > 1 ? spreadTopics(ctx, goals) : null;
      const beforeBrokers = budget.moves;
      roundStops.push(balanceBrokers(ctx, goals));
      roundStops.push(first !== null && budget.moves === beforeBrokers ? first : spreadTopics(ctx, goals));
    }
    if (goals.includes("dir-utilization")) {
      // A drain or removal evens out only the dirs of brokers that received its replicas.
      const brokers = [...state.brokers.values()].sort((a, b) => a.id - b.id).filter((b) => !evacuation || receivers.has(b.id));
      for (const broker of brokers) roundStops.push(balanceBrokerDirs({ state, options, budget }, broker));
    }
    // Leadership changes move no data, so a removal evens out leaders too; a drain changes leadership only to keep a met goal met.
    if (goals.includes("broker-leaders") && (op.kind !== "drain-dirs" || metBefore.has("broker-leaders"))) balanceLeaders(state, options, added);
    // A round changed something if it moved a replica or changed a preferred leader (the leader pass, or the
    // trades that keep every broker's count, spread-leaders.ts, which free replicas for the next round); a
    // leader count changes only so.
    let changed = budget.moves !== movesLeft || state.preferredChanges !== reordersBefore;
    if (rounds && changed && round < MAX_ROUNDS) {
      state.adoptPreferredLeaders();
      for (const g of goals) if (!keepMet.has(g) && measureGoal(state, g, options).outside === 0) keepMet.add(g);
    } else changed = false;
    if (!changed) {
      stops.push(...roundStops);
      break;
    }
  }
  // A dir goal met before the plan stays met: what the broker passes left no arrangement can even out goes back (keep-dirs-met.ts).
  if (!evacuation && goals.includes("dir-utilization") && metBefore.has("dir-utilization")) keepDirsMet(state, options, budget);

  // The plan is the difference between each partition's replicas and dirs before and after, so a
  // replica that moved twice during planning moves once, and a broker that gave its replica away and
  // took another back keeps its own copy (moving it only if its dir changed).
  const moves: PlanMove[] = [];
  const entries: ReassignmentEntry[] = [];
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
        partMoves.push({
          kind: "intra",
          topic: part.topic,
          partition: part.partition,
          fromBroker: b,
          toBroker: b,
          fromDir: was.originalDir,
          toDir: now.dir!,
          bytes: was.originalSize,
        });
        return now.dir!;
      }
      const from = removed[added.indexOf(b)]!;
      partMoves.push({
        kind: "inter",
        topic: part.topic,
        partition: part.partition,
        fromBroker: from,
        toBroker: b,
        fromDir: before(from).originalDir,
        toDir: now.dir!,
        bytes: part.copySize,
      });
      return now.dir!;
    });
    if (!reordered && partMoves.length === 0) continue;
    moves.push(...partMoves);
    entries.push({ topic: part.topic, partition: part.partition, replicas: [...part.replicas], logDirs });
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
    return {
      goal,
      met,
      before: measuredBefore.get(goal)!,
      after: afterMeasure,
      reason: met ? null : goalReason(state, goal, options, stoppedBecause, evacuation ? receivers : null),
    };
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
