/**
 * The cluster a request names (`?cluster=<name>`, lib/cluster/clusters.ts), for routes that write to a
 * live cluster: its connection, or the response to send — 404 for an unknown name (listing the names),
 * 409 `no_live_cluster` for the demo, 500 `kafka_config` for settings that do not parse.
 */
import { resolveCluster } from "@/lib/cluster/clusters";
import type { KafkaConnection } from "@/lib/cluster/connection";
import { fail } from "./respond";

export function clusterParam(request: Request): string | null {
  return new URL(request.url).searchParams.get("cluster");
}

export function liveClusterOf(request: Request, what: string): { ok: true; name: string; connection: KafkaConnection } | { ok: false; response: Response } {
  const resolved = resolveCluster(clusterParam(request));
  if (!resolved.ok) return { ok: false, response: fail(resolved.code, resolved.message) };
  const { cluster } = resolved;
  if (cluster.kind === "demo") return { ok: false, response: fail("no_live_cluster", `${what} needs a live cluster: set KAFKA_BOOTSTRAP_SERVERS (or configure clusters with KAFKA_BALANCE_CLUSTERS_FILE or KAFKA_BALANCE_CLUSTERS).`) };
  if (!cluster.connection?.ok) return { ok: false, response: fail("kafka_config", `The settings of cluster ${cluster.name} are invalid: ${cluster.connection?.message ?? "no connection"}`) };
  return { ok: true, name: cluster.name, connection: cluster.connection.connection };
}
