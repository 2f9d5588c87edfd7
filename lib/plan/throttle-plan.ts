/**
 * The throttle configuration a reassignment needs, as data and as `kafka-configs.sh` commands.
 *
 * - Topic lists are exactly what `kafka-reassign-partitions --execute --throttle` computes
 *   (throttledReplicaLists: in-progress reassignments included, Java string order), but only for
 *   partitions whose replica set changes: a dir-only move needs no replication throttle, and listing
 *   its replicas would make the leader quota count their normal replication traffic.
 * - Replication rates go on every broker that is a source or destination of a changing partition
 *   and answers (an `unreachable` one could not take a config; it is listed in `unreachable`);
 *   `replica.alter.log.dirs.io.max.bytes.per.second` on brokers with dir moves.
 * - Removal puts back exactly what was set, as the apply job does (lib/cluster/writes/job-runner.ts,
 *   `restore`): only the keys the plan set on each broker and topic, each to the value the snapshot
 *   shows it had before (`--add-config`), deleted where it had none (`--delete-config`). Never a key
 *   the plan did not set: Kafka 3.9–4.2's `kafka-configs` refuses to delete a key that is not set
 *   (`Invalid config(s): …`, exit 1) and then deletes nothing of that command.
 * - `previousKnown` false (the snapshot's source did not carry the configs, lib/model/facts.ts): the
 *   previous values are unknown, and the removal deletes the keys; the page says to note them first.
 * - Every command names `--bootstrap-server` as the options give it: the live cluster's servers, or
 *   BOOTSTRAP_PLACEHOLDER (lib/plan/options.ts) when the snapshot's address is not known.
 * - Topic names and the address are written as one shell word each (./shell.ts): a hostile name is
 *   quoted, never run when the operator pastes the command.
 */
import { knownFacts } from "../model/facts";
import type { ClusterSnapshot } from "../model/snapshot";
import { moveMapOf, reassigningBrokers, replicaListsOfMoves, type ProposedPartition } from "../throttle/throttled-replica-lists";
import { ANY_LOG_DIR, type ReassignmentEntry } from "../model/reassignment-json";
import type { Rates } from "./estimate";
import { bootstrapArg, shellArg } from "./shell";

export interface ThrottlePlan {
  topics: { topic: string; leaderReplicas: string; followerReplicas: string }[];
  brokers: { broker: number; leaderRate: number | null; followerRate: number | null; alterLogDirsRate: number | null }[];
  /** Whether the snapshot knew the throttle configs set before the plan (false: the removal deletes, it cannot put back). */
  previousKnown?: boolean;
  /** Brokers the moves involve that do not answer: no rate is set on them (they could not take it). */
  unreachable?: number[];
  commands: { apply: string[]; remove: string[] };
}

/** One `kafka-configs --alter` per kind of change: the keys to set back to their old values, then the keys to delete. */
function restoreCommands(target: string, keys: { name: string; previous: string | null }[], list: boolean): string[] {
  const back = keys.filter((k) => k.previous !== null).map((k) => `${k.name}=${list ? `[${k.previous}]` : k.previous}`);
  const gone = keys.filter((k) => k.previous === null).map((k) => k.name);
  const out: string[] = [];
  if (back.length > 0) out.push(`${target} --alter --add-config ${shellArg(back.join(","))}`);
  if (gone.length > 0) out.push(`${target} --alter --delete-config ${gone.join(",")}`);
  return out;
}

