/**
 * Which disk fills first, and when: per log dir, the time until it crosses 85 %, 95 % and full, from a
 * robust fit of its recent growth (fit.ts) plus the partitions Kafka's count rule will send it
 * (placement.ts), with a range and a plain account of what was used.
 *
 * Invariants:
 * - Pure: `nowMs` is a parameter (when it is unusable, the newest point's time stands in); nothing reads
 *   a clock or draws a random number. Same input, same output, in input order.
 * - Reads about MAX_WINDOW_SAMPLES points of each dir's window (`windowDays`, default 14) when the
 *   history is in order (all of the window when it is not), so the cost per dir is bounded whatever the
 *   history's length or scan rate; every loop ends for every input, and no input makes it throw: values
 *   that are not usable numbers are unknown, and unknown shows as null with a note.
 * - A dir's forecast needs its capacity: without one, the times are null and the confidence "none".
 * - Placement is per broker: the broker's new partitions per day (the net growth of its partition count
 *   over the window) are shared among its live dirs by the count rule of the broker's Kafka version
 *   (lib/model/kafka-versions.ts); each new partition grows at the broker's median bytes per partition
 *   per day. A dir that is offline, not scanned for a day, or a second series with the same name gets none.
 */
import { brokerPlacement } from "./broker-placement";
import { buildForecast } from "./dir-forecast";
import { dirScratch, readDir, type DirWork } from "./dir-work";
import { latestTime, type DirSeries } from "./series";
import { DAY_MS } from "../model/units";
import { DEFAULT_HORIZON_DAYS, DEFAULT_WINDOW_DAYS, type DirForecast, type ForecastOptions } from "./types";

export { DEFAULT_HORIZON_DAYS, DEFAULT_WINDOW_DAYS } from "./types";
export type { BrokerFacts, Confidence, DirForecast, Eta, ForecastOptions } from "./types";

function clampOr(x: number | undefined, min: number, max: number, fallback: number): number {
  return typeof x === "number" && Number.isFinite(x) ? Math.min(max, Math.max(min, x)) : fallback;
}

/** A series as the fits may read it: whatever is not an object reads as a dir with no points (a well-formed one is used as it is). */
function normalized(s: unknown): DirSeries {
  if (typeof s !== "object" || s === null) return { broker: NaN, dir: "", points: [] };
  const { broker, dir, points } = s as Partial<DirSeries>;
  if (typeof dir === "string" && Array.isArray(points)) return s as DirSeries;
  return { broker: broker as number, dir: typeof dir === "string" ? dir : String(dir ?? ""), points: Array.isArray(points) ? points : [] };
}

function resolved(dirs: readonly DirSeries[], options: ForecastOptions) {
  let nowMs = options?.nowMs;
  if (typeof nowMs !== "number" || !Number.isFinite(nowMs)) {
    let latest: number | null = null;
    for (const d of dirs) {
      const t = latestTime(d.points);
      if (t !== null && (latest === null || t > latest)) latest = t;
    }
    nowMs = latest ?? 0;
  }
  const windowDays = clampOr(options?.windowDays, 1 / 24, 366, DEFAULT_WINDOW_DAYS);
  const horizonDays = clampOr(options?.horizonDays, 1, 36_600, DEFAULT_HORIZON_DAYS);
  return { nowMs, windowMs: windowDays * DAY_MS, horizonDays, placement: options?.placement !== false };
}

/**
 * Forecasts for every dir, in input order; the count rule shares each broker's new partitions among its dirs.
 * Broker by broker: a broker's dirs are read, planned and forecast before the next broker's are read,
 * so the fits (DirWork) die young instead of all 12,000 of a large cluster outliving the pass.
 */
export function forecastCluster(dirs: readonly DirSeries[], options: ForecastOptions): DirForecast[] {
  const list = (Array.isArray(dirs) ? dirs : []).map(normalized);
  const { nowMs, windowMs, horizonDays, placement } = resolved(list, options);
  const scratch = dirScratch();
  // Each broker's dirs (indexes into `list`), brokers in order of first appearance.
  const byBroker = new Map<unknown, number[]>();
  for (let i = 0; i < list.length; i++) {
    const id = list[i]!.broker;
    const group = byBroker.get(id);
    if (group) group.push(i);
    else byBroker.set(id, [i]);
  }
  const out = new Array<DirForecast>(list.length);
  const work: DirWork[] = [];
  const seen = new Set<string>();
  for (const [id, indexes] of byBroker) {
    work.length = 0;
    seen.clear();
    for (const i of indexes) {
      const w = readDir(list[i]!, nowMs, windowMs, scratch);
      const name = w.series.dir;
      w.duplicate = seen.has(name);
      seen.add(name);
      work.push(w);
    }
    const facts = options?.brokers && typeof id === "number" && Object.hasOwn(options.brokers, id) ? options.brokers[id] : undefined;
    const plan = brokerPlacement(work, facts, options?.kafkaVersion, placement);
    for (let k = 0; k < indexes.length; k++) out[indexes[k]!] = buildForecast(work[k]!, plan, nowMs, horizonDays);
  }
  return out;
}

/** The forecast of one dir, as if it were its broker's only dir. */
export function forecastDir(series: DirSeries, options: ForecastOptions): DirForecast {
  return forecastCluster([series], options)[0]!;
}
