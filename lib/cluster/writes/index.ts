export { startApplyJob, currentApplyJob, getApplyJob, controlApplyJob, resumeApplyJobs, watchForOrphanedJobs, ApplyBusyError } from "./apply-job";

export { jobFinished, jobView, type ApplyJobRecord, type ApplyJobView, type JobRates } from "@/lib/plan/job-model";
export { batchProgress } from "@/lib/plan/job-progress";
