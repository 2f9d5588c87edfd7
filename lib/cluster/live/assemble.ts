/**
 * Turns Kafka's answers (RawCluster) into a ClusterSnapshot. Pure: no I/O, time is an input.
 *
 * Rules:
 * - Brokers: every live broker in Metadata, plus every broker id that appears in a replica list but is
 *   not live (stopped, crashed, fenced) — that one is `unreachable`, as is a live broker that did not
 *   answer DescribeLogDirs. An unreachable broker has no log dirs; its replicas have no dir or size.
 * - A dir whose DescribeLogDirs result carries an error code is `offline`, with the error text.
 * - A replica's dir and size come from its broker's DescribeLogDirs; an `isFuture` entry is the
 *   KIP-113 copy being written into another dir of the same broker and becomes `replica.future`.
 * - Capacity (total/usable bytes) is known from DescribeLogDirs v4; -1 (unknown) becomes null.
 * - A topic's `minInsyncReplicas` is its effective `min.insync.replicas` as DescribeConfigs answers it
 *   (its override or the broker default); left out when its configs were not read (unknown).
 * - Throttle rates: a broker's own dynamic value, and the `<default>` entity's; Long.MAX_VALUE
 *   (Kafka's "unlimited" default) counts as not set.
 */
import {
  FACTS,
  SNAPSHOT_SCHEMA_VERSION,
  type Broker,
  type ClusterSnapshot,
  type Fact,
  type LogDir,
  type Partition,
  type Replica,
  type ThrottleRates,
  type Topic,
} from "@/lib/model/snapshot";
import { CORDONED_LOG_DIRS_KEY, MIN_INSYNC_REPLICAS_KEY, type ConfigEntry, type RawCluster } from "./fetch-cluster";
import { clusterKafkaVersion, detectKafkaVersion, type DetectedVersion } from "./kafka-version";
import { errorText } from "./protocol";
import { isInternalTopic } from "@/lib/model/kafka-names";

/** ConfigSource values (DescribeConfigs v1+): where a value came from. */
const DYNAMIC_BROKER_CONFIG = 2;
const DYNAMIC_DEFAULT_BROKER_CONFIG = 3;
const STATIC_BROKER_CONFIG = 4;
const TOPIC_CONFIG = 1;
const LONG_MAX = "9223372036854775807";

function bytesOrNull(value: bigint | null): number | null {
  return value === null || value < 0n ? null : Number(value);
}

