/**
 * Scenario = base snapshot + policy + seed + ordered steps. One zod schema serves the engine, the
 * `/api/simulate` route and scenario links, so a bad field is named the same way everywhere.
 */
import { z } from "zod";
import { SnapshotInputSchema } from "../model/parse";
import { KAFKA_LINES } from "../model/kafka-versions";
import { PlanOptionsSchema } from "../plan/options";

const brokerId = z.number().int().min(0, "broker ids are non-negative integers");
const bytes = z.number().finite().min(0, "bytes cannot be negative");
const positiveInt = (what: string) => z.number().int(`${what} must be a whole number`).min(1, `${what} must be at least 1`);

export const BrokerPlacementSchema = z.enum(["kraft-striped", "zk-admin-utils"]);
export type BrokerPlacement = z.infer<typeof BrokerPlacementSchema>;

/** `kafka-count` is Kafka's rule; the other two are not Kafka's and exist for comparison. */
export const LogDirPlacementSchema = z.enum(["kafka-count", "least-bytes", "least-utilization"]);
export type LogDirPlacement = z.infer<typeof LogDirPlacementSchema>;

/** `auto`: each broker as the base says it runs (its own version, else the cluster's; the newest line it could be when unknown). */
export const SimulatedKafkaVersionSchema = z.enum(["auto", ...KAFKA_LINES]);
export type SimulatedKafkaVersion = z.infer<typeof SimulatedKafkaVersionSchema>;

/**
 * A stored link's policy may carry `tieOrder` instead of `kafkaVersion`: `scala-hash` (the Scala rule,
 * no cordons) reads as Kafka 4.2, `config` (the Java rule, cordons) as Kafka 4.4.
 */
function upgradeLegacyPolicy(input: unknown): unknown {
  if (input === null || typeof input !== "object" || Array.isArray(input) || !Object.hasOwn(input, "tieOrder")) return input;
  const { tieOrder, ...rest } = input as Record<string, unknown>;
  if (Object.hasOwn(rest, "kafkaVersion")) return rest;
  if (tieOrder === "scala-hash") return { ...rest, kafkaVersion: "4.2" };
  if (tieOrder === "config") return { ...rest, kafkaVersion: "4.4" };
  return input;
}

export const PolicySchema = z.preprocess(
  upgradeLegacyPolicy,
  z.strictObject({
    brokerPlacement: BrokerPlacementSchema.default("kraft-striped"),
    logDirPlacement: LogDirPlacementSchema.default("kafka-count"),
    /** Whose rules Kafka's count rule follows (tie order, cordons): a release line, or `auto` = the base's versions. */
    kafkaVersion: SimulatedKafkaVersionSchema.default("auto"),
  }),
);
export type Policy = z.infer<typeof PolicySchema>;

export const NewLogDirSchema = z.strictObject({
  path: z.string().min(1, "a log dir needs a path").startsWith("/", "log dir paths are absolute (start with /)"),
  totalBytes: bytes.nullable().default(null),
});

/** How big each new partition will grow: one size for all, a uniform spread, or a Zipf-like skew. */
export const SizeSpecSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("fixed"), bytes }),
  z.strictObject({ kind: z.literal("uniform"), min: bytes, max: bytes }).refine((s) => s.max >= s.min, { message: "max must be at least min", path: ["max"] }),
  /** Partition i (by rank) gets a share ∝ 1/(i+1)^exponent of `totalBytes`, ranks shuffled by the seed. */
  z.strictObject({ kind: z.literal("zipf"), totalBytes: bytes, exponent: z.number().min(0).max(5).default(1) }),
]);
export type SizeSpec = z.infer<typeof SizeSpecSchema>;

const topicName = z
  .string()
  .min(1, "a topic needs a name")
  .max(249, "topic names are at most 249 characters")
  .regex(/^[a-zA-Z0-9._-]+$/, "topic names use only letters, digits, '.', '_' and '-'")
  .refine((n) => n !== "." && n !== "..", "a topic cannot be named '.' or '..'");

