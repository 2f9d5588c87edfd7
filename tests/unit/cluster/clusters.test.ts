import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clusterList, clustersFromEnv, envNameOf, resolveCluster } from "@/lib/cluster/clusters";
import { redactSecrets } from "@/lib/cluster/connection";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-clusters-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
function file(name: string, content: unknown): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, typeof content === "string" ? content : JSON.stringify(content));
  return f;
}

describe("clustersFromEnv()", () => {
  it("clustersFromEnv() is the demo alone with nothing configured, and one cluster named default with KAFKA_BOOTSTRAP_SERVERS", () => {
    expect(clustersFromEnv({})).toEqual({ ok: true, value: [{ name: "demo", label: "Demo cluster", kind: "demo", connection: null }] });
    const one = clustersFromEnv({ KAFKA_BOOTSTRAP_SERVERS: "b1:9092,b2" });
    expect(one.ok && one.value.map((c) => [c.name, c.label, c.kind, c.connection?.ok])).toEqual([["default", "b1:9092,b2:9092", "live", true]]);
  });

  it("clustersFromEnv() reads the env-only form: names in KAFKA_BALANCE_CLUSTERS, settings per cluster, a password from a file", () => {
    const secret = file("pw", "s3cr3t-pw\n");
    const env = {
      KAFKA_BALANCE_CLUSTERS: "prod-eu, staging",
      KAFKA_BALANCE_CLUSTER_PROD_EU_BOOTSTRAP_SERVERS: "p1:9093",
      KAFKA_BALANCE_CLUSTER_PROD_EU_LABEL: "Production EU",
      KAFKA_BALANCE_CLUSTER_PROD_EU_SASL_MECHANISM: "scram-sha-512",
      KAFKA_BALANCE_CLUSTER_PROD_EU_SASL_USERNAME: "kb",
      KAFKA_BALANCE_CLUSTER_PROD_EU_SASL_PASSWORD_FILE: secret,
      KAFKA_BALANCE_CLUSTER_STAGING_BOOTSTRAP_SERVERS: "s1:9092",
      KAFKA_BOOTSTRAP_SERVERS: "ignored:9092",
    };
    const r = clustersFromEnv(env);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((c) => [c.name, c.label])).toEqual([
      ["prod-eu", "Production EU"],
      ["staging", "s1:9092"],
    ]);
    const prod = r.value[0]!.connection!;
    expect(prod.ok && prod.value.sasl).toEqual({ mechanism: "SCRAM-SHA-512", username: "kb", password: "s3cr3t-pw" });
    expect(prod.ok && prod.value.bootstrapServers).toEqual(["p1:9093"]);
    expect(JSON.stringify(clusterList(env))).not.toContain("s3cr3t-pw");
    expect(envNameOf("prod-eu")).toBe("PROD_EU");
  });

  it("clustersFromEnv() keeps a cluster with bad settings listed with what to fix, and the others working", () => {
    const env = { KAFKA_BALANCE_CLUSTERS: "a,b", KAFKA_BALANCE_CLUSTER_A_BOOTSTRAP_SERVERS: "a1:9092", KAFKA_BALANCE_CLUSTER_B_SASL_MECHANISM: "PLAIN" };
    const list = clusterList(env);
    expect(list.map((c) => [c.name, c.problem])).toEqual([
      ["a", null],
      ["b", "cluster b: set KAFKA_BALANCE_CLUSTER_B_BOOTSTRAP_SERVERS to host:port[,host:port...]"],
    ]);
    expect(resolveCluster("a", env).ok).toBe(true);
  });

  it("clustersFromEnv() refuses bad names, duplicates and an empty list, saying what a name may hold", () => {
    for (const list of ["Prod", "a,a", "-x", "a b", " , "]) {
      const r = clustersFromEnv({ KAFKA_BALANCE_CLUSTERS: list });
      expect(r.ok, list).toBe(false);
    }
    const r = clustersFromEnv({ KAFKA_BALANCE_CLUSTERS: "Prod" });
    expect(!r.ok && r.error.message).toMatch(/lower-case letters, digits and '-'/);
  });

  it("clustersFromEnv() reads a clusters file, its passwords from the env variables or files it names, and refuses a password written in it", () => {
    const pwFile = file("pw2", "from-a-file-pw");
    const good = file("clusters.json", {
      clusters: [
        {
          name: "eu",
          label: "EU",
          bootstrapServers: ["e1:9092", "e2:9092"],
          sasl: { mechanism: "PLAIN", username: "u", passwordEnv: "EU_KAFKA_PASSWORD" },
          tls: { rejectUnauthorized: false },
        },
        { name: "us", bootstrapServers: "u1:9092", sasl: { mechanism: "PLAIN", username: "u", passwordFile: pwFile } },
        { name: "ap", bootstrapServers: "a1:9092", sasl: { mechanism: "PLAIN", username: "u", passwordEnv: "AP_UNSET_PASSWORD" } },
      ],
    });
    const env = { KAFKA_BALANCE_CLUSTERS_FILE: good, EU_KAFKA_PASSWORD: "env-pw-1" };
    const r = clustersFromEnv(env);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [eu, us, ap] = r.value;
    expect(eu!.connection!.ok && eu!.connection!.value).toMatchObject({
      bootstrapServers: ["e1:9092", "e2:9092"],
      sasl: { password: "env-pw-1" },
      tls: { rejectUnauthorized: false },
    });
    expect(us!.connection!.ok && us!.connection!.value.sasl?.password).toBe("from-a-file-pw");
    expect(ap!.connection!.ok).toBe(false);
    expect(!ap!.connection!.ok && ap!.connection!.error.message).toMatch(/AP_UNSET_PASSWORD.*is not set/);
    const inline = clustersFromEnv({
      KAFKA_BALANCE_CLUSTERS_FILE: file("inline.json", { clusters: [{ name: "x", bootstrapServers: "x:1", sasl: { mechanism: "PLAIN", username: "u", password: "oops" } }] }),
    });
    expect(!inline.ok && inline.error.message).toMatch(/password/);
    expect(!inline.ok && inline.error.message).not.toContain("oops");
    for (const bad of [
      file("notjson.json", "{"),
      path.join(dir, "missing.json"),
      file("dupe.json", {
        clusters: [
          { name: "a", bootstrapServers: "a:1" },
          { name: "a", bootstrapServers: "b:1" },
        ],
      }),
    ]) {
      expect(clustersFromEnv({ KAFKA_BALANCE_CLUSTERS_FILE: bad }).ok, bad).toBe(false);
    }
  });
});

