import { describe, expect, it } from "vitest";
import { PlanState } from "@/lib/plan/plan-state";
import { countedSize, countReplica } from "@/lib/plan/replica-counts";
import { cluster, GiB } from "@/tests/support/snapshots";

describe("countReplica()", () => {
  it("countReplica() adds a replica to its broker, its dir and future dir, and its topic's count on the broker", () => {
    const s = PlanState.forMeasuring(
      cluster({
        brokers: [
          { id: 1, dirs: ["/d1"] },
          { id: 3, dirs: ["/d1", "/d2"] },
        ],
        partitions: [{ topic: "t", partition: 0, replicas: [[1, "/d1", 2 * GiB]] }],
      }),
    );
    const counts = s.topicCounts.get("t")!;
    const broker = s.brokers.get(3)!;
    countReplica(s.brokers, counts, 3, "/d1", 4 * GiB, { logDir: "/d2", sizeBytes: GiB, offsetLag: 0 });
    expect([counts.get(3), broker.bytes, broker.count, broker.byPath.get("/d1")!.bytes, broker.byPath.get("/d2")!.bytes]).toEqual([1, 4 * GiB, 1, 4 * GiB, GiB]);
    countReplica(s.brokers, counts, 3, "/d2", 3 * GiB, null);
    expect([counts.get(3), broker.bytes, broker.count, broker.byPath.get("/d2")!.bytes]).toEqual([2, 7 * GiB, 2, 4 * GiB]);
    // A broker the snapshot does not list counts nothing.
    countReplica(s.brokers, counts, 9, "/d1", GiB, null);
    expect(counts.has(9)).toBe(false);
  });

  it("countedSize() is a replica's size, or its partition's copy size on a broker that did not answer", () => {
    const snap = cluster({
      brokers: [
        { id: 1, dirs: ["/d1"] },
        { id: 2, dirs: ["/d1"], state: "unreachable" },
      ],
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [1, "/d1", 6 * GiB],
            [2, "/d1", 0],
          ],
        },
      ],
    });
    const p = snap.topics[0]!.partitions[0]!;
    p.replicas[1]!.sizeBytes = null;
    const s = PlanState.forMeasuring(snap);
    expect(countedSize(s.brokers, p, p.replicas[0]!)).toBe(6 * GiB);
    expect(countedSize(s.brokers, p, p.replicas[1]!)).toBe(6 * GiB);
    expect(countedSize(s.brokers, p, { ...p.replicas[0]!, sizeBytes: null })).toBe(0);
  });
});
