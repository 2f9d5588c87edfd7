/** A heatmap legend in real units: colour ramp, ticks, threshold marks and pattern swatches. */
import type { Legend } from "@/lib/view/common/legend";
import { cellBackground } from "./cell-patterns";

export function LegendBar({ legend, id }: { legend: Legend; id?: string }) {
  return (
    <div id={id} className="flex flex-wrap items-end gap-x-6 gap-y-2 text-xs text-zinc-700 dark:text-zinc-300" data-legend>
      <div className="w-72 max-w-full">
        <div className="mb-1 font-medium" data-legend-title>
          {legend.title}
        </div>
        <div className="relative">
          <div className="h-3 rounded-sm border border-zinc-300 dark:border-zinc-700" style={{ background: legend.gradient }} aria-hidden />
          {legend.marks.map((m) => (
            <div key={m.label} className="absolute -top-1 h-5 border-l-2 border-dashed border-zinc-900 dark:border-zinc-100" style={{ left: `${m.position * 100}%` }} aria-hidden />
          ))}
        </div>
        <div className="relative mt-1 h-4" data-legend-ticks>
          {legend.ticks.map((t) => (
            <span
              key={t.label}
              className="absolute whitespace-nowrap tabular-nums"
              style={{ left: `${t.position * 100}%`, transform: t.position === 0 ? "none" : t.position === 1 ? "translateX(-100%)" : "translateX(-50%)" }}
            >
              {t.label}
            </span>
          ))}
        </div>
        <p className="mt-0.5 text-zinc-600 dark:text-zinc-400" data-legend-reading>
          {legend.reading}
        </p>
        {legend.marks.length > 0 ? (
          <p className="mt-0.5 text-zinc-600 dark:text-zinc-400">Dashed marks: {legend.marks.map((m) => m.label).join(" / ")} used (plan / act / emergency)</p>
        ) : null}
      </div>
      {legend.swatches.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Cell patterns">
          {legend.swatches.map((s) => (
            <li key={s.pattern} className="flex items-center gap-1.5">
              {s.pattern === "future" ? (
                <span className="inline-flex h-4 items-center rounded bg-blue-700 px-1 text-[10px] font-semibold text-white" aria-hidden>
                  ⇢
                </span>
              ) : (
                <span className="inline-block h-4 w-6 rounded-sm border border-zinc-400 dark:border-zinc-600" style={cellBackground(s.pattern, null)} aria-hidden />
              )}
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
