/**
 * Replicas kept sorted by size (then by a unique id, so order is total and deterministic), with
 * best-fit searches: the largest replica of at most N bytes, the smallest above N, each skipping
 * replicas a predicate rejects. Insert and remove are a binary search plus a splice, which is cheap
 * at the sizes of one dir or one broker (hundreds to a few thousand replicas).
 */
export interface Sized {
  uid: number;
  size: number;
}

function before(a: Sized, b: Sized): boolean {
  return a.size < b.size || (a.size === b.size && a.uid < b.uid);
}

export class SortedReplicas<T extends Sized> {
  private readonly items: T[] = [];

  get length(): number {
    return this.items.length;
  }

  all(): readonly T[] {
    return this.items;
  }

  /** Index of the first item not before `x`. */
  private lowerBound(x: Sized): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.items[mid]!, x)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of the first item with size > `bytes`. */
  private upperBoundBySize(bytes: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.items[mid]!.size <= bytes) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Empties the set (before a bulk reload). */
  clear(): void {
    this.items.length = 0;
  }

  /** Adds without keeping order; call `seal()` once after a bulk load. */
  add(item: T): void {
    this.items.push(item);
  }

  seal(): void {
    this.items.sort((a, b) => a.size - b.size || a.uid - b.uid);
  }

  insert(item: T): void {
    this.items.splice(this.lowerBound(item), 0, item);
  }

  remove(item: T): void {
    const i = this.lowerBound(item);
    if (this.items[i] !== item) throw new Error(`replica ${item.uid} is not in this set`);
    this.items.splice(i, 1);
  }

  /** The largest item with `minExclusive < size ≤ maxInclusive` that `accept` takes, or null. */
  largestAtMost(maxInclusive: number, minExclusive: number, accept: (item: T) => boolean): T | null {
    for (let i = this.upperBoundBySize(maxInclusive) - 1; i >= 0; i--) {
      const item = this.items[i]!;
      if (item.size <= minExclusive) return null;
      if (accept(item)) return item;
    }
    return null;
  }

  /** The smallest item with `minExclusive < size < maxExclusive` that `accept` takes, or null. */
  smallestAbove(minExclusive: number, maxExclusive: number, accept: (item: T) => boolean): T | null {
    for (let i = this.upperBoundBySize(minExclusive); i < this.items.length; i++) {
      const item = this.items[i]!;
      if (item.size >= maxExclusive) return null;
      if (accept(item)) return item;
    }
    return null;
  }
}
