/**
 * A real Kafka cluster on 127.0.0.1 for tests and local development: N KRaft combined-mode nodes with
 * M `log.dirs` each, run from the jars `install.sh` fetched from Maven Central.
 *
 *   const cluster = await startCluster({ baseDir: ".kafka/test-x", basePort: 19100 });
 *   cluster.bootstrap  // "127.0.0.1:19100,127.0.0.1:19101,127.0.0.1:19102"
 *   await cluster.stop();
 *
 * Invariants:
 * - `baseDir` belongs to the launcher: it holds `cluster.json` (the layout), and per node `node<i>/`
 *   with `server.properties`, `kafka.pid`, `logs/`, `meta/` (KRaft metadata) and `d1..dM` (data).
 * - A node counts as started only when it answers Metadata and lists itself among the live brokers
 *   (registered and unfenced with the controller quorum).
 * - No JVM outlives the Node process that started it unless `detached` is set (then the pid files
 *   and `stopAll(baseDir)` are the way to stop it).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Admin } from "@platformatic/kafka";
import { loggingConfig, loggingConfigFileName, loggingJvmArgs, nodeLayout, quorumVoters, serverProperties, type NodeLayout } from "./node-config";
import { classDataSharing, type ClassDataSharing } from "./class-data-sharing";
import { formatNodeDirs, newKafkaUuid } from "./format";
import { assertJava, isAlive, portIsFree, readPid, spawnJvm, stopProcessGroup, tail, type SpawnedJvm } from "./processes";
import { classpathFor, resolveKafkaVersion } from "./versions";
import { timed } from "../test-timings/phases";

export interface StartClusterOptions {
  baseDir: string;
  /** Client ports are basePort..basePort+nodes-1; controller ports start at basePort+50. */
  basePort: number;
  nodes?: number;
  dirsPerNode?: number;
  /** A version installed by install.sh; default `KAFKA_VERSION` env or the newest 4.x. */
  version?: string;
  heapMb?: number;
  /** Added to (or overriding) each node's server.properties; a function gets the node's ports. */
  extraBrokerConfig?: BrokerConfig | ((node: { id: number; port: number; controllerPort: number }) => BrokerConfig);
  /**
   * true (default): wipe what a previous cluster left in baseDir and format afresh.
   * false: reuse the data if baseDir holds a cluster with the same layout (for `kafka:up`).
   */
  clean?: boolean;
  /** Let the JVMs outlive this process (for `kafka:up`). Default false. */
  detached?: boolean;
  /** How long to wait for every broker to answer Metadata. Default 120 s. */
  readyTimeoutMs?: number;
  /**
   * The brokers' JIT and collector. "startup" (default): the client compiler only and the serial
   * collector, which start a broker on about half the CPU (tests and local clusters start many brokers
   * on a small machine and push little data through them). "throughput": the server JVM's defaults
   * with G1, for benches that time how fast Kafka moves data.
   */
  jvm?: JvmProfile;
}

export type JvmProfile = "startup" | "throughput";

/** The JVM flags of a profile (see StartClusterOptions.jvm). */
export function jvmProfileArgs(profile: JvmProfile): string[] {
  return profile === "throughput" ? ["-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20"] : ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData"];
}

export type BrokerConfig = Record<string, string | number | boolean>;

export interface KafkaNode {
  id: number;
  port: number;
  controllerPort: number;
  logDirs: string[];
  /** The JVM's pid, or null while the node is stopped. */
  pid: number | null;
  /** The broker's log file (server.log). */
  logFile: string;
}

export interface RestartOptions {
  /** The node's full new `log.dirs` list; dirs not yet formatted are formatted (`--ignore-formatted`). */
  logDirs?: string[];
  /** Shorthand for logDirs: `<node>/d1..dN`. */
  dirsPerNode?: number;
}

export interface LocalCluster {
  bootstrap: string;
  clusterId: string;
  version: string;
  baseDir: string;
  nodes: KafkaNode[];
  /** Ends every node: killed at once when the cluster was started clean (its data is wiped at the next start anyway), a controlled shutdown otherwise. */
  stop(): Promise<void>;
  stopNode(id: number): Promise<void>;
  startNode(id: number): Promise<void>;
  restartNode(id: number, options?: RestartOptions): Promise<void>;
}

interface ClusterFile {
  version: string;
  clusterId: string;
  basePort: number;
  nodes: { id: number; logDirs: string[] }[];
}

