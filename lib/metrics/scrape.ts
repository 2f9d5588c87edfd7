/**
 * A scrape: every configured cluster's samples (clusters.ts; the demo only when no live cluster is
 * configured, labelled cluster="demo"), written as the Prometheus text exposition by prom-client.
 *
 * Invariants:
 * - Each cluster is read through getClusterSnapshot (lib/cluster/source.ts): cached and single-flight,
 *   so scrapes never cause more than one scan per cluster per refresh interval.
 * - Bounded: a scrape waits at most `deadlineMs` for any cluster. A cluster whose scan fails, or has
 *   not finished by then, is exported as `kafka_balance_collector_up` 0 with no figures; its scan goes
 *   on and the next scrape finds it cached. One cluster's failure never fails the scrape.
 * - A fresh registry per scrape: a cluster, broker or dir that went away leaves no series behind.
 *   The process metrics (prom-client's defaults: CPU, memory, event loop) live in one registry per
 *   process, merged in.
 */
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { clustersFromEnv } from "@/lib/cluster/clusters";
import { currentEnv, type Env } from "@/lib/config";
import { getClusterSnapshot } from "@/lib/cluster/source";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { clusterSamples } from "./cluster-samples";
import { registerEventLoopMetrics } from "./event-loop";
import { METRIC_FAMILIES, type MetricName, type Sample } from "./families";
import { appSources, type MetricSources } from "./sources";

export const METRICS_TIMEOUT_ENV = "KAFKA_BALANCE_METRICS_TIMEOUT_MS";
/** 8 s: inside Prometheus's default 10 s scrape_timeout, with room to write the answer. */
export const DEFAULT_METRICS_TIMEOUT_MS = 8000;

/** How long a scrape waits for a cluster: `KAFKA_BALANCE_METRICS_TIMEOUT_MS`, or the default. */
export function metricsTimeoutMs(env: Env = currentEnv()): number {
  const raw = Number(env[METRICS_TIMEOUT_ENV]);
  return env[METRICS_TIMEOUT_ENV] !== undefined && Number.isFinite(raw) && raw > 0 ? raw : DEFAULT_METRICS_TIMEOUT_MS;
}

/** A snapshot, or null when the cluster cannot be read within `deadlineMs`. */
async function snapshotWithin(cluster: string, env: Env, deadlineMs: number): Promise<ClusterSnapshot | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deadlineMs);
  });
  try {
    return await Promise.race([getClusterSnapshot({ cluster, env }).catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ScrapeOptions {
  env?: Env;
  /** Longest wait for a cluster's snapshot (default metricsTimeoutMs(env)). */
  deadlineMs?: number;
  nowMs?: number;
  /** The collector status and forecasts (default: the app's, sources.ts). */
  sources?: MetricSources;
}

/** Every configured cluster's samples, in the configured order. A configuration that cannot be read gives none. */
export async function scrapeSamples(options: ScrapeOptions = {}): Promise<Sample[]> {
  const env = options.env ?? currentEnv();
  const deadlineMs = options.deadlineMs ?? metricsTimeoutMs(env);
  const nowMs = options.nowMs ?? Date.now();
  const sources = options.sources ?? appSources;
  const all = clustersFromEnv(env);
  if (!all.ok) return [];
  const perCluster = await Promise.all(
    all.value.map(async (cluster) => {
      const snapshot = await snapshotWithin(cluster.name, env, deadlineMs);
      return clusterSamples({
        cluster: cluster.name,
        snapshot,
        collector: await sources.collectorStatus(cluster),
        forecasts: snapshot === null ? null : await sources.dirForecasts(cluster, snapshot, nowMs),
      });
    }),
  );
  return perCluster.flat();
}

const processKey = Symbol.for("kafka-balance.metrics.process-registry");

/** The upload accounting of the app's server (scripts/server/uploads.mjs), when it runs in this process. */
interface UploadState {
  uploads: number;
  bytes: number;
  refused: Record<string, number>;
  dropped: Record<string, number>;
}
const uploadsKey = Symbol.for("kafka-balance.uploads");

function uploadState(): UploadState | undefined {
  return (globalThis as Record<symbol, UploadState | undefined>)[uploadsKey];
}

/** Bodies and bytes in flight, refusals and drops, read from the server's accounting at each scrape. */
function registerUploadMetrics(registry: Registry): void {
  new Gauge({
    name: "kafka_balance_uploads_in_flight",
    help: "Request bodies being received or held until their answer is sent (scripts/server/uploads.mjs).",
    registers: [registry],
    collect() {
      this.set(uploadState()?.uploads ?? 0);
    },
  });
  new Gauge({
    name: "kafka_balance_upload_bytes_in_flight",
    help: "Bytes of request bodies in flight: declared or received, whichever is more, until the answer is sent.",
    registers: [registry],
    collect() {
      this.set(uploadState()?.bytes ?? 0);
    },
  });
  for (const [name, key, help] of [
    ["kafka_balance_uploads_refused_total", "refused", "Request bodies refused before being read, by the limit they would pass (client_uploads, client_bytes, total_bytes)."],
    [
      "kafka_balance_uploads_dropped_total",
      "dropped",
      "Request bodies dropped while arriving: idle (stalled), deadline, over_budget (no Content-Length, passed the bytes allowed).",
    ],
  ] as const) {
    new Counter({
      name,
      help,
      labelNames: ["reason"],
      registers: [registry],
      collect() {
        this.reset();
        for (const [reason, n] of Object.entries(uploadState()?.[key] ?? {})) this.inc({ reason }, n);
      },
    });
  }
}

/**
 * The process metrics' registry, one per process (on globalThis: Next may load this module in several
 * chunks). The event-loop families are event-loop.ts's, which leave out a window with no sample.
 * prom-client's nodejs_version_info is left out: the exact Node version tells an attacker
 * which CVEs apply, and an operator knows it anyway.
 */
function processRegistry(): Registry {
  const holder = globalThis as Record<symbol, Registry | undefined>;
  let registry = holder[processKey];
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
    registry.removeSingleMetric("nodejs_version_info");
    // prom-client's event-loop gauges export its histogram's sentinels before a sample (min 2^63 ns, mean NaN).
    registerEventLoopMetrics(registry);
    registerUploadMetrics(registry);
    holder[processKey] = registry;
  }
  return registry;
}

/** The samples as a registry of gauges, one per family that has samples. */
export function registryOf(samples: readonly Sample[]): Registry {
  const registry = new Registry();
  const gauges = new Map<MetricName, Gauge>();
  for (const sample of samples) {
    let gauge = gauges.get(sample.name);
    if (!gauge) {
      const family = METRIC_FAMILIES[sample.name];
      gauge = new Gauge({ name: sample.name, help: family.help, labelNames: [...family.labels], registers: [registry] });
      gauges.set(sample.name, gauge);
    }
    gauge.set(sample.labels, sample.value);
  }
  return registry;
}

/** The Prometheus text exposition of a scrape, with its content type. */
export async function metricsExposition(options: ScrapeOptions = {}): Promise<{ contentType: string; body: string }> {
  const samples = await scrapeSamples(options);
  const registry = Registry.merge([registryOf(samples), processRegistry()]);
  return { contentType: registry.contentType, body: await registry.metrics() };
}
