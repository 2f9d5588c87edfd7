import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clustersFromEnv } from "@/lib/cluster/clusters";
import { connectionFromEnv } from "@/lib/cluster/connection";
import { DEFAULT_REFRESH_MS, refreshIntervalMs } from "@/lib/cluster/source";
import { DEFAULT_JOB_LEASE_MS, jobLeaseMsFromEnv, MIN_JOB_LEASE_MS } from "@/lib/cluster/writes/job-settings";
import { ClusterVariablesSchema, ConfigSchema, CLUSTER_ENV_PREFIX, currentEnv, documentedVariables, TOOLING_VARIABLES, validateConfig, type Env } from "@/lib/config";
import { bodyLimitFromEnv } from "@/lib/http/respond";
import { checkWriteAccess, writeGate } from "@/lib/http/write-access";
import { DEFAULT_METRICS_TIMEOUT_MS, metricsTimeoutMs } from "@/lib/metrics/scrape";
import { HISTORY_ENV, historySettingsFromEnv } from "@/lib/model/history-settings";
import { limitsFromEnv } from "@/lib/simulate/limits";
import * as linkLimits from "@/lib/links/limits";
import { storeConfig } from "@/lib/store";
import { DEFAULT_DB_PATH } from "@/lib/store/sqlite";
import { DEFAULT_WORK_TIMEOUT_MS, workQueueWaitMs, workTimeoutMs } from "@/lib/workers/pool";
import { configurationDoc } from "@/scripts/config-docs";
import { parseTrustedProxies } from "../../scripts/server/policy.mjs";
import { UPLOAD_DEFAULTS, UPLOAD_ENV, uploadLimits } from "../../scripts/server/uploads.mjs";

const root = path.resolve(__dirname, "..", "..");

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The paths validateConfig() names for env (none when it accepts it). */
function named(env: Env): string[] {
  const checked = validateConfig(env);
  return checked.ok ? [] : checked.error.issues.map((i) => i.path);
}

/** Whether validateConfig() finds the variable `name` of env usable. */
const accepts = (env: Env, name: string) => !named(env).includes(name);

describe("currentEnv()", () => {
  it("currentEnv() reads the environment at each call, so a variable set or deleted later is seen", () => {
    expect(currentEnv().KAFKA_BALANCE_CONFIG_TEST).toBeUndefined();
    vi.stubEnv("KAFKA_BALANCE_CONFIG_TEST", "1");
    expect(currentEnv().KAFKA_BALANCE_CONFIG_TEST).toBe("1");
    vi.unstubAllEnvs();
    expect(currentEnv().KAFKA_BALANCE_CONFIG_TEST).toBeUndefined();
  });

  it("the modules' env defaults are currentEnv() at call time (refreshIntervalMs(), workTimeoutMs(), linkLimits())", () => {
    vi.stubEnv("KAFKA_BALANCE_REFRESH_MS", "1234");
    vi.stubEnv("KAFKA_BALANCE_WORK_TIMEOUT_MS", "4321");
    vi.stubEnv("KAFKA_BALANCE_SNAPSHOT_LABEL_MAX_CHARS", "77");
    expect(refreshIntervalMs()).toBe(1234);
    expect(workTimeoutMs()).toBe(4321);
    expect(linkLimits.linkLimits().labelChars).toBe(77);
    vi.unstubAllEnvs();
    expect(refreshIntervalMs()).toBe(DEFAULT_REFRESH_MS);
  });
});

