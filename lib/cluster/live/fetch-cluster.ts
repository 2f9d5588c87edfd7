/**
 * The I/O of one live scan: every Kafka request the reader sends, and nothing else.
 *
 * Order and parallelism (a scan of 10,000 partitions must take well under 2 s):
 * 1. Bootstrap: every bootstrap server is asked at once (ApiVersions + Metadata for all topics); the
 *    first full answer wins, so one dead or hung bootstrap server costs nothing.
 * 2. Then, all in parallel: per live broker ApiVersions → DescribeLogDirs (all topics, one request) and
 *    DescribeConfigs of that broker (broker configs must be asked of the broker itself); on the
 *    bootstrap connection the `<default>` broker configs, every topic's throttle lists, and
 *    ListPartitionReassignments.
 * A broker that fails or times out is recorded as failed, not thrown: the snapshot shows it.
 *
 * ListPartitionReassignments runs on its own client (own connections): a broker forwards it to the
 * active controller, and a broker works through one request per connection at a time, so a slow
 * controller (one just stopped, an election under way) would otherwise hold up that broker's
 * DescribeLogDirs and make a healthy broker look unreachable.
 */
import {
  apiVersionsV3,
  ConfigResourceTypes,
  describeConfigsV4,
  describeLogDirsV2,
  describeLogDirsV3,
  describeLogDirsV4,
  listPartitionReassignmentsV0,
  metadataV10,
  metadataV11,
  metadataV12,
  metadataV9,
  type Admin,
  type Connection,
} from "@platformatic/kafka";
import type { KafkaConnection } from "../connection";
import type { Fact } from "@/lib/model/snapshot";
import { VERSION_MARKER_CONFIGS } from "./kafka-version";
import { answerOf, connectTo, createAdmin, describeFailure, pickVersion, ScanTimeoutError, withTimeout, type ApiRange } from "./protocol";

export type MetadataAnswer = metadataV12.MetadataResponse;
export type ConfigEntry = describeConfigsV4.DescribeConfigsResponseConfig;
export type ConfigResult = describeConfigsV4.DescribeConfigsResponseResult;
export type ReassignmentTopic = listPartitionReassignmentsV0.ListPartitionReassignmentsResponseTopic;

export interface LogDirAnswer {
  errorCode: number;
  logDir: string;
  topics: describeLogDirsV4.DescribeLogDirsResponseTopic[];
  /** DescribeLogDirs v4+ only; -1 when the broker cannot tell. */
  totalBytes: bigint | null;
  usableBytes: bigint | null;
}

export type BrokerScan =
  | { id: number; ok: true; apis: ApiRange[]; logDirs: LogDirAnswer[]; logDirsVersion: number; configs: ConfigEntry[] | null; configsError: string | null }
  | { id: number; ok: false; error: string };

export interface RawCluster {
  /** Which bootstrap server answered first. */
  bootstrap: string;
  bootstrapApis: ApiRange[];
  metadata: MetadataAnswer;
  brokers: Map<number, BrokerScan>;
  defaultConfigs: ConfigEntry[] | null;
  topicConfigs: ConfigResult[];
  reassignments: ReassignmentTopic[];
  /** Secondary reads that failed (configs, reassignments): the snapshot is still useful without them. */
  warnings: string[];
  /** The facts a failed read left unknown that the answers above cannot show (ListPartitionReassignments failed: "reassignments"). */
  unread?: Fact[];
}

/** The three throttle rates (KIP-73 replication quotas, KIP-113 intra-broker moves). */
export const THROTTLE_RATE_KEYS = ["leader.replication.throttled.rate", "follower.replication.throttled.rate", "replica.alter.log.dirs.io.max.bytes.per.second"];
/** KIP-1066 (Kafka 4.3+): dirs that take no new replicas; a comma-separated list of log.dirs entries, or "*". Unknown to older brokers, which leave it out. */
export const CORDONED_LOG_DIRS_KEY = "cordoned.log.dirs";
/** What the reader asks each broker: its throttle rates, its cordons, and the configs that tell its version apart (a broker answers only keys it knows). */
const BROKER_CONFIG_KEYS = [...new Set([...THROTTLE_RATE_KEYS, CORDONED_LOG_DIRS_KEY, ...VERSION_MARKER_CONFIGS.map((m) => m.key)])];
export const THROTTLED_REPLICAS_KEYS = ["leader.replication.throttled.replicas", "follower.replication.throttled.replicas"];
/** A topic's effective min ISR (its override, else the broker default): what under-min-ISR is counted against. */
export const MIN_INSYNC_REPLICAS_KEY = "min.insync.replicas";
/** What the reader asks of each topic: its throttled-replica lists and its min ISR. */
const TOPIC_CONFIG_KEYS = [...THROTTLED_REPLICAS_KEYS, MIN_INSYNC_REPLICAS_KEY];

