/**
 * The one status sentence of a plan or a review (lib/view/plan/plan-status.ts), its tone in a word as well
 * as a colour, and the stale marker when the goals (or the JSON) changed after the result was made.
 */
import type { ResultStatus } from "@/lib/view/plan/plan-status";

const TONE: Record<ResultStatus["tone"], string> = {
  ok: "border-emerald-600 bg-emerald-50 dark:bg-emerald-950/30",
  partial: "border-amber-500 bg-amber-50 dark:bg-amber-950/30",
  refused: "border-red-600 bg-red-50 dark:bg-red-950/30",
};
const WORD: Record<ResultStatus["tone"], string> = { ok: "Within tolerance", partial: "Outside tolerance", refused: "Refused by Kafka" };

export function ResultStatusLine({ status, stale, staleText, of }: { status: ResultStatus; stale: boolean; staleText: string; of: "plan" | "review" }) {
  return (
    <div className="grid gap-2">
      {stale ? (
        <p
          className="rounded border border-dashed border-zinc-500 bg-zinc-100 px-3 py-2 text-sm font-medium text-zinc-900 dark:border-zinc-400 dark:bg-zinc-900 dark:text-zinc-100"
          data-result-stale
        >
          <span className="mr-1.5 rounded bg-zinc-800 px-1.5 py-0.5 text-xs font-semibold tracking-wide text-white uppercase dark:bg-zinc-200 dark:text-zinc-900">Stale</span>
          {staleText}
        </p>
      ) : null}
      <div
        className={`rounded-lg border-l-4 p-3 ${TONE[status.tone]}`}
        data-result-status={status.tone}
        data-plan-status={of === "plan" ? "" : undefined}
        data-review-status={of === "review" ? "" : undefined}
      >
        <p className="text-xs font-semibold tracking-wide uppercase">{WORD[status.tone]}</p>
        <p className="mt-0.5 text-base leading-snug font-medium">{status.sentence}</p>
      </div>
    </div>
  );
}