describe("validateConfig()", () => {
  it("validateConfig() accepts an empty environment, and gives the variables it reads as set", () => {
    expect(validateConfig({})).toEqual({ ok: true, value: {} });
    expect(validateConfig({ KAFKA_BOOTSTRAP_SERVERS: "k1:9092,k2", KAFKA_BALANCE_REFRESH_MS: "0", HOME: "/root" })).toEqual({
      ok: true,
      value: { KAFKA_BOOTSTRAP_SERVERS: "k1:9092,k2", KAFKA_BALANCE_REFRESH_MS: "0" },
    });
  });

  it("validateConfig() names every malformed variable at once, each with what to fix", () => {
    const checked = validateConfig({
      KAFKA_BOOTSTRAP_SERVERS: "k1:9092,bad host",
      KAFKA_SSL: "on",
      KAFKA_REQUEST_TIMEOUT_MS: "50",
      KAFKA_BALANCE_JOB_LEASE_MS: "2999",
      KAFKA_BALANCE_WORK_THREADS: "0.5",
      KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS: "-1",
      KAFKA_BALANCE_HISTORY_TOPICS_PER_BROKER: "1001",
      KAFKA_BALANCE_ALLOW_WRITES: "yes",
      PORT: "http",
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.code).toBe("invalid_config");
    expect(checked.error.issues).toEqual([
      { path: "KAFKA_BOOTSTRAP_SERVERS", message: 'has an entry that is not host:port ("bad host"); use host:port[,host:port...]' },
      { path: "KAFKA_SSL", message: 'must be true or false (1/0 and yes/no also work), got "on"' },
      { path: "KAFKA_REQUEST_TIMEOUT_MS", message: 'must be a whole number of ms from 100 to 600000 (got "50")' },
      { path: "KAFKA_BALANCE_ALLOW_WRITES", message: 'turns cluster writes on only when it is exactly true; "yes" leaves them off: set true or false' },
      { path: "KAFKA_BALANCE_JOB_LEASE_MS", message: 'must be a whole number of ms, at least 3000 (got "2999")' },
      { path: "KAFKA_BALANCE_HISTORY_TOPICS_PER_BROKER", message: 'must be a whole number of topics, from 0 to 1000 (got "1001")' },
      { path: "KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS", message: 'must be a whole number ≥ 0 (got "-1"); the default applies meanwhile' },
      { path: "KAFKA_BALANCE_WORK_THREADS", message: 'must be a number of threads, at least 1 (got "0.5"); the default applies meanwhile' },
      { path: "PORT", message: 'must be a port number from 0 to 65535 (got "http")' },
    ]);
    expect(checked.error.message).toBe('KAFKA_BOOTSTRAP_SERVERS: has an entry that is not host:port ("bad host"); use host:port[,host:port...] (and 8 more problems)');
  });

  it("validateConfig() checks what needs two variables: SASL's mechanism and credentials, the history's retention order and lease", () => {
    expect(validateConfig({ KAFKA_SASL_MECHANISM: "plain", KAFKA_SASL_USERNAME: "kb" })).toMatchObject({
      ok: false,
      error: { issues: [{ path: "KAFKA_SASL_USERNAME", message: "KAFKA_SASL_MECHANISM=plain needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD" }] },
    });
    expect(named({ KAFKA_SASL_PASSWORD: "p" })).toEqual(["KAFKA_SASL_MECHANISM"]);
    expect(validateConfig({ KAFKA_BALANCE_HISTORY_RAW_DAYS: "5", KAFKA_BALANCE_HISTORY_HOURLY_DAYS: "3" })).toMatchObject({
      ok: false,
      error: {
        issues: [{ path: "KAFKA_BALANCE_HISTORY_RAW_DAYS", message: "(5) must not exceed KAFKA_BALANCE_HISTORY_HOURLY_DAYS (3): hourly points start where every scan's end" }],
      },
    });
    expect(named({ KAFKA_BALANCE_COLLECT_INTERVAL_MS: "10000", KAFKA_BALANCE_COLLECT_LEASE_MS: "10000" })).toEqual(["KAFKA_BALANCE_COLLECT_LEASE_MS"]);
    // A variable wrong on its own is named once, not again for the rule that needs two.
    expect(named({ KAFKA_BALANCE_COLLECT_INTERVAL_MS: "soon", KAFKA_BALANCE_COLLECT_LEASE_MS: "500" })).toEqual(["KAFKA_BALANCE_COLLECT_INTERVAL_MS"]);
  });

  it("validateConfig() checks each listed cluster's own variables, by their full names", () => {
    const env = {
      KAFKA_BALANCE_CLUSTERS: "prod-eu,staging",
      KAFKA_BALANCE_CLUSTER_PROD_EU_BOOTSTRAP_SERVERS: "p:9092",
      KAFKA_BALANCE_CLUSTER_PROD_EU_SSL: "maybe",
      KAFKA_BALANCE_CLUSTER_PROD_EU_SASL_MECHANISM: "SCRAM-SHA-512",
      KAFKA_BALANCE_CLUSTER_PROD_EU_SASL_USERNAME: "kb",
      KAFKA_BALANCE_CLUSTER_PROD_EU_SASL_PASSWORD_FILE: "/run/secrets/kb",
    };
    expect(validateConfig(env)).toMatchObject({
      ok: false,
      error: {
        issues: [
          { path: "KAFKA_BALANCE_CLUSTER_PROD_EU_SSL", message: 'must be true or false (1/0 and yes/no also work), got "maybe"' },
          { path: "KAFKA_BALANCE_CLUSTER_STAGING_BOOTSTRAP_SERVERS", message: "is not set: cluster staging needs host:port[,host:port...]" },
        ],
      },
    });
    expect(named({ KAFKA_BALANCE_CLUSTERS: "Prod" })).toEqual(["KAFKA_BALANCE_CLUSTERS"]);
  });

  it("validateConfig() never shows a token, a password or a database URL's credentials", () => {
    const secrets = {
      KAFKA_BALANCE_WRITE_TOKEN: "short pw",
      KAFKA_BALANCE_WRITE_TOKENS: "ci=tiny,ops:nopair",
      KAFKA_BALANCE_DATABASE_URL: "mysql://kb:hunter22@db/kb",
      KAFKA_BOOTSTRAP_SERVERS: "SASL_SSL://kb:hunter33@bad host:9092",
    };
    const checked = validateConfig(secrets);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.issues.map((i) => i.path)).toEqual(["KAFKA_BOOTSTRAP_SERVERS", "KAFKA_BALANCE_WRITE_TOKEN", "KAFKA_BALANCE_WRITE_TOKENS", "KAFKA_BALANCE_DATABASE_URL"]);
    const text = JSON.stringify(checked.error);
    for (const secret of ["short pw", "tiny", "nopair", "hunter22", "hunter33"]) expect(text).not.toContain(secret);
    expect(checked.error.issues[3]!.message).toBe("must be a postgres:// or postgresql:// URL (got mysql://…); unset it to use the embedded SQLite store");
  });

  it("validateConfig() warns of a KAFKA_BALANCE_* name it does not read (a typo), but not of the tools' variables or a cluster's password", () => {
    const checked = validateConfig({ KAFKA_BALANCE_WORK_TIMEOUT: "5", KAFKA_BALANCE_TEST_PHASES: "/tmp/p", KAFKA_BALANCE_PROD_PASSWORD: "x", KAFKA_HEAP_OPTS: "-Xmx1g" });
    expect(checked).toEqual({
      ok: true,
      value: {},
      warnings: [{ path: "KAFKA_BALANCE_WORK_TIMEOUT", message: "is not a variable Kafka Balance reads (check its spelling against docs/configuration.md)" }],
    });
    // A cluster's variables are read only when KAFKA_BALANCE_CLUSTERS lists it.
    expect(validateConfig({ KAFKA_BALANCE_CLUSTER_OLD_BOOTSTRAP_SERVERS: "o:9092" })).toMatchObject({
      ok: true,
      warnings: [{ path: "KAFKA_BALANCE_CLUSTER_OLD_BOOTSTRAP_SERVERS" }],
    });
  });
});

