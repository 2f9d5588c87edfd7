/**
 * What `GET /api/history` accepts: the cluster, the scope (the cluster's figures, one broker, or one
 * log dir), the time range and how many points a series may have. One strict schema (unknown keys are
 * errors), then the range resolved against the clock the caller passes in.
 *
 * Bounds: a range of at most MAX_HISTORY_SPAN_MS ending no later than a day from now (clocks differ);
 * the default is the last 7 days. `maxPoints` (10–5,000, default 1,000) bounds each series returned:
 * longer ones are folded (history-buckets.ts).
 *
 * `GET /api/history/forecast` takes the cluster and how many dirs to list (the first to fill first;
 * 1–20,000, default 1,000).
 */
import { z } from "zod";
import { zodIssues } from "./parse";
import { invalid, success, type Result } from "./result";
import { DAY_MS } from "./history-settings";

/** 3 years: the default 2 years of daily points, with room for a longer configured retention. */
export const MAX_HISTORY_SPAN_MS = 1096 * DAY_MS;
export const DEFAULT_HISTORY_SPAN_MS = 7 * DAY_MS;
export const DEFAULT_MAX_POINTS = 1000;
export const MAX_POINTS_LIMIT = 5000;
/** How far past the server's clock `to` may reach. */
const CLOCK_SLACK_MS = DAY_MS;

const ms = (field: string) =>
  z.coerce
    .number({ error: `${field} is a time in ms since the epoch` })
    .int(`${field} is a whole number of ms since the epoch`)
    .min(0, `${field} is a time in ms since the epoch, 0 or more`)
    .max(8.64e15, `${field} is past the largest date`);

export const HistoryQuerySchema = z
  .strictObject({
    cluster: z.string().max(200, "cluster is a configured cluster's name").optional(),
    scope: z.enum(["cluster", "broker", "dir"], { error: "scope is cluster, broker or dir" }).default("cluster"),
    broker: z.coerce
      .number({ error: "broker is a broker id" })
      .int("broker is a whole number")
      .min(0, "broker ids are 0 or more")
      .max(2 ** 31 - 1, "broker ids fit in 31 bits")
      .optional(),
    dir: z.string().min(1, "dir is a log dir's path").max(4096, "dir is at most 4096 characters").optional(),
    from: ms("from").optional(),
    to: ms("to").optional(),
    maxPoints: z.coerce
      .number({ error: "maxPoints is a number of points" })
      .int("maxPoints is a whole number")
      .min(10, "maxPoints is at least 10")
      .max(MAX_POINTS_LIMIT, `maxPoints is at most ${MAX_POINTS_LIMIT}`)
      .default(DEFAULT_MAX_POINTS),
  })
  .superRefine((q, ctx) => {
    if (q.scope !== "cluster" && q.broker === undefined) ctx.addIssue({ code: "custom", path: ["broker"], message: `scope=${q.scope} needs broker=<id>` });
    if (q.scope === "dir" && q.dir === undefined) ctx.addIssue({ code: "custom", path: ["dir"], message: "scope=dir needs dir=<path> (a log dir of the broker)" });
    if (q.scope !== "dir" && q.dir !== undefined) ctx.addIssue({ code: "custom", path: ["dir"], message: "dir is for scope=dir" });
    if (q.scope === "cluster" && q.broker !== undefined) ctx.addIssue({ code: "custom", path: ["broker"], message: "broker is for scope=broker or scope=dir" });
  });

export interface HistoryQuery {
  cluster: string | undefined;
  scope: "cluster" | "broker" | "dir";
  broker: number | undefined;
  dir: string | undefined;
  from: number;
  to: number;
  maxPoints: number;
}

/** The query as URL parameters (each once) → the validated query with its range resolved against `nowMs`. */
export function parseHistoryQuery(params: Record<string, string>, nowMs: number): Result<HistoryQuery> {
  const parsed = HistoryQuerySchema.safeParse(params);
  if (!parsed.success) return invalid(zodIssues(parsed.error));
  const q = parsed.data;
  const to = q.to ?? nowMs;
  const from = q.from ?? Math.max(0, to - DEFAULT_HISTORY_SPAN_MS);
  if (to > nowMs + CLOCK_SLACK_MS) return invalid([{ path: "to", message: "to is more than a day past the server's clock; the history holds no future" }]);
  if (from >= to) return invalid([{ path: "from", message: "from is before to" }]);
  if (to - from > MAX_HISTORY_SPAN_MS) return invalid([{ path: "from", message: `the range is at most ${MAX_HISTORY_SPAN_MS / DAY_MS} days; move from closer to to` }]);
  return success({ cluster: q.cluster, scope: q.scope, broker: q.broker, dir: q.dir, from, to, maxPoints: q.maxPoints });
}

export const DEFAULT_FORECAST_DIRS = 1000;
export const MAX_FORECAST_DIRS = 20_000;

export const ForecastQuerySchema = z.strictObject({
  cluster: z.string().max(200, "cluster is a configured cluster's name").optional(),
  limit: z.coerce
    .number({ error: "limit is a number of dirs" })
    .int("limit is a whole number")
    .min(1, "limit is at least 1")
    .max(MAX_FORECAST_DIRS, `limit is at most ${MAX_FORECAST_DIRS}`)
    .default(DEFAULT_FORECAST_DIRS),
});
