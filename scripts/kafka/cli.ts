/**
 * `npm run kafka:up` / `npm run kafka:down`: a local 3-node × 3-dir cluster for development in
 * `.kafka/dev`, left running after the command exits (detached JVMs with pid files).
 *
 *   npm run kafka:up                       # reuse .kafka/dev data if present
 *   npm run kafka:up -- --clean            # format afresh
 *   npm run kafka:up -- --nodes 3 --dirs 2 --version 3.9.2 --port 9092
 *   npm run kafka:up -- --add-node            # the running cluster gains a broker (the next id, --dirs dirs)
 *   npm run kafka:up -- --add-dir 2           # node 2 gains a log dir: restarted with <node>/d<k+1>
 *   npm run kafka:down
 *
 * `--add-node` and `--add-dir` work on the cluster running in `.kafka/dev` (or `--dir`) and keep it
 * running; the next plain `kafka:up` (data kept) starts the grown layout again.
 */
import path from "node:path";
import { intFlag as wholeFlag, stringFlag as flag } from "../cli-args";
import { attachCluster, startCluster, stopAll, type LocalCluster } from "./cluster";

const intFlag = (args: string[], name: string, fallback: number) => wholeFlag(args, name, fallback, 1);

const DEV_DIR = path.resolve(".kafka/dev");
/** 9092: Kafka's usual port, so tools pointed at localhost:9092 just work. */
const DEV_PORT = 9092;

function describe(cluster: LocalCluster): void {
  for (const node of cluster.nodes) {
    console.log(`  node ${node.id}  127.0.0.1:${node.port}  pid ${node.pid}  log.dirs ${node.logDirs.join(",")}`);
  }
  console.log(`Bootstrap: ${cluster.bootstrap}`);
  console.log(`KAFKA_BOOTSTRAP_SERVERS=${cluster.bootstrap}`);
}

/** `--add-node` / `--add-dir <node>`: grows the cluster running in the folder, and leaves it running. */
async function grow(args: string[]): Promise<void> {
  const cluster = attachCluster(flag(args, "dir") ?? DEV_DIR);
  const dirNode = flag(args, "add-dir");
  if (dirNode !== undefined) {
    const id = Number(dirNode);
    if (!Number.isInteger(id) || !cluster.nodes.some((n) => n.id === id))
      throw new Error(`--add-dir takes a node id of this cluster (${cluster.nodes.map((n) => n.id).join(", ")}), not "${dirNode}"`);
    const added = await cluster.addDir(id);
    console.log(`Node ${id} restarted with a new log dir ${added}.`);
  }
  if (args.includes("--add-node")) {
    const dirs = flag(args, "dirs") === undefined ? undefined : intFlag(args, "dirs", 1);
    const node = await cluster.addNode({ dirsPerNode: dirs });
    console.log(`Broker ${node.id} joined the cluster on 127.0.0.1:${node.port} with ${node.logDirs.length} log dir(s).`);
  }
  describe(cluster);
}

async function up(args: string[]): Promise<void> {
  if (args.includes("--add-node") || flag(args, "add-dir") !== undefined) return grow(args);
  const cluster = await startCluster({
    baseDir: flag(args, "dir") ?? DEV_DIR,
    basePort: intFlag(args, "port", DEV_PORT),
    nodes: intFlag(args, "nodes", 3),
    dirsPerNode: intFlag(args, "dirs", 3),
    version: flag(args, "version"),
    clean: args.includes("--clean"),
    detached: true,
  });
  console.log(`Kafka ${cluster.version} is up: ${cluster.nodes.length} nodes, cluster id ${cluster.clusterId}`);
  describe(cluster);
  console.log(`Broker logs: ${cluster.baseDir}/node<id>/logs/server.log · stop with: npm run kafka:down`);
}

async function down(args: string[]): Promise<void> {
  const dir = flag(args, "dir") ?? DEV_DIR;
  const stopped = await stopAll(dir);
  console.log(stopped > 0 ? `Stopped ${stopped} Kafka node(s) in ${dir}.` : `No Kafka node was running in ${dir}.`);
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === "up") await up(args);
  else if (command === "down") await down(args);
  else throw new Error(`usage: tsx scripts/kafka/cli.ts up|down [--clean] [--nodes N] [--dirs M] [--version V] [--port P] [--dir D] [--add-node] [--add-dir <node>]`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