/**
 * Each rule of the schema, held to the verdict of the module that reads the variable: validateConfig()
 * names a value exactly when that module refuses it or ignores it for its default.
 */
describe("validateConfig() agrees with the module that reads each variable", () => {
  const cases = (name: string, values: string[], moduleAccepts: (value: string) => boolean, base: Env = {}) => {
    for (const value of values) expect(accepts({ ...base, [name]: value }, name), `${name}=${JSON.stringify(value)}`).toBe(moduleAccepts(value));
  };

  it("the Kafka connection's variables, as connectionFromEnv() checks them", () => {
    const base = { KAFKA_BOOTSTRAP_SERVERS: "k:9092" };
    const connects = (env: Env) => connectionFromEnv({ ...base, ...env }).ok;
    cases("KAFKA_BOOTSTRAP_SERVERS", ["k:9092", "k", " a:1 , b:2 ", "SASL_SSL://u:p@k:9092", "[::1]:9092", "a:b:c", "k:9092,", ",", "a b", "k:123456", "h/x"], (v) =>
      connects({ KAFKA_BOOTSTRAP_SERVERS: v }),
    );
    cases("KAFKA_SSL", ["true", "false", "1", "0", "yes", "no", "", "TRUE", " true", "on"], (v) => connects({ KAFKA_SSL: v }));
    cases("KAFKA_SSL_REJECT_UNAUTHORIZED", ["true", "no", "", "maybe"], (v) => connects({ KAFKA_SSL_REJECT_UNAUTHORIZED: v }));
    cases("KAFKA_SSL_CA_FILE", ["", "  "], (v) => connects({ KAFKA_SSL_CA_FILE: v }));
    cases("KAFKA_CLIENT_ID", ["kafka-balance", " kb.1_x ", "", "a b", "ü"], (v) => connects({ KAFKA_CLIENT_ID: v }));
    cases("KAFKA_REQUEST_TIMEOUT_MS", ["100", "600000", "1e3", " 5000 ", "99", "600001", "1.5", "", "abc"], (v) => connects({ KAFKA_REQUEST_TIMEOUT_MS: v }));
    const sasl = { KAFKA_SASL_USERNAME: "u", KAFKA_SASL_PASSWORD: "p" };
    cases("KAFKA_SASL_MECHANISM", ["PLAIN", "scram-sha-256", " SCRAM-SHA-512 ", "", "GSSAPI"], (v) => connects({ ...sasl, KAFKA_SASL_MECHANISM: v }), sasl);
  });

  it("the cluster list and each cluster's variables, as clustersFromEnv() reads them", () => {
    cases("KAFKA_BALANCE_CLUSTERS", ["a", "a,b-2", " a , b ", "", " ", ",", "A", "a,a", "-a", Array.from({ length: 101 }, (_, i) => `c${i}`).join(",")], (v) => {
      const env: Env = { KAFKA_BALANCE_CLUSTERS: v };
      for (const n of v.split(",")) env[`${CLUSTER_ENV_PREFIX}${n.trim().toUpperCase()}_BOOTSTRAP_SERVERS`] = "k:9092";
      return clustersFromEnv(env).ok;
    });
    for (const [suffix, value] of [
      ["SSL", "maybe"],
      ["SSL", "yes"],
      ["REQUEST_TIMEOUT_MS", "5"],
      ["CLIENT_ID", "kb"],
      ["BOOTSTRAP_SERVERS", "x y"],
      ["SASL_MECHANISM", "PLAIN"],
    ] as const) {
      const env = { KAFKA_BALANCE_CLUSTERS: "east", KAFKA_BALANCE_CLUSTER_EAST_BOOTSTRAP_SERVERS: "e:9092", [`KAFKA_BALANCE_CLUSTER_EAST_${suffix}`]: value };
      const listed = clustersFromEnv(env);
      expect(listed.ok && listed.value[0]!.connection!.ok, `${suffix}=${value}`).toBe(validateConfig(env).ok);
    }
  });

  it("the history's variables, as historySettingsFromEnv() checks them", () => {
    // Whole verdicts: a retention may be refused for its order against another one (raw ≤ hourly ≤ daily).
    const agree = (name: string, values: string[]) => {
      for (const v of values) expect(validateConfig({ [name]: v }).ok, `${name}=${JSON.stringify(v)}`).toBe(historySettingsFromEnv({ [name]: v }).ok);
    };
    for (const name of [HISTORY_ENV.rawMs, HISTORY_ENV.hourlyMs, HISTORY_ENV.dailyMs]) agree(name, ["1", "0.5", " 2 ", "100", "1000", "", "0", "-1", "x", "Infinity"]);
    agree(HISTORY_ENV.collectIntervalMs, ["1000", "300000", "", "999", "1500.5", "1e4", "x"]);
    agree(HISTORY_ENV.collectLeaseMs, ["300", "30000", "", "299", "1.5", "x", "300000"]);
    agree(HISTORY_ENV.topicsPerBroker, ["0", "10", "1000", "", "1001", "-1", "2.5"]);
  });

  it("the apply job's lease, as jobLeaseMsFromEnv() checks it", () => {
    cases("KAFKA_BALANCE_JOB_LEASE_MS", ["3000", "15000", " 4000 ", "", "2999", "3000.5", "3e3", "x"], (v) => jobLeaseMsFromEnv({ KAFKA_BALANCE_JOB_LEASE_MS: v }).ok);
    expect(MIN_JOB_LEASE_MS).toBe(3000);
  });

  it("the write token, its label and the token list, as write-access.ts uses them", () => {
    cases(
      "KAFKA_BALANCE_WRITE_TOKEN",
      ["s3cret-token", " s3cret-token\n", "", "short", "has space", "ünicode-token"],
      (v) => v.trim() === "" || writeGate("links", { KAFKA_BALANCE_WRITE_TOKEN: v }).ok,
    );
    const token = "s3cret-token";
    cases("KAFKA_BALANCE_WRITE_TOKEN_LABEL", ["ci", " ops@team ", "", "has space", "x".repeat(65)], (v) => {
      const access = checkWriteAccess("links", `Bearer ${token}`, { KAFKA_BALANCE_WRITE_TOKEN: token, KAFKA_BALANCE_WRITE_TOKEN_LABEL: v });
      return v.trim() === "" || (access.ok && access.value.label === v.trim());
    });
    cases(
      "KAFKA_BALANCE_WRITE_TOKENS",
      ["ci=s3cret-token", " ci = s3cret-token ", "ci=short", "ci s3cret-token", "bad label=s3cret-token", "=s3cret-token"],
      (v) => writeGate("links", { KAFKA_BALANCE_WRITE_TOKENS: v }).ok,
    );
    expect(writeGate("cluster", { KAFKA_BALANCE_ALLOW_WRITES: "true", KAFKA_BALANCE_WRITE_TOKEN: token }).ok).toBe(true);
    for (const off of ["false", "", "TRUE", "1", "yes"]) expect(writeGate("cluster", { KAFKA_BALANCE_ALLOW_WRITES: off, KAFKA_BALANCE_WRITE_TOKEN: token }).ok, off).toBe(false);
  });

  it("the store's URL, as storeConfig() reads it", () => {
    cases("KAFKA_BALANCE_DATABASE_URL", ["postgres://kb@db/kb", " POSTGRESQL://db/kb ", "", "mysql://db", "db/kb"], (v) => {
      try {
        storeConfig({ KAFKA_BALANCE_DATABASE_URL: v });
        return true;
      } catch {
        return false;
      }
    });
  });

  it("the numbers read with a fallback, as their modules read them (a value that falls back is named)", () => {
    const odd = ["1", "2.5", " 7 ", "", " ", "0", "-3", "x", "1e3", "Infinity"];
    const sentinel = -1;
    cases("KAFKA_BALANCE_REFRESH_MS", [...odd, "0"], (v) => refreshIntervalMs({ KAFKA_BALANCE_REFRESH_MS: v }) !== DEFAULT_REFRESH_MS);
    cases("KAFKA_BALANCE_METRICS_TIMEOUT_MS", odd, (v) => v === "" || metricsTimeoutMs({ KAFKA_BALANCE_METRICS_TIMEOUT_MS: v }) !== DEFAULT_METRICS_TIMEOUT_MS);
    cases("KAFKA_BALANCE_WORK_TIMEOUT_MS", odd, (v) => v === "" || workTimeoutMs({ KAFKA_BALANCE_WORK_TIMEOUT_MS: v }) !== DEFAULT_WORK_TIMEOUT_MS);
    cases("KAFKA_BALANCE_WORK_QUEUE_WAIT_MS", odd, (v) => v === "" || workQueueWaitMs({ KAFKA_BALANCE_WORK_QUEUE_WAIT_MS: v }) !== DEFAULT_WORK_TIMEOUT_MS);
    cases("KAFKA_BALANCE_SIMULATE_MAX_REPLICAS", odd, (v) => v === "" || limitsFromEnv({ KAFKA_BALANCE_SIMULATE_MAX_REPLICAS: v }).maxReplicas !== 250_000);
    for (const name of ["KAFKA_BALANCE_IMPORT_LIMIT_BYTES", "KAFKA_BALANCE_PLAN_LIMIT_BYTES"]) {
      cases(name, odd, (v) => {
        vi.stubEnv(name, v);
        return v === "" || bodyLimitFromEnv(name, sentinel) !== sentinel;
      });
    }
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const [name, min] of [
      ["KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS", 0],
      ["KAFKA_BALANCE_SNAPSHOT_LINK_LIMIT_BYTES", 1],
    ] as const) {
      cases(name, [...odd, "007", "99999999999999999999"], (v) => v.trim() === "" || linkLimits.wholeNumberFromEnv(name, sentinel, min, { [name]: v }) !== sentinel);
    }
    cases(UPLOAD_ENV.perClientUploads, odd, (v) => v.trim() === "" || uploadLimits({ [UPLOAD_ENV.perClientUploads]: v }).perClientUploads !== UPLOAD_DEFAULTS.perClientUploads);
    expect(warn).toHaveBeenCalled();
  });

  it("the trusted proxies, as the server's parseTrustedProxies() reads them", () => {
    cases(
      "KAFKA_BALANCE_TRUSTED_PROXIES",
      ["10.0.0.0/8", "10.0.0.1, ::1", "::ffff:10.0.0.1", "fe80::/10", "", "nope", "10.0.0.0/33", "::1/129", "10.0.0.0/8/1", "10.0.0.0/x"],
      (v) => parseTrustedProxies(v).invalid.length === 0,
    );
  });
});

