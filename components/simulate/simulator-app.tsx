"use client";
/**
 * The simulator page: presets, the scenario editor, and the results of the last run (the policy
 * comparison first, then before/after heatmaps and the skew timeline). The server page renders the
 * first run; later runs POST /api/simulate. After every run the address bar gets the run's link.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useImportedSnapshot } from "@/lib/client/imported-snapshot";
import type { ShareRequestInput } from "@/lib/share/request";
import { simulationExportSets } from "@/components/share/export-sets";
import { ShareExportActions } from "@/components/share/share-export-actions";
import { WorkingOn } from "@/components/share/working-on";
import { describeIssues, type Failure } from "@/lib/model/result";
import { formatCount } from "@/lib/model/format";
import { POLICY_NAMES } from "@/lib/simulate/compare-verdict";
import { draftBody, draftFromPreset, draftIssues, draftKey, editorContext, isPristinePreset, type Draft, type InitialState } from "@/lib/view/simulate/scenario-draft";
import type { PresetId } from "@/lib/simulate/presets";
import type { SimulationResult } from "@/lib/simulate/run-request";
import type { SimulationAction } from "@/lib/simulate/actions";
import { ReaderWarnings } from "@/components/overview/reader-warnings";
import { simulatedKafkaText } from "@/lib/view/simulate/kafka-version-text";
import { runLink, type LinkState } from "@/lib/view/simulate/run-link";
import { clusterFromLocation } from "@/lib/client/cluster-url";
import type { WidgetState } from "@/components/ui/widget-card";
import { ActionsCard } from "./actions-card";
import { BeforeAfterCard } from "./before-after-card";
import { CompareCard } from "./compare-card";
import { LinkBar } from "./link-bar";
import { runSnapshots } from "./run-snapshots";
import { PresetPicker, type PresetCard } from "./preset-picker";
import { ScenarioEditor } from "./scenario-editor";
import { SimulatorHeader } from "./simulator-header";
import { SkewTimelineCard } from "./skew-timeline-card";
import { postSimulation, SIMULATE_URL, useSimulation } from "@/lib/client/use-simulation";

type PlanStepOptions = Extract<SimulationAction, { kind: "rebalance" }>["options"];

/** What the page shows of a failed run: the message and the fields at fault. */
type RunFailure = Pick<Failure, "message" | "issues">;

/** What the "working on" line calls each base. */
const BASE_KINDS: Record<Draft["base"]["kind"], string> = {
  preset: "preset",
  demo: "demo",
  current: "current source",
  forecast: "forecast",
  imported: "import",
  synthetic: "synthetic",
  shared: "shared link",
};

