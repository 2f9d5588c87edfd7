/**
 * Emptying what a removal or a drain names: every movable replica on a broker being removed or in a
 * dir being drained leaves, under the hard constraints of inter-move.ts, and what cannot leave is
 * listed with why. A replica Kafka cannot read (on a broker that does not answer, or in an offline
 * dir: Cruise Control's remove_broker and fix_offline_replicas) is re-created on another broker,
 * copied from its partition's live leader; without one it is stuck. `planRebalance` (planner.ts) runs it first for `remove-brokers` and `drain-dirs`,
 * instead of the balancing passes of inter-broker.ts.
 */
import type { PlanOptions, SoftGoal } from "./options";
import { bandOf, brokerBands, brokerValue, participants, type BrokerGoal } from "./goals";
import { replicaOn, type PlannedBroker, type PlannedDir, type PlanState, type PlannedReplica } from "./plan-state";
import { canMove, destinationDir, keepsRacks, mustLeave, spend, type InterContext } from "./inter-move";

/** A replica that must leave but cannot go anywhere, and why. */
export interface StuckReplica {
  topic: string;
  partition: number;
  broker: number;
  dir: string | null;
  reason: string;
}

/**
 * Brokers and dirs being emptied: every movable replica on them goes, largest first, to the open dir
 * of its own broker with the most room (a drained dir), else to the participant the goals favour.
 * What cannot go anywhere is returned with the reason.
 */
export function evacuate(ctx: InterContext, goals: ReadonlyArray<SoftGoal>): { moved: number; bytes: number; stuck: StuckReplica[] } {
  const { state, options } = ctx;
  const stuck: StuckReplica[] = [];
  let moved = 0;
  let bytes = 0;
  const leaving: PlannedReplica[] = [];
  // Replicas Kafka cannot read where they are (a broker that does not answer, an offline dir): each is
  // re-created on another broker, copied from its partition's live leader (no local dir move, no copy from it).
  const unreadable = offlineReplicas(state);
  const drainsOffline = new Set<number>();
  for (const b of state.brokers.values()) if (b.online && b.dirs.some((d) => d.state === "offline" && d.draining)) drainsOffline.add(b.id);
  const fromLeader = new Set<PlannedReplica>();
  for (const part of state.partitions) {
    for (const r of part.members) {
      const offline = unreadable.has(r);
      if (!mustLeave(state, r) && !(offline && drainsOffline.has(r.broker))) continue;
      if (!part.movable) {
        const excluded = options.excludeTopics.includes(part.topic);
        stuck.push({
          topic: part.topic,
          partition: part.partition,
          broker: r.broker,
          dir: r.dir,
          reason: excluded ? "its topic is excluded from the plan" : "a reassignment or dir move of this partition is in flight",
        });
        continue;
      }
      const home = state.brokers.get(r.broker)!;
      if (!home.online || offline) {
        if (!hasLiveLeader(state, part, r)) {
          stuck.push({
            topic: part.topic,
            partition: part.partition,
            broker: r.broker,
            dir: r.dir,
            reason: !home.online
              ? `broker ${r.broker} does not answer and the partition has no leader that does, so there is no copy to re-create it from: bring a broker that holds it back first`
              : "its log dir is offline and the partition has no other leader that answers, so there is no copy to re-create it from: bring the disk or another replica back first",
          });
          continue;
        }
        fromLeader.add(r);
      }
      leaving.push(r);
    }
  }
  const sizeOf = (r: PlannedReplica) => (fromLeader.has(r) ? r.part.copySize : r.size);
  leaving.sort((a, b) => sizeOf(b) - sizeOf(a) || a.uid - b.uid);
  const members = participants(state);
  const allowed = members.filter((b) => ctx.destinations === null || ctx.destinations.has(b.id));
  const primary = (goals.find((g) => g === "broker-bytes" || g === "broker-replicas" || g === "broker-leaders") ?? "broker-bytes") as BrokerGoal;
  for (const r of leaving) {
    if (ctx.budget.moves <= 0 || ctx.budget.bytes < r.part.copySize) {
      stuck.push({
        topic: r.part.topic,
        partition: r.part.partition,
        broker: r.broker,
        dir: r.dir,
        reason: ctx.budget.moves <= 0 ? "the plan reached its move limit" : "the byte cap was reached",
      });
      continue;
    }
    const home = state.brokers.get(r.broker)!;
    // A drained dir's replica first tries the other dirs of its broker: a local copy, no network (not from an offline dir: Kafka cannot read it).
    if (!home.removing && !fromLeader.has(r)) {
      const local = destinationDir(state, home, r.size, options);
      if (local) {
        const from = home.byPath.get(r.dir!)!;
        if (from !== local) {
          ctx.state.moveWithinBroker(r, local);
          ctx.budget.bytes -= r.size;
          ctx.budget.moves -= 1;
          moved += 1;
          bytes += r.size;
          continue;
        }
      }
    }
    const bands = brokerBands(state, options.tolerance, members);
    const counts = state.topicCounts.get(r.part.topic)!;
    let best: { broker: PlannedBroker; dir: PlannedDir; key: [number, number, number] } | null = null;
    for (const b of allowed) {
      if (fromLeader.has(r) ? !canRecreate(state, r, b) : !canMove(state, r, b, options)) continue;
      const dir = destinationDir(state, b, r.part.copySize, options);
      if (!dir) continue;
      const band = bandOf(bands, primary, b);
      const key: [number, number, number] = [brokerValue(b, primary) / Math.max(band.mean, 1), counts.get(b.id) ?? 0, b.id];
      if (!best || key[0] < best.key[0] - 1e-12 || (Math.abs(key[0] - best.key[0]) <= 1e-12 && (key[1] < best.key[1] || (key[1] === best.key[1] && key[2] < best.key[2])))) {
        best = { broker: b, dir, key };
      }
    }
    if (!best) {
      stuck.push({ topic: r.part.topic, partition: r.part.partition, broker: r.broker, dir: r.dir, reason: whyNowhere(state, r, allowed, options) });
      continue;
    }
    bytes += r.part.copySize;
    moved += 1;
    spend(ctx, r, best.dir);
  }
  return { moved, bytes, stuck };
}