describe("the schema's documentation", () => {
  it("documentedVariables() gives each variable what it does, its default and its unit, and .describe() says the same", () => {
    const rows = documentedVariables();
    expect(rows.length).toBe(Object.keys(ConfigSchema.shape).length + Object.keys(ClusterVariablesSchema.shape).length);
    for (const { name, description, doc } of rows) {
      expect(doc.does.length, name).toBeGreaterThan(10);
      expect(doc.default.length, name).toBeGreaterThan(0);
      expect(doc.unit.length, name).toBeGreaterThan(0);
      expect(description, name).toBe(`${doc.does} Default: ${doc.default}. Unit: ${doc.unit}.`);
    }
  });

  it("the documented defaults are the ones the modules apply", () => {
    const defaults = new Map(documentedVariables().map((r) => [r.name, r.doc.default]));
    const expected: Record<string, number | string> = {
      KAFKA_BALANCE_REFRESH_MS: DEFAULT_REFRESH_MS,
      KAFKA_BALANCE_METRICS_TIMEOUT_MS: DEFAULT_METRICS_TIMEOUT_MS,
      KAFKA_BALANCE_WORK_TIMEOUT_MS: DEFAULT_WORK_TIMEOUT_MS,
      KAFKA_BALANCE_JOB_LEASE_MS: DEFAULT_JOB_LEASE_MS,
      KAFKA_BALANCE_DB: DEFAULT_DB_PATH,
      KAFKA_BALANCE_SNAPSHOT_LIMIT_BYTES: linkLimits.DEFAULT_SNAPSHOT_LIMIT_BYTES,
      KAFKA_BALANCE_SNAPSHOT_LINK_LIMIT_BYTES: linkLimits.DEFAULT_LINK_LIMIT_BYTES,
      KAFKA_BALANCE_SNAPSHOT_STORE_LIMIT_BYTES: linkLimits.DEFAULT_STORE_LIMIT_BYTES,
      KAFKA_BALANCE_SNAPSHOT_LABEL_MAX_CHARS: linkLimits.DEFAULT_LABEL_MAX_CHARS,
      KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS: linkLimits.DEFAULT_RETENTION_DAYS,
      KAFKA_BALANCE_SNAPSHOT_RATE_LINKS: linkLimits.DEFAULT_RATE_LINKS,
      KAFKA_BALANCE_SNAPSHOT_RATE_BYTES: linkLimits.DEFAULT_RATE_BYTES,
      KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_LINKS: linkLimits.DEFAULT_CLIENT_RATE_LINKS,
      KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_BYTES: linkLimits.DEFAULT_CLIENT_RATE_BYTES,
      [UPLOAD_ENV.idleSeconds]: UPLOAD_DEFAULTS.idleSeconds,
      [UPLOAD_ENV.deadlineSeconds]: UPLOAD_DEFAULTS.deadlineSeconds,
      [UPLOAD_ENV.perClientUploads]: UPLOAD_DEFAULTS.perClientUploads,
      [UPLOAD_ENV.perClientBytes]: UPLOAD_DEFAULTS.perClientBytes,
      [UPLOAD_ENV.totalBytes]: UPLOAD_DEFAULTS.totalBytes,
    };
    for (const [name, value] of Object.entries(expected)) expect(defaults.get(name)?.split(/[ ,]/)[0], name).toBe(String(value));
    expect(linkLimits.DEFAULT_SNAPSHOT_LIMIT_BYTES).toBe(50 * 2 ** 20);
  });

  it("docs/configuration.md is what scripts/config-docs.ts prints (run `npm run docs:config` after changing the schema)", () => {
    expect(fs.readFileSync(path.join(root, "docs", "configuration.md"), "utf8")).toBe(configurationDoc());
  });
});

