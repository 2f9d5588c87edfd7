// Public API of lib/forecast: growth fits and time-to-full per log dir, from history passed in as data.
// Pure TypeScript: no I/O, no clock (`nowMs` is a parameter), no randomness.

export { DAY_MS } from "./series";
export type { DirPoint, DirSeries } from "./series";

export { median } from "./order-statistics";

export { DEFAULT_HORIZON_DAYS, DEFAULT_WINDOW_DAYS, forecastCluster } from "./forecast";
export type { BrokerFacts, Confidence, DirForecast, Eta } from "./forecast";
export { forecastFactsOf, forecastSnapshotAt } from "./snapshot-at";
