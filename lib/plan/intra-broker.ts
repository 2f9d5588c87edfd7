/**
 * Intra-broker balancing: move replicas between the dirs of one broker (same replica set, new
 * `log_dirs`), a local copy with no network, ISR or leader change.
 *
 * Invariants and priorities:
 * - Target of a dir = the broker's used bytes (Kafka + other) split by capacity (`utilization`), or
 *   equally (`bytes`, or when any capacity is unknown). Excess = used − target.
 * - Only online dirs take part; cordoned and offline dirs are left as they are.
 * - The unit balanced is a disk (lib/model/disks.ts), not a dir: dirs on one filesystem are one disk
 *   (their bytes summed, the filesystem's other usage and capacity once), so a move between two dirs
 *   of one disk improves nothing and is never made, and "outside the tolerance" and "worst N points"
 *   count disks. A dir of its own is its own disk, so JBOD dirs on separate disks are as before.
 * - Greedy: pair the most-over dir with the most-under dir and move the fewest bytes that bring the
 *   pair within tolerance: the smallest replica at least that large that leaves neither dir outside on
 *   the other side; else the largest smaller one (more moves follow); else the smallest larger one that
 *   still lowers Σ|excess|. Every move strictly lowers Σ|excess|, never fills a dir past the headroom,
 *   and the pass stops as soon as every dir is within tolerance — at the tolerance, not at zero.
 * - Then a swap pass for dirs still out of tolerance whose replicas are all too big to move alone.
 */
import type { PlanOptions } from "./options";
import { dirsLoad, type PlannedBroker, type PlannedDir, type PlanState, type PlannedReplica } from "./plan-state";

/**
 * One disk of a broker as the dir goal balances it: its open dirs (one, or several on one filesystem),
 * their Kafka bytes summed (read live, as moves change them), the filesystem's other usage and
 * capacity counted once.
 */
export interface DiskUnit extends DirLoad {
  dirs: PlannedDir[];
}

/** The broker's open dirs grouped by disk (`PlannedDir.disk`), in the order of each disk's first open dir. */
export function openDisks(state: PlanState, broker: PlannedBroker): DiskUnit[] {
  const groups = new Map<string, PlannedDir[]>();
  for (const d of state.openDirs(broker)) {
    const g = groups.get(d.disk);
    if (g) g.push(d);
    else groups.set(d.disk, [d]);
  }
  return [...groups.values()].map((dirs) => {
    const first = dirs[0]!;
    if (dirs.length === 1)
      return {
        dirs,
        get bytes() {
          return first.bytes;
        },
        other: first.other,
        cap: first.cap,
      };
    // Each dir's `other` is the filesystem's use less its own Kafka bytes: the disk's other use is its use less all of theirs.
    const other = Math.max(0, first.other + first.originalBytes - dirs.reduce((a, d) => a + d.originalBytes, 0));
    return {
      dirs,
      get bytes() {
        return dirs.reduce((a, d) => a + d.bytes, 0);
      },
      other,
      cap: first.cap,
    };
  });
}

export interface IntraContext {
  state: PlanState;
  options: PlanOptions;
  /** Bytes still allowed to move (Infinity = no cap); decremented by the caller's budget. */
  budget: { bytes: number; moves: number };
}

/** What the dir goal reads of a dir: its Kafka bytes, other usage and capacity (lib/plan/balanced.ts passes a report's dirs). */
export type DirLoad = Pick<PlannedDir, "bytes" | "other" | "cap">;

interface DirTarget<D extends DirLoad = DiskUnit> {
  dir: D;
  weight: number;
  target: number;
  tolerance: number;
  /** Whether non-Kafka usage counts (utilisation mode: the disk fills, whoever writes). */
  withOther: boolean;
}

/**
 * `utilization`: the dirs' used bytes (Kafka + other) split by capacity, tolerance in points of each
 * dir's capacity. `bytes` (or unknown capacity): Kafka bytes split equally, tolerance a share of that
 * target — other usage would otherwise dwarf Kafka's when dirs share a filesystem.
 */
