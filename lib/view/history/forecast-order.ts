/**
 * The order in which the forecast table lists dirs: the first to fill first. A dir sorts by the time
 * until it is full, then until 95 %, then until 85 % (a dir that will not fill within the horizon
 * still ranks by the levels it will cross); dirs with no crossing at all come last, fullest first;
 * ties by broker and path, so the order is stable.
 */
import type { DirForecast } from "@/lib/forecast";

const seconds = (eta: { seconds: number } | null) => (eta === null ? Infinity : eta.seconds);

export function soonestFirst(forecasts: readonly DirForecast[]): DirForecast[] {
  return [...forecasts].sort(
    (a, b) =>
      seconds(a.until.full) - seconds(b.until.full) ||
      seconds(a.until.p95) - seconds(b.until.p95) ||
      seconds(a.until.p85) - seconds(b.until.p85) ||
      (b.utilization ?? -1) - (a.utilization ?? -1) ||
      a.broker - b.broker ||
      (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0),
  );
}
