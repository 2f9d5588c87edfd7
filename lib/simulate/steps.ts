/**
 * What each scenario step does to the cluster, the way Kafka does it.
 *
 * Invariants:
 * - A step either applies whole or throws (SimulationError / PlacementError). A step may throw after
 *   changing its working state (a placement that fails half-way through a topic); the engine never
 *   keeps that state: runScenario works on a fresh copy per step, and run-reports rebuilds the state
 *   by replaying the steps that applied.
 * - Broker choice: `kraft-striped` is the KRaft controller (StripedReplicaPlacer, one Random for the
 *   controller's life, `startPartition` ignored for new partitions); `zk-admin-utils` is ZooKeeper-era
 *   AdminUtils (random start for new topics; createPartitions' fixed start rules).
 * - The KRaft controller offers the placer every broker by id, fenced unless online, except (Kafka 4.3+,
 *   KIP-1066) one whose every live dir is cordoned. Its refusals are worded as the controller's release words
 *   them; CreateTopics prefixes them with "Unable to replicate the partition R time(s): ", CreatePartitions
 *   returns them as they are.
 * - Existing replicas never move: Kafka only places new ones — except in a `reassign` step, and in a
 *   `plan` step, which plans on the cluster as it is at that step (each broker on the Kafka line the run
 *   gives it) and applies the plan as an operator runs it: its cordons, its reassignment through the
 *   same path as a `reassign` step, then the preferred-leader election. The result is the plan's own
 *   after-snapshot.
 */
import { assignReplicasToBrokers, createPartitionsAssignment, PlacementError, stripedPlacement, type RandomSource, type UsableBroker } from "../placement";
import type { Broker, Topic } from "../model/snapshot";
import { SimulationError, type SimulationErrorCode } from "./errors";
import type { Step } from "./schema";
import { partitionSizes } from "./partition-sizes";
import { copySize, leaderAndIsrAfter } from "../model/reassignment";
import { kafkaBehaviour } from "../model/kafka-versions";
import { ANY_LOG_DIR, checkReassignmentEntries } from "../model/reassignment-json";
import { PlanOptionsSchema } from "../plan/options";
import { planRebalance } from "../plan/planner";
import { formatBytes, formatCountOf } from "../model/format";
import { isInternalTopic } from "../model/kafka-names";
import type { SimulationState } from "./state";

export interface StepContext {
  state: SimulationState;
  placementRandom: RandomSource;
  sizeRandom: RandomSource;
}

/** A human note about what happened (e.g. "already exists: nothing to do"), or null. */
export type StepNote = string | null;

function sortedBrokers(state: SimulationState): Broker[] {
  return [...state.snapshot.brokers].sort((a, b) => a.id - b.id);
}

/**
 * What the KRaft controller's usableBrokers() offers the placer: brokers by id, fenced unless online, without
 * those whose every live dir is cordoned where the broker's line has cordons (BrokerDisks.hasUncordonedDirs).
 */
function usableBrokers(state: SimulationState): UsableBroker[] {
  return sortedBrokers(state)
    .filter((b) => state.brokerDisks(b.id).hasUncordonedDirs())
    .map((b) => ({ id: b.id, rack: b.rack, fenced: b.state !== "online" }));
}

/** Broker lists for n new partitions of a KRaft cluster; the placer's refusals are thrown as they are. */
function stripedNewPartitions(ctx: StepContext, count: number, rf: number): number[][] {
  const cordonedLogDirs = kafkaBehaviour(ctx.state.controllerKafkaLine()).cordonedLogDirs;
  return stripedPlacement(usableBrokers(ctx.state), count, rf, ctx.placementRandom, { cordonedLogDirs });
}

/** Broker lists for the partitions of a new topic, by the scenario's broker placement. */
function placeNewTopic(ctx: StepContext, count: number, rf: number): number[][] {
  const brokers = sortedBrokers(ctx.state);
  if (ctx.state.policy.brokerPlacement === "kraft-striped") {
    try {
      return stripedNewPartitions(ctx, count, rf);
    } catch (error) {
      // The controller wraps the placer's message (ReplicationControlManager.createTopic).
      if (error instanceof PlacementError && error.kafkaException === "InvalidReplicationFactorException") {
        throw new SimulationError(error.code, `Unable to replicate the partition ${rf} time(s): ${error.message}`);
      }
      throw error;
    }
  }
  // ZooKeeper mode places on live brokers only.
  const live = brokers.filter((b) => b.state === "online");
  const assignment = assignReplicasToBrokers(
    live.map((b) => ({ id: b.id, rack: b.rack })),
    count,
    rf,
    { random: ctx.placementRandom },
  );
  return Array.from({ length: count }, (_, i) => assignment.get(i)!);
}

