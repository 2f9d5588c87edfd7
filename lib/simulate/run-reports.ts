/**
 * runScenario's reports without its per-step snapshots: what the simulator's answer needs (a report
 * after every step, one final snapshot at most), without re-counting the cluster after every step.
 *
 * runScenario copies the cluster twice per step (a fresh working state from the last snapshot, then a
 * snapshot of the result) and counts every replica again for each report, so that a failed step can
 * never leave half its changes behind; its cost is the whole cluster on every step, however little the
 * step touches. Here one working state runs all steps; it shares the base's topics
 * copy-on-write, and each report is brought up to date from the topics the step created or changed
 * (ReportSums), so a step that touches one topic costs that topic, not the cluster. The base is
 * counted once (`prepareBase`) and shared by every policy a comparison runs.
 *
 * Invariants (this is the same result as runScenario, or runScenario is what runs):
 * - Same seeds, same random streams, same step code (`applyStep` on a `SimulationState`).
 * - Reports are runScenario's without the topic rows (the simulator sends none); the final topic names
 *   are given instead. When the sums cannot take a topic back exactly (sizes that are not whole bytes,
 *   or over 2^53 bytes in all), the report is counted afresh from every topic, as balanceReport does.
 * - A step that fails leaves nothing behind, as in runScenario (which goes on from the last snapshot):
 *   the state is rebuilt from the base by replaying the steps that applied, with the random numbers
 *   they drew (recorded as they ran), so a step that failed halfway cannot change what follows.
 * - runScenario's snapshot → state round trip recomputes each dir's non-Kafka usage from
 *   `usableBytes`, which is clamped at 0 on an overfull disk (and could round on fractional byte
 *   counts). Whenever that round trip would not give back exactly the same usage, the run falls back to
 *   runScenario (`path: "runScenario"`).
 * - The view writes log dirs exactly as SimulationState.capture() does; tests/unit/simulate/run-reports
 *   compares this function with runScenario on presets and random scenarios.
 */
import { JavaRandom, PlacementError, type RandomSource } from "../placement";
import { ReportSums, type BalanceReport, type BrokerDirReport } from "../model/report";
import type { ClusterSnapshot } from "../model/snapshot";
import { runScenario, SIZE_STREAM_SALT } from "./engine";
import { SimulationError } from "./errors";
import type { Scenario, Step } from "./schema";
import { countDirs, SimulationState, type CountedDirs } from "./state";
import { applyStep } from "./steps";

export interface ReportStep {
  index: number;
  step: Step;
  ok: boolean;
  error: { code: string; message: string } | null;
  note: string | null;
  /** The cluster after this step (before it, for a failed step); null when per-step reports were not asked for. */
  report: BrokerDirReport | null;
}

export interface ReportRun {
  /** The base as the engine sees it; null when per-step reports were not asked for (a comparison needs only the end). */
  initial: BrokerDirReport | null;
  steps: ReportStep[];
  /** `topics`: the final cluster's topic names, in snapshot order. */
  final: { report: BrokerDirReport; snapshot: ClusterSnapshot | null; topics: string[] };
  /** "reports" when the shared-state path ran; "runScenario" when it fell back. For tests and benchmarks. */
  path: "reports" | "runScenario";
}

export interface ReportRunOptions {
  /** A report of the base and after every step (the timeline); else only the final one. */
  stepReports: boolean;
  /** The final snapshot (a copy of every replica). */
  finalSnapshot: boolean;
}

/** A base counted once, for every run on it (a comparison runs the same base under three policies). */
export interface PreparedBase {
  base: ClusterSnapshot;
  dirs: CountedDirs;
  sums: ReportSums;
}

export function prepareBase(base: ClusterSnapshot): PreparedBase {
  const sums = new ReportSums();
  for (const topic of base.topics) sums.add(topic);
  return { base, dirs: countDirs(base), sums };
}

/** A report's figures without its topic rows. */
export function withoutTopicRows(report: BalanceReport): BrokerDirReport {
  const { topics: _topics, ...rest } = report;
  return rest;
}

/** The state as a snapshot without copying topics: log dirs written exactly as SimulationState.capture() does. */
function snapshotView(state: SimulationState): ClusterSnapshot {
  const s = state.snapshot;
  return {
    ...s,
    brokers: s.brokers.map((broker) => {
      const disks = state.disks.get(broker.id);
      if (!disks) return broker;
      return {
        ...broker,
        logDirs: disks.dirs.map((d) => ({
          path: d.path,
          state: d.state,
          totalBytes: d.totalBytes,
          usableBytes: d.totalBytes === null ? null : Math.max(0, d.totalBytes - d.otherBytes - d.bytes),
          error: d.state === "offline" ? "simulated log dir failure" : null,
          // As SimulationState.capture: a dir of its own is written so (lib/simulate/broker-disks.ts SimDir.sharesDisk).
          ...(d.sharesDisk ? {} : { disk: d.path }),
        })),
      };
    }),
  };
}

