import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrivalBytesBy, arrivalsBy, placementPlan, scaleArrivals, type PlacementDir } from "@/lib/forecast/placement";

const live = (dir: string, partitions: number): PlacementDir => ({ dir, partitions, live: true });
const config = { tieOrder: "config" as const, cordoned: [] };

describe("placementPlan()", () => {
  it("placementPlan() sends every new partition to the dir with the fewest until it catches up", () => {
    const plan = placementPlan([live("/d1", 50), live("/d2", 10), live("/d3", 30)], 2, config);
    expect(plan.order).toEqual(["/d2", "/d3", "/d1"]);
    // /d2 alone takes 2 a day until it has 30 (10 days), then /d2 and /d3 share until 50 (20 more days).
    expect(plan.arrivals.get("/d2")).toEqual([
      { fromDay: 0, toDay: 10, partitionsPerDay: 2 },
      { fromDay: 10, toDay: 30, partitionsPerDay: 1 },
      { fromDay: 30, toDay: null, partitionsPerDay: 2 / 3 },
    ]);
    expect(plan.arrivals.get("/d3")).toEqual([
      { fromDay: 10, toDay: 30, partitionsPerDay: 1 },
      { fromDay: 30, toDay: null, partitionsPerDay: 2 / 3 },
    ]);
    expect(arrivalsBy(plan.arrivals.get("/d1")!, 30)).toBe(0);
    expect(arrivalsBy(plan.arrivals.get("/d2")!, 30)).toBe(40);
  });

  it("placementPlan() shares ties from the start and keeps nextLogDirs' tie order", () => {
    const plan = placementPlan([live("/b", 5), live("/a", 5)], 4, config);
    expect(plan.order).toEqual(["/b", "/a"]);
    expect(plan.arrivals.get("/a")).toEqual([{ fromDay: 0, toDay: null, partitionsPerDay: 2 }]);
  });

  it("placementPlan() gives nothing to dirs that are not live or are cordoned, and counts a repeated name once", () => {
    const plan = placementPlan([live("/d1", 0), { dir: "/d2", partitions: 0, live: false }, live("/d3", 3), live("/d1", 99)], 1, { tieOrder: "config", cordoned: ["/d1"] });
    expect(plan.order).toEqual(["/d3"]);
    expect(plan.arrivals.get("/d3")).toEqual([{ fromDay: 0, toDay: null, partitionsPerDay: 1 }]);
    expect(plan.arrivals.has("/d1")).toBe(false);
  });

  it("placementPlan() gives no arrivals when the broker adds no partitions", () => {
    for (const rate of [0, -1, NaN, 1e-9]) expect([...placementPlan([live("/d1", 0)], rate, config).arrivals.values()]).toEqual([[]]);
  });

  it("placementPlan() shares the broker's whole rate among its dirs at every moment", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        (counts, rate, day) => {
          const plan = placementPlan(
            counts.map((c, i) => live(`/d${i}`, c)),
            rate,
            config,
          );
          let total = 0;
          for (const phases of plan.arrivals.values()) total += arrivalsBy(phases, day);
          expect(total).toBeCloseTo(rate * day, 6);
        },
      ),
    );
  });
});

describe("arrivalBytesBy() and scaleArrivals()", () => {
  it("arrivalBytesBy() grows each new partition from its arrival", () => {
    // One partition a day from day 0, each growing 10 bytes a day: by day 4 they hold 10·(4+3+2+1+0)… as a flow, 10·4²/2.
    expect(arrivalBytesBy([{ fromDay: 0, toDay: null, partitionsPerDay: 1 }], 10, 4)).toBe(80);
    expect(arrivalBytesBy([{ fromDay: 2, toDay: 3, partitionsPerDay: 1 }], 10, 4)).toBe(15);
    expect(arrivalBytesBy([{ fromDay: 0, toDay: null, partitionsPerDay: 1 }], 0, 4)).toBe(0);
  });

  it("scaleArrivals() brings the same counts sooner at a higher rate", () => {
    const phases = [
      { fromDay: 0, toDay: 10, partitionsPerDay: 2 },
      { fromDay: 10, toDay: null, partitionsPerDay: 1 },
    ];
    const fast = scaleArrivals(phases, 2);
    expect(fast).toEqual([
      { fromDay: 0, toDay: 5, partitionsPerDay: 4 },
      { fromDay: 5, toDay: null, partitionsPerDay: 2 },
    ]);
    expect(arrivalsBy(fast, 5)).toBe(arrivalsBy(phases, 10));
    expect(scaleArrivals(phases, 0)).toEqual([]);
    expect(scaleArrivals(phases, NaN)).toEqual([]);
  });
});
