/**
 * Formatting a node's dirs the way `kafka-storage format` (kafka.tools.StorageTool) does, without a JVM
 * per node: StorageTool runs once per Kafka version and configuration into a template, and each node's
 * dirs get a copy of what it wrote there, with the node's own `meta.properties`.
 *
 * What StorageTool writes (read off its output for 3.9 and 4.x, static `controller.quorum.voters`):
 * - `meta.properties` in every dir: `version=1`, `cluster.id`, `node.id` and a fresh `directory.id`
 *   (a random Uuid per dir);
 * - the bootstrap metadata (the feature levels): `bootstrap.checkpoint` (3.x: in every dir) or
 *   `__cluster_metadata-0/00000000000000000000-0000000000.checkpoint` (4.x: in the metadata dir).
 *   Nothing in it names the node or the cluster, so one template serves every node of every cluster
 *   with that version and configuration.
 *
 * A template is keyed by the version and the server.properties lines that are not the node's own
 * (ids, listeners, voters, dirs), so a configuration that could change what format writes gets its
 * own. Templates live in `.kafka/.format/` (git-ignored), written under a temporary name and renamed
 * into place, so files formatting side by side never see half of one.
 */
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runJava } from "./processes";

const TEMPLATE_ROOT = path.resolve(__dirname, "..", "..", ".kafka", ".format");

/** The node's own lines of server.properties: they do not change what format writes into a dir. */
const NODE_KEYS = new Set(["node.id", "listeners", "advertised.listeners", "controller.quorum.voters", "log.dirs", "metadata.log.dir"]);

/** A Kafka Uuid as StorageTool prints it: 16 random bytes, URL-safe base64 without padding, never starting with "-". */
export function newKafkaUuid(random: (size: number) => Buffer = randomBytes): string {
  for (;;) {
    const id = random(16).toString("base64url");
    if (!id.startsWith("-")) return id;
  }
}

/** The lines of a server.properties that are not the node's own, in order. */
export function sharedConfigLines(serverProperties: string): string[] {
  return serverProperties
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#") && !NODE_KEYS.has(l.slice(0, l.indexOf("=")).trim()));
}

export interface FormatRequest {
  version: string;
  classpath: string;
  /** The node's server.properties as written. */
  serverProperties: string;
  /** JVM flags for StorageTool (heap, JIT, logging). */
  jvmArgs: string[];
  clusterId: string;
  nodeId: number;
  metadataDir: string;
  logDirs: string[];
  /** Leave dirs that already hold a meta.properties as they are (`--ignore-formatted`). */
  ignoreFormatted: boolean;
}

/** The template for this version and configuration, made by one StorageTool run if it is not there yet. */
async function template(request: FormatRequest): Promise<string> {
  const shared = sharedConfigLines(request.serverProperties);
  const key = createHash("sha256")
    .update(`${request.version}\n${shared.join("\n")}`)
    .digest("hex")
    .slice(0, 16);
  const dir = path.join(TEMPLATE_ROOT, `${request.version}-${key}`);
  if (existsSync(path.join(dir, ".complete"))) return dir;
  const scratch = `${dir}.tmp-${process.pid}-${newKafkaUuid()}`;
  mkdirSync(scratch, { recursive: true });
  try {
    // One node of its own (ports are never opened: format only reads the config).
    const config = [
      ...shared,
      "node.id=1",
      "controller.quorum.voters=1@127.0.0.1:9",
      "listeners=PLAINTEXT://127.0.0.1:8,CONTROLLER://127.0.0.1:9",
      "advertised.listeners=PLAINTEXT://127.0.0.1:8",
      `log.dirs=${path.join(scratch, "log")}`,
      `metadata.log.dir=${path.join(scratch, "meta")}`,
    ].join("\n");
    writeFileSync(path.join(scratch, "server.properties"), config + "\n");
    await runJava(
      [...request.jvmArgs, "-cp", request.classpath, "kafka.tools.StorageTool", "format", "-t", newKafkaUuid(), "-c", path.join(scratch, "server.properties")],
      `Formatting a Kafka ${request.version} template (kafka.tools.StorageTool)`,
    );
    for (const sub of ["log", "meta"]) {
      if (!existsSync(path.join(scratch, sub, "meta.properties")))
        throw new Error(`kafka.tools.StorageTool (Kafka ${request.version}) wrote no meta.properties into ${path.join(scratch, sub)}`);
    }
    writeFileSync(path.join(scratch, ".complete"), new Date().toISOString() + "\n");
    try {
      renameSync(scratch, dir);
    } catch (error) {
      // Another file made the same template meanwhile: theirs is as good as ours.
      if (!existsSync(path.join(dir, ".complete"))) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return dir;
}

function metaProperties(request: FormatRequest): string {
  return ["#", `#${new Date().toUTCString()}`, `node.id=${request.nodeId}`, `directory.id=${newKafkaUuid()}`, "version=1", `cluster.id=${request.clusterId}`].join("\n") + "\n";
}

/** Lays out one dir: the template's files of its kind (log or metadata) and a meta.properties of its own. */
function formatDir(from: string, to: string, request: FormatRequest): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    if (entry !== "meta.properties") cpSync(path.join(from, entry), path.join(to, entry), { recursive: true });
  }
  writeFileSync(path.join(to, "meta.properties"), metaProperties(request));
}

/** Formats the node's metadata dir and log dirs as `kafka-storage format` would (see the header). */
export async function formatNodeDirs(request: FormatRequest): Promise<void> {
  const dirs = [{ dir: request.metadataDir, kind: "meta" }, ...request.logDirs.filter((d) => d !== request.metadataDir).map((dir) => ({ dir, kind: "log" }))];
  const formatted = dirs.filter((d) => existsSync(path.join(d.dir, "meta.properties")));
  if (!request.ignoreFormatted && formatted.length > 0) {
    throw new Error(
      `Kafka node ${request.nodeId}: ${formatted.map((d) => d.dir).join(", ")} already formatted (meta.properties); format again only into empty dirs, or leave formatted ones as they are (ignoreFormatted).`,
    );
  }
  const todo = dirs.filter((d) => !formatted.includes(d));
  if (todo.length === 0) return;
  const from = await template(request);
  for (const d of todo) formatDir(path.join(from, d.kind), d.dir, request);
}
