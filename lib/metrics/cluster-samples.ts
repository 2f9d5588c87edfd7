/**
 * One cluster's samples for the exposition, from what the app knows of it: the figures of its
 * current snapshot (lib/model/report, lib/model/skew, lib/view/overview/next-placement), the collector's
 * status and the log-dir forecasts.
 *
 * Invariants:
 * - A cluster that could not be read has `kafka_balance_collector_up` 0 and none of its figures (dirs,
 *   brokers, skew, forecasts): an old figure exported as current would hide the outage behind numbers
 *   that look fine. The collector's own timings stay: they say how long the outage has lasted.
 * - Unknown is absent, never 0: a dir without reported capacity has no capacity or utilisation
 *   sample; a broker that could not be read has no bytes; a dir that is not growing has no forecast.
 * - A cluster that was read but has a broker down keeps `collector_up` 1 (its scan succeeded) and says
 *   the broker with `kafka_balance_broker_up` 0, beside the partition counts it leaves at risk.
 * - Offline dirs have only `kafka_balance_log_dir_online` 0 (they hold nothing usable); the dirs of a
 *   broker that could not be read are not listed (the snapshot does not know them).
 * - "Balanced" and the next-placement trap are the overview's definitions (lib/plan/balanced.ts: the
 *   planner's tolerances and the size floor), so an alert fires on what the verdict calls a problem.
 * - The report and the next placements are taken once per snapshot (a scan is reused for every scrape
 *   until the next one), so a scrape costs brokers + dirs, not replicas.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { balanceReport, type BalanceReport, type DirFigures } from "@/lib/model/report";
import { partitionHealth, type PartitionHealth } from "@/lib/model/partition-health";
import { skewOf } from "@/lib/model/skew";
import { groupByDisk } from "@/lib/model/disks";
import { balanceOf, reportBalanceInput } from "@/lib/plan/balanced";
import { kafkaVersionsOf, nextPlacements } from "@/lib/view/overview/next-placement";
import type { MetricName, Sample } from "./families";
import type { CollectorFigures, DirForecastFigures } from "./sources";

export interface ClusterSampleInput {
  cluster: string;
  /** The cluster's current snapshot, or null when it could not be read. */
  snapshot: ClusterSnapshot | null;
  /** The collector's status, or null when no collector runs. */
  collector: CollectorFigures | null;
  /** The log-dir forecasts, or null when none are available. */
  forecasts: DirForecastFigures[] | null;
}

const dirKey = (broker: number, dir: string) => `${broker}\u0000${dir}`;

interface SnapshotFigures {
  report: BalanceReport;
  /** The planner's measure of balance (lib/plan/balanced.ts), as the overview's verdict takes it. */
  balanced: boolean;
  /** Dir keys where the next new partition walks into the count rule's trap. */
  traps: Set<string>;
  /** Under-replicated, under-min-ISR and offline partitions (lib/model/partition-health.ts). */
  health: PartitionHealth;
}

const figuresBySnapshot = new WeakMap<ClusterSnapshot, SnapshotFigures>();

function figuresOf(snapshot: ClusterSnapshot): SnapshotFigures {
  let figures = figuresBySnapshot.get(snapshot);
  if (!figures) {
    const report = balanceReport(snapshot);
    const traps = new Set<string>();
    for (const p of nextPlacements(report, kafkaVersionsOf(snapshot))) {
      if (p.dir !== null && p.flags.length > 0) traps.add(dirKey(p.broker, p.dir));
    }
    figures = { report, traps, balanced: balanceOf(report, reportBalanceInput(snapshot)).balanced, health: partitionHealth(snapshot) };
    figuresBySnapshot.set(snapshot, figures);
  }
  return figures;
}

