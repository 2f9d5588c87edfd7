import { describe, expect, it } from "vitest";
import { sharedGrids, sharedMetric } from "@/lib/view/overview/shared-grids";
import { balanceReport } from "@/lib/model/report";
import { runScenario } from "@/lib/simulate/engine";
import { getPreset } from "@/lib/simulate/presets";
import type { ClusterSnapshot } from "@/lib/model/snapshot";

const run = runScenario(getPreset("consumer-offsets-skew")!.scenario);
const noCapacity = (s: ClusterSnapshot): ClusterSnapshot => ({
  ...s,
  brokers: s.brokers.map((b) => ({ ...b, logDirs: b.logDirs.map((d) => ({ ...d, totalBytes: null, usableBytes: null })) })),
});

describe("sharedGrids()", () => {
  it("sharedMetric() uses utilisation when every dir has a capacity, else bytes", () => {
    expect(sharedMetric([run.initial.report, run.final.report])).toBe("utilization");
    expect(sharedMetric([run.final.report, balanceReport(noCapacity(run.final.snapshot))])).toBe("bytes");
  });

  it("sharedGrids() colours equal values alike across reports on one bytes scale", () => {
    const before = balanceReport(noCapacity(run.steps[2]!.snapshot)); // tiny __consumer_offsets only
    const after = balanceReport(noCapacity(run.final.snapshot));
    const [a, b] = sharedGrids([before, after], "bytes");
    expect(a!.scale.domain).toEqual(b!.scale.domain);
    expect(b!.scale.domain[1]).toBe(Math.max(...after.dirs.map((d) => d.bytes)));
    // d1 holds the same 800 KiB in both: the same colour on both sides.
    const d1 = (g: typeof a) => g!.rows[0]!.cells[0]!;
    expect(d1(a).background).toBe(d1(b).background);
    expect(a!.legend.ticks.at(-1)!.label).toBe(b!.legend.ticks.at(-1)!.label);
  });

  it("sharedGrids() keeps utilisation on its fixed 0–100% scale", () => {
    const grids = sharedGrids([run.initial.report, run.final.report], "utilization");
    expect(grids.map((g) => g.scale.domain)).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });
});
