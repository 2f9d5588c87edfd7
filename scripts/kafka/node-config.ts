/**
 * The files one local KRaft node runs from: `server.properties` and a logging config.
 *
 * Every node is combined mode (`process.roles=broker,controller`) on 127.0.0.1, with a static
 * `controller.quorum.voters` list so `StorageTool format` needs no `--standalone` / dynamic quorum
 * bootstrap and both 3.9 and 4.x accept the same files.
 */
import path from "node:path";
import { majorVersion } from "./versions";

export interface NodeLayout {
  id: number;
  port: number;
  controllerPort: number;
  /** The node's folder: config, pid file, logs. */
  dir: string;
  logDirs: string[];
  /** KRaft metadata log: its own folder, so a data dir made unusable in a test never stops the node. */
  metadataDir: string;
}

/** 50: client ports are basePort.., controller ports basePort+50.., so at most 50 nodes per cluster. */
export const CONTROLLER_PORT_OFFSET = 50;

export function nodeLayout(baseDir: string, basePort: number, id: number, dirsPerNode: number): NodeLayout {
  const dir = path.join(baseDir, `node${id}`);
  return {
    id,
    port: basePort + id - 1,
    controllerPort: basePort + CONTROLLER_PORT_OFFSET + id - 1,
    dir,
    logDirs: Array.from({ length: dirsPerNode }, (_, i) => path.join(dir, `d${i + 1}`)),
    metadataDir: path.join(dir, "meta"),
  };
}

export function quorumVoters(nodes: NodeLayout[]): string {
  return nodes.map((n) => `${n.id}@127.0.0.1:${n.controllerPort}`).join(",");
}

export function serverProperties(node: NodeLayout, voters: string, nodeCount: number, extra: Record<string, string | number | boolean> = {}): string {
  const replication = Math.min(3, nodeCount);
  const props: Record<string, string | number | boolean> = {
    "process.roles": "broker,controller",
    "node.id": node.id,
    "controller.quorum.voters": voters,
    listeners: `PLAINTEXT://127.0.0.1:${node.port},CONTROLLER://127.0.0.1:${node.controllerPort}`,
    "advertised.listeners": `PLAINTEXT://127.0.0.1:${node.port}`,
    "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
    "controller.listener.names": "CONTROLLER",
    "inter.broker.listener.name": "PLAINTEXT",
    // JBOD: several log.dirs. In KRaft with several dirs (3.7+), the controller leaves a new replica's
    // directory UNASSIGNED and the broker picks one with LogManager.nextLogDirs (fewest partitions).
    "log.dirs": node.logDirs.join(","),
    "metadata.log.dir": node.metadataDir,
    "num.partitions": 1,
    // Internal topics keep Kafka's defaults (50 __consumer_offsets partitions) — the dashboard's story
    // depends on them — but their replication cannot exceed the node count.
    "offsets.topic.replication.factor": replication,
    "transaction.state.log.replication.factor": replication,
    "transaction.state.log.min.isr": Math.min(2, replication),
    "share.coordinator.state.topic.replication.factor": replication,
    "share.coordinator.state.topic.min.isr": Math.min(2, replication),
    // Tests join consumer groups and expect them to start at once (default 3000 ms).
    "group.initial.rebalance.delay.ms": 0,
    // Few threads: the test machine has 2 cores and runs 3 JVMs plus Node.
    "num.network.threads": 2,
    "num.io.threads": 2,
    "num.replica.fetchers": 1,
    "num.recovery.threads.per.data.dir": 1,
    "background.threads": 2,
    "log.cleaner.threads": 1,
    "log.cleaner.dedupe.buffer.size": 8 * 1024 * 1024,
    ...extra,
  };
  return (
    Object.entries(props)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join("\n") + "\n"
  );
}

/** Which JVM system property points at the logging config (log4j2 from Kafka 4.0, reload4j before). */
export function loggingJvmArgs(version: string, configFile: string): string[] {
  return majorVersion(version) >= 4 ? [`-Dlog4j2.configurationFile=${configFile}`] : [`-Dlog4j.configuration=file:${configFile}`];
}

export function loggingConfigFileName(version: string): string {
  return majorVersion(version) >= 4 ? "log4j2.properties" : "log4j.properties";
}

/** Broker logs go to `<node>/logs/server.log`; INFO is enough to see why a node did not start. */
export function loggingConfig(version: string, logFile: string): string {
  if (majorVersion(version) >= 4) {
    return [
      "status = warn",
      "appender.file.type = File",
      "appender.file.name = FILE",
      `appender.file.fileName = ${logFile}`,
      "appender.file.layout.type = PatternLayout",
      "appender.file.layout.pattern = [%d] %p %m (%c)%n",
      "rootLogger.level = INFO",
      "rootLogger.appenderRef.file.ref = FILE",
      "logger.kafka-request.name = kafka.request.logger",
      "logger.kafka-request.level = WARN",
      "",
    ].join("\n");
  }
  return [
    "log4j.rootLogger=INFO, file",
    "log4j.appender.file=org.apache.log4j.FileAppender",
    `log4j.appender.file.File=${logFile}`,
    "log4j.appender.file.layout=org.apache.log4j.PatternLayout",
    "log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n",
    "log4j.logger.kafka.request.logger=WARN",
    "",
  ].join("\n");
}
