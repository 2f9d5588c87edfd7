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
  | "log_dir_cordoned";

export class SimulationError extends Error {
  constructor(
    readonly code: SimulationErrorCode | string,
    message: string,
  ) {
    super(message);
    this.name = "SimulationError";
  }
}
