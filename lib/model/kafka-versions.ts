/**
 * How each Kafka release line behaves, in the ways this product predicts: the one table the live
 * reader, the simulator, the next-placement preview and the planner ask.
 *
 * Invariants:
 * - One row per release line from 3.9 to 4.4. Older releases behave as the 3.9 row in everything the
 *   product predicts (the log-dir rule has been the Scala LogManager's since 2.4); newer ones as the
 *   4.4 row, until a release is measured that differs.
 * - The log-dir tie order and cordon support are two separate facts: 4.3 already skips cordoned dirs
 *   (KIP-1066 reached the Scala LogManager first) but still breaks ties in Scala HashMap order; only
 *   4.4, with the Java LogManager, breaks ties in `log.dirs` order. Measured on real brokers of every
 *   line (tests/integration/kafka-version-matrix.test.ts).
 * - A version label that does not pin one line ("4.x", "4.3 or 4.4", unknown) maps to every line it
 *   could be; callers that must pick one take the newest of them and say so.
 * The table, with the Kafka classes and KIPs behind each column: docs/algorithms/kafka-versions.md.
 */
import type { TieOrder } from "../placement/next-log-dirs";

export const KAFKA_LINES = ["3.9", "4.0", "4.1", "4.2", "4.3", "4.4"] as const;
export type KafkaLine = (typeof KAFKA_LINES)[number];
export const NEWEST_KAFKA_LINE: KafkaLine = "4.4";
export const OLDEST_KAFKA_LINE: KafkaLine = "3.9";

export interface KafkaBehaviour {
  line: KafkaLine;
  /** "3.9 and older", "4.2", "4.4 and newer". */
  label: string;
  /** Which LogManager places new logs: the Scala class up to 4.3, the Java port from 4.4. */
  logManager: "scala" | "java";
  /** Tie-break order of `nextLogDirs` among dirs with equal log counts (Scala hash order only matters for 5+ dirs). */
  logDirTieOrder: TieOrder;
  /** Whether the broker skips dirs listed in `cordoned.log.dirs` (KIP-1066) for new logs and refuses moves into them. */
  cordonedLogDirs: boolean;
  /** Whether the release can run with ZooKeeper, where new topics are placed by AdminUtils; KRaft uses the striped placer. */
  zookeeperMode: boolean;
  /** What `kafka-reassign-partitions --generate` proposes with: AdminUtils up to 4.0, the striped placer from 4.1 (KAFKA-18798). */
  generatePlacer: "admin-utils" | "striped";
  /** DescribeLogDirs v4 reports each dir's total and usable bytes (Kafka 3.3+, KIP-827). */
  logDirCapacity: boolean;
}

const row = (line: KafkaLine, over: Partial<KafkaBehaviour>): KafkaBehaviour => ({
  line,
  label: line === OLDEST_KAFKA_LINE ? `${line} and older` : line === NEWEST_KAFKA_LINE ? `${line} and newer` : line,
  logManager: "scala",
  logDirTieOrder: "scala-hash",
  cordonedLogDirs: false,
  zookeeperMode: false,
  generatePlacer: "striped",
  logDirCapacity: true,
  ...over,
});

const BEHAVIOURS: Record<KafkaLine, KafkaBehaviour> = {
  "3.9": row("3.9", { zookeeperMode: true, generatePlacer: "admin-utils" }),
  "4.0": row("4.0", { generatePlacer: "admin-utils" }),
  "4.1": row("4.1", {}),
  "4.2": row("4.2", {}),
  "4.3": row("4.3", { cordonedLogDirs: true }),
  "4.4": row("4.4", { logManager: "java", logDirTieOrder: "config", cordonedLogDirs: true }),
};

export function kafkaBehaviour(line: KafkaLine): KafkaBehaviour {
  return BEHAVIOURS[line];
}

/** The row a concrete release belongs to: "4.3.1" → "4.3", "3.6.2" → "3.9", "5.0" → "4.4"; null when it names no release. */
export function kafkaLineOf(version: string): KafkaLine | null {
  const m = /^\s*(\d{1,3})\.(\d{1,3})(?:\.\d{1,3})?(?:[-+.].*)?\s*$/.exec(version);
  if (!m) return null;
  return lineOfNumbers(Number(m[1]), Number(m[2]));
}

function lineOfNumbers(major: number, minor: number): KafkaLine {
  if (major < 4) return OLDEST_KAFKA_LINE;
  if (major > 4 || minor >= 4) return NEWEST_KAFKA_LINE;
  return `4.${minor}` as KafkaLine;
}

