export { planRebalance, maxDirDeviation, type Plan, type PlanMove } from "./planner";
export { PlanOptionsSchema, type PlanOptions, type PlanOptionsInput } from "./options";
export { formatReassignmentJson, parseReassignmentJson, currentAssignmentJson, ANY_LOG_DIR, type ReassignmentEntry, type ReassignmentParse } from "./reassignment-json";
export { estimateReassignment, type DurationEstimate, type BrokerTransfer, type Rates } from "./estimate";
export { throttlePlan, type ThrottlePlan } from "./throttle-plan";
export { generateAssignment, GenerateError } from "./generate";
export { PlanRequestSchema, type PlanRequest } from "./request";
export { reviewReassignment, type ReassignmentReview, type ReviewResult } from "./review";
