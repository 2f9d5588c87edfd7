/**
 * The ClusterSnapshot: the one data model every part of Kafka Balance passes around.
 *
 * Invariants:
 * - Plain JSON: numbers for bytes (exact up to 2^53, about 9 PB), ISO strings for time, no Maps.
 * - `schema` is a version number. A reader accepts every version it ever wrote and upgrades it
 *   (see `parseSnapshot`), so a shared link keeps opening after the schema grows.
 * - A replica's `logDir` is the path as the broker reports it (absolute, not normalised), or null
 *   when unknown (e.g. an import without `kafka-log-dirs` data for that broker).
 * - Topic and partition order carries no meaning; `replicas` order does (the first is the preferred
 *   leader).
 */
import { z } from "zod";

export const SNAPSHOT_SCHEMA_VERSION = 1 as const;

const brokerId = z.number().int().min(0, "broker ids are non-negative integers");
const bytes = z.number().finite().min(0, "byte counts cannot be negative");
const rate = z.number().finite().min(0, "a throttle rate is bytes per second, 0 or more");

export const LogDirStateSchema = z.enum(["online", "offline", "cordoned"]);
export type LogDirState = z.infer<typeof LogDirStateSchema>;

export const LogDirSchema = z.strictObject({
  path: z.string().min(1, "a log dir needs a path"),
  /** Capacity from DescribeLogDirs v4 (Kafka 3.3+), or null when unknown. */
  totalBytes: bytes.nullable().default(null),
  usableBytes: bytes.nullable().default(null),
  state: LogDirStateSchema.default("online"),
  /** The error the broker reported for this dir (e.g. KAFKA_STORAGE_ERROR), if any. */
  error: z.string().nullable().default(null),
  /**
   * The disk (filesystem) this dir is on, when the operator said so (KAFKA_BALANCE_DISKS, written by the
   * reader); absent: detected from the figures (lib/model/disks.ts). Optional: older snapshots have none.
   */
  disk: z.string().min(1).nullish(),
});
export type LogDir = z.infer<typeof LogDirSchema>;

/**
 * - `online`: the broker answered, and its dirs and sizes are as it reported them.
 * - `unreachable`: the cluster lists the broker but it did not answer (its dirs and sizes are missing).
 * - `unknown`: the snapshot knows the broker only because partitions are assigned to it (an import
 *   whose kafka-topics output names it and whose kafka-log-dirs output does not): whether it runs,
 *   which dirs it has and how many bytes it holds are not known.
 */
export const BrokerStateSchema = z.enum(["online", "unreachable", "unknown"]);
export type BrokerState = z.infer<typeof BrokerStateSchema>;

export const BrokerSchema = z.strictObject({
  id: brokerId,
  rack: z.string().nullable().default(null),
  host: z.string().nullable().default(null),
  port: z.number().int().nullable().default(null),
  state: BrokerStateSchema.default("online"),
  /** Why the broker is unreachable or unknown, in words an operator can act on. */
  error: z.string().nullable().default(null),
  /**
   * The Kafka version this broker runs when the reader could tell ("4.3", "4.3 or 4.4"; see
   * lib/model/kafka-versions.ts), else null: then the cluster's `source.kafkaVersion` stands for it.
   * Brokers of a fleet mid-upgrade differ, and each places new logs by its own version's rule.
   * Optional: snapshots written before the reader told brokers apart have none.
   */
  kafkaVersion: z.string().nullish(),
  logDirs: z.array(LogDirSchema).default([]),
});
export type Broker = z.infer<typeof BrokerSchema>;

export const FutureReplicaSchema = z.strictObject({
  logDir: z.string().min(1),
  sizeBytes: bytes.nullable().default(null),
  offsetLag: z.number().nullable().default(null),
});
export type FutureReplica = z.infer<typeof FutureReplicaSchema>;

export const ReplicaSchema = z.strictObject({
  broker: brokerId,
  logDir: z.string().nullable().default(null),
  sizeBytes: bytes.nullable().default(null),
  offsetLag: z.number().nullable().default(null),
  /** A KIP-113 move in progress: the `-future` copy being written in another dir of this broker. */
  future: FutureReplicaSchema.nullable().default(null),
});
export type Replica = z.infer<typeof ReplicaSchema>;

export const PartitionSchema = z.strictObject({
  id: z.number().int().min(0),
  replicas: z.array(ReplicaSchema),
  /** Current leader, or null when the partition has none (-1 in Kafka). */
  leader: brokerId.nullable().default(null),
  isr: z.array(brokerId).default([]),
  adding: z.array(brokerId).default([]),
  removing: z.array(brokerId).default([]),
  offline: z.array(brokerId).default([]),
});
export type Partition = z.infer<typeof PartitionSchema>;