function createTopic(ctx: StepContext, name: string, partitions: number, rf: number, sizes: number[], internal: boolean): void {
  const { state } = ctx;
  const lists = placeNewTopic(ctx, partitions, rf);
  for (const list of lists) for (const b of list) state.brokerDisks(b); // every broker known before any mutation
  for (const list of lists) {
    for (const b of list) {
      if (state.brokerDisks(b).dirs.every((d) => d.state === "offline")) {
        throw new SimulationError("no_live_log_dirs", `broker ${b} has no live log dir; Kafka cannot create the replica there`);
      }
    }
  }
  const topic: Topic = { name, internal, topicId: null, partitions: [] };
  lists.forEach((replicas, i) => topic.partitions.push(state.placePartition(i, replicas, sizes[i] ?? 0)));
  state.addTopic(topic);
}

export function applyStep(ctx: StepContext, step: Step): StepNote {
  const { state } = ctx;
  switch (step.kind) {
    case "addBroker": {
      if (state.disks.has(step.id)) throw new SimulationError("duplicate_broker", `broker ${step.id} already exists`);
      const paths = new Set(step.logDirs.map((d) => d.path));
      if (paths.size !== step.logDirs.length) throw new SimulationError("duplicate_log_dir", `broker ${step.id} lists a log dir twice`);
      state.addBroker(
        { id: step.id, rack: step.rack, host: null, port: null, state: "online", error: null, logDirs: [] },
        step.logDirs.map((d) => ({ path: d.path, state: "online", totalBytes: d.totalBytes, otherBytes: 0, bytes: 0, count: 0 })),
      );
      return null;
    }
    case "addLogDir": {
      const targets = step.broker === "all" ? sortedBrokers(state).map((b) => b.id) : [step.broker];
      for (const id of targets) {
        if (state.brokerDisks(id).has(step.path)) throw new SimulationError("duplicate_log_dir", `broker ${id} already has log dir ${step.path}`);
      }
      for (const id of targets) state.brokerDisks(id).addDir(step.path, step.totalBytes);
      return null;
    }
    case "failLogDir": {
      state.brokerDisks(step.broker).failDir(step.path);
      // Replicas in the failed dir go offline: out of the ISR, leadership moves to the next in-sync replica.
      const inFailedDir = (p: Topic["partitions"][number]) => p.replicas.some((r) => r.broker === step.broker && r.logDir === step.path);
      for (const shared of state.snapshot.topics) {
        if (!shared.partitions.some(inFailedDir)) continue;
        for (const p of state.mutableTopic(shared.name).partitions) {
          if (!inFailedDir(p)) continue;
          if (!p.offline.includes(step.broker)) p.offline.push(step.broker);
          p.isr = p.isr.filter((b) => b !== step.broker);
          if (p.leader === step.broker) p.leader = p.isr[0] ?? null;
        }
      }
      return null;
    }
    case "cordonLogDir":
      state.brokerDisks(step.broker).setCordoned(step.path, step.cordoned);
      return null;
    case "createTopic": {
      if (state.hasTopic(step.name)) throw new SimulationError("topic_exists", `Topic '${step.name}' already exists.`);
      const sizes = partitionSizes(step.size, step.partitions, ctx.sizeRandom);
      createTopic(ctx, step.name, step.partitions, step.replicationFactor, sizes, step.internal || isInternalTopic(step.name));
      return null;
    }
    case "firstConsumerGroup": {
      // FindCoordinator creates __consumer_offsets whatever auto.create.topics.enable says.
      if (state.hasTopic("__consumer_offsets")) return "__consumer_offsets already exists: nothing to create";
      const sizes = new Array<number>(step.partitions).fill(step.bytesPerPartition);
      createTopic(ctx, "__consumer_offsets", step.partitions, step.replicationFactor, sizes, true);
      return null;
    }
    case "addPartitions": {
      const topic = state.topic(step.topic);
      const current = topic.partitions.length;
      if (step.totalPartitions === current) throw new SimulationError("invalid_partitions", `Topic already has ${current} partitions.`);
      if (step.totalPartitions < current) {
        throw new SimulationError("invalid_partitions", `The topic ${step.topic} currently has ${current} partition(s); ${step.totalPartitions} would not be an increase.`);
      }
      const additional = step.totalPartitions - current;
      const p0 = topic.partitions.find((p) => p.id === 0) ?? topic.partitions[0];
      if (!p0) throw new SimulationError("invalid_partitions", `topic ${step.topic} has no partitions to take the replication factor from`);
      const rf = p0.replicas.length;
      let lists: number[][];
      if (state.policy.brokerPlacement === "kraft-striped") {
        // ReplicationControlManager.createPartitions answers with the placer's own message, unwrapped.
        lists = stripedNewPartitions(ctx, additional, rf);
      } else {
        // AdminZkClient.createNewPartitionsAssignment: fixed start from partition 0's leader, live brokers.
        const live = sortedBrokers(state).filter((b) => b.state === "online");
        const existing = new Map(topic.partitions.map((p) => [p.id, p.replicas.map((r) => r.broker)] as const));
        const plan = createPartitionsAssignment(
          live.map((b) => ({ id: b.id, rack: b.rack })),
          existing,
          step.totalPartitions,
          { topic: step.topic },
        );
        lists = Array.from({ length: additional }, (_, i) => plan.assignment.get(current + i)!);
      }
      const sizes = partitionSizes(step.size, additional, ctx.sizeRandom);
      const target = state.mutableTopic(step.topic);
      lists.forEach((replicas, i) => target.partitions.push(state.placePartition(current + i, replicas, sizes[i] ?? 0)));
      return null;
    }
    case "reassign":
      applyReassignment(state, step.partitions);
      return null;
    case "plan":
      return applyPlan(state, step.options);
    case "growTopic": {
      const topic = state.mutableTopic(step.topic);
      for (const p of topic.partitions) {
        for (const r of p.replicas) {
          const before = r.sizeBytes ?? 0;
          const after = Math.round((before + step.bytesPerPartition) * step.factor);
          r.sizeBytes = after;
          if (r.logDir !== null) {
            const disks = state.disks.get(r.broker);
            if (disks?.has(r.logDir)) disks.addBytes(r.logDir, after - before);
          }
        }
      }
      return null;
    }
  }
}

