/**
 * Executes a reassignment the way an operator would with `kafka-configs` and
 * `kafka-reassign-partitions`, and cleans up after it.
 *
 * Order (as the tool does it): 1. throttles first (broker rates, then topic lists), so no byte moves
 * unthrottled; 2. AlterPartitionReassignments for partitions whose replica set changes; 3.
 * AlterReplicaLogDirs for every pinned dir, retried while the broker answers REPLICA_NOT_AVAILABLE
 * (a new replica that does not exist yet). If step 2 is refused, the throttles set in step 1 are
 * removed again and nothing else is sent.
 * Progress comes from a fresh live snapshot: in-flight reassignments of our partitions and `-future`
 * replicas (bytes copied so far against the current replica's size). Once none is left, exactly the
 * configs that were set are deleted.
 */
import type { Admin } from "@platformatic/kafka";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { ReassignmentEntry, ThrottlePlan } from "@/lib/plan";
import { ANY_LOG_DIR } from "@/lib/plan";
import type { KafkaConnection } from "../connection";
import { createAdmin, describeFailure } from "../live/protocol";
import { alterConfigs, alterPartitionReassignments, alterReplicaLogDirs, REPLICA_NOT_AVAILABLE, type ConfigChange, type Endpoint } from "./requests";

export const BROKER_THROTTLE_CONFIGS = [
  "leader.replication.throttled.rate",
  "follower.replication.throttled.rate",
  "replica.alter.log.dirs.io.max.bytes.per.second",
] as const;
export const TOPIC_THROTTLE_CONFIGS = ["leader.replication.throttled.replicas", "follower.replication.throttled.replicas"] as const;

/** What was set, so that exactly that is removed afterwards. */
export interface AppliedThrottles {
  brokers: number[];
  topics: string[];
}

export type StartResult =
  | { ok: true; applied: AppliedThrottles; reassigned: number; dirMoves: number; warnings: string[] }
  | { ok: false; stage: "throttles" | "reassignment" | "log_dirs"; errors: string[]; applied: AppliedThrottles };

export class WriteTargetError extends Error {}

function endpoints(snapshot: ClusterSnapshot): { of: (broker: number) => Endpoint; any: Endpoint } {
  const online = snapshot.brokers.filter((b) => b.state === "online" && b.host && b.port);
  const first = online[0];
  if (!first) throw new WriteTargetError("No broker of the live snapshot is reachable; nothing was changed.");
  const of = (broker: number): Endpoint => {
    const b = online.find((x) => x.id === broker);
    if (!b) throw new WriteTargetError(`Broker ${broker} is not reachable; nothing was changed.`);
    return { host: b.host!, port: b.port! };
  };
  return { of, any: { host: first.host!, port: first.port! } };
}

function changedEntries(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>): ReassignmentEntry[] {
  const current = new Map(snapshot.topics.flatMap((t) => t.partitions.map((p) => [`${t.name}\u0000${p.id}`, p.replicas.map((r) => r.broker)] as const)));
  return entries.filter((e) => {
    const before = current.get(`${e.topic}\u0000${e.partition}`) ?? [];
    return before.length !== e.replicas.length || e.replicas.some((b, i) => before[i] !== b);
  });
}

