/**
 * Reads the output of `kafka-log-dirs.sh --describe` (kafka.admin.LogDirsCommand up to 3.4,
 * org.apache.kafka.tools.LogDirsCommand from 3.5; the same format from 2.4 to 4.x):
 *
 *   Querying brokers for log directories information
 *   Received log directory information from brokers 1,2,3
 *   {"brokers":[{"broker":1,"logDirs":[{"logDir":"/data/d1","error":null,"partitions":[
 *     {"partition":"orders-0","size":123,"offsetLag":0,"isFuture":false}]}]}],"version":1}
 *
 * Rules, and why:
 * - The JSON comes from Java HashMaps, so keys come in any order; keys we do not know are ignored
 *   (a newer tool may add some, e.g. dir capacity as `totalBytes`/`usableBytes`, read when present).
 * - The two preamble lines and blank lines may appear anywhere, so the output of several runs (one per
 *   broker with `--broker-list`) can be pasted one after another; each JSON document is one run. A
 *   document may also be pretty-printed over several lines (e.g. piped through jq).
 * - `error` is the Java class name of the dir's error (`...KafkaStorageException`); non-null means the
 *   dir is offline, and Kafka lists no partitions for it.
 * - A replica with `isFuture: true` is a KIP-113 copy being written into another dir of the same
 *   broker; it is attached to the current replica (the non-future entry) as its `future`.
 * - Every problem names its line and JSON path; any problem means no result at all.
 */
import type { FutureReplica, LogDir } from "@/lib/model/snapshot";
import { describeValue, IssueList, MAX_ISSUES, quote, splitLines, type ImportResult } from "./issues";
import { findJsonSyntaxError, formatJsonPath, lineAndColumn, locateJsonPaths, type JsonPath } from "./json-scan";
import { splitTopicPartition } from "./kafka-names";

export interface LogDirsBroker {
  id: number;
  logDirs: LogDir[];
}

/** One partition replica on one broker, with the dir and size Kafka reported. */
export interface LogDirsReplica {
  topic: string;
  partition: number;
  broker: number;
  /** Null when the broker reported only the future copy (its current dir is offline). */
  logDir: string | null;
  sizeBytes: number | null;
  offsetLag: number | null;
  future: FutureReplica | null;
}

export interface LogDirsListing {
  /** Sorted by id; dirs in the order the tool printed them. */
  brokers: LogDirsBroker[];
  replicas: LogDirsReplica[];
}

const PREAMBLE = [/^Querying brokers for log directories information$/, /^Received log directory information from brokers [\d,\s]*$/];

/** The only version LogDirsCommand has ever written (2.4 to 4.x). */
const FORMAT_VERSION = 1;

interface Segment {
  /** 1-based line of the segment's first line in the pasted text. */
  firstLine: number;
  text: string;
  multiLine: boolean;
}

interface Pending {
  segment: Segment;
  path: JsonPath;
  message: string;
}

/** One replica entry as read from the JSON, with where it was (for messages about duplicates). */
interface Entry {
  segment: Segment;
  /** Indexes into brokers[] / logDirs[] / partitions[]. */
  at: readonly [number, number, number];
  topic: string;
  partition: number;
  logDir: string;
  sizeBytes: number;
  offsetLag: number | null;
}

const dirPath = (b: number, d: number): JsonPath => ["brokers", b, "logDirs", d];
const entryPath = ([b, d, p]: readonly [number, number, number], key?: string): JsonPath =>
  key === undefined ? ["brokers", b, "logDirs", d, "partitions", p] : ["brokers", b, "logDirs", d, "partitions", p, key];

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** Splits the paste into runs of lines that are neither blank nor preamble. */
function segmentsOf(text: string): Segment[] {
  const lines = splitLines(text);
  const segments: Segment[] = [];
  let current: { firstLine: number; lines: string[] } | null = null;
  const close = () => {
    if (current) segments.push({ firstLine: current.firstLine, text: current.lines.join("\n"), multiLine: current.lines.length > 1 });
    current = null;
  };
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === "" || PREAMBLE.some((re) => re.test(trimmed))) {
      close();
      return;
    }
    if (!current) current = { firstLine: i + 1, lines: [] };
    current.lines.push(line);
  });
  close();
  return segments;
}

