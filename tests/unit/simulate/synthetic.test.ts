import { describe, expect, it } from "vitest";
import { ClusterSnapshotSchema } from "@/lib/model/snapshot";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { EDGE_DOUBLES } from "../../fixtures/extreme/doubles";

describe("syntheticCluster()", () => {
  it("syntheticCluster() gives a valid snapshot with finite sizes and capacities for any finite mean replica size", () => {
    for (const meanReplicaBytes of EDGE_DOUBLES.filter((x) => x >= 0)) {
      const snapshot = syntheticCluster({ brokers: 4, dirsPerBroker: 3, replicas: 60, meanReplicaBytes });
      expect(ClusterSnapshotSchema.safeParse(snapshot).success).toBe(true);
      for (const b of snapshot.brokers) for (const d of b.logDirs) expect(Number.isFinite(d.totalBytes!) && Number.isFinite(d.usableBytes!)).toBe(true);
      for (const t of snapshot.topics) for (const p of t.partitions) for (const r of p.replicas) expect(r.sizeBytes! <= Number.MAX_SAFE_INTEGER).toBe(true);
    }
  });
});