export function clusterSamples(input: ClusterSampleInput): Sample[] {
  const { cluster, snapshot, collector, forecasts } = input;
  const out: Sample[] = [];
  const add = (name: MetricName, labels: Record<string, string>, value: number | null) => {
    if (value !== null && Number.isFinite(value)) out.push({ name, labels, value });
  };
  const clusterLabels = { cluster };

  add("kafka_balance_collector_up", clusterLabels, snapshot === null ? 0 : 1);
  if (collector) {
    add("kafka_balance_collector_last_success_timestamp_seconds", clusterLabels, collector.lastSuccessAt === null ? null : collector.lastSuccessAt / 1000);
    add("kafka_balance_collector_scan_duration_seconds", clusterLabels, collector.lastDurationMs === null ? null : collector.lastDurationMs / 1000);
    add("kafka_balance_collector_interval_seconds", clusterLabels, collector.intervalMs === null ? null : collector.intervalMs / 1000);
  }
  if (snapshot === null) return out;

  const { report, traps, balanced, health } = figuresOf(snapshot);
  add("kafka_balance_cluster_brokers", clusterLabels, report.totals.brokers);
  add("kafka_balance_cluster_under_replicated_partitions", clusterLabels, health.underReplicated);
  add("kafka_balance_cluster_under_min_isr_partitions", clusterLabels, health.underMinIsr);
  add("kafka_balance_cluster_offline_partitions", clusterLabels, health.offline);
  add("kafka_balance_cluster_balanced", clusterLabels, balanced ? 1 : 0);
  if (report.skew.brokerBytes.count > 0) add("kafka_balance_cluster_broker_bytes_skew_ratio", clusterLabels, report.skew.brokerBytes.maxOverMean);
  if (report.skew.dirUtilization.count > 0) add("kafka_balance_cluster_dir_skew_ratio", clusterLabels, report.skew.dirUtilization.maxOverMean);

  const online = new Set(report.brokers.filter((b) => b.state === "online").map((b) => b.id));
  const dirsOf = new Map<number, DirFigures[]>();
  for (const d of report.dirs) {
    const list = dirsOf.get(d.broker);
    if (list) list.push(d);
    else dirsOf.set(d.broker, [d]);
  }

  for (const b of report.brokers) {
    const labels = { cluster, broker: String(b.id) };
    add("kafka_balance_broker_partitions", labels, b.replicas);
    add("kafka_balance_broker_leaders", labels, b.leaders);
    // A broker the source only knows from assignments (an import) may or may not run: absent, not 0.
    add("kafka_balance_broker_up", labels, b.state === "online" ? 1 : b.state === "unreachable" ? 0 : null);
    if (!online.has(b.id)) continue;
    add("kafka_balance_broker_bytes", labels, b.bytes);
    // The report's dir-utilisation skew, per broker: its online disks whose capacity is known (dirs of one filesystem are one disk: lib/model/disks.ts).
    const disks = groupByDisk((dirsOf.get(b.id) ?? []).filter((d) => d.state !== "offline" && d.utilization !== null));
    const util = skewOf(disks.map((g) => [g[0]!.path, g[0]!.utilization!] as const));
    if (util.count > 0) add("kafka_balance_broker_dir_skew_ratio", labels, util.maxOverMean);
  }

  const forecastOf = new Map((forecasts ?? []).map((f) => [dirKey(f.broker, f.dir), f]));

  for (const d of report.dirs) {
    if (!online.has(d.broker)) continue;
    const labels = { cluster, broker: String(d.broker), log_dir: d.path };
    add("kafka_balance_log_dir_online", labels, d.state === "offline" ? 0 : 1);
    if (d.state === "offline") continue;
    add("kafka_balance_log_dir_used_bytes", labels, d.usedBytes);
    add("kafka_balance_log_dir_capacity_bytes", labels, d.totalBytes);
    add("kafka_balance_log_dir_kafka_bytes", labels, d.bytes + d.futureBytes);
    add("kafka_balance_log_dir_utilization_ratio", labels, d.utilization);
    add("kafka_balance_log_dir_partitions", labels, d.logCount);
    add("kafka_balance_log_dir_next_placement_trap", labels, traps.has(dirKey(d.broker, d.path)) ? 1 : 0);
    const forecast = forecastOf.get(dirKey(d.broker, d.path));
    if (forecast) {
      add("kafka_balance_log_dir_forecast_85_seconds", labels, forecast.p85Seconds);
      add("kafka_balance_log_dir_forecast_95_seconds", labels, forecast.p95Seconds);
      add("kafka_balance_log_dir_forecast_full_seconds", labels, forecast.fullSeconds);
    }
  }
  return out;
}
