/**
 * The write requests Kafka Balance sends, and nothing else: IncrementalAlterConfigs (never the legacy
 * AlterConfigs, which replaces a resource's whole dynamic config), AlterPartitionReassignments,
 * AlterReplicaLogDirs and ElectLeaders (PREFERRED only). Each returns per-item errors instead of
 * throwing, so a caller can say exactly which partition or config failed.
 *
 * Where requests go:
 * - a broker's own dynamic config → that broker (required in ZooKeeper mode, harmless in KRaft);
 * - topic configs and reassignments → any broker (it forwards to the controller);
 * - AlterReplicaLogDirs → the broker that holds (or will hold) the replica;
 * - ElectLeaders → any broker (it forwards to the controller).
 *
 * ElectLeaders is written here on the client's protocol layer (the client has no such API): v2, the
 * flexible version every broker since 2.4 speaks (3.9 to 4.4 answer 0–2).
 */
import {
  alterPartitionReassignmentsV0,
  alterReplicaLogDirsV2,
  ConfigResourceTypes,
  createAPI,
  IncrementalAlterConfigOperationTypes,
  incrementalAlterConfigsV1,
  Writer,
  type Admin,
  type Reader,
} from "@platformatic/kafka";
import type { ConfigChange, DirMoveFailure } from "@/lib/plan/job-step";
import { answerOf, connectTo, errorText, withTimeout } from "../live/protocol";

export interface Endpoint {
  host: string;
  port: number;
}

export type { ConfigChange };

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

/**
 * Starts reassignments, or cancels them (replicas null: Kafka reverts the partition to its replicas
 * before the reassignment, as `kafka-reassign-partitions --cancel` does); one error line per refused
 * partition.
 */
