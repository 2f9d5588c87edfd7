/**
 * The job's own words: errors first (what is left set), then warnings (what stays changed), the
 * election's outcome, and the log, newest last as the job wrote it.
 */
import { formatTimeOfDay } from "@/lib/model/format";

export function JobMessages({ errors, warnings, election }: { errors: readonly string[]; warnings: readonly string[]; election: string | null }) {
  if (errors.length === 0 && warnings.length === 0 && election === null) return null;
  return (
    <div className="grid gap-2 text-sm">
      {errors.length > 0 ? (
        <ul aria-label="Errors" className="grid gap-1" data-job-errors>
          {errors.map((e, i) => (
            <li key={`${i}-${e}`} className="rounded border border-red-300 bg-red-50 px-3 py-1.5 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
              <span className="font-semibold">Error: </span>
              {e}
            </li>
          ))}
        </ul>
      ) : null}
      {warnings.length > 0 ? (
        <ul aria-label="Warnings" className="grid gap-1" data-job-warnings>
          {warnings.map((w, i) => (
            <li key={`${i}-${w}`} className="rounded border border-amber-300 bg-amber-50 px-3 py-1.5 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
              <span className="font-semibold">Warning: </span>
              {w}
            </li>
          ))}
        </ul>
      ) : null}
      {election ? <p data-job-election>{election}</p> : null}
    </div>
  );
}

export function JobLog({ log }: { log: ReadonlyArray<{ at: string; message: string }> }) {
  return (
    <details className="rounded border border-zinc-200 text-sm dark:border-zinc-800" data-job-log>
      <summary className="cursor-pointer px-3 py-1.5 font-semibold focus-visible:outline-2 focus-visible:outline-blue-600">Log ({log.length} entries)</summary>
      <ol className="grid max-h-72 gap-0.5 overflow-auto px-3 pb-2 font-mono text-xs" tabIndex={0} aria-label="Job log">
        {log.map((l, i) => (
          <li key={`${i}-${l.at}`}>
            <time dateTime={l.at} className="text-zinc-600 dark:text-zinc-400">
              {formatTimeOfDay(l.at)}
            </time>{" "}
            {l.message}
          </li>
        ))}
      </ol>
    </details>
  );
}
