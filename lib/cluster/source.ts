/**
 * Where a cluster's snapshot comes from: a live scan of a configured cluster (clusters.ts), or the
 * built-in demo cluster when none is configured. `cluster` names one; none = the first configured.
 *
 * Invariants (DESIGN §6: 200 concurrent requests cause at most one scan per refresh interval):
 * - Per cluster, single-flight: while a cluster's scan runs, every caller for that cluster — `refresh` or not — waits for that same scan.
 * - A finished scan (or its failure) is reused for `KAFKA_BALANCE_REFRESH_MS` (default 10000);
 *   `refresh: true` starts a new one unless one is already running.
 * - A change of the connection env invalidates the cache (tests switch clusters).
 * - Nothing here logs; errors carry redacted messages only.
 * - The demo cluster is the built-in story, or the snapshot in the JSON file named by
 *   `KAFKA_BALANCE_DEMO_SNAPSHOT_FILE` (an exported snapshot: for demos, training and offline
 *   analysis of a cluster this server cannot reach), read and checked once per path.
 */
import { readFileSync } from "node:fs";
import { currentEnv, type Env } from "@/lib/config";
import { parseSnapshot } from "@/lib/model/parse";
import { describeIssues, failure, type Err } from "@/lib/model/result";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { demoSnapshot } from "@/lib/simulate/presets";
import { resolveCluster } from "./clusters";
import { connectionLabel, type KafkaConnection } from "./connection";
import { ClusterUnreachableError, readCluster } from "./live";
import { withTimeout, ScanTimeoutError } from "./live/protocol";

export type ClusterSourceErrorCode = "kafka_unreachable" | "kafka_timeout" | "kafka_config" | "kafka_error" | "unknown_cluster";

export class ClusterSourceError extends Error {
  override readonly name = "ClusterSourceError";

