// Port of the reassignment JSON handling of org.apache.kafka.tools.reassign.ReassignPartitionsCommand
// (formatAsReassignmentJson, parsePartitionReassignmentData, parseExecuteAssignmentArgs; Kafka 2.6–4.x), described in docs/algorithms/reassignment-json.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
/**
 * Reassignment JSON, version 1 (the only version):
 * `{"version":1,"partitions":[{"topic":"foo","partition":0,"replicas":[1,2,3],"log_dirs":["any","/d2","any"]}]}`.
 *
 * - Output: keys in the order version, partitions; partitions sorted by topic (Java string order)
 *   then partition; each with topic, partition, replicas, log_dirs ("any" where no dir is pinned).
 * - Input: `version` optional (default 1, anything else refused); `log_dirs` optional, same length as
 *   replicas; `--execute` refuses an empty list, an empty replica list, duplicate partitions and
 *   duplicate brokers in one list — with Kafka's messages.
 */
import { findJsonSyntaxError, lineAndColumn } from "./json-scan";
import { splitTopicPartition } from "./kafka-names";
import { failure, success, type Err, type Result } from "./result";
import { compareJavaStrings } from "./java-string";
import { reassignmentFromPaste } from "./reassignment-paste";

export const ANY_LOG_DIR = "any";

export interface ReassignmentEntry {
  topic: string;
  partition: number;
  replicas: number[];
  /** Same length as replicas; "any" = no preference. */
  logDirs: string[];
}

/** Why Kafka's tool refuses a reassignment JSON. */
export type ReassignmentRefusal =
  "invalid_json" | "unsupported_version" | "invalid_field" | "log_dirs_length" | "empty_reassignment" | "empty_replica_list" | "duplicate_partitions" | "duplicate_replicas";

/**
 * The entries, or Kafka's refusal: `error.code` a ReassignmentRefusal, `error.message` the tool's own
 * words, and one issue naming the field (`partitions.2.replicas`) when one field is at fault.
 */
export type ReassignmentParse = Result<ReassignmentEntry[]>;

export function formatReassignmentJson(entries: ReadonlyArray<{ topic: string; partition: number; replicas: number[]; logDirs?: string[] }>): string {
  const sorted = [...entries].sort((a, b) => compareJavaStrings(a.topic, b.topic) || a.partition - b.partition);
  return JSON.stringify({
    version: 1,
    partitions: sorted.map((e) => ({
      topic: e.topic,
      partition: e.partition,
      replicas: e.replicas,
      log_dirs: e.logDirs ?? e.replicas.map(() => ANY_LOG_DIR),
    })),
  });
}

/**
 * "Current partition replica assignment" as the tool prints it before executing (for rollback):
 * the current replicas of every partition in the proposal, dirs "any". Kept for callers that know only
 * the replica lists; a plan's rollback is `rollbackJson` (it pins the dirs).
 */
export function currentAssignmentJson(proposed: Record<string, number[]>, current: Record<string, number[]>): string {
  const entries = Object.keys(proposed).flatMap((key) => {
    const split = splitTopicPartition(key);
    return split.ok ? [{ ...split.value, replicas: current[key] ?? [] }] : [];
  });
  return formatReassignmentJson(entries);
}

/** The snapshot's replicas of one partition, as much as a rollback needs. */
interface RollbackReplica {
  broker: number;
  logDir: string | null;
}

/**
 * The rollback of `entries` against the snapshot they were made for: every partition the entries
 * touch (dir-only moves included), with its current replicas in their current order and each
 * replica's current log dir pinned, so running it with `--execute` restores the assignment and the
 * dirs (what Kafka's own `--execute` prints as the rollback from 4.2 on). A dir the snapshot does not
 * know (null) stays "any": `unpinned` counts them, for the page to say so. Partitions the snapshot
 * lacks are left out (there is nothing to go back to).
 */
