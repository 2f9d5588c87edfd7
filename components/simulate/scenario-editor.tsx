"use client";
/**
 * The scenario editor: where the cluster starts, Kafka's broker placement, the log-dir rule, the
 * seed, and the ordered steps; then Run. Ctrl+Enter (⌘+Enter) runs from anywhere inside it.
 */
import { useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { changeBase, type ClusterContext, type Draft } from "@/lib/view/simulate/scenario-draft";
import type { LinkBase } from "@/lib/simulate/scenario-url";
import type { BrokerPlacement, LogDirPlacement, SimulatedKafkaVersion, StepInput } from "@/lib/simulate/schema";
import { KAFKA_VERSION_OPTIONS, kafkaVersionHint } from "@/lib/view/simulate/kafka-version-text";
import type { SimulationStep } from "@/lib/simulate/run-request";
import { NumberField, SelectField } from "./fields";
import { StepList } from "./step-list";

interface Props {
  draft: Draft;
  onChange: (draft: Draft) => void;
  context: ClusterContext;
  issues: Record<string, string>;
  outcomes: SimulationStep[] | null;
  importedAvailable: boolean;
  running: boolean;
  onRun: () => void;
  onAnnounce: (message: string) => void;
}

type BaseChoice = LinkBase["kind"];

const BASES: readonly { value: BaseChoice; label: string }[] = [
  { value: "preset", label: "Story start: 3 brokers, 1 empty disk" },
  { value: "demo", label: "Demo cluster (story's end)" },
  { value: "current", label: "Current source (dashboard)" },
  { value: "forecast", label: "Current cluster, as forecast N days ahead" },
  { value: "imported", label: "Imported snapshot (this tab)" },
  { value: "synthetic", label: "Synthetic cluster (for scale)" },
  { value: "shared", label: "Shared snapshot link" },
];

const BASE_HINTS: Record<BaseChoice, string> = {
  preset: "The cluster every preset starts from: 3 brokers with one 512 GiB disk each, no topics.",
  demo: "Three brokers after the __consumer_offsets story: counts even, bytes skewed.",
  current: "The live cluster when KAFKA_BOOTSTRAP_SERVERS is set, else the demo. A link re-reads it when opened.",
  forecast:
    "The current cluster with each log dir grown to the bytes its forecast expects then (partition sizes only: placement is what the steps decide). Needs the cluster's history, so not the demo.",
  imported: "The kafka-log-dirs output imported on the Import page. It stays in this browser tab.",
  synthetic: "A generated cluster with log-normal partition sizes; dirs further down log.dirs fill up more (skew).",
  shared: "The cluster stored with the snapshot link this page was opened from (read-only; your edits change only the steps).",
};

/** 30 days: a month ahead, the horizon most capacity plans are made for. */
const DEFAULT_FORECAST_DAYS = 30;
const FORECAST_DAYS = [7, 30, 90] as const;

const LOG_DIR_RULES: readonly { value: LogDirPlacement; label: string; hint: string }[] = [
  { value: "kafka-count", label: "Kafka's rule: fewest partitions", hint: "What every Kafka version does (LogManager.nextLogDirs)." },
  { value: "least-bytes", label: "least-bytes (not in Kafka)", hint: "The dir holding the fewest bytes." },
  { value: "least-utilization", label: "least-utilization (not in Kafka)", hint: "The dir with the lowest used ÷ capacity." },
];

export function ScenarioEditor({ draft, onChange, context, issues, outcomes, importedAvailable, running, onRun, onAnnounce }: Props) {
  // The shared link's id is kept while the draft is on another base, so the choice can come back to it.
  const [sharedId] = useState(draft.base.kind === "shared" ? draft.base.id : null);
  // The preset's steps taken out when the base left the preset (they fail on any other base), to offer back.
  const [removed, setRemoved] = useState<StepInput[]>([]);
  // The note belongs to the base it was written for: a preset picked or a link opened since hides it.
  const [baseNote, setBaseNote] = useState<{ base: string; text: string } | null>(null);
  const shownNote = baseNote && baseNote.base === JSON.stringify(draft.base) ? baseNote.text : null;
  const setBase = (kind: BaseChoice) => {
    let base: LinkBase;
    if (kind === "preset") base = { kind, id: draft.presetId ?? "consumer-offsets-skew" };
    else if (kind === "synthetic") base = { kind, options: { brokers: 12, dirsPerBroker: 4, replicas: 6000, seed: 1, skew: 1 } };
    else if (kind === "shared") base = { kind, id: sharedId ?? "" };
    else if (kind === "forecast") base = { kind, days: DEFAULT_FORECAST_DAYS };
    else base = { kind };
    const next = changeBase(draft, base, removed);
    const label = BASES.find((b) => b.value === kind)?.label ?? kind;
    let note: string | null = null;
    if (next.removed.length > 0) {
      setRemoved(next.removed);
      const n = next.removed.length;
      note = `The preset's ${n} step${n === 1 ? " was" : "s were"} taken out: ${n === 1 ? "it builds" : "they build"} the story from its empty start (3 brokers, one empty disk each), not from this base (${label}). Choosing the story start again puts ${n === 1 ? "it" : "them"} back.`;
    } else if (next.restored.length > 0) {
      setRemoved([]);
      note = `The preset's ${next.restored.length} step${next.restored.length === 1 ? " is" : "s are"} back in front of the others.`;
    }
    setBaseNote(note ? { base: JSON.stringify(base), text: note } : null);
    if (note) onAnnounce(note);
    onChange(next.draft);
  };
  // The Run bar is sticky at the bottom of the editor's scrolling panel (wide screens): a field that gets
  // focus under it is scrolled up clear of it. The panel's scroll padding does this where the browser
  // honours it for focus; this check, after the browser's own scrolling, covers the rest.
  const runBar = useRef<HTMLDivElement>(null);
  const keepClearOfRunBar = (e: FocusEvent) => {
    const field = e.target as HTMLElement;
    requestAnimationFrame(() => {
      const bar = runBar.current;
      if (!bar || bar.contains(field) || getComputedStyle(bar).position !== "sticky") return;
      const overlap = field.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
      if (overlap > 0) bar.closest("aside")?.scrollBy({ top: overlap + 8 });
    });
  };
  const setPolicy = (patch: Partial<Draft["policy"]>) => onChange({ ...draft, policy: { ...draft.policy, ...patch } });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (!running) onRun();
    }
  };
  const synthetic = draft.base.kind === "synthetic" ? draft.base.options : null;
  const forecastDays = draft.base.kind === "forecast" ? draft.base.days : null;
  const setForecastDays = (days: number) => onChange({ ...draft, base: { kind: "forecast", days } });
  const setSynthetic = (patch: Partial<NonNullable<typeof synthetic>>) => synthetic && onChange({ ...draft, base: { kind: "synthetic", options: { ...synthetic, ...patch } } });

  return (
    <form
      aria-labelledby="scenario-title"
      // The schema's messages (with the API's paths) replace the browser's own bubbles.
      noValidate
      className="flex flex-col gap-4"
      onKeyDown={onKeyDown}
      onFocus={keepClearOfRunBar}
      onSubmit={(e) => {
        e.preventDefault();
        if (!running) onRun();
      }}
      data-scenario-editor
    >
      <h2 id="scenario-title" className="text-base font-semibold">
        Scenario
      </h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">Start from</legend>
        <SelectField
          label="Base cluster"
          value={draft.base.kind}
          onChange={setBase}
          options={BASES.filter((b) => (b.value !== "imported" || importedAvailable || draft.base.kind === "imported") && (b.value !== "shared" || sharedId !== null))}
          hint={BASE_HINTS[draft.base.kind]}
        />
        {shownNote ? (
          <p role="note" className="rounded border border-zinc-300 bg-white px-2 py-1.5 text-xs leading-snug dark:border-zinc-700 dark:bg-zinc-900" data-base-note>
            {shownNote}
          </p>
        ) : null}
        {forecastDays !== null ? (
          <div className="flex flex-wrap items-end gap-2" data-forecast-days>
            <div role="group" aria-label="Common horizons" className="flex gap-1">
              {FORECAST_DAYS.map((d) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={forecastDays === d}
                  onClick={() => setForecastDays(d)}
                  className="rounded border border-zinc-300 px-2.5 py-1 text-sm font-medium hover:bg-zinc-100 aria-pressed:border-zinc-900 aria-pressed:bg-zinc-900 aria-pressed:text-white dark:border-zinc-700 dark:hover:bg-zinc-800 dark:aria-pressed:border-zinc-100 dark:aria-pressed:bg-zinc-100 dark:aria-pressed:text-zinc-900"
                >
                  {d} days
                </button>
              ))}
            </div>
            <NumberField label="Days ahead" value={forecastDays} min={1} onChange={setForecastDays} error={issues["base.forecast.days"]} className="w-28" />
          </div>
        ) : null}
        {synthetic ? (
          <div className="grid grid-cols-3 gap-2">
            <NumberField label="Brokers" value={synthetic.brokers} min={1} onChange={(brokers) => setSynthetic({ brokers })} error={issues["base.synthetic.brokers"]} />
            <NumberField
              label="Dirs each"
              value={synthetic.dirsPerBroker}
              min={1}
              onChange={(dirsPerBroker) => setSynthetic({ dirsPerBroker })}
              error={issues["base.synthetic.dirsPerBroker"]}
            />
            <NumberField
              label="Replicas"
              value={synthetic.replicas}
              min={0}
              step={1000}
              onChange={(replicas) => setSynthetic({ replicas })}
              error={issues["base.synthetic.replicas"]}
            />
          </div>
        ) : null}
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">Kafka&apos;s rules</legend>
        <SelectField<BrokerPlacement>
          label="Broker placement"
          value={draft.policy.brokerPlacement}
          onChange={(brokerPlacement) => setPolicy({ brokerPlacement })}
          options={[
            { value: "kraft-striped", label: "KRaft controller (StripedReplicaPlacer)" },
            { value: "zk-admin-utils", label: "ZooKeeper era (AdminUtils)" },
          ]}
        />
        <div role="radiogroup" aria-labelledby="log-dir-rule-label" className="flex flex-col gap-1">
          <span id="log-dir-rule-label" className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
            Log-dir rule for the results below (the comparison runs all three)
          </span>
          {LOG_DIR_RULES.map((r) => (
            <label key={r.value} className="flex items-start gap-2 text-sm" title={r.hint}>
              <input
                type="radio"
                name="log-dir-rule"
                value={r.value}
                checked={draft.policy.logDirPlacement === r.value}
                onChange={() => setPolicy({ logDirPlacement: r.value })}
                className="mt-0.5 h-4 w-4"
                data-log-dir-rule={r.value}
              />
              <span>{r.label}</span>
            </label>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-2">
          <NumberField label="Seed" hint="Same seed, same placement" value={draft.seed} min={0} onChange={(seed) => onChange({ ...draft, seed })} error={issues.seed} />
          <SelectField<SimulatedKafkaVersion>
            label="Kafka version"
            hint={kafkaVersionHint(draft.policy.kafkaVersion)}
            value={draft.policy.kafkaVersion}
            onChange={(kafkaVersion) => setPolicy({ kafkaVersion })}
            options={KAFKA_VERSION_OPTIONS}
          />
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">Steps, in order</legend>
        <StepList steps={draft.steps} onChange={(steps) => onChange({ ...draft, steps })} context={context} issues={issues} outcomes={outcomes} onAnnounce={onAnnounce} />
      </fieldset>

      {/* Sticky inside the editor's scrolling panel; the panel's scroll padding keeps focused fields clear of it. */}
      <div className="-mx-1 flex items-center gap-3 bg-zinc-50/95 px-1 py-2 lg:sticky lg:bottom-0 dark:bg-zinc-950/95" ref={runBar} data-run-bar>
        {/* aria-disabled, not disabled: a button disabled under focus drops focus to <body> while the run lasts. */}
        <button
          type="submit"
          aria-disabled={running || undefined}
          aria-busy={running}
          className="rounded bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 aria-disabled:opacity-70"
          data-run
        >
          {running ? "Running…" : "Run scenario"}
        </button>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">Ctrl+Enter</span>
      </div>
    </form>
  );
}
