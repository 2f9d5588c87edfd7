/**
 * Which replica the broker pass (inter-broker.ts `balanceBrokers`) moves from a sender to a receiver:
 * the acceptable replica nearest an ideal size, searched outwards from that size over the sender's
 * size-sorted replicas (PlanState: one list per dir; a replica the leader policy or the rack rule keeps
 * off the receiver is passed over without counting as a look), fullest dir first, and ranked by a score
 * whose whole multiples of `PERFECT` are topic-spread penalties. Choosing only: whether a move is allowed and what it does to
 * the goals is the caller's `accept` and `score` (inter-move.ts, inter-effect.ts).
 *
 * Minimal movement: a replica's size is chosen so that a destination's bytes and replica count fill
 * together (size ≈ the bytes it still needs ÷ the replicas it still needs), from the source's fullest
 * dir first, so one move also serves the source's dir balance.
 */
import { mayGoTo } from "./inter-move";
import type { PlannedBroker, PlannedDir, PlannedReplica, PlanState } from "./plan-state";

/**
 * The replica of `from` whose size is nearest `ideal` that `accept` takes, from its fullest dir that
 * has one: a move out of the fullest dir also serves the source's dir balance, so the dir pass that
 * follows has less to move. Only when no dir fuller than the broker itself has a candidate is one
 * taken from a dir at or below its fill (which would leave that dir further under and cost the dir
 * pass the same bytes again: on the held-out shape, 40 of the 112 TiB sent came from such dirs).
 */
export function nearestReplica(
  state: PlanState,
  from: PlannedBroker,
  to: PlannedBroker,
  ideal: number,
  maxSize: number,
  accept: (r: PlannedReplica) => boolean,
  score: (r: PlannedReplica) => number,
  looks?: Looks,
  avoid?: Uint8Array,
): PlannedReplica | null {
  const eligible = (r: PlannedReplica) => mayGoTo(state, r, to);
  const search: Search = { ideal, maxSize, eligible, accept, score, ...(looks ? { looks } : {}) };
  // Replicas of topics `avoid` does not flag (by topicIndex) first, passing over the others uncounted (the walk
  // still ends at the ends of the lists, so it stays linear in them); only if none is acceptable, any. Capping the pass-overs was measured slower on
  // planner-scale (512 a dir: 18.4–19.8 s; none: 17.4 s): each search that gave up ran again without `avoid`.
  if (avoid) {
    const found = nearestFrom(from, { ...search, avoid });
    if (found) return found;
  }
  return nearestFrom(from, search);
}

/** nearestReplica's walk over the sender's dirs, fullest first. */
function nearestFrom(from: PlannedBroker, search: Search): PlannedReplica | null {
  const { score } = search;
  const dirs = from.dirs.filter((d) => d.replicas.length > 0).sort((a, b) => fill(b) - fill(a));
  // The broker's own fill: a replica from a dir at or below it would leave that dir further under.
  const capped = from.dirs.every((d) => d.cap !== null);
  let used = 0;
  let room = 0;
  for (const d of from.dirs) {
    if (d.state !== "online") continue;
    used += d.bytes + (capped ? d.other : 0);
    room += capped ? d.cap! : 1;
  }
  // Fill is a share of capacity when every dir's is known, bytes when none is; with some of each there is no one level.
  const level = room > 0 && (capped || from.dirs.every((d) => d.cap === null)) ? used / room : -Infinity;
  let best: PlannedReplica | null = null;
  let bestScore = Infinity;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i]!;
    // Dirs above the broker's fill are searched first, all of them; a dir below it only when none of those had a candidate.
    if (best && fill(d) <= level && fill(dirs[i - 1]!) > level) return best;
    const r = nearestIn(d.replicas.all(), search);
    if (r) {
      const s = score(r);
      if (s < bestScore) {
        best = r;
        bestScore = s;
      }
    }
    // A good fit from the fullest dir that has one wins (it also serves the dir balance); otherwise
    // the other dirs are searched too and the best fit of all is taken.
    if (best && bestScore % PERFECT <= GOOD_FIT) return best;
  }
  return best;
}

function fill(d: PlannedDir): number {
  return d.cap !== null ? (d.bytes + d.other) / d.cap : d.bytes;
}

