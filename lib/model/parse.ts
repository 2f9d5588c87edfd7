/**
 * Reading snapshots from untrusted JSON (routes, imports, shared links).
 *
 * Expected failures return a result object; they never throw. Every error names the path of the
 * field that is wrong, so a route can answer 400 with a message that says what to fix.
 * Older schema versions are upgraded here, before validation, so every reader sees the current shape.
 */
import type { z } from "zod";
import { ClusterSnapshotSchema, SNAPSHOT_SCHEMA_VERSION, type ClusterSnapshot } from "./snapshot";

export interface InputIssue {
  /** Dotted path of the offending field, e.g. `topics.3.partitions.0.replicas`. Empty for the root. */
  path: string;
  message: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: InputIssue[] };

export function zodIssues(error: z.ZodError): InputIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
}

/** One line that says what to fix: `topics.0.name: a topic needs a name (and 2 more problems)`. */
export function describeIssues(issues: InputIssue[]): string {
  if (issues.length === 0) return "invalid input";
  const first = issues[0]!;
  const head = first.path ? `${first.path}: ${first.message}` : first.message;
  return issues.length > 1 ? `${head} (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : head;
}

/**
 * Upgrades from each older schema version to the next. Version 1 is the first; a new version adds
 * an entry here and a fixture of the old shape under tests/fixtures/snapshots.
 */
const UPGRADES: Record<number, (raw: Record<string, unknown>) => Record<string, unknown>> = {};

function upgrade(raw: unknown): ParseResult<unknown> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, issues: [{ path: "", message: "a snapshot is a JSON object" }] };
  }
  let current = raw as Record<string, unknown>;
  for (;;) {
    const version = current.schema;
    if (version === SNAPSHOT_SCHEMA_VERSION) return { ok: true, value: current };
    if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
      return { ok: false, issues: [{ path: "schema", message: `schema must be a snapshot schema version (1 to ${SNAPSHOT_SCHEMA_VERSION})` }] };
    }
    if (version > SNAPSHOT_SCHEMA_VERSION) {
      return { ok: false, issues: [{ path: "schema", message: `schema version ${version} is newer than this Kafka Balance reads (${SNAPSHOT_SCHEMA_VERSION}); upgrade Kafka Balance` }] };
    }
    const step = UPGRADES[version];
    if (!step) return { ok: false, issues: [{ path: "schema", message: `no upgrade from schema version ${version}` }] };
    current = step(current);
  }
}

export function parseSnapshot(raw: unknown): ParseResult<ClusterSnapshot> {
  const upgraded = upgrade(raw);
  if (!upgraded.ok) return upgraded;
  const result = ClusterSnapshotSchema.safeParse(upgraded.value);
  if (!result.success) return { ok: false, issues: zodIssues(result.error) };
  const issues = consistencyIssues(result.data);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: result.data };
}

/** Checks that zod cannot express: unique ids and names, no broker twice in a partition. */
export function consistencyIssues(snapshot: ClusterSnapshot): InputIssue[] {
  const issues: InputIssue[] = [];
  const brokerIds = new Set<number>();
  snapshot.brokers.forEach((broker, i) => {
    if (brokerIds.has(broker.id)) issues.push({ path: `brokers.${i}.id`, message: `broker ${broker.id} is listed twice` });
    brokerIds.add(broker.id);
    const paths = new Set<string>();
    broker.logDirs.forEach((dir, j) => {
      if (paths.has(dir.path)) issues.push({ path: `brokers.${i}.logDirs.${j}.path`, message: `log dir ${dir.path} is listed twice on broker ${broker.id}` });
      paths.add(dir.path);
    });
  });
  const topicNames = new Set<string>();
  snapshot.topics.forEach((topic, i) => {
    if (topicNames.has(topic.name)) issues.push({ path: `topics.${i}.name`, message: `topic ${topic.name} is listed twice` });
    topicNames.add(topic.name);
    const partitionIds = new Set<number>();
    topic.partitions.forEach((partition, j) => {
      if (partitionIds.has(partition.id)) issues.push({ path: `topics.${i}.partitions.${j}.id`, message: `partition ${topic.name}-${partition.id} is listed twice` });
      partitionIds.add(partition.id);
      const seen = new Set<number>();
      partition.replicas.forEach((replica, k) => {
        if (seen.has(replica.broker)) {
          issues.push({ path: `topics.${i}.partitions.${j}.replicas.${k}.broker`, message: `broker ${replica.broker} holds two replicas of ${topic.name}-${partition.id}` });
        }
        seen.add(replica.broker);
      });
    });
  });
  return issues;
}
