/**
 * Reads the output of `kafka-topics.sh --describe` (kafka.admin.TopicCommand up to 3.4,
 * org.apache.kafka.tools.TopicCommand from 3.5), in every format from 2.x to 4.x:
 *
 *   Topic: orders  TopicId: 3cN8…  PartitionCount: 2  ReplicationFactor: 2  Configs: segment.bytes=1073741824
 *       Topic: orders  Partition: 0  Leader: 1  Replicas: 1,2  Isr: 1,2  Elr: N/A  LastKnownElr: N/A
 *
 * Formats seen in Kafka's source (fields are tab-separated, each `Key: value`):
 * - summary lines: `Topic`, `TopicId` (2.8+, left out when zero), `PartitionCount`, `ReplicationFactor`,
 *   `Configs` (non-default configs as name=value joined by commas), `MarkedForDeletion: true`. Before
 *   2.4 the summary had no space after the colons (`Topic:orders\tPartitionCount:2`).
 * - partition lines: `Topic`, `Partition`, `Leader` (`none` without a leader; `-1` in some older
 *   tools), `Replicas` (preferred leader first), `Isr`, then `Adding Replicas` / `Removing Replicas`
 *   during a reassignment (2.5+), `Elr` / `LastKnownElr` (3.8+, `N/A` when unknown),
 *   `MarkedForDeletion`. `Offline` (some distributions) lists offline replicas.
 * - `--under-replicated-partitions` and similar filters print partition lines without a summary.
 *
 * Fields are found by their `Key:` names rather than by tabs, because a terminal copy often turns tabs
 * into spaces; topic names cannot contain spaces or colons, so this is unambiguous. Unknown keys are
 * ignored (newer tools add columns). Any problem means no result: a paste that was cut off would
 * otherwise look like a cluster with fewer partitions.
 */
import { importFailure, IssueList, quote, splitLines } from "./issues";
import { ToolNoise } from "./tool-noise";
import { success, type Result } from "@/lib/model/result";
import { isInternalTopic, topicNameProblem } from "@/lib/model/kafka-names";

export interface DescribedPartition {
  id: number;
  leader: number | null;
  /** Assignment order: the first is the preferred leader. During a reassignment this includes `adding`. */
  replicas: number[];
  isr: number[];
  /** Null when the line had no `Adding Replicas`/`Removing Replicas` (no reassignment in flight). */
  adding: number[] | null;
  removing: number[] | null;
  offline: number[];
  line: number;
}

export interface DescribedTopic {
  name: string;
  internal: boolean;
  topicId: string | null;
  /** From the summary line; null when the output had only partition lines. */
  partitionCount: number | null;
  /** Non-default topic configs from the summary line. */
  configs: Record<string, string>;
  partitions: DescribedPartition[];
}

export interface TopicsListing {
  topics: DescribedTopic[];
}

// Two-word keys are listed by name: a generic two-word pattern would read "orders PartitionCount:" as
// one key when tabs became spaces.
const KEY_RE = /(^|\s)(Adding Replicas|Removing Replicas|[A-Z][A-Za-z]*):/g;
const BROKER_ID = /^\d{1,10}$/;
const INT32_MAX = 2147483647;
/** Uuid.toString(): 16 bytes, base64url without padding. */
const TOPIC_ID = /^[A-Za-z0-9_-]{22}$/;

interface Fields {
  values: Map<string, string>;
  /** Text before the first key (must be empty) and a key given twice, if any. */
  leading: string;
  repeated: string | null;
}

function fieldsOf(line: string): Fields {
  const values = new Map<string, string>();
  let repeated: string | null = null;
  const found: { key: string; keyStart: number; valueStart: number }[] = [];
  for (const m of line.matchAll(KEY_RE)) {
    const prefix = m[1] ?? "";
    const key = m[2] ?? "";
    found.push({ key, keyStart: m.index + prefix.length, valueStart: m.index + m[0].length });
  }
  found.forEach((f, i) => {
    const end = found[i + 1]?.keyStart ?? line.length;
    if (values.has(f.key)) repeated ??= f.key;
    values.set(f.key, line.slice(f.valueStart, end).trim());
  });
  return { values, leading: line.slice(0, found[0]?.keyStart ?? line.length).trim(), repeated };
}

