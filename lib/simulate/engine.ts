/**
 * Runs a scenario: base snapshot + policy + seed + ordered steps → the snapshot and balance report
 * after every step.
 *
 * Invariants:
 * - Deterministic: the same scenario and seed give the same result. Placement draws come from one
 *   java.util.Random seeded with `seed` (the controller's placer keeps one Random for its life);
 *   partition sizes come from a second, independent stream, so a size spread never moves partitions.
 * - A failed step leaves the cluster unchanged and is reported with Kafka's error; later steps run.
 */
import { JavaRandom, PlacementError } from "../placement";
import { balanceReport, type BalanceReport } from "../model/report";
import type { ClusterSnapshot } from "../model/snapshot";
import { SimulationError } from "./errors";
import type { Scenario, Step } from "./schema";
import { SimulationState } from "./state";
import { applyStep } from "./steps";

export interface StepOutcome {
  index: number;
  step: Step;
  ok: boolean;
  error: { code: string; message: string } | null;
  note: string | null;
  snapshot: ClusterSnapshot;
  report: BalanceReport;
}

export interface ScenarioResult {
  initial: { snapshot: ClusterSnapshot; report: BalanceReport };
  steps: StepOutcome[];
  final: { snapshot: ClusterSnapshot; report: BalanceReport };
}

/** Offset that separates the size stream's seed from the placement stream's. */
export const SIZE_STREAM_SALT = 0x9e3779b9;

export function runScenario(scenario: Scenario): ScenarioResult {
  const baseLabel = scenario.base.source.label;
  const initialSnapshot = new SimulationState(scenario.base, scenario.policy).capture(`${baseLabel} · before`);
  const initial = { snapshot: initialSnapshot, report: balanceReport(initialSnapshot) };
  const placementRandom = new JavaRandom(scenario.seed);
  const sizeRandom = new JavaRandom(scenario.seed + SIZE_STREAM_SALT);
  const steps: StepOutcome[] = [];
  let last = initial;

  scenario.steps.forEach((step, index) => {
    // Each step works on a fresh copy of the last good state, so a failure can never leave a
    // half-applied step behind.
    const state = new SimulationState(last.snapshot, scenario.policy);
    try {
      const note = applyStep({ state, placementRandom, sizeRandom }, step);
      const snapshot = state.capture(`${baseLabel} · after step ${index + 1}`);
      last = { snapshot, report: balanceReport(snapshot) };
      steps.push({ index, step, ok: true, error: null, note, ...last });
    } catch (e) {
      if (!(e instanceof SimulationError) && !(e instanceof PlacementError)) throw e;
      steps.push({ index, step, ok: false, error: { code: e.code, message: e.message }, note: null, ...last });
    }
  });

  return { initial, steps, final: last };
}
