"use client";
/**
 * Which snapshot a page is working on, in one line: where it comes from (live, demo, import, shared
 * link), its source label and when it was captured. The planner and the simulator show it, so a plan
 * or a run is never mistaken for one of another cluster.
 */
import { formatAge, formatCapturedAt } from "@/lib/model/format";
import { useNow } from "@/components/ui/use-now";

interface Props {
  /** "live", "demo", "import", "shared link", … */
  kind: string;
  label: string;
  capturedAt: string | null;
}

export function WorkingOn({ kind, label, capturedAt }: Props) {
  const now = useNow();
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300" data-working-on={kind}>
      Working on <span className="rounded bg-zinc-200 px-1.5 py-0.5 text-xs font-semibold tracking-wide uppercase dark:bg-zinc-800">{kind}</span>{" "}
      <span className="font-medium" data-working-on-label>
        {label}
      </span>
      {capturedAt ? (
        <span className="text-zinc-600 dark:text-zinc-400">
          {" "}
          · captured {formatCapturedAt(capturedAt)}
          {now !== null ? ` (${formatAge(capturedAt, now)})` : ""}
        </span>
      ) : null}
    </p>
  );
}
