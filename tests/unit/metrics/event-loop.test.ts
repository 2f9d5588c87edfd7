import { monitorEventLoopDelay } from "node:perf_hooks";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { delayFigures, EVENT_LOOP_FAMILIES, registerEventLoopMetrics } from "@/lib/metrics/event-loop";
import { waitFor } from "@/scripts/test-timings/phases";

/** Every sample line of an exposition, as name → value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [name, value] = line.split(" ");
    out.set(name!, Number(value));
  }
  return out;
}

describe("delayFigures()", () => {
  it("delayFigures() gives null for a histogram that recorded nothing (whose min is 2^63 ns and mean NaN)", () => {
    const empty = monitorEventLoopDelay();
    expect(empty.count).toBe(0);
    expect(empty.min).toBeGreaterThan(9e18);
    expect(empty.mean).toBeNaN();
    expect(delayFigures(empty)).toBeNull();
  });

  it("delayFigures() gives the figures in seconds, and null when one of them is not a finite number", () => {
    const h = { count: 3, min: 1e7, max: 3e7, mean: 2e7, stddev: 1e6, percentile: (p: number) => p * 1e5 };
    expect(delayFigures(h)).toEqual({ min: 0.01, max: 0.03, mean: 0.02, stddev: 0.001, p50: 0.005, p90: 0.009, p99: 0.0099 });
    expect(delayFigures({ ...h, stddev: Number.NaN })).toBeNull();
  });
});

describe("registerEventLoopMetrics()", () => {
  it("registerEventLoopMetrics() exports no sample for a window with no recorded delay, then real, finite figures once there are", async () => {
    const registry = new Registry();
    registerEventLoopMetrics(registry);
    // The first scrape reads a histogram created in this very tick (it recorded nothing); a second
    // back to back finds at most a few samples: either way only finite numbers.
    const first = await registry.metrics();
    for (const name of EVENT_LOOP_FAMILIES) {
      expect(first).toContain(`# TYPE ${name} gauge`);
      expect(samples(first).has(name), name).toBe(false);
    }
    for (const [name, value] of samples(await registry.metrics())) expect(Number.isFinite(value), `${name} ${value}`).toBe(true);
    const later = await waitFor(
      "a window with recorded event-loop delays",
      async () => {
        const s = samples(await registry.metrics());
        return s.has("nodejs_eventloop_lag_mean_seconds") && s.has("nodejs_eventloop_lag_seconds") ? s : null;
      },
      10_000,
      50,
    );
    for (const name of EVENT_LOOP_FAMILIES) {
      expect(later.get(name), name).toBeGreaterThanOrEqual(0);
      expect(later.get(name), name).toBeLessThan(60);
    }
    expect(later.get("nodejs_eventloop_lag_min_seconds")!).toBeLessThanOrEqual(later.get("nodejs_eventloop_lag_max_seconds")!);
  });
});
