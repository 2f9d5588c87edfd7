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
 * - The cluster grows while it runs: `addDir(id)` stops one node (a controlled shutdown), adds
 *   `<node>/d<k+1>` to its `log.dirs`, formats only that dir with the cluster's meta.properties
 *   (format.ts) and starts it again; `addNode()` starts a broker-only node with the next id, its
 *   dirs formatted likewise, that registers with the running controller quorum (the first nodes,
 *   combined mode, stay the only voters). Both are in `cluster.json`, so a later start with the data
 *   kept (`clean: false`, `kafka:up`) brings them back. `attachCluster(baseDir)` is the handle of a
 *   cluster another process started (detached), which `kafka:up -- --add-node` / `--add-dir` use.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Admin } from "@platformatic/kafka";
import { CONTROLLER_PORT_OFFSET, loggingConfig, loggingConfigFileName, loggingJvmArgs, nodeLayout, quorumVoters, serverProperties, type NodeLayout } from "./node-config";
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

export interface AddNodeOptions {
  /** Log dirs of the new broker; default the cluster's first node's count. */
  dirsPerNode?: number;
}

export interface LocalCluster {
  /** Every node's client address, the added ones included (read it again after addNode). */
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
  /** Adds one log dir (`<node>/d<k+1>`) to a node: stop, format the new dir, start. Resolves with its path. */
  addDir(id: number): Promise<string>;
  /** Starts a broker-only node with the next id that joins the running controller quorum. */
  addNode(options?: AddNodeOptions): Promise<KafkaNode>;
}

