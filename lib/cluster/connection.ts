/**
 * How Kafka Balance reaches a live cluster, from the environment.
 *
 *   KAFKA_BOOTSTRAP_SERVERS       host:port[,host:port...]   (required for a live source)
 *   KAFKA_SASL_MECHANISM          PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512 (optional)
 *   KAFKA_SASL_USERNAME / KAFKA_SASL_PASSWORD   (required with a mechanism)
 *   KAFKA_SSL=true                TLS; KAFKA_SSL_CA_FILE (PEM), KAFKA_SSL_REJECT_UNAUTHORIZED (default true)
 *   KAFKA_CLIENT_ID               default kafka-balance
 *   KAFKA_REQUEST_TIMEOUT_MS      default 10000
 *
 * Invariant: the password (and anything a user may have put in a bootstrap address before `@`) never
 * leaves this module except inside the client options. Labels and error messages are built from
 * `bootstrapLabel()` and passed through `redactSecrets()`.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { currentEnv, type Env } from "@/lib/config";
import { failure, success, type Result } from "@/lib/model/result";

export const SASL_MECHANISMS = ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] as const;
export type SaslMechanism = (typeof SASL_MECHANISMS)[number];

export interface KafkaConnection {
  /** `host:port` entries, scheme and credentials stripped. */
  bootstrapServers: string[];
  clientId: string;
  requestTimeoutMs: number;
  sasl: { mechanism: SaslMechanism; username: string; password: string } | null;
  tls: { ca: string | null; rejectUnauthorized: boolean } | null;
}

/**
 * The connection, or why there is none: `no_live_cluster` when KAFKA_BOOTSTRAP_SERVERS is not set (the
 * demo, not a mistake), `kafka_config` for settings that are wrong.
 */
export type ConnectionResult = Result<KafkaConnection>;

const booleanText = (name: string) =>
  z.enum(["true", "false", "1", "0", "yes", "no"], { message: `${name} must be true or false` }).transform((v) => v === "true" || v === "1" || v === "yes");

const hostPort = /^[^\s:/,]+(?::\d{1,5})?$|^\[[0-9a-fA-F:]+\](?::\d{1,5})?$/;

const EnvSchema = z
  .object({
    KAFKA_BOOTSTRAP_SERVERS: z.string().trim().min(1, "KAFKA_BOOTSTRAP_SERVERS is empty; set it to host:port[,host:port...]"),
    KAFKA_SASL_MECHANISM: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(SASL_MECHANISMS, { message: `KAFKA_SASL_MECHANISM must be one of ${SASL_MECHANISMS.join(", ")}` }))
      .optional(),
    KAFKA_SASL_USERNAME: z.string().optional(),
    KAFKA_SASL_PASSWORD: z.string().optional(),
    KAFKA_SSL: booleanText("KAFKA_SSL").optional(),
    KAFKA_SSL_CA_FILE: z.string().trim().min(1).optional(),
    KAFKA_SSL_REJECT_UNAUTHORIZED: booleanText("KAFKA_SSL_REJECT_UNAUTHORIZED").optional(),
    KAFKA_CLIENT_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]+$/, "KAFKA_CLIENT_ID may hold letters, digits, '.', '_' and '-' only")
      .optional(),
    KAFKA_REQUEST_TIMEOUT_MS: z.coerce
      .number({ message: "KAFKA_REQUEST_TIMEOUT_MS must be a number of milliseconds" })
      .int("KAFKA_REQUEST_TIMEOUT_MS must be a whole number of milliseconds")
      .min(100, "KAFKA_REQUEST_TIMEOUT_MS must be at least 100")
      .max(600_000, "KAFKA_REQUEST_TIMEOUT_MS must be at most 600000")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.KAFKA_SASL_MECHANISM && (!env.KAFKA_SASL_USERNAME || !env.KAFKA_SASL_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["KAFKA_SASL_USERNAME"],
        message: `KAFKA_SASL_MECHANISM=${env.KAFKA_SASL_MECHANISM} needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD`,
      });
    }
    if (!env.KAFKA_SASL_MECHANISM && (env.KAFKA_SASL_USERNAME || env.KAFKA_SASL_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["KAFKA_SASL_MECHANISM"],
        message: `KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD are set but KAFKA_SASL_MECHANISM is not; set it to one of ${SASL_MECHANISMS.join(", ")}`,
      });
    }
  });

