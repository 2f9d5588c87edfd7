/**
 * The job's batches (lib/view/apply/apply-progress.ts): each with its state in words, when it started, how
 * long it took (or has taken so far) beside the plan's time; the current one marked for the eye and
 * for assistive technology (aria-current). A window around the current batch, the rest counted.
 */
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatCountOf } from "@/lib/model/format";
import type { BatchState } from "@/lib/plan/job-model";
import type { JobBatchTable } from "@/lib/view/apply/apply-progress";
import { ROW, TABLE, TD, TD_NUM, TH, TH_NUM, THEAD } from "./table-style";

const STATE_STYLE: Record<BatchState, string> = {
  pending: "text-zinc-600 dark:text-zinc-400",
  submitting: "font-semibold text-sky-800 dark:text-sky-300",
  running: "font-semibold text-sky-800 dark:text-sky-300",
  done: "text-emerald-800 dark:text-emerald-300",
  cancelled: "text-red-800 dark:text-red-300",
};

export function JobBatches({ table, total }: { table: JobBatchTable; total: number }) {
  return (
    <section aria-labelledby="job-batches-title" className="grid gap-1" data-job-batches>
      <h4 id="job-batches-title" className="text-sm font-semibold">
        Batches
      </h4>
      {table.before > 0 ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{formatCountOf(table.before, "earlier batch", "earlier batches")} above, not shown.</p> : null}
      <ScrollRegion label="Batches of the job" className="rounded border border-zinc-200 dark:border-zinc-800">
        <table className={TABLE}>
          <caption className="sr-only">
            Batches {table.rows[0]?.number ?? 0} to {table.rows.at(-1)?.number ?? 0} of {total}, with their state and timing
          </caption>
          <thead className={THEAD}>
            <tr>
              <th scope="col" className={TH_NUM}>
                Batch
              </th>
              <th scope="col" className={TH}>
                State
              </th>
              <th scope="col" className={TH}>
                Kind
              </th>
              <th scope="col" className={TH_NUM}>
                Partitions
              </th>
              <th scope="col" className={TH}>
                Replica moves
              </th>
              <th scope="col" className={TH_NUM}>
                Bytes
              </th>
              <th scope="col" className={TH_NUM}>
                Started
              </th>
              <th scope="col" className={TH_NUM}>
                Took
              </th>
              <th scope="col" className={TH_NUM}>
                Planned
              </th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr
                key={r.key}
                aria-current={r.current ? "step" : undefined}
                className={`${ROW} ${r.current ? "bg-sky-50 dark:bg-sky-950/40" : ""}`}
                data-job-batch={r.number}
                data-batch-state={r.state}
              >
                <td className={TD_NUM}>{r.number}</td>
                <td className={`${TD} whitespace-nowrap ${STATE_STYLE[r.state]}`}>
                  {r.stateText}
                  {r.current ? <span className="sr-only"> (current)</span> : null}
                </td>
                <td className={TD}>{r.kindText}</td>
                <td className={TD_NUM}>{r.partitions}</td>
                <td className={TD}>{r.moves}</td>
                <td className={TD_NUM}>{r.bytes}</td>
                <td className={TD_NUM}>{r.started}</td>
                <td className={TD_NUM}>{r.took}</td>
                <td className={TD_NUM}>{r.planned}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {table.after > 0 ? <p className="text-xs text-zinc-600 dark:text-zinc-400">…and {formatCountOf(table.after, "later batch", "later batches")}, not shown.</p> : null}
    </section>
  );
}
