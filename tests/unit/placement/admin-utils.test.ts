import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JavaRandom, assignReplicasToBrokers, getRackAlternatedBrokerList, replicaIndex, type BrokerMetadata, type RandomSource } from "@/lib/placement";
import { CODE_OF_KAFKA_EXCEPTION, expectKafkaError, golden, PROPERTY_TIMEOUT, seedOf, sortedEntries, thrown } from "@/tests/support/placement";

describe("assignReplicasToBrokers", () => {
  it.each(golden.adminUtils.map((c, i) => [i, c.brokers.length, c.nPartitions, c.rf, c] as const))(
    "assignReplicasToBrokers() matches Kafka 3.9.2 AdminUtils (case %i: %i brokers, %i partitions, rf %i)",
    (_, __, ___, ____, c) => {
      const brokers = c.brokers.map(([id, rack]) => ({ id, rack }));
      const random = new JavaRandom(seedOf(c.seed));
      const run = () =>
        assignReplicasToBrokers(brokers, c.nPartitions, c.rf, {
          fixedStartIndex: c.fixedStartIndex,
          startPartitionId: c.startPartitionId,
          random,
        });
      if (c.error) {
        const error = thrown(run);
        expect(error.code).toBe(CODE_OF_KAFKA_EXCEPTION[c.error.type]);
        expectKafkaError(error, c.error);
      } else {
        expect(sortedEntries(run())).toEqual(c.result);
        // Same number of draws as Kafka: the next draw of the shared Random agrees too.
        expect(random.nextInt(1000)).toBe(c.thenNextInt);
      }
    },
  );

  it("assignReplicasToBrokers() draws the start index and then the shift only when fixedStartIndex < 0", () => {
    const bounds: number[] = [];
    const spy: RandomSource = { nextInt: (b) => (bounds.push(b), 1) };
    const brokers = [0, 1, 2, 3, 4].map((id) => ({ id }));
    assignReplicasToBrokers(brokers, 3, 2, { random: spy });
    expect(bounds).toEqual([5, 5]);
    assignReplicasToBrokers(brokers, 3, 2, { random: spy, fixedStartIndex: 0 });
    expect(bounds).toEqual([5, 5]);
  });

  it("assignReplicasToBrokers() is deterministic without a random source (fixed default seed)", () => {
    const brokers = [0, 1, 2, 3, 4, 5].map((id) => ({ id }));
    expect(sortedEntries(assignReplicasToBrokers(brokers, 12, 3))).toEqual(sortedEntries(assignReplicasToBrokers(brokers, 12, 3)));
  });

  it("assignReplicasToBrokers() uses rack-unaware brokers in the order given", () => {
    const a = assignReplicasToBrokers([{ id: 0 }, { id: 1 }, { id: 2 }], 1, 1, { fixedStartIndex: 0 });
    const b = assignReplicasToBrokers([{ id: 2 }, { id: 1 }, { id: 0 }], 1, 1, { fixedStartIndex: 0 });
    expect(a.get(0)).toEqual([0]);
    expect(b.get(0)).toEqual([2]);
  });

  it("assignReplicasToBrokers() checks partitions before the replication factor, and both before racks", () => {
    const partial = [{ id: 0, rack: "a" }, { id: 1 }];
    expect(thrown(() => assignReplicasToBrokers(partial, 0, 0)).code).toBe("invalid_partitions");
    expect(thrown(() => assignReplicasToBrokers(partial, 1, 0)).code).toBe("invalid_replication_factor");
    expect(thrown(() => assignReplicasToBrokers(partial, 1, 3)).message).toBe("Replication factor: 3 larger than available brokers: 2.");
    expect(thrown(() => assignReplicasToBrokers(partial, 1, 2)).code).toBe("inconsistent_racks");
  });

  it("assignReplicasToBrokers() rejects a broker id listed twice", () => {
    const e = thrown(() => assignReplicasToBrokers([{ id: 1 }, { id: 1 }], 1, 1));
    expect(e.code).toBe("duplicate_broker");
    expect(e.details).toEqual({ brokerId: 1 });
  });

  it("assignReplicasToBrokers() counts the shift from absolute partition ids (startPartitionId)", () => {
    const brokers = [0, 1, 2].map((id) => ({ id }));
    // Partition 3 follows a shift increment whether or not partitions 0..2 are placed in the same call.
    const whole = assignReplicasToBrokers(brokers, 6, 2, { fixedStartIndex: 0 });
    const tail = assignReplicasToBrokers(brokers, 3, 2, { fixedStartIndex: 0, startPartitionId: 3 });
    expect(sortedEntries(tail)).toEqual(sortedEntries(whole).slice(3));
  });

  it("replicaIndex() never returns the first replica's index", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 50 }), fc.nat(1000), fc.nat(1000), fc.nat(49), (n, shift, idx, firstRaw) => {
        const first = firstRaw % n;
        const r = replicaIndex(first, shift, idx, n);
        return r !== first && r >= 0 && r < n;
      }),
      { numRuns: 300 },
    );
  });
});

