export { planRebalance, maxDirDeviation, type Plan, type PlanMove } from "./planner";
export { BOOTSTRAP_PLACEHOLDER, PlanOptionsSchema, type PlanOptions, type PlanOptionsInput } from "./options";
export { formatReassignmentJson, parseReassignmentJson, currentAssignmentJson, ANY_LOG_DIR, type ReassignmentEntry, type ReassignmentParse } from "./reassignment-json";
export { estimateReassignment, moveSeconds, type DurationEstimate, type BrokerTransfer, type Rates } from "./estimate";
export { reassignPartitionsCommands, throttlePlan, type ThrottlePlan } from "./throttle-plan";
export { generateAssignment, GenerateError } from "./generate";
export { PlanRequestSchema, type PlanRequest } from "./request";
export { reviewReassignment, type AcceptedReview, type ReassignmentReview, type RefusedReview, type ReviewResult } from "./review";
export { outsideTolerance, snapshotOutsideTolerance, type OutsideTolerance } from "./tolerance";
