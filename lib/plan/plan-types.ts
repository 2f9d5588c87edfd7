/**
 * The plan's shape: what `planRebalance` (planner.ts) returns and its parts — the moves, the
 * evacuation, leadership changes, cordons, the `--generate` comparison and what the snapshot has no
 * figures for. Types only; the planner and the files it is split into (plan-after.ts,
 * plan-warnings.ts, goal-reasons.ts, generate-comparison.ts) fill them in, and planner.ts re-exports them.
 */
import type { BalanceReport } from "../model/report";
import type { ClusterSnapshot } from "../model/snapshot";
import type { ReassignmentEntry } from "../model/reassignment-json";
import type { BatchSummary, ExecutionEstimate } from "./batches";
import type { GoalMeasure, GoalResult } from "./goals";
import type { InterStop } from "./inter-move";
import type { StuckReplica } from "./evacuate";
import type { LeadershipChange } from "./leadership";
import type { PlanOptions, SoftGoal } from "./options";
import type { ThrottlePlan } from "./throttle-plan";

export interface PlanMove {
  kind: "intra" | "inter";
  topic: string;
  partition: number;
  fromBroker: number;
  toBroker: number;
  fromDir: string | null;
  toDir: string;
  bytes: number;
}

export type PlanStop = InterStop;

export interface Evacuation {
  /** Replicas that had to leave (on removed brokers or drained dirs), and their bytes. */
  replicas: number;
  bytes: number;
  /** Replicas that could not leave, with why; at most MAX_STUCK_LISTED (planner.ts) listed. */
  stuck: StuckReplica[];
  stuckTotal: number;
}

export interface Leadership {
  /** Partitions whose preferred leader changes without a data move (a reorder), and from whom to whom. */
  changes: LeadershipChange[];
  /** `kafka-leader-election --path-to-json-file` input for those partitions. */
  electionJson: string;
  command: string;
}

export interface Cordon {
  broker: number;
  /** The broker's full `cordoned.log.dirs` after the change (existing cordons kept). */
  dirs: string[];
  command: string;
}

/**
 * What Kafka's `kafka-reassign-partitions --generate` would move for the same brokers (seeded), and
 * what it would leave undone: its after-state measured with the plan's own goals (generate-after.ts).
 */
export type GenerateComparison =
  | {
      bytes: number;
      replicas: number;
      placer: "admin-utils" | "striped";
      /** Each chosen goal on the cluster once its proposal has run, in priority order. */
      goals: { goal: SoftGoal; met: boolean; measure: GoalMeasure }[];
      /** Replicas it leaves on the brokers being removed or in the dirs being drained (it drains no dir). */
      leftBehind: number;
      /** Partitions it could not place (left out of its after-state). */
      unplaced: number;
    }
  | { error: string };

/** What the snapshot has no figures for: offline dirs, and brokers that did not answer or are known only by name. */
export interface Unmeasured {
  dirs: { broker: number; path: string; error: string | null }[];
  brokers: { id: number; state: "unreachable" | "unknown" }[];
}

export interface Plan {
  options: PlanOptions;
  moves: PlanMove[];
  entries: ReassignmentEntry[];
  reassignmentJson: string;
  /** The current assignment of every partition in the plan, to roll back with. */
  rollbackJson: string;
  bytesMoved: { intra: number; inter: number; total: number };
  /** The fewest bytes any plan must move for the byte goals chosen and the operation (lower-bound.ts). */
  lowerBound: number;
  /** Each chosen soft goal in priority order: met or not, before and after, and why not. */
  goals: GoalResult[];
  /** Why the balancing passes stopped (the worst of them). */
  stoppedBecause: PlanStop;
  evacuation: Evacuation | null;
  leadership: Leadership;
  cordons: Cordon[];
  kafkaGenerate: GenerateComparison;
  before: BalanceReport;
  after: BalanceReport;
  afterSnapshot: ClusterSnapshot;
  /** After the plan, the largest |dir utilisation − its broker's utilisation|, in points (0.05 = 5), over dirs of known capacity. */
  maxDirDeviation: number;
  /**
   * The dirs by the dir goal's own measure and tolerance (goals.ts), before and after, whether or not
   * the goal was chosen: what the page's dir headline shows, so it never disagrees with the goals table.
   */
  dirs: { before: GoalMeasure; after: GoalMeasure };
  /** Dirs and brokers the snapshot has no figures for (the plan moves nothing into or out of them). */
  unmeasured: Unmeasured;
  throttles: ThrottlePlan;
  /** How the apply runs it: batches bounded per broker (options.execution), leadership changes last. */
  batches: BatchSummary[];
  /** The batches one after another, with the job's own steps. */
  estimate: ExecutionEstimate;
  /** What the operator should know beyond the goals, most severe first: offline dirs and absent brokers, topics that are not there, partitions left alone. */
  warnings: string[];
}
