/**
 * GET /api/cluster/broker?cluster=<name>|shared=<link id>&broker=<id> → what the broker drawer shows
 * (lib/view/overview/broker-detail.ts): the broker's figures and dirs, its address and its largest replicas,
 * of a cluster or of a shared link's stored snapshot (404 unknown link, 410 expired).
 * Strong ETag, 304 on `If-None-Match`; 400 naming the parameter to fix; 404 for a broker the snapshot
 * does not list.
 */
import { clusterBrokerDetail } from "@/lib/server/overview";
import { chosenSnapshot } from "@/lib/server/chosen-snapshot";
import { clusterSourceFailure, fail, failureResponse, tagged } from "@/lib/http/respond";
import { parseBrokerDetailQuery } from "@/lib/view/overview/broker-detail";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const parsed = parseBrokerDetailQuery(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.ok) return failureResponse(parsed.error);
  const load = await chosenSnapshot(parsed.value);
  if (!load.ok) return failureResponse(load.error);
  try {
    const answer = await clusterBrokerDetail(load.value, parsed.value.broker);
    if (!answer)
      return fail("not_found", `The ${parsed.value.shared === undefined ? "cluster" : "shared snapshot"} lists no broker ${parsed.value.broker}; pick one of its brokers.`);
    return tagged(request, answer);
  } catch (error) {
    return clusterSourceFailure(error);
  }
}
