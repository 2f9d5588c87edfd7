/**
 * The view-models a shared link (/s/<id>) renders, called directly on snapshots with the extreme
 * byte counts the schema accepts: each returns, with finite ticks and colours and bounded labels.
 */
import { describe, expect, it } from "vitest";
import { ClusterSnapshotSchema } from "@/lib/model/snapshot";
import { brokerDetail } from "@/lib/view/overview/broker-detail";
import { brokerDirGrid } from "@/lib/view/overview/broker-dir-heatmap";
import { bytesByDirSeries, partitionLeaderSeries } from "@/lib/view/overview/broker-series";
import { clusterData } from "@/lib/view/overview/cluster-data";
import { DIR_METRICS } from "@/lib/view/common/dir-metric";
import { kafkaVersionsOf, nextPlacements } from "@/lib/view/overview/next-placement";
import { skewCards } from "@/lib/view/overview/skew-cards";
import { throttleView } from "@/lib/view/overview/throttles";
import { DEFAULT_TOPIC_QUERY, selectTopics, topicCellLabel, topicCountScale, topicCellStyle } from "@/lib/view/overview/topic-heatmap";
import { topicHeatmapLegend } from "@/lib/view/common/legend";
import { verdict } from "@/lib/view/overview/verdict";
import { extremeSnapshot, type ExtremeKind } from "../../fixtures/extreme/snapshots";

const KINDS: ExtremeKind[] = ["subnormal", "huge", "mixed"];
const HEX = /^#[0-9a-f]{6}$/;

function shared(kind: ExtremeKind) {
  return clusterData(ClusterSnapshotSchema.parse(extremeSnapshot(kind)));
}

describe("shared-link view-models on extreme byte counts", () => {
  it.each(KINDS)("bytesByDirSeries() and partitionLeaderSeries() give short finite ticks (%s sizes)", (kind) => {
    const { report } = shared(kind);
    const bytes = bytesByDirSeries(report);
    expect(bytes.ticks.length).toBeGreaterThanOrEqual(1);
    expect(bytes.ticks.length).toBeLessThanOrEqual(6);
    for (const t of bytes.ticks) expect(Number.isFinite(t)).toBe(true);
    expect(partitionLeaderSeries(report).points).toHaveLength(3);
  });

  it("bytesByDirSeries() of 5e-324-byte replicas has the single tick 0", () => {
    expect(bytesByDirSeries(shared("subnormal").report).ticks).toEqual([0]);
  });

  it.each(KINDS)("brokerDirGrid() colours every cell and labels it briefly, for every metric (%s sizes)", (kind) => {
    const { report } = shared(kind);
    for (const { id } of DIR_METRICS) {
      const grid = brokerDirGrid(report, id);
      expect(grid.rows).toHaveLength(3);
      for (let r = 0; r < grid.rows.length; r++) {
        for (const cell of grid.cells(r)) {
          if (!cell) continue;
          if (cell.background !== null) expect(cell.background).toMatch(HEX);
          expect(cell.ariaLabel.length).toBeLessThan(1000);
        }
      }
      for (const t of grid.legend.ticks) expect(t.position >= 0 && t.position <= 1).toBe(true);
    }
  });

  it.each(KINDS)("verdict(), skewCards(), nextPlacements(), the topic heatmap, throttles and broker details return (%s sizes)", (kind) => {
    const { snapshot, report } = shared(kind);
    const placements = nextPlacements(report, kafkaVersionsOf(snapshot));
    expect(placements).toHaveLength(3);
    expect(verdict(report, { placements, reassignments: 0 }).headline.length).toBeGreaterThan(0);
    expect(skewCards(report).length).toBeGreaterThan(0);
    const topics = selectTopics(report.topics, DEFAULT_TOPIC_QUERY);
    const scale = topicCountScale(report.topics);
    expect(topicHeatmapLegend(scale).ticks.length).toBeGreaterThan(0);
    for (const t of topics)
      for (const [i, count] of t.perBroker.entries()) {
        expect(topicCellLabel(t, report.brokerIds[i]!, count).length).toBeLessThan(500);
        expect(topicCellStyle(count, scale)).toBeTruthy();
      }
    throttleView(snapshot);
    for (const id of report.brokerIds) expect(brokerDetail(snapshot, report, id)!.largest!.length).toBeGreaterThan(0);
  });
});

describe("shared-link texts on byte counts whose sums overflow", () => {
  it.each(KINDS)("verdict() and skewCards() print no NaN (%s sizes)", (kind) => {
    const { snapshot, report } = shared(kind);
    const v = verdict(report, { placements: nextPlacements(report, kafkaVersionsOf(snapshot)), reassignments: 0 });
    expect([v.headline, ...v.details].join(" ")).not.toMatch(/NaN|Infinity/);
    for (const card of skewCards(report)) expect(JSON.stringify(card)).not.toMatch(/NaN|Infinity/);
  });
});
