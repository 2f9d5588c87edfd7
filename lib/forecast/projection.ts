/**
 * A dir's bytes ahead of now: its own trend (a line, bent by a drift of its rate for the ends of a
 * range) plus the partitions the count rule will send it (placement.ts), and the first time that
 * crosses a level.
 *
 *   bytes(t) = level + trend·t + curvature·t²/2 + g·Σ_phases r·((t−a)² − (t−e)²)/2     (t in days)
 *
 * Between two phase boundaries bytes(t) is a quadratic, so the first crossing of each stretch has a
 * closed form. A dir that dips first and grows later (a shrinking trend and arrivals) is found too:
 * stretches are searched in order.
 *
 * Invariants: at most one step per phase boundary, each strictly later than the last; the root formula
 * u = 2c/(β + √(β² + 4αc)) never cancels and never divides by zero (a negative discriminant or
 * denominator means no crossing); null when the level is not crossed within the horizon (or ever).
 */
import { arrivalBytesBy, arrivalsBy, type ArrivalPhase } from "./placement";

export interface Projection {
  /** Bytes at day 0 (now). */
  levelBytes: number;
  /** The dir's own trend, bytes/day (may be negative). */
  trendBytesPerDay: number;
  /** Change of the trend per day (bytes/day²): 0 for the expected path, ± a drift allowance for the ends of the range. */
  curvatureBytesPerDay2: number;
  /** New partitions the count rule sends here. */
  arrivals: ArrivalPhase[];
  /** Bytes each new partition adds per day after it arrives. */
  bytesPerPartitionDay: number;
}

function unclamped(p: Projection, days: number): number {
  return p.levelBytes + p.trendBytesPerDay * days + (p.curvatureBytesPerDay2 * days * days) / 2 + arrivalBytesBy(p.arrivals, p.bytesPerPartitionDay, days);
}

/** Bytes the projection expects `days` from now (0 days for a negative or unusable `days`; never below 0). */
export function projectedBytes(p: Projection, days: number): number {
  const v = unclamped(p, days > 0 ? days : 0);
  return v > 0 ? Math.min(v, Number.MAX_VALUE) : 0;
}

/** Smallest u in [0, span] with α·u² + β·u ≥ c (c > 0), or null. */
function firstRoot(alpha: number, beta: number, c: number, span: number): number | null {
  if (alpha <= 0 && beta <= 0) return null;
  const disc = beta * beta + 4 * alpha * c;
  if (!(disc >= 0)) return null;
  const denominator = beta + Math.sqrt(disc);
  if (!(denominator > 0)) return null;
  const u = (2 * c) / denominator;
  return Number.isFinite(u) && u >= 0 && u <= span ? u : null;
}

/**
 * Days until the projection first reaches `target` bytes: 0 when it is already there, null when not
 * within `horizonDays`.
 */
export function crossingDays(p: Projection, target: number, horizonDays: number): number | null {
  if (!(target > p.levelBytes)) return 0;
  const g = p.bytesPerPartitionDay > 0 ? p.bytesPerPartitionDay : 0;
  if (g === 0 || p.arrivals.length === 0) {
    // No arrivals: one quadratic (a line for the expected path), without the walk over phases.
    return firstRoot(p.curvatureBytesPerDay2 / 2, p.trendBytesPerDay, target - p.levelBytes, horizonDays);
  }
  // Walk the stretches between phase boundaries in time order, each found as the next boundary
  // after the last: no list to build or sort, and each step moves strictly forward.
  let from = 0;
  while (from < horizonDays) {
    let to = horizonDays;
    for (const ph of p.arrivals) {
      if (ph.fromDay > from && ph.fromDay < to) to = ph.fromDay;
      if (ph.toDay !== null && ph.toDay > from && ph.toDay < to) to = ph.toDay;
    }
    // On [from, to] the arrivals' rate is constant: bytes = f(from) + β·u + α·u².
    const mid = (from + to) / 2;
    let rate = 0;
    for (const ph of p.arrivals) if (ph.fromDay <= mid && (ph.toDay === null || ph.toDay >= mid)) rate += ph.partitionsPerDay;
    const alpha = (p.curvatureBytesPerDay2 + g * rate) / 2;
    const beta = p.trendBytesPerDay + p.curvatureBytesPerDay2 * from + g * arrivalsBy(p.arrivals, from);
    const c = target - unclamped(p, from);
    if (!(c > 0)) return from;
    const u = firstRoot(alpha, beta, c, to - from);
    if (u !== null) return from + u;
    from = to;
  }
  return null;
}
