import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidThrottledReplicaList, parseThrottledPartitions, ThrottleConfigError } from "@/lib/throttle";

describe("throttled replica lists", () => {
  it("isValidThrottledReplicaList() accepts a wildcard followed by empty elements only", () => {
    expect(isValidThrottledReplicaList("*,")).toBe(true);
    expect(isValidThrottledReplicaList("*, ")).toBe(true);
    expect(isValidThrottledReplicaList("*,*")).toBe(false);
  });

  it("parseThrottledPartitions() throws like the broker on invalid lists", () => {
    expect(() => parseThrottledPartitions("100:", 1)).toThrow(ThrottleConfigError);
    expect(() => parseThrottledPartitions("*,1:1", 1)).toThrow(/must be the literal '\*'/);
  });

  it("parseThrottledPartitions() fails on spaces after commas only on the broker that parses the spaced number", () => {
    // " 1:1": b = "1" parses for everyone; p = " 1" is parsed only by broker 1.
    expect(() => parseThrottledPartitions("0:1, 1:1", 1)).toThrow(/NumberFormat|For input string/);
    expect(parseThrottledPartitions("0:1, 1:1", 2)).toEqual([]);
    // "0:1 ": b = "1 " is parsed by every broker.
    expect(() => parseThrottledPartitions("0:1 ,1:2", 2)).toThrow(ThrottleConfigError);
  });

  it("parseThrottledPartitions() rejects partition ids beyond int32 as Integer.parseInt does", () => {
    expect(isValidThrottledReplicaList("99999999999:1")).toBe(true);
    expect(() => parseThrottledPartitions("99999999999:1", 1)).toThrow(ThrottleConfigError);
  });

  it("parseThrottledPartitions() returns, for any well-formed list, exactly the partitions naming the broker", () => {
    const entry = fc.tuple(fc.nat({ max: 500 }), fc.nat({ max: 5 }));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), fc.nat({ max: 5 }), (entries, broker) => {
        const value = entries.map(([p, b]) => `${p}:${b}`).join(",");
        expect(isValidThrottledReplicaList(value)).toBe(true);
        expect(parseThrottledPartitions(value, broker)).toEqual(entries.filter(([, b]) => b === broker).map(([p]) => p));
      }),
      { numRuns: 300 },
    );
  });
});
