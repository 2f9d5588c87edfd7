import { describe, expect, it } from "vitest";
import { generateAssignment } from "@/lib/plan";
import { JavaRandom } from "@/lib/placement";
import { ClusterSnapshotSchema } from "@/lib/model/snapshot";

const cluster = (racks: Record<number, string | null>, topics: { name: string; partitions: number; rf: number }[]) =>
  ClusterSnapshotSchema.parse({
    schema: 1,
    capturedAt: "x",
    source: { kind: "import", label: "t" },
    brokers: Object.entries(racks).map(([id, rack]) => ({ id: Number(id), rack })),
    topics: topics.map((t) => ({
      name: t.name,
      partitions: Array.from({ length: t.partitions }, (_, p) => ({ id: p, replicas: Array.from({ length: t.rf }, (_, k) => ({ broker: k })) })),
    })),
  });

describe("generateAssignment()", () => {
  it("generateAssignment() refuses RF above the listed brokers (RP6)", () => {
    const snap = cluster({ 0: null, 1: null, 2: null }, [{ name: "foo", partitions: 1, rf: 3 }, { name: "bar", partitions: 1, rf: 3 }]);
    expect(() => generateAssignment(snap, ["foo", "bar"], [0, 1], { random: new JavaRandom(1) })).toThrow(/^Replication factor: 3 larger than available brokers: 2/);
  });

  it("generateAssignment() uses only the listed brokers (RP7)", () => {
    const snap = cluster({ 0: null, 1: null, 2: null, 3: null }, [{ name: "foo", partitions: 6, rf: 3 }, { name: "bar", partitions: 3, rf: 2 }]);
    const out = generateAssignment(snap, ["foo", "bar"], [0, 1, 3], { random: new JavaRandom(5) });
    for (const lists of out.values()) for (const l of lists) for (const b of l) expect([0, 1, 3]).toContain(b);
    expect(out.get("foo")!.every((l) => l.length === 3 && new Set(l).size === 3)).toBe(true);
  });

  it("generateAssignment() refuses a mix of racked and unracked brokers (RP8)", () => {
    const snap = cluster({ 0: "rack0", 1: "rack0", 2: null, 3: "rack1", 4: "rack1", 5: "rack2" }, [{ name: "foo", partitions: 1, rf: 1 }]);
    expect(() => generateAssignment(snap, ["foo"], [0, 1, 2, 3], { random: new JavaRandom(1) })).toThrow(/^Not all brokers have rack information\./);
    expect(() => generateAssignment(snap, ["foo"], [0, 1, 2, 3], { random: new JavaRandom(1), rackAware: false })).not.toThrow();
  });
});