function parseBrokerId(text: string): number | null {
  return BROKER_ID.test(text) && Number(text) <= INT32_MAX ? Number(text) : null;
}

/** `1,2,3` → [1, 2, 3]; empty text is an empty list. Null when any id is not a broker id. */
function parseBrokerList(text: string): number[] | null {
  if (text === "") return [];
  const ids: number[] = [];
  for (const part of text.split(",")) {
    const id = parseBrokerId(part.trim());
    if (id === null) return null;
    ids.push(id);
  }
  return ids;
}

/**
 * `Configs:` joins `name=value` with commas, and some values hold commas themselves
 * (`leader.replication.throttled.replicas=0:1,0:2`): a piece that does not start with a config name
 * belongs to the value before it.
 */
function parseConfigs(text: string): Record<string, string> {
  const configs: Record<string, string> = {};
  let last: string | null = null;
  for (const piece of text === "" ? [] : text.split(",")) {
    const m = /^([a-z][a-z0-9._-]*)=(.*)$/.exec(piece);
    if (m?.[1] !== undefined) {
      last = m[1];
      configs[last] = m[2] ?? "";
    } else if (last !== null) {
      configs[last] += `,${piece}`;
    }
  }
  return configs;
}

class TopicsReader {
  readonly issues = new IssueList("topics");
  /** Kafka's logging and a failed run's report (tool-noise.ts): skipped, or the answer. */
  readonly noise = new ToolNoise("topics");
  private readonly topics = new Map<string, DescribedTopic & { summaryLine: number | null; partitionLines: Map<number, number> }>();

  private topic(name: string) {
    let topic = this.topics.get(name);
    if (!topic) {
      topic = { name, internal: isInternalTopic(name), topicId: null, partitionCount: null, configs: {}, partitions: [], summaryLine: null, partitionLines: new Map() };
      this.topics.set(name, topic);
    }
    return topic;
  }

  line(text: string, line: number): void {
    if (text.trim() === "") return;
    if (this.noise.read(line, text.trim())) return;
    const { values, leading, repeated } = fieldsOf(text);
    const isPartition = values.has("Partition");
    const isSummary = !isPartition && (values.has("PartitionCount") || values.has("ReplicationFactor"));
    if (leading !== "" || !values.has("Topic") || (!isPartition && !isSummary)) {
      this.issues.add(
        line,
        "",
        `not a kafka-topics --describe line: expected "Topic: <name> PartitionCount: …" or "Topic: <name> Partition: <n> Leader: …", got ${quote(text.trim())}; remove lines that are not the tool's output`,
      );
      return;
    }
    if (repeated) {
      this.issues.add(line, repeated, `"${repeated}:" appears twice on one line; were two lines joined?`);
      return;
    }
    const name = values.get("Topic") ?? "";
    const nameProblem = topicNameProblem(name);
    if (nameProblem) {
      this.issues.add(line, "Topic", `${nameProblem}, got ${quote(name)}`);
      return;
    }
    if (isPartition) this.partitionLine(name, values, line);
    else this.summaryLine(name, values, line);
  }

  private count(values: Map<string, string>, key: string, line: number): number | null {
    const raw = values.get(key);
    if (raw === undefined) return null;
    const n = parseBrokerId(raw);
    if (n === null) this.issues.add(line, key, `expected a whole number, got ${quote(raw)}`);
    return n;
  }

  private summaryLine(name: string, values: Map<string, string>, line: number): void {
    const topic = this.topic(name);
    if (topic.summaryLine !== null) {
      this.issues.add(line, "Topic", `topic ${name} is described twice (lines ${topic.summaryLine} and ${line}); paste one describe output`);
      return;
    }
    topic.summaryLine = line;
    const topicId = values.get("TopicId");
    if (topicId !== undefined) {
      if (TOPIC_ID.test(topicId)) topic.topicId = topicId;
      else this.issues.add(line, "TopicId", `expected a 22-character topic id such as "MYuf7H9aQpKM6JZ4mqJp0Q", got ${quote(topicId)}`);
    }
    topic.partitionCount = this.count(values, "PartitionCount", line);
    this.count(values, "ReplicationFactor", line);
    topic.configs = parseConfigs(values.get("Configs") ?? "");
  }