async function setThrottles(admin: Admin, snapshot: ClusterSnapshot, throttles: ThrottlePlan, timeoutMs: number, applied: AppliedThrottles): Promise<string[]> {
  const ep = endpoints(snapshot);
  const errors: string[] = [];
  for (const b of throttles.brokers) {
    const configs = [
      b.leaderRate !== null ? { name: "leader.replication.throttled.rate", value: String(b.leaderRate) } : null,
      b.followerRate !== null ? { name: "follower.replication.throttled.rate", value: String(b.followerRate) } : null,
      b.alterLogDirsRate !== null ? { name: "replica.alter.log.dirs.io.max.bytes.per.second", value: String(b.alterLogDirsRate) } : null,
    ].filter((c): c is { name: string; value: string } => c !== null);
    const failed = await alterConfigs(admin, ep.of(b.broker), [{ resource: { kind: "broker", id: b.broker }, configs }], timeoutMs);
    if (failed.length === 0) applied.brokers.push(b.broker);
    errors.push(...failed);
  }
  const topicChanges: ConfigChange[] = throttles.topics
    .map((t) => ({
      resource: { kind: "topic" as const, name: t.topic },
      configs: [
        t.leaderReplicas ? { name: "leader.replication.throttled.replicas", value: t.leaderReplicas } : null,
        t.followerReplicas ? { name: "follower.replication.throttled.replicas", value: t.followerReplicas } : null,
      ].filter((c): c is { name: string; value: string } => c !== null),
    }))
    .filter((c) => c.configs.length > 0);
  const topicErrors = await alterConfigs(admin, ep.any, topicChanges, timeoutMs);
  for (const c of topicChanges) {
    const name = (c.resource as { name: string }).name;
    if (!topicErrors.some((e) => e.startsWith(`topic ${name}:`))) applied.topics.push(name);
  }
  return [...errors, ...topicErrors];
}

/** Deletes exactly the throttle configs that were set. Returns error lines (empty on success). */
export async function removeThrottles(connection: KafkaConnection, snapshot: ClusterSnapshot, applied: AppliedThrottles): Promise<string[]> {
  const admin = createAdmin(connection);
  try {
    const ep = endpoints(snapshot);
    const errors: string[] = [];
    for (const broker of applied.brokers) {
      const change: ConfigChange = { resource: { kind: "broker", id: broker }, configs: BROKER_THROTTLE_CONFIGS.map((name) => ({ name, value: null })) };
      errors.push(...(await alterConfigs(admin, ep.of(broker), [change], connection.requestTimeoutMs)));
    }
    const topics = applied.topics.map((name): ConfigChange => ({ resource: { kind: "topic", name }, configs: TOPIC_THROTTLE_CONFIGS.map((n) => ({ name: n, value: null })) }));
    errors.push(...(await alterConfigs(admin, ep.any, topics, connection.requestTimeoutMs)));
    return errors;
  } catch (error) {
    return [describeFailure(error)];
  } finally {
    await admin.close().catch(() => undefined);
  }
}