/**
 * The cluster as the planner sees it at this step: the state's snapshot with each broker's Kafka line
 * as this run simulates it (a scenario may name a line for every broker), so the plan's cordons and
 * dirs closed by cordons are the ones the simulated brokers have.
 */
function planningSnapshot(state: SimulationState) {
  const snapshot = state.capture(`${state.snapshot.source.label} · planned`);
  return {
    ...snapshot,
    source: { ...snapshot.source, kafkaVersion: state.controllerKafkaLine() },
    brokers: snapshot.brokers.map((b) => ({ ...b, kafkaVersion: state.kafkaLineOf(b) })),
  };
}

function applyPlan(state: SimulationState, input: Extract<Step, { kind: "plan" }>["options"]): StepNote {
  const planned = planRebalance(planningSnapshot(state), PlanOptionsSchema.parse(input));
  if (!planned.ok) throw new SimulationError("plan_refused", `the planner refuses this plan: ${planned.error.message}`);
  const plan = planned.value;
  for (const c of plan.cordons) {
    const disks = state.brokerDisks(c.broker);
    for (const path of c.dirs) if (disks.dir(path).state === "online") disks.setCordoned(path, true);
  }
  if (plan.entries.length > 0)
    applyReassignment(
      state,
      plan.entries.map((e) => ({ topic: e.topic, partition: e.partition, replicas: e.replicas, log_dirs: e.logDirs })),
    );
  // kafka-leader-election --election-type PREFERRED: the first replica leads where it is in sync.
  for (const c of plan.leadership.changes) {
    const p = state.mutableTopic(c.topic).partitions.find((x) => x.id === c.partition)!;
    const first = p.replicas[0]?.broker;
    if (first !== undefined && p.isr.includes(first)) p.leader = first;
  }
  const unmet = plan.goals.filter((g) => !g.met).length;
  const stuck = plan.evacuation?.stuckTotal ?? 0;
  const parts = [
    plan.moves.length === 0 ? "nothing to move" : `${formatCountOf(plan.moves.length, "move")} (${formatBytes(plan.bytesMoved.total)})`,
    plan.leadership.changes.length > 0 ? formatCountOf(plan.leadership.changes.length, "leadership change") : null,
    stuck > 0 ? `${formatCountOf(stuck, "replica")} could not leave` : null,
    plan.goals.length > 0 ? (unmet === 0 ? "every goal met" : `${unmet} of ${formatCountOf(plan.goals.length, "goal")} not met`) : null,
  ];
  return parts.filter((x) => x !== null).join(", ");
}

