/**
 * A cluster as the forecast expects it some days ahead: each log dir's replicas scaled so the dir holds
 * the Kafka bytes its forecast gives for that time, so the simulator can start from "in 30 days".
 *
 * Invariants:
 * - Pure: the snapshot is copied, never changed; same input, same output.
 * - Only sizes change. Brokers, dirs, topics, partitions and replica placement stay as they are (the
 *   new partitions the forecast expects are in its bytes, not placed as partitions: where they land
 *   is what a simulation step decides).
 * - In a dir, every replica grows by the same factor (target ÷ now), so the biggest partitions keep
 *   growing most, as retention-bound topics do; a dir whose replicas hold no bytes yet shares its
 *   growth evenly among them. A dir with no replica to grow keeps 0 bytes and is counted in `unplaced`.
 * - Disk use outside Kafka is kept: `usableBytes` falls by exactly what Kafka's bytes rise (never below
 *   0), as lib/simulate keeps `otherBytes` constant. A `-future` copy is left as it is.
 * - Sizes stay whole bytes and never negative; a dir with no forecast keeps its bytes.
 */
import type { ClusterSnapshot } from "../model/snapshot";

export interface DirGrowth {
  broker: number;
  dir: string;
  /** Kafka bytes the dir gains by then (negative: loses), from its forecast. */
  addedBytes: number;
}

export interface GrownSnapshot {
  snapshot: ClusterSnapshot;
  /** Bytes added over the cluster (net). */
  addedBytes: number;
  /** Dirs that were to grow but hold no replica to grow. */
  unplaced: { broker: number; dir: string; bytes: number }[];
}

const DAY_MS = 86_400_000;

const key = (broker: number, dir: string) => `${broker}\u0000${dir}`;

/**
 * `snapshot` with each dir of `growth` grown by its `addedBytes` (see the header). The copy's source is
 * a scenario labelled "<label>, forecast in N days", captured N days later than the original.
 */
export function growSnapshot(snapshot: ClusterSnapshot, growth: readonly DirGrowth[], days: number): GrownSnapshot {
  const wanted = new Map<string, number>();
  for (const g of growth) if (Number.isFinite(g.addedBytes) && g.addedBytes !== 0) wanted.set(key(g.broker, g.dir), (wanted.get(key(g.broker, g.dir)) ?? 0) + g.addedBytes);

  // Kafka's bytes and replicas per dir now.
  const now = new Map<string, { bytes: number; replicas: number }>();
  for (const t of snapshot.topics) {
    for (const p of t.partitions) {
      for (const r of p.replicas) {
        if (r.logDir === null) continue;
        const k = key(r.broker, r.logDir);
        const entry = now.get(k) ?? { bytes: 0, replicas: 0 };
        entry.bytes += r.sizeBytes ?? 0;
        entry.replicas += 1;
        now.set(k, entry);
      }
    }
  }

  // Per dir: a factor for its replicas, or an even share when it holds no bytes yet.
  const rule = new Map<string, { factor: number; share: number }>();
  const unplaced: GrownSnapshot["unplaced"] = [];
  for (const [k, added] of wanted) {
    const current = now.get(k);
    if (!current || current.replicas === 0) {
      if (added > 0) {
        const [broker, dir] = k.split("\u0000") as [string, string];
        unplaced.push({ broker: Number(broker), dir, bytes: Math.round(added) });
      }
      continue;
    }
    const target = Math.max(0, current.bytes + added);
    rule.set(k, current.bytes > 0 ? { factor: target / current.bytes, share: 0 } : { factor: 1, share: Math.round(target / current.replicas) });
  }

  const actual = new Map<string, number>();
  const topics = snapshot.topics.map((t) => ({
    ...t,
    partitions: t.partitions.map((p) => ({
      ...p,
      replicas: p.replicas.map((r) => {
        if (r.logDir === null) return r;
        const k = key(r.broker, r.logDir);
        const how = rule.get(k);
        if (!how) return r;
        const before = r.sizeBytes ?? 0;
        const after = how.share > 0 ? before + how.share : Math.max(0, Math.round(before * how.factor));
        actual.set(k, (actual.get(k) ?? 0) + after - before);
        return { ...r, sizeBytes: after };
      }),
    })),
  }));

  let addedBytes = 0;
  for (const v of actual.values()) addedBytes += v;
  const brokers = snapshot.brokers.map((b) => ({
    ...b,
    logDirs: b.logDirs.map((d) => {
      const delta = actual.get(key(b.id, d.path));
      if (delta === undefined || d.usableBytes === null) return d;
      const usable = Math.max(0, d.usableBytes - delta);
      return { ...d, usableBytes: d.totalBytes === null ? usable : Math.min(d.totalBytes, usable) };
    }),
  }));

  const captured = Date.parse(snapshot.capturedAt);
  const span = days === 1 ? "1 day" : `${days} days`;
  return {
    snapshot: {
      ...snapshot,
      capturedAt: Number.isFinite(captured) ? new Date(captured + days * DAY_MS).toISOString() : snapshot.capturedAt,
      source: { ...snapshot.source, kind: "scenario", label: `${snapshot.source.label}, forecast in ${span}` },
      brokers,
      topics,
    },
    addedBytes,
    unplaced,
  };
}
