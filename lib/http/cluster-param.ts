/**
 * The cluster a request names (`?cluster=<name>`, lib/cluster/clusters.ts), for routes that write to a
 * live cluster: its name and connection, or the failure — `unknown_cluster` (404, listing the names),
 * `no_live_cluster` (409) for the demo, `kafka_config` (500) for settings that do not parse.
 */
import { resolveCluster } from "@/lib/cluster/clusters";
import type { KafkaConnection } from "@/lib/cluster/connection";
import { failure, success, type Result } from "@/lib/model/result";

export function clusterParam(request: Request): string | null {
  return new URL(request.url).searchParams.get("cluster");
}

export function liveClusterOf(request: Request, what: string): Result<{ name: string; connection: KafkaConnection }> {
  const resolved = resolveCluster(clusterParam(request));
  if (!resolved.ok) return resolved;
  const cluster = resolved.value;
  if (cluster.kind === "demo")
    return failure(
      "no_live_cluster",
      `${what} needs a live cluster: set KAFKA_BOOTSTRAP_SERVERS (or configure clusters with KAFKA_BALANCE_CLUSTERS_FILE or KAFKA_BALANCE_CLUSTERS).`,
    );
  if (!cluster.connection?.ok) return failure("kafka_config", `The settings of cluster ${cluster.name} are invalid: ${cluster.connection?.error.message ?? "no connection"}`);
  return success({ name: cluster.name, connection: cluster.connection.value });
}
