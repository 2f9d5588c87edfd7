import { describe, expect, it } from "vitest";
import { formatCount } from "@/lib/model/format";
import { formatInteger } from "@/lib/view/number-format";

describe("formatInteger()", () => {
  it("formatInteger() prints what formatCount() prints", () => {
    for (const n of [0, 7, 999, 1000, 12345.6, 9_007_199_254_740_991, -1234]) expect(formatInteger(n)).toBe(formatCount(n));
  });
});
