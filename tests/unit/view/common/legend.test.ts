import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divergingScale, sequentialScale } from "@/lib/view/common/color-scale";
import { dirHeatmapLegend, topicHeatmapLegend } from "@/lib/view/common/legend";
import { DIR_METRICS } from "@/lib/view/common/dir-metric";
import { finiteDouble } from "../../../fixtures/extreme/doubles";

describe("legend", () => {
  it("dirHeatmapLegend() labels utilisation in percent with the 70 / 85 / 95 % marks", () => {
    const l = dirHeatmapLegend("utilization", sequentialScale(0, 1), new Set());
    expect(l.ticks.map((t) => t.label)).toEqual(["0%", "50%", "100%"]);
    expect(l.marks.map((m) => [m.position, m.label])).toEqual([
      [0.7, "70%"],
      [0.85, "85%"],
      [0.95, "95%"],
    ]);
    expect(l.swatches).toEqual([]);
  });

  it("dirHeatmapLegend() labels bytes in binary units and has no marks", () => {
    const l = dirHeatmapLegend("bytes", sequentialScale(0, 400 * 1024 ** 3), new Set());
    expect(l.ticks.map((t) => t.label)).toEqual(["0 B", "200.0 GiB", "400.0 GiB"]);
    expect(l.marks).toEqual([]);
  });

  it("dirHeatmapLegend() centres deviation on the broker mean", () => {
    const l = dirHeatmapLegend("deviation", divergingScale(0.5), new Set());
    expect(l.ticks.map((t) => t.label)).toEqual(["≤ \u221250%", "broker mean", "+50%"]);
  });

  it("dirHeatmapLegend() places whole partition counts where their values sit on the ramp", () => {
    const l = dirHeatmapLegend("partitions", sequentialScale(0, 5), new Set());
    expect(l.ticks).toEqual([
      { position: 0, label: "0" },
      { position: 0.6, label: "3" },
      { position: 1, label: "5" },
    ]);
  });

  it("dirHeatmapLegend() says in words that darker red means fuller, and what white means in deviation", () => {
    expect(dirHeatmapLegend("utilization", sequentialScale(0, 1), new Set()).reading).toBe("paler = emptier, darker red = fuller disk");
    expect(dirHeatmapLegend("deviation", divergingScale(0.5), new Set()).reading).toBe("white = the broker's mean (even), red = fuller than it, blue = emptier");
  });

  it("dirHeatmapLegend() drops duplicate partition ticks on a tiny range", () => {
    const l = dirHeatmapLegend("partitions", sequentialScale(0, 1), new Set());
    expect(l.ticks.map((t) => t.label)).toEqual(["0", "1"]);
  });

  it("dirHeatmapLegend() shows a swatch only for patterns present in the grid", () => {
    const l = dirHeatmapLegend("bytes", sequentialScale(0, 1), new Set(["offline", "future"] as const));
    expect(l.swatches.map((s) => s.pattern)).toEqual(["offline", "future"]);
  });

  it("topicHeatmapLegend() has an 'none' swatch for brokers without the topic", () => {
    const l = topicHeatmapLegend(sequentialScale(1, 9));
    expect(l.ticks.map((t) => t.label)).toEqual(["1", "5", "9"]);
    expect(l.swatches).toEqual([{ pattern: "empty", label: "none" }]);
  });
});

describe("dirHeatmapLegend()", () => {
  it("dirHeatmapLegend() has short labels and positions within [0, 1] for any finite domain", () => {
    fc.assert(
      fc.property(finiteDouble(), finiteDouble(), fc.constantFrom(...DIR_METRICS.map((m) => m.id)), (a, b, metric) => {
        const scale = metric === "deviation" ? divergingScale(Math.max(Math.abs(a), Math.abs(b))) : sequentialScale(Math.min(a, b), Math.max(a, b));
        const legend = dirHeatmapLegend(metric, scale, new Set());
        for (const t of [...legend.ticks, ...legend.marks]) {
          expect(t.position >= 0 && t.position <= 1).toBe(true);
          // Partition counts print every digit (1e308: 309 digits and 102 commas); the rest are short.
          expect(t.label.length).toBeLessThanOrEqual(metric === "partitions" ? 420 : 60);
        }
      }),
    );
  });
});

describe("topicHeatmapLegend()", () => {
  it("topicHeatmapLegend() has at most three short labels for any finite domain", () => {
    fc.assert(
      fc.property(finiteDouble(), finiteDouble(), (a, b) => {
        const legend = topicHeatmapLegend(sequentialScale(Math.min(a, b), Math.max(a, b)));
        expect(legend.ticks.length).toBeLessThanOrEqual(3);
        // formatCount writes every digit: 1e308 is 309 digits and 102 commas.
        for (const t of legend.ticks) expect(t.label.length).toBeLessThanOrEqual(420);
      }),
    );
  });
});
