/**
 * Where the cancelled batch's partitions are, as the job read them back from the cluster after the
 * cancel (lib/view/apply/apply-job.ts cancelOutcomeView): the count, the cancels Kafka refused with its
 * error, and one line per replica or reassignment.
 */
import { formatCountOf } from "@/lib/model/format";
import type { CancelOutcomeView } from "@/lib/view/apply/apply-job";

const OUTCOME_STYLE: Record<CancelOutcomeView["rows"][number]["outcome"], string> = {
  finished: "text-emerald-800 dark:text-emerald-300",
  reverted: "text-zinc-800 dark:text-zinc-200",
  moving: "text-amber-800 dark:text-amber-300",
  other: "text-red-800 dark:text-red-300",
};

export function JobCancelOutcome({ view }: { view: CancelOutcomeView }) {
  return (
    <section aria-labelledby="job-cancel-title" className="grid gap-1 text-sm" data-job-cancel>
      <h4 id="job-cancel-title" className="text-sm font-semibold">
        After the cancel
      </h4>
      <p data-job-cancel-summary>{view.summary}</p>
      {view.refused.length > 0 ? (
        <p data-job-cancel-refused>
          Kafka refused the cancel of <span className="font-mono text-xs break-all">{view.refused.join("; ")}</span>.
        </p>
      ) : null}
      <ul className="grid gap-0.5">
        {view.rows.map((r) => (
          <li key={r.key} data-job-cancel-partition={r.partition} data-outcome={r.outcome}>
            <span className={`font-semibold ${OUTCOME_STYLE[r.outcome]}`}>{r.outcomeText}:</span> {r.lines.join("; ")}
          </li>
        ))}
      </ul>
      {view.more > 0 ? <p className="text-xs text-zinc-600 dark:text-zinc-400">…and {formatCountOf(view.more, "more partition")}, counted above.</p> : null}
    </section>
  );
}
