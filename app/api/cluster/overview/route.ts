/**
 * GET /api/cluster/overview?cluster=<name>|shared=<link id>[&search=&internal=0|1&sort=&offset=&limit=][&refresh=1] → the overview
 * model (lib/view/overview/overview-model.ts): what the overview shows, with the topic grid's page asked for
 * (the first by default), never every replica; `refresh=1` scans again now (as GET /api/cluster does).
 * `shared=<id>` answers for a shared link's stored snapshot instead (404 unknown, 410 expired). Strong ETag: `If-None-Match` with the last one → 304
 * with no body while nothing shown has changed. 400 naming the parameter to fix; the cluster's own
 * failures as GET /api/cluster answers them.
 */
import { clusterOverview } from "@/lib/server/overview";
import { chosenSnapshot } from "@/lib/server/chosen-snapshot";
import { clusterSourceFailure, failureResponse, tagged } from "@/lib/http/respond";
import { parseOverviewQuery } from "@/lib/view/overview/overview-model";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const parsed = parseOverviewQuery(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.ok) return failureResponse(parsed.error);
  const load = await chosenSnapshot(parsed.value, parsed.value.refresh);
  if (!load.ok) return failureResponse(load.error);
  try {
    return tagged(request, await clusterOverview(load.value, parsed.value.request));
  } catch (error) {
    return clusterSourceFailure(error);
  }
}
