import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { median, medianInPlace, selectKth } from "@/lib/forecast/order-statistics";

describe("selectKth()", () => {
  it("selectKth() finds the k-th smallest and partitions around it", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true }), { minLength: 1, maxLength: 300 }), fc.nat(), (xs, seed) => {
        const k = seed % xs.length;
        const a = Float64Array.from(xs);
        const sorted = Float64Array.from(xs).sort();
        // Numerically equal: a typed array's sort puts -0 before 0, and selection need not tell them apart.
        expect(selectKth(a, k) === sorted[k]).toBe(true);
        for (let i = 0; i < k; i++) expect(a[i]!).toBeLessThanOrEqual(a[k]!);
        for (let i = k + 1; i < a.length; i++) expect(a[i]!).toBeGreaterThanOrEqual(a[k]!);
      }),
    );
  });

  it("selectKth() works on a sub-range and answers NaN for a rank outside it", () => {
    const a = Float64Array.from([9, 3, 7, 1, 5]);
    expect(selectKth(a, 2, 1, 3)).toBe(3);
    expect(selectKth(a, 4, 0, 2)).toBeNaN();
  });

  it("selectKth() handles many equal values", () => {
    const a = new Float64Array(1000).fill(4);
    a[500] = 1;
    expect(selectKth(a, 0)).toBe(1);
    expect(selectKth(a, 999)).toBe(4);
  });
});

describe("median()", () => {
  it("median() averages the two middle values of an even count and skips NaN", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 5, NaN])).toBe(5);
    expect(median([])).toBeNaN();
  });

  it("medianInPlace() reads only the first `length` values", () => {
    expect(medianInPlace(Float64Array.from([5, 1, 100, 100]), 2)).toBe(3);
  });
});
