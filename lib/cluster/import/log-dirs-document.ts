/**
 * The JSON documents of kafka-log-dirs output, checked field by field: every broker, dir and replica
 * once, sizes as exact non-negative integers, and each `isFuture` copy paired with the current replica
 * on its broker. Problems are collected with their JSON path; `log-dirs.ts` turns paths into lines.
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
}

/** The only version LogDirsCommand has ever written (2.4 to 4.x). */
const FORMAT_VERSION = 1;

export interface Segment {
  /** 1-based line of the segment's first line in the pasted text. */
  firstLine: number;
  text: string;
  multiLine: boolean;
}

export interface Pending {
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

export class LogDirsDocumentReader {
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
    const paths = new Set<string>();
    dirs.forEach((dir, d) => {
      const logDir = this.logDir(segment, b, d, id, dir);
      if (!logDir) return;
      if (paths.has(logDir.path)) {
        this.problem(segment, [...dirPath(b, d), "logDir"], `log dir ${quote(logDir.path)} is listed twice on broker ${id}`);
      } else {
        paths.add(logDir.path);
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
      const split = parseTopicPartitionName(partition);
      if (split.ok) name = split.value;
      else {
        this.problem(segment, entryPath(at, "partition"), split.error.message);
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

