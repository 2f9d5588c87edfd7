import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JavaRandom, MockRandom, PlacementError, StripedReplicaPlacer, stripedPlacement, type RandomSource } from "@/lib/placement";
import { golden, PROPERTY_TIMEOUT, seedOf, thrown, usable } from "@/tests/support/placement";

describe("StripedReplicaPlacer", () => {
  it.each(golden.striped.map((s, i) => [i, s.rng, s.seed, s.calls.length, s] as const))(
    "place() matches Kafka 3.9.2 StripedReplicaPlacer (case %i: %s Random(%s), %i calls on one placer)",
    (_, rng, seed, __, s) => {
      const random: RandomSource = rng === "java" ? new JavaRandom(seedOf(seed)) : new MockRandom(seedOf(seed));
      const placer = new StripedReplicaPlacer(random);
      for (const call of s.calls) {
        const run = () => placer.place({ numPartitions: call.numPartitions, numReplicas: call.rf }, usable(call.brokers));
        if (call.error) {
          const error = thrown(run);
          expect(error.kafkaException).toBe(call.error.type);
          expect(error.message).toBe(call.error.message);
        } else {
          expect(run()).toEqual(call.result);
        }
      }
    },
  );

  it("place() ignores startPartition", () => {
    const brokers = usable([
      [0, null, false],
      [1, null, false],
      [2, null, false],
    ]);
    const a = new StripedReplicaPlacer(new MockRandom()).place({ startPartition: 0, numPartitions: 4, numReplicas: 2 }, brokers);
    const b = new StripedReplicaPlacer(new MockRandom()).place({ startPartition: 9, numPartitions: 4, numReplicas: 2 }, brokers);
    expect(b).toEqual(a);
  });

  it("place() consumes the RackList's draws even when it then rejects the replication factor", () => {
    const brokers = usable([
      [0, "a", false],
      [1, "b", false],
    ]);
    const used = new MockRandom();
    expect(() => new StripedReplicaPlacer(used).place({ numPartitions: 1, numReplicas: 0 }, brokers)).toThrow(PlacementError);
    const fresh = new MockRandom();
    expect(used.nextInt(1 << 30)).not.toBe(fresh.nextInt(1 << 30));
  });

  it("place() checks rf <= 0, then fencing, then the broker count, with Kafka's messages", () => {
    const allFenced = usable([
      [11, "1", true],
      [10, "1", true],
    ]);
    const placer = new StripedReplicaPlacer(new MockRandom());
    expect(thrown(() => placer.place({ numPartitions: 1, numReplicas: 0 }, allFenced)).code).toBe("invalid_replication_factor");
    const fenced = thrown(() => placer.place({ numPartitions: 1, numReplicas: 3 }, allFenced));
    expect(fenced.code).toBe("all_brokers_fenced");
    expect(fenced.message).toBe("All brokers are currently fenced.");
    expect(fenced.kafkaException).toBe("InvalidReplicationFactorException");
  });

  it("place() refuses in Kafka 4.3+'s words, which mention cordoned log dirs, when told the release has cordons", () => {
    const allFenced = usable([
      [11, "1", true],
      [10, "1", true],
    ]);
    const two = usable([
      [1, null, false],
      [2, null, false],
    ]);
    const wording = (cordonedLogDirs: boolean | undefined) => {
      const placer = new StripedReplicaPlacer(new MockRandom(), cordonedLogDirs === undefined ? undefined : { cordonedLogDirs });
      const fenced = thrown(() => placer.place({ numPartitions: 1, numReplicas: 1 }, allFenced));
      const tooFew = thrown(() => placer.place({ numPartitions: 1, numReplicas: 3 }, two));
      return { fenced: [fenced.code, fenced.message], tooFew: [tooFew.code, tooFew.message] };
    };
    // Strings as in StripedReplicaPlacer.class of kafka-metadata 4.2.2 and 4.3.1 / 4.4.0.
    const upTo42 = {
      fenced: ["all_brokers_fenced", "All brokers are currently fenced."],
      tooFew: ["invalid_replication_factor", "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered."],
    };
    expect(wording(undefined)).toEqual(upTo42);
    expect(wording(false)).toEqual(upTo42);
    expect(wording(true)).toEqual({
      fenced: ["all_brokers_fenced", "All brokers are currently fenced, or have all their log directories cordoned."],
      tooFew: [
        "invalid_replication_factor",
        "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered or some brokers have all their log directories cordoned.",
      ],
    });
    expect(thrown(() => stripedPlacement(two, 1, 3, new MockRandom(), { cordonedLogDirs: true })).message).toMatch(/cordoned\.$/);
  });

  it("place() places the same with either wording", () => {
    const brokers = usable([
      [0, "a", false],
      [1, "b", false],
      [2, "a", true],
      [3, "c", false],
    ]);
    expect(stripedPlacement(brokers, 9, 3, new MockRandom(), { cordonedLogDirs: true })).toEqual(stripedPlacement(brokers, 9, 3, new MockRandom()));
  });

  it("place() rejects a broker id listed twice before drawing", () => {
    const random = new MockRandom();
    const e = thrown(() =>
      stripedPlacement(
        usable([
          [1, null, false],
          [1, null, false],
        ]),
        1,
        1,
        random,
      ),
    );
    expect(e.code).toBe("duplicate_broker");
    expect(random.nextInt(1 << 30)).toBe(new MockRandom().nextInt(1 << 30));
  });

  it("place() spreads 200 partitions over 4 brokers exactly as Kafka (StripedReplicaPlacerTest.testEvenDistribution)", () => {
    const placements = stripedPlacement(
      usable([
        [0, null, false],
        [1, null, false],
        [2, null, false],
        [3, null, false],
      ]),
      200,
      2,
      new MockRandom(),
    );
    const counts = new Map<string, number>();
    for (const p of placements) counts.set(p.join(","), (counts.get(p.join(",")) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      "0,1": 14,
      "0,2": 22,
      "0,3": 14,
      "1,0": 17,
      "1,2": 17,
      "1,3": 16,
      "2,0": 13,
      "2,1": 17,
      "2,3": 20,
      "3,0": 20,
      "3,1": 19,
      "3,2": 11,
    });
  });

  it("stripedPlacement() returns no partitions for numPartitions 0", () => {
    expect(stripedPlacement(usable([[0, null, false]]), 0, 1, new MockRandom())).toEqual([]);
  });
});

