import { describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ClusterSourceError, DEMO_SNAPSHOT_FILE_ENV, getClusterSnapshot, isClusterSourceError } from "@/lib/cluster/source";
import { syntheticCluster } from "@/lib/simulate/synthetic";

describe("isClusterSourceError", () => {
  it("isClusterSourceError() recognises the error from another bundle's copy of the class, by name and code", () => {
    // What a second chunk's ClusterSourceError looks like to this one: same shape, another class.
    class OtherBundleError extends Error {
      override readonly name = "ClusterSourceError";
      constructor(
        readonly code: string,
        message: string,
      ) {
        super(message);
      }
    }
    expect(isClusterSourceError(new ClusterSourceError("kafka_unreachable", "down"))).toBe(true);
    expect(isClusterSourceError(new OtherBundleError("kafka_unreachable", "down"))).toBe(true);
  });

  it("isClusterSourceError() rejects other errors and non-errors", () => {
    expect(isClusterSourceError(new Error("boom"))).toBe(false);
    expect(isClusterSourceError({ name: "ClusterSourceError", code: "kafka_error", message: "x" })).toBe(false);
    expect(isClusterSourceError(Object.assign(new Error("x"), { name: "ClusterSourceError" }))).toBe(false);
  });
});

describe("getClusterSnapshot() of the demo cluster", () => {
  it("getClusterSnapshot() shows the snapshot file KAFKA_BALANCE_DEMO_SNAPSHOT_FILE names, and says what is wrong with a bad one", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-demo-file-"));
    try {
      const snapshot = syntheticCluster({ brokers: 3, dirsPerBroker: 2, replicas: 30 });
      const file = path.join(dir, "snapshot.json");
      fs.writeFileSync(file, JSON.stringify(snapshot));
      const shown = await getClusterSnapshot({ env: { [DEMO_SNAPSHOT_FILE_ENV]: file } });
      expect(shown.brokers.map((b) => b.id)).toEqual(snapshot.brokers.map((b) => b.id));
      expect(await getClusterSnapshot({ env: { [DEMO_SNAPSHOT_FILE_ENV]: file } })).toBe(shown);
      const bad = path.join(dir, "bad.json");
      fs.writeFileSync(bad, JSON.stringify({ schema: 1 }));
      await expect(getClusterSnapshot({ env: { [DEMO_SNAPSHOT_FILE_ENV]: bad } })).rejects.toMatchObject({
        code: "kafka_config",
        message: expect.stringContaining("is not a snapshot"),
      });
      await expect(getClusterSnapshot({ env: { [DEMO_SNAPSHOT_FILE_ENV]: path.join(dir, "missing.json") } })).rejects.toMatchObject({ code: "kafka_config" });
      expect((await getClusterSnapshot({ env: {} })).source.kind).toBe("demo");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
