/**
 * The fewest bytes any plan must move to meet the byte goals chosen (dir utilisation, broker bytes)
 * and to empty what the operation empties — the yardstick a plan's bytes moved are measured against.
 *
 * One bound per cluster, goals and what must be emptied: it does not depend on which brokers a plan
 * may move data onto. Filling named brokers ("add brokers") restricts where data may go but asks for
 * the same after-state as a rebalance, so both get the same bound (the least any plan reaching that
 * state moves, whatever its destinations); a fill that moves more than a rebalance would is measured
 * against the same yardstick and shows it.
 *
 * Per broker b: o_b = bytes that must leave it (above the band's top, or all of it when it is
 * being removed); D_b = bytes that must leave its dirs (a drained dir's all; an open dir's excess
 * over its target plus tolerance, the target taken at the most the broker may end with, which is
 * the most generous). Bytes leaving a dir either leave the broker (counted once, as inter-broker) or
 * move inside it, so the plan moves at least Σ_b max(o_b, D_b). Separately, brokers below the band
 * must receive their deficit; what senders can send at no extra cost (bytes that must leave their dirs
 * anyway) counts towards it. Replica and leader counts and topic spread add no bytes a plan must move
 * (a leadership change moves none; small replicas exist).
 */
import { brokerBands, participants } from "./goals";
import { openDisks } from "./intra-broker";
import type { PlanOptions } from "./options";
import type { PlannedBroker, PlanState } from "./plan-state";

export function lowerBound(state: PlanState, options: PlanOptions, goals: ReadonlyArray<string>): number {
  const balanceBytes = goals.includes("broker-bytes") && options.operation.kind !== "drain-dirs" && options.operation.kind !== "remove-brokers";
  const balanceDirs = goals.includes("dir-utilization");
  const band = brokerBands(state, options.tolerance)["broker-bytes"];
  const members = new Set(participants(state).map((b) => b.id));
  const inflow = mostInflow(state, options, goals);
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
    // Bytes leaving the broker's dirs either leave the broker or move inside it: it moves at least
    // max(out, outflow), and may send up to outflow − out at no extra cost.
    base += Math.max(out, outflow);
    mustSend += out;
    free += Math.max(0, outflow - out);
  }
  // The brokers below the band must receive their deficit: what senders send beyond what is free costs extra.
  return base + Math.max(0, deficit - mustSend - free);
}

/**
 * The most bytes a broker can receive from other brokers, by the operation and the goals: what an
 * evacuation moves off (it copies each replica at its partition's copy size), everything on the other
 * brokers when a goal moves data between brokers (whichever brokers the operation lets receive),
 * nothing otherwise (a dir-only plan, leadership).
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
  return (b) => Math.max(0, total - b.bytes);
}

/** Bytes that must leave the broker's dirs when it ends with at most `most` Kafka bytes. */
function dirOutflow(state: PlanState, b: PlannedBroker, options: PlanOptions, most: number, balanceDirs: boolean): number {
  let out = 0;
  for (const d of b.dirs) if (d.draining) out += d.bytes;
  if (!balanceDirs) return out;
  // Disks, as the dir goal balances them: dirs of one filesystem are one (intra-broker.ts).
  const open = openDisks(state, b);
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
