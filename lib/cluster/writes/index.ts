export {
  startApplyJob,
  currentApplyJob,
  getApplyJob,
  controlApplyJob,
  resumeApplyJobs,
  watchForOrphanedJobs,
  clusterKey,
  configuredConnection,
  type ConnectionOf,
  newJob,
  ApplyBusyError,
  JobNotFoundError,
  JobFinishedError,
  type StartOptions,
} from "./apply-job";
export { runJob, runningJob, wakeJob, PROCESS_OWNER, type RunnerOptions } from "./job-runner";
export { electPreferred, endpoints, WriteTargetError, BROKER_THROTTLE_CONFIGS, TOPIC_THROTTLE_CONFIGS, CORDONED_LOG_DIRS, type ElectionOutcome } from "./apply-plan";
export { cordonWrites, electionTargets, preferredLeaderChanges, type ApplyWork, type CordonChange, type LeadershipChange } from "./apply-work";
export { jobFinished, jobView, type ApplyJobRecord, type ApplyJobView, type AuditEntry, type ControlAction, type JobState, type JobPhase, type JobStatus, type JobWork, type JobControl, type JobRates } from "@/lib/plan/job-model";
export { batchProgress, jobClock } from "@/lib/plan/job-progress";
export { kafkaWriter, type ClusterWriter } from "./cluster-writer";
