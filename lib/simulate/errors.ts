import type { PlacementErrorCode } from "../placement/errors";
import type { ReassignmentRefusal } from "../model/reassignment-json";

/**
 * Why a simulated step failed. A failed step leaves the cluster as it was (Kafka refuses the
 * request as a whole) and the scenario goes on, as an operator's cluster would.
 */
export type SimulationErrorCode =
  | "unknown_broker"
  | "duplicate_broker"
  | "unknown_topic"
  | "topic_exists"
  | "unknown_log_dir"
  | "duplicate_log_dir"
  | "log_dir_offline"
  | "no_live_log_dirs"
  | "invalid_partitions"
  | "invalid_replication_factor"
  | "inconsistent_racks"
  | "all_brokers_fenced"
  | "cordon_unsupported"
  | "log_dir_cordoned"
  | "log_dir_not_found"
  | "unknown_partition"
  // A plan step the planner refuses (an operation naming a broker or dir the cluster does not have).
  | "plan_refused"
  // A reassign step refused by Kafka's own reassignment checks (lib/model/reassignment-json.ts).
  | ReassignmentRefusal
  // The placer's own refusal, wrapped as the controller wraps it.
  | PlacementErrorCode;

export class SimulationError extends Error {
  constructor(
    readonly code: SimulationErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "SimulationError";
  }
}
