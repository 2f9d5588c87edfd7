/**
 * The same scenario under each log-dir rule, side by side: Kafka's count rule (`kafka-count`) and the
 * two size-aware rules Kafka does not have (`least-bytes`, `least-utilization`).
 *
 * Invariants:
 * - Only the log-dir rule changes: broker placement, tie order, seed and steps are the scenario's.
 *   The log-dir rule draws no random numbers, so every policy sees the same broker for every replica;
 *   the outcomes differ only in which disk each replica lands on.
 * - A run the caller already has (the scenario under its own policy) is reused, not repeated.
 * - Outcomes come in POLICY_ORDER, Kafka's rule first, whatever the scenario's own policy.
 */
import { maxOf, minOf } from "../model/min-max";
import { compareVerdict, POLICY_NAMES, verdictMetric, type VerdictMetric } from "./compare-verdict";
import type { LogDirPlacement, Scenario } from "./schema";
import { prepareBase, runReports, type PreparedBase, type ReportRun } from "./run-reports";
import { slimReport, type SlimReport } from "./slim-report";

export const POLICY_ORDER: readonly LogDirPlacement[] = ["kafka-count", "least-bytes", "least-utilization"];

export interface PolicyOutcome {
  policy: LogDirPlacement;
  /** "Kafka's rule", "least-bytes", "least-utilization". */
  name: string;
  /** True for Kafka's own rule; the others are what-ifs. */
  kafka: boolean;
  /** True for the scenario's own policy (the run shown in the rest of the results). */
  chosen: boolean;
  failedSteps: { index: number; message: string }[];
  /** The cluster after the last step under this policy. */
  report: SlimReport;
  /** Range of the live dirs' utilisation (or bytes, when capacity is unknown), for the summary row. */
  range: { metric: VerdictMetric; min: number; max: number } | null;
}

export interface PolicyComparison {
  outcomes: PolicyOutcome[];
  /** Which figure the verdict and ranges use: utilisation when every dir's capacity is known. */
  metric: VerdictMetric;
  verdict: string;
}

function rangeOf(report: SlimReport, metric: VerdictMetric): PolicyOutcome["range"] {
  const unreachable = new Set(report.brokers.filter((b) => b.state === "unreachable").map((b) => b.id));
  const values = report.dirs.filter((d) => d.state !== "offline" && !unreachable.has(d.broker)).map((d) => (metric === "utilization" ? (d.utilization ?? 0) : d.bytes));
  return values.length === 0 ? null : { metric, min: minOf(values), max: maxOf(values) };
}

/**
 * Runs `scenario` under every log-dir policy; `known` is the scenario's own run, if already made, and
 * `prepared` its base counted once (prepareBase(scenario.base)), shared by every run.
 */
export function compareLogDirPolicies(scenario: Scenario, known?: ReportRun, prepared: PreparedBase = prepareBase(scenario.base)): PolicyComparison {
  const runs = POLICY_ORDER.map((policy) => {
    const result =
      known && scenario.policy.logDirPlacement === policy
        ? known
        : runReports({ ...scenario, policy: { ...scenario.policy, logDirPlacement: policy } }, { stepReports: false, finalSnapshot: false }, prepared);
    const failedSteps = result.steps.filter((s) => !s.ok).map((s) => ({ index: s.index, message: s.error?.message ?? "failed" }));
    return { policy, report: slimReport(result.final.report), failedSteps };
  });
  const metric = verdictMetric(runs.map((r) => r.report));
  return {
    metric,
    verdict: compareVerdict(runs),
    outcomes: runs.map((r) => ({
      ...r,
      name: POLICY_NAMES[r.policy],
      kafka: r.policy === "kafka-count",
      chosen: r.policy === scenario.policy.logDirPlacement,
      range: rangeOf(r.report, metric),
    })),
  };
}