const CLUSTER_FILE = "cluster.json";

/**
 * A Kafka cluster id: 16 random bytes, URL-safe base64 without padding (what `random-uuid` prints).
 * Like Kafka's Uuid.randomUuid(), never one that starts with "-": `kafka-storage format -t -…` would
 * read it as an option (about one start in 64 otherwise).
 */
export const newClusterId = newKafkaUuid;

function readClusterFile(baseDir: string): ClusterFile | null {
  const file = path.join(baseDir, CLUSTER_FILE);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as ClusterFile;
}

function nodeDirs(baseDir: string): string[] {
  if (!existsSync(baseDir)) return [];
  return readdirSync(baseDir)
    .filter((f) => /^node\d+$/.test(f))
    .map((f) => path.join(baseDir, f));
}

/** Throws when a JVM from a previous start in this baseDir is still running. */
function assertNotRunning(baseDir: string): void {
  const running = nodeDirs(baseDir)
    .map((dir) => ({ dir, pid: readPid(dir) }))
    .filter((n): n is { dir: string; pid: number } => n.pid !== null && isAlive(n.pid));
  if (running.length > 0) {
    throw new Error(
      `A Kafka cluster is already running in ${baseDir} (pids ${running.map((n) => n.pid).join(", ")}). ` +
        `Stop it with \`npm run kafka:down\` (for .kafka/dev) or stopAll("${baseDir}"), or use another baseDir.`,
    );
  }
}

/** Refuses to wipe a folder the launcher did not create, then removes its nodes and layout. */
function wipe(baseDir: string): void {
  if (!existsSync(baseDir)) return;
  const entries = readdirSync(baseDir);
  if (entries.length > 0 && !entries.includes(CLUSTER_FILE) && !entries.some((e) => /^node\d+$/.test(e))) {
    throw new Error(`${baseDir} is not empty and holds no local Kafka cluster; pick an empty or new baseDir so nothing else gets deleted.`);
  }
  for (const dir of nodeDirs(baseDir)) rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(baseDir, CLUSTER_FILE), { force: true });
}

