/**
 * What the Export menu offers on each page, as "sets": one per cluster the page shows (the overview's
 * snapshot; a plan's before and after; a simulation's base and its outcome under each log-dir rule).
 * Every set gives its broker × log-dir heatmap as PNG (the grid the page draws, on the page's colour
 * scale), its brokers and log dirs as CSV, and its snapshot as JSON — at hand, or fetched on demand for
 * a computed cluster (the server recomputes it: the simulator and planner are deterministic).
 * Files are named after the snapshot they come from (exportBaseName), plus the set's suffix.
 */
import type { SnapshotSource } from "@/lib/client/use-snapshot-behind";
import { formatCapturedAt } from "@/lib/model/format";
import type { BalanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { POLICY_NAMES } from "@/lib/simulate/compare-verdict";
import type { SimulationResult } from "@/lib/simulate/run-request";
import type { LogDirPlacement } from "@/lib/simulate/schema";
import { asReport } from "@/lib/simulate/slim-report";
import { exportBaseName } from "@/lib/share/export";
import { brokerDirGrid, type BrokerDirGrid } from "@/lib/view/overview/broker-dir-heatmap";
import type { OverviewData } from "@/components/overview/overview-data";
import type { DirMetric } from "@/lib/view/common/dir-metric";
import { topicHeatmapLegend } from "@/lib/view/common/legend";
import { sharedGrids, sharedMetric } from "@/lib/view/overview/shared-grids";
import { DEFAULT_TOPIC_METRIC, DEFAULT_TOPIC_QUERY, selectTopics, topicMaxBytes, topicMaxCount, topicMetricScale } from "@/lib/view/overview/topic-heatmap";
import type { HeatmapCaption, TopicHeatmapInput } from "./heatmap-png";

export interface ExportSet {
  /** Names the set in the menu's data attributes (`data-export-set`). */
  id: string;
  /** The menu's group heading; null on a page that shows one cluster. */
  title: string | null;
  /** File names start with this. */
  baseName: string;
  report: Pick<BalanceReport, "brokers" | "dirs">;
  /** The broker × log-dir heatmap as drawn on the page, with the caption for the image. */
  heatmap: () => { grid: BrokerDirGrid; caption: HeatmapCaption };
  /** The topic × broker heatmap, where the page shows one. */
  topicHeatmap: (() => { input: TopicHeatmapInput; caption: HeatmapCaption }) | null;
  snapshot: SnapshotSource;
}

/** The facts an image's subtitle gives about its cluster. */
export interface ClusterFacts {
  label: string;
  capturedAt: string;
  clusterId: string | null;
}

export function factsOf(snapshot: Pick<ClusterSnapshot, "source" | "capturedAt">): ClusterFacts {
  return { label: snapshot.source.label, capturedAt: snapshot.capturedAt, clusterId: snapshot.source.clusterId };
}

function caption(what: string, facts: ClusterFacts, scaleTitle: string): HeatmapCaption {
  return { title: `${what} — ${facts.label}`, subtitle: `${scaleTitle} · captured ${formatCapturedAt(facts.capturedAt)}${facts.clusterId ? ` · cluster ${facts.clusterId}` : ""}` };
}

function dirHeatmap(grid: () => BrokerDirGrid, what: string, facts: ClusterFacts): ExportSet["heatmap"] {
  return () => {
    const g = grid();
    return { grid: g, caption: caption(what, facts, g.legend.title) };
  };
}

/**
 * The overview's one cluster (live, demo, imported or shared); `metric`: what its heatmap shows now.
 * The topic image holds every topic when the tab has them, else the page of the grid the server sent.
 */
export function clusterExportSets(data: OverviewData, metric: () => DirMetric): ExportSet[] {
  const facts = factsOf(data.head);
  return [
    {
      id: "cluster",
      title: null,
      baseName: exportBaseName(data.head),
      report: data.report,
      heatmap: dirHeatmap(() => brokerDirGrid(data.report, metric()), "Brokers × log dirs", facts),
      topicHeatmap: () => {
        const topics = data.allTopics ? selectTopics(data.allTopics, DEFAULT_TOPIC_QUERY) : data.topics.rows;
        // Coloured as the page colours it by default: by bytes (lib/view/overview/topic-heatmap.ts).
        const metric = DEFAULT_TOPIC_METRIC;
        const max = data.allTopics
          ? { count: topicMaxCount(data.allTopics), bytes: topicMaxBytes(data.allTopics) }
          : { count: data.topics.maxCount, bytes: data.topics.maxBytes ?? topicMaxBytes(data.topics.rows) };
        const scale = topicMetricScale(metric, max);
        const legend = topicHeatmapLegend(scale, metric);
        return { input: { topics, brokerIds: data.report.brokerIds, scale, metric, legend }, caption: caption("Topics × brokers", facts, legend.title) };
      },
      snapshot: data.snapshot,
    },
  ];
}

/** Before and after a plan, on the utilisation scale the planner's heatmaps use. */
export function planExportSets(snapshot: ClusterSnapshot, before: BalanceReport, after: BalanceReport | null, afterSnapshot: SnapshotSource, what: "plan" | "review"): ExportSet[] {
  const facts = factsOf(snapshot);
  const base = exportBaseName(snapshot);
  const sets: ExportSet[] = [
    {
      id: "before",
      title: "Before",
      baseName: base,
      report: before,
      heatmap: dirHeatmap(() => brokerDirGrid(before, "utilization"), "Before", facts),
      topicHeatmap: null,
      snapshot,
    },
  ];
  if (after) {
    const title = what === "plan" ? "After the plan" : "After the reassignment";
    sets.push({
      id: "after",
      title,
      baseName: `${base}-after-${what}`,
      report: after,
      heatmap: dirHeatmap(() => brokerDirGrid(after, "utilization"), title, facts),
      topicHeatmap: null,
      snapshot: afterSnapshot,
    });
  }
  return sets;
}

/** Where a simulation's clusters come from: the base, and the run after its steps under one log-dir rule. */
export interface SimulationSnapshots {
  base: SnapshotSource;
  after: (policy: LogDirPlacement) => SnapshotSource;
}

/**
 * A simulation's base and its cluster after the last step, under each log-dir rule compared (or the
 * scenario's own rule alone), all on one colour scale as the simulator's panels share theirs.
 */
export function simulationExportSets(result: SimulationResult, snapshots: SimulationSnapshots): ExportSet[] {
  const facts: ClusterFacts = { label: result.base.label, capturedAt: result.base.capturedAt, clusterId: null };
  const base = `${exportBaseName({ capturedAt: result.base.capturedAt, source: { clusterId: null, kind: result.base.kind } })}-simulated`;
  const own = result.scenario.policy.logDirPlacement;
  const outcomes = result.comparison?.outcomes.map((o) => ({ policy: o.policy, name: o.name, report: asReport(o.report) })) ?? [
    { policy: own, name: POLICY_NAMES[own], report: asReport(result.final.report) },
  ];
  const before = asReport(result.initial.report);
  const reports = [before, ...outcomes.map((o) => o.report)];
  let grids: BrokerDirGrid[] | null = null;
  const grid = (i: number) => () => (grids ??= sharedGrids(reports, sharedMetric(reports)))[i]!;
  const steps = result.scenario.steps.length;
  const after = steps === 0 ? "With no steps" : `After ${steps === 1 ? "the step" : `the last of ${steps} steps`}`;
  return [
    {
      id: "before",
      title: "Before (the base)",
      baseName: `${base}-before`,
      report: before,
      heatmap: dirHeatmap(grid(0), "Before (the base)", facts),
      topicHeatmap: null,
      snapshot: snapshots.base,
    },
    ...outcomes.map((o, i) => {
      const title = `${after}, ${o.name}`;
      return {
        id: `after-${o.policy}`,
        title,
        baseName: `${base}-after-${o.policy}`,
        report: o.report,
        heatmap: dirHeatmap(grid(i + 1), title, facts),
        topicHeatmap: null,
        snapshot: snapshots.after(o.policy),
      };
    }),
  ];
}
