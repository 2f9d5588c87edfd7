import { describe, expect, it } from "vitest";
import { generateAssignment } from "@/lib/plan";
import { assignReplicasToBrokers, JavaRandom, stripedPlacement } from "@/lib/placement";
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
  it("generateAssignment() proposes with AdminUtils up to Kafka 4.0 and with the striped placer from 4.1", () => {
    const snap = cluster({ 0: null, 1: null, 2: null, 3: null }, [{ name: "foo", partitions: 8, rf: 2 }]);
    const brokers = [0, 1, 2, 3].map((id) => ({ id, rack: null }));
    expect(generateAssignment(snap, ["foo"], [0, 1, 2, 3], { random: new JavaRandom(3), kafkaVersion: "4.0" }).get("foo")).toEqual([
      ...assignReplicasToBrokers(brokers, 8, 2, { random: new JavaRandom(3) }).values(),
    ]);
    for (const version of ["4.1", "4.4.0"]) {
      expect(generateAssignment(snap, ["foo"], [0, 1, 2, 3], { random: new JavaRandom(3), kafkaVersion: version }).get("foo")).toEqual(
        stripedPlacement(
          brokers.map((b) => ({ ...b, fenced: false })),
          8,
          2,
          new JavaRandom(3),
        ),
      );
    }
    expect(generateAssignment(snap, ["foo"], [0, 1, 2, 3], { random: new JavaRandom(3), kafkaVersion: "4.0" })).not.toEqual(
      generateAssignment(snap, ["foo"], [0, 1, 2, 3], { random: new JavaRandom(3), kafkaVersion: "4.1" }),
    );
    // Without a version argument, the snapshot's own version decides.
    const old = { ...snap, source: { ...snap.source, kafkaVersion: "3.9" } };
    expect(generateAssignment(old, ["foo"], [0, 1, 2, 3], { random: new JavaRandom(3) })).toEqual(
      generateAssignment(snap, ["foo"], [0, 1, 2, 3], { random: new JavaRandom(3), kafkaVersion: "4.0" }),
    );
  });

  it("generateAssignment() refuses RF above the listed brokers (RP6)", () => {
    const snap = cluster({ 0: null, 1: null, 2: null }, [
      { name: "foo", partitions: 1, rf: 3 },
      { name: "bar", partitions: 1, rf: 3 },
    ]);
    expect(() => generateAssignment(snap, ["foo", "bar"], [0, 1], { random: new JavaRandom(1), kafkaVersion: "4.0" })).toThrow(
      /^Replication factor: 3 larger than available brokers: 2/,
    );
  });

  it("generateAssignment() refuses RF above the listed brokers in the striped placer's words of the tool's release", () => {
    const snap = cluster({ 0: null, 1: null, 2: null }, [{ name: "foo", partitions: 1, rf: 3 }]);
    const refusal = (kafkaVersion: string) => {
      try {
        generateAssignment(snap, ["foo"], [0, 1], { random: new JavaRandom(1), kafkaVersion });
      } catch (e) {
        return (e as Error).message;
      }
      return null;
    };
    expect(refusal("4.2")).toBe("The target replication factor of 3 cannot be reached because only 2 broker(s) are registered.");
    for (const version of ["4.3.1", "4.4.0"]) {
      expect(refusal(version)).toBe(
        "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered or some brokers have all their log directories cordoned.",
      );
    }
  });

  it("generateAssignment() uses only the listed brokers (RP7)", () => {
    const snap = cluster({ 0: null, 1: null, 2: null, 3: null }, [
      { name: "foo", partitions: 6, rf: 3 },
      { name: "bar", partitions: 3, rf: 2 },
    ]);
    const out = generateAssignment(snap, ["foo", "bar"], [0, 1, 3], { random: new JavaRandom(5), kafkaVersion: "4.0" });
    for (const lists of out.values()) for (const l of lists) for (const b of l) expect([0, 1, 3]).toContain(b);
    expect(out.get("foo")!.every((l) => l.length === 3 && new Set(l).size === 3)).toBe(true);
  });

  it("generateAssignment() refuses a mix of racked and unracked brokers (RP8)", () => {
    const snap = cluster({ 0: "rack0", 1: "rack0", 2: null, 3: "rack1", 4: "rack1", 5: "rack2" }, [{ name: "foo", partitions: 1, rf: 1 }]);
    expect(() => generateAssignment(snap, ["foo"], [0, 1, 2, 3], { random: new JavaRandom(1), kafkaVersion: "4.0" })).toThrow(/^Not all brokers have rack information\./);
    expect(() => generateAssignment(snap, ["foo"], [0, 1, 2, 3], { random: new JavaRandom(1), rackAware: false, kafkaVersion: "4.0" })).not.toThrow();
  });
});