/** How many acceptable candidates around the ideal size are compared by `score` (lower is better). */
const CANDIDATES = 8;
/** A score below this has no topic-spread penalty (penalties are whole multiples of it). */
export const PERFECT = 4;
/** A replica within half a typical size of the ideal is a good fit. */
const GOOD_FIT = 0.5;
/** How far from the ideal size the search looks before giving up on a source (candidates rejected). */
const SEARCH_LIMIT = 1000;

/** Sizes from the cutoff up are larger than `maxSize` (sizes are whole bytes). */
function cutoffOf(maxSize: number): number {
  return maxSize === Infinity ? Infinity : Math.floor(maxSize) + 1;
}

/**
 * Where a search of `list` starts: the first replica at least `ideal`, unless the one below it is already
 * past the cutoff (then the first past the cutoff, so that everything below is small enough). The upward
 * walk stops at the first replica past the cutoff as it meets it, so only such a list needs the second search.
 */
function searchStart(list: readonly PlannedReplica[], ideal: number, cutoff: number): number {
  const start = firstAtLeast(list, ideal);
  return start > 0 && list[start - 1]!.size >= cutoff ? firstAtLeast(list, cutoff) : start;
}

/** Index of the first replica of `list` (sorted by size) with size ≥ `size`. */
function firstAtLeast(list: readonly PlannedReplica[], size: number): number {
  let lo = 0;
  let hi = list.length;
  // Most lists lie wholly on one side of the size: two looks settle those.
  if (hi === 0 || list[0]!.size >= size) return 0;
  if (list[hi - 1]!.size < size) return hi;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.size < size) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What a search looks for: replicas near `ideal` bytes and no larger than `maxSize`, as the three tests judge them. */
export interface Search {
  ideal: number;
  maxSize: number;
  /** Whether a replica may go at all (leader policy, rack rule): one it refuses is passed over, not counted. */
  eligible: (r: PlannedReplica) => boolean;
  /** Whether the move is acceptable (hard constraints, goals): a candidate. */
  accept: (r: PlannedReplica) => boolean;
  /** A candidate's rank, lower is better; below PERFECT ends the search. */
  score: (r: PlannedReplica) => number;
  /** At most this many eligible replicas looked at (SEARCH_LIMIT). */
  limit?: number;
  /** Counts every eligible replica the search looked at, when the caller wants to know whether there was any. */
  looks?: Looks;
  /** Topics (flagged 1 by topicIndex) whose replicas are passed over, before `eligible` is asked. */
  avoid?: Uint8Array;
}

/** A running count of the eligible replicas searches looked at. */
export interface Looks {
  eligible: number;
}

/**
 * `nearest` over one list, without the heap: the next candidate is the nearer of the one above and the
 * one below the ideal (above first on a tie, as `nearest` orders them). The same candidates in the same
 * order, so the same answer; it allocates nothing, and the broker pass calls it for every dir it searches.
 */
export function nearestIn(list: readonly PlannedReplica[], search: Search): PlannedReplica | null {
  const { ideal } = search;
  const cutoff = cutoffOf(search.maxSize);
  const start = searchStart(list, ideal, cutoff);
  // The next candidates above (up) and below (down) the ideal; -1 when that side is done.
  let up = start < list.length && list[start]!.size < cutoff ? start : -1;
  let down = start - 1;
  const pick = new Pick(search);
  while (pick.more() && (up >= 0 || down >= 0)) {
    let r: PlannedReplica;
    if (up >= 0 && (down < 0 || list[up]!.size - ideal <= ideal - list[down]!.size)) {
      r = list[up]!;
      up = up + 1 < list.length && list[up + 1]!.size < cutoff ? up + 1 : -1;
    } else {
      r = list[down]!;
      down -= 1;
    }
    if (!pick.offer(r)) break;
  }
  return pick.best;
}

/**
 * Up to CANDIDATES replicas `accept` takes, nearest `ideal` first across all `lists` (each sorted by
 * size; one per dir) and no larger than `maxSize`; the best by `score`. The lists are walked outwards
 * from the ideal together, so the candidates looked at are the nearest of all, however many lists
 * there are; at most `limit` of those `eligible` takes (a replica it refuses is passed over without
 * counting: the rack rule refuses many on a cluster of few racks, and each costs a few lookups; the
 * walk still ends at the ends of the lists, so its work is linear in them). Each list's next candidate
 * above and below the ideal waits in a binary heap ordered by distance, then list, then above before
 * below (so ties fall the same way whatever the number of lists): a look costs log(lists), not lists.
 */
