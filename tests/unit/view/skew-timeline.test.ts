import { describe, expect, it } from "vitest";
import { getPreset } from "@/lib/simulate/presets";
import { simulate } from "@/lib/simulate/run-request";
import { skewTimeline } from "@/lib/view/skew-timeline";

describe("skewTimeline()", () => {
  it("skewTimeline() has the base and one point per step: counts stay even while disk use drifts apart", () => {
    const r = simulate(getPreset("consumer-offsets-skew")!.scenario, { compare: false, includeSnapshot: false });
    const points = skewTimeline(r.initial.report, r.steps);
    expect(points.map((p) => p.label)).toEqual([
      "Base",
      "1. First consumer group creates __consumer_offsets: 50 partitions × RF 3, 16.0 KiB each",
      "2. Add /data/d2 (512.0 GiB) to every broker",
      "3. Add /data/d3 (512.0 GiB) to every broker",
      "4. Create topic orders: 30 partitions × RF 2, 36.0 GiB–44.0 GiB each",
    ]);
    expect(points.map((p) => p.brokerReplicas)).toEqual([1, 1, 1, 1, 1]);
    const last = points[4]!;
    expect(last.fullest!).toBeGreaterThan(0.7);
    expect(last.emptiest!).toBeLessThan(0.01);
    expect(last.dirBytes).toBeGreaterThan(1.4);
  });

  it("skewTimeline() marks failed steps and repeats the cluster before them", () => {
    const scenario = { ...getPreset("consumer-offsets-skew")!.scenario };
    scenario.steps = [...scenario.steps, { kind: "failLogDir", broker: 9, path: "/data/d1" }];
    const r = simulate(scenario, { compare: false, includeSnapshot: false });
    const points = skewTimeline(r.initial.report, r.steps);
    expect(points[5]).toMatchObject({ ok: false, label: "5. Fail /data/d1 on broker 9 (failed)", dirBytes: points[4]!.dirBytes });
  });
});