export class ClusterUnreachableError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

const METADATA_APIS = [metadataV9.api, metadataV10.api, metadataV11.api, metadataV12.api];
const LOG_DIRS_APIS = [describeLogDirsV2.api, describeLogDirsV3.api, describeLogDirsV4.api];
const CLIENT_NAME = "kafka-balance";
const CLIENT_VERSION = "0.1.0";

async function apiVersions(connection: Connection): Promise<ApiRange[]> {
  const answer = await answerOf(apiVersionsV3.api.async(connection, CLIENT_NAME, CLIENT_VERSION));
  return answer.apiKeys;
}

function splitHostPort(server: string): { host: string; port: number } {
  const i = server.lastIndexOf(":");
  return { host: server.slice(0, i).replace(/^\[|\]$/g, ""), port: Number(server.slice(i + 1)) };
}

async function bootstrap(admin: Admin, server: string, timeoutMs: number) {
  const { host, port } = splitHostPort(server);
  return withTimeout(
    (async () => {
      const connection = await connectTo(admin, host, port);
      const apis = await apiVersions(connection);
      const metadataApi = pickVersion(apis, METADATA_APIS);
      if (!metadataApi) throw new Error(`${server} speaks no Metadata version between 9 and 12 (Kafka 2.4 or newer is needed)`);
      // null topics = all topics; no auto-creation.
      const metadata = await answerOf(metadataApi.async(connection, null, false, false));
      return { server, connection, apis, metadata };
    })(),
    timeoutMs,
    server,
  );
}

async function scanBroker(admin: Admin, id: number, host: string, port: number, timeoutMs: number): Promise<BrokerScan> {
  try {
    return await withTimeout(
      (async (): Promise<BrokerScan> => {
        const connection = await connectTo(admin, host, port);
        const apis = await apiVersions(connection);
        const logDirsApi = pickVersion(apis, LOG_DIRS_APIS);
        if (!logDirsApi) throw new Error(`broker ${id} speaks no DescribeLogDirs version between 2 and 4`);
        const [logDirs, configs] = await Promise.all([
          answerOf(logDirsApi.async(connection, null as unknown as describeLogDirsV4.DescribeLogDirsRequestTopic[])),
          answerOf(
            describeConfigsV4.api.async(connection, [{ resourceType: ConfigResourceTypes.BROKER, resourceName: String(id), configurationKeys: BROKER_CONFIG_KEYS }], false, false),
          ).then(
            (answer) => ({ ok: true as const, answer }),
            (error: unknown) => ({ ok: false as const, error: describeFailure(error) }),
          ),
        ]);
        const dirs: LogDirAnswer[] = logDirs.results.map((r) => {
          const v4 = r as Partial<describeLogDirsV4.DescribeLogDirsResponseResult>;
          return {
            errorCode: r.errorCode,
            logDir: r.logDir,
            topics: r.topics,
            totalBytes: v4.totalBytes ?? null,
            usableBytes: v4.usableBytes ?? null,
          };
        });
        const result = configs.ok ? configs.answer.results[0] : undefined;
        return {
          id,
          ok: true,
          apis,
          logDirs: dirs,
          logDirsVersion: logDirsApi.version,
          configs: result && result.errorCode === 0 ? result.configs : null,
          configsError: configs.ok
            ? result && result.errorCode !== 0
              ? `DescribeConfigs for broker ${id} failed (error ${result.errorCode}${result.errorMessage ? `: ${result.errorMessage}` : ""})`
              : null
            : configs.error,
        };
      })(),
      timeoutMs,
      `broker ${id} at ${host}:${port}`,
    );
  } catch (error) {
    return { id, ok: false, error: `broker ${id} at ${host}:${port} did not answer DescribeLogDirs: ${describeFailure(error)}` };
  }
}