describe("resolveCluster()", () => {
  const env = { KAFKA_BALANCE_CLUSTERS: "one,two", KAFKA_BALANCE_CLUSTER_ONE_BOOTSTRAP_SERVERS: "o:9092", KAFKA_BALANCE_CLUSTER_TWO_BOOTSTRAP_SERVERS: "t:9092" };
  it("resolveCluster() takes the first cluster when none is named, and refuses an unknown name with the names there are", () => {
    const first = resolveCluster(null, env);
    expect(first.ok && first.value.name).toBe("one");
    const two = resolveCluster("two", env);
    expect(two.ok && two.value.name).toBe("two");
    const nope = resolveCluster("three", env);
    expect(nope).toEqual({ ok: false, error: { code: "unknown_cluster", message: 'There is no cluster "three"; the clusters are one, two.', issues: [] } });
    const long = resolveCluster("x".repeat(500), env);
    expect(!long.ok && long.error.message.length).toBeLessThan(200);
  });
});

describe("redactSecrets()", () => {
  it("redactSecrets() hides every password-like variable's value, the per-cluster ones included", () => {
    expect(redactSecrets("a p1 b p2 c", { KAFKA_BALANCE_CLUSTER_X_SASL_PASSWORD: "p1", EU_KAFKA_PASSWORD: "p2" })).toBe("a *** b *** c");
  });
});
