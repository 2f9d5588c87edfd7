import { describe, expect, it } from "vitest";
import { createPartitionsAssignment, zkBrokerMetadatas } from "@/lib/placement";
import { golden, sortedEntries, thrown } from "@/tests/support/placement";

describe("createPartitionsAssignment", () => {
  it.each(golden.createPartitions.map((c, i) => [i, c] as const))("createPartitionsAssignment() matches AdminZkClient.createNewPartitionsAssignment (case %i)", (_, c) => {
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
      expect(sortedEntries(run().assignment)).toEqual(c.result);
    }
  });

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
    expect(e.message).toBe("The number of partitions for a topic can only be increased. Topic orders currently has 2 partitions, 2 would not be an increase.");
  });

  it("createPartitionsAssignment() refuses an assignment without partition 0, as Kafka does", () => {
    const e = thrown(() => createPartitionsAssignment([{ id: 0 }, { id: 1 }], { 1: [0, 1] }, 3, { topic: "orders" }));
    expect([e.code, e.kafkaException]).toEqual(["missing_partition_zero", "AdminOperationException"]);
    expect(e.message).toBe("Unexpected existing replica assignment for topic 'orders', partition id 0 is missing.");
  });

  it("createPartitionsAssignment() refuses a partition 0 without replicas, whose replication factor is unknown", () => {
    const e = thrown(() => createPartitionsAssignment([{ id: 0 }], new Map([[0, []]]), 2, { topic: "orders" }));
    expect([e.code, e.kafkaException]).toEqual(["invalid_replication_factor", "NoSuchElementException"]);
  });

  it("createPartitionsAssignment() draws no random numbers: the same input gives the same assignment", () => {
    const brokers = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    const a = createPartitionsAssignment(brokers, { 0: [3, 4] }, 9).assignment;
    const b = createPartitionsAssignment([...brokers].reverse(), new Map([[0, [3, 4]]]), 9).assignment;
    expect(sortedEntries(b)).toEqual(sortedEntries(a));
    expect(a.get(1)?.[0]).toBe(4); // start index 2 (broker 3), partition 1: (1 + 2) % 4 → broker 4
  });
});

describe("zkBrokerMetadatas", () => {
  it("zkBrokerMetadatas() sorts brokers by id and keeps their racks when all have one", () => {
    expect(
      zkBrokerMetadatas([
        { id: 3, rack: "b" },
        { id: 1, rack: "a" },
        { id: 2, rack: "a" },
      ]),
    ).toEqual([
      { id: 1, rack: "a" },
      { id: 2, rack: "a" },
      { id: 3, rack: "b" },
    ]);
  });

  it("zkBrokerMetadatas() refuses partly missing racks when enforced, and drops them in safe or disabled mode", () => {
    const partly = [
      { id: 2, rack: "a" },
      { id: 1, rack: null },
    ];
    expect(thrown(() => zkBrokerMetadatas(partly)).message).toBe(
      "Not all brokers have rack information. Add --disable-rack-aware in command line to make replica assignment without rack information.",
    );
    expect(zkBrokerMetadatas(partly, "safe")).toEqual([
      { id: 1, rack: null },
      { id: 2, rack: null },
    ]);
    expect(
      zkBrokerMetadatas(
        [
          { id: 1, rack: "a" },
          { id: 2, rack: "b" },
        ],
        "safe",
      ),
    ).toEqual([
      { id: 1, rack: "a" },
      { id: 2, rack: "b" },
    ]);
    expect(
      zkBrokerMetadatas(
        [
          { id: 1, rack: "a" },
          { id: 2, rack: "b" },
        ],
        "disabled",
      ),
    ).toEqual([
      { id: 1, rack: null },
      { id: 2, rack: null },
    ]);
  });

  it("zkBrokerMetadatas() accepts brokers that all lack a rack", () => {
    expect(zkBrokerMetadatas([{ id: 2 }, { id: 1 }])).toEqual([
      { id: 1, rack: null },
      { id: 2, rack: null },
    ]);
  });
});