class Reader {
  readonly pending: Pending[] = [];
  dropped = 0;
  private readonly brokers = new Map<number, LogDirsBroker>();
  // Broker id → partition name as printed → entry. Keyed by the printed name, a string JSON.parse
  // already made, so 500,000 replicas cost no new key strings.
  private readonly current = new Map<number, Map<string, Entry>>();
  private readonly futures = new Map<number, Map<string, Entry>>();

  problem(segment: Segment, path: JsonPath, message: string): void {
    if (this.pending.length < MAX_ISSUES) this.pending.push({ segment, path, message });
    else this.dropped += 1;
  }

  document(segment: Segment, root: unknown): void {
    if (!isObject(root)) {
      this.problem(segment, [], `expected a JSON object like {"brokers":[...],"version":1}, got ${describeValue(root)}`);
      return;
    }
    if (root.version !== undefined && root.version !== FORMAT_VERSION) {
      this.problem(segment, ["version"], `expected ${FORMAT_VERSION} (the kafka-log-dirs format this reads), got ${describeValue(root.version)}`);
    }
    const brokers = root.brokers;
    if (!Array.isArray(brokers)) {
      this.problem(segment, ["brokers"], `expected an array of brokers, got ${describeValue(brokers)}`);
      return;
    }
    brokers.forEach((raw, b) => this.broker(segment, b, raw));
  }

  private broker(segment: Segment, b: number, raw: unknown): void {
    if (!isObject(raw)) {
      this.problem(segment, ["brokers", b], `expected a broker like {"broker":1,"logDirs":[...]}, got ${describeValue(raw)}`);
      return;
    }
    const id = raw.broker;
    const idOk = isCount(id) && id <= 2147483647;
    if (!idOk) this.problem(segment, ["brokers", b, "broker"], `expected a broker id (a non-negative integer), got ${describeValue(id)}`);
    const dirs = raw.logDirs;
    if (!Array.isArray(dirs)) {
      this.problem(segment, ["brokers", b, "logDirs"], `expected an array of log dirs, got ${describeValue(dirs)}`);
      return;
    }
    if (!idOk) return;
    if (this.brokers.has(id)) {
      this.problem(segment, ["brokers", b, "broker"], `broker ${id} is listed twice; paste each broker's log dirs once`);
      return;
    }
    const broker: LogDirsBroker = { id, logDirs: [] };
    this.brokers.set(id, broker);
    dirs.forEach((dir, d) => {
      const logDir = this.logDir(segment, b, d, id, dir);
      if (!logDir) return;
      if (broker.logDirs.some((known) => known.path === logDir.path)) {
        this.problem(segment, [...dirPath(b, d), "logDir"], `log dir ${quote(logDir.path)} is listed twice on broker ${id}`);
      } else {
        broker.logDirs.push(logDir);
      }
    });
  }

  /** Dir capacity, if a tool prints it: a byte count, with -1 (Kafka's UNKNOWN_VOLUME_BYTES) as unknown. */
  private capacity(segment: Segment, path: JsonPath, value: unknown): number | null {
    if (value === undefined || value === null || value === -1) return null;
    if (isCount(value)) return value;
    this.problem(segment, path, `expected a byte count (a non-negative integer, or -1 for unknown), got ${describeValue(value)}`);
    return null;
  }