export function rollbackEntries(
  partitionsOf: (topic: string, partition: number) => ReadonlyArray<RollbackReplica> | undefined,
  entries: ReadonlyArray<Pick<ReassignmentEntry, "topic" | "partition">>,
): { entries: ReassignmentEntry[]; unpinned: number } {
  let unpinned = 0;
  const seen = new Set<string>();
  const out: ReassignmentEntry[] = [];
  for (const e of entries) {
    const key = `${e.topic}\u0000${e.partition}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const replicas = partitionsOf(e.topic, e.partition);
    if (!replicas || replicas.length === 0) continue;
    const logDirs = replicas.map((r) => r.logDir ?? ANY_LOG_DIR);
    unpinned += logDirs.filter((d) => d === ANY_LOG_DIR).length;
    out.push({ topic: e.topic, partition: e.partition, replicas: replicas.map((r) => r.broker), logDirs });
  }
  return { entries: out, unpinned };
}

/** A lookup of the snapshot's partitions by topic and id, for `rollbackEntries` (built once: linear). */
export function snapshotPartitions(snapshot: {
  topics: ReadonlyArray<{ name: string; partitions: ReadonlyArray<{ id: number; replicas: ReadonlyArray<RollbackReplica> }> }>;
}): (topic: string, partition: number) => ReadonlyArray<RollbackReplica> | undefined {
  const byTopic = new Map<string, Map<number, ReadonlyArray<RollbackReplica>>>();
  for (const t of snapshot.topics) byTopic.set(t.name, new Map(t.partitions.map((p) => [p.id, p.replicas])));
  return (topic, partition) => byTopic.get(topic)?.get(partition);
}

/** `rollbackEntries` as the reassignment JSON to save as rollback.json. */
export function rollbackAssignmentJson(snapshot: Parameters<typeof snapshotPartitions>[0], entries: ReadonlyArray<Pick<ReassignmentEntry, "topic" | "partition">>): string {
  return formatReassignmentJson(rollbackEntries(snapshotPartitions(snapshot), entries).entries);
}

const fail = (code: ReassignmentRefusal, message: string, path?: string): Err => failure(code, message, path !== undefined ? { issues: [{ path, message }] } : {});

/**
 * Kafka's refusal of text that is not JSON ("The input string is not a valid JSON"), with where it
 * stops being JSON: `line 3, column 14: expected ',' or '}' …` in the message, and line and column
 * in the issue, so a long pasted document can be fixed without hunting.
 */
function syntaxError(text: string, error: unknown): Err {
  const found = findJsonSyntaxError(text);
  const { line, column } = lineAndColumn(text, found?.offset ?? 0);
  const reason = found?.message ?? (error instanceof Error ? error.message : String(error));
  const message = `line ${line}, column ${column}: ${reason}. The input string is not a valid JSON`;
  return failure("invalid_json", message, { issues: [{ path: "", message: reason, line, column }] });
}

function isIntArray(v: unknown): v is number[] {
  return Array.isArray(v) && v.every((x) => Number.isInteger(x));
}

/**
 * Parses and checks a reassignment JSON as `kafka-reassign-partitions --execute` does. `allowEmpty`:
 * an empty partition list is a valid document (a shared plan that moves nothing), not a refusal.
 */
export function parseReassignmentJson(text: string, options: { allowEmpty?: boolean } = {}): ReassignmentParse {
  let data: unknown;
  let note: string | null = null;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // Not JSON alone: the tool's whole output, or logging around the JSON (reassignment-paste.ts).
    const paste = reassignmentFromPaste(text);
    if (!paste.ok) return paste;
    if (paste.note === null) return syntaxError(text, error);
    note = paste.note;
    try {
      data = JSON.parse(paste.json);
    } catch (inner) {
      const refused = syntaxError(paste.json, inner);
      return failure(refused.error.code, `${refused.error.message} (${note})`, { issues: refused.error.issues });
    }
  }
  const parsed = readReassignment(data, options);
  return parsed.ok && note !== null ? success(parsed.value, [{ path: "", message: note }]) : parsed;
}

function readReassignment(data: unknown, options: { allowEmpty?: boolean }): ReassignmentParse {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return fail("invalid_json", "The reassignment JSON must be an object");
  const obj = data as Record<string, unknown>;
  const version = obj.version ?? 1;
  if (version !== 1) return fail("unsupported_version", `Not supported version field value ${String(version)}`, "version");
  const partitions = obj.partitions ?? [];
  if (!Array.isArray(partitions)) return fail("invalid_field", "partitions must be an array", "partitions");
  const entries: ReassignmentEntry[] = [];
  for (const [i, raw] of partitions.entries()) {
    const p = raw as Record<string, unknown>;
    const at = `partitions.${i}`;
    if (typeof p !== "object" || p === null || Array.isArray(p)) return fail("invalid_field", `${at} must be an object`, at);
    if (typeof p.topic !== "string" || p.topic === "") return fail("invalid_field", `${at}.topic must be a topic name`, `${at}.topic`);
    if (!Number.isInteger(p.partition) || (p.partition as number) < 0) return fail("invalid_field", `${at}.partition must be a non-negative integer`, `${at}.partition`);
    if (!isIntArray(p.replicas)) return fail("invalid_field", `${at}.replicas must be a list of broker ids`, `${at}.replicas`);
    const replicas = p.replicas;
    let logDirs: string[];
    if (p.log_dirs === undefined) logDirs = replicas.map(() => ANY_LOG_DIR);
    else if (Array.isArray(p.log_dirs) && p.log_dirs.every((d) => typeof d === "string")) logDirs = p.log_dirs as string[];
    else return fail("invalid_field", `${at}.log_dirs must be a list of strings`, `${at}.log_dirs`);
    const tp = `${p.topic}-${String(p.partition)}`;
    if (logDirs.length !== replicas.length) {
      return fail(
        "log_dirs_length",
        `Size of replicas list [${replicas.join(", ")}] is different from size of log dirs list [${logDirs.join(", ")}] for partition ${tp}`,
        `${at}.log_dirs`,
      );
    }
    entries.push({ topic: p.topic, partition: p.partition as number, replicas, logDirs });
  }
  return checkReassignmentEntries(entries, options);
}

/**
 * The checks `--execute` makes on parsed entries, with Kafka's messages: not empty (unless allowed),
 * no empty replica list, no partition twice, no broker twice in one list, log_dirs as long as replicas.
 * The one home of these rules: the JSON parser, the simulator's reassign step and shared plans use it.
 */
export function checkReassignmentEntries(entries: ReassignmentEntry[], options: { allowEmpty?: boolean } = {}): ReassignmentParse {
  for (const e of entries) {
    if (e.logDirs.length !== e.replicas.length) {
      return fail(
        "log_dirs_length",
        `Size of replicas list [${e.replicas.join(", ")}] is different from size of log dirs list [${e.logDirs.join(", ")}] for partition ${e.topic}-${e.partition}`,
      );
    }
  }
  if (entries.length === 0 && !options.allowEmpty) return fail("empty_reassignment", "Partition reassignment list cannot be empty");
  if (entries.some((e) => e.replicas.length === 0)) return fail("empty_replica_list", "Partition replica list cannot be empty");
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const e of entries) {
    const tp = `${e.topic}-${e.partition}`;
    if (seen.has(tp)) dups.add(tp);
    seen.add(tp);
  }
  if (dups.size > 0) return fail("duplicate_partitions", `Partition reassignment contains duplicate topic partitions: ${[...dups].join(",")}`);
  const dupReplicas = entries
    .map((e) => {
      const counts = new Map<number, number>();
      for (const b of e.replicas) counts.set(b, (counts.get(b) ?? 0) + 1);
      const d = [...counts].filter(([, n]) => n > 1).map(([b]) => b);
      return d.length ? `${e.topic}-${e.partition} contains multiple entries for ${d.join(",")}` : null;
    })
    .filter((m): m is string => m !== null);
  if (dupReplicas.length > 0) return fail("duplicate_replicas", `Partition replica lists may not contain duplicate entries: ${dupReplicas.join(". ")}`);
  return success(entries);
}
