/**
 * The cluster once Kafka's own `kafka-reassign-partitions --generate` proposal has run, counted in a
 * measure-only PlanState (`PlanState.forMeasuring`) so it can be measured with the same goals as the
 * plan (goals.ts): what it moves and what it leaves undone.
 *
 * - `--generate` writes no `log_dirs`: every replica it puts on a broker that did not hold it lands in
 *   the dir the broker's LogManager picks (the dir with the fewest logs, lib/placement/log-dir-chooser.ts,
 *   in the broker's Kafka version's tie order, cordoned dirs skipped where cordons exist). Bytes do not
 *   count, so it leaves dir skew as it finds it, or makes it.
 * - Each partition's move is taken as done before the next starts (the chooser sees the counts as they
 *   then are); a replica that stays keeps its dir and size, a new one copies its partition's copy size.
 * - A partition it cannot place (a replica whose broker or dir the snapshot does not know, a broker
 *   without a live dir) is left as it is and counted in `unplaced`.
 * - The state is the snapshot's, its counts then set back to zero and every replica of the result
 *   counted in once (what stays, what the proposal adds): no after-snapshot is built (a million
 *   replicas would be a million new objects). Dirs keep the disks and the non-Kafka usage the snapshot
 *   reports: moving Kafka's bytes changes neither.
 */
import type { ClusterSnapshot, Partition, Replica } from "../model/snapshot";
import { brokerKafkaVersion, kafkaBehaviour, pickKafkaLine } from "../model/kafka-versions";
import { LogDirChooser } from "../placement";
import { copySize } from "../model/reassignment";
import type { PlanOptions } from "./options";
import { PlanState } from "./plan-state";
import { countedSize, countReplica } from "./replica-counts";

export interface GenerateAfter {
  /** Measure-only (no partitions): the brokers, dirs and topic counts after the proposal, with the operation's removing brokers and draining dirs marked. */
  state: PlanState;
  /** Partitions left as they were because a replica could not be placed. */
  unplaced: number;
  /** Replicas left on a broker being removed or in a dir being drained. */
  leftBehind: number;
}

export function stateAfterGenerate(snapshot: ClusterSnapshot, generated: ReadonlyMap<string, number[][]>, operation: PlanOptions["operation"]): GenerateAfter {
  const state = PlanState.forMeasuring(snapshot);
  if (operation.kind === "remove-brokers") for (const id of operation.brokers) state.brokers.get(id)!.removing = true;
  if (operation.kind === "drain-dirs") for (const d of operation.dirs) state.brokers.get(d.broker)!.byPath.get(d.path)!.draining = true;
  const evacuating = operation.kind === "remove-brokers" || operation.kind === "drain-dirs";
  const evacuated = (broker: number, dir: string | null): boolean => {
    const b = state.brokers.get(broker);
    return b !== undefined && (b.removing || (dir !== null && b.byPath.get(dir)?.draining === true));
  };

  // The state counted the snapshot (its dirs' disks and non-Kafka usage come from that); the proposal's
  // result is counted afresh, each replica once, from every count back at zero.
  for (const b of state.brokers.values()) {
    b.bytes = 0;
    b.count = 0;
    b.leaders = 0;
    for (const d of b.dirs) d.bytes = 0;
  }
  for (const counts of state.topicCounts.values()) counts.clear();

  const choosers = new Map<number, LogDirChooser>();
  const logs = new Map<number, Map<string, number>>();
  for (const t of snapshot.topics) {
    for (const p of t.partitions) {
      for (const r of p.replicas) {
        if (r.logDir === null) continue;
        let m = logs.get(r.broker);
        if (!m) logs.set(r.broker, (m = new Map()));
        m.set(r.logDir, (m.get(r.logDir) ?? 0) + 1);
      }
    }
  }
  for (const b of snapshot.brokers) {
    if (b.state !== "online") continue;
    const live = b.logDirs.filter((d) => d.state !== "offline").map((d) => d.path);
    if (live.length === 0) continue;
    const behaviour = kafkaBehaviour(pickKafkaLine(brokerKafkaVersion(b, snapshot.source.kafkaVersion)).line);
    const own = logs.get(b.id);
    choosers.set(
      b.id,
      new LogDirChooser(live, {
        tieOrder: behaviour.logDirTieOrder,
        cordoned: behaviour.cordonedLogDirs ? b.logDirs.filter((d) => d.state === "cordoned").map((d) => d.path) : [],
        counts: Object.fromEntries(live.map((path) => [path, own?.get(path) ?? 0])),
      }),
    );
  }

  // Replication factors are small: a scan of the replica list beats a Map per partition.
  const on = (p: Partition, b: number): Replica | undefined => {
    for (const r of p.replicas) if (r.broker === b) return r;
    return undefined;
  };
  let leftBehind = 0;
  /** Counts the partition in as the proposal leaves it: false (nothing counted) when a replica cannot be placed. */
  const place = (p: Partition, target: readonly number[], counts: Map<number, number>): boolean => {
    for (const b of target) if (!on(p, b) && !choosers.has(b)) return false;
    const size = copySize(p);
    for (const b of target) {
      const old = on(p, b);
      if (old) {
        countReplica(state.brokers, counts, b, old.logDir, countedSize(state.brokers, p, old), old.future);
        if (evacuating && evacuated(b, old.logDir)) leftBehind += 1;
        continue;
      }
      const chooser = choosers.get(b)!;
      const logDir = chooser.next();
      chooser.add(logDir);
      countReplica(state.brokers, counts, b, logDir, size, null);
      if (evacuating && evacuated(b, logDir)) leftBehind += 1;
    }
    for (const r of p.replicas) {
      if (target.includes(r.broker)) continue;
      if (r.logDir === null) continue;
      const chooser = choosers.get(r.broker);
      // count() is 0 for a dir the chooser does not hold live (offline): nothing to remove there.
      if (chooser && chooser.count(r.logDir) > 0) chooser.remove(r.logDir);
    }
    // The preferred leader is the first replica.
    const leader = target[0] === undefined ? undefined : state.brokers.get(target[0]);
    if (leader) leader.leaders += 1;
    return true;
  };
  /** Counts the partition in as it is (the proposal does not change it). */
  const keep = (p: Partition, counts: Map<number, number>): void => {
    for (const r of p.replicas) countReplica(state.brokers, counts, r.broker, r.logDir, countedSize(state.brokers, p, r), r.future);
    const leader = p.replicas[0] === undefined ? undefined : state.brokers.get(p.replicas[0].broker);
    if (leader) leader.leaders += 1;
  };

  let unplaced = 0;
  for (const t of snapshot.topics) {
    const assignment = generated.get(t.name);
    const counts = state.topicCounts.get(t.name)!;
    t.partitions.forEach((p, i) => {
      const target = assignment?.[i];
      if (target && place(p, target, counts)) return;
      keep(p, counts);
      if (target) unplaced += 1;
      if (evacuating) for (const r of p.replicas) if (evacuated(r.broker, r.logDir)) leftBehind += 1;
    });
  }
  return { state, unplaced, leftBehind };
}