/** Files (repository-relative) under `dir` whose names match. */
function filesUnder(dir: string, pattern: RegExp): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === "node_modules" ? [] : filesUnder(rel, pattern);
    return pattern.test(e.name) ? [rel] : [];
  });
}

describe("every variable the app reads is in the schema", () => {
  /** What the app, its server and its workers run; the schema's own files aside. */
  const SOURCES = [
    ...["lib", "app", "components"].flatMap((d) => filesUnder(d, /\.(ts|tsx|mts)$/)),
    "scripts/start.mjs",
    "scripts/server.mjs",
    ...filesUnder("scripts/server", /\.mjs$/),
    "instrumentation.ts",
  ].filter((f) => f !== "lib/config.ts" && !f.startsWith("lib/config/"));
  /** KAFKA_* words in the sources that name no environment variable. */
  const NOT_ENV: Record<string, string> = {
    KAFKA_STORAGE_ERROR: "Kafka's error name for an offline log dir",
    KAFKA_BALANCE_EOF: "the heredoc marker of the printed run commands (lib/view/plan/plan-run-steps.ts)",
  };
  const texts = SOURCES.map((f) => fs.readFileSync(path.join(root, f), "utf8"));
  const all = texts.join("\n");
  /** A word declared as a constant, type or import is code, not a variable's name. */
  const declared = (word: string) => new RegExp(`\\b(?:const|let|type|interface|function|class)\\s+${word}\\b`).test(all);
  const words = [...new Set(texts.flatMap((t) => [...t.matchAll(/\b(KAFKA_[A-Z0-9_]+)\b/g)].map((m) => m[1]!)))].filter((w) => !declared(w) && !(w in NOT_ENV));

  it("finds the variables (the scan is not vacuous)", () => {
    for (const known of ["KAFKA_BOOTSTRAP_SERVERS", "KAFKA_BALANCE_WRITE_TOKEN", "KAFKA_BALANCE_BENCH", "KAFKA_BALANCE_TRUSTED_PROXIES", CLUSTER_ENV_PREFIX])
      expect(words).toContain(known);
    for (const word of Object.keys(NOT_ENV)) expect(all, word).toContain(word);
  });

  it("each KAFKA_* name read in lib/, app/, components/ and the server's scripts is in the schema (a prefix as the per-cluster family)", () => {
    const names = new Set(Object.keys(ConfigSchema.shape));
    const missing = words.filter((w) => (w.endsWith("_") ? w !== CLUSTER_ENV_PREFIX : !names.has(w) && !(w in TOOLING_VARIABLES)));
    expect(missing, "add each to lib/config/kafka-variables.ts or lib/config/app-variables.ts, with its doc").toEqual([]);
  });

  it("each variable of the schema is read somewhere (none documented in vain)", () => {
    expect(Object.keys(ConfigSchema.shape).filter((name) => !new RegExp(`\\b${name}\\b`).test(all))).toEqual([]);
    // The per-cluster suffixes, as clusters.ts spells them: in its SUFFIXES list ("SSL") or after its prefix (`${prefix}LABEL`).
    const clusters = fs.readFileSync(path.join(root, "lib", "cluster", "clusters.ts"), "utf8");
    for (const suffix of Object.keys(ClusterVariablesSchema.shape)) expect(clusters, suffix).toMatch(new RegExp(`["}]${suffix}["\`]`));
  });
});

