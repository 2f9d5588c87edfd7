/**
 * Kafka's software version is in no admin answer, so the reader infers it, per broker, from what the
 * broker says about itself: its ApiVersions table, and which of a few marker configs it knows.
 *
 * - An exact match of the whole ApiVersions table (key, min, max) against a table recorded from a real
 *   broker of that line (`npm run kafka:fingerprint` starts each and prints them) names the line.
 * - Otherwise the evidence narrows the lines it can be: Fetch starts at v4 from 4.0 on (KIP-896); a table
 *   that reaches every maximum of a recorded one is at least that line, one that stays within every
 *   maximum of a recorded one is at most that line; and a marker config the broker knows (DescribeConfigs
 *   answers only keys it defines) is a lower bound, one it does not know an upper bound. The answer is
 *   then a label such as "4.3 or 4.4" or "4.1 to 4.4" (lib/model/kafka-versions.ts reads it), never a
 *   guess presented as fact.
 * - A broker that offers LeaderAndIsr (key 4) runs with ZooKeeper; KRaft brokers do not offer it.
 * The method, step by step: docs/algorithms/version-detection.md.
 */
import { describeKafkaLines, KAFKA_LINES, type KafkaLine } from "@/lib/model/kafka-versions";
import type { ApiRange } from "./protocol";

const FETCH = 1;
const LEADER_AND_ISR = 4;

/** `apiKey:min-max` sorted by key, joined by spaces. */
export function apiFingerprint(apis: readonly ApiRange[]): string {
  return [...apis]
    .sort((a, b) => a.apiKey - b.apiKey)
    .map((a) => `${a.apiKey}:${a.minVersion}-${a.maxVersion}`)
    .join(" ");
}