/** Would capture() → new SimulationState() give every dir back the same non-Kafka usage? */
function roundTrips(state: SimulationState): boolean {
  for (const disks of state.disks.values()) {
    for (const d of disks.dirs) {
      const other = d.totalBytes === null ? 0 : Math.max(0, d.totalBytes - Math.max(0, d.totalBytes - d.otherBytes - d.bytes) - d.bytes);
      if (other !== d.otherBytes) return false;
    }
  }
  return true;
}

function fromRunScenario(scenario: Scenario, options: ReportRunOptions): ReportRun {
  const r = runScenario(scenario);
  return {
    initial: options.stepReports ? withoutTopicRows(r.initial.report) : null,
    steps: r.steps.map((s) => ({ index: s.index, step: s.step, ok: s.ok, error: s.error, note: s.note, report: options.stepReports ? withoutTopicRows(s.report) : null })),
    final: { report: withoutTopicRows(r.final.report), snapshot: options.finalSnapshot ? r.final.snapshot : null, topics: r.final.report.topics.map((t) => t.name) },
    path: "runScenario",
  };
}

/** Brings `sums` up to date with the state's changes since the last call; a fresh count when a change cannot be taken back exactly. */
function sumsWithChanges(sums: ReportSums, state: SimulationState): ReportSums {
  const changes = state.takeChanges();
  if (changes.some((c) => c.before !== null) && !sums.exact) {
    const fresh = new ReportSums();
    for (const topic of state.snapshot.topics) fresh.add(topic);
    return fresh;
  }
  for (const c of changes) {
    if (c.before) sums.remove(c.before);
    sums.add(c.after);
  }
  return sums;
}

/** Passes a stream's draws through and keeps them, so a step can be replayed with the same numbers. */
class RecordedRandom implements RandomSource {
  readonly draws: number[] = [];
  constructor(private readonly source: RandomSource) {}
  nextInt(bound: number): number {
    const v = this.source.nextInt(bound);
    this.draws.push(v);
    return v;
  }
}

/** Gives back recorded draws in order. */
class ReplayedRandom implements RandomSource {
  private i = 0;
  constructor(private readonly draws: readonly number[]) {}
  nextInt(): number {
    if (this.i >= this.draws.length) throw new Error("runReports: a replayed step drew more numbers than it did the first time");
    return this.draws[this.i++]!;
  }
}

/** A step that applied, with the draws it made from each stream. */
interface AppliedStep {
  step: Step;
  placement: readonly number[];
  size: readonly number[];
}

/** `prepared`, when given, must be prepareBase(scenario.base). */
export function runReports(scenario: Scenario, options: ReportRunOptions, prepared: PreparedBase = prepareBase(scenario.base)): ReportRun {
  if (prepared.base !== scenario.base) throw new Error("runReports: prepared is for another base");
  let state = new SimulationState(scenario.base, scenario.policy, prepared.dirs);
  if (!roundTrips(state)) return fromRunScenario(scenario, options);
  let sums = prepared.sums.clone();
  /** The report of the state as it is now; null once a step has changed it. */
  let current: BrokerDirReport | null = null;
  const reportNow = (): BrokerDirReport => {
    if (!current) {
      sums = sumsWithChanges(sums, state);
      current = sums.report(snapshotView(state).brokers, state.snapshot.topics.length);
    }
    return current;
  };
  const initial = options.stepReports ? reportNow() : null;
  const placementRandom = new JavaRandom(scenario.seed);
  const sizeRandom = new JavaRandom(scenario.seed + SIZE_STREAM_SALT);
  const applied: AppliedStep[] = [];
  const steps: ReportStep[] = [];
  let lastApplied = -1;
  for (const [index, step] of scenario.steps.entries()) {
    const placement = new RecordedRandom(placementRandom);
    const size = new RecordedRandom(sizeRandom);
    let note: string | null;
    try {
      note = applyStep({ state, placementRandom: placement, sizeRandom: size }, step);
    } catch (e) {
      if (!(e instanceof SimulationError) && !(e instanceof PlacementError)) throw e;
      // The step may have changed part of the state before it failed. Like runScenario, which goes
      // on from the last good snapshot, go on from the state before it: replay the steps that
      // applied on a fresh state, with the numbers they drew. Its draws stay drawn, as in runScenario.
      state = new SimulationState(scenario.base, scenario.policy, prepared.dirs);
      for (const a of applied) applyStep({ state, placementRandom: new ReplayedRandom(a.placement), sizeRandom: new ReplayedRandom(a.size) }, a.step);
      sums = sumsWithChanges(prepared.sums.clone(), state);
      steps.push({ index, step, ok: false, error: { code: e.code, message: e.message }, note: null, report: options.stepReports ? reportNow() : null });
      continue;
    }
    if (!roundTrips(state)) return fromRunScenario(scenario, options);
    applied.push({ step, placement: placement.draws, size: size.draws });
    lastApplied = index;
    current = null;
    steps.push({ index, step, ok: true, error: null, note, report: options.stepReports ? reportNow() : null });
  }
  const label = `${scenario.base.source.label} · ${lastApplied < 0 ? "before" : `after step ${lastApplied + 1}`}`;
  return {
    initial,
    steps,
    final: { report: reportNow(), snapshot: options.finalSnapshot ? state.capture(label) : null, topics: state.snapshot.topics.map((t) => t.name) },
    path: "reports",
  };
}
