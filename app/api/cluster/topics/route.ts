/**
 * GET /api/cluster/topics?cluster=<name>|shared=<link id>&search=&internal=0|1&sort=&offset=&limit= → one page of the
 * topic × broker grid (lib/view/overview/topic-page.ts), filtered and sorted here, of a cluster or of a shared
 * link's stored snapshot (404 unknown link, 410 expired). Strong ETag, 304 on `If-None-Match`; 400
 * naming the parameter to fix.
 */
import { clusterTopicPage } from "@/lib/server/overview";
import { chosenSnapshot } from "@/lib/server/chosen-snapshot";
import { clusterSourceFailure, failureResponse, tagged } from "@/lib/http/respond";
import { parseTopicPageQuery } from "@/lib/view/overview/topic-page";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const parsed = parseTopicPageQuery(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.ok) return failureResponse(parsed.error);
  const load = await chosenSnapshot(parsed.value);
  if (!load.ok) return failureResponse(load.error);
  try {
    return tagged(request, await clusterTopicPage(load.value, parsed.value.request));
  } catch (error) {
    return clusterSourceFailure(error);
  }
}
