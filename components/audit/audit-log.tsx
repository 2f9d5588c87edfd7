"use client";
/**
 * The audit log (lib/view/apply/audit-log.ts): every write to a cluster from this server, every operator
 * request that leads to writes and every write refused for its token, newest first, a page at a time
 * (Newer / Older, the API's cursors), filtered by cluster, actor, action, result and a UTC time range,
 * refreshed while the page is open. Four states in one place: loading (a skeleton of the table's size),
 * error (what failed, and Try again), empty (what will appear here, or that nothing matches the filters)
 * and the table. Results are words as well as colours.
 */
import { useState, type FormEvent } from "react";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { errorMessage } from "@/lib/client/fetch-json";
import { AUDIT_PAGE_SIZE, useAudit } from "@/lib/client/use-audit";
import {
  AUDIT_EMPTY,
  AUDIT_NO_MATCH,
  AUDIT_RESULT_LABELS,
  auditActionOptions,
  auditPageSummary,
  auditQuery,
  auditRows,
  filtersActive,
  NO_AUDIT_FILTERS,
  type AuditCursor,
  type AuditFilters,
  type AuditRow,
} from "@/lib/view/apply/audit-log";

const TH = "px-2 py-1.5 text-left font-semibold whitespace-nowrap";
const TD = "px-2 py-1.5 align-top";
const INPUT =
  "w-full min-w-0 rounded border border-zinc-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:bg-zinc-950";
const PRIMARY =
  "rounded border border-blue-700 bg-blue-700 px-3 py-1 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";
const BUTTON =
  "rounded border border-zinc-300 px-3 py-1 text-sm font-medium hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

const RESULT_STYLE: Record<AuditRow["result"], string> = {
  ok: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  refused: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
  error: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};
const ACTIONS = auditActionOptions();

function FilterForm({ applied, onApply }: { applied: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  const field = "grid min-w-0 gap-1 text-sm";
  return (
    <form onSubmit={submit} aria-label="Filter the audit log" className="grid gap-3 rounded border border-zinc-200 p-3 dark:border-zinc-800" data-audit-filters>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,13.5rem),1fr))] gap-3">
        <label className={field}>
          <span className="font-medium">Cluster</span>
          <input className={INPUT} value={draft.cluster} onChange={set("cluster")} placeholder="any" name="cluster" autoComplete="off" spellCheck={false} />
        </label>
        <label className={field}>
          <span className="font-medium">Actor</span>
          <input className={INPUT} value={draft.actor} onChange={set("actor")} placeholder="any label, or unauthenticated" name="actor" autoComplete="off" spellCheck={false} />
        </label>
        <label className={field}>
          <span className="font-medium">Action</span>
          <select className={INPUT} value={draft.action} onChange={set("action")} name="action">
            <option value="">any</option>
            {ACTIONS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <label className={field}>
          <span className="font-medium">Result</span>
          <select className={INPUT} value={draft.result} onChange={set("result")} name="result">
            <option value="">any</option>
            {(Object.keys(AUDIT_RESULT_LABELS) as AuditRow["result"][]).map((r) => (
              <option key={r} value={r}>
                {AUDIT_RESULT_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <label className={field}>
          <span className="font-medium">From (UTC)</span>
          <input className={INPUT} type="datetime-local" value={draft.from} onChange={set("from")} name="from" />
        </label>
        <label className={field}>
          <span className="font-medium">To (UTC)</span>
          <input className={INPUT} type="datetime-local" value={draft.to} onChange={set("to")} name="to" />
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY}>
          Filter
        </button>
        <button
          type="button"
          className={BUTTON}
          disabled={!filtersActive(draft) && !filtersActive(applied)}
          onClick={() => {
            setDraft(NO_AUDIT_FILTERS);
            onApply(NO_AUDIT_FILTERS);
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}

export function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [cursor, setCursor] = useState<AuditCursor>({ kind: "newest" });
  const filtered = filtersActive(filters);
  const form = (
    <FilterForm
      applied={filters}
      onApply={(f) => {
        setFilters(f);
        setCursor({ kind: "newest" });
      }}
    />
  );
  return (
    <div className="grid gap-4">
      {form}
      <AuditPage filters={filters} filtered={filtered} cursor={cursor} onCursor={setCursor} />
    </div>
  );
}

function AuditPage({ filters, filtered, cursor, onCursor }: { filters: AuditFilters; filtered: boolean; cursor: AuditCursor; onCursor: (c: AuditCursor) => void }) {
  const { data, error, isValidating, mutate } = useAudit(auditQuery(filters, cursor, AUDIT_PAGE_SIZE));
  if (error) {
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
  if (data.entries.length === 0 && (filtered || data.total > 0)) {
    return (
      <div className="grid gap-2">
        <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300" data-audit-no-match>
          {data.total === 0 ? AUDIT_NO_MATCH : auditPageSummary(data, filtered).heading}
        </p>
        {cursor.kind !== "newest" ? (
          <div>
            <button type="button" className={BUTTON} onClick={() => onCursor({ kind: "newest" })}>
              Newest
            </button>
          </div>
        ) : null}
      </div>
    );
  }
  if (data.entries.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300" data-audit-empty>
        {AUDIT_EMPTY}
      </p>
    );
  }
  const rows = auditRows(data.entries);
  const summary = auditPageSummary(data, filtered);
  const first = data.entries[0];
  const last = data.entries.at(-1);
  const pager = (where: string) => (
    <nav aria-label={`Audit log pages (${where})`} className="flex flex-wrap items-center gap-2" data-audit-pager={where}>
      <button type="button" className={BUTTON} disabled={!summary.hasNewer || cursor.kind === "newest"} onClick={() => onCursor({ kind: "newest" })}>
        Newest
      </button>
      <button type="button" className={BUTTON} disabled={!summary.hasNewer || !first} onClick={() => first && onCursor({ kind: "after", seq: first.seq })}>
        ← Newer
      </button>
      <button type="button" className={BUTTON} disabled={!summary.hasOlder || !last} onClick={() => last && onCursor({ kind: "before", seq: last.seq })}>
        Older →
      </button>
    </nav>
  );
  return (
    <section aria-labelledby="audit-table-title" className="grid gap-2" data-audit-table={rows.length} data-audit-total={data.total}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="audit-table-title" className="text-base font-semibold" aria-live="polite">
          {summary.heading}
        </h2>
        {pager("top")}
      </div>
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
      {pager("bottom")}
    </section>
  );
}
