import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SortedReplicas, type Sized } from "@/lib/plan/sorted-replicas";

const items = (sizes: number[]): Sized[] => sizes.map((size, uid) => ({ uid, size }));

function loaded(list: Sized[]): SortedReplicas<Sized> {
  const set = new SortedReplicas<Sized>();
  for (const x of list) set.add(x);
  set.seal();
  return set;
}

/** The same searches by brute force over every item, in the set's order (size, then uid). */
function byOrder(list: Sized[]): Sized[] {
  return [...list].sort((a, b) => a.size - b.size || a.uid - b.uid);
}

const sizesArb = fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 30 });
const bound = fc.integer({ min: -1, max: 22 });
const acceptArb = fc.func(fc.boolean());

describe("SortedReplicas", () => {
  it("seal() orders items by size, then by uid", () => {
    const set = loaded([
      { uid: 3, size: 5 },
      { uid: 1, size: 5 },
      { uid: 2, size: 1 },
    ]);
    expect(set.all().map((x) => x.uid)).toEqual([2, 1, 3]);
  });

  it("insert() and remove() keep the order after a bulk load", () => {
    fc.assert(
      fc.property(sizesArb, sizesArb, (first, later) => {
        const all = items([...first, ...later]);
        const set = loaded(all.slice(0, first.length));
        for (const x of all.slice(first.length)) set.insert(x);
        expect(set.all()).toEqual(byOrder(all));
        const removed = all.filter((_, i) => i % 2 === 0);
        for (const x of removed) set.remove(x);
        expect(set.all()).toEqual(byOrder(all.filter((_, i) => i % 2 === 1)));
        expect(set.length).toBe(all.length - removed.length);
      }),
    );
  });

  it("remove() refuses an item that is not in the set, even one of the same size", () => {
    const set = loaded(items([4, 4]));
    expect(() => set.remove({ uid: 9, size: 4 })).toThrow("replica 9 is not in this set");
    expect(set.length).toBe(2);
  });

  it("largestAtMost() finds the largest accepted item in (min, max], as a scan would", () => {
    fc.assert(
      fc.property(sizesArb, bound, bound, acceptArb, (sizes, max, min, accept) => {
        const list = items(sizes);
        const expected =
          byOrder(list)
            .filter((x) => x.size > min && x.size <= max && accept(x))
            .at(-1) ?? null;
        expect(loaded(list).largestAtMost(max, min, accept)).toBe(expected);
      }),
    );
  });

  it("smallestAbove() finds the smallest accepted item in (min, max), as a scan would", () => {
    fc.assert(
      fc.property(sizesArb, bound, bound, acceptArb, (sizes, min, max, accept) => {
        const list = items(sizes);
        const expected = byOrder(list).find((x) => x.size > min && x.size < max && accept(x)) ?? null;
        expect(loaded(list).smallestAbove(min, max, accept)).toBe(expected);
      }),
    );
  });

  it("largestAtMost() skips items the predicate rejects", () => {
    const set = loaded(items([1, 5, 7, 9]));
    expect(set.largestAtMost(8, 0, (x) => x.size !== 7)?.size).toBe(5);
    expect(set.largestAtMost(8, 5, (x) => x.size !== 7)).toBeNull();
  });
});