describe("lib/config.ts stays on the server", () => {
  /** The files `file` imports at run time (type-only imports are erased), resolved like the bundler. */
  function imports(file: string): string[] {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const specs = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm)].map(
      (m) => m[1] ?? m[2] ?? m[3]!,
    );
    return specs.flatMap((spec) => {
      const base = spec.startsWith("@/") ? spec.slice(2) : spec.startsWith(".") ? path.posix.join(path.posix.dirname(file), spec) : null;
      if (base === null) return [];
      const hit = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
        (c) => fs.existsSync(path.join(root, c)) && fs.statSync(path.join(root, c)).isFile(),
      );
      return hit ? [hit] : [];
    });
  }

  it("no client component imports it, directly or through another file", () => {
    const clients = ["app", "components", "lib"]
      .flatMap((d) => filesUnder(d, /\.(ts|tsx)$/))
      .filter((f) => /^\s*["']use client["']/m.test(fs.readFileSync(path.join(root, f), "utf8")));
    expect(clients.length).toBeGreaterThan(5);
    const reaching: string[] = [];
    for (const start of clients) {
      const seen = new Set([start]);
      const queue = [start];
      while (queue.length > 0) {
        const file = queue.shift()!;
        if (file === "lib/config.ts" || file.startsWith("lib/config/")) {
          reaching.push(start);
          break;
        }
        for (const next of imports(file)) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect(reaching).toEqual([]);
  });
});
