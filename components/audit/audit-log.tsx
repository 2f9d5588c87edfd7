"use client";
/**
 * The audit log (lib/view/apply/audit-log.ts): every write to a cluster from this server and every
 * operator request that leads to writes, newest first, refreshed while the page is open. Four states
 * in one place: loading (a skeleton of the table's size), error (what failed, and Try again), empty
 * (what will appear here) and the table. Results are words as well as colours.
 */
import { ScrollRegion } from "@/components/ui/scroll-region";
import { errorMessage } from "@/lib/client/fetch-json";
import { AUDIT_PAGE_SIZE, useAudit } from "@/lib/client/use-audit";
import { formatCountOf } from "@/lib/model/format";
import { AUDIT_EMPTY, auditRows, type AuditRow } from "@/lib/view/apply/audit-log";

const TH = "px-2 py-1.5 text-left font-semibold whitespace-nowrap";
const TD = "px-2 py-1.5 align-top";

const RESULT_STYLE: Record<AuditRow["result"], string> = {
  ok: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  refused: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
  error: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

export function AuditLog() {
  const { data, error, isValidating, mutate } = useAudit();
  if (error && !data) {
    return (
      <div
        role="alert"
        className="grid gap-2 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        data-audit-error
      >
        <p>The audit log could not be read: {errorMessage(error)}</p>
        <div>
          <button
            type="button"
            disabled={isValidating}
            onClick={() => void mutate()}
            className="rounded border border-red-400 px-3 py-1 font-medium hover:bg-red-100 disabled:opacity-60 dark:border-red-700 dark:hover:bg-red-900"
          >
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (!data) return <div className="h-64 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900" role="status" aria-label="Reading the audit log" />;
  if (data.entries.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300" data-audit-empty>
        {AUDIT_EMPTY}
      </p>
    );
  }
  const rows = auditRows(data.entries);
  return (
    <section aria-labelledby="audit-table-title" className="grid gap-2" data-audit-table={rows.length}>
      <h2 id="audit-table-title" className="text-base font-semibold">
        {rows.length >= AUDIT_PAGE_SIZE ? `The latest ${formatCountOf(rows.length, "entry", "entries")}` : formatCountOf(rows.length, "entry", "entries")}, newest first
      </h2>
      <ScrollRegion label="Audit log" className="rounded border border-zinc-200 dark:border-zinc-800">
        <table className="w-full border-collapse text-sm">
          <thead className="bg-zinc-100 dark:bg-zinc-900">
            <tr>
              <th scope="col" className={TH}>
                Time
              </th>
              <th scope="col" className={TH}>
                Actor
              </th>
              <th scope="col" className={TH}>
                Action
              </th>
              <th scope="col" className={TH}>
                Target
              </th>
              <th scope="col" className={TH}>
                Result
              </th>
              <th scope="col" className={TH}>
                Detail
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-zinc-200 dark:border-zinc-800" data-audit-row={r.actionCode}>
                <td className={`${TD} whitespace-nowrap tabular-nums`}>
                  <time dateTime={r.at}>{r.time}</time>
                </td>
                <td className={`${TD} whitespace-nowrap`}>{r.actor}</td>
                <td className={`${TD} min-w-44`}>
                  <span className="block">{r.action}</span>
                  <span className="block text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">{r.cluster}</span>
                  {r.jobId ? <span className="block text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">job {r.jobId}</span> : null}
                </td>
                <td className={`${TD} min-w-72 [overflow-wrap:anywhere]`}>{r.target}</td>
                <td className={TD}>
                  <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${RESULT_STYLE[r.result]}`}>{r.resultText}</span>
                </td>
                <td className={`${TD} min-w-48 [overflow-wrap:anywhere] text-zinc-700 dark:text-zinc-300`}>{r.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
