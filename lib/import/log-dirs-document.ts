/**
 * The JSON documents of kafka-log-dirs output, checked field by field: every broker, dir and replica
 * once, sizes as exact non-negative integers, and each `isFuture` copy paired with the current replica
 * on its broker. The streaming reader (log-dirs-json.ts) hands it one broker object at a time, with
 * the line each value starts on (`lineAt`); problems are collected with their line and JSON path.
 */
import type { FutureReplica, LogDir } from "@/lib/model/snapshot";
import { describeValue, MAX_ISSUES, quote } from "./issues";
import type { JsonPath } from "@/lib/model/json-scan";
import { parseTopicPartitionName } from "@/lib/model/kafka-names";

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
  /** How many runs (JSON documents) the paste holds. */
  runs: number;
  /**
   * Brokers that appear in more than one run: their runs were filtered by `--topic-list` (a run
   * without it lists every partition of a broker, so a second run of it could add nothing).
   */
  splitBrokers: number[];
}

/** The only version LogDirsCommand has ever written (2.4 to 4.x). */
const FORMAT_VERSION = 1;

export interface Pending {
  line: number;
  path: JsonPath;
  message: string;
}

/**
 * Where a value starts: a materialised container carries, under this symbol, the line of each member
 * whose value starts on another line than the container itself (none at all on a one-line document).
 */
export const LINES: unique symbol = Symbol("lines");
type WithLines = { [LINES]?: Record<string | number, number> };

/** The line where the value at `path` inside `node` (which starts on `line`) starts; for a missing key, its parent's. */
export function lineAt(node: unknown, line: number, path: JsonPath): number {
  for (const part of path) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) break;
    line = (node as WithLines)[LINES]?.[part] ?? line;
    node = (node as Record<string | number, unknown>)[part];
  }
  return line;
}

/** One replica entry as read from the JSON. */
interface Entry {
  topic: string;
  partition: number;
  logDir: string;
  sizeBytes: number;
  offsetLag: number | null;
  /** The line of its `partition` key, and the run (document) it came from: for messages about overlaps. */
  line: number;
  run: number;
  /** Future copies only: where the entry was, for a message about its dir found at the end. */
  where: { at: readonly [number, number, number]; isFutureLine: number } | null;
}

/** A document's own fields, as the streaming reader saw them once the document closed. */
export type DocumentShape =
  | { kind: "not-object"; value: unknown; line: number }
  | { kind: "object"; line: number; version: { value: unknown; line: number } | undefined; brokers: { value: unknown; line: number } | "streamed" | undefined };

/** A broker as read so far: possibly from several runs (each filtered by --topic-list). */
interface BrokerSeen {
  listing: LogDirsBroker;
  runs: Set<number>;
  /** Dir path → the dir, and the line of its first `logDir`. */
  dirs: Map<string, { dir: LogDir; line: number }>;
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

const bytes = (n: number) => `${n} byte${n === 1 ? "" : "s"}`;

/**
 * Why one partition may not appear twice on a broker, in words that say what to paste instead. Within
 * one run Kafka lists a partition once per broker (its future copy aside); across runs (several
 * `--topic-list` or `--broker-list` runs pasted together) the runs must not overlap.
 */
function overlap(partition: string, broker: number, future: boolean, earlier: Entry, entry: Entry): string {
  const what = future ? `a future replica of ${partition}` : partition;
  const lines = `lines ${earlier.line} and ${entry.line}`;
  if (earlier.run === entry.run) {
    if (future) return `${what} is listed twice on broker ${broker} (in ${quote(earlier.logDir)} and ${quote(entry.logDir)}, ${lines})`;
    if (earlier.logDir === entry.logDir) return `${partition} is listed twice in ${quote(entry.logDir)} on broker ${broker} (${lines}); paste the tool's output as it printed it`;
    return `${partition} is listed on broker ${broker} in both ${quote(earlier.logDir)} and ${quote(entry.logDir)} (${lines}); a broker holds one current replica of a partition (the copy being moved has "isFuture":true)`;
  }
  const fix = "paste runs whose --topic-list (or --broker-list) do not overlap, each run once";
  if (earlier.logDir !== entry.logDir) {
    return `${what} on broker ${broker} is in two runs, in ${quote(earlier.logDir)} (line ${earlier.line}) and in ${quote(entry.logDir)} (line ${entry.line}): the runs overlap, and the replica moved between them; ${fix}`;
  }
  if (earlier.sizeBytes !== entry.sizeBytes || earlier.offsetLag !== entry.offsetLag) {
    const sizes =
      earlier.sizeBytes !== entry.sizeBytes
        ? `sizes ${bytes(earlier.sizeBytes)} and ${bytes(entry.sizeBytes)}`
        : `offsetLag ${earlier.offsetLag ?? "none"} and ${entry.offsetLag ?? "none"}`;
    return `${what} on broker ${broker} is in two runs (${lines}) with different ${sizes}: the runs overlap and were taken at different times; ${fix}`;
  }
  return `${what} on broker ${broker} is in two runs (${lines}) with the same size: the runs overlap (the same run pasted twice, or two --topic-list runs sharing a topic); ${fix}`;
}

export class LogDirsDocumentReader {
  readonly pending: Pending[] = [];
  dropped = 0;
  private readonly brokers = new Map<number, BrokerSeen>();
  // Broker id → partition name as printed → entry. Keyed by the printed name, a string the JSON
  // reader already made, so 500,000 replicas cost no new key strings.
  private readonly current = new Map<number, Map<string, Entry>>();
  private readonly futures = new Map<number, Map<string, Entry>>();
  /** Where the current document's problems start: its own fields' problems go first. */
  private documentStart = 0;
  /** The current document (run), counted from 1. */
  private run = 0;
  // The broker object being read, and the line it starts on.
  private node: unknown = null;
  private nodeLine = 0;

