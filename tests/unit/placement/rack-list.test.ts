import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JavaRandom, MockRandom, RackList, compareOptionalStrings, type RandomSource } from "@/lib/placement";
import { PROPERTY_TIMEOUT, thrown, usable } from "@/tests/support/placement";

describe("RackList (Kafka's StripedReplicaPlacerTest)", () => {
  it("place() avoids fenced brokers on a single rack while it can (testRackListWithInvalidRacks)", () => {
    const rackList = new RackList(
      new MockRandom(),
      usable([
        [11, "1", false],
        [10, "1", false],
        [30, "3", true],
        [31, "3", true],
        [20, "2", true],
        [21, "2", true],
        [41, "4", false],
        [40, "4", true],
      ]),
    );
    expect(rackList.numTotalBrokers).toBe(8);
    expect(rackList.numUnfencedBrokers).toBe(3);
    expect(rackList.rackNames()).toEqual(["1", "2", "3", "4"]);
    expect(rackList.place(4)).toEqual([41, 11, 21, 30]);
    expect(rackList.place(4)).toEqual([10, 20, 31, 41]);
    expect(rackList.place(4)).toEqual([41, 21, 30, 11]);
  });

  it("place() checks rf > 0, then the broker count, then fencing (RackList order)", () => {
    const rackList = new RackList(
      new MockRandom(),
      usable([
        [0, null, true],
        [1, null, true],
      ]),
    );
    expect(thrown(() => rackList.place(-1)).message).toBe("Invalid replication factor -1: the replication factor must be positive.");
    expect(thrown(() => rackList.place(3)).code).toBe("invalid_replication_factor");
    expect(thrown(() => rackList.place(2)).code).toBe("all_brokers_fenced");
  });

  it("RackList() initializes racks in HashMap order, fenced list before unfenced, then draws the rack offset", () => {
    const bounds: number[] = [];
    const spy: RandomSource = { nextInt: (b) => (bounds.push(b), 0) };
    // Racks "4" then "1" inserted; HashMap order is "1" (2 unfenced, 1 fenced) then "4" (3 unfenced).
    new RackList(
      spy,
      usable([
        [40, "4", false],
        [41, "4", false],
        [42, "4", false],
        [10, "1", false],
        [11, "1", false],
        [12, "1", true],
      ]),
    );
    expect(bounds).toEqual([1, 2, 3, 2]);
  });

  it("compareOptionalStrings() sorts no-rack first, then by UTF-16 code units", () => {
    expect(["b" as string | null, null, "B", "a"].sort(compareOptionalStrings)).toEqual([null, "B", "a", "b"]);
  });

  it("place() on one rack leads each round of placements with every unfenced broker once", PROPERTY_TIMEOUT, () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), fc.integer(), fc.integer({ min: 1, max: 4 }), (fencedFlags, seed, rounds) => {
        fc.pre(fencedFlags.some((f) => !f));
        const brokers = fencedFlags.map((fenced, i) => ({ id: i, rack: null, fenced }));
        const unfenced = brokers.filter((b) => !b.fenced).map((b) => b.id);
        const rackList = new RackList(new JavaRandom(seed), brokers);
        for (let r = 0; r < rounds; r++) {
          const leaders = unfenced.map(() => rackList.place(1)[0]!);
          expect([...leaders].sort((x, y) => x - y)).toEqual(unfenced);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("rackNames() lists no-rack first, then racks in String#compareTo order", () => {
    const rackList = new RackList(
      new MockRandom(),
      usable([
        [1, "b", false],
        [2, null, false],
        [3, "B", false],
        [4, "a", false],
      ]),
    );
    expect(rackList.rackNames()).toEqual([null, "B", "a", "b"]);
  });

  it("RackList.place() refuses with the wording it was built with", () => {
    const rackList = new RackList(new MockRandom(), usable([[1, null, false]]), { cordonedLogDirs: true });
    expect(thrown(() => rackList.place(2)).message).toBe(
      "The target replication factor of 2 cannot be reached because only 1 broker(s) are registered or some brokers have all their log directories cordoned.",
    );
    expect(thrown(() => new RackList(new MockRandom(), usable([[1, null, true]]), { cordonedLogDirs: true }).place(1)).message).toBe(
      "All brokers are currently fenced, or have all their log directories cordoned.",
    );
  });
});
