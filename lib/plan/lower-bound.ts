/**
 * The fewest bytes any plan must move to meet the byte goals chosen (dir utilisation, broker bytes)
 * and to empty what the operation empties — the yardstick a plan's bytes moved are measured against.
 *
 * Per broker b: o_b = bytes that must leave it (above the band's top, or all of it when it is
 * being removed); D_b = bytes that must leave its dirs (a drained dir's all; an open dir's excess
 * over its target plus tolerance, the target taken at the most the broker may end with, which is
 * the most generous). Bytes leaving a dir either leave the broker (counted once, as inter-broker) or
 * move inside it, so the plan moves at least Σ_b max(o_b, D_b). Separately, brokers below the band
 * must receive their deficit; what senders can send at no extra cost (bytes that must leave their dirs
 * anyway) counts towards it. A broker that may not receive from others (when brokers are added, the old
 * ones) must also fill its dirs below target from its own dirs: F_b = bytes into those dirs, taken at the
 * least the broker may end with. Replica and leader counts and
 * topic spread add no bytes a plan must move (a leadership change moves none; small replicas exist).
 */
import { brokerBands, participants } from "./goals";
import type { PlanOptions } from "./options";
import type { PlannedBroker, PlanState } from "./plan-state";

export function lowerBound(state: PlanState, options: PlanOptions, goals: ReadonlyArray<string>): number {
  const balanceBytes = goals.includes("broker-bytes") && options.operation.kind !== "drain-dirs" && options.operation.kind !== "remove-brokers";
  const balanceDirs = goals.includes("dir-utilization");
  const band = brokerBands(state, options.tolerance)["broker-bytes"];
  const members = new Set(participants(state).map((b) => b.id));
  const inflow = mostInflow(state, options, goals);
  // Brokers that may not receive from other brokers (when adding brokers, all but the new ones): their
  // under-filled dirs can only be filled from their own other dirs.
  const closed = options.operation.kind === "add-brokers" ? new Set(options.operation.brokers) : null;
  let deficit = 0;
  let base = 0;
  let mustSend = 0;
  let free = 0;
  for (const b of state.brokers.values()) {
    if (b.removing) {
      base += b.bytes;
      mustSend += b.bytes;
      continue;
    }
    if (!members.has(b.id)) continue;
    const out = balanceBytes ? Math.max(0, b.bytes - band.hi) : 0;
    if (balanceBytes) deficit += Math.max(0, band.lo - b.bytes);
    // A broker that receives data may even out its dirs with what arrives: its dirs' targets are taken
    // at the most it can end with, or the bound would count dir moves a plan never needs.
    const most = balanceBytes ? band.hi : b.bytes + inflow(b);
    const outflow = dirOutflow(state, b, options, most, balanceDirs);
    // Dirs below their target (taken at the least the broker may end with) of a broker that cannot receive.
    const fill = closed !== null && !closed.has(b.id) && balanceDirs && balanceBytes ? dirInflow(state, b, options, band.lo) : 0;
    // Bytes leaving the broker's dirs either leave the broker or move inside it; what fills its low dirs
    // moves inside it. So it moves at least max(out + fill, outflow), and may send up to outflow − fill at no extra cost.
    base += Math.max(out + fill, outflow);
    mustSend += out;
    free += Math.max(0, outflow - fill - out);
  }
  // The brokers below the band must receive their deficit: what senders send beyond what is free costs extra.
  return base + Math.max(0, deficit - mustSend - free);
}

/** Bytes that must arrive in the broker's dirs that are below their target when it ends with at least `least` Kafka bytes. */
function dirInflow(state: PlanState, b: PlannedBroker, options: PlanOptions, least: number): number {
  const open = state.openDirs(b);
  if (open.length < 2) return 0;
  const useCapacity = options.intraObjective === "utilization" && open.every((d) => d.cap !== null);
  const weight = open.map((d) => (useCapacity ? d.cap! : 1));
  const total = weight.reduce((a, w) => a + w, 0);
  const used = least + (useCapacity ? open.reduce((a, d) => a + d.other, 0) : 0);
  let into = 0;
  open.forEach((d, i) => {
    const target = (used * weight[i]!) / total;
    const tolerance = useCapacity ? options.tolerance * d.cap! : options.tolerance * target;
    into += Math.max(0, target - tolerance - d.bytes - (useCapacity ? d.other : 0));
  });
  return into;
}

/**
 * The most bytes a broker can receive from other brokers, by the operation and the goals: what an
 * evacuation moves off (it copies each replica at its partition's copy size), everything on the other
 * brokers when a goal moves data between brokers, nothing otherwise (a dir-only plan, leadership).
 */
function mostInflow(state: PlanState, options: PlanOptions, goals: ReadonlyArray<string>): (b: PlannedBroker) => number {
  const op = options.operation;
  if (op.kind === "remove-brokers" || op.kind === "drain-dirs") {
    let evacuated = 0;
    for (const part of state.partitions) {
      for (const r of part.members) {
        const from = state.brokers.get(r.broker);
        if (from && (from.removing || (r.dir !== null && from.byPath.get(r.dir)?.draining === true))) evacuated += Math.max(r.size, part.copySize);
      }
    }
    return () => evacuated;
  }
  if (!goals.some((g) => g === "broker-bytes" || g === "broker-replicas" || g === "topic-spread")) return () => 0;
  let total = 0;
  for (const b of state.brokers.values()) total += b.bytes;
  const receivers = op.kind === "add-brokers" ? new Set(op.brokers) : null;
  return (b) => (receivers === null || receivers.has(b.id) ? Math.max(0, total - b.bytes) : 0);
}

/** Bytes that must leave the broker's dirs when it ends with at most `most` Kafka bytes. */
function dirOutflow(state: PlanState, b: PlannedBroker, options: PlanOptions, most: number, balanceDirs: boolean): number {
  let out = 0;
  for (const d of b.dirs) if (d.draining) out += d.bytes;
  if (!balanceDirs) return out;
  const open = state.openDirs(b);
  if (open.length < 2) return out;
  const useCapacity = options.intraObjective === "utilization" && open.every((d) => d.cap !== null);
  const weight = open.map((d) => (useCapacity ? d.cap! : 1));
  const total = weight.reduce((a, w) => a + w, 0);
  const used = most + (useCapacity ? open.reduce((a, d) => a + d.other, 0) : 0);
  open.forEach((d, i) => {
    const target = (used * weight[i]!) / total;
    const tolerance = useCapacity ? options.tolerance * d.cap! : options.tolerance * target;
    out += Math.max(0, d.bytes + (useCapacity ? d.other : 0) - target - tolerance);
  });
  return out;
}