/**
 * Every line a version label could mean, oldest first. Labels are what the live reader writes: a
 * release ("4.3", "4.3.1"), a family ("4.x", "3.x or older"), an open end ("4.4 or newer"),
 * alternatives ("4.3 or 4.4"), a mixed fleet ("4.3 and 4.4"), a range ("4.1 to 4.3"); null or anything
 * else means "unknown" and gives every line.
 */
export function possibleKafkaLines(version: string | null | undefined): KafkaLine[] {
  if (!version) return [...KAFKA_LINES];
  const exact = kafkaLineOf(version);
  if (exact) return [exact];
  const range = /^\s*(\d+)\.(\d+)\s+to\s+(\d+)\.(\d+)\s*$/.exec(version);
  if (range) {
    const from = KAFKA_LINES.indexOf(lineOfNumbers(Number(range[1]), Number(range[2])));
    const to = KAFKA_LINES.indexOf(lineOfNumbers(Number(range[3]), Number(range[4])));
    if (from <= to) return KAFKA_LINES.slice(from, to + 1);
  }
  const open = /^\s*(\d+\.(?:\d+|x))\s+or\s+(?:newer|older)\s*$/.exec(version);
  if (open) return possibleKafkaLines(open[1]);
  const alternatives = version.split(/\s+(?:or|and)\s+/);
  if (alternatives.length > 1 && alternatives.every((a) => kafkaLineOf(a) !== null)) {
    const lines = new Set(alternatives.map((a) => kafkaLineOf(a)!));
    return KAFKA_LINES.filter((l) => lines.has(l));
  }
  if (/^\s*4\.x\s*$/.test(version)) return KAFKA_LINES.filter((l) => l.startsWith("4."));
  if (/^\s*[0-3]\.x\s*$/.test(version)) return [OLDEST_KAFKA_LINE];
  return [...KAFKA_LINES];
}

/** The lines as a reader would name them: "4.3", "4.3 or 4.4", "4.0 to 4.4", or "unknown" for every line. */
export function describeKafkaLines(lines: readonly KafkaLine[]): string {
  const sorted = KAFKA_LINES.filter((l) => lines.includes(l));
  if (sorted.length === 0 || sorted.length === KAFKA_LINES.length) return "unknown";
  if (sorted.length === 1) return sorted[0]!;
  const first = KAFKA_LINES.indexOf(sorted[0]!);
  const contiguous = sorted.every((l, i) => KAFKA_LINES.indexOf(l) === first + i);
  if (contiguous && sorted.length > 2) return `${sorted[0]} to ${sorted[sorted.length - 1]}`;
  return sorted.join(" or ");
}

/** The log-dir rule of a line: what `nextLogDirs` needs to know. */
export interface LogDirRule {
  tieOrder: TieOrder;
  honoursCordons: boolean;
}

function logDirRuleOf(line: KafkaLine): LogDirRule {
  const b = BEHAVIOURS[line];
  return { tieOrder: b.logDirTieOrder, honoursCordons: b.cordonedLogDirs };
}

function sameLogDirRule(a: LogDirRule, b: LogDirRule): boolean {
  return a.tieOrder === b.tieOrder && a.honoursCordons === b.honoursCordons;
}

/**
 * The distinct log-dir rules among the lines a label could mean, newest first, each with the lines
 * that follow it. One entry: the label pins the rule, whatever the exact release.
 */
export function logDirRulesFor(version: string | null | undefined): { rule: LogDirRule; lines: KafkaLine[] }[] {
  const out: { rule: LogDirRule; lines: KafkaLine[] }[] = [];
  for (const line of [...possibleKafkaLines(version)].reverse()) {
    const rule = logDirRuleOf(line);
    const same = out.find((o) => sameLogDirRule(o.rule, rule));
    if (same) same.lines.unshift(line);
    else out.push({ rule, lines: [line] });
  }
  return out;
}

/**
 * The one line to simulate a version label as: the label's line when it pins one, else the newest it
 * could be (`assumed` then says the choice was not the data's).
 */
export function pickKafkaLine(version: string | null | undefined): { line: KafkaLine; assumed: boolean } {
  const lines = possibleKafkaLines(version);
  return { line: lines[lines.length - 1]!, assumed: lines.length > 1 };
}

/** The version a broker runs: its own when the reader told it apart, else the cluster's. */
export function brokerKafkaVersion(broker: { kafkaVersion?: string | null }, clusterVersion: string | null | undefined): string | null {
  return broker.kafkaVersion ?? clusterVersion ?? null;
}