  private logDir(segment: Segment, b: number, d: number, broker: number, raw: unknown): LogDir | null {
    const path = dirPath(b, d);
    if (!isObject(raw)) {
      this.problem(segment, path, `expected a log dir like {"logDir":"/data/d1","error":null,"partitions":[...]}, got ${describeValue(raw)}`);
      return null;
    }
    const { logDir, error, partitions } = raw;
    const pathOk = typeof logDir === "string" && logDir !== "";
    if (!pathOk) this.problem(segment, [...path, "logDir"], `expected the log dir path (a non-empty string), got ${describeValue(logDir)}`);
    const errorOk = error === undefined || error === null || typeof error === "string";
    if (!errorOk) this.problem(segment, [...path, "error"], `expected null or the error's class name (a string), got ${describeValue(error)}`);
    if (!Array.isArray(partitions)) {
      this.problem(segment, [...path, "partitions"], `expected an array of partitions (empty for an offline dir), got ${describeValue(partitions)}`);
      return null;
    }
    const totalBytes = this.capacity(segment, [...path, "totalBytes"], raw.totalBytes);
    const usableBytes = this.capacity(segment, [...path, "usableBytes"], raw.usableBytes);
    for (let p = 0; p < partitions.length; p++) this.replica(segment, [b, d, p], broker, pathOk ? logDir : null, partitions[p]);
    if (!pathOk || !errorOk) return null;
    const errorText = typeof error === "string" ? error : null;
    return { path: logDir, totalBytes, usableBytes, state: errorText === null ? "online" : "offline", error: errorText };
  }

  private replica(segment: Segment, at: readonly [number, number, number], broker: number, logDir: string | null, raw: unknown): void {
    if (!isObject(raw)) {
      this.problem(segment, entryPath(at), `expected a replica like {"partition":"orders-0","size":123,"offsetLag":0,"isFuture":false}, got ${describeValue(raw)}`);
      return;
    }
    const { partition, size, offsetLag, isFuture } = raw;
    let ok = true;
    let name: { topic: string; partition: number } | null = null;
    if (typeof partition !== "string") {
      this.problem(segment, entryPath(at, "partition"), `expected "<topic>-<partition>" such as "orders-eu-3", got ${describeValue(partition)}`);
      ok = false;
    } else {
      const split = splitTopicPartition(partition);
      if (split.ok) name = split;
      else {
        this.problem(segment, entryPath(at, "partition"), split.message);
        ok = false;
      }
    }
    if (!isCount(size)) {
      const tooBig = typeof size === "number" && Number.isInteger(size) && size > 0;
      this.problem(segment, entryPath(at, "size"), tooBig ? `${size} bytes is beyond what this reads exactly (2^53, about 9 PB)` : `expected a non-negative integer, got ${describeValue(size)}`);
      ok = false;
    }
    if (offsetLag !== undefined && !(typeof offsetLag === "number" && Number.isSafeInteger(offsetLag))) {
      this.problem(segment, entryPath(at, "offsetLag"), `expected an integer, got ${describeValue(offsetLag)}`);
      ok = false;
    }
    if (isFuture !== undefined && typeof isFuture !== "boolean") {
      this.problem(segment, entryPath(at, "isFuture"), `expected true or false, got ${describeValue(isFuture)}`);
      ok = false;
    }
    if (!ok || !name || typeof partition !== "string" || !isCount(size) || logDir === null) return;

    const entry: Entry = { segment, at, topic: name.topic, partition: name.partition, logDir, sizeBytes: size, offsetLag: typeof offsetLag === "number" ? offsetLag : null };
    const maps = isFuture === true ? this.futures : this.current;
    let byName = maps.get(broker);
    if (!byName) maps.set(broker, (byName = new Map()));
    const earlier = byName.get(partition);
    if (!earlier) {
      byName.set(partition, entry);
    } else if (isFuture === true) {
      this.problem(segment, entryPath(at, "partition"), `a future replica of ${partition} is listed twice on broker ${broker} (in ${quote(earlier.logDir)} and ${quote(logDir)})`);
    } else {
      this.problem(
        segment,
        entryPath(at, "partition"),
        `${partition} is listed on broker ${broker} in both ${quote(earlier.logDir)} and ${quote(logDir)}; a broker holds one current replica of a partition (the copy being moved has "isFuture":true)`,
      );
    }
  }

