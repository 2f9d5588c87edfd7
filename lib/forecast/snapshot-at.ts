/**
 * The cluster as the forecast expects it `days` from now, for the simulator's "start from the forecast
 * state": each dir's replicas grown by the bytes its forecast adds by then, and what the current
 * snapshot knows that the history does not (versions, cordoned and offline dirs) as forecast input.
 *
 * Invariants:
 * - The input snapshot is not changed; the result is a copy that passes the snapshot schema.
 * - A dir's added bytes are the expected path's (projection.central) growth by `days`, never more than
 *   the dir's free space when its capacity is known (a full disk takes no more), and never less than
 *   what it holds (a shrinking dir empties, no further). They go to its replicas in proportion to their
 *   sizes; the partitions the count rule would create are not added as new partitions, so their bytes
 *   land on the dir's existing replicas. Usable bytes shrink by the same amount.
 * - Dirs without a forecast, offline dirs and replicas of unknown size are left as they are.
 * - `capturedAt` moves `days` ahead; the source becomes a scenario that says so.
 */
import { cloneSnapshot } from "../model/clone";
import type { ClusterSnapshot } from "../model/snapshot";
import { brokerKafkaVersion } from "../model/kafka-versions";
import { DAY_MS } from "../model/units";
import { projectedBytes } from "./projection";
import type { BrokerFacts, DirForecast } from "./forecast";

/** The longest look ahead the simulator may ask for: 100 years. */
const MAX_DAYS = 36_600;

const keyOf = (broker: number, dir: string) => `${broker}\u0000${dir}`;

/** Bytes a forecast adds to its dir by `days` from now (negative when it shrinks); 0 without a projection. */
export function forecastAddedBytes(forecast: DirForecast, days: number): number {
  const p = forecast.projection?.central;
  if (!p) return 0;
  const added = projectedBytes(p, days) - p.levelBytes;
  return Number.isFinite(added) ? added : 0;
}

/** A copy of `snapshot` with each dir's replicas grown as its forecast expects by `days` from now. */
export function forecastSnapshotAt(snapshot: ClusterSnapshot, forecasts: readonly DirForecast[], days: number): ClusterSnapshot {
  const ahead = Number.isFinite(days) ? Math.min(MAX_DAYS, Math.max(0, days)) : 0;
  const byDir = new Map<string, DirForecast>();
  for (const f of forecasts) {
    const key = keyOf(f.broker, f.dir);
    if (!byDir.has(key)) byDir.set(key, f);
  }
  const out = cloneSnapshot(snapshot);

  // What each dir's replicas hold now, from the snapshot itself.
  const held = new Map<string, number>();
  for (const t of out.topics) {
    for (const p of t.partitions) {
      for (const r of p.replicas) {
        if (r.logDir === null || r.sizeBytes === null) continue;
        const key = keyOf(r.broker, r.logDir);
        held.set(key, (held.get(key) ?? 0) + r.sizeBytes);
      }
    }
  }

  const factor = new Map<string, number>();
  for (const b of out.brokers) {
    for (const d of b.logDirs) {
      const key = keyOf(b.id, d.path);
      const f = byDir.get(key);
      if (!f || d.state === "offline") continue;
      const bytes = held.get(key) ?? 0;
      let added = forecastAddedBytes(f, ahead);
      if (d.usableBytes !== null) added = Math.min(added, d.usableBytes);
      added = Math.max(added, -bytes);
      if (bytes > 0) factor.set(key, (bytes + added) / bytes);
      if (d.usableBytes !== null && bytes > 0) {
        const usable = d.usableBytes - added;
        d.usableBytes = Math.max(0, d.totalBytes !== null ? Math.min(d.totalBytes, usable) : usable);
      }
    }
  }
  for (const t of out.topics) {
    for (const p of t.partitions) {
      for (const r of p.replicas) {
        if (r.logDir === null || r.sizeBytes === null) continue;
        const k = factor.get(keyOf(r.broker, r.logDir));
        if (k !== undefined) r.sizeBytes = Math.max(0, Math.round(r.sizeBytes * k));
      }
    }
  }

  const at = Date.parse(out.capturedAt);
  if (Number.isFinite(at) && Number.isFinite(at + ahead * DAY_MS)) {
    const moved = new Date(at + ahead * DAY_MS);
    if (Number.isFinite(moved.getTime())) out.capturedAt = moved.toISOString();
  }
  const dayWord = ahead === 1 ? "day" : "days";
  out.source = { ...out.source, kind: "scenario", label: `${out.source.label} (forecast in ${+ahead.toFixed(1)} ${dayWord})` };
  return out;
}

/**
 * What the current snapshot knows that the history does not, as `ForecastOptions.brokers`: each
 * broker's Kafka version (its own, else the cluster's), its cordoned and offline dirs.
 */
export function forecastFactsOf(snapshot: ClusterSnapshot): Record<number, BrokerFacts> {
  const facts: Record<number, BrokerFacts> = {};
  for (const b of snapshot.brokers) {
    facts[b.id] = {
      kafkaVersion: brokerKafkaVersion(b, snapshot.source.kafkaVersion),
      cordoned: b.logDirs.filter((d) => d.state === "cordoned").map((d) => d.path),
      offline: b.logDirs.filter((d) => d.state === "offline").map((d) => d.path),
    };
  }
  return facts;
}
