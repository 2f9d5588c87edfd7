/**
 * The rules of lib/config.ts: each says, for one variable's raw value, what is wrong with it (what to
 * fix), or null when the module that reads the variable can use it. Each restates the rule of the
 * module named beside it (tests/unit/config.test.ts holds the two to the same verdict). Blank is unset
 * unless a rule says otherwise; no rule echoes a secret.
 */
import net from "node:net";

/** A value's problem in words (what to fix), or null when the value is usable. */
export type Rule = (raw: string) => string | null;

const shown = (raw: string) => JSON.stringify(raw.trim().slice(0, 40));

/** Free text (a name, a user, a secret): every value is usable. */
export const anything: Rule = () => null;
/** A file or folder path: existence is the reading module's to check, when it reads it. */
export const filePath: Rule = () => null;
/** connection.ts: `host:port` entries after a `scheme://` and `user:pass@` are stripped (never shown). */
const HOST_PORT = /^[^\s:/,]+(?::\d{1,5})?$|^\[[0-9a-fA-F:]+\](?::\d{1,5})?$/;
export const hostPorts: Rule = (raw) => {
  if (raw.trim() === "") return null;
  const entries = raw
    .split(",")
    .map((e) =>
      e
        .trim()
        .replace(/^[A-Za-z][A-Za-z0-9+._-]*:\/\//, "")
        .replace(/^.*@/, ""),
    )
    .filter((e) => e.length > 0);
  const bad = entries.find((e) => !HOST_PORT.test(e));
  if (entries.length === 0 || bad !== undefined) return `has an entry that is not host:port (${JSON.stringify(bad ?? "")}); use host:port[,host:port...]`;
  return null;
};
/** connection.ts: set but empty is an error for every KAFKA_* setting but the bootstrap list. */
export const SASL_MECHANISMS = ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"];
export const saslMechanism: Rule = (raw) =>
  SASL_MECHANISMS.includes(raw.trim().toUpperCase()) ? null : `must be one of ${SASL_MECHANISMS.join(", ")} (got ${shown(raw)}); unset it for no SASL`;
export const booleanText: Rule = (raw) => (["true", "false", "1", "0", "yes", "no"].includes(raw) ? null : `must be true or false (1/0 and yes/no also work), got ${shown(raw)}`);
export const pemFile: Rule = (raw) => (raw.trim() === "" ? "is empty: name a PEM file, or unset it" : null);
export const clientId: Rule = (raw) => (/^[A-Za-z0-9._-]+$/.test(raw.trim()) ? null : `may hold letters, digits, '.', '_' and '-' only (got ${shown(raw)})`);
export const requestTimeout: Rule = (raw) => {
  const ms = Number(raw);
  return Number.isInteger(ms) && ms >= 100 && ms <= 600_000 ? null : `must be a whole number of ms from 100 to 600000 (got ${shown(raw)})`;
};
/** clusters.ts: names of 1–63 lower-case letters, digits and '-', at most 100, each once. */
const CLUSTER_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const clusterNames = (raw: string) =>
  raw
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n.length > 0);
export const clusterList: Rule = (raw) => {
  if (raw.trim() === "") return null;
  const names = clusterNames(raw);
  if (names.length === 0) return "lists no cluster; list names, e.g. prod-eu,staging";
  if (names.length > 100) return `lists ${names.length} clusters; at most 100`;
  const bad = names.find((n) => !CLUSTER_NAME.test(n));
  if (bad !== undefined) return `${JSON.stringify(bad.slice(0, 80))} is not a cluster name (lower-case letters, digits and '-', starting with a letter or digit)`;
  return new Set(names).size === names.length ? null : "lists a cluster twice";
};
/** write-access.ts: writes are on only for exactly "true". */
export const allowWrites: Rule = (raw) =>
  ["", "true", "false"].includes(raw) ? null : `turns cluster writes on only when it is exactly true; ${shown(raw)} leaves them off: set true or false`;
const TOKEN_SHAPE = /^[\x21-\x7e]{8,}$/;
const LABEL_SHAPE = /^[A-Za-z0-9._@-]{1,64}$/;
const TOKEN_RULE = "8 or more printable ASCII characters, no spaces";
export const writeToken: Rule = (raw) => (raw.trim() === "" || TOKEN_SHAPE.test(raw.trim()) ? null : `is not a usable token (it needs ${TOKEN_RULE}), so it lets nobody in`);
export const tokenLabel: Rule = (raw) =>
  raw.trim() === "" || LABEL_SHAPE.test(raw.trim()) ? null : `must be 1–64 letters, digits, '.', '_', '@' or '-' (got ${shown(raw)}); "operator" is used instead`;
