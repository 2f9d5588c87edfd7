/**
 * Executes a reassignment the way an operator would with `kafka-configs`, `kafka-reassign-partitions`
 * and `kafka-leader-election`, and cleans up after it.
 *
 * Order: 0. cordons (`cordoned.log.dirs`, per broker, the broker's whole new list) when the plan
 * drains dirs, so Kafka places nothing new in them while they empty; 1. throttles, so no byte moves
 * unthrottled; 2. AlterPartitionReassignments for partitions whose replica set or order changes;
 * 3. AlterReplicaLogDirs for every pinned dir, retried while the broker answers REPLICA_NOT_AVAILABLE
 * (a new replica that does not exist yet). If a step is refused, what the earlier steps set is undone
 * (cordons restored to their previous list, throttles removed) and nothing else is sent.
 * Progress comes from a fresh live snapshot: in-flight reassignments of our partitions and `-future`
 * replicas (bytes copied so far against the current replica's size). Once none is left, exactly the
 * throttle configs that were set are deleted, and partitions whose preferred leader changed get a
 * PREFERRED leader election (electPreferred). Cordons stay: the drained dir is meant to stay empty.
 */
import type { Admin } from "@platformatic/kafka";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { ReassignmentEntry, ThrottlePlan } from "@/lib/plan";
import { ANY_LOG_DIR } from "@/lib/plan";
import type { KafkaConnection } from "../connection";
import { createAdmin, describeFailure } from "../live/protocol";
import { cordonWrites, sortElectionAnswers, type ApplyWork, type CordonWrite } from "./apply-work";
import { alterConfigs, alterPartitionReassignments, alterReplicaLogDirs, electPreferredLeaders, REPLICA_NOT_AVAILABLE, type ConfigChange, type Endpoint } from "./requests";

export const BROKER_THROTTLE_CONFIGS = [
  "leader.replication.throttled.rate",
  "follower.replication.throttled.rate",
  "replica.alter.log.dirs.io.max.bytes.per.second",
] as const;
export const TOPIC_THROTTLE_CONFIGS = ["leader.replication.throttled.replicas", "follower.replication.throttled.replicas"] as const;
export const CORDONED_LOG_DIRS = "cordoned.log.dirs";

/** What was set, so that exactly that is removed afterwards. */
export interface AppliedThrottles {
  brokers: number[];
  topics: string[];
}

/** A cordon this apply set and left in place: the broker's `cordoned.log.dirs` now, and before. */
export type AppliedCordon = CordonWrite;

export type StartResult =
  | { ok: true; applied: AppliedThrottles; cordons: AppliedCordon[]; reassigned: number; dirMoves: number; warnings: string[] }
  | {
      ok: false;
      stage: "cordons" | "throttles" | "reassignment" | "log_dirs";
      errors: string[];
      /** What is still set: empty when the refusal was undone. */
      applied: AppliedThrottles;
      cordons: AppliedCordon[];
      /** Whether what the earlier steps set was put back (false: the outcome is unknown or the reassignment runs). */
      undone: boolean;
    };

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

/** `cordoned.log.dirs` as IncrementalAlterConfigs takes it: the list, or DELETE for an empty one. */
function cordonChange(broker: number, dirs: readonly string[]): ConfigChange {
  return { resource: { kind: "broker", id: broker }, configs: [{ name: CORDONED_LOG_DIRS, value: dirs.length > 0 ? dirs.join(",") : null }] };
}

/** Sets each broker's new cordon list on that broker; `set` collects the ones the broker accepted. */
async function setCordons(admin: Admin, snapshot: ClusterSnapshot, writes: CordonWrite[], timeoutMs: number, set: AppliedCordon[]): Promise<string[]> {
  const ep = endpoints(snapshot);
  const errors: string[] = [];
  for (const w of writes) {
    const failed = await alterConfigs(admin, ep.of(w.broker), [cordonChange(w.broker, w.dirs)], timeoutMs);
    if (failed.length === 0) set.push(w);
    errors.push(...failed.map((f) => `${f} (setting ${CORDONED_LOG_DIRS}=${w.dirs.join(",")})`));
  }
  return errors;
}

