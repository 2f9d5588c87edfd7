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
 * The derivation (docs/planner.md, "The lower bound"). A broker b holding c_b Kafka bytes ends with F_b;
 * with I_b bytes moved between its own dirs, S_b sent and R_b received, a plan moves Σ_b (I_b + S_b),
 * and S_b − R_b = c_b − F_b. Bytes that must leave its dirs (D_b(F): a drained dir's all, each open
 * disk's excess over its target plus tolerance) leave the broker or move inside it: I_b + S_b ≥ D_b.
 * Bytes that must arrive in its dirs (A_b(F): each open disk's shortfall under its target less
 * tolerance) come from inside or from other brokers: I_b + R_b ≥ A_b, so I_b + S_b ≥ A_b + c_b − F_b.
 * And S_b ≥ c_b − F_b. So I_b + S_b ≥ cost_b(F_b) = max(c_b − F_b, D_b(F_b), A_b(F_b) + c_b − F_b).
 * Each cost_b is convex and never rises with F_b (targets share F_b, so they grow no faster than it),
 * and the F_b are tied together: every byte that leaves a broker arrives at another, ΣF_b = Σc_b (plus
 * what removed brokers hold). The bound is the least Σ_b cost_b(F_b) over every F_b the goals allow
 * (within the broker-bytes band when that is a goal; anything when another goal moves data between
 * brokers; c_b otherwise): a small convex problem solved exactly by handing out the bytes to the
 * steepest pieces first. It counts both what senders must shed and what receivers must get, and a
 * broker that must shed bytes and fill a dir its placement left short pays for both. Replica and leader
 * counts and topic spread add no bytes a plan must move (a leadership change moves none; small replicas
 * exist).
 *
 * Sizes: a replica copied to another broker arrives at its partition's copy size (the leader's), which
 * can differ from its own (a lagging follower); the bound allows for every such difference, so it
 * never counts more than a plan must move.
 */
import { bandOf, brokerBands, participants } from "./goals";
import { openDisks } from "./intra-broker";
import type { PlanOptions } from "./options";
import type { PlannedBroker, PlanState } from "./plan-state";

/** One broker's part: the F it may end with, and cost(F) as its pieces' end points. */
interface BrokerCost {
  /** Increasing F values (the first and last are the range) and cost at each; cost is linear between. */
  xs: number[];
  costs: number[];
}

export function lowerBound(state: PlanState, options: PlanOptions, goals: ReadonlyArray<string>): number {
  const op = options.operation;
  const evacuating = op.kind === "remove-brokers" || op.kind === "drain-dirs";
  const balanceBytes = goals.includes("broker-bytes") && !evacuating;
  const balanceDirs = goals.includes("dir-utilization");
  const betweenBrokers = evacuating || goals.some((g) => g === "broker-bytes" || g === "broker-replicas" || g === "topic-spread");
  const bands = brokerBands(state, options.tolerance);
  const members = new Set(participants(state).map((b) => b.id));

  // Copy sizes against own sizes, over every replica a plan could move.
  let grows = 0;
  let shrinks = 0;
  for (const part of state.partitions)
    for (const r of part.members) {
      const d = part.copySize - r.size;
      if (d > 0) grows += d;
      else shrinks -= d;
    }

  let fixed = 0;
  let pool = 0;
  const ranges: { b: PlannedBroker; lo: number; hi: number }[] = [];
  for (const b of state.brokers.values()) {
    if (b.removing) {
      fixed += b.bytes;
      pool += b.bytes;
      continue;
    }
    if (!members.has(b.id)) {
      // A broker with no open dir takes nothing: what it must give up (its drained dirs) arrives elsewhere.
      const drained = b.dirs.reduce((a, d) => a + (d.draining ? d.bytes : 0), 0);
      fixed += drained;
      pool += drained;
      continue;
    }
    pool += b.bytes;
    if (balanceBytes) {
      const band = bandOf(bands, "broker-bytes", b);
      ranges.push({ b, lo: band.lo, hi: band.hi });
    } else if (betweenBrokers) ranges.push({ b, lo: 0, hi: Infinity });
    else ranges.push({ b, lo: b.bytes, hi: b.bytes });
  }
  pool += grows;
  const costs = ranges.map(({ b, lo, hi }) => brokerCost(state, b, options, balanceDirs, lo, Math.min(hi, pool)));
  return Math.max(0, fixed + leastTotal(costs, pool) - shrinks);
}

/**
 * The least Σ cost_b(F_b) with ΣF_b ≤ pool, each F_b in its range: every broker starts at the bottom of
 * its range, and the bytes left are handed out to the steepest falling pieces first (each cost is convex,
 * so its pieces fall less and less steeply and are taken in order). When the ranges' bottoms already
 * hold more than the pool, no plan meets the goals; the bound is then each cost at the top of its range.
 */