/** One bootstrap entry without scheme or credentials: `SASL_SSL://u:p@h:9092` → `h:9092`. */
function stripEntry(entry: string): string {
  return entry
    .trim()
    .replace(/^[A-Za-z][A-Za-z0-9+._-]*:\/\//, "")
    .replace(/^.*@/, "");
}

/** 9092: Kafka's default port, for an entry that names none. */
function withDefaultPort(entry: string): string {
  return /:\d+$/.test(entry) ? entry : `${entry}:9092`;
}

/** The bootstrap servers as a label safe to show and log: no schemes, no credentials. */
export function bootstrapLabel(bootstrapServers: string | string[]): string {
  const entries = Array.isArray(bootstrapServers) ? bootstrapServers : bootstrapServers.split(",");
  return entries
    .map(stripEntry)
    .filter((e) => e.length > 0)
    .join(",");
}

/** Every secret this connection holds, for `redactSecrets`. */
function secretsOf(env: Record<string, string | undefined>): string[] {
  // Every variable named like a password: KAFKA_SASL_PASSWORD, each KAFKA_BALANCE_CLUSTER_<NAME>_SASL_PASSWORD,
  // and whatever a clusters file names in passwordEnv (by convention ..._PASSWORD).
  const secrets = Object.entries(env)
    .filter(([k]) => /PASSWORD$/i.test(k))
    .map(([, v]) => v ?? "");
  for (const entry of (env.KAFKA_BOOTSTRAP_SERVERS ?? "").split(",")) {
    const at = entry.lastIndexOf("@");
    if (at > 0) secrets.push(entry.slice(0, at).replace(/^[A-Za-z][A-Za-z0-9+._-]*:\/\//, ""));
  }
  return secrets.filter((s) => s.length >= 1);
}

/** Replaces every secret of the current environment in a text (defence in depth for error messages). */
export function redactSecrets(text: string, env: Env = currentEnv()): string {
  let out = text;
  for (const secret of secretsOf(env)) out = out.split(secret).join("***");
  return out;
}

/** Reads and validates the connection from env. Missing `KAFKA_BOOTSTRAP_SERVERS` is not a mistake but the demo: `no_live_cluster`; wrong settings are `kafka_config`. */
export function connectionFromEnv(env: Env = currentEnv()): ConnectionResult {
  if (!env.KAFKA_BOOTSTRAP_SERVERS || env.KAFKA_BOOTSTRAP_SERVERS.trim() === "") {
    return failure("no_live_cluster", "KAFKA_BOOTSTRAP_SERVERS is not set; set it to host:port[,host:port...] to read a live cluster.");
  }
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const message = first.message.includes("KAFKA_") ? first.message : `${String(first.path[0] ?? "env")}: ${first.message}`;
    return failure("kafka_config", redactSecrets(message, env));
  }
  const e = parsed.data;
  const bootstrapServers = e.KAFKA_BOOTSTRAP_SERVERS.split(",")
    .map(stripEntry)
    .filter((s) => s.length > 0);
  const bad = bootstrapServers.find((s) => !hostPort.test(s));
  if (bootstrapServers.length === 0 || bad !== undefined) {
    return failure("kafka_config", `KAFKA_BOOTSTRAP_SERVERS has an entry that is not host:port ("${bad ?? ""}"); use host:port[,host:port...].`);
  }
  let ca: string | null = null;
  if (e.KAFKA_SSL_CA_FILE) {
    try {
      ca = readFileSync(e.KAFKA_SSL_CA_FILE, "utf8");
    } catch (error) {
      return failure("kafka_config", `KAFKA_SSL_CA_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}): ${e.KAFKA_SSL_CA_FILE}`);
    }
  }
  const tlsWanted = e.KAFKA_SSL ?? e.KAFKA_SSL_CA_FILE !== undefined;
  return success({
    bootstrapServers: bootstrapServers.map(withDefaultPort),
    clientId: e.KAFKA_CLIENT_ID ?? "kafka-balance",
    requestTimeoutMs: e.KAFKA_REQUEST_TIMEOUT_MS ?? 10_000,
    sasl: e.KAFKA_SASL_MECHANISM ? { mechanism: e.KAFKA_SASL_MECHANISM, username: e.KAFKA_SASL_USERNAME!, password: e.KAFKA_SASL_PASSWORD! } : null,
    tls: tlsWanted ? { ca, rejectUnauthorized: e.KAFKA_SSL_REJECT_UNAUTHORIZED ?? true } : null,
  });
}

/** The connection's label for snapshots and messages (the bootstrap servers, nothing secret). */
export function connectionLabel(connection: KafkaConnection): string {
  return bootstrapLabel(connection.bootstrapServers);
}
