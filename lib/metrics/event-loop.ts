/**
 * The event loop's delay, in place of prom-client's own eventLoopLag collector: that one reads Node's
 * delay histogram at every scrape and resets it, so a scrape that finds the histogram empty (the first
 * one, which is when it is created, or two scrapes closer than its 10 ms resolution) exported the
 * histogram's sentinels as figures: a min of 9223372036.85 s (2^63 ns), a mean and stddev of NaN.
 *
 * Here the same families, with the same names and meaning (the delays recorded since the last scrape),
 * carry no sample for a window with no recorded delay: unknown is not zero. `nodejs_eventloop_lag_seconds`
 * (the time a setImmediate took, measured at the previous scrape) has no sample until it was measured once.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { Gauge, type Registry } from "prom-client";

/** prom-client's names for the event-loop families (lib/metrics/eventLoopLag.js in prom-client 15). */
export const EVENT_LOOP_FAMILIES = [
  "nodejs_eventloop_lag_seconds",
  "nodejs_eventloop_lag_min_seconds",
  "nodejs_eventloop_lag_max_seconds",
  "nodejs_eventloop_lag_mean_seconds",
  "nodejs_eventloop_lag_stddev_seconds",
  "nodejs_eventloop_lag_p50_seconds",
  "nodejs_eventloop_lag_p90_seconds",
  "nodejs_eventloop_lag_p99_seconds",
] as const;

/** 10 ms: prom-client's default resolution for the histogram. */
const RESOLUTION_MS = 10;

/** The histogram's figures in seconds, or null when it recorded nothing (or a figure is not a finite number). */
export function delayFigures(h: Pick<IntervalHistogram, "count" | "min" | "max" | "mean" | "stddev" | "percentile">): Record<string, number> | null {
  if (!(h.count > 0)) return null;
  const figures: Record<string, number> = {
    min: h.min / 1e9,
    max: h.max / 1e9,
    mean: h.mean / 1e9,
    stddev: h.stddev / 1e9,
    p50: h.percentile(50) / 1e9,
    p90: h.percentile(90) / 1e9,
    p99: h.percentile(99) / 1e9,
  };
  return Object.values(figures).every(Number.isFinite) ? figures : null;
}

/**
 * Removes prom-client's event-loop families from `registry` (collectDefaultMetrics registered them)
 * and registers these instead.
 */
export function registerEventLoopMetrics(registry: Registry): void {
  for (const name of EVENT_LOOP_FAMILIES) registry.removeSingleMetric(name);
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let lastLag: number | null = null;
  let stats: Record<string, Gauge> = {};
  new Gauge({
    name: "nodejs_eventloop_lag_seconds",
    help: "Lag of event loop in seconds: how long a setImmediate took at the previous scrape (no sample before one was measured).",
    registers: [registry],
    // This family's collect sets them all, as prom-client's does.
    collect() {
      if (lastLag === null) this.remove();
      else this.set(lastLag);
      const start = process.hrtime.bigint();
      setImmediate(() => {
        lastLag = Number(process.hrtime.bigint() - start) / 1e9;
      });
      const figures = delayFigures(histogram);
      for (const [stat, g] of Object.entries(stats)) {
        if (figures) g.set(figures[stat]!);
        else g.remove();
      }
      histogram.reset();
    },
  });
  const gauge = (stat: string, help: string) => new Gauge({ name: `nodejs_eventloop_lag_${stat}_seconds`, help, registers: [registry] });
  // Registered after the family whose collect sets them: a scrape reads the families in order.
  stats = {
    min: gauge("min", "The minimum recorded event loop delay since the last scrape (no sample when none was recorded)."),
    max: gauge("max", "The maximum recorded event loop delay since the last scrape (no sample when none was recorded)."),
    mean: gauge("mean", "The mean of the recorded event loop delays since the last scrape (no sample when none was recorded)."),
    stddev: gauge("stddev", "The standard deviation of the recorded event loop delays since the last scrape (no sample when none was recorded)."),
    p50: gauge("p50", "The 50th percentile of the recorded event loop delays since the last scrape (no sample when none was recorded)."),
    p90: gauge("p90", "The 90th percentile of the recorded event loop delays since the last scrape (no sample when none was recorded)."),
    p99: gauge("p99", "The 99th percentile of the recorded event loop delays since the last scrape (no sample when none was recorded)."),
  };
}
