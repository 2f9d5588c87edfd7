/**
 * Where the data is: copied against total per broker (one bar each), and the partitions still copying
 * with the most bytes left (lib/view/apply/apply-progress.ts).
 */
import { ProgressBar } from "@/components/ui/progress-bar";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatCountOf } from "@/lib/model/format";
import type { BrokerProgressRow, InFlightRow } from "@/lib/view/apply/apply-progress";
import { ROW, TABLE, TD, TD_NUM, TH, TH_NUM, THEAD } from "./table-style";

export function BrokerProgress({ rows }: { rows: BrokerProgressRow[] }) {
  return (
    <section aria-labelledby="job-brokers-title" className="grid gap-2" data-job-brokers>
      <h4 id="job-brokers-title" className="text-sm font-semibold">
        Per broker, this batch
      </h4>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No broker is copying right now.</p>
      ) : (
        <ul className="grid gap-2">
          {rows.map((r) => (
            <li key={r.broker} className="grid grid-cols-[5.5rem_1fr] items-center gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[5.5rem_1fr_14rem]" data-job-broker={r.broker}>
              <span className="font-medium">broker {r.broker}</span>
              <ProgressBar fraction={r.fraction} label={`Broker ${r.broker}`} text={r.text} />
              <span className="col-start-2 text-xs text-zinc-700 tabular-nums sm:col-start-3 sm:text-sm dark:text-zinc-300">{r.text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function InFlightPartitions({ rows, more }: { rows: InFlightRow[]; more: number }) {
  return (
    <section aria-labelledby="job-inflight-title" className="grid gap-1" data-job-inflight>
      <h4 id="job-inflight-title" className="text-sm font-semibold">
        Still copying (most bytes left first)
      </h4>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing is copying right now.</p>
      ) : (
        <ScrollRegion label="Partitions still copying" className="rounded border border-zinc-200 dark:border-zinc-800">
          <table className={TABLE}>
            <thead className={THEAD}>
              <tr>
                <th scope="col" className={TH}>
                  Partition
                </th>
                <th scope="col" className={TH}>
                  Where
                </th>
                <th scope="col" className={TH_NUM}>
                  Copied
                </th>
                <th scope="col" className={TH_NUM}>
                  Left
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className={ROW} data-job-partition={r.partition}>
                  <td className={`${TD} font-mono break-all`}>{r.partition}</td>
                  <td className={TD}>{r.where}</td>
                  <td className={TD_NUM}>{r.copied}</td>
                  <td className={TD_NUM}>{r.left}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {more > 0 ? <p className="text-xs text-zinc-600 dark:text-zinc-400">…and {formatCountOf(more, "more partition")} with fewer bytes left.</p> : null}
    </section>
  );
}
