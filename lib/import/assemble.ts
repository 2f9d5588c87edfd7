/**
 * Builds a snapshot from what the parsers read: dirs and sizes from kafka-log-dirs, assignment order,
 * leaders, ISR and reassignments from kafka-topics (when given), racks from the racks text.
 *
 * When the two outputs disagree (they are taken at different moments, or with filters such as
 * `--topic-list` or `--broker-list`), nothing is dropped silently:
 * - a replica kafka-topics assigns but kafka-log-dirs does not hold stays, with dir and size unknown;
 * - a replica on disk that kafka-topics does not assign stays too, after the assigned ones, because its
 *   bytes fill a disk (a stray log from an earlier reassignment is exactly what a balance view shows);
 * - partitions and topics only in kafka-log-dirs keep their replicas in broker id order, leader unknown;
 * - a partition only in kafka-topics keeps its replicas with dirs and sizes unknown;
 * - a broker only in kafka-topics (down when kafka-log-dirs ran, left out by --broker-list, or gone for
 *   good with partitions still assigned to it) is listed in state `unknown`, not `online`: its bytes
 *   are missing, not zero, and counted as zero it would drag the broker mean down and make every real
 *   broker look heavy. The report leaves unknown brokers out of its skews and the verdict names them.
 * Each case becomes one warning with a count and an example, most consequential first (unknown
 * brokers, then partitions and replicas only one output knows). The warnings also go into the
 * snapshot's `source.warnings`, in words, so they travel with it (tab storage, shared links) and the
 * overview shows them beside the verdict.
 */
import { formatCountOf } from "@/lib/model/format";
import { isInternalTopic } from "@/lib/model/kafka-names";
import { formatImportIssue, type ImportIssue, type ImportSource } from "./issues";
import type { LogDirsListing, LogDirsReplica } from "./log-dirs";
import type { RackMap } from "./racks";
import type { DescribedTopic, TopicsListing } from "./topics-describe";
import type { ConfigsListing } from "./configs-describe";
import { SNAPSHOT_SCHEMA_VERSION, type ClusterSnapshotInput, type Fact, type ThrottleRates } from "@/lib/model/snapshot";

export interface AssembleInput {
  logDirs: LogDirsListing;
  topics: TopicsListing | null;
  racks: RackMap | null;
  /** kafka-configs --describe output for brokers and/or topics (configs-describe.ts), or null. */
  configs?: ConfigsListing | null;
  capturedAt: string;
  label: string;
}

type BrokerInput = ClusterSnapshotInput["brokers"][number];
type SnapshotTopic = ClusterSnapshotInput["topics"][number];
type SnapshotPartition = SnapshotTopic["partitions"][number];
type SnapshotReplica = SnapshotPartition["replicas"][number];
type Reassignment = NonNullable<NonNullable<ClusterSnapshotInput["throttles"]>["reassignments"]>[number];
type TopicThrottle = NonNullable<NonNullable<ClusterSnapshotInput["throttles"]>["topics"]>[number];

/** Kinds of disagreement, most consequential first: the order warnings are listed in. */
const KIND_ORDER = ["no-broker", "topic-list", "topics-only-partition", "not-on-disk", "stray", "disk-only-partition", "disk-only-topic", "configs", "rack", "no-topics"] as const;
type Kind = (typeof KIND_ORDER)[number];

/** Counts one kind of disagreement and keeps the first example, so a warning reads "N …, e.g. …". */
class Tally {
  private readonly kinds = new Map<
    string,
    { kind: Kind; source: ImportSource; line: number | null; count: number; example: string; say: (count: number, example: string) => string }
  >();

  /** `key` tells apart warnings of one kind (one per broker); it defaults to the kind. */
  add(kind: Kind, source: ImportSource, line: number | null, example: string, say: (count: number, example: string) => string, key: string = kind): void {
    const seen = this.kinds.get(key);
    if (seen) seen.count += 1;
    else this.kinds.set(key, { kind, source, line, count: 1, example, say });
  }

