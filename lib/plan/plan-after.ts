/**
 * The cluster once the plan has run: the snapshot rebuilt from the planner's own bookkeeping
 * (PlanState), with moved replicas in their pinned dirs, leaders after the moves and the election,
 * and a drain's cordons in place; and the largest dir deviation of its balance report.
 * `planRebalance` (planner.ts) reports both as `afterSnapshot`, `after` and `maxDirDeviation`.
 */
import type { BalanceReport } from "../model/report";
import type { ClusterSnapshot } from "../model/snapshot";
import { leaderAndIsrAfter } from "../model/reassignment";
import { replicaOn, type PlanState } from "./plan-state";
import type { Cordon } from "./plan-types";

/** Largest |dir utilisation − broker utilisation| over online dirs with known capacity. */
export function maxDirDeviation(report: BalanceReport): number {
  let worst = 0;
  for (const id of report.brokerIds) {
    const dirs = report.dirs.filter((d) => d.broker === id && d.state === "online" && d.totalBytes !== null && d.totalBytes > 0);
    const cap = dirs.reduce((a, d) => a + d.totalBytes!, 0);
    if (cap === 0) continue;
    const mean = dirs.reduce((a, d) => a + d.usedBytes, 0) / cap;
    for (const d of dirs) worst = Math.max(worst, Math.abs(d.usedBytes / d.totalBytes! - mean));
  }
  return worst;
}

/**
 * The snapshot as it will be once the plan has run (the planner's own bookkeeping). Untouched topics
 * and partitions are shared with the input, not copied: snapshots are never mutated after they are
 * made, and copying 100,000 replicas to change a few thousand would dominate the planner's time.
 */
export function applyPlanState(snapshot: ClusterSnapshot, state: PlanState, elected: ReadonlySet<string>, cordons: readonly Cordon[]): ClusterSnapshot {
  const online = (b: number) => state.brokers.get(b)?.online ?? false;
  const changedByTopic = new Map<string, Map<number, PlanState["partitions"][number]>>();
  for (const part of state.partitions) {
    if (!part.members.some((r) => r.broker !== r.originalBroker || r.dir !== r.originalDir) && part.replicas.every((b, i) => b === part.original[i])) continue;
    let m = changedByTopic.get(part.topic);
    if (!m) changedByTopic.set(part.topic, (m = new Map()));
    m.set(part.partition, part);
  }
  const topics = snapshot.topics.map((topic) => {
    const changed = changedByTopic.get(topic.name);
    if (!changed) return topic;
    return {
      ...topic,
      partitions: topic.partitions.map((p) => {
        const part = changed.get(p.id);
        if (!part) return p;
        const old = new Map(p.replicas.map((r) => [r.broker, r]));
        const replicas = part.replicas.map((b) => {
          const r = replicaOn(part, b)!;
          const had = old.get(b);
          if (had && r.dir === had.logDir) return had;
          if (had) return { ...had, logDir: r.dir, future: null };
          return { broker: b, logDir: r.dir, sizeBytes: r.size, offsetLag: 0, future: null };
        });
        const after = leaderAndIsrAfter(p, [...part.replicas], online);
        // A preferred-leader election after the moves makes the first replica the leader when it is in sync.
        const first = part.replicas[0]!;
        const leader = elected.has(`${topic.name}\u0000${p.id}`) && after.isr.includes(first) ? first : after.leader;
        const isr = after.isr;
        return { ...p, replicas, leader, isr, adding: [], removing: [], offline: p.offline.filter((b) => part.replicas.includes(b)) };
      }),
    };
  });
  // A drain's cordons are part of the plan: the dirs stay cordoned once it has run.
  const cordoned = new Set(cordons.flatMap((c) => c.dirs.map((path) => `${c.broker}\u0000${path}`)));
  const brokers = snapshot.brokers.map((broker) => {
    const pb = state.brokers.get(broker.id)!;
    // Dirs of one filesystem (lib/model/disks.ts) all report the disk's usable bytes: what it held, plus what the plan brought into any of them, less what it took out.
    const diskChange = new Map<string, number>();
    for (const pd of pb.dirs) diskChange.set(pd.disk, (diskChange.get(pd.disk) ?? 0) + pd.bytes - pd.originalBytes);
    return {
      ...broker,
      logDirs: broker.logDirs.map((d) => {
        const pd = pb.byPath.get(d.path)!;
        const dir = cordoned.has(`${broker.id}\u0000${d.path}`) && d.state === "online" ? { ...d, state: "cordoned" as const } : d;
        if (dir.totalBytes === null || dir.usableBytes === null) return dir;
        const shared = pb.dirs.some((x) => x !== pd && x.disk === pd.disk);
        return { ...dir, usableBytes: shared ? Math.max(0, dir.usableBytes - diskChange.get(pd.disk)!) : Math.max(0, dir.totalBytes - pd.other - pd.bytes) };
      }),
    };
  });
  return { ...snapshot, source: { ...snapshot.source, kind: "scenario", label: `${snapshot.source.label} · after plan` }, brokers, topics };
}