  problem(line: number, path: JsonPath, message: string): void {
    if (this.pending.length < MAX_ISSUES) this.pending.push({ line, path, message });
    else this.dropped += 1;
  }

  /** A problem of the current broker, its line found from its path. */
  private brokerProblem(path: JsonPath, message: string): void {
    this.problem(lineAt(this.node, this.nodeLine, path.slice(2)), path, message);
  }

  /**
   * The line of `logDirs[d].partitions[p].partition` in the current broker: `lineAt` without building
   * a path, since it runs once per replica (a 1,000,000-replica paste).
   */
  private entryLine(d: number, p: number): number {
    type Node = WithLines & Record<string | number, unknown>;
    // The broker, its logDirs, dir d, its partitions, entry p: each a container the reader already
    // checked (the replica would not be read otherwise), each possibly carrying its members' lines.
    const broker = this.node as Node;
    let line = broker[LINES]?.logDirs ?? this.nodeLine;
    const dirs = broker.logDirs as Node;
    line = dirs[LINES]?.[d] ?? line;
    const dir = dirs[d] as Node;
    line = dir[LINES]?.partitions ?? line;
    const entries = dir.partitions as Node;
    line = entries[LINES]?.[p] ?? line;
    return (entries[p] as Node)[LINES]?.partition ?? line;
  }

  /** A problem that belongs before the problems already found in the current document. */
  private documentProblem(line: number, path: JsonPath, message: string): void {
    if (this.documentStart >= MAX_ISSUES) {
      this.dropped += 1;
      return;
    }
    this.pending.splice(this.documentStart++, 0, { line, path, message });
    if (this.pending.length > MAX_ISSUES) {
      this.pending.pop();
      this.dropped += 1;
    }
  }

  startDocument(): void {
    this.documentStart = this.pending.length;
    this.run += 1;
  }

  /** The document's own fields, once it closed (its brokers went through `broker` as they came). */
  endDocument(doc: DocumentShape): void {
    if (doc.kind === "not-object") {
      this.documentProblem(doc.line, [], `expected a JSON object like {"brokers":[...],"version":1}, got ${describeValue(doc.value)}`);
      return;
    }
    const { version, brokers } = doc;
    if (version !== undefined && version.value !== FORMAT_VERSION) {
      this.documentProblem(version.line, ["version"], `expected ${FORMAT_VERSION} (the kafka-log-dirs format this reads), got ${describeValue(version.value)}`);
    }
    if (brokers !== "streamed") {
      this.documentProblem(brokers?.line ?? doc.line, ["brokers"], `expected an array of brokers, got ${describeValue(brokers?.value)}`);
    }
  }

