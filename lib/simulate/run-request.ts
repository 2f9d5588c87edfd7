/**
 * One simulator request, end to end: resolve the base, check the size limits, run the scenario, compare
 * the log-dir rules, and shape a small answer. `POST /api/simulate` and the simulator page both call
 * `runSimulateRequest`, so a link and an API call give the same result.
 *
 * Invariants:
 * - Pure: the only outside reads (the current cluster, a generated cluster) come in as `loaders`.
 * - The answer carries one snapshot at most (the final one, when asked): per step and per policy
 *   only slim reports travel, so a 100,000-replica scenario answers in a few MB, not tens.
 * - Limits are checked before any run, so a refused scenario costs nothing.
 */
import { failure, success, type Err, type Result } from "../model/result";
import type { ClusterSnapshot } from "../model/snapshot";
import { compareLogDirPolicies, type PolicyComparison } from "./compare";
import { describeStep } from "./describe-step";
import { simulatedKafkaLines, type SimulatedLines } from "./kafka-line";
import { checkLimits, scenarioSize, type LimitExceeded, type SimulationLimits } from "./limits";
import { demoSnapshot, getPreset } from "./presets";
import { resolveScenario, type SimulateRequest, type SyntheticBase } from "./request";
import { prepareBase, runReports } from "./run-reports";
import type { Policy, Scenario, Step, StepKind } from "./schema";
import { slimReport, type SlimReport } from "./slim-report";
import { syntheticCluster } from "./synthetic";

export interface SimulationStep {
  index: number;
  kind: StepKind;
  description: string;
  ok: boolean;
  error: { code: string; message: string } | null;
  note: string | null;
  /** The cluster after this step (before it, when the step failed). */
  report: SlimReport;
}

export interface SimulationResult {
  /** `warnings`: what the base's reader could not read (snapshot.source.warnings). */
  base: { label: string; kind: ClusterSnapshot["source"]["kind"]; capturedAt: string; brokers: number; replicas: number; bytes: number; warnings: string[] };
  /** The scenario as run, with every default filled in: what a link must carry to reproduce it. */
  scenario: { policy: Policy; seed: number; steps: Step[] };
  /** Which Kafka line the base's brokers were simulated with (brokers added by steps follow the cluster's). */
  kafka: SimulatedLines[];
  initial: { report: SlimReport };
  steps: SimulationStep[];
  /** `topics`: the final cluster's topic names (for editors), whether or not the snapshot is sent. */
  final: { report: SlimReport; snapshot: ClusterSnapshot | null; topics: string[] };
  comparison: PolicyComparison | null;
}

/** Runs a scenario and shapes the answer. */
export function simulate(scenario: Scenario, options: { compare: boolean; includeSnapshot: boolean }): SimulationResult {
  const prepared = prepareBase(scenario.base);
  const result = runReports(scenario, { stepReports: true, finalSnapshot: options.includeSnapshot }, prepared);
  const initial = result.initial!;
  return {
    base: {
      label: scenario.base.source.label,
      kind: scenario.base.source.kind,
      capturedAt: scenario.base.capturedAt,
      brokers: initial.totals.brokers,
      replicas: initial.totals.replicas,
      bytes: initial.totals.bytes,
      warnings: scenario.base.source.warnings,
    },
    scenario: { policy: scenario.policy, seed: scenario.seed, steps: scenario.steps },
    kafka: simulatedKafkaLines(scenario.policy.kafkaVersion, scenario.base),
    initial: { report: slimReport(initial) },
    steps: result.steps.map((s) => ({
      index: s.index,
      kind: s.step.kind,
      description: describeStep(s.step),
      ok: s.ok,
      error: s.error,
      note: s.note,
      report: slimReport(s.report!),
    })),
    final: {
      report: slimReport(result.final.report),
      snapshot: result.final.snapshot,
      topics: result.final.topics,
    },
    comparison: options.compare ? compareLogDirPolicies(scenario, result, prepared) : null,
  };
}

export interface BaseLoaders {
  /** The dashboard's current source (live cluster or demo). */
  current: () => Promise<Result<ClusterSnapshot>>;
  /** A generated cluster; the server may cache it, since it is a pure function of its options. */
  synthetic?: (options: SyntheticBase) => ClusterSnapshot;
  /** The base cluster of a scenario stored as a snapshot link (lib/links). */
  shared?: (id: string) => Promise<Result<ClusterSnapshot>>;
  /** The current cluster as its forecast expects it `days` ahead (lib/forecast/snapshot-at.ts). */
  forecast?: (days: number) => Promise<Result<ClusterSnapshot>>;
}

function tooLarge(exceeded: LimitExceeded): Err {
  return failure(exceeded.code, exceeded.message, { details: { limit: exceeded.limit, size: exceeded.size } });
}

export async function runSimulateRequest(request: SimulateRequest, loaders: BaseLoaders, limits: SimulationLimits): Promise<Result<SimulationResult>> {
  let base: ClusterSnapshot;
  switch (request.base.kind) {
    case "demo":
      base = demoSnapshot();
      break;
    case "preset":
      base = getPreset(request.base.id)!.scenario.base;
      break;
    case "snapshot":
      base = request.base.snapshot;
      break;
    case "synthetic": {
      const options = request.base.options;
      // Refuse before generating: the generator itself is one pass over every replica and dir.
      const logDirs = options.brokers * options.dirsPerBroker;
      const early = checkLimits(
        { baseReplicas: options.replicas, replicas: options.replicas, logDirs, brokers: options.brokers, steps: 0, replicaSteps: options.replicas + logDirs + options.brokers },
        limits,
      );
      if (early) return tooLarge(early);
      base = (loaders.synthetic ?? syntheticCluster)(options);
      break;
    }
    case "forecast": {
      const loaded = loaders.forecast ? await loaders.forecast(request.base.days) : null;
      if (!loaded) return failure("no_history", 'This server keeps no history to forecast from; start from "current" instead.');
      if (!loaded.ok) return loaded;
      base = loaded.value;
      break;
    }
    case "current":
    case "shared": {
      const ref = request.base;
      const loaded = ref.kind === "current" ? await loaders.current() : loaders.shared ? await loaders.shared(ref.id) : null;
      if (!loaded) return failure("shared_unavailable", 'Snapshot links are not available on this server; send the base inline as { "snapshot": ... }.');
      if (!loaded.ok) return loaded;
      base = loaded.value;
      break;
    }
  }
  const scenario = resolveScenario(request, base);
  const exceeded = checkLimits(scenarioSize(base, scenario.steps), limits);
  if (exceeded) return tooLarge(exceeded);
  return success(simulate(scenario, { compare: request.compare, includeSnapshot: request.includeSnapshot }));
}