describe("assignReplicasToBrokers properties", () => {
  const rackUnaware = fc
    .record({ n: fc.integer({ min: 1, max: 30 }), rfRaw: fc.nat(), blocks: fc.integer({ min: 1, max: 5 }), seed: fc.integer() })
    .map(({ n, rfRaw, blocks, seed }) => ({ n, rf: 1 + (rfRaw % Math.min(n, 5)), nPartitions: n * blocks, seed }));

  it("assignReplicasToBrokers() (rack-unaware) never repeats a broker and spreads leaders and replicas evenly", PROPERTY_TIMEOUT, () => {
    fc.assert(
      fc.property(rackUnaware, ({ n, rf, nPartitions, seed }) => {
        const ids = Array.from({ length: n }, (_, i) => 100 + i * 3);
        const m = assignReplicasToBrokers(
          ids.map((id) => ({ id })),
          nPartitions,
          rf,
          { random: new JavaRandom(seed) },
        );
        const leaders = new Map<number, number>();
        const replicas = new Map<number, number>();
        let distinct = m.size === nPartitions;
        for (const rs of m.values()) {
          distinct &&= rs.length === rf && new Set(rs).size === rf;
          leaders.set(rs[0]!, (leaders.get(rs[0]!) ?? 0) + 1);
          for (const b of rs) replicas.set(b, (replicas.get(b) ?? 0) + 1);
        }
        return distinct && ids.every((id) => leaders.get(id) === nPartitions / n && replicas.get(id) === (nPartitions * rf) / n);
      }),
      { numRuns: 200 },
    );
  });

  const anyRacks = fc
    .record({
      rackOf: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 24 }),
      rfRaw: fc.nat(),
      nPartitions: fc.integer({ min: 1, max: 60 }),
      start: fc.integer({ min: -1, max: 40 }),
      seed: fc.integer(),
    })
    .map((r) => ({ ...r, rf: 1 + (r.rfRaw % r.rackOf.length) }));

  it("assignReplicasToBrokers() (rack-aware) puts each partition on min(rf, racks) distinct racks and distinct brokers", PROPERTY_TIMEOUT, () => {
    fc.assert(
      fc.property(anyRacks, ({ rackOf, rf, nPartitions, start, seed }) => {
        const brokers: BrokerMetadata[] = rackOf.map((r, i) => ({ id: i, rack: `rack${r}` }));
        const numRacks = new Set(rackOf).size;
        const m = assignReplicasToBrokers(brokers, nPartitions, rf, { random: new JavaRandom(seed), startPartitionId: start });
        return [...m.values()].every((rs) => new Set(rs).size === rf && new Set(rs.map((b) => rackOf[b])).size === Math.min(rf, numRacks));
      }),
      { numRuns: 200 },
    );
  });

  const equalRacks = fc
    .record({
      racks: fc.integer({ min: 1, max: 5 }),
      perRack: fc.integer({ min: 1, max: 5 }),
      rfRaw: fc.nat(),
      blocks: fc.integer({ min: 1, max: 4 }),
      seed: fc.integer(),
    })
    .map((r) => ({ ...r, rf: 1 + (r.rfRaw % r.racks), n: r.racks * r.perRack }));

  it("assignReplicasToBrokers() (rack-aware, equal rack sizes) gives every broker nP/nB leaders and nP*rf/nB replicas", PROPERTY_TIMEOUT, () => {
    fc.assert(
      fc.property(equalRacks, ({ racks, n, rf, blocks, seed }) => {
        const brokers = Array.from({ length: n }, (_, i) => ({ id: i, rack: `r${i % racks}` }));
        const nPartitions = n * blocks;
        const m = assignReplicasToBrokers(brokers, nPartitions, rf, { random: new JavaRandom(seed) });
        const leaders = new Array<number>(n).fill(0);
        const replicas = new Array<number>(n).fill(0);
        for (const rs of m.values()) {
          leaders[rs[0]!]!++;
          for (const b of rs) replicas[b]!++;
        }
        return leaders.every((l) => l === nPartitions / n) && replicas.every((r) => r === (nPartitions * rf) / n);
      }),
      { numRuns: 200 },
    );
  });
});

describe("getRackAlternatedBrokerList", () => {
  it("getRackAlternatedBrokerList() takes one broker per rack in turn, racks and ids ascending", () => {
    expect(getRackAlternatedBrokerList({ 0: "rack1", 1: "rack3", 2: "rack3", 3: "rack2", 4: "rack2", 5: "rack1" })).toEqual([0, 3, 1, 5, 4, 2]);
  });

  it("getRackAlternatedBrokerList() orders racks by UTF-16 code units, like String#compareTo", () => {
    // "Z" (0x5A) < "a" (0x61) < "ä" (0xE4)
    expect(
      getRackAlternatedBrokerList(
        new Map([
          [1, "\u00e4"],
          [2, "a"],
          [3, "Z"],
        ]),
      ),
    ).toEqual([3, 2, 1]);
  });

  it("getRackAlternatedBrokerList() skips racks that have run out", () => {
    expect(getRackAlternatedBrokerList({ 10: "a", 11: "a", 12: "a", 20: "b" })).toEqual([10, 20, 11, 12]);
  });
});
