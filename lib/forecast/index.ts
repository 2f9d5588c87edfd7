// Public API of lib/forecast: growth fits and time-to-full per log dir, from history passed in as data.
// Pure TypeScript: no I/O, no clock (`nowMs` is a parameter), no randomness.

export { DAY_MS, MAX_BYTES, MAX_PARTITIONS, MAX_WINDOW_SAMPLES, bytesOrNull, countOrNull, emptySamples, latestTime, newestOf, windowSamples } from "./series";
export type { ByteField, DirPoint, DirSeries, Newest, WindowSamples } from "./series";
export { resample, resampleBuffers } from "./resample";
export type { ResampleBuffers, Resampled } from "./resample";
export { median, medianInPlace, selectKth } from "./order-statistics";
export { Z_80, theilSen } from "./theil-sen";
export type { SlopeFit } from "./theil-sen";
export { changeScale, findDrops } from "./steps";
export type { DropEvent, DropStep } from "./steps";
export { flatTail } from "./plateau";
export type { FlatTail } from "./plateau";
export { FIT_BUCKETS, fitGrowth, fitScratch } from "./fit";
export type { DropHandling, FitScratch, GrowthFit } from "./fit";
export { arrivalBytesBy, arrivalsBy, placementPlan, scaleArrivals } from "./placement";
export type { ArrivalPhase, PlacementDir, PlacementPlan, PlacementRule } from "./placement";
export { crossingDays, projectedBytes } from "./projection";
export type { Projection } from "./projection";
export { DEFAULT_HORIZON_DAYS, DEFAULT_WINDOW_DAYS, FORECAST_LEVELS, RATE_DRIFT_PER_MONTH, REFERENCE_DAYS, forecastCluster, forecastDir } from "./forecast";
export type { BrokerFacts, Confidence, DirForecast, Eta, ForecastOptions } from "./forecast";
export { forecastAddedBytes, forecastFactsOf, forecastSnapshotAt } from "./snapshot-at";