/** Puts back the cordon lists these writes replaced (after a refusal: the apply changed nothing else). */
async function restoreCordons(admin: Admin, snapshot: ClusterSnapshot, set: AppliedCordon[], timeoutMs: number): Promise<string[]> {
  const ep = endpoints(snapshot);
  const errors: string[] = [];
  for (const w of set) errors.push(...(await alterConfigs(admin, ep.of(w.broker), [cordonChange(w.broker, w.previous)], timeoutMs).catch((e: unknown) => [describeFailure(e)])));
  return errors;
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
  work: ApplyWork,
  options: { dirMoveRetryMs?: number } = {},
): Promise<StartResult> {
  const { entries, throttles } = work;
  const timeoutMs = connection.requestTimeoutMs;
  const applied: AppliedThrottles = { brokers: [], topics: [] };
  const cordons: AppliedCordon[] = [];
  const admin = createAdmin(connection);
  /** Undoes cordons and throttles after a refusal; the refusal's errors come first, any undo failure after. */
  const refuse = async (stage: "cordons" | "throttles" | "reassignment", errors: string[]): Promise<StartResult> => {
    const undo = cordons.length > 0 ? await restoreCordons(admin, snapshot, cordons, timeoutMs).catch((e: unknown) => [describeFailure(e)]) : [];
    await admin.close().catch(() => undefined);
    if (applied.brokers.length + applied.topics.length > 0) undo.push(...(await removeThrottles(connection, snapshot, applied)));
    return { ok: false, stage, errors: [...errors, ...undo.map((u) => `undoing: ${u}`)], applied: { brokers: [], topics: [] }, cordons: [], undone: true };
  };
  let stage: "cordons" | "throttles" | "reassignment" = "cordons";
  let changed: ReassignmentEntry[];
  let ep: ReturnType<typeof endpoints>;
  try {
    ep = endpoints(snapshot);
    const cordonErrors = await setCordons(admin, snapshot, cordonWrites(snapshot, work.cordons ?? []), timeoutMs, cordons);
    if (cordonErrors.length > 0) return await refuse("cordons", cordonErrors);
    stage = "throttles";
    const throttleErrors = await setThrottles(admin, snapshot, throttles, timeoutMs, applied);
    if (throttleErrors.length > 0) return await refuse("throttles", throttleErrors);
    stage = "reassignment";
    changed = changedEntries(snapshot, entries);
    const refused = await alterPartitionReassignments(admin, ep.any, changed, timeoutMs);
    if (refused.length > 0) return await refuse("reassignment", refused);
  } catch (error) {
    // A config request that failed outright (timeout, connection) is undone with the earlier ones. A
    // reassignment request that got no answer may still have been taken by the controller: removing the
    // throttles then would let it copy unthrottled, so everything stays set for the operator to check.
    if (stage !== "reassignment") return await refuse(stage, [describeFailure(error)]);
    await admin.close().catch(() => undefined);
    return {
      ok: false,
      stage,
      errors: [`${describeFailure(error)} — whether Kafka started the reassignment is unknown; check kafka-reassign-partitions --list before removing the throttles.`],
      applied,
      cordons,
      undone: false,
    };
  }
  try {
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
      if (errors.length > 0) return { ok: false, stage: "log_dirs", errors, applied, cordons, undone: false };
      if (pending.size === 0) break;
      if (Date.now() > deadline) {
        warnings.push(`${[...pending.values()].flat().length} dir move(s) were still waiting for their replica to appear; Kafka may place those replicas by its own rule.`);
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    return { ok: true, applied, cordons, reassigned: changed.length, dirMoves, warnings };
  } catch (error) {
    // The reassignment is running: nothing can be undone here; the caller watches it and cleans up.
    return { ok: false, stage: "log_dirs", errors: [describeFailure(error)], applied, cordons, undone: false };
  } finally {
    await admin.close().catch(() => undefined);
  }
}

export interface ElectionOutcome {
  /** Partitions asked for. */
  requested: number;
  /** Elected now, or already led by their preferred replica (ELECTION_NOT_NEEDED). */
  elected: number;
  notNeeded: number;
  /** One line per partition that did not get its preferred leader. */
  failed: string[];
}

/**
 * A PREFERRED leader election for these partitions, sent to any broker. PREFERRED_LEADER_NOT_AVAILABLE
 * (the new first replica not yet in the ISR as the controller sees it) is asked again every
 * `retryMs` until `retryForMs` has passed; ELECTION_NOT_NEEDED counts as done.
 */
export async function electPreferred(
  connection: KafkaConnection,
  snapshot: ClusterSnapshot,
  partitions: ReadonlyArray<{ topic: string; partition: number }>,
  options: { retryMs?: number; retryForMs?: number } = {},
): Promise<ElectionOutcome> {
  const outcome: ElectionOutcome = { requested: partitions.length, elected: 0, notNeeded: 0, failed: [] };
  if (partitions.length === 0) return outcome;
  const admin = createAdmin(connection);
  try {
    const ep = endpoints(snapshot);
    const deadline = Date.now() + (options.retryForMs ?? 30_000);
    let pending = partitions.map((p) => ({ topic: p.topic, partition: p.partition }));
    for (;;) {
      const sorted = sortElectionAnswers(await electPreferredLeaders(admin, ep.any, pending, connection.requestTimeoutMs));
      outcome.elected += sorted.elected + sorted.notNeeded;
      outcome.notNeeded += sorted.notNeeded;
      outcome.failed.push(...sorted.failed);
      if (sorted.retry.length === 0) break;
      if (Date.now() > deadline) {
        outcome.failed.push(...sorted.retry.map((r) => `${r.topic}-${r.partition}: ${r.error}`));
        break;
      }
      pending = sorted.retry.map(({ topic, partition }) => ({ topic, partition }));
      await new Promise((r) => setTimeout(r, options.retryMs ?? 1000));
    }
    return outcome;
  } catch (error) {
    outcome.failed.push(describeFailure(error));
    return outcome;
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