  /** In KIND_ORDER, and in the order first seen within a kind. */
  warnings(): ImportIssue[] {
    return [...this.kinds.values()]
      .map((k, seen) => ({ k, seen }))
      .sort((a, b) => KIND_ORDER.indexOf(a.k.kind) - KIND_ORDER.indexOf(b.k.kind) || a.seen - b.seen)
      .map(({ k }) => ({ source: k.source, line: k.line, path: "", message: k.say(k.count, k.example) }));
  }
}

/** The error an unknown broker carries: why its state, dirs and bytes are not known. */
export const NOT_IN_LOG_DIRS = "not in the kafka-log-dirs output (down when it ran, or left out by --broker-list?): its state, log dirs and bytes are unknown";

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

function replicaOf(r: LogDirsReplica | undefined, broker: number): SnapshotReplica {
  if (!r) return { broker, logDir: null, sizeBytes: null, offsetLag: null, future: null };
  return { broker, logDir: r.logDir, sizeBytes: r.sizeBytes, offsetLag: r.offsetLag, future: r.future };
}

function byBroker(replicas: readonly LogDirsReplica[]): LogDirsReplica[] {
  return [...replicas].sort((a, b) => a.broker - b.broker);
}

/** Partition → replicas on disk, for one topic. */
type OnDisk = Map<number, LogDirsReplica[]>;

function indexLogDirs(listing: LogDirsListing): Map<string, OnDisk> {
  const index = new Map<string, OnDisk>();
  for (const r of listing.replicas) {
    let partitions = index.get(r.topic);
    if (!partitions) index.set(r.topic, (partitions = new Map()));
    const list = partitions.get(r.partition);
    if (list) list.push(r);
    else partitions.set(r.partition, [r]);
  }
  return index;
}

function diskOnlyPartitions(onDisk: OnDisk): SnapshotPartition[] {
  return [...onDisk.entries()].map(([id, replicas]) => ({ id, replicas: byBroker(replicas).map((r) => replicaOf(r, r.broker)), leader: null, isr: [] }));
}

function throttleOf(topic: DescribedTopic): TopicThrottle | null {
  const leader = topic.configs["leader.replication.throttled.replicas"] ?? null;
  const follower = topic.configs["follower.replication.throttled.replicas"] ?? null;
  return leader === null && follower === null ? null : { topic: topic.name, leaderReplicas: leader, followerReplicas: follower };
}

const SKEW_OF_THOSE = "broker skew is of those topics only";

/**
 * A kafka-log-dirs paste that covers only some topics (`--topic-list`) makes the broker skew that of
 * those topics, which the figures cannot show. What is known, and said as known:
 * - a broker in several runs: the runs were filtered by --topic-list (an unfiltered run already lists
 *   every partition of a broker);
 * - with kafka-topics: topics it lists that kafka-log-dirs holds no replica of, on brokers it covered;
 * - without either: no __consumer_offsets partition although the paste holds topics, which an
 *   unfiltered run of a cluster that has ever had a consumer group shows; said as a condition.
 */
function filteredRun(input: AssembleInput, tally: Tally): void {
  const covered = new Set(input.logDirs.replicas.map((r) => r.topic));
  const n = covered.size;
  if (n === 0) return;
  const topics = `${n} ${plural(n, "topic", "topics")}`;
  const { splitBrokers, runs } = input.logDirs;
  if (input.topics) {
    const brokers = new Set(input.logDirs.brokers.map((b) => b.id));
    const missing = input.topics.topics.filter((t) => !covered.has(t.name) && t.partitions.some((p) => p.replicas.some((b) => brokers.has(b))));
    if (missing.length === 0) return;
    const total = n + missing.length;
    tally.add(
      "topic-list",
      "logDirs",
      null,
      missing[0]!.name,
      (_count, e) =>
        `the kafka-log-dirs paste covers only ${n} of the ${total} topics the kafka-topics output lists (a --topic-list run? e.g. ${e} has no replica in it): ${SKEW_OF_THOSE}; paste a kafka-log-dirs run without --topic-list for the whole cluster`,
    );
    return;
  }
  if (splitBrokers.length > 0) {
    const ids = splitBrokers.slice(0, 5).join(", ");
    tally.add(
      "topic-list",
      "logDirs",
      null,
      "",
      () =>
        `the paste covers only ${topics} (--topic-list runs: ${plural(splitBrokers.length, "broker", "brokers")} ${ids}${splitBrokers.length > 5 ? ", …" : ""} ${plural(splitBrokers.length, "appears", "appear")} in ${runs} runs): ${SKEW_OF_THOSE}; topics no run listed are not counted`,
    );
    return;
  }
  if (![...covered].some((t) => t === "__consumer_offsets")) {
    tally.add(
      "topic-list",
      "logDirs",
      null,
      "",
      () =>
        `the paste covers ${topics} and no __consumer_offsets partition: if it is a --topic-list run, it covers only those ${topics} and ${SKEW_OF_THOSE} (a cluster that never had a consumer group has no __consumer_offsets; then this is the whole cluster)`,
    );
  }
}

