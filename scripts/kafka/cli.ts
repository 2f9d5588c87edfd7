/**
 * `npm run kafka:up` / `npm run kafka:down`: a local 3-node × 3-dir cluster for development in
 * `.kafka/dev`, left running after the command exits (detached JVMs with pid files).
 *
 *   npm run kafka:up                       # reuse .kafka/dev data if present
 *   npm run kafka:up -- --clean            # format afresh
 *   npm run kafka:up -- --nodes 3 --dirs 2 --version 3.9.2 --port 9092
 *   npm run kafka:down
 */
import path from "node:path";
import { intFlag as wholeFlag, stringFlag as flag } from "../cli-args";
import { startCluster, stopAll } from "./cluster";

const intFlag = (args: string[], name: string, fallback: number) => wholeFlag(args, name, fallback, 1);

const DEV_DIR = path.resolve(".kafka/dev");
/** 9092: Kafka's usual port, so tools pointed at localhost:9092 just work. */
const DEV_PORT = 9092;

async function up(args: string[]): Promise<void> {
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
  for (const node of cluster.nodes) {
    console.log(`  node ${node.id}  127.0.0.1:${node.port}  pid ${node.pid}  log.dirs ${node.logDirs.join(",")}`);
  }
  console.log(`Bootstrap: ${cluster.bootstrap}`);
  console.log(`KAFKA_BOOTSTRAP_SERVERS=${cluster.bootstrap}`);
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
  else throw new Error(`usage: tsx scripts/kafka/cli.ts up|down [--clean] [--nodes N] [--dirs M] [--version V] [--port P] [--dir D]`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