  /** A second "brokers" key after an array was already read: JSON.parse would keep only the last. */
  brokersTwice(line: number): void {
    this.problem(line, ["brokers"], `"brokers" appears twice in one document; paste each run's output once`);
  }

  /** Element `b` of a document's brokers array, starting on `line`. */
  broker(b: number, raw: unknown, line: number): void {
    this.node = raw;
    this.nodeLine = line;
    try {
      this.readBroker(b, raw);
    } finally {
      this.node = null;
    }
  }

  private readBroker(b: number, raw: unknown): void {
    if (!isObject(raw)) {
      this.brokerProblem(["brokers", b], `expected a broker like {"broker":1,"logDirs":[...]}, got ${describeValue(raw)}`);
      return;
    }
    const id = raw.broker;
    const idOk = isCount(id) && id <= 2147483647;
    if (!idOk) this.brokerProblem(["brokers", b, "broker"], `expected a broker id (a non-negative integer), got ${describeValue(id)}`);
    const dirs = raw.logDirs;
    if (!Array.isArray(dirs)) {
      this.brokerProblem(["brokers", b, "logDirs"], `expected an array of log dirs, got ${describeValue(dirs)}`);
      return;
    }
    if (!idOk) return;
    const seen = this.brokers.get(id);
    if (seen?.runs.has(this.run)) {
      this.brokerProblem(["brokers", b, "broker"], `broker ${id} is listed twice in one run of kafka-log-dirs; paste each run's output as the tool printed it`);
      return;
    }
    const broker = seen ?? { listing: { id, logDirs: [] }, runs: new Set<number>(), dirs: new Map<string, { dir: LogDir; line: number }>() };
    broker.runs.add(this.run);
    this.brokers.set(id, broker);
    const paths = new Set<string>();
    dirs.forEach((dir, d) => {
      const logDir = this.logDir(b, d, id, dir);
      if (!logDir) return;
      const line = lineAt(this.node, this.nodeLine, [...dirPath(b, d), "logDir"].slice(2));
      if (paths.has(logDir.path)) {
        this.brokerProblem([...dirPath(b, d), "logDir"], `log dir ${quote(logDir.path)} is listed twice on broker ${id}`);
        return;
      }
      paths.add(logDir.path);
      const earlier = broker.dirs.get(logDir.path);
      if (!earlier) {
        broker.dirs.set(logDir.path, { dir: logDir, line });
        broker.listing.logDirs.push(logDir);
      } else if (earlier.dir.state !== logDir.state) {
        // Two runs of one broker: a dir is one dir, and it cannot be both online and offline.
        const [offline, online] = logDir.state === "offline" ? [line, earlier.line] : [earlier.line, line];
        this.brokerProblem(
          [...dirPath(b, d), "error"],
          `log dir ${quote(logDir.path)} of broker ${id} is offline in one run (line ${offline}) and online in another (line ${online}); paste runs taken at the same time`,
        );
      }
    });
  }

  /** Dir capacity, if a tool prints it: a byte count, with -1 (Kafka's UNKNOWN_VOLUME_BYTES) as unknown. */
  private capacity(path: JsonPath, value: unknown): number | null {
    if (value === undefined || value === null || value === -1) return null;
    if (isCount(value)) return value;
    this.brokerProblem(path, `expected a byte count (a non-negative integer, or -1 for unknown), got ${describeValue(value)}`);
    return null;
  }

  private logDir(b: number, d: number, broker: number, raw: unknown): LogDir | null {
    const path = dirPath(b, d);
    if (!isObject(raw)) {
      this.brokerProblem(path, `expected a log dir like {"logDir":"/data/d1","error":null,"partitions":[...]}, got ${describeValue(raw)}`);
      return null;
    }
    const { logDir, error, partitions } = raw;
    const pathOk = typeof logDir === "string" && logDir !== "";
    if (!pathOk) this.brokerProblem([...path, "logDir"], `expected the log dir path (a non-empty string), got ${describeValue(logDir)}`);
    const errorOk = error === undefined || error === null || typeof error === "string";
    if (!errorOk) this.brokerProblem([...path, "error"], `expected null or the error's class name (a string), got ${describeValue(error)}`);
    if (!Array.isArray(partitions)) {
      this.brokerProblem([...path, "partitions"], `expected an array of partitions (empty for an offline dir), got ${describeValue(partitions)}`);
      return null;
    }
    const totalBytes = this.capacity([...path, "totalBytes"], raw.totalBytes);
    const usableBytes = this.capacity([...path, "usableBytes"], raw.usableBytes);
    for (let p = 0; p < partitions.length; p++) this.replica([b, d, p], broker, pathOk ? logDir : null, partitions[p]);
    if (!pathOk || !errorOk) return null;
    const errorText = typeof error === "string" ? error : null;
    return { path: logDir, totalBytes, usableBytes, state: errorText === null ? "online" : "offline", error: errorText };
  }