export function assembleSnapshot(input: AssembleInput): { snapshot: ClusterSnapshotInput; warnings: ImportIssue[] } {
  const tally = new Tally();
  const onDiskByTopic = indexLogDirs(input.logDirs);
  const logDirBrokers = new Set(input.logDirs.brokers.map((b) => b.id));
  const topics: SnapshotTopic[] = [];
  const reassignments: Reassignment[] = [];
  const topicThrottles: TopicThrottle[] = [];

  for (const described of input.topics?.topics ?? []) {
    const onDisk: OnDisk = onDiskByTopic.get(described.name) ?? new Map();
    onDiskByTopic.delete(described.name);
    const partitions: SnapshotPartition[] = [];
    for (const p of [...described.partitions].sort((a, b) => a.id - b.id)) {
      const name = `${described.name}-${p.id}`;
      const here = new Map((onDisk.get(p.id) ?? []).map((r) => [r.broker, r]));
      // Not one replica on disk although kafka-log-dirs covered one of its brokers: the partition is missing
      // from that output as a whole (one warning for it, not one per replica).
      const topicsOnly = here.size === 0 && p.replicas.some((b) => logDirBrokers.has(b));
      if (topicsOnly) {
        tally.add(
          "topics-only-partition",
          "topics",
          p.line,
          name,
          (n, e) =>
            `${formatCountOf(n, "partition")} ${plural(n, "is", "are")} in the kafka-topics output but not in the kafka-log-dirs output (e.g. ${e}); kept with log dirs and sizes unknown. A topic created after kafka-log-dirs ran, a --topic-list filter, or an offline dir can cause this`,
        );
      }
      const replicas = p.replicas.map((broker) => {
        const r = here.get(broker);
        here.delete(broker);
        if (!r && !logDirBrokers.has(broker)) {
          tally.add(
            "no-broker",
            "topics",
            p.line,
            name,
            (n) =>
              `broker ${broker} holds ${formatCountOf(n, "replica")} in the kafka-topics output but has no entry in the kafka-log-dirs output (was it down, or left out by --broker-list?); it is shown as unknown and left out of the balance figures`,
            `no-broker-${broker}`,
          );
        } else if (!r && !topicsOnly) {
          tally.add(
            "not-on-disk",
            "topics",
            p.line,
            `${name} on broker ${broker}`,
            (n, e) =>
              `${formatCountOf(n, "replica")} assigned in the kafka-topics output ${plural(n, "is", "are")} not in the kafka-log-dirs output (e.g. ${e}); kept with log dir and size unknown. An offline dir, a --topic-list filter, or outputs taken at different times can cause this`,
          );
        }
        return replicaOf(r, broker);
      });
      for (const stray of byBroker([...here.values()])) {
        tally.add(
          "stray",
          "logDirs",
          null,
          `${name} on broker ${stray.broker} in ${JSON.stringify(stray.logDir ?? stray.future?.logDir ?? "")}`,
          (n, e) =>
            `${formatCountOf(n, "replica")} in the kafka-log-dirs output ${plural(n, "is", "are")} not in ${plural(n, "its", "their")} partition's Replicas in the kafka-topics output (e.g. ${e}); kept after the assigned replicas because the bytes are on disk. A stray log from an earlier reassignment, or outputs taken at different times, can cause this`,
        );
        replicas.push(replicaOf(stray, stray.broker));
      }
      onDisk.delete(p.id);
      partitions.push({ id: p.id, replicas, leader: p.leader, isr: p.isr, adding: p.adding ?? [], removing: p.removing ?? [], offline: p.offline });
      if ((p.adding?.length ?? 0) > 0 || (p.removing?.length ?? 0) > 0) {
        reassignments.push({ topic: described.name, partition: p.id, replicas: p.replicas, adding: p.adding ?? [], removing: p.removing ?? [] });
      }
    }
    for (const extra of diskOnlyPartitions(onDisk)) {
      tally.add(
        "disk-only-partition",
        "logDirs",
        null,
        `${described.name}-${extra.id}`,
        (n, e) =>
          `${formatCountOf(n, "partition")} ${plural(n, "is", "are")} in the kafka-log-dirs output but not in the kafka-topics output (e.g. ${e}); kept with replicas in broker id order and no leader`,
      );
      partitions.push(extra);
    }
    topics.push({ name: described.name, internal: described.internal, topicId: described.topicId, partitions: partitions.sort((a, b) => a.id - b.id) });
    const throttle = throttleOf(described);
    if (throttle) topicThrottles.push(throttle);
  }

  for (const [name, onDisk] of onDiskByTopic) {
    if (input.topics) {
      tally.add(
        "disk-only-topic",
        "logDirs",
        null,
        name,
        (n, e) =>
          `${n} ${plural(n, "topic is", "topics are")} in the kafka-log-dirs output but not in the kafka-topics output (e.g. ${e}); kept with replicas in broker id order and no leader or ISR`,
      );
    }
    topics.push({ name, internal: isInternalTopic(name), topicId: null, partitions: diskOnlyPartitions(onDisk).sort((a, b) => a.id - b.id) });
  }
  topics.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (!input.topics) {
    tally.add(
      "no-topics",
      "topics",
      null,
      "",
      () => "not given, so leaders, ISR and replica order are unknown and replicas are listed in broker id order; add the output of kafka-topics.sh --describe to see them",
    );
  }

  filteredRun(input, tally);

  const dirsByBroker = new Map(input.logDirs.brokers.map((b) => [b.id, b.logDirs]));
  const brokerIds = new Set<number>(dirsByBroker.keys());
  for (const topic of topics) for (const p of topic.partitions) for (const r of p.replicas) brokerIds.add(r.broker);
  for (const [id] of input.racks ?? []) {
    if (!brokerIds.has(id)) {
      tally.add("rack", "racks", null, "", () => `broker ${id} is in neither the kafka-log-dirs nor the kafka-topics output; its rack is ignored`, `rack-${id}`);
    }
  }
  const brokers: BrokerInput[] = [...brokerIds]
    .sort((a, b) => a - b)
    .map((id) => {
      const dirs = dirsByBroker.get(id);
      return dirs
        ? { id, rack: input.racks?.get(id) ?? null, host: null, port: null, state: "online" as const, error: null, logDirs: dirs }
        : { id, rack: input.racks?.get(id) ?? null, host: null, port: null, state: "unknown" as const, error: NOT_IN_LOG_DIRS, logDirs: [] };
    });

  const configs = applyConfigs(input, brokers, topics, topicThrottles, tally);
  const unknownFacts = unknownFactsOf(input, brokers, configs);

  const warnings = tally.warnings();
  return {
    snapshot: {
      schema: SNAPSHOT_SCHEMA_VERSION,
      capturedAt: input.capturedAt,
      source: { kind: "import", label: input.label, kafkaVersion: null, clusterId: null, warnings: warnings.map(formatImportIssue), unknownFacts },
      brokers,
      topics,
      throttles: {
        defaults: configs.defaults ?? { leader: null, follower: null, alterLogDirs: null },
        brokers: configs.brokerRates,
        topics: configs.topicThrottles,
        reassignments,
      },
    },
    warnings,
  };
}