  private brokerList(values: Map<string, string>, key: string, line: number, required: boolean): number[] | null {
    const raw = values.get(key);
    if (raw === undefined) {
      if (required) this.issues.add(line, key, `the partition line has no "${key}:"; paste whole lines`);
      return null;
    }
    const ids = parseBrokerList(raw);
    if (ids === null) {
      this.issues.add(line, key, `expected broker ids separated by commas, such as "1,2,3", got ${quote(raw)}`);
      return null;
    }
    if (new Set(ids).size !== ids.length) {
      this.issues.add(line, key, `lists a broker twice: ${quote(raw)}`);
      return null;
    }
    return ids;
  }

  private partitionLine(name: string, values: Map<string, string>, line: number): void {
    const before = this.issues.items.length;
    const rawId = values.get("Partition") ?? "";
    const id = parseBrokerId(rawId);
    if (id === null) this.issues.add(line, "Partition", `expected a partition number, got ${quote(rawId)}`);
    const rawLeader = values.get("Leader");
    let leader: number | null = null;
    if (rawLeader === undefined) this.issues.add(line, "Leader", `the partition line has no "Leader:"; paste whole lines`);
    else if (rawLeader !== "none" && rawLeader !== "-1") {
      leader = parseBrokerId(rawLeader);
      if (leader === null) this.issues.add(line, "Leader", `expected a broker id or "none", got ${quote(rawLeader)}`);
    }
    const replicas = this.brokerList(values, "Replicas", line, true);
    if (replicas?.length === 0) this.issues.add(line, "Replicas", "a partition has at least one replica; the list is empty");
    const isr = this.brokerList(values, "Isr", line, true);
    const adding = this.brokerList(values, "Adding Replicas", line, false);
    const removing = this.brokerList(values, "Removing Replicas", line, false);
    const offline = this.brokerList(values, "Offline", line, false);
    for (const key of ["Elr", "LastKnownElr"]) {
      const raw = values.get(key);
      if (raw !== undefined && raw !== "N/A") this.brokerList(values, key, line, false);
    }
    if (this.issues.items.length > before || id === null || replicas === null || isr === null) return;

    const topic = this.topic(name);
    const earlier = topic.partitionLines.get(id);
    if (earlier !== undefined) {
      this.issues.add(line, "Partition", `partition ${name}-${id} is listed twice (lines ${earlier} and ${line}); paste one describe output`);
      return;
    }
    topic.partitionLines.set(id, line);
    topic.partitions.push({ id, leader, replicas, isr, adding, removing, offline: offline ?? [], line });
  }

  finish(): TopicsListing {
    // Counts are checked only on otherwise clean input: a line already reported would be counted twice.
    for (const topic of this.issues.empty ? this.topics.values() : []) {
      if (topic.summaryLine === null || topic.partitionCount === null || topic.partitions.length === topic.partitionCount) continue;
      const found = topic.partitions.length;
      this.issues.add(
        topic.summaryLine,
        "PartitionCount",
        found === 0
          ? `topic ${topic.name} has ${topic.partitionCount} partitions but no partition lines follow; paste kafka-topics --describe output without --topics-with-overrides`
          : `topic ${topic.name} has ${topic.partitionCount} partitions but ${found} partition line${found === 1 ? "" : "s"} follow; was the paste cut off?`,
      );
    }
    const topics = [...this.topics.values()].map(({ summaryLine: _s, partitionLines: _p, ...topic }) => topic);
    return { topics };
  }
}

export function parseTopicsDescribe(text: string): Result<TopicsListing> {
  const reader = new TopicsReader();
  const lines = splitLines(text);
  for (let i = 0; i < lines.length && !reader.issues.full; i++) reader.line(lines[i] ?? "", i + 1);
  const listing = reader.finish();
  const failed = reader.noise.failed(listing.topics.length > 0 && reader.issues.empty);
  if (failed) return importFailure([failed]);
  if (reader.issues.empty && listing.topics.length === 0) {
    reader.issues.add(null, "", 'no topics found: paste the output of kafka-topics.sh --describe (lines that start with "Topic:")');
  }
  if (!reader.issues.empty) return reader.issues.failed();
  const note = reader.noise.note(true);
  return success(listing, note ? [note] : undefined);
}
