"use client";
/**
 * What to do about the result (lib/simulate/actions.ts): after the diagnosis, the actions with their
 * commands, each true for the Kafka version the run simulates: cordon the full dirs (4.3+), or the
 * padding workaround (older), and a log-dir rebalance — opened in the planner for the simulated
 * cluster (a plan link with the dir goal), or added here as a plan step.
 */
import { useMemo, useState } from "react";
import { errorMessage } from "@/lib/client/fetch-json";
import { createShareLink } from "@/lib/client/snapshot-links";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { openerPath } from "@/lib/share/record";
import { simulationActions, type SimulationAction } from "@/lib/simulate/actions";
import type { SimulatedLines } from "@/lib/simulate/kafka-line";
import type { SimulatedKafkaVersion } from "@/lib/simulate/schema";
import type { SlimReport } from "@/lib/simulate/slim-report";
import { GOAL_NAMES } from "@/lib/plan/goals";
import type { SoftGoal } from "@/lib/plan/options";
import { copyText } from "@/components/share/copy-text";
import { WidgetCard, type WidgetState } from "@/components/ui/widget-card";

/** "dir utilisation, broker bytes": the goals as the planner names them. */
function goalNames(goals: readonly SoftGoal[] | undefined): string {
  return (goals ?? []).map((g) => GOAL_NAMES[g]).join(", ") || "every goal";
}

const BUTTON =
  "rounded border border-zinc-300 px-2.5 py-1 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 aria-disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

function Commands({ id, title, text, collapsed = false }: { id: string; title: string; text: string; collapsed?: boolean }) {
  const [copied, setCopied] = useState<"" | "copied" | "failed">("");
  const pre = (
    <pre id={id} tabIndex={0} className="max-h-48 overflow-auto rounded bg-zinc-100 p-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere] dark:bg-zinc-900" data-action-commands>
      {text}
    </pre>
  );
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-zinc-700 dark:text-zinc-300">{title}</span>
        <button
          type="button"
          className="rounded border border-zinc-300 px-2 py-0.5 text-xs dark:border-zinc-700"
          onClick={() => void copyText(text).then((ok) => setCopied(ok ? "copied" : "failed"))}
          aria-describedby={id}
        >
          {copied === "copied" ? "Copied" : copied === "failed" ? "Select and copy by hand" : "Copy"}
        </button>
      </div>
      {collapsed ? (
        <details>
          <summary className="cursor-pointer text-xs">Show the commands</summary>
          {pre}
        </details>
      ) : (
        pre
      )}
    </div>
  );
}

interface Props {
  /** The last step's report under Kafka's rule, or null when the run has none. */
  report: SlimReport | null;
  kafkaVersion: SimulatedKafkaVersion;
  kafka: readonly SimulatedLines[];
  state: WidgetState;
  /** Loads the cluster the report describes (for the planner link); null when it cannot be loaded. */
  loadSnapshot: (() => Promise<ClusterSnapshot>) | null;
  /** Appends a plan step with these options to the scenario and runs it; null when the editor cannot. */
  onAddPlanStep: ((options: Extract<SimulationAction, { kind: "rebalance" }>["options"]) => void) | null;
  /** "the last step under Kafka's rule" or similar: which cluster the actions are for. */
  context: string;
}

export function ActionsCard({ report, kafkaVersion, kafka, state, loadSnapshot, onAddPlanStep, context }: Props) {
  const result = useMemo(() => (report ? simulationActions({ report, kafkaVersion, kafka }) : null), [report, kafkaVersion, kafka]);
  const [planLink, setPlanLink] = useState<{ kind: "idle" } | { kind: "busy" } | { kind: "error"; message: string }>({ kind: "idle" });

  const openPlanner = async (options: Extract<SimulationAction, { kind: "rebalance" }>["options"]) => {
    if (!loadSnapshot) return;
    setPlanLink({ kind: "busy" });
    try {
      const snapshot = await loadSnapshot();
      const { id } = await createShareLink({ kind: "plan", snapshot, plan: { options } });
      window.location.assign(openerPath("plan", id));
    } catch (e) {
      setPlanLink({ kind: "error", message: `The planner link could not be made: ${errorMessage(e)}` });
    }
  };

  return (
    <WidgetCard
      id="what-to-do"
      title="What to do"
      bodyClassName=""
      subtitle={`For the cluster after ${context}; the commands name <bootstrap-servers> for you to replace.`}
      state={state}
    >
      {result ? (
        result.none !== null ? (
          <p className="text-sm" data-actions-none>
            {result.none}
          </p>
        ) : (
          <ol className="flex flex-col gap-4" data-actions>
            {result.actions.map((a, i) => (
              <li key={a.kind} className="flex min-w-0 flex-col gap-2" data-action={a.kind}>
                <h3 className="text-sm font-semibold">
                  {i + 1}. {a.title}
                </h3>
                <p className="text-sm leading-snug text-zinc-700 dark:text-zinc-300" data-action-text>
                  {a.text}
                </p>
                {a.kind === "cordon" ? (
                  <Commands
                    id={`action-cordon`}
                    title={`Cordon, then (once even) uncordon: ${a.brokers.length} broker${a.brokers.length === 1 ? "" : "s"}`}
                    text={a.brokers.map((b) => `# broker ${b.broker}: cordon ${b.adding.join(", ")}\n${b.command}\n# later, to remove the cordon:\n${b.undo}`).join("\n")}
                  />
                ) : null}
                {a.kind === "padding" ? (
                  <>
                    <Commands
                      id="action-padding"
                      title={`Padding: ${a.plan.partitions.length} partitions on ${a.brokers.length} broker${a.brokers.length === 1 ? "" : "s"}`}
                      text={a.plan.commands.join("\n")}
                      collapsed={a.plan.reassignmentJson.length > 4000}
                    />
                    <Commands id="action-padding-remove" title="Later, once the full dirs are relieved: remove the padding" text={a.plan.removeCommand} />
                  </>
                ) : null}
                {a.kind === "rebalance" ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <button
                      type="button"
                      className={BUTTON}
                      aria-disabled={!loadSnapshot || planLink.kind === "busy" || undefined}
                      onClick={() => planLink.kind !== "busy" && void openPlanner(a.options)}
                      data-open-planner
                    >
                      {planLink.kind === "busy" ? "Opening the planner…" : `Open in the planner (${goalNames(a.options.goals)})`}
                    </button>
                    {onAddPlanStep ? (
                      <button type="button" className={BUTTON} onClick={() => onAddPlanStep(a.options)} data-add-plan-step>
                        Add it as a step here
                      </button>
                    ) : null}
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">
                      Opening the planner stores this simulated cluster as a plan link (host names hidden) and opens it with{" "}
                      {a.options.goals?.length === 1 ? "that goal" : "those goals"} chosen; a step here shows the cluster the plan leaves.
                    </span>
                    {planLink.kind === "error" ? (
                      <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
                        {planLink.message}
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )
      ) : null}
    </WidgetCard>
  );
}
