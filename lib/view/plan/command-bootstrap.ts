/**
 * The `--bootstrap-server` the planner's commands name: the live cluster's servers (the server's
 * KAFKA_BOOTSTRAP_SERVERS as a label, without schemes or credentials) when the snapshot is the live
 * cluster; otherwise (the demo, an import, a scenario) a placeholder to replace, never a guessed host.
 */
import { BOOTSTRAP_PLACEHOLDER } from "@/lib/plan/options";
import type { SourceKind } from "@/lib/model/snapshot";

export function commandBootstrap(source: SourceKind, liveBootstrap: string | null): string {
  return source === "kafka" && liveBootstrap ? liveBootstrap : BOOTSTRAP_PLACEHOLDER;
}