function targets<D extends DirLoad>(_broker: unknown, dirs: readonly D[], options: Pick<PlanOptions, "intraObjective" | "tolerance">): DirTarget<D>[] {
  const useCapacity = options.intraObjective === "utilization" && dirs.every((d) => d.cap !== null);
  const weights = dirs.map((d) => (useCapacity ? d.cap! : 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const used = dirs.reduce((a, d) => a + d.bytes + (useCapacity ? d.other : 0), 0);
  return dirs.map((dir, i) => {
    const target = (used * weights[i]!) / totalWeight;
    const tolerance = useCapacity ? options.tolerance * dir.cap! : options.tolerance * target;
    return { dir, weight: weights[i]!, target, tolerance, withOther: useCapacity };
  });
}

const excess = (t: DirTarget<DirLoad>) => t.dir.bytes + (t.withOther ? t.dir.other : 0) - t.target;
/** Every disk of the broker within its tolerance: the dir pass has nothing to do there. */
const withinTolerance = (ts: readonly DirTarget<DirLoad>[]) => ts.every((t) => Math.abs(excess(t)) <= t.tolerance);

/** How many of the broker's open disks are outside the tolerance, by the rule this pass balances to. */
export function dirsOutsideTolerance(state: PlanState, broker: PlannedBroker, options: PlanOptions): number {
  return loadsOutsideTolerance(openDisks(state, broker), options);
}

/** The same count over one broker's open dirs as plain figures (lib/plan/balanced.ts measures a balance report with it). */
export function loadsOutsideTolerance(dirs: readonly DirLoad[], options: Pick<PlanOptions, "intraObjective" | "tolerance">): number {
  if (dirs.length < 2) return 0;
  return targets(null, dirs, options).filter((t) => Math.abs(excess(t)) > t.tolerance).length;
}

/** Normalised deviation used to pick the most-over and most-under dirs. */
const deviation = (t: DirTarget) => excess(t) / t.weight;

/** "budget": a move exists but the byte cap forbids it. */
type Attempt = "moved" | "none" | "budget";

/** The dir of `unit` a replica of `size` goes to: the one with the fewest Kafka bytes among those it fits in. */
function destination(ctx: IntraContext, unit: DiskUnit, size: number): PlannedDir | null {
  let best: PlannedDir | null = null;
  for (const d of unit.dirs) if (ctx.state.fits(d, size, ctx.options.headroom) && (best === null || d.bytes < best.bytes)) best = d;
  return best;
}

/**
 * The replica of `unit` to move towards a dir of the same broker, fewest bytes first: the smallest of
 * at least `need` and at most `cap` (one move ends the shortfall, no byte more), else the largest under
 * `need` (progress, more moves to follow), else the smallest larger one below `most`.
 */
function findReplica(unit: DiskUnit, need: number, cap: number, most: number, ok: (r: PlannedReplica) => boolean): PlannedReplica | null {
  let best: PlannedReplica | null = null;
  // Sizes are whole bytes: "at least need" is "above ⌈need⌉ − 1".
  const atLeast = Math.ceil(need) - 1;
  if (cap >= need) {
    for (const d of unit.dirs) {
      const r = d.replicas.smallestAbove(atLeast, Math.floor(cap) + 1, ok);
      if (r && (best === null || r.size < best.size)) best = r;
    }
    if (best) return best;
  }
  for (const d of unit.dirs) {
    const r = d.replicas.largestAtMost(Math.min(need, cap), 0, ok);
    if (r && (best === null || r.size > best.size)) best = r;
  }
  if (best) return best;
  for (const d of unit.dirs) {
    const r = d.replicas.smallestAbove(Math.floor(Math.min(need, cap)), most, ok);
    if (r && (best === null || r.size < best.size)) best = r;
  }
  return best;
}

function tryMove(ctx: IntraContext, over: DirTarget, under: DirTarget): Attempt {
  const eOver = excess(over);
  const eUnder = -excess(under);
  if (eOver <= 0 || eUnder <= 0) return "none";
  // The least that brings the pair within tolerance, and the most either may take without leaving it
  // on the other side; a pair already within tolerance moves nothing (the goal is the tolerance).
  const need = Math.max(eOver - over.tolerance, eUnder - under.tolerance);
  if (need <= 0) return "none";
  // Every size tried is below eOver + eUnder, so every move strictly lowers Σ|excess|.
  const most = eOver + eUnder;
  const cap = Math.min(eOver + over.tolerance, eUnder + under.tolerance, most - 1);
  const limit = Math.min(ctx.budget.bytes, Number.MAX_SAFE_INTEGER);
  const fitsUnder = (r: PlannedReplica) => destination(ctx, under.dir, r.size) !== null;
  const accept = (r: PlannedReplica) => r.size <= limit && fitsUnder(r);
  const replica = findReplica(over.dir, need, cap, most, accept);
  if (!replica) return findReplica(over.dir, need, cap, most, fitsUnder) ? "budget" : "none";
  ctx.state.moveWithinBroker(replica, destination(ctx, under.dir, replica.size)!);
  ctx.budget.bytes -= replica.size;
  ctx.budget.moves -= 1;
  return "moved";
}

/** Swap a larger replica out of `over` for a smaller one of `under`, net transfer best fitting the gap. */
function trySwap(ctx: IntraContext, over: DirTarget, under: DirTarget): Attempt {
  const eOver = excess(over);
  const eUnder = -excess(under);
  if (eOver <= 0 || eUnder <= 0) return "none";
  const gap = Math.min(eOver, eUnder);
  let best: { a: PlannedReplica; b: PlannedReplica; net: number; from: PlannedDir; to: PlannedDir } | null = null;
  for (const from of over.dir.dirs) {
    for (const to of under.dir.dirs) {
      const small = to.replicas.all();
      for (const a of from.replicas.all()) {
        if (a.size + (small[0]?.size ?? 0) > ctx.budget.bytes) break;
        for (const b of small) {
          if (b.size >= a.size) break;
          const net = a.size - b.size;
          if (net > gap) continue;
          if (a.size + b.size > ctx.budget.bytes) continue;
          // Both copies run at once: each dir must hold its own data plus the one arriving (fits() counts peaks).
          if (!ctx.state.fits(to, a.size, ctx.options.headroom) || !ctx.state.fits(from, b.size, ctx.options.headroom)) continue;
          if (!best || net > best.net) best = { a, b, net, from, to };
        }
      }
    }
  }
  if (!best) return "none";
  ctx.state.moveWithinBroker(best.a, best.to);
  ctx.state.moveWithinBroker(best.b, best.from);
  ctx.budget.bytes -= best.a.size + best.b.size;
  ctx.budget.moves -= 2;
  return "moved";
}

export type IntraStop = "balanced" | "byte_cap" | "max_moves" | "no_improving_move";

export function balanceBrokerDirs(ctx: IntraContext, broker: PlannedBroker): IntraStop {
  const dirs = openDisks(ctx.state, broker);
  if (dirs.length < 2) return "balanced";
  const ts = targets(broker, dirs, ctx.options);
  if (withinTolerance(ts)) return "balanced";
  let budgetBlocked = false;
  for (const allowSwaps of [false, true]) {
    for (;;) {
      if (withinTolerance(ts)) return "balanced";
      if (ctx.budget.bytes <= 0) return "byte_cap";
      if (ctx.budget.moves <= 0) return "max_moves";
      const byDeviation = [...ts].sort((a, b) => deviation(b) - deviation(a));
      let moved = false;
      // Most-over first; for each, the most-under dir that can take a replica.
      outer: for (const over of byDeviation) {
        if (excess(over) <= 0) break;
        for (let i = byDeviation.length - 1; i >= 0; i--) {
          const under = byDeviation[i]!;
          if (excess(under) >= 0) break;
          const attempt = allowSwaps ? trySwap(ctx, over, under) : tryMove(ctx, over, under);
          if (attempt === "budget") budgetBlocked = true;
          if (attempt === "moved") {
            moved = true;
            break outer;
          }
        }
      }
      if (!moved) break;
    }
  }
  return budgetBlocked ? "byte_cap" : "no_improving_move";
}

/**
 * How far each open disk of the broker is from its target, by the rule the dir goal balances to
 * (`targets`): in `points` of its capacity (utilisation mode, every open disk's capacity known), or as a
 * `share` of its even share of the Kafka bytes (bytes mode, or a capacity unknown). Null when the
 * broker has fewer than two open disks (nothing to balance between: dirs of one filesystem are one).
 */
export function dirGoalDeviations(state: PlanState, broker: PlannedBroker, options: PlanOptions): { unit: "points" | "share"; values: number[] } | null {
  const dirs = openDisks(state, broker);
  if (dirs.length < 2) return null;
  const ts = targets(broker, dirs, options);
  const points = ts[0]!.withOther;
  return {
    unit: points ? "points" : "share",
    values: ts.map((t) => (points ? Math.abs(excess(t)) / t.dir.cap! : t.target > 0 ? Math.abs(excess(t)) / t.target : 0)),
  };
}

/**
 * The least worst dir deviation, in utilisation points of capacity, that any arrangement of a broker's
 * replicas over its open dirs can reach, and the replica that sets it: the largest replica fills even
 * the largest dir to at least its own size ÷ that dir's capacity, while the broker's utilisation is what
 * it holds ÷ what its dirs hold. Zero when nothing forces a dir away from the broker's level (or some dir's
 * capacity is unknown, or dirs share a disk). A plan that keeps a broker's bytes in band cannot bring such a dir within the
 * tolerance; what it can do is put nothing else beside that replica.
 */
export function dirDeviationFloor(state: PlanState, broker: PlannedBroker): { points: number; replica: PlannedReplica | null } {
  const dirs = state.openDirs(broker);
  // Dirs that share a disk are balanced as one (openDisks): no claim is made for them.
  const load = dirsLoad(dirs);
  if (!load || dirs.length < 2 || dirs.some((d) => d.cap! <= 0) || new Set(dirs.map((d) => d.disk)).size < dirs.length) return { points: 0, replica: null };
  let largestCap = 0;
  let largest: PlannedReplica | null = null;
  for (const d of dirs) {
    largestCap = Math.max(largestCap, d.cap!);
    const list = d.replicas.all();
    const top = list[list.length - 1];
    if (top && (!largest || top.size > largest.size)) largest = top;
  }
  if (!largest) return { points: 0, replica: null };
  const points = Math.max(0, largest.size / largestCap - load.used / load.cap);
  return { points, replica: points > 0 ? largest : null };
}