interface ClusterFile {
  version: string;
  clusterId: string;
  basePort: number;
  /** `role` "broker": a node added to the running cluster (addNode), not a controller. */
  nodes: { id: number; logDirs: string[]; role?: "broker" }[];
  heapMb?: number;
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

/** What a cluster's handle works from: its layout, how its JVMs run, and which nodes are brokers only. */
interface ClusterContext {
  baseDir: string;
  basePort: number;
  version: string;
  clusterId: string;
  classpath: string;
  heapMb: number;
  jvmProfile: JvmProfile;
  detached: boolean;
  /** Started clean: its data is not kept, so stop() kills. */
  clean: boolean;
  readyTimeoutMs: number;
  /** Every node, the added brokers included, by id. */
  layouts: NodeLayout[];
  /** The ids of the broker-only nodes (addNode); the others are the controller quorum. */
  brokers: Set<number>;
  extra: StartClusterOptions["extraBrokerConfig"];
}

const configFile = (l: NodeLayout) => path.join(l.dir, "server.properties");
const logFileOf = (l: NodeLayout) => path.join(l.dir, "logs", "server.log");
const controllersOf = (ctx: ClusterContext) => ctx.layouts.filter((l) => !ctx.brokers.has(l.id));

function extraFor(ctx: ClusterContext, l: NodeLayout): BrokerConfig {
  const extra = ctx.extra ?? {};
  return typeof extra === "function" ? extra({ id: l.id, port: l.port, controllerPort: l.controllerPort }) : extra;
}

/** A node's server.properties: combined mode for the quorum's nodes; broker-only, with the same voters, for an added one. */
function propertiesFor(ctx: ClusterContext, l: NodeLayout): string {
  const controllers = controllersOf(ctx);
  const own: BrokerConfig = ctx.brokers.has(l.id) ? { "process.roles": "broker", listeners: `PLAINTEXT://127.0.0.1:${l.port}` } : {};
  return serverProperties(l, quorumVoters(controllers), controllers.length, { ...extraFor(ctx, l), ...own });
}

function writeNodeFiles(ctx: ClusterContext, l: NodeLayout): void {
  mkdirSync(path.join(l.dir, "logs"), { recursive: true });
  writeFileSync(configFile(l), propertiesFor(ctx, l));
  writeFileSync(path.join(l.dir, loggingConfigFileName(ctx.version)), loggingConfig(ctx.version, logFileOf(l)));
}

function saveLayout(ctx: ClusterContext): void {
  const file: ClusterFile = {
    version: ctx.version,
    clusterId: ctx.clusterId,
    basePort: ctx.basePort,
    nodes: ctx.layouts.map((l) => ({ id: l.id, logDirs: l.logDirs, ...(ctx.brokers.has(l.id) ? { role: "broker" as const } : {}) })),
    heapMb: ctx.heapMb,
  };
  writeFileSync(path.join(ctx.baseDir, CLUSTER_FILE), JSON.stringify(file, null, 2) + "\n");
}

/**
 * What StorageTool would write (meta.properties with cluster, node and directory ids; the bootstrap
 * metadata), from its template: scripts/kafka/format.ts. An added broker's dirs come from the template
 * of the quorum's configuration: the cluster's own bootstrap metadata, with the broker's node id.
 */
function formatNode(ctx: ClusterContext, l: NodeLayout, ignoreFormatted: boolean): Promise<void> {
  const templateOf = ctx.brokers.has(l.id) ? controllersOf(ctx)[0]! : l;
  return formatNodeDirs({
    version: ctx.version,
    classpath: ctx.classpath,
    serverProperties: propertiesFor(ctx, templateOf),
    jvmArgs: ["-Xmx128m", ...jvmProfileArgs("startup"), ...loggingJvmArgs(ctx.version, path.join(l.dir, loggingConfigFileName(ctx.version)))],
    clusterId: ctx.clusterId,
    nodeId: l.id,
    metadataDir: l.metadataDir,
    logDirs: l.logDirs,
    ignoreFormatted,
  });
}

async function launchCluster(options: StartClusterOptions): Promise<LocalCluster> {
  const nodeCount = options.nodes ?? 3;
  const dirsPerNode = options.dirsPerNode ?? 3;
  const clean = options.clean ?? true;
  const baseDir = path.resolve(options.baseDir);
  if (nodeCount < 1 || nodeCount > 50) throw new Error(`nodes must be 1 to 50, not ${nodeCount}`);
  if (dirsPerNode < 1) throw new Error(`dirsPerNode must be at least 1, not ${dirsPerNode}`);

  assertJava();
  assertNotRunning(baseDir);

  let version = resolveKafkaVersion(options.version);
  let clusterId = newClusterId();
  let layouts = Array.from({ length: nodeCount }, (_, i) => nodeLayout(baseDir, options.basePort, i + 1, dirsPerNode));
  const brokers = new Set<number>();
  let format = true;
  const previous = readClusterFile(baseDir);
  if (clean) {
    wipe(baseDir);
  } else if (previous) {
    const quorum = previous.nodes.filter((n) => n.role !== "broker");
    const same = previous.basePort === options.basePort && quorum.length === nodeCount && (options.version === undefined || options.version === previous.version);
    if (!same) {
      throw new Error(
        `${baseDir} holds data from another cluster layout (${quorum.length} nodes, port ${previous.basePort}, Kafka ${previous.version}); ` +
          `delete the folder (or start with clean: true / \`npm run kafka:up -- --clean\`) to format a new one.`,
      );
    }
    version = previous.version;
    clusterId = previous.clusterId;
    // The nodes as they were left, the brokers added since (addNode) and the dirs added (addDir) included.
    layouts = previous.nodes.map((n) => ({ ...nodeLayout(baseDir, options.basePort, n.id, dirsPerNode), logDirs: n.logDirs }));
    for (const n of previous.nodes) if (n.role === "broker") brokers.add(n.id);
    format = false;
  } else if (nodeDirs(baseDir).length > 0) {
    throw new Error(`${baseDir} has stale node folders but no ${CLUSTER_FILE}; delete the folder or start with clean: true.`);
  }
  const ctx: ClusterContext = {
    baseDir,
    basePort: options.basePort,
    version,
    clusterId,
    classpath: classpathFor(version),
    heapMb: options.heapMb ?? 256,
    jvmProfile: options.jvm ?? "startup",
    detached: options.detached ?? false,
    clean,
    readyTimeoutMs: options.readyTimeoutMs ?? 120_000,
    layouts,
    brokers,
    extra: options.extraBrokerConfig,
  };
  await assertPortsFree(layouts);

  mkdirSync(baseDir, { recursive: true });
  for (const l of layouts) writeNodeFiles(ctx, l);
  saveLayout(ctx);
  // Reused data still goes through `--ignore-formatted`, which formats only dirs added since.
  await Promise.all(layouts.map((l) => formatNode(ctx, l, !format)));

  const { cluster, launch, waitReady } = clusterHandle(ctx);
  try {
    const jvms = layouts.map((l) => launch(l));
    await Promise.all(layouts.map((l, i) => waitReady(l, jvms[i]!)));
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

/**
 * The handle of a cluster another process started and left running (`kafka:up`, detached): its layout
 * from `cluster.json`, its JVMs by their pid files. Its nodes are stopped with a controlled shutdown,
 * and the nodes and dirs it adds run detached like the others.
 */
export function attachCluster(baseDir: string): LocalCluster {
  const dir = path.resolve(baseDir);
  const file = readClusterFile(dir);
  if (!file) throw new Error(`${dir} holds no local Kafka cluster (no ${CLUSTER_FILE}); start one with \`npm run kafka:up\`.`);
  const stopped = file.nodes.filter((n) => {
    const pid = readPid(path.join(dir, `node${n.id}`));
    return pid === null || !isAlive(pid);
  });
  if (stopped.length > 0) throw new Error(`Kafka node(s) ${stopped.map((n) => n.id).join(", ")} in ${dir} are not running; start the cluster with \`npm run kafka:up\` first.`);
  const ctx: ClusterContext = {
    baseDir: dir,
    basePort: file.basePort,
    version: file.version,
    clusterId: file.clusterId,
    classpath: classpathFor(file.version),
    heapMb: file.heapMb ?? 256,
    jvmProfile: "startup",
    detached: true,
    clean: false,
    readyTimeoutMs: 120_000,
    layouts: file.nodes.map((n) => ({ ...nodeLayout(dir, file.basePort, n.id, 1), logDirs: n.logDirs })),
    brokers: new Set(file.nodes.filter((n) => n.role === "broker").map((n) => n.id)),
    extra: undefined,
  };
  return clusterHandle(ctx).cluster;
}

function clusterHandle(ctx: ClusterContext): { cluster: LocalCluster; launch: (l: NodeLayout) => SpawnedJvm; waitReady: (l: NodeLayout, jvm: SpawnedJvm) => Promise<void> } {
  const { baseDir, version, classpath, heapMb, jvmProfile, detached, layouts } = ctx;
  const running = new Map<number, SpawnedJvm>();
  /** Each running node's class-data sharing (scripts/kafka/class-data-sharing.ts). */
  const archives = new Map<number, ClassDataSharing>();
  const toNode = (l: NodeLayout): KafkaNode => ({ id: l.id, port: l.port, controllerPort: l.controllerPort, logDirs: l.logDirs, pid: readPid(l.dir), logFile: logFileOf(l) });
  const nodes: KafkaNode[] = layouts.map(toNode);
  const layoutOf = (id: number) => {
    const l = layouts.find((x) => x.id === id);
    if (!l) throw new Error(`no node ${id} in this cluster (nodes are ${layouts.map((x) => x.id).join(", ")})`);
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
        ...loggingJvmArgs(version, path.join(l.dir, loggingConfigFileName(version))),
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
  /** The node answers as a live broker, and the node recording a class-data archive has written it. */
  const waitReady = async (l: NodeLayout, jvm: SpawnedJvm) => {
    await waitForBroker(l, jvm, logFileOf(l), ctx.readyTimeoutMs);
    await archives.get(l.id)?.ready(jvm.pid);
  };

  /** `discard`: the data is not needed again, so kill at once. */
  const stopNode = async (id: number, discard = false) => {
    const l = layoutOf(id);
    // The JVM this handle started, else the one the pid file names (another handle may have restarted the node).
    const pid = [running.get(id)?.pid, readPid(l.dir)].find((p): p is number => p !== undefined && p !== null && isAlive(p)) ?? null;
    if (pid !== null) await stopProcessGroup(pid, l.dir, 20_000, discard ? "SIGKILL" : "SIGTERM");
    running.delete(id);
    nodeOf(id).pid = null;
  };
  const startNode = async (id: number) => {
    const l = layoutOf(id);
    const pid = running.get(id)?.pid ?? readPid(l.dir);
    if (pid !== null && isAlive(pid)) throw new Error(`Kafka node ${id} is already running (pid ${pid}); stop it first.`);
    await assertPortsFree([l]);
    await waitReady(l, launch(l));
  };
  const restartNode = async (id: number, restart: RestartOptions = {}) => {
    const l = layoutOf(id);
    await stopNode(id);
    const wanted = restart.logDirs ?? (restart.dirsPerNode ? nodeLayout(baseDir, ctx.basePort, id, restart.dirsPerNode).logDirs : undefined);
    if (wanted) {
      if (wanted.length === 0) throw new Error("restartNode() needs at least one log dir");
      l.logDirs = wanted.map((d) => path.resolve(d));
      nodeOf(id).logDirs = l.logDirs;
      writeNodeFiles(ctx, l);
      saveLayout(ctx);
      await formatNode(ctx, l, true);
    }
    await startNode(id);
  };

  const cluster: LocalCluster = {
    get bootstrap() {
      return layouts.map((l) => `127.0.0.1:${l.port}`).join(",");
    },
    clusterId: ctx.clusterId,
    version,
    baseDir,
    nodes,
    stopNode: (id) => stopNode(id),
    startNode: (id) => timed("cluster start", `node ${id} start`, () => startNode(id)),
    restartNode: (id, restart = {}) => timed("cluster start", `node ${id} restart`, () => restartNode(id, restart)),
    addDir: (id) =>
      timed("cluster start", `node ${id} add dir`, async () => {
        const l = layoutOf(id);
        // The next d<k> the node does not have yet.
        let k = l.logDirs.length + 1;
        while (l.logDirs.includes(path.join(l.dir, `d${k}`)) || existsSync(path.join(l.dir, `d${k}`))) k++;
        const added = path.join(l.dir, `d${k}`);
        await restartNode(id, { logDirs: [...l.logDirs, added] });
        return added;
      }),
    addNode: (add = {}) =>
      timed("cluster start", "add node", async () => {
        const id = Math.max(...layouts.map((l) => l.id)) + 1;
        if (id > CONTROLLER_PORT_OFFSET) throw new Error(`a local cluster has at most ${CONTROLLER_PORT_OFFSET} nodes`);
        const l = nodeLayout(baseDir, ctx.basePort, id, add.dirsPerNode ?? layouts[0]!.logDirs.length);
        if (existsSync(l.dir)) throw new Error(`${l.dir} already exists; a new node needs a fresh folder (remove it, or start the cluster clean).`);
        await assertPortsFree([{ ...l, controllerPort: l.port }]);
        layouts.push(l);
        ctx.brokers.add(id);
        nodes.push(toNode(l));
        try {
          writeNodeFiles(ctx, l);
          await formatNode(ctx, l, false);
          saveLayout(ctx);
          await waitReady(l, launch(l));
        } catch (error) {
          await stopNode(id, true).catch(() => undefined);
          layouts.splice(layouts.indexOf(l), 1);
          nodes.splice(
            nodes.findIndex((n) => n.id === id),
            1,
          );
          ctx.brokers.delete(id);
          saveLayout(ctx);
          rmSync(l.dir, { recursive: true, force: true });
          throw error;
        }
        return nodeOf(id);
      }),
    async stop() {
      // A cluster started clean is wiped at its next start, so nothing it holds is kept: its nodes are
      // killed at once (a controlled shutdown of the whole quorum waits about 5 s for a leader that is
      // leaving too). Reused data (clean: false) gets the controlled shutdown, all nodes at once: a
      // node shutting down alone waits for the quorum, so serial stops take longer.
      await Promise.all(layouts.map((l) => stopNode(l.id, ctx.clean)));
    },
  };
  return { cluster, launch, waitReady };
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
