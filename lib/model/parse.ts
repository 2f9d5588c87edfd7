/**
 * Reading snapshots from untrusted JSON (routes, imports, shared links).
 *
 * Expected failures return a result object; they never throw. Every error names the path of the
 * field that is wrong, so a route can answer 400 with a message that says what to fix.
 * Older schema versions are upgraded here, before validation, so every reader sees the current shape.
 */
import { z } from "zod";
import { invalid, joinPath, pathSegments, success, type Issue, type Result } from "./result";
import { ClusterSnapshotSchema, SNAPSHOT_SCHEMA_VERSION, type ClusterSnapshot } from "./snapshot";

/**
 * Every schema that reads input is strict: a key it does not know is an error naming that key
 * (`options.tolerence: unknown key …`), never silently dropped, so a typo cannot plan with defaults.
 */
export function zodIssues(error: z.ZodError): Issue[] {
  return error.issues.flatMap((issue) => {
    const path = joinPath(issue.path);
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        path: path ? `${path}.${key}` : key,
        message: "unknown key: not a field this object takes (check its spelling and where it belongs)",
      }));
    }
    return [{ path, message: issue.message }];
  });
}

/**
 * Parses stored data written by an earlier release: keys the current schema does not know are dropped
 * (stored links must keep opening), everything else is validated as strictly as a request.
 * Bounded: each pass removes at least one key, and there are at most 8 passes.
 */
export function parseStored<S extends z.ZodType>(schema: S, raw: unknown): z.ZodSafeParseResult<z.output<S>> {
  let value = raw;
  let result = schema.safeParse(value);
  for (let pass = 0; pass < 8 && !result.success; pass++) {
    const unknown = result.error.issues.filter((i) => i.code === "unrecognized_keys");
    if (unknown.length === 0) break;
    value = structuredClone(value);
    for (const issue of unknown) {
      let target: unknown = value;
      for (const step of issue.path) target = (target as Record<PropertyKey, unknown> | undefined)?.[step as PropertyKey];
      if (target && typeof target === "object") for (const key of (issue as { keys: string[] }).keys) delete (target as Record<string, unknown>)[key];
    }
    result = schema.safeParse(value);
  }
  return result;
}

/**
 * Upgrades from each older schema version to the next. Version 1 is the first; a new version adds
 * an entry here and a fixture of the old shape under tests/fixtures/snapshots.
 */
const UPGRADES: Record<number, (raw: Record<string, unknown>) => Record<string, unknown>> = {};

function upgrade(raw: unknown): Result<unknown> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return invalid([{ path: "", message: "a snapshot is a JSON object" }]);
  }
  let current = raw as Record<string, unknown>;
  for (;;) {
    const version = current.schema;
    if (version === SNAPSHOT_SCHEMA_VERSION) return success(current);
    if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
      return invalid([{ path: "schema", message: `schema must be a snapshot schema version (1 to ${SNAPSHOT_SCHEMA_VERSION})` }]);
    }
    if (version > SNAPSHOT_SCHEMA_VERSION) {
      return invalid([{ path: "schema", message: `schema version ${version} is newer than this Kafka Balance reads (${SNAPSHOT_SCHEMA_VERSION}); upgrade Kafka Balance` }]);
    }
    const step = UPGRADES[version];
    if (!step) return invalid([{ path: "schema", message: `no upgrade from schema version ${version}` }]);
    current = step(current);
  }
}

/**
 * The one way a snapshot from outside is read: upgrade, strict schema, consistency. `stored: true`
 * for a snapshot this server stored earlier (keys since retired are dropped rather than refused).
 */
export function parseSnapshot(raw: unknown, options: { stored?: boolean } = {}): Result<ClusterSnapshot> {
  const upgraded = upgrade(raw);
  if (!upgraded.ok) return upgraded;
  const result = options.stored ? parseStored(ClusterSnapshotSchema, upgraded.value) : ClusterSnapshotSchema.safeParse(upgraded.value);
  if (!result.success) return invalid(zodIssues(result.error));
  const issues = consistencyIssues(result.data);
  if (issues.length > 0) return invalid(issues);
  return success(result.data);
}

/** Checks that zod cannot express: unique ids and names, no broker twice in a partition. */
export function consistencyIssues(snapshot: ClusterSnapshot): Issue[] {
  const issues: Issue[] = [];
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

/**
 * A snapshot field inside a request schema: the same upgrade, strict schema and consistency checks as
 * parseSnapshot, with each issue's path under the field. Request schemas use this, never the bare
 * ClusterSnapshotSchema, so every route that takes a snapshot checks it the same way.
 */
export const SnapshotInputSchema = z.unknown().transform((raw, ctx): ClusterSnapshot => {
  const parsed = parseSnapshot(raw);
  if (parsed.ok) return parsed.value;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: "custom", message: issue.message, path: pathSegments(issue.path) });
  }
  return z.NEVER;
});
