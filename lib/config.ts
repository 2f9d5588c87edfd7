/**
 * The process's configuration: every environment variable the app, its server (scripts/server.mjs) and
 * its worker threads read, in one schema that validates each value and documents it (docs/configuration.md
 * is printed from it by scripts/config-docs.ts). The variables are listed in lib/config/ (kafka-variables.ts,
 * app-variables.ts), each with its rule (lib/config/rules.ts) and its doc.
 *
 * Invariants:
 * - `currentEnv()` is the one reader of `process.env` in lib/, app/ and components/. It reads at each
 *   call, never caches: tests set and delete variables between calls, and each module reads its
 *   variables on use. Modules take it as a default parameter (`env: Env = currentEnv()`); the pure core
 *   never imports this file and takes env values as parameters.
 * - The modules that read a variable keep parsing it, with their own fallbacks and messages. The rules
 *   here restate theirs to say, at once and for every variable, what is wrong (`validateConfig`);
 *   tests/unit/config.test.ts holds each rule to the module's own verdict.
 * - Nothing here echoes a secret: a token, a password or a database URL is named, never shown.
 * - Server code only: a client component never imports this file.
 */
import { z } from "zod";
import { historySettingsFromEnv } from "@/lib/model/history-settings";
import { invalid, joinPath, success, type Issue, type Result } from "@/lib/model/result";
import { APP_VARIABLES } from "./config/app-variables";
import { CLUSTER_ENV_PREFIX, CLUSTER_VARIABLES, KAFKA_VARIABLES } from "./config/kafka-variables";
import { clusterList, clusterNames, SASL_MECHANISMS } from "./config/rules";
import { configDocs, type VariableDoc } from "./config/variable";

export { CLUSTER_ENV_PREFIX } from "./config/kafka-variables";
export { CONFIG_GROUPS, type ConfigGroup } from "./config/variable";

export type Env = Record<string, string | undefined>;

/** The process's environment as it is now (the live object: read at call time, never a copy kept from import). */
export function currentEnv(): Env {
  return process.env;
}

const variables = { ...KAFKA_VARIABLES, ...APP_VARIABLES };

/** Every variable of the process but the per-cluster ones, each validated on its own; what needs two of them is checked by validateConfig. */
export const ConfigSchema = z.strictObject(variables);

type ConfigValues = z.infer<typeof ConfigSchema>;

/** A cluster's own variables, by suffix (see CLUSTER_VARIABLES). */
export const ClusterVariablesSchema = z.strictObject(CLUSTER_VARIABLES);

/** A cluster's variable: `prod-eu`, `SSL` → `KAFKA_BALANCE_CLUSTER_PROD_EU_SSL` (clusters.ts spells it so). */
function clusterVariableName(cluster: string, suffix: string): string {
  return `${CLUSTER_ENV_PREFIX}${cluster.toUpperCase().replace(/-/g, "_")}_${suffix}`;
}

/** A problem of the Kafka settings that needs two of them: SASL's mechanism and its credentials go together (connection.ts). */
function saslProblems(get: (suffix: string) => string | undefined, name: (suffix: string) => string): Issue[] {
  const mechanism = get("SASL_MECHANISM");
  const user = get("SASL_USERNAME");
  const password = get("SASL_PASSWORD") || get("SASL_PASSWORD_FILE");
  if (mechanism && (!user || !password))
    return [{ path: name("SASL_USERNAME"), message: `${name("SASL_MECHANISM")}=${mechanism.slice(0, 20)} needs ${name("SASL_USERNAME")} and ${name("SASL_PASSWORD")}` }];
  if (!mechanism && (user || password))
    return [{ path: name("SASL_MECHANISM"), message: `is not set, but ${name("SASL_USERNAME")}/${name("SASL_PASSWORD")} are; set it to one of ${SASL_MECHANISMS.join(", ")}` }];
  return [];
}