  constructor(
    readonly code: ClusterSourceErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Whether `error` is a ClusterSourceError, by its name and code rather than `instanceof`: Next may
 * bundle this module into several chunks, each with its own copy of the class, while the cached
 * failure (on globalThis, below) is thrown to all of them.
 */
export function isClusterSourceError(error: unknown): error is ClusterSourceError {
  return error instanceof Error && error.name === "ClusterSourceError" && typeof (error as { code?: unknown }).code === "string";
}

/** A failed read of a cluster as a Result: its code and message when the source said what went wrong (unreachable, timed out, misconfigured), else `internal` saying to retry. */
export function sourceFailure(error: unknown): Err {
  if (isClusterSourceError(error)) return failure(error.code, error.message);
  return failure("internal", "Reading the cluster failed unexpectedly; retry with ?refresh=1.");
}

export const DEFAULT_REFRESH_MS = 10_000;

interface CacheEntry {
  key: string;
  at: number;
  result: { ok: true; snapshot: ClusterSnapshot } | { ok: false; error: ClusterSourceError };
}

interface SourceState {
  /** Per cluster name. */
  caches: Map<string, CacheEntry>;
  inflight: Map<string, { key: string; promise: Promise<ClusterSnapshot> }>;
  scans: number;
  /** The demo snapshot is a fixed story (or a fixed file): build or read it once, per file path. */
  demo?: { file: string; snapshot: ClusterSnapshot };
}

// On globalThis: Next may bundle this module into several route chunks (and reloads it in dev);
// one cache and one in-flight scan per process is the point.
const globalKey = Symbol.for("kafka-balance.cluster-source");
const state: SourceState = ((globalThis as Record<symbol, unknown>)[globalKey] as SourceState | undefined) ?? { caches: new Map(), inflight: new Map(), scans: 0 };
(globalThis as Record<symbol, unknown>)[globalKey] = state;

/** How many live scans have started since the process began (or the last reset): for tests. */
export function clusterScanCount(): number {
  return state.scans;
}

/** Forgets the cached scan and the counter (tests). A running scan still finishes for its callers. */
export function resetClusterSource(): void {
  state.caches = new Map();
  state.inflight = new Map();
  state.scans = 0;
}

export function refreshIntervalMs(env: Env = currentEnv()): number {
  const raw = Number(env.KAFKA_BALANCE_REFRESH_MS);
  return Number.isFinite(raw) && raw >= 0 ? raw : DEFAULT_REFRESH_MS;
}

function cacheKey(connection: KafkaConnection): string {
  return JSON.stringify(connection);
}

async function scan(connection: KafkaConnection): Promise<ClusterSnapshot> {
  const label = connectionLabel(connection);
  // Bootstrap and the per-broker round are each bounded by the request timeout; this is the backstop.
  const deadlineMs = connection.requestTimeoutMs * 2 + 1000;
  try {
    return await withTimeout(readCluster(connection), deadlineMs, `the scan of ${label}`);
  } catch (error) {
    if (error instanceof ScanTimeoutError) {
      throw new ClusterSourceError(
        "kafka_timeout",
        `Kafka at ${label} did not answer within ${deadlineMs} ms; check that the brokers are up and reachable from this server (KAFKA_BOOTSTRAP_SERVERS).`,
      );
    }
    if (error instanceof ClusterUnreachableError) {
      const code = error.timedOut ? "kafka_timeout" : "kafka_unreachable";
      throw new ClusterSourceError(code, `Kafka at ${label} is unreachable: ${error.message}. Check KAFKA_BOOTSTRAP_SERVERS and that the brokers are up.`);
    }
    throw new ClusterSourceError("kafka_error", `Reading Kafka at ${label} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export const DEMO_SNAPSHOT_FILE_ENV = "KAFKA_BALANCE_DEMO_SNAPSHOT_FILE";

/** The demo cluster: the built-in story, or the snapshot file the env names. Throws a `kafka_config` ClusterSourceError for a file that cannot be read or is not a snapshot. */
function demoCluster(env: Record<string, string | undefined>): ClusterSnapshot {
  const file = env[DEMO_SNAPSHOT_FILE_ENV]?.trim() ?? "";
  if (state.demo?.file === file) return state.demo.snapshot;
  let snapshot: ClusterSnapshot;
  if (file === "") snapshot = demoSnapshot();
  else {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new ClusterSourceError("kafka_config", `${DEMO_SNAPSHOT_FILE_ENV} names ${file}, which cannot be read as JSON: ${(error as Error).message}`);
    }
    const parsed = parseSnapshot(json);
    if (!parsed.ok) throw new ClusterSourceError("kafka_config", `${DEMO_SNAPSHOT_FILE_ENV} names ${file}, which is not a snapshot: ${describeIssues(parsed.error.issues)}`);
    snapshot = parsed.value;
  }
  state.demo = { file, snapshot };
  return snapshot;
}

export interface GetSnapshotOptions {
  /** The cluster's name (clusters.ts); none = the first configured (the demo when none is). */
  cluster?: string | null;
  /** Start a new scan now (still joins a scan that is already running). */
  refresh?: boolean;
  env?: Record<string, string | undefined>;
}

/** A cluster's current snapshot: live (cached, single-flight) or demo. Throws ClusterSourceError. */
export async function getClusterSnapshot(options: GetSnapshotOptions = {}): Promise<ClusterSnapshot> {
  const env = options.env ?? currentEnv();
  const resolved = resolveCluster(options.cluster, env);
  if (!resolved.ok) {
    const { code, message } = resolved.error;
    throw code === "kafka_config" ? new ClusterSourceError("kafka_config", `The cluster configuration is invalid: ${message}`) : new ClusterSourceError("unknown_cluster", message);
  }
  const cluster = resolved.value;
  if (cluster.kind === "demo") return demoCluster(env);
  const parsed = cluster.connection!;
  if (!parsed.ok) throw new ClusterSourceError("kafka_config", `The Kafka connection settings are invalid: ${parsed.error.message}`);
  const key = cacheKey(parsed.value);
  const inflight = state.inflight.get(cluster.name);
  const cache = state.caches.get(cluster.name);
  if (inflight && inflight.key === key) return inflight.promise;
  const now = Date.now();
  if (!options.refresh && cache && cache.key === key && now - cache.at < refreshIntervalMs(env)) {
    if (cache.result.ok) return cache.result.snapshot;
    throw cache.result.error;
  }
  state.scans += 1;
  const promise = scan(parsed.value);
  const entry = { key, promise };
  state.inflight.set(cluster.name, entry);
  try {
    const snapshot = await promise;
    state.caches.set(cluster.name, { key, at: Date.now(), result: { ok: true, snapshot } });
    return snapshot;
  } catch (error) {
    const failure = isClusterSourceError(error) ? error : new ClusterSourceError("kafka_error", String(error));
    state.caches.set(cluster.name, { key, at: Date.now(), result: { ok: false, error: failure } });
    throw failure;
  } finally {
    if (state.inflight.get(cluster.name) === entry) state.inflight.delete(cluster.name);
  }
}
