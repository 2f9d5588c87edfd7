/**
 * runScenario's reports without its per-step snapshots: what the simulator's answer needs (a report
 * after every step, one final snapshot at most), at a quarter of the work on large clusters.
 *
 * runScenario copies the cluster twice per step (a fresh working state from the last snapshot, then a
 * snapshot of the result) so that a failed step can never leave half its changes behind. That costs
 * four passes over every replica per step; at 100,000 replicas, compared under three policies, it is
 * most of a request's time. Here one working state runs all steps, and each report is taken from a
 * view of it that shares the replicas instead of copying them.
 *
 * Invariants (this is the same result as runScenario, or runScenario is what runs):
 * - Same seeds, same random streams, same step code (`applyStep` on a `SimulationState`).
 * - A step that fails would make runScenario restart from the last snapshot; here the whole run falls
 *   back to runScenario, so a failure is never handled differently.
 * - runScenario's snapshot → state round trip recomputes each dir's non-Kafka usage from
 *   `usableBytes`, which is clamped at 0 on an overfull disk (and could round on fractional byte
 *   counts). Whenever that round trip would not give back exactly the same usage, the run falls back too.
 * - The view writes log dirs exactly as SimulationState.capture() does; tests/unit/simulate/run-reports
 *   compares this function with runScenario on presets and random scenarios.
 */
import { JavaRandom, PlacementError } from "../placement";
import { balanceReport, type BalanceReport } from "../model/report";
import type { ClusterSnapshot } from "../model/snapshot";
import { runScenario, SIZE_STREAM_SALT } from "./engine";
import { SimulationError } from "./errors";
import type { Scenario, Step } from "./schema";
import { SimulationState } from "./state";
import { applyStep } from "./steps";

export interface ReportStep {
  index: number;
  step: Step;
  ok: boolean;
  error: { code: string; message: string } | null;
  note: string | null;
  /** The cluster after this step (before it, for a failed step); null when per-step reports were not asked for. */
  report: BalanceReport | null;
}

export interface ReportRun {
  /** The base as the engine sees it; null when per-step reports were not asked for (a comparison needs only the end). */
  initial: BalanceReport | null;
  steps: ReportStep[];
  final: { report: BalanceReport; snapshot: ClusterSnapshot | null };
  /** "reports" when the shared-state path ran; "runScenario" when it fell back. For tests and benchmarks. */
  path: "reports" | "runScenario";
}

export interface ReportRunOptions {
  /** A report of the base and after every step (the timeline); else only the final one. */
  stepReports: boolean;
  /** The final snapshot (a copy of every replica). */
  finalSnapshot: boolean;
}


/** The state as a snapshot without copying topics: log dirs written exactly as SimulationState.capture() does. */
function view(state: SimulationState): ClusterSnapshot {
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
    initial: options.stepReports ? r.initial.report : null,
    steps: r.steps.map((s) => ({ index: s.index, step: s.step, ok: s.ok, error: s.error, note: s.note, report: options.stepReports ? s.report : null })),
    final: { report: r.final.report, snapshot: options.finalSnapshot ? r.final.snapshot : null },
    path: "runScenario",
  };
}

export function runReports(scenario: Scenario, options: ReportRunOptions): ReportRun {
  const state = new SimulationState(scenario.base, scenario.policy);
  if (!roundTrips(state)) return fromRunScenario(scenario, options);
  const initial = options.stepReports || scenario.steps.length === 0 ? balanceReport(view(state)) : null;
  const placementRandom = new JavaRandom(scenario.seed);
  const sizeRandom = new JavaRandom(scenario.seed + SIZE_STREAM_SALT);
  const steps: ReportStep[] = [];
  let last: BalanceReport | null = initial;
  for (const [index, step] of scenario.steps.entries()) {
    let note: string | null;
    try {
      note = applyStep({ state, placementRandom, sizeRandom }, step);
    } catch (e) {
      if (e instanceof SimulationError || e instanceof PlacementError) return fromRunScenario(scenario, options);
      throw e;
    }
    if (!roundTrips(state)) return fromRunScenario(scenario, options);
    const isLast = index === scenario.steps.length - 1;
    const report = options.stepReports || isLast ? balanceReport(view(state)) : null;
    if (report) last = report;
    steps.push({ index, step, ok: true, error: null, note, report: options.stepReports ? report : null });
  }
  const label = `${scenario.base.source.label} · ${scenario.steps.length === 0 ? "before" : `after step ${scenario.steps.length}`}`;
  return { initial: options.stepReports ? initial : null, steps, final: { report: last!, snapshot: options.finalSnapshot ? state.capture(label) : null }, path: "reports" };
}