/** "1, 2 and 4". */
function listSteps(numbers: readonly number[]): string {
  return numbers.length <= 1 ? numbers.join("") : `${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}

interface Shown {
  result: SimulationResult;
  key: string;
  draft: Draft;
}

export function SimulatorApp({ initial, presets }: { initial: InitialState; presets: readonly PresetCard[] }) {
  const [draft, setDraft] = useState<Draft>(initial.draft);
  const [shown, setShown] = useState<Shown | null>(initial.result ? { result: initial.result, key: draftKey(initial.draft), draft: initial.draft } : null);
  const [localError, setLocalError] = useState<RunFailure | null>(initial.error);
  const [announcement, setAnnouncement] = useState("");
  const [link, setLink] = useState<LinkState>({ kind: "none" });
  // Set once React has taken over the server's HTML: controls work from then on (tests wait for it).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const sim = useSimulation();
  const imported = useImportedSnapshot();
  const importedSnapshot = imported.state === "ready" ? imported.data.snapshot : null;
  const failure: RunFailure | null = useMemo(() => localError ?? (sim.error ? { message: sim.error.message, issues: sim.error.issues } : null), [localError, sim.error]);
  // Problems shown beside the fields: the draft's own (live, from the schema), then the last answer's.
  const issues = useMemo(() => Object.fromEntries([...(failure?.issues ?? []), ...draftIssues(draft)].map((i) => [i.path, i.message])), [failure, draft]);

  const publishLink = useCallback(async (d: Draft) => {
    const { href, state } = await runLink(d, clusterFromLocation());
    window.history.replaceState(window.history.state, "", href);
    setLink(state);
  }, []);

  const run = useCallback(
    async (d: Draft) => {
      const problems = draftIssues(d);
      if (problems.length > 0) {
        setLocalError({ message: describeIssues(problems), issues: problems });
        setAnnouncement(`Not run: ${describeIssues(problems)}`);
        return;
      }
      const body = draftBody(d, importedSnapshot, { compare: true, snapshot: false });
      if (!body.ok) {
        setLocalError({ message: body.error.message, issues: [] });
        return;
      }
      setLocalError(null);
      setAnnouncement("Running the scenario…");
      const result = await sim.trigger(body.value);
      if (!result) {
        setAnnouncement("The run failed; the message is above the results.");
        return;
      }
      setShown({ result, key: draftKey(d), draft: d });
      const failed = result.steps.filter((s) => !s.ok).length;
      setAnnouncement(
        `Ran ${d.steps.length} step${d.steps.length === 1 ? "" : "s"}${failed > 0 ? ` (${failed} failed; why is beside each in the step list)` : ""}. ${result.comparison?.verdict ?? ""}`,
      );
      await publishLink(d);
    },
    [importedSnapshot, sim, publishLink],
  );

  // First paint came from the server: give the address bar its link. An imported base runs here,
  // once this tab's import has been read.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    if (initial.draft.base.kind === "imported" && !initial.result) {
      if (imported.state === "loading") return;
      started.current = true;
      if (imported.state === "ready") void run(initial.draft);
      else
        setLocalError({
          message:
            "This link starts from a snapshot imported in a browser tab, and none is imported in this one. Import the kafka-log-dirs output again (Import), or ask for a snapshot link.",
          issues: [],
        });
      return;
    }
    started.current = true;
    if (initial.result) void publishLink(initial.draft);
  }, [imported.state, initial, run, publishLink]);

  const pickPreset = (id: PresetId) => {
    const d = draftFromPreset(id);
    setDraft(d);
    void run(d);
  };

  const shareRequest = async (): Promise<ShareRequestInput> => {
    const d = shown?.draft ?? draft;
    let base = d.base.kind === "imported" ? importedSnapshot : null;
    if (!base) {
      const body = draftBody({ ...d, steps: [] }, importedSnapshot, { compare: false, snapshot: true });
      if (!body.ok) throw new Error(body.error.message);
      // The engine's copy of the base after no steps, labelled back as the base it came from.
      const answer = await postSimulation(SIMULATE_URL, { arg: body.value });
      if (!answer.final.snapshot) throw new Error("the server sent no snapshot");
      base = { ...answer.final.snapshot, source: { ...answer.final.snapshot.source, kind: answer.base.kind, label: answer.base.label } };
    }
    return { kind: "scenario", scenario: { base, policy: d.policy, seed: d.seed, steps: d.steps } };
  };

  const result = shown?.result ?? null;
  const stale = shown !== null && shown.key !== draftKey(draft);
  // The clusters behind the panels (broker drawer, JSON export), for the scenario as it was run.
  const snapshots = useMemo(() => (shown ? runSnapshots(shown.draft, importedSnapshot) : null), [shown, importedSnapshot]);
  const exports = useMemo(() => (shown && snapshots ? simulationExportSets(shown.result, snapshots) : null), [shown, snapshots]);
  const context = useMemo(() => editorContext(result?.final ?? null, draft.steps), [result, draft.steps]);

  const cardState: WidgetState = result
    ? { kind: "ready" }
    : sim.isMutating
      ? { kind: "loading" }
      : failure
        ? { kind: "error", message: failure.message, onRetry: () => void run(draft) }
        : { kind: "empty", message: "Pick a preset above, or build a scenario and press Run." };
  const activePreset = isPristinePreset(draft) ? draft.presetId : null;
  const policyName = result ? POLICY_NAMES[result.scenario.policy.logDirPlacement] : "";
  const failedSteps = result?.steps.filter((s) => !s.ok) ?? [];
  // What to do is for the cluster Kafka would leave: the run's own when it runs Kafka's rule, else the comparison's.
  const kafkaRule = result?.scenario.policy.logDirPlacement === "kafka-count";
  const kafkaReport = result ? (kafkaRule ? result.final.report : (result.comparison?.outcomes.find((o) => o.kafka)?.report ?? null)) : null;
  const kafkaSnapshot = snapshots ? snapshots.after("kafka-count") : null;
  const loadKafkaSnapshot = typeof kafkaSnapshot === "function" ? kafkaSnapshot : kafkaSnapshot ? () => Promise.resolve(kafkaSnapshot) : null;
  const addPlanStep = (options: PlanStepOptions) => {
    if (sim.isMutating) return;
    const d: Draft = { ...draft, steps: [...draft.steps, { kind: "plan", options }] };
    setDraft(d);
    void run(d);
  };

  return (
    <div className="flex flex-col gap-4" data-hydrated={hydrated ? "" : undefined}>
      <SimulatorHeader actions={<ShareExportActions shareLabel="Share this run" share={result ? shareRequest : null} exports={stale ? null : exports} />} />
      <p role="status" aria-live="polite" className="sr-only" data-announcement>
        {announcement}
      </p>
      {initial.notice ? (
        <p role="alert" className="rounded border border-amber-400 bg-amber-50 px-3 py-2 text-sm dark:border-amber-700 dark:bg-amber-950/40">
          {initial.notice}
        </p>
      ) : null}

      <PresetPicker presets={presets} active={activePreset} modified={activePreset ? null : draft.presetId} onPick={pickPreset} disabled={sim.isMutating} />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
        {/* scroll-pb: a field scrolled into view (focus, Tab) stops above the sticky Run bar, never under it. */}
        <aside
          aria-label="Scenario editor"
          className="rounded-lg border border-zinc-200 bg-zinc-50 p-3 lg:sticky lg:top-2 lg:max-h-[calc(100vh-1rem)] lg:scroll-pb-16 lg:self-start lg:overflow-y-auto dark:border-zinc-800 dark:bg-zinc-950"
        >
          <ScenarioEditor
            draft={draft}
            onChange={setDraft}
            context={context}
            issues={issues}
            outcomes={stale ? null : (result?.steps ?? null)}
            importedAvailable={importedSnapshot !== null}
            running={sim.isMutating}
            onRun={() => void run(draft)}
            onAnnounce={setAnnouncement}
          />
        </aside>

        <div
          className={`flex min-w-0 flex-col gap-4 transition-opacity ${sim.isMutating && result ? "opacity-60" : ""}`}
          aria-label="Results"
          aria-busy={sim.isMutating}
          role="region"
          data-results
        >
          {result ? (
            <div className="flex flex-col gap-1 text-sm" data-run-summary>
              <WorkingOn kind={shown ? BASE_KINDS[shown.draft.base.kind] : ""} label={result.base.label} capturedAt={result.base.capturedAt} />
              <p className="text-zinc-700 dark:text-zinc-300">
                Base: {formatCount(result.base.brokers)} brokers, {formatCount(result.base.replicas)} replicas · {result.scenario.steps.length} step
                {result.scenario.steps.length === 1 ? "" : "s"} · seed {result.scenario.seed} ·{" "}
                {result.scenario.policy.brokerPlacement === "kraft-striped" ? "KRaft broker placement" : "ZooKeeper broker placement"}
              </p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400" data-simulated-kafka>
                {simulatedKafkaText(result.kafka)}
              </p>
              <LinkBar link={stale ? { kind: "none" } : link} />
              <ReaderWarnings warnings={result.base.warnings} />
            </div>
          ) : null}
          {stale ? (
            <p className="rounded border border-zinc-300 bg-zinc-100 px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900" data-stale>
              The scenario changed since these results were computed: press <strong>Run scenario</strong> (Ctrl+Enter) to update them.
            </p>
          ) : null}
          {result && failure ? (
            <div
              role="alert"
              className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
              data-run-error
            >
              <p className="font-medium">Not run: {failure.message}</p>
              {failure.issues.length > 1 ? (
                <ul className="mt-1 list-disc pl-5">
                  {failure.issues.slice(0, 8).map((i) => (
                    <li key={`${i.path}:${i.message}`}>
                      <code>{i.path || "body"}</code>: {i.message}
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="mt-1 text-xs">The results below are from the last run that worked.</p>
            </div>
          ) : null}
          {failedSteps.length > 0 && !stale ? (
            <p role="note" className="rounded border border-amber-400 bg-amber-50 px-3 py-2 text-sm dark:border-amber-700 dark:bg-amber-950/40" data-failed-steps>
              {failedSteps.length === 1 ? `Step ${failedSteps[0]!.index + 1} failed` : `Steps ${listSteps(failedSteps.map((s) => s.index + 1))} failed`} (why is beside{" "}
              {failedSteps.length === 1 ? "it" : "each"} in the step list). Kafka would refuse {failedSteps.length === 1 ? "it" : "them"}, so the cluster stayed as it was and the
              later steps ran.
            </p>
          ) : null}
          <CompareCard comparison={result?.comparison ?? null} state={cardState} snapshots={snapshots} />
          {/* Like the other cards, it keeps the run shown (the stale note above says when the editor has moved on). */}
          <ActionsCard
            report={kafkaReport}
            kafkaVersion={result?.scenario.policy.kafkaVersion ?? "auto"}
            kafka={result?.kafka ?? []}
            state={cardState}
            loadSnapshot={loadKafkaSnapshot}
            onAddPlanStep={addPlanStep}
            context={kafkaRule ? "the last step" : `the last step under Kafka's rule (this run's own rule, ${policyName}, is not in Kafka)`}
          />
          <BeforeAfterCard initial={result?.initial.report ?? null} steps={result?.steps ?? []} state={cardState} policyName={policyName} snapshots={snapshots} />
          <SkewTimelineCard initial={result?.initial.report ?? null} steps={result?.steps ?? []} state={cardState} />
        </div>
      </div>
    </div>
  );
}