/** Variables the development tools read (tests, benchmarks, builds), not the app: named so validateConfig does not call them typos. */
export const TOOLING_VARIABLES: Readonly<Record<string, string>> = {
  KAFKA_BALANCE_BUILD_TYPECHECKED: "`1` has `next build` skip its own type-check (next.config.js); the test build sets it, since `npm test` type-checks first",
  KAFKA_BALANCE_TEST_PHASES: "the folder `npm run test:timings` has the test processes record their phases in (scripts/test-timings/phases.ts)",
  KAFKA_BALANCE_TEST_FILE: "the test file a phase record is counted to, when vitest cannot tell (scripts/test-timings/phases.ts)",
  KAFKA_BALANCE_BENCH_IMPORT_BEFORE: "an older checkout's log-dirs.ts the import bench compares with",
};

/** Each documented variable: the fixed ones, then the per-cluster ones as `KAFKA_BALANCE_CLUSTER_<NAME>_<suffix>`. */
export function documentedVariables(): { name: string; description: string; doc: VariableDoc }[] {
  const rows = (entries: [string, z.ZodType][]) => entries.map(([name, schema]) => ({ name, description: schema.description ?? "", doc: configDocs.get(schema)! }));
  return [...rows(Object.entries(ConfigSchema.shape)), ...rows(Object.entries(ClusterVariablesSchema.shape).map(([suffix, s]) => [`${CLUSTER_ENV_PREFIX}<NAME>_${suffix}`, s]))];
}

function zodIssues(error: z.ZodError, name: (key: string) => string): Issue[] {
  return error.issues.map((i) => ({ path: name(joinPath(i.path)), message: i.message }));
}

/** Only the named keys of env (so the strict schemas see the variables they know, not the whole environment). */
function pick(env: Env, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) if (typeof env[k] === "string") out[k] = env[k];
  return out;
}

/**
 * Every malformed variable of `env`, each issue named by its variable with what to fix (code
 * `invalid_config`); or the variables Kafka Balance reads, as set, with a warning for each
 * `KAFKA_BALANCE_*` name it does not read (a typo applies nothing).
 */
export function validateConfig(env: Env = currentEnv()): Result<ConfigValues> {
  const names = Object.keys(ConfigSchema.shape);
  const known = pick(env, names);
  const parsed = ConfigSchema.safeParse(known);
  const issues: Issue[] = parsed.success ? [] : zodIssues(parsed.error, (k) => k);
  const kafkaName = (suffix: string) => `KAFKA_${suffix}`;
  issues.push(...saslProblems((s) => known[kafkaName(s)], kafkaName));
  // The history's cross-variable rules, in history-settings.ts's own words, unless its variable is already named.
  const history = historySettingsFromEnv(known);
  if (!history.ok) {
    const { message } = history.error;
    const named = /^KAFKA_BALANCE_[A-Z_]+/.exec(message)?.[0] ?? "";
    if (!issues.some((i) => i.path === named)) issues.push({ path: named, message: message.slice(named.length).trim() });
  }
  const listed = known.KAFKA_BALANCE_CLUSTERS !== undefined && clusterList(known.KAFKA_BALANCE_CLUSTERS) === null ? clusterNames(known.KAFKA_BALANCE_CLUSTERS) : [];
  const clusterKeys = new Set<string>();
  for (const cluster of listed) {
    const suffixes = Object.keys(ClusterVariablesSchema.shape);
    const name = (suffix: string) => clusterVariableName(cluster, suffix);
    for (const s of suffixes) clusterKeys.add(name(s));
    const values: Record<string, string> = {};
    for (const s of suffixes) if (typeof env[name(s)] === "string") values[s] = env[name(s)]!;
    const own = ClusterVariablesSchema.safeParse(values);
    if (!own.success) issues.push(...zodIssues(own.error, name));
    if (!values.BOOTSTRAP_SERVERS) issues.push({ path: name("BOOTSTRAP_SERVERS"), message: `is not set: cluster ${cluster} needs host:port[,host:port...]` });
    issues.push(...saslProblems((s) => values[s], name));
  }
  if (!parsed.success || issues.length > 0) return invalid(issues, "invalid_config");
  const unknown = Object.keys(env).filter((k) => k.startsWith("KAFKA_BALANCE_") && !(k in variables) && !clusterKeys.has(k) && !(k in TOOLING_VARIABLES) && !/PASSWORD$/.test(k));
  const warnings = unknown.sort().map((k) => ({ path: k, message: "is not a variable Kafka Balance reads (check its spelling against docs/configuration.md)" }));
  return success(parsed.data, warnings.length > 0 ? warnings : undefined);
}