interface AppliedConfigs {
  defaults: ThrottleRates | null;
  brokerRates: (ThrottleRates & { broker: number })[];
  topicThrottles: TopicThrottle[];
  /** Every broker's rates were read (a section of its own), and the cluster defaults. */
  ratesKnown: boolean;
  /** Every topic's throttled replica lists were read (kafka-configs sections, or kafka-topics' Configs). */
  listsKnown: boolean;
  /** Brokers whose rack is known (from an --all section or the racks text). */
  rackKnown: Set<number>;
  /** Brokers whose cordons are known (an --all section, or a cordon set dynamically). */
  cordonsKnown: Set<number>;
}

const trimSlash = (p: string) => p.trim().replace(/\/+$/, "");
const idList = (ids: readonly number[]) => `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", …" : ""}`;

/**
 * What the kafka-configs output adds: throttle rates per broker and the cluster defaults, the
 * topics' throttled replica lists (beside those kafka-topics' Configs column shows), broker.rack and
 * cordoned.log.dirs (from --all sections). What it leaves out is said, so an unknown is not read as
 * "not set": brokers without a section, a cordoned dir the broker does not report, a rack that
 * differs from the racks text.
 */
function applyConfigs(input: AssembleInput, brokers: BrokerInput[], topics: SnapshotTopic[], fromTopics: TopicThrottle[], tally: Tally): AppliedConfigs {
  const rackKnown = new Set<number>(input.racks ? [...input.racks.keys()] : []);
  const listing = input.configs ?? null;
  if (!listing) {
    return { defaults: null, brokerRates: [], topicThrottles: fromTopics, ratesKnown: false, listsKnown: input.topics !== null, rackKnown, cordonsKnown: new Set() };
  }
  const byId = new Map(brokers.map((b) => [b.id, b]));
  const cordonsKnown = new Set<number>();
  const brokerRates: AppliedConfigs["brokerRates"] = [];
  for (const c of listing.brokers) {
    const broker = byId.get(c.id);
    if (!broker) {
      tally.add(
        "configs",
        "configs",
        c.line,
        String(c.id),
        (n, e) =>
          `${formatCountOf(n, "broker")} in the kafka-configs output ${plural(n, "is", "are")} in neither the kafka-log-dirs nor the kafka-topics output (e.g. broker ${e}); ${plural(n, "its", "their")} configs are left out`,
      );
      continue;
    }
    if (c.rates.leader !== null || c.rates.follower !== null || c.rates.alterLogDirs !== null) brokerRates.push({ broker: c.id, ...c.rates });
    if (c.rack !== undefined) {
      const given = input.racks?.get(c.id);
      if (given !== undefined && given !== c.rack) {
        tally.add(
          "configs",
          "configs",
          c.line,
          `${c.id}`,
          () =>
            `broker ${c.id}'s broker.rack is ${c.rack === null ? "not set" : JSON.stringify(c.rack)} in the kafka-configs output and ${JSON.stringify(given)} in the racks text; the kafka-configs value is used`,
          `configs-rack-${c.id}`,
        );
      }
      broker.rack = c.rack;
      rackKnown.add(c.id);
    }
    if (c.cordoned !== undefined) {
      cordonsKnown.add(c.id);
      const listed = c.cordoned === "*" ? null : new Set(c.cordoned.map(trimSlash));
      // Copies: the listing's dirs stay as kafka-log-dirs reported them. An offline dir stays offline.
      const dirs = (broker.logDirs ?? []).map((d) =>
        (listed === null || listed.has(trimSlash(d.path))) && (d.state ?? "online") === "online" ? { ...d, state: "cordoned" as const } : d,
      );
      broker.logDirs = dirs;
      const paths = new Set(dirs.map((d) => trimSlash(d.path)));
      const stray = listed === null || broker.state === "unknown" ? [] : [...listed].filter((p) => !paths.has(p));
      if (stray.length > 0) {
        tally.add(
          "configs",
          "configs",
          c.line,
          `${c.id}`,
          () =>
            `broker ${c.id}'s cordoned.log.dirs names ${stray.map((p) => JSON.stringify(p)).join(", ")}, which the kafka-log-dirs output does not list for it; that cordon is not shown`,
          `configs-cordon-${c.id}`,
        );
      }
    }
  }
  const withSection = new Set(listing.brokers.map((c) => c.id));
  const withoutSection = brokers.filter((b) => !withSection.has(b.id)).map((b) => b.id);
  const defaults = listing.defaults ?? listing.brokers.find((c) => c.defaults !== null)?.defaults ?? null;
  if (listing.brokers.length > 0 && withoutSection.length > 0) {
    tally.add(
      "configs",
      "configs",
      null,
      "",
      () =>
        `the kafka-configs output has no section for ${plural(withoutSection.length, "broker", "brokers")} ${idList(withoutSection)}: ${plural(withoutSection.length, "its", "their")} throttle rates${listing.brokers.some((c) => c.all) ? ", rack and cordons" : ""} are unknown; describe every broker (leave out --entity-name)`,
      "configs-brokers",
    );
  }
  if (listing.brokers.length > 0 && defaults === null) {
    tally.add(
      "configs",
      "configs",
      null,
      "",
      () =>
        `the kafka-configs output has no "Default configs for brokers in the cluster" section, so the cluster-wide throttle defaults are unknown; describe the brokers without --entity-name (or with --entity-default)`,
      "configs-defaults",
    );
  }

  // Topic lists: kafka-configs' sections win over kafka-topics' Configs column for the topics they describe.
  const described = new Map(listing.topics.map((t) => [t.name, t]));
  const topicThrottles = fromTopics.filter((t) => !described.has(t.topic));
  for (const t of listing.topics)
    if (t.leaderReplicas !== null || t.followerReplicas !== null) topicThrottles.push({ topic: t.name, leaderReplicas: t.leaderReplicas, followerReplicas: t.followerReplicas });
  topicThrottles.sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
  const names = new Set(topics.map((t) => t.name));
  const extraTopics = listing.topics.filter((t) => !names.has(t.name));
  if (extraTopics.length > 0) {
    tally.add(
      "configs",
      "configs",
      extraTopics[0]!.line,
      extraTopics[0]!.name,
      (n, e) =>
        `${extraTopics.length} ${plural(extraTopics.length, "topic", "topics")} in the kafka-configs output ${plural(extraTopics.length, "is", "are")} in neither the kafka-log-dirs nor the kafka-topics output (e.g. ${e}); ${plural(n, "its", "their")} throttled replica lists are kept`,
      "configs-topics",
    );
  }
  const listsKnown = input.topics !== null || (listing.topics.length > 0 && topics.every((t) => described.has(t.name)));
  if (input.topics === null && listing.topics.length > 0 && !listsKnown) {
    const missing = topics.filter((t) => !described.has(t.name)).map((t) => t.name);
    tally.add(
      "configs",
      "configs",
      null,
      "",
      () =>
        `the kafka-configs output describes ${listing.topics.length} of the ${topics.length} topics (e.g. ${missing[0]} is missing): the throttled replica lists of the others are unknown; describe every topic (leave out --entity-name)`,
      "configs-topic-lists",
    );
  }
  const ratesKnown = listing.brokers.length > 0 && withoutSection.length === 0 && defaults !== null;
  return { defaults, brokerRates: brokerRates.sort((a, b) => a.broker - b.broker), topicThrottles, ratesKnown, listsKnown, rackKnown, cordonsKnown };
}