  /** Pairs each future copy with the current replica on its broker. */
  finish(): LogDirsListing {
    const replicas: LogDirsReplica[] = [];
    for (const [broker, byName] of this.current) {
      const futures = this.futures.get(broker);
      for (const [name, entry] of byName) {
        const future = futures?.get(name);
        if (future && future.logDir === entry.logDir) {
          this.problem(future.segment, entryPath(future.at, "isFuture"), `the future replica of ${name} on broker ${broker} is in the same dir as the current one (${quote(entry.logDir)}); Kafka copies a future replica into another dir`);
        }
        replicas.push({
          topic: entry.topic,
          partition: entry.partition,
          broker,
          logDir: entry.logDir,
          sizeBytes: entry.sizeBytes,
          offsetLag: entry.offsetLag,
          future: future ? { logDir: future.logDir, sizeBytes: future.sizeBytes, offsetLag: future.offsetLag } : null,
        });
      }
    }
    // A future copy without a current one: the current replica sits in an offline dir, which Kafka
    // reports without partitions. Keep the replica; its current dir is unknown.
    for (const [broker, byName] of this.futures) {
      for (const [name, future] of byName) {
        if (this.current.get(broker)?.has(name)) continue;
        replicas.push({
          topic: future.topic,
          partition: future.partition,
          broker,
          logDir: null,
          sizeBytes: null,
          offsetLag: null,
          future: { logDir: future.logDir, sizeBytes: future.sizeBytes, offsetLag: future.offsetLag },
        });
      }
    }
    return { brokers: [...this.brokers.values()].sort((a, b) => a.id - b.id), replicas };
  }
}

/** Turns pending problems into issues with line numbers: one locating pass per multi-line document. */
function resolveLines(pending: readonly Pending[], dropped: number): IssueList {
  const issues = new IssueList("logDirs");
  const offsets = new Map<Pending, number>();
  const bySegment = new Map<Segment, Pending[]>();
  for (const p of pending) {
    if (!p.segment.multiLine) continue;
    const list = bySegment.get(p.segment) ?? [];
    list.push(p);
    bySegment.set(p.segment, list);
  }
  for (const [segment, list] of bySegment) {
    const found = locateJsonPaths(segment.text, list.map((p) => p.path));
    list.forEach((p, i) => offsets.set(p, found[i] ?? 0));
  }
  for (const p of pending) {
    const offset = offsets.get(p);
    const line = offset === undefined ? p.segment.firstLine : lineAndColumn(p.segment.text, offset, p.segment.firstLine).line;
    issues.add(line, formatJsonPath(p.path), p.message);
  }
  issues.skip(dropped);
  return issues;
}

export function parseLogDirs(text: string): ImportResult<LogDirsListing> {
  const segments = segmentsOf(text);
  const structural = new IssueList("logDirs");
  if (segments.length === 0) {
    structural.add(null, "", "no JSON found: paste the whole output of kafka-log-dirs.sh --describe, including the line that starts with '{'");
    return { ok: false, issues: structural.list() };
  }
  const documents: { segment: Segment; root: unknown }[] = [];
  for (const segment of segments) {
    const start = segment.text.trimStart();
    // A document starting with '[' is still JSON: let the shape check say what is wrong with it.
    if (!start.startsWith("{") && !start.startsWith("[")) {
      const firstLine = segment.text.split("\n", 1)[0] ?? "";
      structural.add(
        segment.firstLine,
        "",
        `not part of kafka-log-dirs --describe output: expected the preamble lines ("Querying brokers…", "Received log directory information…") or the JSON line that starts with '{', got ${quote(firstLine.trim())}`,
      );
      continue;
    }
    try {
      documents.push({ segment, root: JSON.parse(segment.text) as unknown });
    } catch (error) {
      const found = findJsonSyntaxError(segment.text);
      const where = lineAndColumn(segment.text, found?.offset ?? 0, segment.firstLine);
      structural.add(where.line, "", `invalid JSON at column ${where.column}: ${found?.message ?? (error as Error).message}`);
    }
  }
  if (!structural.empty) return { ok: false, issues: structural.list() };

  const reader = new Reader();
  for (const { segment, root } of documents) reader.document(segment, root);
  const listing = reader.finish();
  const issues = resolveLines(reader.pending, reader.dropped);
  if (!issues.empty) return { ok: false, issues: issues.list() };
  return { ok: true, value: listing, warnings: [] };
}
