/**
 * Kafka's software version is not in any admin answer, so it is inferred from the ApiVersions ranges.
 *
 * - Major: Kafka 4.0 dropped the oldest protocol versions (KIP-896); Fetch starts at v4 from 4.0 on,
 *   at v0 before.
 * - Minor: an exact match of the whole (key, min, max) table against releases whose tables were
 *   recorded from the real brokers (scripts/kafka runs them). Any other table gives "4.x" / "3.x":
 *   better a coarse answer than a wrong one.
 */
import type { ApiRange } from "./protocol";

const FETCH = 1;

/** `apiKey:min-max` sorted by key, joined by spaces. */
export function apiFingerprint(apis: ApiRange[]): string {
  return [...apis]
    .sort((a, b) => a.apiKey - b.apiKey)
    .map((a) => `${a.apiKey}:${a.minVersion}-${a.maxVersion}`)
    .join(" ");
}

/** Recorded with `apiFingerprint()` from brokers started by scripts/kafka (patch releases share a table). */
const KNOWN: Record<string, string> = {
  "0:0-13 1:4-18 2:1-11 3:0-13 8:2-10 9:1-10 10:0-6 11:0-9 12:0-4 13:0-5 14:0-5 15:0-6 16:0-5 17:0-1 18:0-5 19:2-7 20:1-6 21:0-2 22:0-5 23:2-4 24:0-5 25:0-4 26:0-5 27:1-2 28:0-6 29:1-3 30:1-3 31:1-3 32:1-4 33:0-2 34:1-2 35:1-5 36:0-2 37:0-3 38:1-3 39:1-2 40:1-2 41:1-3 42:0-3 43:0-2 44:0-1 45:0-1 46:0-0 47:0-0 48:0-1 49:0-1 50:0-0 51:0-0 55:0-2 57:0-2 60:0-2 61:0-0 64:0-0 65:0-0 66:0-2 68:0-1 69:0-1 74:0-1 75:0-0 76:1-1 77:1-1 78:1-2 79:1-2 80:0-1 81:0-0 83:0-0 84:0-0 85:0-1 86:0-0 87:0-1 88:0-1 89:0-1 90:0-1 91:0-0 92:0-0 93:0-0 94:0-0":
    "4.4",
  "0:0-11 1:0-17 2:0-9 3:0-12 8:0-9 9:0-9 10:0-6 11:0-9 12:0-4 13:0-5 14:0-5 15:0-5 16:0-5 17:0-1 18:0-4 19:0-7 20:0-6 21:0-2 22:0-5 23:0-4 24:0-5 25:0-4 26:0-4 27:0-1 28:0-4 29:0-3 30:0-3 31:0-3 32:0-4 33:0-2 34:0-2 35:0-4 36:0-2 37:0-3 38:0-3 39:0-2 40:0-2 41:0-3 42:0-2 43:0-2 44:0-1 45:0-0 46:0-0 47:0-0 48:0-1 49:0-1 50:0-0 51:0-0 55:0-2 57:0-1 60:0-1 61:0-0 64:0-0 65:0-0 66:0-1 68:0-0 69:0-0 74:0-0 75:0-0 80:0-0 81:0-0":
    "3.9",
};

export function guessKafkaVersion(apis: ApiRange[]): string | null {
  if (apis.length === 0) return null;
  const known = KNOWN[apiFingerprint(apis)];
  if (known) return known;
  const fetch = apis.find((a) => a.apiKey === FETCH);
  if (!fetch) return null;
  return fetch.minVersion >= 4 ? "4.x" : "3.x or older";
}
