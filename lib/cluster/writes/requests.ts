/**
 * The write requests Kafka Balance sends, and nothing else: IncrementalAlterConfigs (never the legacy
 * AlterConfigs, which replaces a resource's whole dynamic config), AlterPartitionReassignments and
 * AlterReplicaLogDirs. Each returns per-item errors as text instead of throwing, so a caller can say
 * exactly which partition or config failed.
 *
 * Where requests go:
 * - a broker's own dynamic config → that broker (required in ZooKeeper mode, harmless in KRaft);
 * - topic configs and reassignments → any broker (it forwards to the controller);
 * - AlterReplicaLogDirs → the broker that holds (or will hold) the replica.
 */
import {
  alterPartitionReassignmentsV0,
  alterReplicaLogDirsV2,
  ConfigResourceTypes,
  IncrementalAlterConfigOperationTypes,
  incrementalAlterConfigsV1,
  type Admin,
} from "@platformatic/kafka";
import { answerOf, connectTo, errorText, withTimeout } from "../live/protocol";

export interface Endpoint {
  host: string;
  port: number;
}

/** A config change on one resource: SET a value, or DELETE (value null). */
export interface ConfigChange {
  resource: { kind: "broker"; id: number } | { kind: "topic"; name: string };
  configs: { name: string; value: string | null }[];
}

function resourceOf(change: ConfigChange): incrementalAlterConfigsV1.IncrementalAlterConfigsRequestResource {
  return {
    resourceType: change.resource.kind === "broker" ? ConfigResourceTypes.BROKER : ConfigResourceTypes.TOPIC,
    resourceName: change.resource.kind === "broker" ? String(change.resource.id) : change.resource.name,
    configs: change.configs.map((c) =>
      c.value === null
        ? { name: c.name, configOperation: IncrementalAlterConfigOperationTypes.DELETE }
        : { name: c.name, configOperation: IncrementalAlterConfigOperationTypes.SET, value: c.value },
    ),
  };
}

/** Sends config changes to `endpoint`; returns one error line per failed resource. */
export async function alterConfigs(admin: Admin, endpoint: Endpoint, changes: ConfigChange[], timeoutMs: number): Promise<string[]> {
  if (changes.length === 0) return [];
  const connection = await connectTo(admin, endpoint.host, endpoint.port);
  const answer = await withTimeout(answerOf(incrementalAlterConfigsV1.api.async(connection, changes.map(resourceOf), false)), timeoutMs, "IncrementalAlterConfigs");
  return answer.responses
    .filter((r) => r.errorCode !== 0)
    .map((r) => `${r.resourceType === ConfigResourceTypes.BROKER ? "broker" : "topic"} ${r.resourceName}: ${errorText(r.errorCode, r.errorMessage)}`);
}

/** Starts reassignments; returns one error line per refused partition. */
export async function alterPartitionReassignments(
  admin: Admin,
  endpoint: Endpoint,
  partitions: { topic: string; partition: number; replicas: number[] }[],
  timeoutMs: number,
): Promise<string[]> {
  if (partitions.length === 0) return [];
  const byTopic = new Map<string, { partitionIndex: number; replicas: number[] }[]>();
  for (const p of partitions) {
    const list = byTopic.get(p.topic) ?? [];
    list.push({ partitionIndex: p.partition, replicas: p.replicas });
    byTopic.set(p.topic, list);
  }
  const connection = await connectTo(admin, endpoint.host, endpoint.port);
  const topics = [...byTopic].map(([name, parts]) => ({ name, partitions: parts }));
  const answer = await withTimeout(answerOf(alterPartitionReassignmentsV0.api.async(connection, timeoutMs, false, topics)), timeoutMs, "AlterPartitionReassignments");
  const errors: string[] = [];
  if (answer.errorCode !== 0) errors.push(errorText(answer.errorCode, answer.errorMessage));
  for (const t of answer.responses) {
    for (const p of t.partitions) if (p.errorCode !== 0) errors.push(`${t.name}-${p.partitionIndex}: ${errorText(p.errorCode, p.errorMessage)}`);
  }
  return errors;
}

/** REPLICA_NOT_AVAILABLE: the replica does not exist on that broker yet (its reassignment is starting). */
export const REPLICA_NOT_AVAILABLE = 9;

/**
 * Asks one broker to move (or to create, once they arrive) replicas into the given dirs. Returns the
 * replicas that were refused with their error code, so the caller can retry REPLICA_NOT_AVAILABLE.
 */
export async function alterReplicaLogDirs(
  admin: Admin,
  endpoint: Endpoint,
  moves: { topic: string; partition: number; dir: string }[],
  timeoutMs: number,
): Promise<{ topic: string; partition: number; dir: string; errorCode: number; error: string }[]> {
  if (moves.length === 0) return [];
  const byDir = new Map<string, Map<string, number[]>>();
  for (const m of moves) {
    const topics = byDir.get(m.dir) ?? new Map<string, number[]>();
    const partitions = topics.get(m.topic);
    if (partitions) partitions.push(m.partition);
    else topics.set(m.topic, [m.partition]);
    byDir.set(m.dir, topics);
  }
  const request = [...byDir].map(([path, topics]) => ({ path, topics: [...topics].map(([name, partitions]) => ({ name, partitions })) }));
  const connection = await connectTo(admin, endpoint.host, endpoint.port);
  const answer = await withTimeout(answerOf(alterReplicaLogDirsV2.api.async(connection, request)), timeoutMs, "AlterReplicaLogDirs");
  const dirOf = new Map(moves.map((m) => [`${m.topic}\u0000${m.partition}`, m.dir]));
  const failed: { topic: string; partition: number; dir: string; errorCode: number; error: string }[] = [];
  for (const r of answer.results) {
    for (const p of r.partitions) {
      if (p.errorCode === 0) continue;
      failed.push({ topic: r.topicName, partition: p.partitionIndex, dir: dirOf.get(`${r.topicName}\u0000${p.partitionIndex}`) ?? "?", errorCode: p.errorCode, error: errorText(p.errorCode) });
    }
  }
  return failed;
}
