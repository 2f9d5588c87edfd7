"use client";
/**
 * One apply job, live: where it is (state, phase, batch) with a polite live region that announces
 * each transition, the clock against the plan, the controls, what went wrong or stays changed, bytes
 * per broker and per partition, the batches, the configs the job set and its log. Shapes come from
 * lib/view (apply-job, apply-progress); this file only lays them out.
 */
import { useMemo, useState } from "react";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useNow } from "@/components/ui/use-now";
import type { ApplyJobView, JobRates, JobState } from "@/lib/plan/job-model";
import { errorMessage } from "@/lib/client/fetch-json";
import { changeThrottle, controlApply, type ApplyAction } from "@/lib/client/use-apply-job";
import { formatCapturedAt } from "@/lib/model/format";
import {
  cancelConsequences,
  cancelOutcomeView,
  configRows,
  electionText,
  JOB_STATE_LABELS,
  jobAnnouncement,
  jobControls,
  jobHeadline,
  leftSetText,
  PHASE_STATUS_TEXT,
  phaseSteps,
  type PhaseStep,
} from "@/lib/view/apply/apply-job";
import { brokerProgressRows, clockView, inFlightRows, jobBatchTable, ratesText } from "@/lib/view/apply/apply-progress";
import { JobBatches } from "./job-batches";
import { JobCancelOutcome } from "./job-cancel";
import { JobConfigs } from "./job-configs";
import { JobControls } from "./job-controls";
import { JobLog, JobMessages } from "./job-log";
import { BrokerProgress, InFlightPartitions } from "./job-progress";

const BADGE: Record<JobState, string> = {
  running: "bg-sky-700 text-white",
  pausing: "bg-amber-500 text-zinc-950",
  paused: "bg-amber-500 text-zinc-950",
  cancelling: "bg-red-700 text-white",
  cancelled: "bg-zinc-600 text-white",
  done: "bg-emerald-700 text-white",
  failed: "bg-red-700 text-white",
};

const PHASE_STYLE: Record<PhaseStep["status"], string> = {
  current: "bg-zinc-900 font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900",
  done: "text-zinc-700 line-through decoration-zinc-400 dark:text-zinc-300",
  pending: "text-zinc-600 dark:text-zinc-400",
  skipped: "text-zinc-600 italic dark:text-zinc-400",
  failed: "bg-red-700 font-semibold text-white",
  unknown: "text-zinc-600 dark:text-zinc-400",
};

const ASKED: Record<ApplyAction | "throttle", string> = {
  pause: "Pause asked: the job pauses once the batch in flight has finished.",
  resume: "Resume asked: the job goes on with the next batch.",
  cancel: "Cancel asked: the job asks Kafka to cancel what is in flight, puts back what it set, and reports where each partition ends up.",
  throttle: "New rate asked: the job sets it at its next poll.",
};

interface Props {
  job: ApplyJobView;
  writesEnabled: boolean;
  /** The write token typed in the panel ("" when none). */
  token: string;
  /** The job as a control request answered it: shown at once, before the next poll. */
  onJob: (job: ApplyJobView) => void;
}

