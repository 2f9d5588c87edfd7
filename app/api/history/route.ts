/**
 * GET /api/history?cluster=<name>&scope=cluster|broker|dir&broker=<id>&dir=<path>&from=<ms>&to=<ms>&maxPoints=<n>
 * → one scope of a cluster's recorded history (lib/server/history-read.ts): the cluster's figures
 * over time, a broker's figures with its dirs and largest topics, or one dir's points; with the failed
 * scans (gaps), the plans applied in the range and the collector's state. The demo's history is
 * generated (readDemoHistory: `generated` says so), never recorded. 400 naming the field, 404
 * for an unknown cluster.
 */
import { resolveCluster } from "@/lib/cluster/clusters";
import { readDemoHistory, readHistory } from "@/lib/server/history-read";
import { fail, failureResponse, ok } from "@/lib/http/respond";
import { parseHistoryQuery } from "@/lib/model/history-query";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const parsed = parseHistoryQuery(Object.fromEntries(new URL(request.url).searchParams), Date.now());
  if (!parsed.ok) return failureResponse(parsed.error);
  const resolved = resolveCluster(parsed.value.cluster);
  if (!resolved.ok) return failureResponse(resolved.error);
  const cluster = resolved.value;
  try {
    if (cluster.kind === "demo") return ok(await readDemoHistory(cluster.name, parsed.value, Date.now()));
    return ok(await readHistory(cluster.name, cluster.kind === "live", parsed.value));
  } catch (error) {
    console.error(`Reading the history failed: ${(error as Error).message}`);
    return fail("store_unavailable", "The history cannot be read; see the server log.");
  }
}
