/**
 * What the operator asks of the planner. One zod schema for `/api/plan`, the page, the simulator's
 * `plan` step, shared links and the tests.
 *
 * - `operation`: what the plan is for. `rebalance` evens out the whole cluster; `add-brokers` fills the
 *   listed (new) brokers and moves nothing between the others; `remove-brokers` moves every replica off
 *   the listed brokers (decommission) and balances what is left; `drain-dirs` empties the listed log
 *   dirs, preferring other dirs of the same broker, and cordons them first where the broker's Kafka
 *   version has `cordoned.log.dirs` (4.3+).
 * - `goals`: the soft goals, highest priority first (SOFT_GOALS, lib/plan/goals.ts says how each is
 *   measured). A move made for one goal never worsens a goal ranked above it.
 */
import { z } from "zod";
import { DEFAULT_EXECUTION, EXECUTION_ORDERS } from "./batches";
import { MiB } from "../model/units";

/**
 * What the commands say for `--bootstrap-server` when the cluster's address is not known (the demo,
 * an import, a scenario): a placeholder the operator replaces, never a guess such as localhost:9092.
 */
export const BOOTSTRAP_PLACEHOLDER = "<bootstrap-servers>";

/** The soft goals, in their default priority. */
export const SOFT_GOALS = ["dir-utilization", "broker-bytes", "broker-replicas", "broker-leaders", "topic-spread"] as const;
export const SoftGoalSchema = z.enum(SOFT_GOALS);
export type SoftGoal = z.infer<typeof SoftGoalSchema>;

export const OPERATION_KINDS = ["rebalance", "add-brokers", "remove-brokers", "drain-dirs"] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

const brokerId = z.number().int().min(0, "broker ids are non-negative integers");
const brokerList = (what: string) =>
  z
    .array(brokerId)
    .min(1, `name at least one broker to ${what}`)
    .max(10_000, "at most 10,000 brokers")
    .refine((ids) => new Set(ids).size === ids.length, "each broker is listed once");

export const DrainDirSchema = z.strictObject({
  broker: brokerId,
  path: z.string().min(1, "a log dir needs a path").max(4096, "a log dir path is at most 4,096 characters"),
});
export type DrainDir = z.infer<typeof DrainDirSchema>;

export const OperationSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("rebalance") }),
  z.strictObject({ kind: z.literal("add-brokers"), brokers: brokerList("fill") }),
  z.strictObject({ kind: z.literal("remove-brokers"), brokers: brokerList("remove") }),
  z.strictObject({
    kind: z.literal("drain-dirs"),
    dirs: z
      .array(DrainDirSchema)
      .min(1, "name at least one log dir to drain")
      .max(10_000, "at most 10,000 log dirs")
      .refine((ds) => new Set(ds.map((d) => `${d.broker}\u0000${d.path}`)).size === ds.length, "each log dir is listed once"),
    /** Cordon the dirs (`cordoned.log.dirs`) before moving, so Kafka puts no new partition in them; only brokers on 4.3+ have cordons. */
    cordon: z.boolean().default(true),
  }),
]);
export type Operation = z.infer<typeof OperationSchema>;

