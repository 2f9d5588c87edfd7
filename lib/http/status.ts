/**
 * The one map from an error code to an HTTP status. The core and the adapters say what went wrong
 * (`Failure.code`, lib/model/result.ts); only the edge decides how HTTP says it. A code missing here
 * answers 500, and tests/unit/http/status.test.ts fails for any code the sources produce but this
 * table lacks.
 */
export const STATUS_BY_CODE = {
  // Input a client can fix.
  bad_request: 400,
  invalid_import: 400,
  invalid_id: 400,
  shared_unavailable: 400,
  bad_topic_partition: 400,
  no_imported_snapshot: 400,
  // Kafka's tool refuses the reassignment JSON (lib/model/reassignment-json.ts).
  invalid_json: 400,
  unsupported_version: 400,
  invalid_field: 400,
  log_dirs_length: 400,
  empty_reassignment: 400,
  empty_replica_list: 400,
  duplicate_partitions: 400,
  duplicate_replicas: 400,
  unauthorized: 401,
  writes_disabled: 403,
  write_token_not_configured: 403,
  not_found: 404,
  job_not_found: 404,
  unknown_cluster: 404,
  wrong_kind: 409,
  no_live_cluster: 409,
  // A forecast base on a cluster whose history is empty (or too short for any dir's forecast).
  no_history: 409,
  apply_in_progress: 409,
  job_finished: 409,
  expired: 410,
  payload_too_large: 413,
  scenario_too_large: 413,
  link_too_large: 413,
  // The store will not empty by waiting: an operator must act, so not a 5xx.
  store_full: 413,
  // One client's links fill its share of the store (lib/links/quota.ts).
  client_store_full: 413,
  disk_full: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  // The server or what it depends on.
  internal: 500,
  base_not_loaded: 500,
  record_unreadable: 500,
  kafka_config: 500,
  // An environment variable the server cannot use (lib/config.ts validateConfig): the operator fixes it.
  invalid_config: 500,
  kafka_unreachable: 502,
  kafka_error: 502,
  busy: 503,
  work_timed_out: 503,
  store_unavailable: 503,
  store_busy: 503,
  store_read_only: 503,
  kafka_timeout: 504,
} as const satisfies Record<string, number>;

export type KnownErrorCode = keyof typeof STATUS_BY_CODE;

export function statusFor(code: string): number {
  return Object.hasOwn(STATUS_BY_CODE, code) ? STATUS_BY_CODE[code as KnownErrorCode] : 500;
}
