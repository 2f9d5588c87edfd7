export { startApplyJob, currentApplyJob, ApplyBusyError, type ApplyJob, type ApplyState, type ApplyOptions } from "./apply-job";
export { startReassignment, removeThrottles, reassignmentProgress, WriteTargetError, type AppliedThrottles, type ReassignmentProgress, type StartResult } from "./apply-plan";