export function throttlePlan(snapshot: ClusterSnapshot, entries: ReadonlyArray<ReassignmentEntry>, rates: Rates, bootstrapServer: string): ThrottlePlan {
  const previousKnown = knownFacts(snapshot).throttles;
  // Only the partitions in the reassignment matter (in-progress ones bring their own replica lists).
  const wanted = new Map<string, Map<number, ClusterSnapshot["topics"][number]["partitions"][number]>>();
  for (const e of entries) if (!wanted.has(e.topic)) wanted.set(e.topic, new Map());
  for (const t of snapshot.topics) {
    const parts = wanted.get(t.name);
    if (parts) for (const p of t.partitions) parts.set(p.id, p);
  }
  const proposed: ProposedPartition[] = [];
  const dirMoveBrokers = new Set<number>();
  for (const e of entries) {
    const p = wanted.get(e.topic)!.get(e.partition);
    const before = p ? p.replicas.map((r) => r.broker) : [];
    const changes = before.length !== e.replicas.length || e.replicas.some((b) => !before.includes(b));
    if (changes) proposed.push({ topic: e.topic, partition: e.partition, current: p ? before : null, proposed: e.replicas });
    e.replicas.forEach((b, i) => {
      const dir = e.logDirs[i] ?? ANY_LOG_DIR;
      const had = p?.replicas.find((r) => r.broker === b);
      if (dir !== ANY_LOG_DIR && had !== undefined && had.logDir !== dir) dirMoveBrokers.add(b);
    });
  }
  const moveMap = moveMapOf(proposed, snapshot.throttles.reassignments);
  const lists = replicaListsOfMoves(moveMap);
  const replicationBrokers = new Set(reassigningBrokers(moveMap));
  // A broker that does not answer takes no config (its partitions' copies come from their live leaders): no rate on it.
  const silent = new Set(snapshot.brokers.filter((b) => b.state === "unreachable").map((b) => b.id));
  const involved = [...new Set([...replicationBrokers, ...dirMoveBrokers])].sort((a, b) => a - b);
  const allBrokers = involved.filter((b) => !silent.has(b));
  const skipped = involved.filter((b) => silent.has(b));
  const rate = rates.replicationBytesPerSecond;
  // What each key held before, as the job reads it (its `previous`): the broker's own dynamic value.
  const asText = (v: number | null | undefined) => (v === null || v === undefined ? null : String(v));
  const brokers = allBrokers.map((b) => ({
    broker: b,
    leaderRate: replicationBrokers.has(b) ? rate : null,
    followerRate: replicationBrokers.has(b) ? rate : null,
    alterLogDirsRate: dirMoveBrokers.has(b) ? rates.alterLogDirsBytesPerSecond : null,
  }));
  const topics = Object.entries(lists.leader)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([topic, leaderReplicas]) => ({ topic, leaderReplicas, followerReplicas: Object.hasOwn(lists.follower, topic) ? lists.follower[topic]! : "" }));

  const cmd = `kafka-configs.sh --bootstrap-server ${bootstrapArg(bootstrapServer)}`;
  const apply: string[] = [];
  const remove: string[] = [];
  for (const b of brokers) {
    const configs = [
      b.leaderRate !== null ? `leader.replication.throttled.rate=${b.leaderRate}` : null,
      b.followerRate !== null ? `follower.replication.throttled.rate=${b.followerRate}` : null,
      b.alterLogDirsRate !== null ? `replica.alter.log.dirs.io.max.bytes.per.second=${b.alterLogDirsRate}` : null,
    ].filter((c): c is string => c !== null);
    apply.push(`${cmd} --entity-type brokers --entity-name ${b.broker} --alter --add-config ${configs.join(",")}`);
    const before = snapshot.throttles.brokers.find((x) => x.broker === b.broker);
    const keys = [
      b.leaderRate !== null ? { name: "leader.replication.throttled.rate", previous: asText(before?.leader) } : null,
      b.followerRate !== null ? { name: "follower.replication.throttled.rate", previous: asText(before?.follower) } : null,
      b.alterLogDirsRate !== null ? { name: "replica.alter.log.dirs.io.max.bytes.per.second", previous: asText(before?.alterLogDirs) } : null,
    ].filter((k): k is { name: string; previous: string | null } => k !== null);
    remove.push(...restoreCommands(`${cmd} --entity-type brokers --entity-name ${b.broker}`, keys, false));
  }
  for (const t of topics) {
    // kafka-configs takes list values in square brackets; an empty list would only remove the throttle.
    const configs = [
      t.leaderReplicas ? `leader.replication.throttled.replicas=[${t.leaderReplicas}]` : null,
      t.followerReplicas ? `follower.replication.throttled.replicas=[${t.followerReplicas}]` : null,
    ].filter((c): c is string => c !== null);
    if (configs.length > 0) apply.push(`${cmd} --entity-type topics --entity-name ${shellArg(t.topic)} --alter --add-config '${configs.join(",")}'`);
    const before = snapshot.throttles.topics.find((x) => x.topic === t.topic);
    const keys = [
      t.leaderReplicas ? { name: "leader.replication.throttled.replicas", previous: before?.leaderReplicas ?? null } : null,
      t.followerReplicas ? { name: "follower.replication.throttled.replicas", previous: before?.followerReplicas ?? null } : null,
    ].filter((k): k is { name: string; previous: string | null } => k !== null);
    remove.push(...restoreCommands(`${cmd} --entity-type topics --entity-name ${shellArg(t.topic)}`, keys, true));
  }
  return { topics, brokers, previousKnown, ...(skipped.length > 0 ? { unreachable: skipped } : {}), commands: { apply, remove } };
}

/** `kafka-reassign-partitions` to start the reassignment in `jsonFile`, then to check it until done (keeping the throttles). */
export function reassignPartitionsCommands(bootstrapServer: string, jsonFile: string): { execute: string; verify: string } {
  const cmd = `kafka-reassign-partitions.sh --bootstrap-server ${bootstrapArg(bootstrapServer)} --reassignment-json-file ${shellArg(jsonFile)}`;
  return { execute: `${cmd} --execute`, verify: `${cmd} --verify --preserve-throttles` };
}
