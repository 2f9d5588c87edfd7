/**
 * The forecast use-case (GET /api/history/forecast): the cluster's forecast table (forecast-table.ts; the
 * demo's from its generated history, history-read.ts), per log dir the time until 85 %, 95 % and full
 * with a range, the first to fill first.
 */
import { resolveCluster } from "@/lib/cluster/clusters";
import type { DirForecast } from "@/lib/forecast";
import { ForecastQuerySchema } from "@/lib/model/history-query";
import { zodIssues } from "@/lib/model/parse";
import { failure, invalid, success, type Result } from "@/lib/model/result";
import { soonestFirst } from "@/lib/view/history/forecast-order";
import { FORECAST_NEEDS_MS, historySpanMs, type HistorySpan } from "@/lib/view/history/forecast-wait";
import { workFailureOf } from "@/lib/workers/pool";
import { forecastTable } from "./forecast-table";
import { demoForecastTable } from "./history-read";

/** GET /api/history/forecast's answer: the table, the first to fill first, at most `limit` dirs (`total` says how many there are). */
export interface ForecastAnswer {
  cluster: string;
  nowMs: number;
  scanAt: number | null;
  fromMs: number;
  /** Null for a recorded history; for the demo's generated one, what it is in words. */
  generated: string | null;
  /**
   * The history the forecast had: its successful scans' first and last times and count, and whether
   * they span the MIN_FIT_SPAN_MS (6 h) a fit needs. Until they do, no dir has a forecast: its
   * `until` times are null for want of history, not because it will not fill.
   */
  history: HistorySpan & { neededMs: number; enough: boolean };
  total: number;
  dirs: DirForecast[];
}

/**
 * The forecast of the named cluster (the first configured when none): the demo's from its generated
 * history, a live cluster's from its recorded one. Failures: `bad_request` naming the field,
 * `unknown_cluster` / `kafka_config`, the pool's (`busy`, `work_timed_out`), else `store_unavailable`.
 */
export async function forecastAnswer(query: Record<string, string>): Promise<Result<ForecastAnswer>> {
  const parsed = ForecastQuerySchema.safeParse(query);
  if (!parsed.success) return invalid(zodIssues(parsed.error));
  const resolved = resolveCluster(parsed.data.cluster);
  if (!resolved.ok) return resolved;
  const cluster = resolved.value;
  let table;
  try {
    table = cluster.kind === "demo" ? await demoForecastTable(cluster.name, Date.now()) : { ...(await forecastTable(cluster.name)), generated: null };
  } catch (error) {
    const name = (error as Error | null)?.name;
    if (name === "WorkTimeoutError" || name === "WorkBusyError") return workFailureOf(error);
    console.error(`The forecast could not be computed: ${(error as Error).message}`);
    return failure("store_unavailable", "The forecast could not be computed from the history; see the server log.");
  }
  const dirs = soonestFirst(table.dirs);
  return success({
    cluster: table.cluster,
    nowMs: table.nowMs,
    scanAt: table.scanAt,
    fromMs: table.fromMs,
    generated: table.generated,
    history: { ...table.history, neededMs: FORECAST_NEEDS_MS, enough: historySpanMs(table.history) >= FORECAST_NEEDS_MS },
    total: dirs.length,
    dirs: dirs.slice(0, parsed.data.limit),
  });
}
