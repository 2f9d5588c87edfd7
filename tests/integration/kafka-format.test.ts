// The launcher formats a node's dirs from a template (scripts/kafka/format.ts) instead of one StorageTool
// JVM per node: what it lays out must be what `kafka-storage format` itself writes, on a 3.x and on the
// default 4.x release. (That brokers start on it is every other Kafka test; the version matrix starts
// every release.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jvmProfileArgs, newClusterId } from "@/scripts/kafka/cluster";
import { formatNodeDirs } from "@/scripts/kafka/format";
import { loggingConfig, loggingConfigFileName, loggingJvmArgs, nodeLayout, quorumVoters, serverProperties } from "@/scripts/kafka/node-config";
import { runJava } from "@/scripts/kafka/processes";
import { classpathFor, DEFAULT_KAFKA_VERSION, KAFKA_3_VERSION } from "@/scripts/kafka/versions";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "kb-format-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every file under `dir`, by path relative to it, with its size. */
function files(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = fs.statSync(p).size;
    }
  };
  walk(dir);
  return out;
}

function metaProperties(file: string): Record<string, string> {
  return Object.fromEntries(
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
}

/** A node's layout and config in `base`, as the launcher writes them. */
function prepare(base: string, version: string, dirs: number) {
  const nodes = [1, 2].map((id) => nodeLayout(base, 39000, id, dirs));
  const node = nodes[1]!;
  fs.mkdirSync(node.dir, { recursive: true });
  const config = path.join(node.dir, "server.properties");
  fs.writeFileSync(config, serverProperties(node, quorumVoters(nodes), 2));
  const logConfig = path.join(node.dir, loggingConfigFileName(version));
  fs.writeFileSync(logConfig, loggingConfig(version, path.join(node.dir, "format.log")));
  return { node, config, jvmArgs: ["-Xmx128m", ...jvmProfileArgs("startup"), ...loggingJvmArgs(version, logConfig)] };
}

describe.each([KAFKA_3_VERSION, DEFAULT_KAFKA_VERSION])("formatting a node's dirs (Kafka %s)", (version) => {
  it("lays out the files kafka-storage format writes, with the node's ids and a directory id per dir", async () => {
    const clusterId = newClusterId();
    const byTool = prepare(path.join(root, `tool-${version}`), version, 3);
    await runJava([...byTool.jvmArgs, "-cp", classpathFor(version), "kafka.tools.StorageTool", "format", "-t", clusterId, "-c", byTool.config], "StorageTool format");
    const byUs = prepare(path.join(root, `ours-${version}`), version, 3);
    await formatNodeDirs({
      version,
      classpath: classpathFor(version),
      serverProperties: fs.readFileSync(byUs.config, "utf8"),
      jvmArgs: byUs.jvmArgs,
      clusterId,
      nodeId: 2,
      metadataDir: byUs.node.metadataDir,
      logDirs: byUs.node.logDirs,
      ignoreFormatted: false,
    });

    const dataFiles = (dir: string) => Object.fromEntries(Object.entries(files(dir)).filter(([f]) => !f.startsWith("logs") && !f.endsWith(".properties") && !f.endsWith(".log")));
    const metaFiles = (dir: string) =>
      Object.keys(files(dir))
        .filter((f) => f.endsWith("meta.properties"))
        .sort();
    // The same files (the bootstrap metadata of the same size: only its timestamps and CRC differ).
    expect(dataFiles(byUs.node.dir)).toEqual(dataFiles(byTool.node.dir));
    expect(metaFiles(byUs.node.dir)).toEqual(metaFiles(byTool.node.dir));
    expect(metaFiles(byUs.node.dir)).toHaveLength(4);
    const ids = new Set<string>();
    for (const f of metaFiles(byUs.node.dir)) {
      const ours = metaProperties(path.join(byUs.node.dir, f));
      const theirs = metaProperties(path.join(byTool.node.dir, f));
      expect(Object.keys(ours).sort(), f).toEqual(Object.keys(theirs).sort());
      expect({ ...ours, "directory.id": "" }, f).toEqual({ ...theirs, "directory.id": "" });
      expect(ours["directory.id"]).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
      ids.add(ours["directory.id"]!);
    }
    expect(ids.size, "one directory id per dir").toBe(4);
  });

  it("with ignoreFormatted, formats only the dirs added since and leaves the others as they were", async () => {
    const base = path.join(root, `again-${version}`);
    const first = prepare(base, version, 2);
    const request = { version, classpath: classpathFor(version), jvmArgs: first.jvmArgs, clusterId: newClusterId(), nodeId: 2, metadataDir: first.node.metadataDir };
    await formatNodeDirs({ ...request, serverProperties: fs.readFileSync(first.config, "utf8"), logDirs: first.node.logDirs, ignoreFormatted: false });
    const before = fs.readFileSync(path.join(first.node.logDirs[0]!, "meta.properties"), "utf8");
    await expect(formatNodeDirs({ ...request, serverProperties: fs.readFileSync(first.config, "utf8"), logDirs: first.node.logDirs, ignoreFormatted: false })).rejects.toThrow(
      /already formatted/,
    );

    const more = prepare(base, version, 4);
    await formatNodeDirs({ ...request, serverProperties: fs.readFileSync(more.config, "utf8"), logDirs: more.node.logDirs, ignoreFormatted: true });
    expect(fs.readFileSync(path.join(first.node.logDirs[0]!, "meta.properties"), "utf8")).toBe(before);
    for (const d of more.node.logDirs) expect(metaProperties(path.join(d, "meta.properties"))["cluster.id"]).toBe(request.clusterId);
  });
});