/** Recorded with `npm run kafka:fingerprint` from KRaft brokers of 3.9.2, 4.0.2, 4.1.2, 4.2.2, 4.3.1 and 4.4.0. */
const KNOWN: Record<string, KafkaLine> = {
  "0:0-11 1:0-17 2:0-9 3:0-12 8:0-9 9:0-9 10:0-6 11:0-9 12:0-4 13:0-5 14:0-5 15:0-5 16:0-5 17:0-1 18:0-4 19:0-7 20:0-6 21:0-2 22:0-5 23:0-4 24:0-5 25:0-4 26:0-4 27:0-1 28:0-4 29:0-3 30:0-3 31:0-3 32:0-4 33:0-2 34:0-2 35:0-4 36:0-2 37:0-3 38:0-3 39:0-2 40:0-2 41:0-3 42:0-2 43:0-2 44:0-1 45:0-0 46:0-0 47:0-0 48:0-1 49:0-1 50:0-0 51:0-0 55:0-2 57:0-1 60:0-1 61:0-0 64:0-0 65:0-0 66:0-1 68:0-0 69:0-0 74:0-0 75:0-0 80:0-0 81:0-0":
    "3.9",
  "0:0-12 1:4-17 2:1-10 3:0-13 8:2-9 9:1-9 10:0-6 11:0-9 12:0-4 13:0-5 14:0-5 15:0-6 16:0-5 17:0-1 18:0-4 19:2-7 20:1-6 21:0-2 22:0-5 23:2-4 24:0-5 25:0-4 26:0-5 27:1-1 28:0-5 29:1-3 30:1-3 31:1-3 32:1-4 33:0-2 34:1-2 35:1-4 36:0-2 37:0-3 38:1-3 39:1-2 40:1-2 41:1-3 42:0-2 43:0-2 44:0-1 45:0-0 46:0-0 47:0-0 48:0-1 49:0-1 50:0-0 51:0-0 55:0-2 57:0-2 60:0-2 61:0-0 64:0-0 65:0-0 66:0-1 68:0-1 69:0-1 74:0-0 75:0-0 80:0-0 81:0-0":
    "4.0",
  "0:0-13 1:4-18 2:1-10 3:0-13 8:2-9 9:1-9 10:0-6 11:0-9 12:0-4 13:0-5 14:0-5 15:0-6 16:0-5 17:0-1 18:0-4 19:2-7 20:1-6 21:0-2 22:0-5 23:2-4 24:0-5 25:0-4 26:0-5 27:1-1 28:0-5 29:1-3 30:1-3 31:1-3 32:1-4 33:0-2 34:1-2 35:1-4 36:0-2 37:0-3 38:1-3 39:1-2 40:1-2 41:1-3 42:0-2 43:0-2 44:0-1 45:0-1 46:0-0 47:0-0 48:0-1 49:0-1 50:0-0 51:0-0 55:0-2 57:0-2 60:0-2 61:0-0 64:0-0 65:0-0 66:0-2 68:0-1 69:0-1 74:0-1 75:0-0 76:1-1 77:1-1 78:1-1 79:1-1 80:0-0 81:0-0 83:0-0 84:0-0 85:0-0 86:0-0 87:0-0 90:0-0 91:0-0 92:0-0":
    "4.1",
  "0:0-13 1:4-18 2:1-11 3:0-13 8:2-10 9:1-10 10:0-6 11:0-9 12:0-4 13:0-5 14:0-5 15:0-6 16:0-5 17:0-1 18:0-4 19:2-7 20:1-6 21:0-2 22:0-5 23:2-4 24:0-5 25:0-4 26:0-5 27:1-2 28:0-5 29:1-3 30:1-3 31:1-3 32:1-4 33:0-2 34:1-2 35:1-4 36:0-2 37:0-3 38:1-3 39:1-2 40:1-2 41:1-3 42:0-2 43:0-2 44:0-1 45:0-1 46:0-0 47:0-0 48:0-1 49:0-1 50:0-0 51:0-0 55:0-2 57:0-2 60:0-2 61:0-0 64:0-0 65:0-0 66:0-2 68:0-1 69:0-1 74:0-1 75:0-0 76:1-1 77:1-1 78:1-2 79:1-2 80:0-1 81:0-0 83:0-0 84:0-0 85:0-1 86:0-0 87:0-1 88:0-0 89:0-0 90:0-1 91:0-0 92:0-0":
    "4.2",
  "0:0-13 1:4-18 2:1-11 3:0-13 8:2-10 9:1-10 10:0-6 11:0-9 12:0-4 13:0-5 14:0-5 15:0-6 16:0-5 17:0-1 18:0-4 19:2-7 20:1-6 21:0-2 22:0-5 23:2-4 24:0-5 25:0-4 26:0-5 27:1-2 28:0-5 29:1-3 30:1-3 31:1-3 32:1-4 33:0-2 34:1-2 35:1-5 36:0-2 37:0-3 38:1-3 39:1-2 40:1-2 41:1-3 42:0-2 43:0-2 44:0-1 45:0-1 46:0-0 47:0-0 48:0-1 49:0-1 50:0-0 51:0-0 55:0-2 57:0-2 60:0-2 61:0-0 64:0-0 65:0-0 66:0-2 68:0-1 69:0-1 74:0-1 75:0-0 76:1-1 77:1-1 78:1-2 79:1-2 80:0-1 81:0-0 83:0-0 84:0-0 85:0-1 86:0-0 87:0-1 88:0-0 89:0-0 90:0-1 91:0-0 92:0-0":
    "4.3",
  "0:0-13 1:4-18 2:1-11 3:0-13 8:2-10 9:1-10 10:0-6 11:0-9 12:0-4 13:0-5 14:0-5 15:0-6 16:0-5 17:0-1 18:0-5 19:2-7 20:1-6 21:0-2 22:0-5 23:2-4 24:0-5 25:0-4 26:0-5 27:1-2 28:0-6 29:1-3 30:1-3 31:1-3 32:1-4 33:0-2 34:1-2 35:1-5 36:0-2 37:0-3 38:1-3 39:1-2 40:1-2 41:1-3 42:0-3 43:0-2 44:0-1 45:0-1 46:0-0 47:0-0 48:0-1 49:0-1 50:0-0 51:0-0 55:0-2 57:0-2 60:0-2 61:0-0 64:0-0 65:0-0 66:0-2 68:0-1 69:0-1 74:0-1 75:0-0 76:1-1 77:1-1 78:1-2 79:1-2 80:0-1 81:0-0 83:0-0 84:0-0 85:0-1 86:0-0 87:0-1 88:0-1 89:0-1 90:0-1 91:0-0 92:0-0 93:0-0 94:0-0":
    "4.4",
};

/** Broker configs that first exist in a line: a broker that lists one runs that line or newer. */
export const VERSION_MARKER_CONFIGS: readonly { key: string; since: KafkaLine }[] = [
  { key: "share.coordinator.threads", since: "4.0" },
  { key: "group.streams.heartbeat.interval.ms", since: "4.1" },
  { key: "controller.quorum.auto.join.enable", since: "4.2" },
  { key: "cordoned.log.dirs", since: "4.3" },
  { key: "log.remote.copy.lag.ms", since: "4.4" },
];