export const writeTokens: Rule = (raw) => {
  const problems = raw.split(/[,\n]/).flatMap((pair, i) => {
    if (pair.trim() === "") return [];
    const at = pair.indexOf("=");
    if (at < 0) return [`entry ${i + 1} is not label=token`];
    if (!LABEL_SHAPE.test(pair.slice(0, at).trim())) return [`entry ${i + 1}'s label must be 1–64 letters, digits, '.', '_', '@' or '-'`];
    return TOKEN_SHAPE.test(pair.slice(at + 1).trim()) ? [] : [`entry ${i + 1}'s token needs ${TOKEN_RULE}`];
  });
  return problems.length > 0 ? `${problems.join("; ")} (an entry like that lets nobody in)` : null;
};
/** postgres.ts: only the scheme is ever shown (the rest may hold a password). */
export const databaseUrl: Rule = (raw) => {
  const url = raw.trim();
  if (url === "" || /^postgres(ql)?:\/\//i.test(url)) return null;
  const scheme = /^([a-z][a-z0-9+.-]{0,19}):/i.exec(url)?.[1];
  return `must be a postgres:// or postgresql:// URL (${scheme ? `got ${scheme}://…` : "got no URL scheme"}); unset it to use the embedded SQLite store`;
};
/** history-settings.ts, one variable at a time (validateConfig checks the rules between them in its own words). */
export const days: Rule = (raw) => {
  const value = Number(raw.trim());
  return raw.trim() === "" || (Number.isFinite(value) && value > 0) ? null : `must be a number of days above 0 (fractions allowed), got ${shown(raw)}`;
};
export const wholeAtLeast =
  (min: number, unit: string, max = Number.MAX_SAFE_INTEGER): Rule =>
  (raw) => {
    const value = Number(raw.trim());
    if (raw.trim() === "" || (Number.isInteger(value) && value >= min && value <= max)) return null;
    return `must be a whole number of ${unit}, ${max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`} (got ${shown(raw)})`;
  };
/** source.ts: any number ≥ 0; blank counts as 0 (no caching), as Number("") is. */
export const refreshMs: Rule = (raw) =>
  Number.isFinite(Number(raw)) && Number(raw) >= 0 ? null : `must be a number of ms, 0 or more (got ${shown(raw)}); the default applies meanwhile`;
/** respond.ts bodyLimitFromEnv, pool.ts, scrape.ts, simulate/limits.ts: a number above 0; blank is unset. */
export const above0 =
  (unit: string): Rule =>
  (raw) =>
    raw === "" || (Number.isFinite(Number(raw)) && Number(raw) > 0) ? null : `must be a number of ${unit} above 0 (got ${shown(raw)}); the default applies meanwhile`;
/** pool.ts: the thread count is rounded down, so it must be at least 1. */
export const threads: Rule = (raw) =>
  raw === "" || (Number.isFinite(Number(raw)) && Number(raw) >= 1) ? null : `must be a number of threads, at least 1 (got ${shown(raw)}); the default applies meanwhile`;
/** snapshots/limits.ts and scripts/server/env.mjs: digits only, a safe integer ≥ min; blank is unset. */
export const digits =
  (min: 0 | 1): Rule =>
  (raw) => {
    const t = raw.trim();
    return t === "" || (/^\d+$/.test(t) && Number.isSafeInteger(Number(t)) && Number(t) >= min)
      ? null
      : `must be a whole number ≥ ${min} (got ${shown(raw)}); the default applies meanwhile`;
  };
export const port: Rule = (raw) => (/^\d{1,5}$/.test(raw.trim()) && Number(raw) <= 65535 ? null : `must be a port number from 0 to 65535 (got ${shown(raw)})`);
/** scripts/server/policy.mjs parseTrustedProxies: addresses or CIDRs, comma- or space-separated. */
export const proxies: Rule = (raw) => {
  const bad = raw
    .split(/[\s,]+/)
    .filter(Boolean)
    .filter((entry) => {
      const [addr, prefix, extra] = entry.split("/");
      const a = String(addr ?? "").trim();
      const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a)?.[1] ?? a.toLowerCase();
      const family = net.isIP(address);
      const max = family === 6 ? 128 : 32;
      return !family || extra !== undefined || !/^\d+$/.test(prefix ?? String(max)) || Number(prefix ?? max) > max;
    });
  return bad.length === 0
    ? null
    : `${bad.map((b) => JSON.stringify(b.slice(0, 60))).join(", ")} ${bad.length === 1 ? "is" : "are"} not an address or CIDR (the server ignores ${bad.length === 1 ? "it" : "them"})`;
};
/** lib/log/logger.ts: `json` or `off` (any case, trimmed); blank is unset. */
export const logMode: Rule = (raw) => (["", "json", "off"].includes(raw.trim().toLowerCase()) ? null : `must be json or off (got ${shown(raw)})`);
export const bench: Rule = (raw) => (["", "0", "1"].includes(raw) ? null : `turns the bench page on only when it is 1 (got ${shown(raw)})`);
