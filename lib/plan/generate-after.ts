/**
 * The cluster once Kafka's own `kafka-reassign-partitions --generate` proposal has run, so it can be
 * measured with the same goals as the plan (goals.ts): what it moves and what it leaves undone.
 *
 * - `--generate` writes no `log_dirs`: every replica it puts on a broker that did not hold it lands in
 *   the dir the broker's LogManager picks (the dir with the fewest logs, lib/placement/log-dir-chooser.ts,
 *   in the broker's Kafka version's tie order, cordoned dirs skipped where cordons exist). Bytes do not
 *   count, so it leaves dir skew as it finds it, or makes it.
 * - Each partition's move is taken as done before the next starts (the chooser sees the counts as they
 *   then are); a replica that stays keeps its dir and size, a new one copies its partition's copy size.
 * - A partition it cannot place (a replica whose broker or dir the snapshot does not know, a broker
 *   without a live dir) is left as it is and counted in `unplaced`.
 */
import type { ClusterSnapshot, Partition, Replica } from "../model/snapshot";
import { brokerKafkaVersion, kafkaBehaviour, pickKafkaLine } from "../model/kafka-versions";
import { LogDirChooser } from "../placement";
import { copySize } from "../model/reassignment";

export interface GenerateAfter {
  snapshot: ClusterSnapshot;
  /** Partitions left as they were because a replica could not be placed. */
  unplaced: number;
}

export function snapshotAfterGenerate(snapshot: ClusterSnapshot, generated: ReadonlyMap<string, number[][]>): GenerateAfter {
  const choosers = new Map<number, LogDirChooser>();
  const counts = new Map<number, Map<string, number>>();
  for (const t of snapshot.topics) {
    for (const p of t.partitions) {
      for (const r of p.replicas) {
        if (r.logDir === null) continue;
        let m = counts.get(r.broker);
        if (!m) counts.set(r.broker, (m = new Map()));
        m.set(r.logDir, (m.get(r.logDir) ?? 0) + 1);
      }
    }
  }
  for (const b of snapshot.brokers) {
    if (b.state !== "online") continue;
    const live = b.logDirs.filter((d) => d.state !== "offline").map((d) => d.path);
    if (live.length === 0) continue;
    const behaviour = kafkaBehaviour(pickKafkaLine(brokerKafkaVersion(b, snapshot.source.kafkaVersion)).line);
    const own = counts.get(b.id);
    choosers.set(
      b.id,
      new LogDirChooser(live, {
        tieOrder: behaviour.logDirTieOrder,
        cordoned: behaviour.cordonedLogDirs ? b.logDirs.filter((d) => d.state === "cordoned").map((d) => d.path) : [],
        counts: Object.fromEntries(live.map((path) => [path, own?.get(path) ?? 0])),
      }),
    );
  }
  let unplaced = 0;
  // Bytes each dir gains (or loses), to keep its free space true: `usableBytes` − the change.
  const delta = new Map<string, number>();
  const shift = (broker: number, dir: string, bytes: number) => delta.set(`${broker}\u0000${dir}`, (delta.get(`${broker}\u0000${dir}`) ?? 0) + bytes);
  // Replication factors are small: a scan of the replica list beats a Map per partition.
  const on = (p: Partition, b: number): Replica | undefined => {
    for (const r of p.replicas) if (r.broker === b) return r;
    return undefined;
  };
  const place = (p: Partition, target: number[]): Partition | null => {
    let kept = 0;
    for (const b of target) {
      if (on(p, b)) kept += 1;
      else if (!choosers.has(b)) return null;
    }
    if (kept === target.length && target.length === p.replicas.length) {
      return target.every((b, i) => p.replicas[i]!.broker === b) ? p : { ...p, replicas: target.map((b) => on(p, b)!) };
    }
    const size = copySize(p);
    const replicas: Replica[] = target.map((b) => {
      const old = on(p, b);
      if (old) return old;
      const chooser = choosers.get(b)!;
      const logDir = chooser.next();
      chooser.add(logDir);
      shift(b, logDir, size);
      return { broker: b, logDir, sizeBytes: size, offsetLag: 0, future: null };
    });
    for (const r of p.replicas) {
      if (target.includes(r.broker) || r.logDir === null) continue;
      shift(r.broker, r.logDir, -(r.sizeBytes ?? 0));
      const chooser = choosers.get(r.broker);
      // count() is 0 for a dir the chooser does not hold live (offline): nothing to remove there.
      if (chooser && chooser.count(r.logDir) > 0) chooser.remove(r.logDir);
    }
    const leader = p.leader !== null && target.includes(p.leader) ? p.leader : (target[0] ?? null);
    const isr = [...p.isr.filter((b) => target.includes(b)), ...target.filter((b) => !on(p, b))];
    return { ...p, replicas, leader, isr, adding: [], removing: [] };
  };
  const topics = snapshot.topics.map((t) => {
    const assignment = generated.get(t.name);
    if (!assignment) return t;
    return {
      ...t,
      partitions: t.partitions.map((p, i) => {
        const target = assignment[i];
        if (!target) return p;
        const next = place(p, target);
        if (next === null) {
          unplaced += 1;
          return p;
        }
        return next;
      }),
    };
  });
  const brokers = snapshot.brokers.map((b) => ({
    ...b,
    logDirs: b.logDirs.map((d) => {
      const change = delta.get(`${b.id}\u0000${d.path}`) ?? 0;
      return change === 0 || d.usableBytes === null ? d : { ...d, usableBytes: Math.max(0, d.usableBytes - change) };
    }),
  }));
  return { snapshot: { ...snapshot, brokers, topics }, unplaced };
}
