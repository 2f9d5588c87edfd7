export { startApplyJob, currentApplyJob, applyFinished, ApplyBusyError, type ApplyJob, type ApplyState, type ApplyOptions } from "./apply-job";
export {
  startReassignment,
  removeThrottles,
  reassignmentProgress,
  electPreferred,
  WriteTargetError,
  type AppliedCordon,
  type AppliedThrottles,
  type ElectionOutcome,
  type ReassignmentProgress,
  type StartResult,
} from "./apply-plan";
export { cordonWrites, electionTargets, preferredLeaderChanges, type ApplyWork, type CordonChange, type LeadershipChange } from "./apply-work";
