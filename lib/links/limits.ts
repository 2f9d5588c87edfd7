/**
 * Limits of shared records: request size, what one link may store, what the whole store may hold,
 * how long links live and how fast new ones may arrive. Every limit is read from its env variable
 * on each use (so an operator's change applies on restart and tests can set it), with a default.
 *
 * An env value that is not a whole number ≥ 0 (≥ 1 where 0 has no meaning) is ignored: the default
 * applies and the server log says so once per variable and value, naming the variable.
 */
import { currentEnv, type Env } from "@/lib/config";
import { bodyLimitFromEnv } from "@/lib/http/respond";

export const SNAPSHOT_LIMIT_ENV = "KAFKA_BALANCE_SNAPSHOT_LIMIT_BYTES";
/** 50 MB: a snapshot of ~300,000 replicas, far beyond the clusters people share by link. */
export const DEFAULT_SNAPSHOT_LIMIT_BYTES = 50 * 1024 * 1024;

export function snapshotLimitBytes(): number {
  return bodyLimitFromEnv(SNAPSHOT_LIMIT_ENV, DEFAULT_SNAPSHOT_LIMIT_BYTES);
}

/** Listing pages: 100 by default, at most 1,000 per request. */
export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;

export const LINK_LIMIT_ENV = "KAFKA_BALANCE_SNAPSHOT_LINK_LIMIT_BYTES";
/** 16 MiB stored (compressed payload + listing summary): a 50 MB snapshot compresses to a few MB. */
export const DEFAULT_LINK_LIMIT_BYTES = 16 * 1024 * 1024;

export const STORE_LIMIT_ENV = "KAFKA_BALANCE_SNAPSHOT_STORE_LIMIT_BYTES";
/** 1 GiB: the sum of every link's stored bytes; room for thousands of typical links. */
export const DEFAULT_STORE_LIMIT_BYTES = 1024 * 1024 * 1024;

export const LABEL_LIMIT_ENV = "KAFKA_BALANCE_SNAPSHOT_LABEL_MAX_CHARS";
/** 200 characters: a bootstrap list of a few hosts or an import's file name; longer labels are trimmed. */
export const DEFAULT_LABEL_MAX_CHARS = 200;

export const RETENTION_ENV = "KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS";
/** 90 days from a link's creation; 0 keeps links until someone deletes them. */
export const DEFAULT_RETENTION_DAYS = 90;

export const RATE_LINKS_ENV = "KAFKA_BALANCE_SNAPSHOT_RATE_LINKS";
/** 60 new links per minute, all clients together; 0 turns this limit off. */
export const DEFAULT_RATE_LINKS = 60;

export const RATE_BYTES_ENV = "KAFKA_BALANCE_SNAPSHOT_RATE_BYTES";
/** 64 MiB of stored bytes per minute, all clients together: a burst fills at most 1/16 of the default store. 0 turns it off. */
export const DEFAULT_RATE_BYTES = 64 * 1024 * 1024;

export const CLIENT_RATE_LINKS_ENV = "KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_LINKS";
/**
 * 20 new links per minute from one client (lib/http/client.ts): one client cannot spend the whole
 * store's rate and lock everyone else out. 0 turns it off; unset, it is off when the rate of all
 * clients is (KAFKA_BALANCE_SNAPSHOT_RATE_LINKS=0).
 */
export const DEFAULT_CLIENT_RATE_LINKS = 20;

export const CLIENT_RATE_BYTES_ENV = "KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_BYTES";
/** 32 MiB of stored bytes per minute from one client: half of all clients' rate. 0 turns it off; unset, off with the all-clients rate. */
export const DEFAULT_CLIENT_RATE_BYTES = 32 * 1024 * 1024;

export const CLIENT_STORE_ENV = "KAFKA_BALANCE_SNAPSHOT_CLIENT_STORE_BYTES";
/** By default a quarter of the store (KAFKA_BALANCE_SNAPSHOT_STORE_LIMIT_BYTES): one client cannot fill it alone. */
export const CLIENT_STORE_SHARE = 4;

/** The window of the rate limits. */
export const RATE_WINDOW_MS = 60_000;

/** Expired links deleted per write at most, so one share never does unbounded cleanup. */
export const EXPIRE_BATCH = 100;

export interface LinkLimits {
  linkBytes: number;
  storeBytes: number;
  labelChars: number;
  /** 0: links never expire. */
  retentionDays: number;
  /** 0: no limit. */
  rateLinks: number;
  /** 0: no limit. */
  rateBytes: number;
  /** The same per client; 0: no limit. */
  clientRateLinks: number;
  clientRateBytes: number;
  /** The stored bytes one client's links may hold together. */
  clientStoreBytes: number;
}

const warned = new Set<string>();

/** A whole number from env: `min` 0 lets the operator turn a limit off, 1 does not. */
export function wholeNumberFromEnv(name: string, fallback: number, min: 0 | 1, env: Env = currentEnv()): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (/^\d+$/.test(raw) && Number.isSafeInteger(value) && value >= min) return value;
  const key = `${name}=${raw}`;
  if (!warned.has(key)) {
    warned.add(key);
    console.warn(`Kafka Balance: ${name}=${JSON.stringify(raw.slice(0, 40))} is not a whole number ≥ ${min}; using the default ${fallback}.`);
  }
  return fallback;
}

export function linkLimits(env: Env = currentEnv()): LinkLimits {
  const storeBytes = wholeNumberFromEnv(STORE_LIMIT_ENV, DEFAULT_STORE_LIMIT_BYTES, 1, env);
  const rateLinks = wholeNumberFromEnv(RATE_LINKS_ENV, DEFAULT_RATE_LINKS, 0, env);
  const rateBytes = wholeNumberFromEnv(RATE_BYTES_ENV, DEFAULT_RATE_BYTES, 0, env);
  return {
    linkBytes: wholeNumberFromEnv(LINK_LIMIT_ENV, DEFAULT_LINK_LIMIT_BYTES, 1, env),
    storeBytes,
    labelChars: wholeNumberFromEnv(LABEL_LIMIT_ENV, DEFAULT_LABEL_MAX_CHARS, 1, env),
    retentionDays: wholeNumberFromEnv(RETENTION_ENV, DEFAULT_RETENTION_DAYS, 0, env),
    rateLinks,
    rateBytes,
    clientRateLinks: wholeNumberFromEnv(CLIENT_RATE_LINKS_ENV, rateLinks === 0 ? 0 : DEFAULT_CLIENT_RATE_LINKS, 0, env),
    clientRateBytes: wholeNumberFromEnv(CLIENT_RATE_BYTES_ENV, rateBytes === 0 ? 0 : DEFAULT_CLIENT_RATE_BYTES, 0, env),
    clientStoreBytes: wholeNumberFromEnv(CLIENT_STORE_ENV, Math.max(1, Math.floor(storeBytes / CLIENT_STORE_SHARE)), 1, env),
  };
}

/** Links created before this instant have expired; null when links never expire. */
export function expiryCutoff(limits: Pick<LinkLimits, "retentionDays">, now: Date): string | null {
  return limits.retentionDays > 0 ? new Date(now.getTime() - limits.retentionDays * 86_400_000).toISOString() : null;
}