export function nearest(lists: ReadonlyArray<readonly PlannedReplica[]>, search: Search): PlannedReplica | null {
  const { ideal } = search;
  const n = lists.length;
  // Heap entries: a list's cursor, code = list × 2 (+1 below the ideal), and where it points.
  const dist: number[] = [];
  const code: number[] = [];
  const at: number[] = [];
  const cutoff = cutoffOf(search.maxSize);
  for (let i = 0; i < n; i++) {
    const list = lists[i]!;
    const start = searchStart(list, ideal, cutoff);
    if (start < list.length && list[start]!.size < cutoff) {
      dist.push(list[start]!.size - ideal);
      code.push(i * 2);
      at.push(start);
    }
    if (start > 0) {
      dist.push(ideal - list[start - 1]!.size);
      code.push(i * 2 + 1);
      at.push(start - 1);
    }
  }
  const before = (a: number, b: number) => dist[a]! < dist[b]! || (dist[a] === dist[b] && code[a]! < code[b]!);
  const swap = (a: number, b: number) => {
    const d = dist[a]!;
    const c = code[a]!;
    const x = at[a]!;
    dist[a] = dist[b]!;
    code[a] = code[b]!;
    at[a] = at[b]!;
    dist[b] = d;
    code[b] = c;
    at[b] = x;
  };
  const down = (from: number) => {
    const size = dist.length;
    for (let i = from; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && before(l, m)) m = l;
      if (r < size && before(r, m)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  for (let i = (dist.length >>> 1) - 1; i >= 0; i--) down(i);
  const pick = new Pick(search);
  while (pick.more() && dist.length > 0) {
    // The nearest next candidate over every list, above or below the ideal: the heap's top.
    const c = code[0]!;
    const i = c >>> 1;
    const list = lists[i]!;
    const r = list[at[0]!]!;
    const next = c & 1 ? at[0]! - 1 : at[0]! + 1;
    if (c & 1 ? next >= 0 : next < list.length && list[next]!.size < cutoff) {
      at[0] = next;
      dist[0] = c & 1 ? ideal - list[next]!.size : list[next]!.size - ideal;
    } else {
      const last = dist.length - 1;
      swap(0, last);
      dist.pop();
      code.pop();
      at.pop();
    }
    down(0);
    if (!pick.offer(r)) break;
  }
  return pick.best;
}

/** What one search has met: the looks counted (only replicas `eligible` takes), the candidates `accept` took, the best by `score`. */
class Pick {
  best: PlannedReplica | null = null;
  private bestScore = Infinity;
  private looked = 0;
  private found = 0;
  private readonly eligible: (r: PlannedReplica) => boolean;
  private readonly accept: (r: PlannedReplica) => boolean;
  private readonly score: (r: PlannedReplica) => number;
  private readonly limit: number;
  private readonly looks: Looks | undefined;
  private readonly avoid: Uint8Array | undefined;
  constructor(search: Search) {
    this.avoid = search.avoid;
    this.looks = search.looks;
    this.eligible = search.eligible;
    this.accept = search.accept;
    this.score = search.score;
    this.limit = search.limit ?? SEARCH_LIMIT;
  }

  /** Whether the search may look further: fewer than `limit` looks and CANDIDATES candidates so far. */
  more(): boolean {
    return this.looked < this.limit && this.found < CANDIDATES;
  }

  /** Weighs the next replica met; false when the search is over (a candidate that costs the lower goals nothing is the nearest such: it is taken). */
  offer(r: PlannedReplica): boolean {
    // The caller's preference first: it is the cheaper test, and most replicas it passes over would pass the rack rule.
    if (this.avoid !== undefined && this.avoid[r.part.topicIndex] === 1) return true;
    if (!this.eligible(r)) return true;
    this.looked += 1;
    if (this.looks) this.looks.eligible += 1;
    if (!this.accept(r)) return true;
    this.found += 1;
    const s = this.score(r);
    if (s < this.bestScore) {
      this.best = r;
      this.bestScore = s;
    }
    return s >= PERFECT;
  }
}
