"use client";
/**
 * Opt-in apply. Hidden behind a confirmation that names every change; needs the server started with
 * writes allowed and the write token typed here (sent as a Bearer header, never stored). Progress is
 * polled while a job runs.
 */
import { useState } from "react";
import { errorMessage } from "@/lib/hooks/fetch-json";
import { startApply, useApplyJob } from "@/lib/hooks/use-apply-job";
import { formatByteRate, formatBytes } from "@/lib/model/format";
import type { PlanResponse } from "@/lib/plan/response";
import type { PlanOptionsInput } from "@/lib/plan/options";

export function ApplyPanel({ plan, options }: { plan: PlanResponse; options: PlanOptionsInput }) {
  const [confirming, setConfirming] = useState(false);
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { data, mutate } = useApplyJob();
  const job = data?.job ?? null;
  const t = plan.throttles;

  const apply = async () => {
    setSending(true);
    setError(null);
    try {
      await startApply(token, plan.reassignmentJson, options);
      setConfirming(false);
      await mutate();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  if (!data) return null;
  return (
    <section aria-labelledby="apply-title" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-apply-panel>
      <h2 id="apply-title" className="text-base font-semibold">
        Apply to the cluster
      </h2>
      {!data.writesEnabled ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Writes are off. Start Kafka Balance with <code>KAFKA_BALANCE_ALLOW_WRITES=true</code> and <code>KAFKA_BALANCE_WRITE_TOKEN</code> against a live cluster to apply plans from here; until then use the commands above.
        </p>
      ) : !confirming ? (
        <button type="button" disabled={plan.movesTotal === 0} onClick={() => setConfirming(true)} className="mt-2 rounded bg-amber-600 px-4 py-1.5 text-sm font-medium text-white disabled:opacity-50">
          Apply this plan…
        </button>
      ) : (
        <div role="dialog" aria-labelledby="apply-confirm-title" className="mt-2 grid gap-2 text-sm">
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
                {[b.leaderRate !== null ? `leader/follower replication throttle ${formatByteRate(b.leaderRate)}` : null, b.alterLogDirsRate !== null ? `dir-move throttle ${formatByteRate(b.alterLogDirsRate)}` : null].filter(Boolean).join(", ")}
              </li>
            ))}
            {t.topics.map((x) => (
              <li key={x.topic}>topic {x.topic}: throttled replica lists set</li>
            ))}
            <li>
              {plan.entries.length} partition(s) reassigned, {formatBytes(plan.bytesMoved.total)} copied; throttles removed when nothing is in flight
            </li>
            {plan.leadership.changes.length > 0 ? <li>then a preferred leader election for the {plan.leadership.changes.length} partition(s) whose preferred leader changes</li> : null}
          </ul>
          <label className="flex items-center gap-2">
            Write token
            <input type="password" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" className="rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700 dark:bg-zinc-950" />
          </label>
          <div className="flex gap-2">
            <button type="button" disabled={!token || sending} onClick={() => void apply()} className="rounded bg-amber-600 px-4 py-1.5 font-medium text-white disabled:opacity-50">
              {sending ? "Starting…" : "Yes, apply"}
            </button>
            <button type="button" onClick={() => setConfirming(false)} className="rounded border border-zinc-300 px-4 py-1.5 dark:border-zinc-700">
              Cancel
            </button>
          </div>
          {error ? <p role="alert" className="text-red-700 dark:text-red-400">{error}</p> : null}
        </div>
      )}
      {job ? (
        <div className="mt-3 text-sm" aria-live="polite" data-apply-job={job.state}>
          <p>
            Apply started {job.startedAt}: <strong>{job.state}</strong>
            {job.finishedAt ? ` (finished ${job.finishedAt})` : ""}
          </p>
          {job.progress ? (
            <p>
              {job.progress.reassigning.length} partition(s) reassigning, {job.progress.dirMoves.length} dir move(s) copying
              {job.progress.dirMoves.length > 0
                ? ` (${formatBytes(job.progress.dirMoves.reduce((a, m) => a + m.copiedBytes, 0))} of ${formatBytes(job.progress.dirMoves.reduce((a, m) => a + m.totalBytes, 0))})`
                : ""}
            </p>
          ) : null}
          <ul className="list-disc pl-5">
            {job.log.map((l) => (
              <li key={l}>{l}</li>
            ))}
            {job.warnings.map((l) => (
              <li key={l} className="text-amber-800 dark:text-amber-300">
                {l}
              </li>
            ))}
            {job.errors.map((l) => (
              <li key={l} className="text-red-700 dark:text-red-400">
                {l}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
