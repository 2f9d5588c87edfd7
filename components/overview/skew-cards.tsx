/** The skew figures at the top: max ÷ mean (1.00× is perfect) with the spread and the worst offender. */
import type { SkewCard, Tone } from "@/lib/view/overview/skew-cards";

const TONE: Record<Tone, { box: string; word: string }> = {
  ok: { box: "border-emerald-600/40 bg-emerald-50 dark:bg-emerald-950/30", word: "even" },
  warn: { box: "border-amber-500/60 bg-amber-50 dark:bg-amber-950/30", word: "uneven" },
  bad: { box: "border-red-600/60 bg-red-50 dark:bg-red-950/30", word: "skewed" },
  none: { box: "border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900", word: "n/a" },
};

const ICON: Record<Tone, string> = { ok: "✓", warn: "!", bad: "✕", none: "–" };

export function SkewCards({ cards }: { cards: SkewCard[] | null }) {
  return (
    <section aria-label="Skew figures (max ÷ mean; 1.00× is perfect)" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      {(cards ?? PLACEHOLDERS).map((c) => (
        <article
          key={c.id}
          data-skew-card={c.id}
          className={`flex min-h-36 flex-col gap-1 rounded-lg border p-3 ${cards ? TONE[c.tone].box : "animate-pulse border-zinc-200 dark:border-zinc-800"}`}
        >
          <h3 className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{c.title}</h3>
          <p className="flex items-baseline gap-2">
            <span className="text-3xl font-semibold tabular-nums" data-skew-figure>
              {c.figure}
            </span>
            {cards ? (
              <span className="text-xs font-medium">
                <span aria-hidden>{ICON[c.tone]} </span>
                {TONE[c.tone].word}
              </span>
            ) : null}
          </p>
          <p className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
            {c.spread} · {c.detail}
          </p>
          {c.note ? (
            <p className="text-xs text-zinc-700 dark:text-zinc-300" data-skew-note>
              {c.note}
            </p>
          ) : null}
          {c.worst ? (
            <p className="mt-auto pt-1 text-xs font-medium" title={c.worst}>
              {c.worst}
            </p>
          ) : null}
        </article>
      ))}
    </section>
  );
}

const PLACEHOLDERS: SkewCard[] = (["brokerReplicas", "brokerLeaders", "brokerBytes", "dirBytes", "dirUtilization"] as const).map((id) => ({
  id,
  title: "…",
  figure: "–",
  tone: "none",
  spread: "",
  detail: "",
  worst: null,
  note: null,
}));
