/**
 * GET /api/history/forecast?cluster=<name>&limit=<n> → the cluster's forecast table (lib/server/forecast.ts, over
 * lib/server/forecast-table.ts): per log dir the time until 85 %, 95 % and full with a range, the growth it is
 * based on and how sure it is, the first to fill first (at most `limit` dirs; `total` says how many
 * there are); `generated` is null, or for the demo what its generated history is (history-read.ts). Computed in the worker pool once per recorded scan. 400 naming the field, 404 for an
 * unknown cluster, 503 when the pool is busy or the work passes its time limit.
 */
import { ok, resultResponse } from "@/lib/http/respond";
import { forecastAnswer } from "@/lib/server/forecast";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const answer = await forecastAnswer(Object.fromEntries(new URL(request.url).searchParams));
  return answer.ok ? ok(answer.value) : resultResponse(answer);
}
