"use client";
/**
 * What a plan does besides moving data: for a removal or a drain, what left and what could not (with
 * why); and the leadership changes — replicas reordered so another in-sync replica is the preferred
 * leader, made leader by a preferred-leader election once the reassignment is done.
 */
import { formatCountOf } from "@/lib/model/format";
import type { Operation } from "@/lib/plan/options";
import type { Evacuation, Leadership } from "@/lib/plan/planner";
import { evacuationSentence, stuckGroups } from "@/lib/view/plan/plan-evacuation";

/** 20: enough to see the pattern; the JSON and the election file have them all. */
const CHANGES_SHOWN = 20;

export function EvacuationSummary({ operation, evacuation }: { operation: Operation; evacuation: Evacuation }) {
  const { lines, more } = stuckGroups(evacuation);
  return (
    <section aria-labelledby="plan-evacuation-title" className="grid gap-2" data-evacuation>
      <h3 id="plan-evacuation-title" className="text-base font-semibold">
        {operation.kind === "drain-dirs" ? "Drain" : "Removal"}
      </h3>
      <p className="text-sm" data-evacuation-summary>
        {evacuationSentence(operation, evacuation)}
      </p>
      {lines.length > 0 ? (
        <details
          className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          data-evacuation-stuck
        >
          <summary className="cursor-pointer font-medium">{formatCountOf(evacuation.stuckTotal, "replica")} cannot leave: which, and why</summary>
          <ul className="mt-2 list-disc pl-5">
            {lines.map((l) => (
              <li key={l} data-stuck-group>
                {l}
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="mt-1">…and {formatCountOf(more, "more replica")}, not listed.</p> : null}
        </details>
      ) : null}
    </section>
  );
}

export function LeadershipSummary({ leadership }: { leadership: Leadership }) {
  const n = leadership.changes.length;
  return (
    <section aria-labelledby="plan-leadership-title" className="grid gap-2" data-leadership>
      <h3 id="plan-leadership-title" className="text-base font-semibold">
        Leadership changes
      </h3>
      <p className="text-sm" data-leadership-summary>
        {n === 0
          ? "None: no preferred leader changes without a data move."
          : `${formatCountOf(n, "partition")} ${n === 1 ? "gets" : "get"} another preferred leader by reordering ${n === 1 ? "its" : "their"} replicas in the reassignment (no data moves); a preferred-leader election once the reassignment is done makes ${n === 1 ? "it" : "them"} lead.`}
      </p>
      {n > 0 ? (
        <ul className="list-disc pl-5 text-sm tabular-nums">
          {leadership.changes.slice(0, CHANGES_SHOWN).map((c) => (
            <li key={`${c.topic}-${c.partition}`}>
              {c.topic}-{c.partition}: broker {c.from} → broker {c.to}
            </li>
          ))}
          {n > CHANGES_SHOWN ? <li>…and {n - CHANGES_SHOWN} more, all in the election file.</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
