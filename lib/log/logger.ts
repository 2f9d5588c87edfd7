/**
 * The server's structured log: one JSON object per line on stdout (`time`, `level`, `msg`, then the
 * fields: `cluster`, `jobId`, `event` and what happened), for whatever reads a container's output.
 * `KAFKA_BALANCE_LOG=off` silences it; unset or `json` writes it, except while vitest runs the tests
 * (its `VITEST` variable), where the suite stays quiet unless a test captures the lines (`captureLog`).
 *
 * Invariants:
 * - Never a secret: a field whose name says token, password, secret, authorization or credentials is
 *   written as "[redacted]", and a text that holds a configured write token or SASL password has it
 *   replaced (the values are read from the environment at each line, never kept).
 * - One line per call, whatever the fields hold (JSON escapes newlines); a line is cut at 16 KiB of
 *   detail, so a huge answer never floods the log.
 * - Never throws: a field that cannot be written (a cycle, a BigInt) is written as its String().
 */
import { currentEnv, type Env } from "@/lib/config";

export const LOG_ENV = "KAFKA_BALANCE_LOG";

export type LogLevel = "info" | "warn" | "error";

/** What a line says besides its message; `event` names what happened (`job.request`, `job.take-over`). */
export interface LogFields {
  event: string;
  cluster?: string;
  jobId?: string | null;
  [field: string]: unknown;
}

type Sink = (line: string) => void;

const SECRET_KEY = /token|password|secret|authorization|credential/i;
/** 16 KiB: a string field longer than this is cut. */
const MAX_FIELD_CHARS = 16_384;
/** The environment's secrets, whose values never appear in a line. */
const SECRET_ENV = /(_WRITE_TOKEN|_WRITE_TOKENS|_SASL_PASSWORD|_PASSWORD|_DATABASE_URL)$/;

const sinkKey = Symbol.for("kafka-balance.log-sink");
const holder = globalThis as Record<symbol, Sink | undefined>;

/** Whether lines are written: `KAFKA_BALANCE_LOG` off, or unset while vitest runs, says no. */
export function logEnabled(env: Env = currentEnv()): boolean {
  const mode = env[LOG_ENV]?.trim().toLowerCase();
  if (mode === "off") return false;
  if (mode === "json") return true;
  return env.VITEST === undefined;
}

/** Every secret value configured now (tokens, passwords, a database URL's password), longest first. */
function secretsOf(env: Env): string[] {
  const out = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (!value || !SECRET_ENV.test(name)) continue;
    if (name.endsWith("_WRITE_TOKENS")) {
      for (const pair of value.split(/[,\n]/)) {
        const token = pair.slice(pair.indexOf("=") + 1).trim();
        if (token.length >= 4) out.add(token);
      }
    } else if (name.endsWith("_DATABASE_URL")) {
      const password = /^[a-z]+:\/\/[^:/@]*:([^@]+)@/i.exec(value)?.[1];
      if (password) out.add(password);
    } else if (value.trim().length >= 4) out.add(value.trim());
  }
  return [...out].sort((a, b) => b.length - a.length);
}

function clean(value: unknown, secrets: string[], depth = 0): unknown {
  if (typeof value === "string") {
    let s = value;
    for (const secret of secrets) if (s.includes(secret)) s = s.split(secret).join("[redacted]");
    return s.length > MAX_FIELD_CHARS ? `${s.slice(0, MAX_FIELD_CHARS)}… (${s.length} chars)` : s;
  }
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return String(value);
  if (value instanceof Error) return clean(value.message, secrets, depth);
  if (depth > 6) return "[deep]";
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => clean(v, secrets, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = SECRET_KEY.test(k) ? "[redacted]" : clean(v, secrets, depth + 1);
    return out;
  }
  return value === undefined ? null : String(value);
}

/** The line for a message and its fields (no newline), secrets taken out. */
export function logLine(level: LogLevel, msg: string, fields: LogFields, now: Date = new Date(), env: Env = currentEnv()): string {
  const secrets = secretsOf(env);
  const body = clean({ time: now.toISOString(), level, msg, ...fields }, secrets) as Record<string, unknown>;
  return JSON.stringify(body);
}

/** Writes one line, unless the log is off. Never throws. */
export function log(level: LogLevel, msg: string, fields: LogFields): void {
  try {
    const sink = holder[sinkKey];
    if (!sink && !logEnabled()) return;
    const line = logLine(level, msg, fields);
    if (sink) sink(line);
    else process.stdout.write(`${line}\n`);
  } catch {
    // The log is a witness, never a cause: a line that cannot be written is dropped.
  }
}

/**
 * Tests: every line written until `stop()` is kept (and not written to stdout), whatever
 * `KAFKA_BALANCE_LOG` says. Returns the lines, parsed, as they arrive.
 */
export function captureLog(): { lines: Record<string, unknown>[]; raw: string[]; stop: () => void } {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const previous = holder[sinkKey];
  holder[sinkKey] = (line) => {
    raw.push(line);
    lines.push(JSON.parse(line) as Record<string, unknown>);
  };
  return { lines, raw, stop: () => void (holder[sinkKey] = previous) };
}