  private replica(at: readonly [number, number, number], broker: number, logDir: string | null, raw: unknown): void {
    if (!isObject(raw)) {
      this.brokerProblem(entryPath(at), `expected a replica like {"partition":"orders-0","size":123,"offsetLag":0,"isFuture":false}, got ${describeValue(raw)}`);
      return;
    }
    const { partition, size, offsetLag, isFuture } = raw;
    let ok = true;
    let name: { topic: string; partition: number } | null = null;
    if (typeof partition !== "string") {
      this.brokerProblem(entryPath(at, "partition"), `expected "<topic>-<partition>" such as "orders-eu-3", got ${describeValue(partition)}`);
      ok = false;
    } else {
      const split = parseTopicPartitionName(partition);
      if (split.ok) name = split.value;
      else {
        this.brokerProblem(entryPath(at, "partition"), split.error.message);
        ok = false;
      }
    }
    if (!isCount(size)) {
      const tooBig = typeof size === "number" && Number.isInteger(size) && size > 0;
      this.brokerProblem(
        entryPath(at, "size"),
        tooBig ? `${size} bytes is beyond what this reads exactly (2^53, about 9 PB)` : `expected a non-negative integer, got ${describeValue(size)}`,
      );
      ok = false;
    }
    if (offsetLag !== undefined && !(typeof offsetLag === "number" && Number.isSafeInteger(offsetLag))) {
      this.brokerProblem(entryPath(at, "offsetLag"), `expected an integer, got ${describeValue(offsetLag)}`);
      ok = false;
    }
    if (isFuture !== undefined && typeof isFuture !== "boolean") {
      this.brokerProblem(entryPath(at, "isFuture"), `expected true or false, got ${describeValue(isFuture)}`);
      ok = false;
    }
    if (!ok || !name || typeof partition !== "string" || !isCount(size) || logDir === null) return;

    const where = isFuture === true ? { at, isFutureLine: lineAt(this.node, this.nodeLine, entryPath(at, "isFuture").slice(2)) } : null;
    const line = this.entryLine(at[1], at[2]);
    const entry: Entry = {
      topic: name.topic,
      partition: name.partition,
      logDir,
      sizeBytes: size,
      offsetLag: typeof offsetLag === "number" ? offsetLag : null,
      line,
      run: this.run,
      where,
    };
    const maps = isFuture === true ? this.futures : this.current;
    let byName = maps.get(broker);
    if (!byName) maps.set(broker, (byName = new Map()));
    const earlier = byName.get(partition);
    if (!earlier) byName.set(partition, entry);
    else this.brokerProblem(entryPath(at, "partition"), overlap(partition, broker, isFuture === true, earlier, entry));
  }

  /** Pairs each future copy with the current replica on its broker. */
  finish(): LogDirsListing {
    const replicas: LogDirsReplica[] = [];
    for (const [broker, byName] of this.current) {
      const futures = this.futures.get(broker);
      for (const [name, entry] of byName) {
        const future = futures?.get(name);
        if (future?.where && future.logDir === entry.logDir) {
          this.problem(
            future.where.isFutureLine,
            entryPath(future.where.at, "isFuture"),
            `the future replica of ${name} on broker ${broker} is in the same dir as the current one (${quote(entry.logDir)}); Kafka copies a future replica into another dir`,
          );
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
    const brokers = [...this.brokers.values()].sort((a, b) => a.listing.id - b.listing.id);
    return { brokers: brokers.map((b) => b.listing), replicas, runs: this.run, splitBrokers: brokers.filter((b) => b.runs.size > 1).map((b) => b.listing.id) };
  }
}
