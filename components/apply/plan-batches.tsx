/**
 * The plan's batches before anything runs (lib/view/apply/apply-batches.ts): one sentence on how the apply
 * runs them, and a compact table of the first batches with what the rest add up to.
 */
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatCount, formatCountOf, formatDuration } from "@/lib/model/format";
import type { BatchSummary, ExecutionLimits } from "@/lib/plan/batches";
import { executionSentence, planBatchTable } from "@/lib/view/apply/apply-batches";
import { ROW, TABLE, TD, TD_NUM, TH, TH_NUM, THEAD } from "./table-style";

interface Props {
  batches: ReadonlyArray<BatchSummary>;
  execution: ExecutionLimits;
  estimate: { seconds: number; overheadSeconds: number };
}

export function PlanBatches({ batches, execution, estimate }: Props) {
  const { rows, rest } = planBatchTable(batches);
  return (
    <section aria-labelledby="apply-batches-title" className="grid gap-2" data-plan-batches={batches.length}>
      <h3 id="apply-batches-title" className="text-sm font-semibold">
        How it runs
      </h3>
      <p className="text-sm" data-execution-sentence>
        {executionSentence(execution, batches)}
        {batches.length > 0
          ? ` About ${formatDuration(estimate.seconds)} in all, of which ${formatDuration(estimate.overheadSeconds)} is the job's own steps (submitting each batch, noticing its end, putting throttles back).`
          : ""}
      </p>
      {rows.length > 0 ? (
        <ScrollRegion label="Batches" className="rounded border border-zinc-200 dark:border-zinc-800">
          <table className={TABLE}>
            <caption className="sr-only">The plan&apos;s batches in the order they run{rest ? `: the first ${rows.length} of ${batches.length}` : ""}</caption>
            <thead className={THEAD}>
              <tr>
                <th scope="col" className={TH_NUM}>
                  Batch
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
                  Planned
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className={ROW} data-plan-batch={r.number}>
                  <td className={TD_NUM}>{r.number}</td>
                  <td className={TD}>{r.kindText}</td>
                  <td className={TD_NUM}>{r.partitions}</td>
                  <td className={TD}>{r.moves}</td>
                  <td className={TD_NUM}>{r.bytes}</td>
                  <td className={TD_NUM}>{r.seconds}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {rest ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-plan-batches-rest>
          …and {formatCountOf(rest.count, "more batch", "more batches")}: {formatCount(rest.partitions)} partitions, {rest.bytes}, about {rest.seconds}.
        </p>
      ) : null}
    </section>
  );
}
