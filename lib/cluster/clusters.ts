/**
 * Which clusters Kafka Balance watches, from its configuration. Four forms, the first that is set wins:
 *
 * 1. A file named by `KAFKA_BALANCE_CLUSTERS_FILE` (JSON):
 *      { "clusters": [ { "name": "prod-eu", "label": "Production EU",
 *                        "bootstrapServers": "b1:9092,b2:9092",
 *                        "sasl": { "mechanism": "SCRAM-SHA-512", "username": "kb", "passwordEnv": "PROD_EU_PASSWORD" },
 *                        "tls": { "caFile": "/etc/kafka/ca.pem", "rejectUnauthorized": true },
 *                        "clientId": "kafka-balance", "requestTimeoutMs": 10000 } ] }
 *    A password is never written in the file: `passwordEnv` names an environment variable holding it,
 *    or `passwordFile` a file (a mounted secret).
 * 2. The environment alone (containers): `KAFKA_BALANCE_CLUSTERS=prod-eu,staging`, and per cluster
 *    `KAFKA_BALANCE_CLUSTER_<NAME>_BOOTSTRAP_SERVERS`, `_LABEL`, `_SASL_MECHANISM`, `_SASL_USERNAME`,
 *    `_SASL_PASSWORD` or `_SASL_PASSWORD_FILE`, `_SSL`, `_SSL_CA_FILE`, `_SSL_REJECT_UNAUTHORIZED`,
 *    `_CLIENT_ID`, `_REQUEST_TIMEOUT_MS` (<NAME>: the name upper-cased, `-` as `_`).
 * 3. `KAFKA_BOOTSTRAP_SERVERS` (with the `KAFKA_*` settings of connection.ts): one cluster, `default`.
 * 4. Nothing: the built-in demo cluster, `demo`.
 *
 * Every live cluster's settings are validated by the one validator, connectionFromEnv (each form is
 * mapped onto its `KAFKA_*` names). A cluster whose settings are wrong stays listed, with the problem,
 * so the app can say what to fix; the other clusters work. Nothing here returns or logs a secret.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { currentEnv, type Env } from "@/lib/config";
import { failure, success, type Result } from "@/lib/model/result";
import { bootstrapLabel, connectionFromEnv, redactSecrets, type ConnectionResult } from "./connection";

export const CLUSTERS_FILE_ENV = "KAFKA_BALANCE_CLUSTERS_FILE";
export const CLUSTERS_ENV = "KAFKA_BALANCE_CLUSTERS";
export const DEMO_CLUSTER = "demo";
export const DEFAULT_CLUSTER = "default";
export const MAX_CLUSTERS = 100;

/** Lower-case letters, digits and `-`, starting with a letter or digit: safe in URLs, env names and labels. */
export const CLUSTER_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const ClusterNameSchema = z.string().regex(CLUSTER_NAME, "a cluster name is 1–63 lower-case letters, digits and '-', starting with a letter or digit");

export interface ClusterEntry {
  name: string;
  /** What the app shows: the configured label, else the bootstrap servers (never credentials). */
  label: string;
  kind: "live" | "demo";
  /** For a live cluster: its connection, or what is wrong with its settings. */
  connection: ConnectionResult | null;
}

/** The clusters, or `kafka_config` saying what is wrong with the list itself (its message has no prefix: callers add theirs). */
export type ClustersResult = Result<ClusterEntry[]>;

const FileSchema = z.strictObject({
  clusters: z
    .array(
      z.strictObject({
        name: ClusterNameSchema,
        label: z.string().trim().min(1).max(100).optional(),
        bootstrapServers: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
        sasl: z
          .strictObject({
            mechanism: z.string(),
            username: z.string().min(1),
            passwordEnv: z
              .string()
              .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "passwordEnv is the name of an environment variable")
              .optional(),
            passwordFile: z.string().min(1).optional(),
          })
          .refine(
            (s) => (s.passwordEnv === undefined) !== (s.passwordFile === undefined),
            "give exactly one of passwordEnv and passwordFile (a password is never written in this file)",
          )
          .optional(),
        tls: z.strictObject({ enabled: z.boolean().optional(), caFile: z.string().min(1).optional(), rejectUnauthorized: z.boolean().optional() }).optional(),
        clientId: z.string().optional(),
        requestTimeoutMs: z.number().int().optional(),
      }),
    )
    .min(1, "list at least one cluster")
    .max(MAX_CLUSTERS, `at most ${MAX_CLUSTERS} clusters`)
    .refine((cs) => new Set(cs.map((c) => c.name)).size === cs.length, "each cluster name appears once"),
});

