import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  JavaRandom,
  PlacementError,
  assignReplicasToBrokers,
  createPartitionsAssignment,
  getRackAlternatedBrokerList,
  replicaIndex,
  type BrokerMetadata,
  type RandomSource,
} from "@/lib/placement";
import { golden, seedOf, type KafkaError } from "./fixtures";

// Properties run hundreds of cases; allow for a loaded machine (timings belong to the bench, not to tests).
const PROPERTY_TIMEOUT = { timeout: 60_000 };

const CODE_OF_KAFKA_EXCEPTION: Record<string, string> = {
  InvalidPartitionsException: "invalid_partitions",
  InvalidReplicationFactorException: "invalid_replication_factor",
  AdminOperationException: "inconsistent_racks",
};

function thrown(fn: () => unknown): PlacementError {
  try {
    fn();
  } catch (e) {
    if (e instanceof PlacementError) return e;
    throw e;
  }
  throw new Error("expected a PlacementError");
}

function expectKafkaError(error: PlacementError, kafka: KafkaError): void {
  expect(error.kafkaException).toBe(kafka.type);
  expect(error.message).toBe(kafka.message);
}

const sorted = (m: Map<number, number[]>) => [...m.entries()].sort((a, b) => a[0] - b[0]);

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
        expect(sorted(run())).toEqual(c.result);
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
    expect(sorted(assignReplicasToBrokers(brokers, 12, 3))).toEqual(sorted(assignReplicasToBrokers(brokers, 12, 3)));
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
    expect(thrown(() => assignReplicasToBrokers(partial, 1, 3)).message).toBe(
      "Replication factor: 3 larger than available brokers: 2.",
    );
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
    expect(sorted(tail)).toEqual(sorted(whole).slice(3));
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
        const m = assignReplicasToBrokers(ids.map((id) => ({ id })), nPartitions, rf, { random: new JavaRandom(seed) });
        const leaders = new Map<number, number>();
        const replicas = new Map<number, number>();
        let distinct = m.size === nPartitions;
        for (const rs of m.values()) {
          distinct &&= rs.length === rf && new Set(rs).size === rf;
          leaders.set(rs[0]!, (leaders.get(rs[0]!) ?? 0) + 1);
          for (const b of rs) replicas.set(b, (replicas.get(b) ?? 0) + 1);
        }
        return (
          distinct &&
          ids.every((id) => leaders.get(id) === nPartitions / n && replicas.get(id) === (nPartitions * rf) / n)
        );
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
        return [...m.values()].every(
          (rs) => new Set(rs).size === rf && new Set(rs.map((b) => rackOf[b])).size === Math.min(rf, numRacks),
        );
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
    expect(getRackAlternatedBrokerList({ 0: "rack1", 1: "rack3", 2: "rack3", 3: "rack2", 4: "rack2", 5: "rack1" })).toEqual([
      0, 3, 1, 5, 4, 2,
    ]);
  });

  it("getRackAlternatedBrokerList() orders racks by UTF-16 code units, like String#compareTo", () => {
    // "Z" (0x5A) < "a" (0x61) < "ä" (0xE4)
    expect(getRackAlternatedBrokerList(new Map([[1, "\u00e4"], [2, "a"], [3, "Z"]]))).toEqual([3, 2, 1]);
  });

  it("getRackAlternatedBrokerList() skips racks that have run out", () => {
    expect(getRackAlternatedBrokerList({ 10: "a", 11: "a", 12: "a", 20: "b" })).toEqual([10, 20, 11, 12]);
  });
});

describe("createPartitionsAssignment", () => {
  it.each(golden.createPartitions.map((c, i) => [i, c] as const))(
    "createPartitionsAssignment() matches AdminZkClient.createNewPartitionsAssignment (case %i)",
    (_, c) => {
      const brokers = c.brokers.map(([id, rack]) => ({ id, rack }));
      const run = () => createPartitionsAssignment(brokers, c.existing, c.newPartitionCount, { topic: "t" });
      if (c.error) {
        const error = thrown(run);
        expect(error.kafkaException).toBe(c.error.type);
        if (c.error.type === "AdminOperationException") {
          expect(error.code).toBe("missing_partition_zero");
          expect(c.error.message.startsWith(error.message)).toBe(true);
        } else {
          expect(error.message).toBe(c.error.message);
        }
      } else {
        expect(sorted(run().assignment)).toEqual(c.result);
      }
    },
  );

  it("createPartitionsAssignment() starts at the first broker id >= partition 0's leader in the id-sorted list", () => {
    const plan = createPartitionsAssignment([{ id: 7 }, { id: 3 }, { id: 5 }], { 0: [4, 7], 1: [7, 3] }, 3);
    expect(plan.startIndex).toBe(1); // sorted [3,5,7]: 5 is the first id >= 4
    expect(plan.startPartitionId).toBe(2);
    expect(plan.replicationFactor).toBe(2);
    expect(plan.assignment.get(2)?.[0]).toBe(3); // leader index (2 + 1) % 3 = 0 of [3,5,7]
  });

  it("createPartitionsAssignment() uses the id-sorted start index as an index into the rack-alternated list", () => {
    // id-sorted [0,1,2,3]; alternated over racks a,b: [0,2,1,3]. Leader 1 → startIndex 1 → alternated[(1+1)%4] = 1.
    const brokers = [
      { id: 0, rack: "a" },
      { id: 1, rack: "a" },
      { id: 2, rack: "b" },
      { id: 3, rack: "b" },
    ];
    const plan = createPartitionsAssignment(brokers, { 0: [1, 2] }, 2);
    expect(plan.startIndex).toBe(1);
    expect(plan.assignment.get(1)?.[0]).toBe(1);
  });

  it("createPartitionsAssignment() enforces racks on all or no brokers, unless the mode is safe or disabled", () => {
    const brokers = [{ id: 0, rack: "a" }, { id: 1 }, { id: 2, rack: "b" }];
    expect(thrown(() => createPartitionsAssignment(brokers, { 0: [0, 1] }, 2)).code).toBe("inconsistent_racks");
    expect(createPartitionsAssignment(brokers, { 0: [0, 1] }, 2, { rackAwareMode: "safe" }).assignment.get(1)).toHaveLength(2);
  });

  it("createPartitionsAssignment() refuses a count that does not grow the topic", () => {
    const e = thrown(() => createPartitionsAssignment([{ id: 0 }], { 0: [0], 1: [0] }, 2, { topic: "orders" }));
    expect(e.code).toBe("invalid_partitions");
    expect(e.message).toBe(
      "The number of partitions for a topic can only be increased. Topic orders currently has 2 partitions, 2 would not be an increase.",
    );
  });
});
