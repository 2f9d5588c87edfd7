// Incremental form of LogManager.nextLogDirs (Apache Kafka 2.4–4.x, Scala and Java rules, KIP-1066 cordons), described in docs/algorithms/log-dir-selection.md, for the simulator: it keeps per-dir log counts instead of regrouping every log per call.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
//
// Invariants:
// - order() === nextLogDirs(liveDirs(), counts, options) and next() === order()[0] after any sequence of calls;
//   property-tested over random histories for both tie orders.
// - next() is one pass over the live dirs in tie-break order keeping the first strict minimum (what a stable sort
//   puts first); no allocation. It throws PlacementError "no_live_log_dirs" when no dir is live.
// - Counts live per live dir. failDir drops the dir and its logs (Kafka removes a failed dir's logs); a dir added
//   later, even under the same path, starts at 0 at the end of log.dirs. remove() on a failed dir is a no-op
//   (its logs are already gone); add() on it, or on a dir never seen, is an error.
// - The tie-break order is recomputed only when the set of live dirs or of cordoned dirs changes (Scala hash order
//   depends on both: see nextLogDirs).

import { PlacementError } from "./errors";
import { rejectDuplicateDirs, tieBreakOrder, type TieOrder } from "./next-log-dirs";

export interface LogDirChooserOptions {
  tieOrder?: TieOrder;
  cordoned?: string[];
  /** Initial log counts; entries for dirs that are not live are ignored, as nextLogDirs ignores them. */
  counts?: Record<string, number>;
}

function checkCount(n: number, dir: string): void {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new PlacementError("invalid_log_count", `Log count change for ${dir} must be a non-negative integer, got ${n}.`, {
      dir,
      n,
    });
  }
}

export class LogDirChooser {
  private readonly tieOrder: TieOrder;
  private readonly cordonedDirs: Set<string>;
  private readonly failedDirs = new Set<string>();
  /** Live dirs in log.dirs order. */
  private dirs: string[] = [];
  private slotOf = new Map<string, number>();
  /** counts[slot] = logs in dirs[slot]. */
  private counts: number[] = [];
  /** Slots in tie-break order, cordoned slots left out. */
  private scan: Int32Array = new Int32Array(0);
  /** The dir next() last returned and its slot: add() usually follows next() and then skips the map lookup. */
  private lastDir: string | null = null;
  private lastSlot = -1;

  constructor(liveDirs: string[], options: LogDirChooserOptions = {}) {
    rejectDuplicateDirs(liveDirs);
    this.tieOrder = options.tieOrder ?? "config";
    this.cordonedDirs = new Set(options.cordoned ?? []);
    this.dirs = [...liveDirs];
    this.counts = liveDirs.map((d) => {
      const c = options.counts && Object.hasOwn(options.counts, d) ? (options.counts[d] as number) : 0;
      checkCount(c, d);
      return c;
    });
    this.reindex();
  }

  /** Rebuilds the slot map and the scan order after the live set or the cordons change. */
  private reindex(): void {
    this.lastDir = null;
    this.slotOf = new Map(this.dirs.map((d, i) => [d, i]));
    const slots = tieBreakOrder(this.dirs, this.tieOrder, this.cordonedDirs).map((d) => this.slotOf.get(d) as number);
    this.scan = Int32Array.from(slots);
  }

  private liveSlot(dir: string): number {
    const slot = this.slotOf.get(dir);
    if (slot === undefined) {
      const state = this.failedDirs.has(dir) ? "offline" : "unknown";
      throw new PlacementError("unknown_log_dir", `Log dir ${dir} is ${state}, not one of the live log dirs.`, { dir, state });
    }
    return slot;
  }

  /** `n` more logs (current or future) now live in `dir`. */
  add(dir: string, n = 1): void {
    checkCount(n, dir);
    const slot = dir === this.lastDir ? this.lastSlot : this.liveSlot(dir);
    this.counts[slot] = (this.counts[slot] as number) + n;
  }

  /** `n` logs were deleted from `dir` (a no-op for a failed dir, whose logs are already gone). */
  remove(dir: string, n = 1): void {
    checkCount(n, dir);
    if (!this.slotOf.has(dir) && this.failedDirs.has(dir)) return;
    const slot = this.liveSlot(dir);
    const current = this.counts[slot] as number;
    if (n > current) {
      throw new PlacementError("invalid_log_count", `Cannot remove ${n} logs from ${dir}, which holds ${current}.`, {
        dir,
        n,
        count: current,
      });
    }
    this.counts[slot] = current - n;
  }

  /** A new dir appended to log.dirs, with no logs. */
  addLiveDir(dir: string): void {
    if (this.slotOf.has(dir)) {
      throw new PlacementError("duplicate_log_dir", `Duplicate log directory found: ${dir}`, { dir });
    }
    this.failedDirs.delete(dir);
    this.dirs.push(dir);
    this.counts.push(0);
    this.reindex();
  }

  /** `dir` goes offline: it leaves the live dirs and its logs are dropped. */
  failDir(dir: string): void {
    const slot = this.liveSlot(dir);
    this.dirs.splice(slot, 1);
    this.counts.splice(slot, 1);
    this.failedDirs.add(dir);
    this.reindex();
  }

  setCordoned(dir: string, cordoned: boolean): void {
    if (cordoned === this.cordonedDirs.has(dir)) return;
    if (cordoned) this.cordonedDirs.add(dir);
    else this.cordonedDirs.delete(dir);
    this.reindex();
  }

  /** nextLogDirs(...)[0]: the dir Kafka creates the next new log in. */
  next(): string {
    const dirs = this.dirs;
    if (dirs.length === 0) {
      throw new PlacementError("no_live_log_dirs", "No log directories available.", {}, "KafkaStorageException");
    }
    const scan = this.scan;
    if (dirs.length === 1 || scan.length === 0) return this.remember(0); // a single dir, or every dir cordoned
    const counts = this.counts;
    let best = scan[0] as number;
    let bestCount = counts[best] as number;
    for (let k = 1; k < scan.length; k++) {
      const slot = scan[k] as number;
      const c = counts[slot] as number;
      if (c < bestCount) {
        best = slot;
        bestCount = c;
      }
    }
    return this.remember(best);
  }

  private remember(slot: number): string {
    const dir = this.dirs[slot] as string;
    this.lastDir = dir;
    this.lastSlot = slot;
    return dir;
  }

  /** nextLogDirs(liveDirs(), counts, options): every candidate, best first. */
  order(): string[] {
    const dirs = this.dirs;
    if (dirs.length <= 1) return [...dirs];
    if (this.scan.length === 0) return [dirs[0] as string];
    const slots = Array.from(this.scan);
    slots.sort((a, b) => (this.counts[a] as number) - (this.counts[b] as number));
    return slots.map((s) => dirs[s] as string);
  }

  count(dir: string): number {
    const slot = this.slotOf.get(dir);
    return slot === undefined ? 0 : (this.counts[slot] as number);
  }

  liveDirs(): string[] {
    return [...this.dirs];
  }

  /** Current log counts of the live dirs (the `logCounts` argument nextLogDirs would take). */
  logCounts(): Record<string, number> {
    return Object.fromEntries(this.dirs.map((d, i) => [d, this.counts[i] as number]));
  }
}
