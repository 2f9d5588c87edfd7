import { describe, expect, it } from "vitest";
import { getPreset } from "@/lib/simulate/presets";
import { simulate } from "@/lib/simulate/run-request";
import { floorNote, skewAppearsAt, skewTimeline, timelineValueText } from "@/lib/view/simulate/skew-timeline";

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

  it("skewTimeline() calls no bytes skew until the real data lands: 16 KiB per dir is too little data, then 1.51×", () => {
    const r = simulate(getPreset("consumer-offsets-skew")!.scenario, { compare: false, includeSnapshot: false });
    const points = skewTimeline(r.initial.report, r.steps);
    // Before the floor: the raw ratio after the second and third disk is 2.00× and 3.00× of 800 KiB.
    expect(r.steps[2]!.report.skew.dirBytes.maxOverMean).toBeCloseTo(3, 5);
    expect(points.map((p) => p.dirBytes)).toEqual([1, 1, 1, 1, points[4]!.dirBytes]);
    expect(points.slice(0, 4).every((p) => p.below.dirBytes?.startsWith("too little data to call skew"))).toBe(true);
    expect(timelineValueText(points[3]!, "dirBytes")).toBe("too little data to call skew (the dirs differ by 800.0 KiB, under the 5.1 GiB floor (1% of a 512.0 GiB disk))");
    // Partition counts have no floor: the count rule acts on them however small the partitions.
    expect(points[3]!.dirPartitions).toBe(3);
    expect(timelineValueText(points[4]!, "dirBytes")).toBe("1.51×");
    expect(skewAppearsAt(points)?.step).toBe(4);
    expect(floorNote(points)).toBe(
      "Bytes per dir from the base to step 3: too little data to call skew (the dirs differ by 800.0 KiB, under the 5.1 GiB floor (1% of a 512.0 GiB disk)), drawn at 1.00×. From step 4 (Create topic orders: 30 partitions × RF 2, 36.0 GiB–44.0 GiB each) the dirs differ by more than the floor: 1.51×.",
    );
  });

  it("floorNote() says nothing when every point is over the floor", () => {
    const r = simulate(getPreset("consumer-offsets-skew")!.scenario, { compare: false, includeSnapshot: false });
    const end = r.steps[3]!.report;
    const points = skewTimeline(end, [{ ok: true, description: "nothing", report: end }]);
    expect(floorNote(points)).toBeNull();
    expect(skewAppearsAt(points)).toBeNull();
  });
});
