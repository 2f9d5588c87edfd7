/**
 * How big a scenario may be before the server refuses it (413) instead of running past its time limit.
 *
 * A run counts the base once, then each step costs what it touches (run-reports.ts) plus a walk of the
 * brokers and their log dirs (a step copies the state's brokers and dirs; a cordon, a new dir or a failed
 * dir re-orders that broker's candidates). A failed step rebuilds the state by replaying the steps before
 * it. A run whose dirs' usage would not survive a snapshot round trip (an overfull disk, fractional byte
 * counts) falls back to runScenario, which copies and counts the whole cluster on every step: the same
 * bound. The comparison runs the scenario once per log-dir policy. So the work of a run is at worst about
 * (replicas + log dirs + brokers) × (steps + 1): the state's size times the number of states. Three limits
 * follow, each counted as an upper bound before anything runs, so a refusal never costs a run: the
 * replicas the cluster holds at its largest, the log dirs it holds at its largest, and that product.
 */
import { formatCount } from "../model/format";
import type { ClusterSnapshot } from "../model/snapshot";
import type { Step } from "./schema";

export interface SimulationLimits {
  /** Replicas in the cluster at its largest. */
  maxReplicas: number;
  /** Log dirs in the cluster at its largest (brokers × dirs each). */
  maxLogDirs: number;
  /** (Replicas + log dirs + brokers) × (steps + 1): the work of one run. */
  maxReplicaSteps: number;
}

/**
 * 250,000 replicas, 50,000 log dirs and 2,500,000 units of work: a 100,000-replica cluster with ~20
 * steps, or the 3-broker story with 1,000 steps, both compared under three policies within a few
 * seconds on a 2-core server. Operators with bigger machines raise them with env (see limitsFromEnv).
 */
export const DEFAULT_LIMITS: SimulationLimits = { maxReplicas: 250_000, maxLogDirs: 50_000, maxReplicaSteps: 2_500_000 };

export interface ScenarioSize {
  baseReplicas: number;
  /** Upper bound on the replicas at the scenario's largest. */
  replicas: number;
  /** Upper bound on the log dirs (and brokers) at the scenario's largest. */
  logDirs: number;
  brokers: number;
  steps: number;
  /** (replicas + logDirs + brokers) × (steps + 1). */
  replicaSteps: number;
}

function countReplicas(snapshot: ClusterSnapshot): number {
  let n = 0;
  for (const t of snapshot.topics) for (const p of t.partitions) n += p.replicas.length;
  return n;
}

/** Size of a scenario without running it: one pass over the base and one over the steps. */
export function scenarioSize(base: ClusterSnapshot, steps: readonly Step[]): ScenarioSize {
  const baseReplicas = countReplicas(base);
  // Topic name → [partitions, replication factor], to bound addPartitions.
  const topics = new Map<string, [number, number]>();
  for (const t of base.topics) topics.set(t.name, [t.partitions.length, t.partitions[0]?.replicas.length ?? 0]);
  let replicas = baseReplicas;
  let maxReplicas = replicas;
  let brokers = base.brokers.length;
  let logDirs = 0;
  for (const b of base.brokers) logDirs += b.logDirs.length;
  for (const step of steps) {
    switch (step.kind) {
      case "createTopic":
        if (!topics.has(step.name)) {
          topics.set(step.name, [step.partitions, step.replicationFactor]);
          replicas += step.partitions * step.replicationFactor;
        }
        break;
      case "firstConsumerGroup":
        if (!topics.has("__consumer_offsets")) {
          topics.set("__consumer_offsets", [step.partitions, step.replicationFactor]);
          replicas += step.partitions * step.replicationFactor;
        }
        break;
      case "addPartitions": {
        const t = topics.get(step.topic);
        if (t && step.totalPartitions > t[0]) {
          replicas += (step.totalPartitions - t[0]) * t[1];
          t[0] = step.totalPartitions;
        }
        break;
      }
      case "reassign":
        // A completed reassignment can add at most the replicas it lists.
        for (const p of step.partitions) replicas += p.replicas.length;
        break;
      case "addBroker":
        brokers += 1;
        logDirs += step.logDirs.length;
        break;
      case "addLogDir":
        logDirs += step.broker === "all" ? brokers : 1;
        break;
      default:
        break;
    }
    maxReplicas = Math.max(maxReplicas, replicas);
  }
  const states = steps.length + 1;
  return { baseReplicas, replicas: maxReplicas, logDirs, brokers, steps: steps.length, replicaSteps: (maxReplicas + logDirs + brokers) * states };
}

export interface LimitExceeded {
  code: "scenario_too_large";
  message: string;
  limit: SimulationLimits;
  size: ScenarioSize;
}

/** Null when the scenario fits, else what to change. */
export function checkLimits(size: ScenarioSize, limits: SimulationLimits): LimitExceeded | null {
  if (size.replicas > limits.maxReplicas) {
    return {
      code: "scenario_too_large",
      message: `The scenario is too large to run in the time limit: it reaches up to ${formatCount(size.replicas)} replicas and the limit is ${formatCount(limits.maxReplicas)} (KAFKA_BALANCE_SIMULATE_MAX_REPLICAS). Use a smaller base or fewer partitions.`,
      limit: limits,
      size,
    };
  }
  if (size.logDirs > limits.maxLogDirs) {
    return {
      code: "scenario_too_large",
      message: `The scenario is too large to run in the time limit: it reaches up to ${formatCount(size.logDirs)} log dirs and the limit is ${formatCount(limits.maxLogDirs)} (KAFKA_BALANCE_SIMULATE_MAX_LOG_DIRS). Use fewer brokers or fewer dirs per broker.`,
      limit: limits,
      size,
    };
  }
  if (size.replicaSteps > limits.maxReplicaSteps) {
    return {
      code: "scenario_too_large",
      message: `The scenario is too large to run in the time limit: ${formatCount(size.replicas)} replicas + ${formatCount(size.logDirs)} log dirs + ${formatCount(size.brokers)} brokers, × ${formatCount(size.steps + 1)} states (the base and ${formatCount(size.steps)} steps) = ${formatCount(size.replicaSteps)}, and the limit is ${formatCount(limits.maxReplicaSteps)} (KAFKA_BALANCE_SIMULATE_MAX_REPLICA_STEPS). Use fewer steps or a smaller base.`,
      limit: limits,
      size,
    };
  }
  return null;
}

/** Limits from env values (the route passes lib/config.ts's currentEnv()), falling back to the defaults. */
export function limitsFromEnv(env: Record<string, string | undefined>): SimulationLimits {
  const read = (name: string, fallback: number) => {
    const n = Number(env[name]);
    return env[name] && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    maxReplicas: read("KAFKA_BALANCE_SIMULATE_MAX_REPLICAS", DEFAULT_LIMITS.maxReplicas),
    maxLogDirs: read("KAFKA_BALANCE_SIMULATE_MAX_LOG_DIRS", DEFAULT_LIMITS.maxLogDirs),
    maxReplicaSteps: read("KAFKA_BALANCE_SIMULATE_MAX_REPLICA_STEPS", DEFAULT_LIMITS.maxReplicaSteps),
  };
}