/** The env-variable spelling of a cluster name: `prod-eu` → `PROD_EU`. */
export function envNameOf(cluster: string): string {
  return cluster.toUpperCase().replace(/-/g, "_");
}

function readSecretFile(file: string, what: string): Result<string> {
  try {
    return success(readFileSync(file, "utf8").trim());
  } catch (error) {
    return failure("kafka_config", `${what} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}): ${file}`);
  }
}

function entry(name: string, label: string | undefined, kafkaEnv: Env): ClusterEntry {
  const connection = connectionFromEnv(kafkaEnv);
  const servers = kafkaEnv.KAFKA_BOOTSTRAP_SERVERS ?? "";
  const fallback = redactSecrets(bootstrapLabel(servers), kafkaEnv) || name;
  if (!connection.ok) return { name, label: label ?? fallback, kind: "live", connection: failure(connection.error.code, `cluster ${name}: ${connection.error.message}`) };
  return { name, label: label ?? bootstrapLabel(connection.value.bootstrapServers), kind: "live", connection };
}

function fromFile(file: string, env: Env): ClustersResult {
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch (error) {
    return failure("kafka_config", `${CLUSTERS_FILE_ENV} names a file that cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}): ${file}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return failure("kafka_config", `${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    return failure("kafka_config", `${file}: ${i.path.join(".") || "(top)"}: ${i.message}`);
  }
  const clusters = parsed.data.clusters.map((c): ClusterEntry => {
    let password: string | undefined;
    if (c.sasl?.passwordEnv) {
      password = env[c.sasl.passwordEnv];
      if (password === undefined || password === "") {
        return {
          name: c.name,
          label: c.label ?? c.name,
          kind: "live",
          connection: failure("kafka_config", `cluster ${c.name}: the environment variable ${c.sasl.passwordEnv} (its passwordEnv) is not set`),
        };
      }
    } else if (c.sasl?.passwordFile) {
      const read = readSecretFile(c.sasl.passwordFile, `cluster ${c.name}'s passwordFile`);
      if (!read.ok) return { name: c.name, label: c.label ?? c.name, kind: "live", connection: read };
      password = read.value;
    }
    const kafkaEnv: Env = {
      KAFKA_BOOTSTRAP_SERVERS: Array.isArray(c.bootstrapServers) ? c.bootstrapServers.join(",") : c.bootstrapServers,
      KAFKA_SASL_MECHANISM: c.sasl?.mechanism,
      KAFKA_SASL_USERNAME: c.sasl?.username,
      KAFKA_SASL_PASSWORD: password,
      KAFKA_SSL: c.tls ? String(c.tls.enabled ?? true) : undefined,
      KAFKA_SSL_CA_FILE: c.tls?.caFile,
      KAFKA_SSL_REJECT_UNAUTHORIZED: c.tls?.rejectUnauthorized === undefined ? undefined : String(c.tls.rejectUnauthorized),
      KAFKA_CLIENT_ID: c.clientId,
      KAFKA_REQUEST_TIMEOUT_MS: c.requestTimeoutMs === undefined ? undefined : String(c.requestTimeoutMs),
    };
    return entry(c.name, c.label, kafkaEnv);
  });
  return success(clusters);
}

const SUFFIXES = [
  "BOOTSTRAP_SERVERS",
  "SASL_MECHANISM",
  "SASL_USERNAME",
  "SASL_PASSWORD",
  "SSL",
  "SSL_CA_FILE",
  "SSL_REJECT_UNAUTHORIZED",
  "CLIENT_ID",
  "REQUEST_TIMEOUT_MS",
] as const;

function fromEnvList(list: string, env: Env): ClustersResult {
  const names = list
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n.length > 0);
  if (names.length === 0) return failure("kafka_config", `${CLUSTERS_ENV} is empty; list cluster names, e.g. prod-eu,staging`);
  if (names.length > MAX_CLUSTERS) return failure("kafka_config", `${CLUSTERS_ENV} lists ${names.length} clusters; at most ${MAX_CLUSTERS}`);
  const bad = names.find((n) => !CLUSTER_NAME.test(n));
  if (bad !== undefined)
    return failure("kafka_config", `${CLUSTERS_ENV}: "${bad.slice(0, 80)}" is not a cluster name (lower-case letters, digits and '-', starting with a letter or digit)`);
  if (new Set(names).size !== names.length) return failure("kafka_config", `${CLUSTERS_ENV} lists a cluster twice`);
  const clusters = names.map((name): ClusterEntry => {
    const prefix = `KAFKA_BALANCE_CLUSTER_${envNameOf(name)}_`;
    const kafkaEnv: Env = {};
    for (const s of SUFFIXES) kafkaEnv[`KAFKA_${s}`] = env[`${prefix}${s}`];
    const passwordFile = env[`${prefix}SASL_PASSWORD_FILE`];
    if (kafkaEnv.KAFKA_SASL_PASSWORD === undefined && passwordFile) {
      const read = readSecretFile(passwordFile, `${prefix}SASL_PASSWORD_FILE`);
      if (!read.ok) return { name, label: env[`${prefix}LABEL`] ?? name, kind: "live", connection: read };
      kafkaEnv.KAFKA_SASL_PASSWORD = read.value;
    }
    if (!kafkaEnv.KAFKA_BOOTSTRAP_SERVERS) {
      return {
        name,
        label: env[`${prefix}LABEL`] ?? name,
        kind: "live",
        connection: failure("kafka_config", `cluster ${name}: set ${prefix}BOOTSTRAP_SERVERS to host:port[,host:port...]`),
      };
    }
    return entry(name, env[`${prefix}LABEL`]?.trim() || undefined, kafkaEnv);
  });
  return success(clusters);
}

/** The configured clusters, in the configured order (see the header). */
export function clustersFromEnv(env: Env = currentEnv()): ClustersResult {
  const file = env[CLUSTERS_FILE_ENV]?.trim();
  if (file) return fromFile(file, env);
  const list = env[CLUSTERS_ENV];
  if (list !== undefined && list.trim() !== "") return fromEnvList(list, env);
  if (env.KAFKA_BOOTSTRAP_SERVERS && env.KAFKA_BOOTSTRAP_SERVERS.trim() !== "") return success([entry(DEFAULT_CLUSTER, undefined, env)]);
  return success([{ name: DEMO_CLUSTER, label: "Demo cluster", kind: "demo", connection: null }]);
}

/**
 * The cluster a request names (`?cluster=`), or the first configured one when it names none. An
 * unknown name is refused with the names there are (`unknown_cluster`); a broken configuration with
 * what is wrong (`kafka_config`, its message without a prefix). No other code.
 */
export function resolveCluster(name: string | null | undefined, env: Env = currentEnv()): Result<ClusterEntry> {
  const all = clustersFromEnv(env);
  if (!all.ok) return failure("kafka_config", redactSecrets(all.error.message, env));
  if (name === null || name === undefined || name === "") return success(all.value[0]!);
  const found = all.value.find((c) => c.name === name);
  if (!found) {
    const shown = name.length > 63 ? `${name.slice(0, 63)}…` : name;
    return failure("unknown_cluster", `There is no cluster "${shown}"; the clusters are ${all.value.map((c) => c.name).join(", ")}.`);
  }
  return success(found);
}

/** The clusters as the app lists them: name, label, kind, and what is wrong with one's settings. */
export function clusterList(env: Env = currentEnv()): { name: string; label: string; kind: "live" | "demo"; problem: string | null }[] {
  const all = clustersFromEnv(env);
  if (!all.ok) return [];
  return all.value.map((c) => ({ name: c.name, label: c.label, kind: c.kind, problem: c.connection && !c.connection.ok ? c.connection.error.message : null }));
}

/** A cluster as the page chrome shows it (no scan, nothing secret): the demo, or a live cluster's label. */
export function describeCluster(name: string | null | undefined, env: Env = currentEnv()): { kind: "demo" | "live"; label: string; name: string | null } {
  const resolved = resolveCluster(name, env);
  if (!resolved.ok) return { kind: "live", label: name ?? "", name: name ?? null };
  return { kind: resolved.value.kind, label: resolved.value.label, name: resolved.value.name };
}