function leastTotal(costs: BrokerCost[], pool: number): number {
  let total = 0;
  let left = pool;
  const pieces: { slope: number; width: number }[] = [];
  for (const c of costs) {
    total += c.costs[0]!;
    left -= c.xs[0]!;
    for (let i = 1; i < c.xs.length; i++) {
      const width = c.xs[i]! - c.xs[i - 1]!;
      const fall = c.costs[i]! - c.costs[i - 1]!;
      if (width > 0 && fall < 0) pieces.push({ slope: fall / width, width });
    }
  }
  if (left < 0) return costs.reduce((a, c) => a + c.costs[c.costs.length - 1]!, 0);
  pieces.sort((a, b) => a.slope - b.slope);
  for (const p of pieces) {
    if (left <= 0) break;
    const take = Math.min(p.width, left);
    total += p.slope * take;
    left -= take;
  }
  return total;
}

/** A linear function of F, a·F + b. */
type Line = [number, number];

/**
 * cost_b(F) = max(c − F, D(F), A(F) + c − F) on [lo, hi], as its pieces: every F where a part of it
 * bends or two parts cross, with the cost there.
 */
function brokerCost(state: PlanState, b: PlannedBroker, options: PlanOptions, balanceDirs: boolean, lo: number, hi: number): BrokerCost {
  const c = b.bytes;
  let drained = 0;
  let kept = 0;
  for (const d of b.dirs) {
    if (d.draining) drained += d.bytes;
    else if (d.state !== "online") kept += d.bytes;
  }
  // What offline dirs hold stays on the broker: it ends with at least that.
  lo = Math.max(lo, kept);
  hi = Math.max(lo, hi);
  // Each open disk's band is linear in what the open disks hold (F less what offline dirs keep):
  // outgoing bytes are its use above the band's top, arriving bytes its use below the band's bottom.
  const over: { top: Line; use: number }[] = [];
  const under: { bottom: Line; use: number }[] = [];
  const open = balanceDirs ? openDisks(state, b) : [];
  if (open.length >= 2) {
    const useCapacity = options.intraObjective === "utilization" && open.every((d) => d.cap !== null);
    const weight = open.map((d) => (useCapacity ? d.cap! : 1));
    const total = weight.reduce((a, w) => a + w, 0);
    const other = useCapacity ? open.reduce((a, d) => a + d.other, 0) : 0;
    open.forEach((d, i) => {
      const share = weight[i]! / total;
      // target(F) = (F − kept + other)·share; tolerance t·cap (utilisation) or t·target (bytes).
      const target: Line = [share, (other - kept) * share];
      const use = d.bytes + (useCapacity ? d.other : 0);
      const t = options.tolerance;
      if (useCapacity) {
        over.push({ top: [target[0], target[1] + t * d.cap!], use });
        under.push({ bottom: [target[0], target[1] - t * d.cap!], use });
      } else {
        over.push({ top: [target[0] * (1 + t), target[1] * (1 + t)], use });
        under.push({ bottom: [target[0] * (1 - t), target[1] * (1 - t)], use });
      }
    });
  }
  const at = (l: Line, x: number) => l[0] * x + l[1];
  const D = (x: number) => drained + over.reduce((a, o) => a + Math.max(0, o.use - at(o.top, x)), 0);
  const A = (x: number) => under.reduce((a, u) => a + Math.max(0, at(u.bottom, x) - u.use), 0) + c - x;
  const cost = (x: number) => Math.max(c - x, D(x), A(x));
  if (!(hi > lo)) return { xs: [lo], costs: [cost(lo)] };
  // Where a part bends: a disk crossing its band's edge.
  const xs = new Set<number>([lo, hi]);
  const within = (x: number) => x > lo && x < hi && Number.isFinite(x);
  for (const o of over) if (o.top[0] > 0 && within((o.use - o.top[1]) / o.top[0])) xs.add((o.use - o.top[1]) / o.top[0]);
  for (const u of under) if (u.bottom[0] > 0 && within((u.use - u.bottom[1]) / u.bottom[0])) xs.add((u.use - u.bottom[1]) / u.bottom[0]);
  const bends = [...xs].sort((p, q) => p - q);
  // Between bends each part is linear; where two cross, the max bends too.
  const parts = [(x: number) => c - x, D, A];
  const points = new Set<number>(bends);
  for (let i = 1; i < bends.length; i++) {
    const x0 = bends[i - 1]!;
    const x1 = bends[i]!;
    for (let p = 0; p < parts.length; p++)
      for (let q = p + 1; q < parts.length; q++) {
        const d0 = parts[p]!(x0) - parts[q]!(x0);
        const d1 = parts[p]!(x1) - parts[q]!(x1);
        if ((d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0)) points.add(x0 + ((x1 - x0) * d0) / (d0 - d1));
      }
  }
  const sorted = [...points].sort((p, q) => p - q);
  return { xs: sorted, costs: sorted.map(cost) };
}
