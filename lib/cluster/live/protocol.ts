/**
 * Thin helpers over @platformatic/kafka's protocol layer, so the reader sees Kafka's answers whole.
 *
 * Why not the high-level `Admin` methods: `describeLogDirs()` fails for every broker when one does not
 * answer and drops each dir's error code (an offline dir must show as offline), and there is no
 * `listPartitionReassignments()`. The client still owns connections (SASL, TLS, timeouts): we borrow
 * them from `admin.connections` and send versioned requests on them.
 */
import { Admin, protocolErrors, protocolErrorsCodesById, type Connection } from "@platformatic/kafka";

/** One row of an ApiVersions answer. */
export interface ApiRange {
  apiKey: number;
  minVersion: number;
  maxVersion: number;
}
import type { KafkaConnection } from "../connection";

export function createAdmin(connection: KafkaConnection): Admin {
  return new Admin({
    clientId: connection.clientId,
    bootstrapBrokers: connection.bootstrapServers,
    connectTimeout: connection.requestTimeoutMs,
    requestTimeout: connection.requestTimeoutMs,
    timeout: connection.requestTimeoutMs,
    // A scan is retried by the next refresh, not inside one: a dead broker must not multiply the wait.
    retries: 0,
    ...(connection.sasl ? { sasl: { mechanism: connection.sasl.mechanism, username: connection.sasl.username, password: connection.sasl.password } } : {}),
    ...(connection.tls ? { tls: { ...(connection.tls.ca ? { ca: connection.tls.ca } : {}), rejectUnauthorized: connection.tls.rejectUnauthorized } } : {}),
  });
}

/** `KAFKA_STORAGE_ERROR: Disk error when trying to access log file on the disk.` for code 56. */
export function errorText(code: number, serverMessage?: string | null): string {
  const id = protocolErrorsCodesById[code];
  const definition = id ? protocolErrors[id] : undefined;
  const name = definition?.id ?? `error code ${code}`;
  const text = serverMessage ?? definition?.message ?? "";
  return text ? `${name}: ${text}` : name;
}

/**
 * The client throws a ResponseError when any part of an answer carries an error code, with the whole
 * parsed answer attached. Per-item errors (one dir, one topic) are data for us, so take the answer.
 */
export async function answerOf<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    const response = (error as { response?: unknown }).response;
    if (response && typeof response === "object" && (error as { code?: string }).code === "PLT_KFK_RESPONSE") return response as T;
    throw error;
  }
}

/** A request that did not answer in time: `kafka_timeout`, as the cluster source reports it (source.ts). */
export class ScanTimeoutError extends Error {
  readonly code = "kafka_timeout";
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${ms} ms`);
  }
}

/** Rejects after `ms`; the underlying request is left to its own timeout. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ScanTimeoutError(what, ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface VersionedApi {
  key: number;
  version: number;
}

/**
 * The highest implementation both sides speak: `implemented` lists the client's versions of one API
 * (e.g. DescribeLogDirs v2, v3, v4); the broker's ApiVersions answer gives its range.
 */
export function pickVersion<A extends VersionedApi>(brokerApis: ApiRange[], implemented: A[]): A | null {
  const first = implemented[0];
  if (!first) return null;
  const range = brokerApis.find((a) => a.apiKey === first.key);
  if (!range) return null;
  let best: A | null = null;
  for (const api of implemented) {
    if (api.version >= range.minVersion && api.version <= range.maxVersion && (best === null || api.version > best.version)) best = api;
  }
  return best;
}

export function connectTo(admin: Admin, host: string, port: number): Promise<Connection> {
  return admin.connections.get({ host, port });
}

/** A message for a failed call, with the client's nested causes flattened into one line. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const parts = [error.message];
  const nested = (error as { errors?: unknown[] }).errors;
  if (Array.isArray(nested)) for (const e of nested.slice(0, 3)) parts.push(describeFailure(e));
  const cause = (error as { cause?: unknown }).cause;
  if (cause) parts.push(describeFailure(cause));
  return [...new Set(parts.filter((p) => p && p.length > 0))].join(" — ");
}