async function assertPortsFree(layouts: NodeLayout[]): Promise<void> {
  for (const node of layouts) {
    for (const port of [node.port, node.controllerPort]) {
      if (!(await portIsFree(port))) {
        throw new Error(
          `Port ${port} on 127.0.0.1 is in use (needed by Kafka node ${node.id}). Stop what holds it (another local cluster? \`npm run kafka:down\`) or choose another basePort.`,
        );
      }
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when the node answers Metadata from its own port and lists itself as a live broker. */
async function waitForBroker(node: NodeLayout, jvm: SpawnedJvm, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: string | null = null;
  void jvm.exited.then((code) => (exited = code));
  let lastError = "no answer yet";
  while (Date.now() < deadline) {
    if (exited !== null) {
      throw new Error(`Kafka node ${node.id} exited (${exited}) before it was ready. Last lines of ${logFile}:\n${tail(logFile)}`);
    }
    const admin = new Admin({ clientId: "kafka-balance-launcher", bootstrapBrokers: [`127.0.0.1:${node.port}`], retries: 0, connectTimeout: 1000, requestTimeout: 2000 });
    try {
      const metadata = await admin.metadata({ topics: [], forceUpdate: true });
      if (metadata.brokers.has(node.id)) return;
      lastError = `node ${node.id} is not yet among the live brokers [${[...metadata.brokers.keys()].join(", ")}]`;
    } catch (error) {
      lastError = (error as Error).message;
    } finally {
      await admin.close().catch(() => undefined);
    }
    await sleep(250);
  }
  throw new Error(`Kafka node ${node.id} did not answer Metadata on 127.0.0.1:${node.port} within ${timeoutMs} ms (${lastError}). Last lines of ${logFile}:\n${tail(logFile)}`);
}

/** Starts the cluster (recorded as a "cluster start" phase when the test timings ask for it). */
export function startCluster(options: StartClusterOptions): Promise<LocalCluster> {
  return timed("cluster start", `${options.nodes ?? 3}×${options.dirsPerNode ?? 3} Kafka ${options.version ?? "default"}`, () => launchCluster(options));
}

async function launchCluster(options: StartClusterOptions): Promise<LocalCluster> {
  const nodeCount = options.nodes ?? 3;
  const dirsPerNode = options.dirsPerNode ?? 3;
  const heapMb = options.heapMb ?? 256;
  const clean = options.clean ?? true;
  const detached = options.detached ?? false;
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const jvmProfile = options.jvm ?? "startup";
  const baseDir = path.resolve(options.baseDir);
  if (nodeCount < 1 || nodeCount > 50) throw new Error(`nodes must be 1 to 50, not ${nodeCount}`);
  if (dirsPerNode < 1) throw new Error(`dirsPerNode must be at least 1, not ${dirsPerNode}`);

  assertJava();
  assertNotRunning(baseDir);

  let version = resolveKafkaVersion(options.version);
  let clusterId = newClusterId();
  let layouts = Array.from({ length: nodeCount }, (_, i) => nodeLayout(baseDir, options.basePort, i + 1, dirsPerNode));
  let format = true;
  const previous = readClusterFile(baseDir);
  if (clean) {
    wipe(baseDir);
  } else if (previous) {
    const same = previous.basePort === options.basePort && previous.nodes.length === nodeCount && (options.version === undefined || options.version === previous.version);
    if (!same) {
      throw new Error(
        `${baseDir} holds data from another cluster layout (${previous.nodes.length} nodes, port ${previous.basePort}, Kafka ${previous.version}); ` +
          `delete the folder (or start with clean: true / \`npm run kafka:up -- --clean\`) to format a new one.`,
      );
    }
    version = previous.version;
    clusterId = previous.clusterId;
    layouts = layouts.map((l) => ({ ...l, logDirs: previous.nodes.find((n) => n.id === l.id)?.logDirs ?? l.logDirs }));
    format = false;
  } else if (nodeDirs(baseDir).length > 0) {
    throw new Error(`${baseDir} has stale node folders but no ${CLUSTER_FILE}; delete the folder or start with clean: true.`);
  }
  const classpath = classpathFor(version);
  await assertPortsFree(layouts);

  const voters = quorumVoters(layouts);
  const extraFor = (l: NodeLayout): BrokerConfig => {
    const extra = options.extraBrokerConfig ?? {};
    return typeof extra === "function" ? extra({ id: l.id, port: l.port, controllerPort: l.controllerPort }) : extra;
  };
  const configFile = (l: NodeLayout) => path.join(l.dir, "server.properties");
  const logConfigFile = (l: NodeLayout) => path.join(l.dir, loggingConfigFileName(version));
  const logFile = (l: NodeLayout) => path.join(l.dir, "logs", "server.log");

  const writeNodeFiles = (l: NodeLayout) => {
    mkdirSync(path.join(l.dir, "logs"), { recursive: true });
    writeFileSync(configFile(l), serverProperties(l, voters, nodeCount, extraFor(l)));
    writeFileSync(logConfigFile(l), loggingConfig(version, logFile(l)));
  };
  const saveLayout = () => {
    const file: ClusterFile = { version, clusterId, basePort: options.basePort, nodes: layouts.map((l) => ({ id: l.id, logDirs: l.logDirs })) };
    writeFileSync(path.join(baseDir, CLUSTER_FILE), JSON.stringify(file, null, 2) + "\n");
  };
  /** What StorageTool would write (meta.properties with cluster, node and directory ids; the bootstrap metadata), from its template: scripts/kafka/format.ts. */
  const formatNode = (l: NodeLayout, ignoreFormatted: boolean) =>
    formatNodeDirs({
      version,
      classpath,
      serverProperties: readFileSync(configFile(l), "utf8"),
      jvmArgs: ["-Xmx128m", ...jvmProfileArgs("startup"), ...loggingJvmArgs(version, logConfigFile(l))],
      clusterId,
      nodeId: l.id,
      metadataDir: l.metadataDir,
      logDirs: l.logDirs,
      ignoreFormatted,
    });

  mkdirSync(baseDir, { recursive: true });
  for (const l of layouts) writeNodeFiles(l);
  saveLayout();
  // Reused data still goes through `--ignore-formatted`, which formats only dirs added since.
  await Promise.all(layouts.map((l) => formatNode(l, !format)));

  const running = new Map<number, SpawnedJvm>();
  /** Each running node's class-data sharing (scripts/kafka/class-data-sharing.ts). */
  const archives = new Map<number, ClassDataSharing>();
  const nodes: KafkaNode[] = layouts.map((l) => ({ id: l.id, port: l.port, controllerPort: l.controllerPort, logDirs: l.logDirs, pid: null, logFile: logFile(l) }));
  const layoutOf = (id: number) => {
    const l = layouts.find((x) => x.id === id);
    if (!l) throw new Error(`no node ${id} in this cluster (nodes are 1..${nodeCount})`);
    return l;
  };
  const nodeOf = (id: number) => nodes.find((n) => n.id === id)!;

  const launch = (l: NodeLayout): SpawnedJvm => {
    const cds = classDataSharing(version, jvmProfile, !detached);
    const jvm = spawnJvm(
      [
        `-Xmx${heapMb}m`,
        `-Xms${heapMb}m`,
        ...jvmProfileArgs(jvmProfile),
        ...cds.args,
        "-XX:+ExitOnOutOfMemoryError",
        "-Djava.awt.headless=true",
        `-Dkafka.logs.dir=${path.join(l.dir, "logs")}`,
        ...loggingJvmArgs(version, logConfigFile(l)),
        "-cp",
        classpath,
        "kafka.Kafka",
        configFile(l),
      ],
      l.dir,
      path.join(l.dir, "logs", "stdout.log"),
      detached,
    );
    void jvm.exited.then(() => cds.exited());
    archives.set(l.id, cds);
    running.set(l.id, jvm);
    nodeOf(l.id).pid = jvm.pid;
    return jvm;
  };

  /** `discard`: the data is not needed again, so kill at once. */
  const stopNode = async (id: number, discard = false) => {
    const l = layoutOf(id);
    const pid = running.get(id)?.pid ?? readPid(l.dir);
    if (pid !== null) await stopProcessGroup(pid, l.dir, 20_000, discard ? "SIGKILL" : "SIGTERM");
    running.delete(id);
    nodeOf(id).pid = null;
  };
  const startNode = async (id: number) => {
    const l = layoutOf(id);
    if (running.has(id)) throw new Error(`Kafka node ${id} is already running (pid ${running.get(id)!.pid}); stop it first.`);
    await assertPortsFree([l]);
    const jvm = launch(l);
    await waitForBroker(l, jvm, logFile(l), readyTimeoutMs);
    await archives.get(id)?.ready(jvm.pid);
  };

  const cluster: LocalCluster = {
    bootstrap: layouts.map((l) => `127.0.0.1:${l.port}`).join(","),
    clusterId,
    version,
    baseDir,
    nodes,
    stopNode: (id) => stopNode(id),
    startNode: (id) => timed("cluster start", `node ${id} start`, () => startNode(id)),
    restartNode: (id, restart = {}) =>
      timed("cluster start", `node ${id} restart`, async () => {
        const l = layoutOf(id);
        await stopNode(id);
        const wanted = restart.logDirs ?? (restart.dirsPerNode ? nodeLayout(baseDir, options.basePort, id, restart.dirsPerNode).logDirs : undefined);
        if (wanted) {
          if (wanted.length === 0) throw new Error("restartNode() needs at least one log dir");
          l.logDirs = wanted.map((d) => path.resolve(d));
          nodeOf(id).logDirs = l.logDirs;
          writeNodeFiles(l);
          saveLayout();
          await formatNode(l, true);
        }
        await startNode(id);
      }),
    async stop() {
      // A cluster started clean is wiped at its next start, so nothing it holds is kept: its nodes are
      // killed at once (a controlled shutdown of the whole quorum waits about 5 s for a leader that is
      // leaving too). Reused data (clean: false) gets the controlled shutdown, all nodes at once: a
      // node shutting down alone waits for the quorum, so serial stops take longer.
      await Promise.all(layouts.map((l) => stopNode(l.id, clean)));
    },
  };

  try {
    const jvms = layouts.map((l) => launch(l));
    await Promise.all(layouts.map((l, i) => waitForBroker(l, jvms[i]!, logFile(l), readyTimeoutMs)));
    // The node recording a class-data archive writes it now, before the cluster is handed over.
    await Promise.all(layouts.map((l, i) => archives.get(l.id)?.ready(jvms[i]!.pid)));
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

/** Stops every node of the cluster in baseDir by its pid file (e.g. after `kafka:up` or a crashed test). */
export async function stopAll(baseDir: string): Promise<number> {
  const dirs = nodeDirs(path.resolve(baseDir));
  let stopped = 0;
  await Promise.all(
    dirs.map(async (dir) => {
      const pid = readPid(dir);
      if (pid === null) return;
      if (isAlive(pid)) stopped += 1;
      await stopProcessGroup(pid, dir);
    }),
  );
  return stopped;
}
