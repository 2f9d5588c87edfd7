import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PlacementError, nextLogDirs, nextLogDirsLiteral, scalaHashMapKeyOrder, type TieOrder } from "@/lib/placement";
import { golden, PROPERTY_TIMEOUT } from "@/tests/support/placement";

const six = ["/d1", "/d2", "/d3", "/d4", "/d5", "/d6"];

describe("nextLogDirs (Kafka 4.3+ rules, tieOrder config)", () => {
  it("nextLogDirs() orders dirs by ascending log count", () => {
    expect(nextLogDirs(["/a", "/b", "/c"], { "/a": 2, "/b": 1 })).toEqual(["/c", "/b", "/a"]);
  });

  it("nextLogDirs() puts ties in log.dirs order", () => {
    expect(nextLogDirs(six, {})).toEqual(six);
    expect(nextLogDirs(["/z", "/a", "/m"], { "/z": 1, "/a": 1, "/m": 1 })).toEqual(["/z", "/a", "/m"]);
  });

  it("nextLogDirs() removes cordoned dirs", () => {
    expect(nextLogDirs(["/a", "/b", "/c"], { "/b": 5 }, { cordoned: ["/a"] })).toEqual(["/c", "/b"]);
  });

  it("nextLogDirs() falls back to the first live dir when every dir is cordoned", () => {
    expect(nextLogDirs(["/a", "/b"], { "/a": 9 }, { cordoned: ["/a", "/b"] })).toEqual(["/a"]);
  });

  it("nextLogDirs() returns a single live dir even when it is cordoned", () => {
    expect(nextLogDirs(["/only"], { "/only": 3 }, { cordoned: ["/only"] })).toEqual(["/only"]);
  });

  it("nextLogDirs() ignores counts of dirs that are not live", () => {
    expect(nextLogDirs(["/a", "/b"], { "/a": 1, "/failed": 0 })).toEqual(["/b", "/a"]);
  });

  it("nextLogDirs() returns [] when no dir is live", () => {
    expect(nextLogDirs([], { "/a": 1 })).toEqual([]);
  });

  it('nextLogDirs() treats dir names like "toString" as plain keys', () => {
    expect(nextLogDirs(["toString", "constructor"], { constructor: 1 })).toEqual(["toString", "constructor"]);
  });

  it("nextLogDirs() rejects a dir listed twice in log.dirs", () => {
    expect(() => nextLogDirs(["/a", "/a"], {})).toThrowError(PlacementError);
    try {
      nextLogDirs(["/a", "/b", "/a"], {});
    } catch (e) {
      expect((e as PlacementError).code).toBe("duplicate_log_dir");
      expect((e as PlacementError).details).toEqual({ dir: "/a" });
    }
  });
});

describe("nextLogDirs (Kafka 2.4–4.2 Scala rules, tieOrder scala-hash)", () => {
  it("nextLogDirs() keeps log.dirs order for ties with up to 4 live dirs", () => {
    const four = ["/z", "/y", "/x", "/w"];
    expect(nextLogDirs(four, {}, { tieOrder: "scala-hash" })).toEqual(four);
  });

  it("nextLogDirs() puts ties in Scala HashMap order with 5 or more live dirs", () => {
    const order = nextLogDirs(six, {}, { tieOrder: "scala-hash" });
    expect(order).toEqual(scalaHashMapKeyOrder(six));
    expect(order).not.toEqual(six);
  });

  it("nextLogDirs() removes cordoned dirs under the Scala tie order too (Kafka 4.3), ties in the hash order of the dirs left", () => {
    expect(nextLogDirs(["/a", "/b"], {}, { tieOrder: "scala-hash", cordoned: ["/a"] })).toEqual(["/b"]);
    for (const cordoned of six) {
      const left = six.filter((d) => d !== cordoned);
      expect(nextLogDirs(six, {}, { tieOrder: "scala-hash", cordoned: [cordoned] })).toEqual(scalaHashMapKeyOrder(left));
    }
    expect(nextLogDirs(six, {}, { tieOrder: "scala-hash", cordoned: six })).toEqual([six[0]]);
  });

  it("nextLogDirs() keeps the hash order when cordons leave 4 dirs or fewer of 6 (measured on Kafka 4.3.1)", () => {
    // Six empty dirs, d1 and d2 cordoned: the broker put its next log in d5 (the Scala map stays a hash trie once filtered).
    const dirs = [1, 2, 3, 4, 5, 6].map((i) => `/work/main/.kafka/probe-4.3.1-2/node1/d${i}`);
    expect(nextLogDirs(dirs, {}, { tieOrder: "scala-hash", cordoned: dirs.slice(0, 2) })[0]).toBe(dirs[4]);
  });

  it("nextLogDirs() matches a real Kafka 4.3.1 broker whose cordon re-hashes the tie order (measured)", () => {
    // One node, six dirs, d2 cordoned, counts [9 8 9 6 8 9]; the broker then placed 7 new logs as [10 8 9 9 10 10].
    const dirs = [1, 2, 3, 4, 5, 6].map((i) => `/work/main/.kafka/matrix-4.3.1/node1/d${i}`);
    const counts: Record<string, number> = Object.fromEntries(dirs.map((d, i) => [d, [9, 8, 9, 6, 8, 9][i]!]));
    // Taking the cordoned dir out of the six-dir hash order would have placed them as [10 8 10 9 9 10].
    expect(scalaHashMapKeyOrder(dirs).filter((d) => d !== dirs[1])).not.toEqual(scalaHashMapKeyOrder(dirs.filter((d) => d !== dirs[1])));
    for (let k = 0; k < 7; k++) {
      const next = nextLogDirs(dirs, counts, { tieOrder: "scala-hash", cordoned: [dirs[1]!] })[0]!;
      counts[next] = counts[next]! + 1;
    }
    expect(dirs.map((d) => counts[d])).toEqual([10, 8, 9, 9, 10, 10]);
  });

  it.each(golden.scalaMapOrder.cases.map((c, i) => [i, c.dirs.length, c] as const))(
    "nextLogDirs() sorts like Scala's (zeros ++ logCounts).sortBy(_._2) (case %i, %i dirs)",
    (_, __, c) => {
      expect(nextLogDirs(c.dirs, c.counts, { tieOrder: "scala-hash" })).toEqual(c.sortedByCount);
    },
  );
});

describe("nextLogDirsLiteral", () => {
  const history = fc.record({
    n: fc.integer({ min: 0, max: 9 }),
    logs: fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 60 }),
    cordoned: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 4 }),
    tieOrder: fc.constantFrom<TieOrder>("config", "scala-hash"),
  });

  it("nextLogDirsLiteral() regrouping logs gives nextLogDirs' answer", PROPERTY_TIMEOUT, () => {
    fc.assert(
      fc.property(history, ({ n, logs, cordoned, tieOrder }) => {
        const dirs = Array.from({ length: n }, (_, i) => `/var/kafka/data-${i}`);
        const parents = logs.map((i) => `/var/kafka/data-${i}`); // some fall outside the live dirs
        const counts: Record<string, number> = {};
        for (const p of parents) counts[p] = (counts[p] ?? 0) + 1;
        const options = { tieOrder, cordoned: cordoned.map((i) => `/var/kafka/data-${i}`) };
        expect(
          nextLogDirsLiteral(
            dirs,
            parents.map((parentDir) => ({ parentDir })),
            options,
          ),
        ).toEqual(nextLogDirs(dirs, counts, options));
      }),
      { numRuns: 500 },
    );
  });
});