/** One partition of a reassignment JSON (version 1), as `kafka-reassign-partitions` takes it. */
export const ReassignPartitionSchema = z.strictObject({
  topic: z.string().min(1),
  partition: z.number().int().min(0),
  replicas: z.array(brokerId).min(1, "Partition replica list cannot be empty"),
  /** Optional; "any" or an absolute dir per replica. */
  log_dirs: z.array(z.string().min(1)).optional(),
});

/**
 * What a `plan` step asks the planner: the operation and the goals, and what shapes the moves (how
 * close, how full, what to leave alone, how much to move). Throttles, the commands' bootstrap server,
 * the move limit and the `--generate` seed change no move, so a preview does not ask for them.
 */
export const PlanStepOptionsSchema = PlanOptionsSchema.pick({
  operation: true,
  goals: true,
  intraObjective: true,
  tolerance: true,
  headroom: true,
  excludeTopics: true,
  maxBytesToMove: true,
  moveLeaders: true,
});

export const StepSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("addBroker"),
    id: brokerId,
    rack: z.string().min(1).nullable().default(null),
    logDirs: z.array(NewLogDirSchema).min(1, "a broker needs at least one log dir"),
  }),
  z.strictObject({
    kind: z.literal("addLogDir"),
    /** A broker id, or "all" for every broker. */
    broker: z.union([brokerId, z.literal("all")]),
    path: NewLogDirSchema.shape.path,
    totalBytes: bytes.nullable().default(null),
  }),
  z.strictObject({ kind: z.literal("failLogDir"), broker: brokerId, path: z.string().min(1) }),
  z.strictObject({ kind: z.literal("cordonLogDir"), broker: brokerId, path: z.string().min(1), cordoned: z.boolean().default(true) }),
  z.strictObject({
    kind: z.literal("createTopic"),
    name: topicName,
    partitions: positiveInt("partitions"),
    replicationFactor: positiveInt("replicationFactor"),
    size: SizeSpecSchema.default({ kind: "fixed", bytes: 0 }),
    internal: z.boolean().default(false),
  }),
  z.strictObject({
    kind: z.literal("addPartitions"),
    topic: z.string().min(1),
    /** The new total partition count, as `kafka-topics --alter --partitions N` takes it. */
    totalPartitions: positiveInt("totalPartitions"),
    size: SizeSpecSchema.default({ kind: "fixed", bytes: 0 }),
  }),
  z.strictObject({
    kind: z.literal("growTopic"),
    topic: z.string().min(1),
    /** Bytes added to every partition (each replica grows by the same amount). */
    bytesPerPartition: bytes.default(0),
    /** Then every partition is multiplied by this factor. */
    factor: z.number().finite().min(0).default(1),
  }),
  z.strictObject({
    kind: z.literal("firstConsumerGroup"),
    /** 50: Kafka's default `offsets.topic.num.partitions`. */
    partitions: positiveInt("partitions").default(50),
    /** 3: Kafka's default `offsets.topic.replication.factor`. */
    replicationFactor: positiveInt("replicationFactor").default(3),
    /** Committed offsets are tiny and compacted. */
    bytesPerPartition: bytes.default(16 * 1024),
  }),
  z.strictObject({
    kind: z.literal("reassign"),
    /** Applied as completed: the cluster as it is once Kafka has finished the reassignment. */
    partitions: z.array(ReassignPartitionSchema).min(1, "Partition reassignment list cannot be empty"),
  }),
  z.strictObject({
    kind: z.literal("plan"),
    /** Planned on the cluster as it is at this step, and applied as completed: cordons, the reassignment, the election. */
    options: PlanStepOptionsSchema.default(PlanStepOptionsSchema.parse({})),
  }),
]);
export type Step = z.infer<typeof StepSchema>;
export type StepInput = z.input<typeof StepSchema>;
export type StepKind = Step["kind"];

export const ScenarioSchema = z.strictObject({
  base: SnapshotInputSchema,
  policy: PolicySchema.default({ brokerPlacement: "kraft-striped", logDirPlacement: "kafka-count", kafkaVersion: "auto" }),
  /** Seeds the placement RNG (java.util.Random, as the controller's) and the size generator. */
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(1),
  steps: z.array(StepSchema).max(1000, "a scenario has at most 1000 steps"),
});
export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioInput = z.input<typeof ScenarioSchema>;