export const PlanOptionsSchema = z.strictObject({
  operation: OperationSchema.default({ kind: "rebalance" }),
  /** Soft goals, highest priority first; an empty list balances nothing (an evacuation still moves what it must). */
  goals: z
    .array(SoftGoalSchema)
    .max(SOFT_GOALS.length)
    .refine((gs) => new Set(gs).size === gs.length, "each goal is listed once")
    .default([...SOFT_GOALS]),
  /** Within a broker: equal utilisation (bytes split by capacity), or equal Kafka bytes per dir. */
  intraObjective: z.enum(["bytes", "utilization"]).default("utilization"),
  /**
   * How close is balanced: every dir within this many utilisation points of its broker's (0.05 = 5
   * points; in `bytes` mode this share of its target); broker bytes, replicas and leaders, and each
   * topic's replicas per broker, within this share of the mean (counts rounded outwards).
   */
  tolerance: z.number().min(0.001, "tolerance must be at least 0.001").max(0.5, "tolerance must be at most 0.5").default(0.05),
  /** Never fill a dir above this utilisation (0.85 = 85%). */
  headroom: z.number().gt(0, "headroom must be above 0").max(1, "headroom is a share of capacity, at most 1").default(0.85),
  excludeTopics: z.array(z.string().min(1)).default([]),
  /** Stop once this many bytes would move (null = no cap). Evacuations count against it too. */
  maxBytesToMove: z.number().min(0).nullable().default(null),
  /**
   * Allow moving the current or preferred leader's replica to another broker (a leadership change
   * while data moves). Replicas that must leave (a removed broker, a drained dir) always may, and so
   * may a leader's replica in a partition whose leadership the plan hands to another replica anyway
   * (docs/planner.md).
   */
  moveLeaders: z.boolean().default(false),
  throttle: z
    .strictObject({
      /** leader/follower.replication.throttled.rate for brokers in inter-broker moves (bytes/s). */
      replicationBytesPerSecond: z
        .number()
        .int()
        .min(1, "a replication throttle must be at least 1 byte/s")
        .default(50 * MiB),
      /** replica.alter.log.dirs.io.max.bytes.per.second for brokers with dir moves (bytes/s). */
      alterLogDirsBytesPerSecond: z
        .number()
        .int()
        .min(1, "an alter-log-dirs throttle must be at least 1 byte/s")
        .default(100 * MiB),
    })
    .default({ replicationBytesPerSecond: 50 * MiB, alterLogDirsBytesPerSecond: 100 * MiB }),
  /**
   * How the apply runs the plan: at most this many partition movements into or out of a broker and
   * dir moves inside one at a time, in this order (lib/plan/batches.ts). Cruise Control's defaults.
   */
  execution: z
    .strictObject({
      partitionMovesPerBroker: z
        .number()
        .int()
        .min(1, "at least 1 partition movement per broker")
        .max(1000, "at most 1000 partition movements per broker")
        .default(DEFAULT_EXECUTION.partitionMovesPerBroker),
      dirMovesPerBroker: z.number().int().min(1, "at least 1 dir move per broker").max(100, "at most 100 dir moves per broker").default(DEFAULT_EXECUTION.dirMovesPerBroker),
      leaderMovesPerBatch: z
        .number()
        .int()
        .min(1, "at least 1 leadership change per batch")
        .max(100_000, "at most 100,000 leadership changes per batch")
        .default(DEFAULT_EXECUTION.leaderMovesPerBatch),
      order: z.enum(EXECUTION_ORDERS).default(DEFAULT_EXECUTION.order),
    })
    .default({ ...DEFAULT_EXECUTION }),
  /** Bootstrap address written into the generated commands (not used to connect); the placeholder when unknown. */
  bootstrapServer: z.string().min(1).default(BOOTSTRAP_PLACEHOLDER),
  maxMoves: z.number().int().min(1).max(5_000_000).default(1_000_000),
  /** Seeds the comparison with Kafka's own `--generate` (it starts at a random broker). */
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(1),
});
export type PlanOptions = z.infer<typeof PlanOptionsSchema>;
export type PlanOptionsInput = z.input<typeof PlanOptionsSchema>;

/**
 * Options as planner links made before goals existed stored them (`mode`, `order`, `interObjective`),
 * in today's form: `intra` balanced dirs, `inter` bytes or replica counts across brokers, `both` the two.
 * Anything else is returned as it is, for the schema to judge.
 */
export function upgradeLegacyPlanOptions(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const raw = input as Record<string, unknown>;
  if (!("mode" in raw || "order" in raw || "interObjective" in raw)) return input;
  const { mode, order: _order, interObjective, ...rest } = raw;
  const broker: SoftGoal = interObjective === "replicas" ? "broker-replicas" : "broker-bytes";
  const goals: SoftGoal[] = mode === "intra" ? ["dir-utilization"] : mode === "inter" ? [broker] : ["dir-utilization", broker];
  return { goals, ...rest };
}