export async function alterPartitionReassignments(
  admin: Admin,
  endpoint: Endpoint,
  partitions: { topic: string; partition: number; replicas: number[] | null }[],
  timeoutMs: number,
): Promise<string[]> {
  if (partitions.length === 0) return [];
  // The client's type says number[]; its writer sends null as the protocol's null array (a cancel).
  const byTopic = new Map<string, { partitionIndex: number; replicas: number[] }[]>();
  for (const p of partitions) {
    const list = byTopic.get(p.topic) ?? [];
    list.push({ partitionIndex: p.partition, replicas: p.replicas as number[] });
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

/**
 * Asks one broker to move (or to create, once they arrive) replicas into the given dirs. Returns the
 * replicas that were refused with their error code, so the caller can retry REPLICA_NOT_AVAILABLE.
 */
export async function alterReplicaLogDirs(
  admin: Admin,
  endpoint: Endpoint,
  moves: { topic: string; partition: number; dir: string }[],
  timeoutMs: number,
): Promise<DirMoveFailure[]> {
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
  const failed: DirMoveFailure[] = [];
  for (const r of answer.results) {
    for (const p of r.partitions) {
      if (p.errorCode === 0) continue;
      failed.push({
        topic: r.topicName,
        partition: p.partitionIndex,
        dir: dirOf.get(`${r.topicName}\u0000${p.partitionIndex}`) ?? "?",
        errorCode: p.errorCode,
        error: errorText(p.errorCode),
      });
    }
  }
  return failed;
}

/** ElectLeaders election types (KIP-460). Kafka Balance only ever asks for PREFERRED. */
export const ELECTION_TYPE_PREFERRED = 0;
/** The partition's leader already is its preferred replica: nothing to do, not a failure. */
export const ELECTION_NOT_NEEDED = 84;
/** The preferred replica is not in the ISR (or not alive) yet: worth asking again shortly. */
export const PREFERRED_LEADER_NOT_AVAILABLE = 80;

export interface ElectLeadersAnswer {
  throttleTimeMs: number;
  /** Top-level error (e.g. CLUSTER_AUTHORIZATION_FAILED); 0 when the per-partition results count. */
  errorCode: number;
  results: { topic: string; partitions: { partition: number; errorCode: number; errorMessage: string | null }[] }[];
}

/*
  ElectLeaders Request (Version: 2) => election_type [topic_partitions] timeout_ms TAG_BUFFER
    election_type => INT8
    topic_partitions => topic [partitions] TAG_BUFFER      (COMPACT_NULLABLE_ARRAY; null = every partition)
      topic => COMPACT_STRING
      partitions => INT32
    timeout_ms => INT32
*/
export function electLeadersV2Request(electionType: number, topics: { topic: string; partitions: number[] }[], timeoutMs: number): Writer {
  return Writer.create()
    .appendInt8(electionType)
    .appendArray(topics, (w, t) => {
      w.appendString(t.topic).appendArray(t.partitions, (w, p) => w.appendInt32(p), true, false);
    })
    .appendInt32(timeoutMs)
    .appendTaggedFields();
}

/*
  ElectLeaders Response (Version: 2) => throttle_time_ms error_code [replica_election_results] TAG_BUFFER
    throttle_time_ms => INT32
    error_code => INT16
    replica_election_results => topic [partition_result] TAG_BUFFER
      topic => COMPACT_STRING
      partition_result => partition_id error_code error_message TAG_BUFFER
        partition_id => INT32
        error_code => INT16
        error_message => COMPACT_NULLABLE_STRING
  Per-partition errors are data here (never thrown): ELECTION_NOT_NEEDED is a normal answer.
*/
export function parseElectLeadersV2Response(_correlationId: number, _apiKey: number, _apiVersion: number, reader: Reader): ElectLeadersAnswer {
  const throttleTimeMs = reader.readInt32();
  const errorCode = reader.readInt16();
  const results = reader.readArray((r) => ({
    topic: r.readString(),
    partitions: r.readArray((r) => ({ partition: r.readInt32(), errorCode: r.readInt16(), errorMessage: r.readNullableString() })),
  }));
  reader.readTaggedFields();
  return { throttleTimeMs, errorCode, results };
}

const electLeadersV2 = createAPI<[electionType: number, topics: { topic: string; partitions: number[] }[], timeoutMs: number], ElectLeadersAnswer>(
  43,
  2,
  electLeadersV2Request,
  parseElectLeadersV2Response,
);

/**
 * Asks for a PREFERRED leader election of these partitions. Returns every partition's answer (0,
 * ELECTION_NOT_NEEDED or an error) for the caller to judge; a top-level refusal comes back as the
 * same error on every partition.
 */
export async function electPreferredLeaders(
  admin: Admin,
  endpoint: Endpoint,
  partitions: { topic: string; partition: number }[],
  timeoutMs: number,
): Promise<{ topic: string; partition: number; errorCode: number; error: string | null }[]> {
  if (partitions.length === 0) return [];
  const byTopic = new Map<string, number[]>();
  for (const p of partitions) {
    const list = byTopic.get(p.topic);
    if (list) list.push(p.partition);
    else byTopic.set(p.topic, [p.partition]);
  }
  const connection = await connectTo(admin, endpoint.host, endpoint.port);
  const request = [...byTopic].map(([topic, ps]) => ({ topic, partitions: ps }));
  const answer = await withTimeout(answerOf(electLeadersV2.async(connection, ELECTION_TYPE_PREFERRED, request, timeoutMs)), timeoutMs + 5_000, "ElectLeaders");
  if (answer.errorCode !== 0) {
    const error = errorText(answer.errorCode);
    return partitions.map((p) => ({ ...p, errorCode: answer.errorCode, error }));
  }
  const out: { topic: string; partition: number; errorCode: number; error: string | null }[] = [];
  for (const t of answer.results) {
    for (const p of t.partitions)
      out.push({ topic: t.topic, partition: p.partition, errorCode: p.errorCode, error: p.errorCode === 0 ? null : errorText(p.errorCode, p.errorMessage) });
  }
  return out;
}