/** The facts the pasted texts did not carry (lib/model/facts.ts): unknown, not "none". */
function unknownFactsOf(input: AssembleInput, brokers: BrokerInput[], configs: AppliedConfigs): Fact[] {
  const unknown: Fact[] = [];
  if (!configs.ratesKnown || !configs.listsKnown) unknown.push("throttles");
  // Partitions being reassigned are marked (Adding/Removing Replicas) by kafka-topics 2.5+; its output
  // shows TopicId from 2.8, so an output without either cannot tell "none in flight" from "not shown".
  const marksMoves = input.topics !== null && input.topics.topics.some((t) => t.topicId !== null || t.partitions.some((p) => p.adding !== null || p.removing !== null));
  if (!marksMoves) unknown.push("reassignments");
  if (input.topics === null) unknown.push("leadership");
  if (!brokers.every((b) => configs.rackKnown.has(b.id))) unknown.push("racks");
  // kafka-log-dirs prints no capacity; a newer tool's totalBytes (log-dirs-document.ts reads it) would.
  const online = brokers.filter((b) => b.state === "online");
  if (!online.some((b) => (b.logDirs ?? []).some((d) => d.totalBytes !== null && d.totalBytes !== undefined))) unknown.push("capacity");
  unknown.push("kafkaVersion");
  if (online.length === 0 || !online.every((b) => configs.cordonsKnown.has(b.id))) unknown.push("cordons");
  return unknown;
}
