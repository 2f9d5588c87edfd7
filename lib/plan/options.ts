/**
 * What the operator asks of the planner. One zod schema for `/api/plan`, the page and the tests.
 */
import { z } from "zod";

const MiB = 1024 * 1024;

/**
 * What the commands say for `--bootstrap-server` when the cluster's address is not known (the demo,
 * an import, a scenario): a placeholder the operator replaces, never a guess such as localhost:9092.
 */
export const BOOTSTRAP_PLACEHOLDER = "<bootstrap-servers>";

export const PlanOptionsSchema = z.strictObject({
  /** Which balancing to do; `both` runs them in `order`. */
  mode: z.enum(["intra", "inter", "both"]).default("both"),
  order: z.enum(["inter-first", "intra-first"]).default("inter-first"),
  /** Within a broker: equal bytes per dir, or equal utilisation (bytes split by capacity). */
  intraObjective: z.enum(["bytes", "utilization"]).default("utilization"),
  /** Across brokers: equal bytes or equal replica counts. */
  interObjective: z.enum(["bytes", "replicas"]).default("bytes"),
  /**
   * Stop when every dir is within this many utilisation points of its broker's mean (0.05 = 5 points),
   * or within this share of its target in `bytes` mode; brokers within this share of the mean.
   */
  tolerance: z.number().min(0.001, "tolerance must be at least 0.001").max(0.5, "tolerance must be at most 0.5").default(0.05),
  /** Never fill a dir above this utilisation (0.85 = 85%). */
  headroom: z.number().gt(0, "headroom must be above 0").max(1, "headroom is a share of capacity, at most 1").default(0.85),
  excludeTopics: z.array(z.string().min(1)).default([]),
  /** Stop once this many bytes would move (null = no cap). */
  maxBytesToMove: z.number().min(0).nullable().default(null),
  /** Allow moving the current or preferred leader between brokers (changes leadership). */
  moveLeaders: z.boolean().default(false),
  throttle: z
    .object({
      /** leader/follower.replication.throttled.rate for brokers in inter-broker moves (bytes/s). */
      replicationBytesPerSecond: z.number().int().min(1, "a replication throttle must be at least 1 byte/s").default(50 * MiB),
      /** replica.alter.log.dirs.io.max.bytes.per.second for brokers with dir moves (bytes/s). */
      alterLogDirsBytesPerSecond: z.number().int().min(1, "an alter-log-dirs throttle must be at least 1 byte/s").default(100 * MiB),
    })
    .default({ replicationBytesPerSecond: 50 * MiB, alterLogDirsBytesPerSecond: 100 * MiB }),
  /** Bootstrap address written into the generated commands (not used to connect); the placeholder when unknown. */
  bootstrapServer: z.string().min(1).default(BOOTSTRAP_PLACEHOLDER),
  maxMoves: z.number().int().min(1).max(1_000_000).default(200_000),
});
export type PlanOptions = z.infer<typeof PlanOptionsSchema>;
export type PlanOptionsInput = z.input<typeof PlanOptionsSchema>;