/** Reads everything one snapshot needs. Throws ClusterUnreachableError when no bootstrap server answers. */
export async function fetchCluster(connection: KafkaConnection): Promise<RawCluster> {
  const admin = createAdmin(connection);
  const controllerBound = createAdmin(connection);
  const timeoutMs = connection.requestTimeoutMs;
  try {
    let first;
    try {
      first = await Promise.any(connection.bootstrapServers.map((server) => bootstrap(admin, server, timeoutMs)));
    } catch (error) {
      const failures = error instanceof AggregateError ? error.errors : [error];
      const timedOut = failures.every((e) => e instanceof ScanTimeoutError);
      const causes = failures.map((e) => describeFailure(e)).join("; ");
      throw new ClusterUnreachableError(`No bootstrap server answered Metadata: ${causes}`, timedOut);
    }
    const warnings: string[] = [];
    const unread: Fact[] = [];
    const topicNames = first.metadata.topics.map((t) => t.name).filter((n): n is string => typeof n === "string");

    const brokerScans = Promise.all(first.metadata.brokers.map((b) => scanBroker(admin, b.nodeId, b.host, b.port, timeoutMs)));

    const clusterConfigs = withTimeout(
      answerOf(
        describeConfigsV4.api.async(
          first.connection,
          [
            // "" is the `<default>` broker entity: cluster-wide dynamic defaults.
            { resourceType: ConfigResourceTypes.BROKER, resourceName: "", configurationKeys: THROTTLE_RATE_KEYS },
            ...topicNames.map((name) => ({ resourceType: ConfigResourceTypes.TOPIC, resourceName: name, configurationKeys: TOPIC_CONFIG_KEYS })),
          ],
          false,
          false,
        ),
      ),
      timeoutMs,
      "DescribeConfigs",
    ).catch((error: unknown) => {
      warnings.push(`Throttle configs could not be read: ${describeFailure(error)}`);
      return null;
    });

    const { host, port } = splitHostPort(first.server);
    const reassignments = withTimeout(
      connectTo(controllerBound, host, port).then((c) =>
        answerOf(listPartitionReassignmentsV0.api.async(c, timeoutMs, null as unknown as listPartitionReassignmentsV0.ListPartitionReassignmentsRequestTopic[])),
      ),
      timeoutMs,
      "ListPartitionReassignments",
    ).then(
      (answer) => {
        if (answer.errorCode !== 0) {
          warnings.push(`In-flight reassignments could not be read (error ${answer.errorCode}${answer.errorMessage ? `: ${answer.errorMessage}` : ""})`);
          unread.push("reassignments");
        }
        return answer.topics;
      },
      (error: unknown) => {
        warnings.push(`In-flight reassignments could not be read: ${describeFailure(error)}`);
        unread.push("reassignments");
        return [] as ReassignmentTopic[];
      },
    );

    const [scans, configs, moving] = await Promise.all([brokerScans, clusterConfigs, reassignments]);
    const defaultResult = configs?.results.find((r) => r.resourceType === ConfigResourceTypes.BROKER && r.resourceName === "");
    if (defaultResult && defaultResult.errorCode !== 0) {
      warnings.push(`Cluster-wide throttle defaults could not be read (error ${defaultResult.errorCode}${defaultResult.errorMessage ? `: ${defaultResult.errorMessage}` : ""})`);
    }
    const unreadTopics = configs?.results.filter((r) => r.resourceType === ConfigResourceTypes.TOPIC && r.errorCode !== 0) ?? [];
    if (unreadTopics.length > 0) {
      const named = unreadTopics
        .slice(0, 5)
        .map((r) => r.resourceName)
        .join(", ");
      const more = unreadTopics.length > 5 ? ` and ${unreadTopics.length - 5} more` : "";
      warnings.push(`Throttled-replica lists of ${unreadTopics.length} topic(s) could not be read (error ${unreadTopics[0]!.errorCode}): ${named}${more}`);
    }
    return {
      bootstrap: first.server,
      bootstrapApis: first.apis,
      metadata: first.metadata,
      brokers: new Map(scans.map((s) => [s.id, s])),
      defaultConfigs: defaultResult && defaultResult.errorCode === 0 ? defaultResult.configs : null,
      topicConfigs: configs?.results.filter((r) => r.resourceType === ConfigResourceTypes.TOPIC && r.errorCode === 0) ?? [],
      reassignments: moving,
      warnings,
      unread,
    };
  } finally {
    await Promise.all([admin.close().catch(() => undefined), controllerBound.close().catch(() => undefined)]);
  }
}
