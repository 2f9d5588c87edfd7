/**
 * The skew of the cluster after each step, as chart points: one definition of skew everywhere
 * (max ÷ mean, 1.00× is even). Point 0 is the base; point i is the cluster after step i, which for a
 * failed step is the cluster before it (a failed step changes nothing).
 *
 * Bytes have a size floor (lib/plan/balanced.ts, via lib/simulate/byte-skew.ts): where the dirs (or
 * brokers) differ by less than it, there is no skew to call, so the point is drawn at 1.00× (even)
 * and `below` says why in words; 3.00× of 16 KiB is not skew. Partition counts have no floor: an
 * uneven count is what Kafka's rule acts on, however small the partitions.
 */
import { formatSkew } from "@/lib/model/format";
import { brokerBytesSkew, dirBytesSkew, flooredSkewText, type FlooredSkew } from "@/lib/simulate/byte-skew";
import type { SlimReport } from "@/lib/simulate/slim-report";

export interface TimelinePoint {
  step: number;
  label: string;
  ok: boolean;
  /** Replicas per broker (what Kafka balances). */
  brokerReplicas: number;
  /** Bytes per broker; 1 (even) below the floor. */
  brokerBytes: number;
  /** Worst broker's dir partition counts, and its dir bytes (what Kafka does not balance; 1 below the floor). */
  dirPartitions: number;
  dirBytes: number;
  /** Why a bytes series has no ratio at this step (below the size floor), in words; null where it has one. */
  below: { brokerBytes: string | null; dirBytes: string | null };
  /** Fullest and emptiest live dir's utilisation (0–1), null when no capacity is known: the gap is the skew in plain terms. */
  fullest: number | null;
  emptiest: number | null;
}

export interface TimelineStep {
  ok: boolean;
  description: string;
  report: SlimReport;
}

export const TIMELINE_SERIES = [
  { key: "brokerReplicas", label: "Partitions per broker" },
  { key: "brokerBytes", label: "Bytes per broker" },
  { key: "dirPartitions", label: "Partitions per dir (worst broker)" },
  { key: "dirBytes", label: "Bytes per dir (worst broker)" },
] as const;

export type TimelineKey = (typeof TIMELINE_SERIES)[number]["key"];

function emptiest(report: SlimReport): number | null {
  let min: number | null = null;
  for (const d of report.dirs) if (d.state !== "offline" && d.utilization !== null && (min === null || d.utilization < min)) min = d.utilization;
  return min;
}

function plotted(skew: FlooredSkew): number {
  return skew.kind === "skew" ? skew.ratio : 1;
}

function point(step: number, label: string, ok: boolean, report: SlimReport): TimelinePoint {
  const { skew } = report;
  const brokerBytes = brokerBytesSkew(report);
  const dirBytes = dirBytesSkew(report);
  return {
    step,
    label,
    ok,
    brokerReplicas: skew.brokerReplicas.maxOverMean,
    brokerBytes: plotted(brokerBytes),
    dirPartitions: skew.dirPartitions.maxOverMean,
    dirBytes: plotted(dirBytes),
    below: {
      brokerBytes: brokerBytes.kind === "skew" ? null : flooredSkewText(brokerBytes, "brokers"),
      dirBytes: dirBytes.kind === "skew" ? null : flooredSkewText(dirBytes, "dirs"),
    },
    fullest: skew.fullestDir?.utilization ?? null,
    emptiest: emptiest(report),
  };
}

export function skewTimeline(initial: SlimReport, steps: readonly TimelineStep[]): TimelinePoint[] {
  return [point(0, "Base", true, initial), ...steps.map((s, i) => point(i + 1, `${i + 1}. ${s.description}${s.ok ? "" : " (failed)"}`, s.ok, s.report))];
}

/** A series' figure at a point in words: "1.51×", or why it has none. */
export function timelineValueText(p: TimelinePoint, key: TimelineKey): string {
  if (key === "brokerBytes" || key === "dirBytes") {
    const below = p.below[key];
    if (below !== null) return below;
  }
  return formatSkew(p[key]);
}

/**
 * The first step at which the dirs' bytes differ by at least the floor, after points below it: where
 * bytes skew can first be called (null when it never can, or can from the base).
 */
export function skewAppearsAt(points: readonly TimelinePoint[]): TimelinePoint | null {
  const i = points.findIndex((p) => p.below.dirBytes === null);
  return i > 0 ? points[i]! : null;
}

/**
 * One line under the chart about the floor, or null when every point has a ratio: which steps had too
 * little data (or too even a spread) to call bytes skew, and where the skew appears.
 */
export function floorNote(points: readonly TimelinePoint[]): string | null {
  const below = points.filter((p) => p.below.dirBytes !== null);
  if (below.length === 0) return null;
  const name = (p: TimelinePoint) => (p.step === 0 ? "the base" : `step ${p.step}`);
  const prefix = below.every((p, i) => p.step === i);
  const span =
    below.length === points.length
      ? "at every step"
      : below.length === 1
        ? `at ${name(below[0]!)}`
        : prefix
          ? `from the base to step ${below[below.length - 1]!.step}`
          : `at ${below
              .map(name)
              .join(", ")
              .replace(/, ([^,]*)$/, " and $1")}`;
  const lead = `Bytes per dir ${span}: ${below[below.length - 1]!.below.dirBytes}, drawn at 1.00×.`;
  const appears = skewAppearsAt(points);
  return appears ? `${lead} From step ${appears.step} (${appears.label.replace(/^\d+\. /, "")}) the dirs differ by more than the floor: ${formatSkew(appears.dirBytes)}.` : lead;
}
