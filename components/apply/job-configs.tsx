/**
 * What the job changed on the cluster: each config with its value and what the job puts back when it
 * ends or is cancelled, or has put back already (lib/view/apply/apply-job.ts).
 */
import { ScrollRegion } from "@/components/ui/scroll-region";
import type { ConfigRow } from "@/lib/view/apply/apply-job";
import { ROW, TABLE, TD, TH, THEAD } from "./table-style";

export function JobConfigs({ rows }: { rows: ConfigRow[] }) {
  return (
    <section aria-labelledby="job-configs-title" className="grid gap-1" data-job-configs={rows.length}>
      <h4 id="job-configs-title" className="text-sm font-semibold">
        Configs the job set
      </h4>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">The job has set no config.</p>
      ) : (
        <ScrollRegion label="Configs the job set" className="rounded border border-zinc-200 dark:border-zinc-800">
          <table className={TABLE}>
            <thead className={THEAD}>
              <tr>
                <th scope="col" className={TH}>
                  On
                </th>
                <th scope="col" className={TH}>
                  Config
                </th>
                <th scope="col" className={TH}>
                  Set to
                </th>
                <th scope="col" className={TH}>
                  Put back
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className={`${ROW} ${r.restored ? "text-zinc-600 dark:text-zinc-400" : ""}`} data-job-config={r.name} data-restored={r.restored || undefined}>
                  <td className={`${TD} whitespace-nowrap`}>{r.resource}</td>
                  <td className={`${TD} font-mono text-xs break-all`}>{r.name}</td>
                  <td className={`${TD} font-mono text-xs break-all`}>
                    {r.value}
                    {r.sent ? null : <span className="ml-1 font-sans text-zinc-600 dark:text-zinc-400">(being sent)</span>}
                  </td>
                  <td className={TD}>{r.restore}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
