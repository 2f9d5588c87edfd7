/**
 * The product's founding story as data: three brokers that had one disk when the first consumer
 * group created `__consumer_offsets`, then got two more disks, then a topic of large partitions.
 */
import type { ClusterSnapshot } from "../../model/snapshot";
import type { StepInput } from "../schema";
import { GiB } from "../../model/units";

/** 512 GiB disks: large enough to be realistic, small enough that the skew shows as utilisation. */
export const STORY_DISK_BYTES = 512 * GiB;
/** A fixed capture time: presets are data, and the core never reads the clock. */
export const STORY_CAPTURED_AT = "2026-01-05T09:00:00.000Z";

export function storyBase(label: string, kind: ClusterSnapshot["source"]["kind"] = "scenario"): ClusterSnapshot {
  return {
    schema: 1,
    capturedAt: STORY_CAPTURED_AT,
    source: { kind, label, kafkaVersion: "4.4.0", clusterId: "demo-cluster-0001", warnings: [] },
    brokers: [1, 2, 3].map((id) => ({
      id,
      rack: null,
      host: `kafka-${id}.demo.internal`,
      port: 9092,
      state: "online" as const,
      error: null,
      logDirs: [{ path: "/data/d1", totalBytes: STORY_DISK_BYTES, usableBytes: STORY_DISK_BYTES, state: "online" as const, error: null }],
    })),
    topics: [],
    throttles: { defaults: { leader: null, follower: null, alterLogDirs: null }, brokers: [], topics: [], reassignments: [] },
  };
}

export const firstConsumerGroup: StepInput = { kind: "firstConsumerGroup", partitions: 50, replicationFactor: 3, bytesPerPartition: 16 * 1024 };

export const addTwoDisks: StepInput[] = [
  { kind: "addLogDir", broker: "all", path: "/data/d2", totalBytes: STORY_DISK_BYTES },
  { kind: "addLogDir", broker: "all", path: "/data/d3", totalBytes: STORY_DISK_BYTES },
];

/** 30 partitions × RF 2 of about 40 GiB: 20 replicas per broker, 800 GiB per broker. */
export const ordersTopic: StepInput = {
  kind: "createTopic",
  name: "orders",
  partitions: 30,
  replicationFactor: 2,
  size: { kind: "uniform", min: 36 * GiB, max: 44 * GiB },
};

/**
 * The workaround operators use: throw-away topics that pad the new disks up to the old disk's
 * partition count (50 per broker on each new disk: 100 partitions × RF 3 on 3 brokers).
 */
export const paddingTopic: StepInput = {
  kind: "createTopic",
  name: "padding-throwaway",
  partitions: 100,
  replicationFactor: 3,
  size: { kind: "fixed", bytes: 0 },
};
