"use client";
/** The presets from the core, one click away: each loads its scenario and runs it; focus stays on the preset picked. */
import type { PresetId } from "@/lib/simulate/presets";

export interface PresetCard {
  id: PresetId;
  title: string;
  explanation: string;
}

interface Props {
  presets: readonly PresetCard[];
  /** The preset the editor holds unchanged, if any. */
  active: PresetId | null;
  /** The preset the editor started from but has since changed. */
  modified: PresetId | null;
  onPick: (id: PresetId) => void;
  disabled: boolean;
}

export function PresetPicker({ presets, active, modified, onPick, disabled }: Props) {
  return (
    <section aria-labelledby="presets-title" className="flex flex-col gap-2">
      <h2 id="presets-title" className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">
        Presets: the story in three runs
      </h2>
      <ul className="grid grid-cols-1 gap-2 md:grid-cols-3">
        {presets.map((p) => {
          const on = p.id === active;
          return (
            <li key={p.id}>
              <button
                type="button"
                // aria-disabled, not disabled: a button disabled under focus drops focus to <body> while the preset runs.
                onClick={() => {
                  if (!disabled) onPick(p.id);
                }}
                aria-disabled={disabled || undefined}
                aria-pressed={on}
                className={`flex h-full w-full flex-col gap-1 rounded-lg border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 aria-disabled:cursor-wait ${on ? "border-blue-600 bg-blue-50 dark:border-blue-500 dark:bg-blue-950/40" : "border-zinc-200 bg-white hover:border-zinc-400 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600"}`}
                data-preset={p.id}
              >
                <span className="flex items-center gap-2 text-sm font-semibold">
                  {p.title}
                  {on ? <span className="rounded bg-blue-700 px-1.5 text-[11px] font-semibold text-white">shown</span> : null}
                  {p.id === modified ? <span className="rounded border border-zinc-400 px-1.5 text-[11px] font-medium">edited</span> : null}
                </span>
                <span className="text-xs leading-snug text-zinc-700 dark:text-zinc-300">{p.explanation}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