export interface DetectedVersion {
  /** A label for lib/model/kafka-versions.ts: "4.3", "4.3 or 4.4", "4.x", … or null without evidence. */
  version: string | null;
  lines: KafkaLine[];
  zookeeper: boolean;
}

function parseTable(fingerprint: string): Map<number, { min: number; max: number }> {
  const out = new Map<number, { min: number; max: number }>();
  for (const part of fingerprint.split(" ")) {
    const m = /^(\d+):(\d+)-(\d+)$/.exec(part);
    if (m) out.set(Number(m[1]), { min: Number(m[2]), max: Number(m[3]) });
  }
  return out;
}

const TABLES: { line: KafkaLine; table: Map<number, { min: number; max: number }> }[] = Object.entries(KNOWN).map(([fp, line]) => ({ line, table: parseTable(fp) }));

/** Every line the broker's evidence allows, oldest first. `configNames` null = the configs were not read. */
export function detectKafkaVersion(apis: readonly ApiRange[], configNames: readonly string[] | null = null): DetectedVersion {
  if (apis.length === 0) return { version: null, lines: [...KAFKA_LINES], zookeeper: false };
  const zookeeper = apis.some((a) => a.apiKey === LEADER_AND_ISR);
  const known = KNOWN[apiFingerprint(apis)];
  if (known) return { version: known, lines: [known], zookeeper };

  let lo = 0;
  let hi = KAFKA_LINES.length - 1;
  const fetch = apis.find((a) => a.apiKey === FETCH);
  if (fetch) {
    if (fetch.minVersion >= 4) lo = Math.max(lo, KAFKA_LINES.indexOf("4.0"));
    else hi = Math.min(hi, KAFKA_LINES.indexOf("3.9"));
  }
  const byKey = new Map(apis.map((a) => [a.apiKey, a]));
  for (const { line, table } of TABLES) {
    const i = KAFKA_LINES.indexOf(line);
    const reachesAll = [...table].every(([key, r]) => (byKey.get(key)?.maxVersion ?? -1) >= r.max);
    const staysWithin = apis.every((a) => a.apiKey === LEADER_AND_ISR || (table.get(a.apiKey)?.max ?? -1) >= a.maxVersion);
    if (reachesAll) lo = Math.max(lo, i);
    if (staysWithin) hi = Math.min(hi, i);
  }
  if (configNames) {
    const names = new Set(configNames);
    for (const marker of VERSION_MARKER_CONFIGS) {
      const i = KAFKA_LINES.indexOf(marker.since);
      if (names.has(marker.key)) lo = Math.max(lo, i);
      else hi = Math.min(hi, i - 1);
    }
  }
  if (lo > hi) {
    // Contradictory evidence (a vendor build?): trust only the protocol family.
    const family = fetch && fetch.minVersion >= 4 ? KAFKA_LINES.filter((l) => l.startsWith("4.")) : fetch ? (["3.9"] as KafkaLine[]) : [...KAFKA_LINES];
    return { version: labelOf(family), lines: family, zookeeper };
  }
  const lines = KAFKA_LINES.slice(lo, hi + 1);
  return { version: labelOf(lines), lines, zookeeper };
}

/** A label for lines narrowed without an exact table: the end rows stay open ("3.x or older", "4.4 or newer"). */
function labelOf(lines: readonly KafkaLine[]): string | null {
  if (lines.length === KAFKA_LINES.length) return null;
  if (lines.length === 1 && lines[0] === "3.9") return "3.x or older";
  if (lines.length === 1 && lines[0] === "4.4") return "4.4 or newer";
  if (lines.length > 1 && lines.every((l) => l.startsWith("4.")) && lines.length === KAFKA_LINES.length - 1) return "4.x";
  return describeKafkaLines(lines);
}

/** The cluster's version label from its brokers' detections: shared lines when they agree, "4.3 and 4.4" for a mixed fleet. */
export function clusterKafkaVersion(brokers: readonly DetectedVersion[]): string | null {
  const known = brokers.filter((b) => b.version !== null);
  if (known.length === 0) return null;
  const labels = [...new Set(known.map((b) => b.version!))];
  if (labels.length === 1) return labels[0]!;
  const exact = known.every((b) => b.lines.length === 1);
  if (exact) return KAFKA_LINES.filter((l) => known.some((b) => b.lines[0] === l)).join(" and ");
  return labelOf(KAFKA_LINES.filter((l) => known.some((b) => b.lines.includes(l))));
}

/** The version label of one ApiVersions table alone (no configs). */
export function guessKafkaVersion(apis: readonly ApiRange[]): string | null {
  return detectKafkaVersion(apis).version;
}
