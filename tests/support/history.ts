// A small cluster for history tests: two brokers × two dirs, one dir growing steadily.
import { DAY_MS } from "@/lib/model/history-settings";
import { ClusterSnapshotSchema, type ClusterSnapshot } from "@/lib/model/snapshot";

export const T0 = Date.UTC(2026, 0, 1);
export const GiB = 1024 ** 3;

/**
 * Two brokers × two dirs. Broker 1's /d1 holds `grow(t)` bytes of topic "events" (plus 1 MiB of other
 * files on the disk); everything else is fixed. Broker 2 answers unless `down`.
 */
export function historyCluster(t: number, options: { down?: boolean; kafka?: number } = {}): ClusterSnapshot {
  const kafka = options.kafka ?? grow(t);
  return ClusterSnapshotSchema.parse({
    schema: 1,
    capturedAt: new Date(t).toISOString(),
    source: { kind: "kafka", label: "test" },
    brokers: [
      {
        id: 1,
        logDirs: [
          { path: "/d1", totalBytes: 100 * GiB, usableBytes: 100 * GiB - kafka - 1024 * 1024 },
          { path: "/d2", totalBytes: 100 * GiB, usableBytes: 90 * GiB },
        ],
      },
      options.down
        ? { id: 2, state: "unreachable", error: "connection refused", logDirs: [] }
        : { id: 2, logDirs: [{ path: "/d1" }, { path: "/d2", state: "offline", error: "KafkaStorageException" }] },
    ],
    topics: [
      {
        name: "events",
        partitions: [
          {
            id: 0,
            leader: 1,
            replicas: [
              { broker: 1, logDir: "/d1", sizeBytes: kafka },
              { broker: 2, logDir: options.down ? null : "/d1", sizeBytes: options.down ? null : kafka },
            ],
          },
        ],
      },
      { name: "audit", partitions: [{ id: 0, leader: 2, replicas: [{ broker: 1, logDir: "/d2", sizeBytes: 5 * GiB }] }] },
    ],
  });
}

/** 1 GiB a day, from 10 GiB at T0, in whole bytes. */
export const grow = (t: number) => 10 * GiB + Math.round(((t - T0) / DAY_MS) * GiB);
