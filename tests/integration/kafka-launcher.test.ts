import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { Admin } from "@platformatic/kafka";
import { readFileSync } from "node:fs";
import { attachCluster, startCluster, stopAll, type LocalCluster } from "@/scripts/kafka/cluster";
import { isAlive } from "@/scripts/kafka/processes";

// Ports 19200.. and this baseDir belong to this file only, so test files never collide.
const BASE_DIR = path.resolve(".kafka/test-launcher");
const BASE_PORT = 19200;

let cluster: LocalCluster;

async function withAdmin<T>(bootstrap: string, use: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = new Admin({ clientId: "launcher-test", bootstrapBrokers: bootstrap.split(","), retries: 2, requestTimeout: 10_000 });
  try {
    return await use(admin);
  } finally {
    await admin.close();
  }
}

async function liveBrokers(): Promise<number[]> {
  return withAdmin(cluster.bootstrap, async (admin) => {
    const metadata = await admin.metadata({ topics: [], forceUpdate: true });
    return [...metadata.brokers.keys()].sort((a, b) => a - b);
  });
}

async function logDirsByBroker(): Promise<Map<number, string[]>> {
  return withAdmin(cluster.bootstrap, async (admin) => {
    const described = await admin.describeLogDirs({ topics: [] });
    return new Map(described.map((b) => [b.broker, b.results.map((r) => r.logDir).sort()]));
  });
}

describe("local Kafka launcher", () => {
  beforeAll(async () => {
    await stopAll(BASE_DIR);
    cluster = await startCluster({ baseDir: BASE_DIR, basePort: BASE_PORT, nodes: 3, dirsPerNode: 3 });
  });

  afterAll(async () => {
    const pids = cluster?.nodes.map((n) => n.pid).filter((p): p is number => p !== null) ?? [];
    await cluster?.stop();
    expect(pids.filter((pid) => isAlive(pid))).toEqual([]);
  });

  it("startCluster() starts 3 brokers that each report their 3 log dirs", async () => {
    expect(cluster.bootstrap).toBe("127.0.0.1:19200,127.0.0.1:19201,127.0.0.1:19202");
    expect(await liveBrokers()).toEqual([1, 2, 3]);
    const dirs = await logDirsByBroker();
    for (const node of cluster.nodes) {
      expect(dirs.get(node.id)).toEqual([...node.logDirs].sort());
      expect(node.logDirs).toHaveLength(3);
    }
  });

  it("startCluster() refuses a second cluster in the same baseDir", async () => {
    await expect(startCluster({ baseDir: BASE_DIR, basePort: BASE_PORT + 10 })).rejects.toThrow(/already running/);
  });

  it("stopNode() and startNode() take one broker down and bring it back", async () => {
    const pid = cluster.nodes[1]!.pid!;
    await cluster.stopNode(2);
    expect(isAlive(pid)).toBe(false);
    expect(cluster.nodes[1]!.pid).toBeNull();
    expect(await liveBrokers()).toEqual([1, 3]);
    await cluster.startNode(2);
    expect(await liveBrokers()).toEqual([1, 2, 3]);
  });

  it("restartNode() with more log dirs formats only the new ones and the broker reports them", async () => {
    await cluster.restartNode(3, { dirsPerNode: 5 });
    const dirs = await logDirsByBroker();
    expect(dirs.get(3)).toHaveLength(5);
    expect(dirs.get(3)).toEqual([...cluster.nodes[2]!.logDirs].sort());
    expect(dirs.get(1)).toHaveLength(3);
  });

  it("addNode() starts a broker-only node with the next id that joins the running quorum and reports its dirs; the layout keeps it", async () => {
    const added = await cluster.addNode({ dirsPerNode: 2 });
    expect([added.id, added.port, added.logDirs.length]).toEqual([4, BASE_PORT + 3, 2]);
    expect(cluster.bootstrap).toBe("127.0.0.1:19200,127.0.0.1:19201,127.0.0.1:19202,127.0.0.1:19203");
    expect(await liveBrokers()).toEqual([1, 2, 3, 4]);
    expect((await logDirsByBroker()).get(4)).toEqual([...added.logDirs].sort());
    const props = readFileSync(path.join(BASE_DIR, "node4", "server.properties"), "utf8");
    expect(props).toMatch(/^process\.roles=broker$/m);
    expect(props).toMatch(/^controller\.quorum\.voters=1@127\.0\.0\.1:19250,2@127\.0\.0\.1:19251,3@127\.0\.0\.1:19252$/m);
    const meta = readFileSync(path.join(added.logDirs[0]!, "meta.properties"), "utf8");
    expect(meta).toContain(`cluster.id=${cluster.clusterId}`);
    expect(meta).toMatch(/^node\.id=4$/m);
    const layout = JSON.parse(readFileSync(path.join(BASE_DIR, "cluster.json"), "utf8")) as { nodes: { id: number; role?: string }[] };
    expect(layout.nodes.map((n) => [n.id, n.role ?? "combined"])).toEqual([
      [1, "combined"],
      [2, "combined"],
      [3, "combined"],
      [4, "broker"],
    ]);
  });

  it("attachCluster() (what kafka:up -- --add-dir uses) adds a log dir to a running node: restarted with the new dir formatted, the others kept", async () => {
    const attached = attachCluster(BASE_DIR);
    expect(attached.nodes.map((n) => n.id)).toEqual([1, 2, 3, 4]);
    const before = (await logDirsByBroker()).get(4)!;
    const added = await attached.addDir(4);
    expect(added).toBe(path.join(BASE_DIR, "node4", "d3"));
    const dirs = await logDirsByBroker();
    expect(dirs.get(4)).toEqual([...before, added].sort());
    expect(readFileSync(path.join(added, "meta.properties"), "utf8")).toContain(`cluster.id=${cluster.clusterId}`);
    expect(await liveBrokers()).toEqual([1, 2, 3, 4]);
    await expect(attached.addDir(9)).rejects.toThrow(/no node 9/);
  });
});
