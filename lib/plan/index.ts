export {
  planRebalance,
  maxDirDeviation,
  MAX_STUCK_LISTED,
  type Plan,
  type PlanMove,
  type PlanStop,
  type Evacuation,
  type Leadership,
  type Cordon,
  type GenerateComparison,
} from "./planner";
export {
  BOOTSTRAP_PLACEHOLDER,
  PlanOptionsSchema,
  SOFT_GOALS,
  OPERATION_KINDS,
  upgradeLegacyPlanOptions,
  type PlanOptions,
  type PlanOptionsInput,
  type SoftGoal,
  type Operation,
  type OperationKind,
} from "./options";
export { formatReassignmentJson, parseReassignmentJson, currentAssignmentJson, ANY_LOG_DIR, type ReassignmentEntry, type ReassignmentParse } from "../model/reassignment-json";
export {
  batchOverheadSeconds,
  DEFAULT_POLL_SECONDS,
  estimateReassignment,
  fetchEfficiency,
  JOB_FINISH_SECONDS,
  jobSeconds,
  moveSeconds,
  type BrokerTransfer,
  type DurationEstimate,
  type JobOptions,
  type Rates,
} from "./estimate";
export { reassignPartitionsCommands, throttlePlan, type ThrottlePlan } from "./throttle-plan";
export { generateAssignment, GenerateError } from "./generate";
export { PlanRequestSchema } from "./request";
export { outsideTolerance, snapshotOutsideTolerance, type OutsideTolerance } from "./tolerance";
export { GOAL_LABELS, GOAL_NAMES, type GoalResult, type GoalMeasure } from "./goals";
export {
  planBatches,
  entryWork,
  estimateExecution,
  batchSummaries,
  DEFAULT_EXECUTION,
  DEFAULT_TIMING,
  EXECUTION_ORDERS,
  type ExecutionBatch,
  type ExecutionLimits,
  type ExecutionOrder,
  type ExecutionEstimate,
  type BatchSummary,
  type EntryWork,
} from "./batches";
