import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JavaRandom, MockRandom, PlacementError, collectionsShuffle, type RandomSource } from "@/lib/placement";
import { golden, seedOf } from "@/tests/support/placement";

function draw(rnd: JavaRandom | MockRandom, bound: number): number {
  return bound === 0 ? rnd.nextInt() : rnd.nextInt(bound);
}

describe("JavaRandom", () => {
  it("nextInt(10) from seed 42 gives the JVM's sequence 0,3,8,4,0,5,5,8,9,3", () => {
    const rnd = new JavaRandom(42);
    expect(Array.from({ length: 10 }, () => rnd.nextInt(10))).toEqual([0, 3, 8, 4, 0, 5, 5, 8, 9, 3]);
  });

  it.each(golden.javaRandom.map((c) => [c.seed, c.calls] as const))(
    "nextInt() matches java.util.Random seeded %s over bounded, power-of-two, rejection and unbounded draws",
    (seed, calls) => {
      const rnd = new JavaRandom(seedOf(seed));
      expect(calls.map(([bound]) => draw(rnd, bound))).toEqual(calls.map(([, v]) => v));
    },
  );

  it("JavaRandom() takes a number or a bigint seed and wraps bigints to a Java long", () => {
    const a = new JavaRandom(-1);
    const b = new JavaRandom(-1n);
    const c = new JavaRandom((1n << 64n) - 1n);
    const seq = (r: JavaRandom) => Array.from({ length: 5 }, () => r.nextInt());
    const expected = seq(a);
    expect(seq(b)).toEqual(expected);
    expect(seq(c)).toEqual(expected);
  });

  it("setSeed() restarts the sequence like a new Random(seed)", () => {
    const rnd = new JavaRandom(5);
    const first = [rnd.nextInt(100), rnd.nextInt(100)];
    rnd.nextInt();
    rnd.setSeed(5);
    expect([rnd.nextInt(100), rnd.nextInt(100)]).toEqual(first);
  });

  it("nextInt(1) consumes a draw although its answer is always 0", () => {
    const a = new JavaRandom(99);
    const b = new JavaRandom(99);
    expect(a.nextInt(1)).toBe(0);
    b.nextInt();
    expect(a.nextInt(1000)).toBe(b.nextInt(1000));
  });

  it("nextInt() rejects a bound that is not a positive int, as Java's IllegalArgumentException", () => {
    const rnd = new JavaRandom(1);
    for (const bound of [0, -3, 1.5, 2 ** 31]) {
      expect(() => rnd.nextInt(bound)).toThrowError(PlacementError);
      try {
        rnd.nextInt(bound);
      } catch (e) {
        expect((e as PlacementError).code).toBe("invalid_bound");
        expect((e as PlacementError).kafkaException).toBe("IllegalArgumentException");
      }
    }
  });

  it("JavaRandom() rejects a number seed beyond the safe integers (pass a bigint)", () => {
    expect(() => new JavaRandom(2 ** 60)).toThrowError(/bigint/);
  });

  it("nextInt(bound) stays in [0, bound) for any seed and bound", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }), fc.integer({ min: 1, max: 0x7fffffff }), (seed, bound) => {
        const rnd = new JavaRandom(seed);
        return Array.from({ length: 20 }, () => rnd.nextInt(bound)).every((v) => Number.isInteger(v) && v >= 0 && v < bound);
      }),
      { numRuns: 300 },
    );
  });
});

describe("MockRandom", () => {
  it.each(golden.mockRandom.map((c) => [c.seed, c.calls] as const))("nextInt() matches Kafka's MockRandom seeded %s", (seed, calls) => {
    const rnd = new MockRandom(seedOf(seed));
    expect(calls.map(([bound]) => draw(rnd, bound))).toEqual(calls.map(([, v]) => v));
  });

  it("MockRandom() defaults to seed 17, like Kafka's new MockRandom()", () => {
    const a = new MockRandom();
    const b = new MockRandom(17);
    expect(Array.from({ length: 8 }, () => a.nextInt())).toEqual(Array.from({ length: 8 }, () => b.nextInt()));
    expect(new MockRandom().nextInt()).not.toBe(new MockRandom(18).nextInt());
  });
});

describe("collectionsShuffle", () => {
  it.each(golden.shuffle.map((c, i) => [i, c] as const))("collectionsShuffle() matches Collections.shuffle (case %i)", (_, c) => {
    const rnd: RandomSource = c.rng === "java" ? new JavaRandom(seedOf(c.seed)) : new MockRandom(seedOf(c.seed));
    const list = [...c.list];
    collectionsShuffle(list, rnd);
    collectionsShuffle(list, rnd);
    expect(list).toEqual(c.twiceShuffled);
    expect(rnd.nextInt(1000)).toBe(c.then);
  });

  it("collectionsShuffle() draws nothing for lists of 0 or 1 element", () => {
    const calls: number[] = [];
    const spy: RandomSource = { nextInt: (b) => (calls.push(b), 0) };
    collectionsShuffle([], spy);
    collectionsShuffle([7], spy);
    expect(calls).toEqual([]);
    collectionsShuffle([1, 2, 3], spy);
    expect(calls).toEqual([3, 2]);
  });

  it("collectionsShuffle() keeps the same elements", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer(), (xs, seed) => {
        const list = [...xs];
        collectionsShuffle(list, new JavaRandom(seed));
        expect([...list].sort((a, b) => a - b)).toEqual([...xs].sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });
});