export function JobPanel({ job, writesEnabled, token, onJob }: Props) {
  const live = !["done", "failed", "cancelled"].includes(job.state);
  const moving = job.state === "running" || job.state === "pausing" || job.state === "cancelling";
  const now = useNow(live ? 1000 : 60_000) ?? Date.parse(job.updatedAt);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const controls = jobControls(job);
  const clock = clockView(job.clock, job);
  const rates = ratesText(job.rates);
  const table = jobBatchTable(job, now);
  const configs = useMemo(() => configRows(job.setConfigs), [job.setConfigs]);
  const inFlight = inFlightRows(job.progress?.partitions ?? []);
  const cancelled = cancelOutcomeView(job.cancel);
  const leftSet = leftSetText(job, job.setConfigs);

  const send = async (what: ApplyAction | "throttle", run: () => Promise<ApplyJobView>) => {
    setBusy(true);
    setFeedback(null);
    try {
      onJob(await run());
      setFeedback({ ok: true, text: ASKED[what] });
    } catch (e) {
      setFeedback({ ok: false, text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  const onAction = (action: ApplyAction) => void send(action, () => controlApply(token, job.id, action));
  const onThrottle = (next: Partial<JobRates>) => send("throttle", () => changeThrottle(token, job.id, next));

  return (
    <section aria-labelledby="job-title" className="grid gap-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-apply-job={job.state}>
      <p role="status" className="sr-only" data-job-announcer>
        {jobAnnouncement(job)}
      </p>
      <header className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="job-title" className="text-base font-semibold">
            {live ? "Apply job" : "Last apply job"} <code className="text-sm font-normal">{job.id}</code>
          </h3>
          <span className={`rounded px-2 py-0.5 text-xs font-semibold tracking-wide uppercase ${BADGE[job.state]}`} data-job-state>
            {JOB_STATE_LABELS[job.state]}
          </span>
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Started {formatCapturedAt(job.createdAt)} by {job.createdBy}
          {job.finishedAt ? `; ended ${formatCapturedAt(job.finishedAt)}` : ""}. Cluster {job.cluster}.
        </p>
        <p className="text-base font-medium" data-job-headline>
          {jobHeadline(job)}
        </p>
      </header>
      <ol aria-label="Phases" className="flex flex-wrap gap-x-1 gap-y-1 text-xs" data-job-phases>
        {phaseSteps(job).map((s, i) => (
          <li key={s.phase} aria-current={s.status === "current" ? "step" : undefined} className="flex items-center gap-1">
            {i > 0 ? (
              <span aria-hidden className="text-zinc-400">
                →
              </span>
            ) : null}
            <span className={`rounded px-1.5 py-0.5 ${PHASE_STYLE[s.status]}`} data-phase-status={s.status}>
              {s.label}
              {s.status === "skipped" || s.status === "failed" ? <span aria-hidden>{s.status === "skipped" ? " (not run)" : " (failed)"}</span> : null}
              <span className="sr-only">{PHASE_STATUS_TEXT[s.status]}</span>
            </span>
          </li>
        ))}
      </ol>
      {clock ? (
        <div className="grid gap-1" data-job-clock>
          <ProgressBar fraction={clock.fraction} label="Bytes copied, whole plan" text={clock.copied} className="h-3" />
          <p className="text-sm tabular-nums">
            <span className="font-medium">{clock.copied}.</span> <span data-job-clock-sentence>{clock.sentence}</span>
          </p>
        </div>
      ) : null}
      <p className="text-sm" data-job-rates>
        {live ? "Rates in force" : "Rates it ran at"}: replication <span className="font-medium tabular-nums">{rates.replication}</span>, dir moves{" "}
        <span className="font-medium tabular-nums">{rates.alterLogDirs}</span>.
      </p>
      {writesEnabled && live ? (
        <JobControls
          controls={controls}
          hasToken={token !== ""}
          busy={busy}
          rates={job.rates}
          cancelConsequences={cancelConsequences(job, job.setConfigs)}
          onAction={onAction}
          onThrottle={onThrottle}
        />
      ) : live ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">This server does not allow writes: the job can be watched here, not controlled.</p>
      ) : null}
      {/* Always on the page, so what a request did is announced when it answers. */}
      <p role="status" className="text-sm text-zinc-800 empty:hidden dark:text-zinc-200" data-job-feedback="ok">
        {feedback?.ok && live ? feedback.text : ""}
      </p>
      {feedback && !feedback.ok ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-job-feedback="error">
          {feedback.text}
        </p>
      ) : null}
      {leftSet ? (
        <p className="text-sm font-medium" data-job-left-set>
          {leftSet}
        </p>
      ) : null}
      <JobMessages errors={job.errors} warnings={job.warnings} election={electionText(job.election)} />
      {cancelled ? <JobCancelOutcome view={cancelled} /> : null}
      {/* Progress is the batch in flight's: none while paused or once the data has moved. */}
      {job.progress && moving ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <BrokerProgress rows={brokerProgressRows(job.progress.brokers)} />
          <InFlightPartitions rows={inFlight.rows} more={inFlight.more} />
        </div>
      ) : null}
      <JobBatches table={table} total={job.batches.length} />
      <JobConfigs rows={configs} />
      <JobLog log={job.log} />
    </section>
  );
}