function applyReassignment(state: SimulationState, entries: Extract<Step, { kind: "reassign" }>["partitions"]): void {
  // The tool's refusals (checkReassignmentEntries, for the whole JSON) and the checks of the dirs named in log_dirs
  // run before anything changes. Placing a new replica without a pinned dir can still fail while applying (its
  // broker has no live dir); the engine never keeps the state of a failed step (see the invariants above).
  const checked = checkReassignmentEntries(
    entries.map((e) => ({ topic: e.topic, partition: e.partition, replicas: e.replicas, logDirs: e.log_dirs ?? e.replicas.map(() => ANY_LOG_DIR) })),
  );
  if (!checked.ok) throw new SimulationError(checked.error.code as SimulationErrorCode, checked.error.message);
  const resolved = checked.value.map((e, i) => {
    const key = `${e.topic}-${e.partition}`;
    const logDirs = e.logDirs;
    const partition = state.topic(e.topic).partitions.find((p) => p.id === e.partition);
    if (!partition) throw new SimulationError("unknown_partition", `partitions.${i}: ${key} does not exist`);
    e.replicas.forEach((b, j) => {
      const disks = state.brokerDisks(b);
      const dir = logDirs[j]!;
      if (dir !== ANY_LOG_DIR && (!disks.has(dir) || disks.dir(dir).state === "offline")) {
        throw new SimulationError("log_dir_not_found", `broker ${b} has no online log dir ${dir} (partitions.${i}.log_dirs.${j})`);
      }
      const moved = partition.replicas.find((r) => r.broker === b)?.logDir !== dir;
      if (dir !== ANY_LOG_DIR && moved && disks.dir(dir).state === "cordoned" && kafkaBehaviour(disks.kafkaLine).cordonedLogDirs) {
        throw new SimulationError(
          "log_dir_cordoned",
          `broker ${b} has cordoned ${dir} (cordoned.log.dirs): Kafka ${disks.kafkaLine} refuses to move a replica into it with INVALID_REPLICA_ASSIGNMENT (partitions.${i}.log_dirs.${j})`,
        );
      }
    });
    return { topic: e.topic, id: e.partition, replicas: e.replicas, logDirs };
  });
  for (const { topic, id, replicas, logDirs } of resolved) {
    const partition = state.mutableTopic(topic).partitions.find((p) => p.id === id)!;
    const size = copySize(partition);
    const old = new Map(partition.replicas.map((r) => [r.broker, r]));
    const next = replicas.map((b, j) => {
      const disks = state.brokerDisks(b);
      const pinned = logDirs[j]!;
      const had = old.get(b);
      if (had) {
        if (pinned !== ANY_LOG_DIR && pinned !== had.logDir) {
          if (had.logDir !== null && disks.has(had.logDir)) disks.removeLog(had.logDir, had.sizeBytes ?? 0);
          disks.addLog(pinned, had.sizeBytes ?? 0);
          return { ...had, logDir: pinned, future: null };
        }
        return had;
      }
      const logDir = pinned !== ANY_LOG_DIR ? pinned : disks.choose(state.policy.logDirPlacement);
      disks.addLog(logDir, size);
      return { broker: b, logDir, sizeBytes: size, offsetLag: 0, future: null };
    });
    for (const [b, r] of old) {
      if (replicas.includes(b) || r.logDir === null) continue;
      const disks = state.disks.get(b);
      if (disks?.has(r.logDir)) disks.removeLog(r.logDir, r.sizeBytes ?? 0);
    }
    const { leader, isr } = leaderAndIsrAfter(partition, replicas, (b) => state.isOnline(b));
    partition.replicas = next;
    partition.leader = leader;
    partition.isr = isr;
    partition.adding = [];
    partition.removing = [];
    partition.offline = partition.offline.filter((b) => replicas.includes(b));
  }
}