function rateOf(configs: ConfigEntry[] | null, key: string, sources: number[]): number | null {
  const entry = configs?.find((c) => c.name === key);
  if (!entry || entry.value === null || entry.value === "" || entry.value === LONG_MAX || !sources.includes(entry.configSource)) return null;
  const value = Number(entry.value);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

function ratesOf(configs: ConfigEntry[] | null, sources: number[]): ThrottleRates {
  return {
    leader: rateOf(configs, "leader.replication.throttled.rate", sources),
    follower: rateOf(configs, "follower.replication.throttled.rate", sources),
    alterLogDirs: rateOf(configs, "replica.alter.log.dirs.io.max.bytes.per.second", sources),
  };
}

/** Whether a dir is in the broker's `cordoned.log.dirs` ("*" = every dir); trailing slashes do not count. */
function cordonedTest(configs: ConfigEntry[] | null): (path: string) => boolean {
  const value = configs?.find((c) => c.name === CORDONED_LOG_DIRS_KEY)?.value?.trim() ?? "";
  if (value === "") return () => false;
  if (value === "*") return () => true;
  const norm = (p: string) => p.trim().replace(/\/+$/, "");
  const listed = new Set(
    value
      .split(",")
      .map(norm)
      .filter((p) => p.length > 0),
  );
  return (path) => listed.has(norm(path));
}

interface ReplicaPlacement {
  logDir: string;
  sizeBytes: number;
  offsetLag: number;
}

/** What could not be read: the cluster-wide reads' warnings, then each broker's unread throttle configs. */
function readerWarnings(raw: RawCluster): string[] {
  const brokers = [...raw.brokers.values()].sort((a, b) => a.id - b.id);
  return [
    ...raw.warnings,
    ...brokers.flatMap((scan) =>
      scan.ok && scan.configsError ? [`Configs of broker ${scan.id} (throttle rates, cordoned log dirs) could not be read: ${scan.configsError}`] : [],
    ),
  ];
}

/**
 * The facts a failed read left unknown (lib/model/facts.ts): a live read carries everything else.
 * - throttles: the `<default>` entity's or a topic's configs, or a reachable broker's own, were not read;
 * - cordons: a reachable broker's configs were not read;
 * - reassignments: ListPartitionReassignments failed (fetch-cluster.ts says so in `unread`);
 * - capacity: no dir reported its size (DescribeLogDirs before v4, Kafka before 3.3);
 * - kafkaVersion: no broker's API versions told it.
 * Brokers that did not answer at all are shown as unreachable, each with its own words; they do not
 * make the cluster's facts unknown.
 */
function unknownFactsOf(raw: RawCluster, brokers: Broker[], topicNames: readonly string[], kafkaVersion: string | null): Fact[] {
  const unknown = new Set<Fact>(raw.unread ?? []);
  const scans = [...raw.brokers.values()];
  const configsUnread = scans.some((s) => s.ok && s.configs === null);
  const topicsRead = new Set(raw.topicConfigs.map((r) => r.resourceName));
  if (configsUnread || raw.defaultConfigs === null || topicNames.some((t) => !topicsRead.has(t))) unknown.add("throttles");
  if (configsUnread) unknown.add("cordons");
  if (!brokers.some((b) => b.logDirs.some((d) => d.totalBytes !== null))) unknown.add("capacity");
  if (kafkaVersion === null) unknown.add("kafkaVersion");
  return FACTS.filter((f) => unknown.has(f));
}

/** The cluster's version from its scanned brokers (the bootstrap server's table when none was scanned), and ZooKeeper or KRaft. */
function sourceVersion(raw: RawCluster, brokers: DetectedVersion[]): { kafkaVersion: string | null; metadataMode: "kraft" | "zookeeper" | null } {
  const told = brokers.filter((b) => b.version !== null);
  const all = told.length > 0 ? told : raw.bootstrapApis.length > 0 ? [detectKafkaVersion(raw.bootstrapApis)] : [];
  if (all.length === 0) return { kafkaVersion: null, metadataMode: null };
  return { kafkaVersion: clusterKafkaVersion(all), metadataMode: all.some((b) => b.zookeeper) ? "zookeeper" : "kraft" };
}

export function assembleSnapshot(raw: RawCluster, label: string, capturedAt: string): ClusterSnapshot {
  const { metadata } = raw;
  // broker → topic → partition → where the current replica and its -future copy live. Nested maps
  // and arrays, not string keys: a 20,000-replica scan must not spend its time building keys.
  const current = new Map<number, Map<string, ReplicaPlacement[]>>();
  const future = new Map<number, Map<string, ReplicaPlacement[]>>();
  const place = (into: Map<number, Map<string, ReplicaPlacement[]>>, broker: number, topic: string, partition: number, placement: ReplicaPlacement) => {
    let byTopic = into.get(broker);
    if (!byTopic) into.set(broker, (byTopic = new Map()));
    let byPartition = byTopic.get(topic);
    if (!byPartition) byTopic.set(topic, (byPartition = []));
    byPartition[partition] = placement;
  };

  const brokers: Broker[] = [];
  const detected: DetectedVersion[] = [];
  const liveIds = new Set<number>();
  for (const b of metadata.brokers) {
    liveIds.add(b.nodeId);
    const scan = raw.brokers.get(b.nodeId);
    const broker: Broker = { id: b.nodeId, rack: b.rack ?? null, host: b.host, port: b.port, state: "online", error: null, kafkaVersion: null, logDirs: [] };
    if (!scan || !scan.ok) {
      broker.state = "unreachable";
      broker.error = scan && !scan.ok ? scan.error : `broker ${b.nodeId} was not scanned`;
    } else {
      const version = detectKafkaVersion(scan.apis, scan.configs ? scan.configs.map((c) => c.name) : null);
      broker.kafkaVersion = version.version;
      detected.push(version);
      const isCordoned = cordonedTest(scan.configs);
      for (const dir of scan.logDirs) {
        const logDir: LogDir = {
          path: dir.logDir,
          totalBytes: bytesOrNull(dir.totalBytes),
          usableBytes: bytesOrNull(dir.usableBytes),
          state: dir.errorCode !== 0 ? "offline" : isCordoned(dir.logDir) ? "cordoned" : "online",
          error: dir.errorCode === 0 ? null : errorText(dir.errorCode),
        };
        broker.logDirs.push(logDir);
        for (const topic of dir.topics) {
          for (const p of topic.partitions) {
            const placement = { logDir: dir.logDir, sizeBytes: Number(p.partitionSize), offsetLag: Number(p.offsetLag) };
            place(p.isFutureKey ? future : current, b.nodeId, topic.name, p.partitionIndex, placement);
          }
        }
      }
    }
    brokers.push(broker);
  }

  const moving = new Map<string, { replicas: number[]; adding: number[]; removing: number[] }>();
  for (const t of raw.reassignments) {
    for (const p of t.partitions) moving.set(`${p.partitionIndex}\u0000${t.name}`, { replicas: p.replicas, adding: p.addingReplicas, removing: p.removingReplicas });
  }

  // Each topic's effective min ISR, from its DescribeConfigs answer (any source: override or default); absent = unknown.
  const minIsrOf = new Map<string, number>();
  for (const r of raw.topicConfigs) {
    const value = Number(r.configs.find((c) => c.name === MIN_INSYNC_REPLICAS_KEY)?.value ?? NaN);
    if (Number.isInteger(value) && value >= 1) minIsrOf.set(r.resourceName, value);
  }

  const missing = new Set<number>();
  const topics: Topic[] = [];
  for (const t of metadata.topics) {
    if (typeof t.name !== "string") continue;
    const name = t.name;
    const currentOf = new Map<number, ReplicaPlacement[] | undefined>();
    const futureOf = new Map<number, ReplicaPlacement[] | undefined>();
    for (const id of liveIds) {
      currentOf.set(id, current.get(id)?.get(name));
      futureOf.set(id, future.get(id)?.get(name));
    }
    const partitions: Partition[] = t.partitions
      .map((p) => {
        const replicas: Replica[] = p.replicaNodes.map((broker) => {
          if (!liveIds.has(broker)) missing.add(broker);
          const here = currentOf.get(broker)?.[p.partitionIndex];
          const next = futureOf.get(broker)?.[p.partitionIndex];
          return {
            broker,
            logDir: here?.logDir ?? null,
            sizeBytes: here?.sizeBytes ?? null,
            offsetLag: here?.offsetLag ?? null,
            future: next ? { logDir: next.logDir, sizeBytes: next.sizeBytes, offsetLag: next.offsetLag } : null,
          };
        });
        const reassignment = moving.get(`${p.partitionIndex}\u0000${name}`);
        return {
          id: p.partitionIndex,
          replicas,
          leader: p.leaderId >= 0 ? p.leaderId : null,
          isr: p.isrNodes,
          adding: reassignment?.adding ?? [],
          removing: reassignment?.removing ?? [],
          offline: p.offlineReplicas,
        };
      })
      .sort((a, b) => a.id - b.id);
    topics.push({
      name,
      internal: t.isInternal || isInternalTopic(name),
      topicId: kafkaTopicId(t.topicId),
      ...(minIsrOf.has(name) ? { minInsyncReplicas: minIsrOf.get(name)! } : {}),
      partitions,
    });
  }
  topics.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  for (const id of missing) {
    brokers.push({
      id,
      rack: null,
      host: null,
      port: null,
      state: "unreachable",
      error: `broker ${id} holds replicas but is not among the live brokers in the cluster metadata (stopped, crashed or fenced); its replicas are offline`,
      kafkaVersion: null,
      logDirs: [],
    });
  }
  brokers.sort((a, b) => a.id - b.id);

  const defaults = ratesOf(raw.defaultConfigs, [DYNAMIC_DEFAULT_BROKER_CONFIG]);
  const brokerThrottles = brokers
    .map((b) => {
      const scan = raw.brokers.get(b.id);
      return { broker: b.id, ...ratesOf(scan && scan.ok ? scan.configs : null, [DYNAMIC_BROKER_CONFIG, STATIC_BROKER_CONFIG]) };
    })
    .filter((t) => t.leader !== null || t.follower !== null || t.alterLogDirs !== null);
  const topicThrottles = raw.topicConfigs
    .map((r) => {
      const listed = (k: string) => {
        const entry = r.configs.find((c) => c.name === k);
        return entry && entry.configSource === TOPIC_CONFIG && entry.value ? entry.value : null;
      };
      return { topic: r.resourceName, leaderReplicas: listed("leader.replication.throttled.replicas"), followerReplicas: listed("follower.replication.throttled.replicas") };
    })
    .filter((t) => t.leaderReplicas !== null || t.followerReplicas !== null)
    .sort((a, b) => (a.topic < b.topic ? -1 : 1));
  const reassignments = [...raw.reassignments]
    .flatMap((t) => t.partitions.map((p) => ({ topic: t.name, partition: p.partitionIndex, replicas: p.replicas, adding: p.addingReplicas, removing: p.removingReplicas })))
    .sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : a.partition - b.partition));

  const version = sourceVersion(raw, detected);
  const topicNames = metadata.topics.map((t) => t.name).filter((n): n is string => typeof n === "string");
  return {
    schema: SNAPSHOT_SCHEMA_VERSION,
    capturedAt,
    source: {
      kind: "kafka",
      label,
      ...version,
      clusterId: metadata.clusterId ?? null,
      warnings: readerWarnings(raw),
      unknownFacts: unknownFactsOf(raw, brokers, topicNames, version.kafkaVersion),
    },
    brokers,
    topics,
    throttles: { defaults, brokers: brokerThrottles, topics: topicThrottles, reassignments },
  };
}

/**
 * Topic ids as Kafka's tools print them (Uuid.toString: 16 bytes, URL-safe base64 without padding),
 * not the client's hex form, so live and imported snapshots agree. The zero Uuid means "no id".
 */
export function kafkaTopicId(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const hex = raw.replace(/-/g, "");
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) return raw;
  if (/^0+$/.test(hex)) return null;
  return Buffer.from(hex, "hex").toString("base64url");
}