describe("stripedPlacement properties", () => {
  const cluster = fc
    .array(fc.record({ rack: fc.option(fc.constantFrom("a", "b", "c", "d", "Aa", "BB", ""), { nil: null }), fenced: fc.boolean() }), { minLength: 1, maxLength: 30 })
    .map((bs) => bs.map((b, i) => ({ id: i * 2 + 1, ...b })))
    .filter((bs) => bs.some((b) => !b.fenced));

  it("stripedPlacement() never repeats a broker in a partition and always leads with an unfenced broker", PROPERTY_TIMEOUT, () => {
    fc.assert(
      fc.property(cluster, fc.nat(), fc.integer({ min: 1, max: 60 }), fc.integer(), (brokers, rfRaw, numPartitions, seed) => {
        const rf = 1 + (rfRaw % brokers.length);
        const fenced = new Set(brokers.filter((b) => b.fenced).map((b) => b.id));
        const ids = new Set(brokers.map((b) => b.id));
        const placements = stripedPlacement(brokers, numPartitions, rf, new JavaRandom(seed));
        return placements.length === numPartitions && placements.every((p) => p.length === rf && new Set(p).size === rf && p.every((b) => ids.has(b)) && !fenced.has(p[0]!));
      }),
      { numRuns: 300 },
    );
  });

  it("stripedPlacement() on one rack uses a fenced broker only when the unfenced ones cannot fill the partition", PROPERTY_TIMEOUT, () => {
    // Across racks Kafka prefers rack diversity: a rack with only fenced brokers still gets a follower.
    const oneRack = cluster.map((bs) => bs.map((b) => ({ ...b, rack: null })));
    fc.assert(
      fc.property(oneRack, fc.nat(), fc.integer({ min: 1, max: 30 }), fc.integer(), (brokers, rfRaw, numPartitions, seed) => {
        const rf = 1 + (rfRaw % brokers.length);
        const unfenced = brokers.filter((b) => !b.fenced).length;
        const fenced = new Set(brokers.filter((b) => b.fenced).map((b) => b.id));
        return stripedPlacement(brokers, numPartitions, rf, new JavaRandom(seed)).every((p) => p.filter((b) => fenced.has(b)).length === Math.max(0, rf - unfenced));
      }),
      { numRuns: 300 },
    );
  });
});
