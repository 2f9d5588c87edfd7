/**
 * GET /api/clusters → { clusters: [{ name, label, kind, problem }] } — the configured clusters in order
 * (lib/cluster/clusters.ts): names for `?cluster=`, labels to show, and what is wrong with a cluster's
 * settings (never a secret). The demo alone when none is configured; 500 `kafka_config` when the
 * configuration itself cannot be read.
 */
import { clustersFromEnv, clusterList } from "@/lib/cluster/clusters";
import { redactSecrets } from "@/lib/cluster/connection";
import { fail, ok } from "@/lib/http/respond";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(): Promise<Response> {
  const all = clustersFromEnv();
  if (!all.ok) return fail("kafka_config", `The cluster configuration is invalid: ${redactSecrets(all.error.message)}`);
  return ok({ clusters: clusterList() });
}