/** Whether the partition's current leader is another replica, on a broker that answers: the copy a re-created replica is made from. */
function hasLiveLeader(state: PlanState, part: PlannedReplica["part"], r: PlannedReplica): boolean {
  if (part.leader === null || part.leader === r.broker) return false;
  return state.brokers.get(part.leader)?.online === true && replicaOn(part, part.leader) !== undefined;
}

/** The hard constraints for re-creating an unreadable replica on broker `to` (canMove's, less the readable source dir it cannot have). */
function canRecreate(state: PlanState, r: PlannedReplica, to: PlannedBroker): boolean {
  if (!r.part.movable || to.id === r.broker || replicaOn(r.part, to.id) !== undefined) return false;
  return keepsRacks(state, r.part, r.broker, to.id);
}

/**
 * Replicas on brokers that answer that Kafka cannot read: in a dir the snapshot shows offline, or with
 * no known dir while the partition lists the broker offline (or out of its ISR) — a broker reports
 * nothing of a failed dir. Empty unless some broker that answers has an offline dir.
 */
function offlineReplicas(state: PlanState): Set<PlannedReplica> {
  const out = new Set<PlannedReplica>();
  const withOffline = new Set<number>();
  for (const b of state.brokers.values()) if (b.online && b.dirs.some((d) => d.state === "offline")) withOffline.add(b.id);
  if (withOffline.size === 0) return out;
  const reported = new Map<string, { offline: readonly number[]; isr: readonly number[] }>();
  for (const t of state.snapshot.topics) for (const p of t.partitions) reported.set(`${t.name}\u0000${p.id}`, p);
  for (const part of state.partitions) {
    for (const r of part.members) {
      if (!withOffline.has(r.broker)) continue;
      const dir = r.dir === null ? undefined : state.brokers.get(r.broker)!.byPath.get(r.dir);
      const p = reported.get(`${part.topic}\u0000${part.partition}`);
      if (dir?.state === "offline" || (r.dir === null && p !== undefined && (p.offline.includes(r.broker) || !p.isr.includes(r.broker)))) out.add(r);
    }
  }
  return out;
}

function whyNowhere(state: PlanState, r: PlannedReplica, allowed: PlannedBroker[], options: PlanOptions): string {
  const free = allowed.filter((b) => replicaOn(r.part, b.id) === undefined);
  if (free.length === 0) return `every broker that stays already holds a replica of ${r.part.topic}-${r.part.partition}`;
  const racked = free.filter((b) => keepsRacks(state, r.part, r.broker, b.id));
  if (racked.length === 0) return `no broker that stays would keep its replicas on as many racks`;
  return `no broker that could take it has a dir with room for ${r.part.copySize} bytes under the ${Math.round(options.headroom * 100)}% headroom`;
}