export async function startReassignment(
  connection: KafkaConnection,
  snapshot: ClusterSnapshot,
  entries: ReadonlyArray<ReassignmentEntry>,
  throttles: ThrottlePlan,
  options: { dirMoveRetryMs?: number } = {},
): Promise<StartResult> {
  const timeoutMs = connection.requestTimeoutMs;
  const applied: AppliedThrottles = { brokers: [], topics: [] };
  const admin = createAdmin(connection);
  try {
    const ep = endpoints(snapshot);
    const throttleErrors = await setThrottles(admin, snapshot, throttles, timeoutMs, applied);
    if (throttleErrors.length > 0) {
      await admin.close().catch(() => undefined);
      await removeThrottles(connection, snapshot, applied);
      return { ok: false, stage: "throttles", errors: throttleErrors, applied: { brokers: [], topics: [] } };
    }
    const changed = changedEntries(snapshot, entries);
    const refused = await alterPartitionReassignments(admin, ep.any, changed, timeoutMs);
    if (refused.length > 0) {
      await admin.close().catch(() => undefined);
      await removeThrottles(connection, snapshot, applied);
      return { ok: false, stage: "reassignment", errors: refused, applied: { brokers: [], topics: [] } };
    }
    // Pinned dirs, per broker; REPLICA_NOT_AVAILABLE means the replica is not there yet: retry.
    const pending = new Map<number, { topic: string; partition: number; dir: string }[]>();
    for (const e of entries) {
      e.replicas.forEach((b, i) => {
        const dir = e.logDirs[i] ?? ANY_LOG_DIR;
        if (dir === ANY_LOG_DIR) return;
        const list = pending.get(b);
        if (list) list.push({ topic: e.topic, partition: e.partition, dir });
        else pending.set(b, [{ topic: e.topic, partition: e.partition, dir }]);
      });
    }
    const dirMoves = [...pending.values()].reduce((a, l) => a + l.length, 0);
    const deadline = Date.now() + (options.dirMoveRetryMs ?? 60_000);
    const warnings: string[] = [];
    for (;;) {
      const errors: string[] = [];
      for (const [broker, moves] of [...pending]) {
        const failed = await alterReplicaLogDirs(admin, ep.of(broker), moves, timeoutMs);
        const retry = failed.filter((f) => f.errorCode === REPLICA_NOT_AVAILABLE);
        errors.push(...failed.filter((f) => f.errorCode !== REPLICA_NOT_AVAILABLE).map((f) => `broker ${broker} ${f.topic}-${f.partition} → ${f.dir}: ${f.error}`));
        if (retry.length === 0) pending.delete(broker);
        else pending.set(broker, retry.map(({ topic, partition, dir }) => ({ topic, partition, dir })));
      }
      if (errors.length > 0) return { ok: false, stage: "log_dirs", errors, applied };
      if (pending.size === 0) break;
      if (Date.now() > deadline) {
        warnings.push(`${[...pending.values()].flat().length} dir move(s) were still waiting for their replica to appear; Kafka may place those replicas by its own rule.`);
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    return { ok: true, applied, reassigned: changed.length, dirMoves, warnings };
  } finally {
    await admin.close().catch(() => undefined);
  }
}

export interface ReassignmentProgress {
  /** Partitions of the plan whose reassignment Kafka still lists, or whose replicas differ from the plan. */
  reassigning: string[];
  /** `-future` replicas being copied, with bytes so far against the replica being replaced. */
  dirMoves: { topic: string; partition: number; broker: number; dir: string; copiedBytes: number; totalBytes: number }[];
  /** Pinned dirs not reached yet (replica still elsewhere, no future copy). */
  waitingDirs: number;
  done: boolean;
}

export function reassignmentProgress(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>): ReassignmentProgress {
  const parts = new Map<string, ClusterSnapshot["topics"][number]["partitions"][number]>(
    snapshot.topics.flatMap((t) => t.partitions.map((p) => [`${t.name}-${p.id}`, p] as const)),
  );
  const listed = new Set(snapshot.throttles.reassignments.map((r) => `${r.topic}-${r.partition}`));
  const reassigning: string[] = [];
  const dirMoves: ReassignmentProgress["dirMoves"] = [];
  let waitingDirs = 0;
  for (const e of entries) {
    const key = `${e.topic}-${e.partition}`;
    const p = parts.get(key);
    if (!p) continue;
    const brokers = p.replicas.map((r) => r.broker);
    if (listed.has(key) || p.adding.length > 0 || p.removing.length > 0 || brokers.length !== e.replicas.length || e.replicas.some((b) => !brokers.includes(b))) {
      reassigning.push(key);
    }
    e.replicas.forEach((b, i) => {
      const dir = e.logDirs[i] ?? ANY_LOG_DIR;
      const r = p.replicas.find((x) => x.broker === b);
      if (!r) return;
      if (r.future) {
        dirMoves.push({ topic: e.topic, partition: e.partition, broker: b, dir: r.future.logDir, copiedBytes: r.future.sizeBytes ?? 0, totalBytes: r.sizeBytes ?? 0 });
      } else if (dir !== ANY_LOG_DIR && r.logDir !== null && r.logDir !== dir) {
        waitingDirs += 1;
      }
    });
  }
  return { reassigning, dirMoves, waitingDirs, done: reassigning.length === 0 && dirMoves.length === 0 && waitingDirs === 0 };
}
