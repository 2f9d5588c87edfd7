import { describe, expect, it } from "vitest";
import { PRESETS, demoSnapshot, getPreset } from "@/lib/simulate/presets";
import { runScenario } from "@/lib/simulate/engine";
import { balanceReport } from "@/lib/model/report";
import { parseSnapshot } from "@/lib/model/parse";

describe("presets", () => {
  it("PRESETS tell each story with two sentences", () => {
    expect(PRESETS.map((p) => p.id)).toEqual(["consumer-offsets-skew", "padding-workaround", "size-aware"]);
    for (const p of PRESETS) expect(p.explanation.split(/(?<=\.)\s+/).length).toBe(2);
  });

  it("consumer-offsets-skew ends with even partition counts and skewed bytes on every broker", () => {
    const report = runScenario(getPreset("consumer-offsets-skew")!.scenario).final.report;
    for (const broker of [1, 2, 3]) {
      const dirs = report.dirs.filter((d) => d.broker === broker);
      expect(dirs.map((d) => d.partitions)).toEqual([50, 10, 10]);
      const d1 = dirs[0]!;
      expect(d1.utilization!).toBeLessThan(0.01);
      for (const d of dirs.slice(1)) expect(d.utilization!).toBeGreaterThan(0.7);
    }
  });

  it("padding-workaround and size-aware put large partitions on every disk", () => {
    for (const id of ["padding-workaround", "size-aware"]) {
      const report = runScenario(getPreset(id)!.scenario).final.report;
      for (const d of report.dirs) expect(d.utilization!).toBeGreaterThan(0.4);
    }
  });

  it("demoSnapshot() is a valid demo snapshot with the story's skew", () => {
    const snap = demoSnapshot();
    expect(snap.source.kind).toBe("demo");
    expect(parseSnapshot(JSON.parse(JSON.stringify(snap))).ok).toBe(true);
    expect(balanceReport(snap).skew.dirBytes.maxOverMean).toBeGreaterThan(1.4);
  });
});
