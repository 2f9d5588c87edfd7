"use client";
/**
 * A finding's actions under the verdict: links to the planner (pre-filled with the goal or operation
 * that does it) and to the simulator (a scenario link with the steps that show it, on the same
 * snapshot), and the commands to paste, each with what it does.
 */
import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { CopyBlock } from "@/components/plan/copy-block";
import { withCluster } from "@/lib/client/cluster-url";
import { encodeScenarioLink, fitsInLink, LINK_PARAM, type LinkBase } from "@/lib/simulate/scenario-url";
import { PolicySchema } from "@/lib/simulate/schema";
import { plannerPath, type SnapshotOrigin } from "@/lib/share/origin";
import { planActionQuery, type FindingAction } from "@/lib/view/overview/finding-actions";

const LINK = "font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300";

function baseOf(origin: SnapshotOrigin): LinkBase {
  return origin.kind === "shared" ? { kind: "shared", id: origin.id } : origin.kind === "imported" ? { kind: "imported" } : { kind: "current" };
}

/** `/plan?…&goals=…`: the origin's planner path with the action's query. */
export function planHref(origin: SnapshotOrigin, action: Extract<FindingAction, { kind: "plan" }>): string {
  const path = plannerPath(origin);
  const query = planActionQuery(action);
  return withCluster(query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path);
}

function SimulateLink({ origin, action }: { origin: SnapshotOrigin; action: Extract<FindingAction, { kind: "simulate" }> }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void encodeScenarioLink({ base: baseOf(origin), policy: PolicySchema.parse({}), seed: 1, steps: action.steps }).then((s) => {
      if (live && fitsInLink(s)) setHref(withCluster(`/simulate?${LINK_PARAM}=${s}`));
    });
    return () => {
      live = false;
    };
  }, [origin, action]);
  return href ? (
    <Link href={href} className={LINK} data-finding-action="simulate">
      {action.label}
    </Link>
  ) : (
    <span className="text-zinc-500">{action.label}…</span>
  );
}

function Commands({ action }: { action: Extract<FindingAction, { kind: "commands" }> }) {
  const id = useId();
  return (
    <details className="w-full" data-finding-action="commands">
      <summary className={`cursor-pointer ${LINK}`}>{action.label}</summary>
      <div className="mt-1 grid gap-1">
        {action.note ? <p className="text-xs text-zinc-700 dark:text-zinc-300">{action.note}</p> : null}
        <CopyBlock id={`cmd-${id}`} title={action.label} text={action.commands.join("\n")} />
        {action.doc ? <p className="text-xs text-zinc-600 dark:text-zinc-400">Explained in {action.doc.replace(/^\//, "")}.</p> : null}
      </div>
    </details>
  );
}

export function FindingActions({ actions, origin }: { actions: readonly FindingAction[]; origin: SnapshotOrigin }) {
  if (actions.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap items-start gap-x-4 gap-y-1 text-sm">
      {actions.map((a) => {
        switch (a.kind) {
          case "plan":
            return (
              <Link key={a.label} href={planHref(origin, a)} className={LINK} data-finding-action="plan">
                {a.label}
              </Link>
            );
          case "simulate":
            return <SimulateLink key={a.label} origin={origin} action={a} />;
          case "link":
            return (
              <a key={a.label} href={a.href} className={LINK} data-finding-action="link">
                {a.label}
              </a>
            );
          case "commands":
            return <Commands key={a.label} action={a} />;
        }
      })}
    </div>
  );
}
