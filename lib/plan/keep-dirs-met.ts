/**
 * The dir goal, when it was met before the plan, stays met: a plan never takes a goal that was met out of
 * its tolerance, whatever its rank (docs/planner.md).
 *
 * The broker passes cannot promise it move by move: a replica arriving on a broker with few replicas, or a
 * broker filling from empty, leaves one disk fuller than the others until more arrive and the dir pass evens
 * them out, so a check on each move would refuse every first move onto an empty broker. What they can leave
 * is a broker whose replicas no arrangement puts within the tolerance (a broker left with one large
 * replica, or given one). So it is checked once the passes are done: each broker whose disks are then
 * outside the tolerance gets its own replicas back and gives back what it received — the replicas the plan
 * moved to or from it, largest first — each sent back to where it was before the plan, and the dir pass runs
 * again on both brokers, until the broker is within the tolerance or nothing of it can go back. A broker that
 * takes a replica back and leaves the tolerance is checked in turn. A replica goes back only where nothing
 * else of its partition now is and where it does not lead; it was in that dir before the plan, so the dir's
 * peak is what it was. Each replica goes back at most once, so the work ends.
 */
import type { PlanOptions } from "./options";
import { balanceBrokerDirs, dirsOutsideTolerance } from "./intra-broker";
import { homeDir, replicaOn, type PlannedBroker, type PlannedReplica, type PlanState } from "./plan-state";

/** Sends back the replicas that leave brokers' disks outside the tolerance; returns how many went back. */
export function keepDirsMet(state: PlanState, options: PlanOptions, budget: { bytes: number; moves: number }): number {
  const outside = (b: PlannedBroker) => dirsOutsideTolerance(state, b, options) > 0;
  const queue = [...state.brokers.values()].filter((b) => b.online && outside(b)).sort((a, b) => a.id - b.id);
  if (queue.length === 0) return 0;
  // The replicas the plan moved, by each broker they touch: where they are and where they were.
  const touching = new Map<number, PlannedReplica[]>();
  const note = (id: number, r: PlannedReplica) => {
    let list = touching.get(id);
    if (!list) touching.set(id, (list = []));
    list.push(r);
  };
  for (const part of state.partitions)
    for (const r of part.members)
      if (r.broker !== r.originalBroker) {
        note(r.broker, r);
        note(r.originalBroker, r);
      }
  let sent = 0;
  for (let i = 0; i < queue.length; i++) {
    const b = queue[i]!;
    const moved = (touching.get(b.id) ?? []).sort((x, y) => y.size - x.size || x.uid - y.uid);
    for (const r of moved) {
      if (!outside(b)) break;
      const left = state.brokers.get(r.broker)!;
      if (!sendHome(state, r)) continue;
      sent += 1;
      const home = state.brokers.get(r.originalBroker)!;
      for (const x of [left, home]) {
        balanceBrokerDirs({ state, options, budget }, x);
        if (x !== b && outside(x) && !queue.includes(x)) queue.push(x);
      }
    }
  }
  return sent;
}

/** Moves a replica the plan moved between brokers back to its broker and dir before the plan; whether it could. */
function sendHome(state: PlanState, r: PlannedReplica): boolean {
  if (r.broker === r.originalBroker || r.originalDir === null || !r.listed) return false;
  const home = state.brokers.get(r.originalBroker);
  const dir = home ? homeDir(home, r) : null;
  if (!home || !dir) return false;
  if (replicaOn(r.part, home.id) !== undefined || r.part.leader === r.broker) return false;
  state.moveToBroker(r, dir);
  return true;
}
