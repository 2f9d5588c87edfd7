import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JavaRandom } from "@/lib/placement";
import { partitionSizes } from "@/lib/simulate/partition-sizes";
import type { SizeSpec } from "@/lib/simulate/schema";
import { byteDouble } from "../../fixtures/extreme/doubles";

describe("partitionSizes()", () => {
  it("partitionSizes() gives `count` finite whole sizes ≥ 0 for any byte values the schema accepts", () => {
    const spec: fc.Arbitrary<SizeSpec> = fc.oneof(
      byteDouble().map((bytes) => ({ kind: "fixed" as const, bytes })),
      fc.tuple(byteDouble(), byteDouble()).map(([a, b]) => ({ kind: "uniform" as const, min: Math.min(a, b), max: Math.max(a, b) })),
      fc.tuple(byteDouble(), fc.double({ min: 0, max: 5, noNaN: true })).map(([totalBytes, exponent]) => ({ kind: "zipf" as const, totalBytes, exponent })),
    );
    fc.assert(
      fc.property(spec, fc.integer({ min: 0, max: 50 }), fc.integer(), (s, count, seed) => {
        const sizes = partitionSizes(s, count, new JavaRandom(seed));
        expect(sizes).toHaveLength(count);
        for (const size of sizes) expect(Number.isFinite(size) && size >= 0 && Number.isInteger(size)).toBe(true);
      }),
    );
  });
});
