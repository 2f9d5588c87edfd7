/**
 * Why the overview has no data, said once at the top: what failed, the message it failed with, what
 * to check, and Retry. The widgets below only say "no data".
 */
import type { LoadFailure } from "@/components/ui/widget-state";

export function LoadFailurePanel({ failure }: { failure: LoadFailure }) {
  const checks = failure.checks ?? [];
  return (
    <section
      role="alert"
      aria-labelledby="load-failure-title"
      className="rounded-lg border border-red-300 border-l-4 border-l-red-600 bg-red-50 p-4 text-red-950 dark:border-red-900 dark:border-l-red-500 dark:bg-red-950/40 dark:text-red-100"
      data-load-failure
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <h2 id="load-failure-title" className="text-lg font-semibold">
            {failure.title}
          </h2>
          {failure.bootstrap ? (
            <p className="mt-1 text-sm" data-load-failure-bootstrap>
              Bootstrap servers: <span className="font-mono font-medium">{failure.bootstrap.split(",").join(", ")}</span>
            </p>
          ) : null}
          <p className="mt-1 text-sm break-words" data-load-failure-message>
            {failure.message}
          </p>
        </div>
        {failure.retry ? (
          <button
            type="button"
            onClick={failure.retry}
            disabled={failure.retrying}
            className="shrink-0 rounded bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70 dark:bg-red-600 dark:hover:bg-red-500"
            data-load-failure-retry
          >
            {failure.retrying ? "Retrying…" : "Retry"}
          </button>
        ) : null}
      </div>
      {checks.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-semibold">What to check</h3>
          <ul className="mt-1 grid gap-1 text-sm">
            {checks.map((c) => (
              <li key={c.topic} className="grid gap-x-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
                <span className="font-mono text-xs leading-5 font-semibold break-all">{c.topic}</span>
                <span>{c.text}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
