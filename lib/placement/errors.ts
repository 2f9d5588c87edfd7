// Errors raised by the placement ports (AdminUtils, StripedReplicaPlacer, LogManager.nextLogDirs, the Java RNGs).
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); messages follow Apache Kafka's.
//
// Invariants:
// - Every failure of lib/placement is a PlacementError with a stable string `code` and plain-data `details`.
// - Where Kafka throws, `message` is Kafka's text (docs/algorithms/rack-aware-assignment.md,
//   docs/algorithms/striped-replica-placer.md) and `kafkaException` names the Java exception class, so callers can map
//   it to a protocol error.
// - Kafka 4.3 and newer (KIP-1066) mention cordoned log dirs in two StripedReplicaPlacer messages ("… registered or
//   some brokers have all their log directories cordoned."); the placer uses that wording when told the release has
//   cordons (PlacerOptions), else the 3.0–4.2 text that Kafka's own tests assert.

export type PlacementErrorCode =
  | "invalid_partitions"
  | "invalid_replication_factor"
  | "inconsistent_racks"
  | "all_brokers_fenced"
  | "duplicate_broker"
  | "missing_partition_zero"
  | "index_out_of_bounds"
  | "invalid_bound"
  | "invalid_seed"
  | "no_live_log_dirs"
  | "unknown_log_dir"
  | "duplicate_log_dir"
  | "invalid_log_count";

/** The Java exception Kafka throws for the same condition, when there is one. */
export type KafkaExceptionName =
  | "InvalidPartitionsException"
  | "InvalidReplicationFactorException"
  | "AdminOperationException"
  | "IndexOutOfBoundsException"
  | "IllegalArgumentException"
  | "NoSuchElementException"
  | "KafkaStorageException";

export type PlacementErrorDetail = number | string | boolean | null | readonly (number | string)[];

export class PlacementError extends Error {
  override readonly name = "PlacementError";
  readonly code: PlacementErrorCode;
  readonly details: Readonly<Record<string, PlacementErrorDetail>>;
  readonly kafkaException: KafkaExceptionName | null;

  constructor(code: PlacementErrorCode, message: string, details: Record<string, PlacementErrorDetail> = {}, kafkaException: KafkaExceptionName | null = null) {
    super(message);
    this.code = code;
    this.details = details;
    this.kafkaException = kafkaException;
  }
}

export function isPlacementError(value: unknown): value is PlacementError {
  return value instanceof PlacementError;
}
