"use client";
/**
 * What a plan does: the summary an operator signs off on (moves, bytes, duration at the chosen
 * throttle, the bottleneck broker), before/after heatmaps on the same utilisation scale, the transfer
 * per broker, and the artefacts to run it by hand (reassignment JSON, throttle commands, rollback).
 */
import { BrokerDirHeatmap } from "@/components/heatmap/broker-dir-heatmap";
import { useBrokerDrawer } from "@/components/broker/use-broker-drawer";
import { afterReassignmentLoader } from "@/lib/hooks/simulated-snapshot";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { formatBytes, formatDuration, formatSkew } from "@/lib/model/format";
import type { PlanResponse } from "@/lib/plan/response";
import { CopyBlock } from "./copy-block";
import { TransferChart } from "./transfer-chart";

const STOP_TEXT: Record<string, string> = {
  balanced: "everything within tolerance",
  byte_cap: "stopped at the byte cap",
  max_moves: "stopped at the move limit",
  no_improving_move: "no further move improves balance within the constraints",
};

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="text-xs text-zinc-600 dark:text-zinc-400">{label}</div>
      <div className="text-xl font-semibold tabular-nums">{value}</div>
      {hint ? <div className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</div> : null}
    </div>
  );
}

export function PlanResult({ plan, bootstrap, snapshot }: { plan: PlanResponse; bootstrap: string; snapshot: ClusterSnapshot }) {
  const drawer = useBrokerDrawer();
  const e = plan.estimate;
  const bottleneck = e.bottleneck ? `broker ${e.bottleneck.broker} (${e.bottleneck.limitedBy} rate)` : "none";
  const stops = [plan.stoppedBecause.inter, plan.stoppedBecause.intra].filter((s): s is NonNullable<typeof s> => s !== null).map((s) => STOP_TEXT[s] ?? s);
  const execute = `kafka-reassign-partitions.sh --bootstrap-server ${bootstrap} --reassignment-json-file plan.json --execute`;
  const verify = `kafka-reassign-partitions.sh --bootstrap-server ${bootstrap} --reassignment-json-file plan.json --verify --preserve-throttles`;
  return (
    <div className="grid gap-6" data-plan-result>
      <section aria-label="Plan summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Figure label="Moves" value={String(plan.movesTotal)} hint={`${plan.entries.length} partitions`} />
        <Figure label="Bytes to move" value={formatBytes(plan.bytesMoved.total)} hint={`${formatBytes(plan.bytesMoved.intra)} within brokers, ${formatBytes(plan.bytesMoved.inter)} between`} />
        <Figure label="Lower bound (dirs)" value={formatBytes(plan.intraLowerBound)} hint="bytes above target before planning" />
        <Figure label="Estimated duration" value={formatDuration(e.seconds)} hint={`bottleneck: ${bottleneck}`} />
        <Figure label="Dir skew" value={`${formatSkew(plan.before.skew.dirBytes.maxOverMean)} → ${formatSkew(plan.after.skew.dirBytes.maxOverMean)}`} hint="worst broker, max ÷ mean bytes" />
        <Figure label="Worst dir after" value={`${(plan.maxDirDeviation * 100).toFixed(1)} points`} hint="from its broker's mean utilisation" />
      </section>
      <p className="text-sm" data-plan-verdict>
        {plan.movesTotal === 0 ? "Nothing to move: " : "Planning ended: "}
        {stops.join("; ") || "nothing to balance"}.{" "}
        {plan.warnings.map((w) => (
          <span key={w} className="text-amber-800 dark:text-amber-300">
            {w}{" "}
          </span>
        ))}
      </p>
      <div className="grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="plan-before-title" className="min-w-0">
          <h2 id="plan-before-title" className="mb-2 text-base font-semibold">
            Before — utilisation
          </h2>
          <div className="h-80">
            <BrokerDirHeatmap report={plan.before} metric="utilization" onOpenBroker={drawer.opener({ report: plan.before, snapshot, context: "Before the plan" })} />
          </div>
        </section>
        <section aria-labelledby="plan-after-title" className="min-w-0">
          <h2 id="plan-after-title" className="mb-2 text-base font-semibold">
            After — utilisation (same scale)
          </h2>
          <div className="h-80">
            <BrokerDirHeatmap report={plan.after} metric="utilization" onOpenBroker={drawer.opener({ report: plan.after, snapshot: afterReassignmentLoader(snapshot, plan.entries), context: "After the plan" })} />
          </div>
        </section>
      </div>
      <section aria-labelledby="plan-transfer-title">
        <h2 id="plan-transfer-title" className="mb-2 text-base font-semibold">
          Data each broker moves
        </h2>
        {e.brokers.length > 0 ? <TransferChart brokers={e.brokers} /> : <p className="text-sm">No data moves.</p>}
        <ul className="mt-2 list-disc pl-5 text-xs text-zinc-600 dark:text-zinc-400">
          {e.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </section>
      {plan.movesTotal > 0 ? (
        <div className="grid gap-6 xl:grid-cols-2">
          <CopyBlock id="plan-json" title="Reassignment JSON (log dirs pinned)" text={plan.reassignmentJson} download="plan.json" />
          <CopyBlock id="plan-rollback" title="Rollback: the current assignment" text={plan.rollbackJson} download="rollback.json" />
          <CopyBlock id="plan-apply-commands" title="1. Set the throttles" text={plan.throttles.commands.apply.join("\n")} />
          <CopyBlock id="plan-execute" title="2. Start, then check until done" text={`${execute}\n${verify}`} />
          <CopyBlock id="plan-remove-commands" title="3. When nothing is moving: remove the throttles" text={plan.throttles.commands.remove.join("\n")} />
        </div>
      ) : null}
      {drawer.element}
    </div>
  );
}
