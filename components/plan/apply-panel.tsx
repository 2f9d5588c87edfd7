"use client";
/**
 * Opt-in apply. Before anything runs: the plan's batches and how they run. Starting needs the server
 * started with writes allowed and the write token typed here (sent as a Bearer header with each
 * request, never stored), behind a confirmation that names every change. The cluster's apply job —
 * the running one, else the most recent — is shown live with its controls (components/apply), also
 * when no plan has been made on this page (a job survives a reload and a restart).
 */
import { useState } from "react";
import { PlanBatches } from "@/components/apply/plan-batches";
import { JobPanel } from "@/components/apply/job-panel";
import { jobFinished } from "@/lib/plan/job-model";
import { errorMessage } from "@/lib/client/fetch-json";
import { startApply, useApplyJob } from "@/lib/client/use-apply-job";
import { formatByteRate, formatBytes, formatCountOf } from "@/lib/model/format";
import type { PlanOptionsInput } from "@/lib/plan/options";
import type { PlanResponse } from "@/lib/plan/response";

const PRIMARY =
  "rounded bg-amber-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50";

interface Props {
  /** The plan on the page, with the options it was made with; null before a plan is made. */
  plan: PlanResponse | null;
  options: PlanOptionsInput | null;
}

export function ApplyPanel({ plan, options }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { data, error: readError, mutate } = useApplyJob();
  const job = data?.job ?? null;
  const running = job !== null && !jobFinished(job.state);
  const writesEnabled = data?.writesEnabled ?? false;

  const apply = async () => {
    if (!plan || !options) return;
    setSending(true);
    setError(null);
    try {
      const started = await startApply(token, plan.reassignmentJson, options);
      setConfirming(false);
      await mutate({ job: started, writesEnabled }, { revalidate: true });
    } catch (e) {
      setError(errorMessage(e));
      // A job Kafka refused at its first steps is stored all the same (409 with the job): show it.
      void mutate();
    } finally {
      setSending(false);
    }
  };

  // With no plan on the page the panel is there only for a job.
  if (!plan && !job) return null;
  return (
    <section aria-labelledby="apply-title" className="grid gap-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-apply-panel>
      <h2 id="apply-title" className="text-base font-semibold">
        Apply to the cluster
      </h2>
      {plan ? <PlanBatches batches={plan.batches} execution={plan.options.execution} estimate={plan.estimate} /> : null}
      {readError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Whether this server may apply could not be read: {errorMessage(readError)}
        </p>
      ) : !data ? null : !writesEnabled ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Writes are off. Start Kafka Balance with <code>KAFKA_BALANCE_ALLOW_WRITES=true</code> and <code>KAFKA_BALANCE_WRITE_TOKEN</code> against a live cluster to apply plans
          from here; until then use the commands above.
        </p>
      ) : (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor="apply-token" className="text-sm text-zinc-700 dark:text-zinc-300">
                Write token
              </label>
              <input
                id="apply-token"
                type="password"
                value={token}
                onChange={(e) => setToken(e.target.value)}
                autoComplete="off"
                aria-describedby="apply-token-hint"
                className="w-64 max-w-full rounded border border-zinc-300 px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:bg-zinc-950"
                data-apply-token
              />
            </div>
            {plan && !confirming ? (
              <button
                type="button"
                disabled={plan.movesTotal === 0 && plan.leadership.changes.length === 0}
                onClick={() => setConfirming(true)}
                className={PRIMARY}
                data-apply-start
              >
                Apply this plan…
              </button>
            ) : null}
          </div>
          <p id="apply-token-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
            Sent with each request as a Bearer header; never stored, gone when the page is closed.
          </p>
          {plan && confirming ? (
            <StartConfirmation plan={plan} running={running} sending={sending} hasToken={token !== ""} onApply={() => void apply()} onBack={() => setConfirming(false)} />
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>
      )}
      {job && data ? <JobPanel job={job} writesEnabled={writesEnabled} token={token} onJob={(next) => void mutate({ job: next, writesEnabled }, { revalidate: false })} /> : null}
    </section>
  );
}

function StartConfirmation({
  plan,
  running,
  sending,
  hasToken,
  onApply,
  onBack,
}: {
  plan: PlanResponse;
  running: boolean;
  sending: boolean;
  hasToken: boolean;
  onApply: () => void;
  onBack: () => void;
}) {
  const t = plan.throttles;
  return (
    <div
      role="group"
      aria-labelledby="apply-confirm-title"
      className="grid gap-2 rounded border border-amber-400 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/30"
      data-apply-confirm
    >
      <h3 id="apply-confirm-title" className="font-semibold">
        This will change the cluster:
      </h3>
      <ul className="list-disc pl-5">
        {plan.cordons.map((c) => (
          <li key={`cordon-${c.broker}`}>
            broker {c.broker}: <code>cordoned.log.dirs</code> set to {c.dirs.join(", ")} before anything moves, and kept afterwards
          </li>
        ))}
        {t.brokers.map((b) => (
          <li key={b.broker}>
            broker {b.broker}:{" "}
            {[
              b.leaderRate !== null ? `leader/follower replication throttle ${formatByteRate(b.leaderRate)}` : null,
              b.alterLogDirsRate !== null ? `dir-move throttle ${formatByteRate(b.alterLogDirsRate)}` : null,
            ]
              .filter(Boolean)
              .join(", ")}
          </li>
        ))}
        {t.topics.map((x) => (
          <li key={x.topic}>topic {x.topic}: throttled replica lists set</li>
        ))}
        <li>
          {formatCountOf(plan.entries.length, "partition")} reassigned in {formatCountOf(plan.batches.length, "batch", "batches")}, {formatBytes(plan.bytesMoved.total)} copied;
          throttles put back when the last batch is done
        </li>
        {plan.leadership.changes.length > 0 ? (
          <li>then a preferred leader election for the {formatCountOf(plan.leadership.changes.length, "partition")} whose preferred leader changes</li>
        ) : null}
      </ul>
      {running ? <p className="font-medium">Another apply job is running on this cluster: it must finish, or be cancelled, before this one can start.</p> : null}
      {!hasToken ? <p>Type the write token above first.</p> : null}
      <div className="flex gap-2">
        <button type="button" disabled={!hasToken || sending || running} onClick={onApply} className={PRIMARY} data-apply-confirm-yes>
          {sending ? "Starting…" : "Yes, apply"}
        </button>
        <button type="button" onClick={onBack} className="rounded border border-zinc-300 px-4 py-1.5 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
          Back
        </button>
      </div>
    </div>
  );
}