export const TopicSchema = z.strictObject({
  name: z.string().min(1, "a topic needs a name"),
  internal: z.boolean().default(false),
  topicId: z.string().nullable().default(null),
  /**
   * The topic's effective `min.insync.replicas` (its own override or the broker default) when the reader
   * could read it, else null or absent: unknown, never assumed. Optional: snapshots written before it have none.
   */
  minInsyncReplicas: z.number().int().min(1).nullish(),
  partitions: z.array(PartitionSchema),
});
export type Topic = z.infer<typeof TopicSchema>;

export const ThrottleRatesSchema = z.strictObject({
  /** `leader.replication.throttled.rate`; null = not set (Kafka treats it as unlimited). */
  leader: rate.nullable().default(null),
  /** `follower.replication.throttled.rate`. */
  follower: rate.nullable().default(null),
  /** `replica.alter.log.dirs.io.max.bytes.per.second`. */
  alterLogDirs: rate.nullable().default(null),
});
export type ThrottleRates = z.infer<typeof ThrottleRatesSchema>;

export const BrokerThrottleSchema = ThrottleRatesSchema.extend({ broker: brokerId });
/** @public */
export type BrokerThrottle = z.infer<typeof BrokerThrottleSchema>;

export const TopicThrottleSchema = z.strictObject({
  topic: z.string().min(1),
  /** Raw `leader.replication.throttled.replicas` value, or null when not set. */
  leaderReplicas: z.string().nullable().default(null),
  /** Raw `follower.replication.throttled.replicas` value, or null when not set. */
  followerReplicas: z.string().nullable().default(null),
});
/** @public */
export type TopicThrottle = z.infer<typeof TopicThrottleSchema>;

export const ReassignmentSchema = z.strictObject({
  topic: z.string().min(1),
  partition: z.number().int().min(0),
  replicas: z.array(brokerId),
  adding: z.array(brokerId).default([]),
  removing: z.array(brokerId).default([]),
});
/** @public */
export type Reassignment = z.infer<typeof ReassignmentSchema>;

export const ThrottlesSchema = z.strictObject({
  /** Dynamic cluster defaults (the `<default>` broker entity). */
  defaults: ThrottleRatesSchema.default({ leader: null, follower: null, alterLogDirs: null }),
  brokers: z.array(BrokerThrottleSchema).default([]),
  topics: z.array(TopicThrottleSchema).default([]),
  reassignments: z.array(ReassignmentSchema).default([]),
});
export type Throttles = z.infer<typeof ThrottlesSchema>;

export const SourceKindSchema = z.enum(["kafka", "import", "demo", "scenario"]);
export type SourceKind = z.infer<typeof SourceKindSchema>;

/** The facts a source may or may not carry (lib/model/facts.ts reads them). */
export const FACTS = ["throttles", "reassignments", "leadership", "racks", "capacity", "kafkaVersion", "cordons"] as const;
export type Fact = (typeof FACTS)[number];

export const SourceSchema = z.strictObject({
  kind: SourceKindSchema,
  label: z.string(),
  /** A version label ("4.3", "4.x", "4.3 and 4.4" for a mixed fleet; lib/model/kafka-versions.ts reads it), or null when unknown. */
  kafkaVersion: z.string().nullable().default(null),
  /** How the cluster keeps its metadata, when the reader could tell: ZooKeeper clusters (3.x) place new topics with AdminUtils. */
  metadataMode: z.enum(["kraft", "zookeeper"]).nullish(),
  clusterId: z.string().nullable().default(null),
  /**
   * What the reader could not read, in words (e.g. "Throttle configs could not be read: …"): the
   * figures that depend on it may be incomplete. Empty when everything was read.
   */
  warnings: z.array(z.string()).default([]),
  /**
   * The facts this source did not carry (an import of kafka-log-dirs output carries no configs):
   * unknown, not "none". Left out by snapshots written before it existed (lib/model/facts.ts derives them).
   */
  unknownFacts: z.array(z.enum(FACTS)).nullish(),
});
export type Source = z.infer<typeof SourceSchema>;

export const ClusterSnapshotSchema = z.strictObject({
  schema: z.literal(SNAPSHOT_SCHEMA_VERSION),
  capturedAt: z.string().min(1, "capturedAt is an ISO-8601 time"),
  source: SourceSchema,
  brokers: z.array(BrokerSchema),
  topics: z.array(TopicSchema),
  throttles: ThrottlesSchema.default({ defaults: { leader: null, follower: null, alterLogDirs: null }, brokers: [], topics: [], reassignments: [] }),
});
export type ClusterSnapshot = z.infer<typeof ClusterSnapshotSchema>;
/** What callers may write: defaults filled in by the schema may be left out. */
export type ClusterSnapshotInput = z.input<typeof ClusterSnapshotSchema>;

export function emptyThrottles(): Throttles {
  return { defaults: { leader: null, follower: null, alterLogDirs: null }, brokers: [], topics: [], reassignments: [] };
}
