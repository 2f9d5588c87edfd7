// Forecasts for the view's tests: one dir at 50 % growing 10 GiB a day, with whatever a test overrides.
import type { DirForecastFields } from "@/lib/view/history/forecast-table";

const DAY = 86_400;
const GiB = 1024 ** 3;

/** An ETA of `days` with a range of ¾ to 1½ times it unless told. */
export const eta = (days: number, lo = days * 0.75, hi: number | null = days * 1.5) => ({
  seconds: days * DAY,
  earliestSeconds: lo * DAY,
  latestSeconds: hi === null ? null : hi * DAY,
});

export function dirForecast(broker: number, dir: string, over: Partial<DirForecastFields> = {}): DirForecastFields {
  return {
    broker,
    dir,
    capacityBytes: 1000 * GiB,
    usedBytes: 500 * GiB,
    kafkaBytes: 490 * GiB,
    utilization: 0.5,
    growth: { bytesPerDay: 10 * GiB, low: 8 * GiB, high: 12 * GiB, trendBytesPerDay: 10 * GiB, placementBytesPerDay: 0 },
    until: { p85: eta(35), p95: eta(45), full: eta(50) },
    basis: { series: "usedBytes", points: 288, fromMs: 0, toMs: 14 * DAY * 1000, method: "theil-sen", placementShare: 0, note: "Fitted the disk's used bytes." },
    confidence: "high",
    projection: null,
    ...over,
  };
}
