/**
 * The verdict: the findings in severity order, cause first, each with what to do (lib/view/overview/verdict.ts),
 * first thing under the header. An import's cross-checks (`checks`) sit inside it, because they say
 * what the verdict could not weigh.
 */
import type { ImportChecks } from "@/lib/view/import/import-checks";
import type { Finding, Verdict } from "@/lib/view/overview/verdict";
import type { SnapshotOrigin } from "@/lib/share/origin";
import { FindingActions } from "./finding-actions";

const TONE: Record<Verdict["tone"], string> = {
  ok: "border-emerald-600 bg-emerald-50 dark:bg-emerald-950/30",
  warn: "border-amber-500 bg-amber-50 dark:bg-amber-950/30",
  bad: "border-red-600 bg-red-50 dark:bg-red-950/30",
};
const WORD: Record<Verdict["tone"], string> = { ok: "Balanced", warn: "Attention", bad: "Action needed" };
const MARK: Record<Finding["tone"], { icon: string; label: string; className: string }> = {
  bad: { icon: "✕", label: "Action needed", className: "text-red-700 dark:text-red-400" },
  warn: { icon: "!", label: "Attention", className: "text-amber-700 dark:text-amber-400" },
  ok: { icon: "✓", label: "Fine", className: "text-emerald-700 dark:text-emerald-400" },
  info: { icon: "?", label: "Unknown", className: "text-zinc-500" },
};

const CURRENT: SnapshotOrigin = { kind: "current" };

/** The verdict, or while there is none yet, its place holding "Reading the cluster…" (a failed load shows the failure panel instead). */
export function VerdictLine({ verdict, checks = null, origin = CURRENT }: { verdict: Verdict | null; checks?: ImportChecks | null; origin?: SnapshotOrigin }) {
  if (!verdict) {
    return (
      <section aria-label="Verdict" className="min-h-24 animate-pulse rounded-lg border-l-4 border-zinc-300 bg-zinc-50 p-4 dark:border-zinc-700 dark:bg-zinc-900">
        <p className="text-lg">Reading the cluster…</p>
      </section>
    );
  }
  // A verdict made before findings existed (or by a caller that builds its own) has lines only.
  const findings = verdict.findings ?? [];
  const [first, ...rest] = findings;
  // "Balanced" only when nothing is wrong; a verdict with a fine headline but unknowns says so in the list.
  const word = verdict.tone === "ok" && first && first.kind !== "balanced" ? "Nothing to act on" : WORD[verdict.tone];
  return (
    <section aria-label="Verdict" data-verdict={verdict.tone} className={`min-h-24 rounded-lg border-l-4 p-4 ${TONE[verdict.tone]}`}>
      <p className="text-xs font-semibold tracking-wide uppercase">{word}</p>
      <p className="mt-1 text-lg leading-snug font-medium" data-verdict-headline data-finding-kind={first?.kind}>
        {verdict.headline}
      </p>
      {first?.actions ? <FindingActions actions={first.actions} origin={origin} /> : null}
      {findings.length > 1 ? (
        <ul className="mt-3 space-y-1.5 text-sm" aria-label="Findings, most severe first">
          {rest.map((f) => (
            <li key={`${f.kind}:${f.text}`} className="flex gap-2" data-finding={f.kind} data-finding-tone={f.tone}>
              <span aria-hidden className={`w-4 shrink-0 text-center font-bold ${MARK[f.tone].className}`}>
                {MARK[f.tone].icon}
              </span>
              <div className="min-w-0 flex-1">
                <span className="sr-only">{MARK[f.tone].label}: </span>
                {f.text}
                {f.actions ? <FindingActions actions={f.actions} origin={origin} /> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : findings.length === 0 && verdict.details.length > 0 ? (
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
