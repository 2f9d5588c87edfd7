/**
 * GET /api/history/forecast?cluster=<name> → when each log dir of the cluster reaches 85 %, 95 % and
 * full, from its recorded history (lib/collector/forecast-read.ts): per dir its growth with a range,
 * the times with earliest–latest, a confidence and what it was based on. The demo and a cluster without
 * history answer no dirs. 400 for an unknown parameter, 404 for an unknown cluster.
 */
import { z } from "zod";
import { resolveCluster } from "@/lib/cluster/clusters";
import { readForecast } from "@/lib/collector/forecast-read";
import { badRequest, fail, ok } from "@/lib/http/respond";
import { zodIssues } from "@/lib/model/parse";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const QuerySchema = z.strictObject({ cluster: z.string().max(200, "cluster is a configured cluster's name").optional() });

export async function GET(request: Request): Promise<Response> {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return badRequest(zodIssues(parsed.error));
  const resolved = resolveCluster(parsed.data.cluster);
  if (!resolved.ok) return fail(resolved.code, resolved.message);
  try {
    return ok(readForecast(resolved.cluster.name, resolved.cluster.kind === "live", Date.now()));
  } catch (error) {
    console.error(`Forecasting from the history failed: ${(error as Error).message}`);
    return fail("store_unavailable", "The history cannot be read for a forecast; see the server log.");
  }
}
