/**
 * Emptying what a removal or a drain names: every movable replica on a broker being removed or in a
 * dir being drained leaves, under the hard constraints of inter-move.ts, and what cannot leave is
 * listed with why. `planRebalance` (planner.ts) runs it first for `remove-brokers` and `drain-dirs`,
 * instead of the balancing passes of inter-broker.ts.
 */
import type { PlanOptions, SoftGoal } from "./options";
import { brokerBands, brokerValue, participants, type BrokerGoal } from "./goals";
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
  for (const part of state.partitions) {
    for (const r of part.members) {
      if (!mustLeave(state, r)) continue;
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
      const dir = r.dir === null ? undefined : state.brokers.get(r.broker)!.byPath.get(r.dir);
      if (dir && dir.state === "offline") {
        stuck.push({
          topic: part.topic,
          partition: part.partition,
          broker: r.broker,
          dir: r.dir,
          reason:
            "its dir is offline, so the snapshot has no figures for it and the plan leaves it: Kafka can rebuild it on a broker that stays only by copying from the partition's leader (reassign the partition by hand)",
        });
        continue;
      }
      leaving.push(r);
    }
  }
  leaving.sort((a, b) => b.size - a.size || a.uid - b.uid);
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
    // A drained dir's replica first tries the other dirs of its broker: a local copy, no network.
    if (!home.removing) {
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
      if (!canMove(state, r, b, options)) continue;
      const dir = destinationDir(state, b, r.part.copySize, options);
      if (!dir) continue;
      const band = bands[primary];
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

function whyNowhere(state: PlanState, r: PlannedReplica, allowed: PlannedBroker[], options: PlanOptions): string {
  const free = allowed.filter((b) => replicaOn(r.part, b.id) === undefined);
  if (free.length === 0) return `every broker that stays already holds a replica of ${r.part.topic}-${r.part.partition}`;
  const racked = free.filter((b) => keepsRacks(state, r.part, r.broker, b.id));
  if (racked.length === 0) return `no broker that stays would keep its replicas on as many racks`;
  return `no broker that could take it has a dir with room for ${r.part.copySize} bytes under the ${Math.round(options.headroom * 100)}% headroom`;
}
