/**
 * The verdict: the report in plain words, first thing under the header. An import's cross-checks
 * (`checks`) sit inside it, because they say what the verdict could not weigh.
 */
import type { ImportChecks } from "@/lib/view/import-checks";
import type { Verdict } from "@/lib/view/verdict";

const TONE: Record<Verdict["tone"], string> = {
  ok: "border-emerald-600 bg-emerald-50 dark:bg-emerald-950/30",
  warn: "border-amber-500 bg-amber-50 dark:bg-amber-950/30",
  bad: "border-red-600 bg-red-50 dark:bg-red-950/30",
};
const WORD: Record<Verdict["tone"], string> = { ok: "Balanced", warn: "Attention", bad: "Action needed" };

/** The verdict, or while there is none yet, its place holding "Reading the cluster…" (a failed load shows the failure panel instead). */
export function VerdictLine({ verdict, checks = null }: { verdict: Verdict | null; checks?: ImportChecks | null }) {
  if (!verdict) {
    return (
      <section aria-label="Verdict" className="min-h-24 animate-pulse rounded-lg border-l-4 border-zinc-300 bg-zinc-50 p-4 dark:border-zinc-700 dark:bg-zinc-900">
        <p className="text-lg">Reading the cluster…</p>
      </section>
    );
  }
  return (
    <section aria-label="Verdict" data-verdict={verdict.tone} className={`min-h-24 rounded-lg border-l-4 p-4 ${TONE[verdict.tone]}`}>
      <p className="text-xs font-semibold tracking-wide uppercase">{WORD[verdict.tone]}</p>
      <p className="mt-1 text-lg leading-snug font-medium" data-verdict-headline>
        {verdict.headline}
      </p>
      {verdict.details.length > 0 ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm">
          {verdict.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : null}
      {checks ? (
        <div className="mt-3 rounded border border-amber-500 bg-white/70 p-3 text-sm dark:bg-zinc-950/40" data-import-checks>
          <h2 className="font-semibold">
            <span aria-hidden>⚠ </span>
            {checks.title}
          </h2>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {checks.items.map((item) => (
              <li key={item} className="break-words" data-import-check>
                {item}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
