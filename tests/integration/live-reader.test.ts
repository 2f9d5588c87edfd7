import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import {
  AclOperations,
  AclPermissionTypes,
  Admin,
  alterUserScramCredentialsV0,
  ConfigResourceTypes,
  IncrementalAlterConfigOperationTypes,
  incrementalAlterConfigsV1,
  ResourcePatternTypes,
  ResourceTypes,
  ScramMechanisms,
} from "@platformatic/kafka";
import { Kafka, logLevel } from "kafkajs";
import { startCluster, stopAll, type LocalCluster } from "@/scripts/kafka/cluster";
import { connectionFromEnv } from "@/lib/cluster/connection";
import { readCluster } from "@/lib/cluster/live";
import { clusterScanCount, resetClusterSource } from "@/lib/cluster/source";
import { GET } from "@/app/api/cluster/route";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { balanceReport } from "@/lib/model/report";
import { kafkaVersionsOf, nextPlacements } from "@/lib/view/overview/next-placement";
import { overviewSummary } from "@/lib/view/overview/overview-model";
import { sameFigureSlack } from "@/lib/model/disks";
import { planRebalance, PlanOptionsSchema } from "@/lib/plan";

// Ports 19300.. (PLAINTEXT), 19320.. (SASL_PLAINTEXT), 19340.. (SSL), 19350.. (controllers) and this baseDir belong
// to this file only.
const BASE_DIR = path.resolve(".kafka/test-live");
const BASE_PORT = 19300;
const SASL_OFFSET = 20;
const SASL_USER = "balance-reader";
const SCRAM_USER = "balance-scram-reader";
/** A string that must never show up in any answer. */
const SASL_PASSWORD = "Tr0ub4dor-x9-never-print-me";
const REQUEST_TIMEOUT_MS = 3000;

const SSL_OFFSET = 40;
/** Beside the cluster's baseDir, not in it: the launcher formats only an empty or its own baseDir. */
const TLS_DIR = path.resolve(".kafka/test-live-tls");
const TLS_KEYSTORE = path.join(TLS_DIR, "broker.p12");
const TLS_CA = path.join(TLS_DIR, "ca.pem");
const TLS_STORE_PASSWORD = "test-keystore-pass";

/** A self-signed CA certificate for 127.0.0.1 in a PKCS12 keystore for the brokers, and as PEM for the reader to trust. */
function makeTlsMaterial(): void {
  rmSync(TLS_DIR, { recursive: true, force: true });
  mkdirSync(TLS_DIR, { recursive: true });
  const keytool = (args: string[]) => {
    const run = spawnSync("keytool", args, { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`keytool ${args[0]} failed: ${run.stderr || run.stdout}`);
  };
  keytool([
    "-genkeypair",
    "-alias",
    "broker",
    "-keyalg",
    "RSA",
    "-keysize",
    "2048",
    "-dname",
    "CN=127.0.0.1",
    "-ext",
    "SAN=ip:127.0.0.1,dns:localhost",
    "-ext",
    "bc:c",
    "-validity",
    "7",
    "-keystore",
    TLS_KEYSTORE,
    "-storetype",
    "PKCS12",
    "-storepass",
    TLS_STORE_PASSWORD,
    "-keypass",
    TLS_STORE_PASSWORD,
  ]);
  keytool(["-exportcert", "-rfc", "-alias", "broker", "-keystore", TLS_KEYSTORE, "-storetype", "PKCS12", "-storepass", TLS_STORE_PASSWORD, "-file", TLS_CA]);
}

let cluster: LocalCluster;
const savedEnv = { ...process.env };

function setEnv(vars: Record<string, string | undefined>): void {
  for (const k of Object.keys(process.env)) if (k.startsWith("KAFKA_")) delete process.env[k];
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) process.env[k] = v;
  resetClusterSource();
}

function plainEnv(): Record<string, string> {
  return { KAFKA_BOOTSTRAP_SERVERS: cluster.bootstrap, KAFKA_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) };
}

async function getCluster(
  query = "",
): Promise<{ status: number; body: string; json: { snapshot: ClusterSnapshot; error?: { code: string; message: string } } & Record<string, unknown> }> {
  const response = await GET(new Request(`http://localhost/api/cluster${query}`));
  const body = await response.text();
  return { status: response.status, body, json: JSON.parse(body) };
}

/** What the brokers hold on disk: broker → "topic-partition" → { dir, bytes of its .log segments }. */
function replicasOnDisk(): Map<number, Map<string, { dir: string; bytes: number }>> {
  const out = new Map<number, Map<string, { dir: string; bytes: number }>>();
  for (const node of cluster.nodes) {
    const found = new Map<string, { dir: string; bytes: number }>();
    for (const dir of node.logDirs) {
      if (!statSync(dir).isDirectory()) continue;
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (!/-\d+$/.test(entry) || !statSync(full).isDirectory()) continue;
        const bytes = readdirSync(full)
          .filter((f) => f.endsWith(".log"))
          .reduce((sum, f) => sum + statSync(path.join(full, f)).size, 0);
        found.set(entry, { dir, bytes });
      }
    }
    out.set(node.id, found);
  }
  return out;
}

async function produce(topic: string, partitions: number, messagesPerPartition: number, size: number): Promise<void> {
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = "1";
  const kafka = new Kafka({ clientId: "live-reader-test", brokers: cluster.bootstrap.split(","), logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  await producer.connect();
  try {
    for (let p = 0; p < partitions; p++) {
      const messages = Array.from({ length: messagesPerPartition }, (_, i) => ({ partition: p, value: Buffer.alloc(size + p * 10, i % 251) }));
      await producer.send({ topic, messages, acks: -1 });
    }
  } finally {
    await producer.disconnect();
  }
}

describe("live reader against a real 3-node × 3-dir cluster", () => {
  beforeAll(async () => {
    await stopAll(BASE_DIR);
    makeTlsMaterial();
    cluster = await startCluster({
      baseDir: BASE_DIR,
      basePort: BASE_PORT,
      nodes: 3,
      dirsPerNode: 3,
      // A SASL/PLAIN listener next to PLAINTEXT, to prove credentials stay out of every answer.
      extraBrokerConfig: ({ port, controllerPort }) => ({
        listeners: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort},SASL_PLAINTEXT://127.0.0.1:${port + SASL_OFFSET},SSL://127.0.0.1:${port + SSL_OFFSET}`,
        "advertised.listeners": `PLAINTEXT://127.0.0.1:${port},SASL_PLAINTEXT://127.0.0.1:${port + SASL_OFFSET},SSL://127.0.0.1:${port + SSL_OFFSET}`,
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,SSL:SSL",
        // A TLS listener with a certificate the test makes (no client certificates: the principal is ANONYMOUS).
        "ssl.keystore.type": "PKCS12",
        "ssl.keystore.location": TLS_KEYSTORE,
        "ssl.keystore.password": TLS_STORE_PASSWORD,
        "ssl.key.password": TLS_STORE_PASSWORD,
        "sasl.enabled.mechanisms": "PLAIN,SCRAM-SHA-512",
        "listener.name.sasl_plaintext.plain.sasl.jaas.config": `org.apache.kafka.common.security.plain.PlainLoginModule required user_${SASL_USER}="${SASL_PASSWORD}";`,
        "listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config": "org.apache.kafka.common.security.scram.ScramLoginModule required;",
        // ACLs on: PLAINTEXT (ANONYMOUS) and the PLAIN user may do anything; the SCRAM user gets only
        // what the ACLs below grant, as a least-privilege monitoring user would.
        "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
        "super.users": `User:ANONYMOUS;User:${SASL_USER}`,
      }),
    });
    const admin = new Admin({ clientId: "live-reader-setup", bootstrapBrokers: cluster.bootstrap.split(",") });
    try {
      // A SCRAM-SHA-512 user, as kafka-configs --alter --add-config 'SCRAM-SHA-512=[password=...]' makes one.
      const salt = randomBytes(32);
      const scramConnection = await admin.connections.get({ host: "127.0.0.1", port: BASE_PORT });
      await alterUserScramCredentialsV0.api.async(
        scramConnection,
        [],
        [{ name: SCRAM_USER, mechanism: ScramMechanisms.SCRAM_SHA_512, iterations: 4096, salt, saltedPassword: pbkdf2Sync(SASL_PASSWORD, salt, 4096, 64, "sha512") }],
      );
      // Describe on the cluster and every topic, but not DescribeConfigs: it can read placement, not throttles.
      await admin.createAcls({
        creations: [
          {
            resourceType: ResourceTypes.CLUSTER,
            resourceName: "kafka-cluster",
            resourcePatternType: ResourcePatternTypes.LITERAL,
            principal: `User:${SCRAM_USER}`,
            host: "*",
            operation: AclOperations.DESCRIBE,
            permissionType: AclPermissionTypes.ALLOW,
          },
          {
            resourceType: ResourceTypes.TOPIC,
            resourceName: "*",
            resourcePatternType: ResourcePatternTypes.LITERAL,
            principal: `User:${SCRAM_USER}`,
            host: "*",
            operation: AclOperations.DESCRIBE,
            permissionType: AclPermissionTypes.ALLOW,
          },
        ],
      });
      await admin.createTopics({ topics: ["bytes-a"], partitions: 6, replicas: 3 });
      await admin.createTopics({ topics: ["bytes-b"], partitions: 12, replicas: 2 });
      await admin.incrementalAlterConfigs({
        resources: [
          {
            resourceType: ConfigResourceTypes.BROKER,
            resourceName: "1",
            configs: [{ name: "leader.replication.throttled.rate", configOperation: IncrementalAlterConfigOperationTypes.SET, value: "1048576" }],
          },
          {
            resourceType: ConfigResourceTypes.TOPIC,
            resourceName: "bytes-a",
            configs: [{ name: "leader.replication.throttled.replicas", configOperation: IncrementalAlterConfigOperationTypes.SET, value: "0:1,1:2" }],
          },
        ],
      });
      // The `<default>` entity (""): the high-level client takes "" for broker 0, so use the request itself.
      const connection = await admin.connections.get({ host: "127.0.0.1", port: BASE_PORT });
      await incrementalAlterConfigsV1.api.async(
        connection,
        [
          {
            resourceType: ConfigResourceTypes.BROKER,
            resourceName: "",
            configs: [{ name: "follower.replication.throttled.rate", configOperation: IncrementalAlterConfigOperationTypes.SET, value: "2097152" }],
          },
        ],
        false,
      );
    } finally {
      await admin.close();
    }
    await produce("bytes-a", 6, 200, 1000);
    await produce("bytes-b", 12, 50, 2000);
  });

  afterAll(async () => {
    process.env = { ...savedEnv };
    resetClusterSource();
    await cluster?.stop();
  });

  it("readCluster() places every replica in the dir that holds it on disk, with the size of its segments", async () => {
    const parsed = connectionFromEnv(plainEnv());
    if (!parsed.ok) throw new Error(parsed.error.message);
    const snapshot = await readCluster(parsed.value);
    const disk = replicasOnDisk();

    expect(snapshot.source).toMatchObject({
      kind: "kafka",
      label: cluster.bootstrap,
      clusterId: cluster.clusterId,
      kafkaVersion: cluster.version.split(".").slice(0, 2).join("."),
    });
    expect(snapshot.brokers.map((b) => [b.id, b.state, b.logDirs.length])).toEqual([
      [1, "online", 3],
      [2, "online", 3],
      [3, "online", 3],
    ]);
    for (const broker of snapshot.brokers) {
      expect(broker.logDirs.map((d) => d.path).sort()).toEqual([...cluster.nodes[broker.id - 1]!.logDirs].sort());
      for (const dir of broker.logDirs) expect(dir.totalBytes).toBeGreaterThan(0);
    }
    const names = snapshot.topics.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["bytes-a", "bytes-b"]));

    let compared = 0;
    for (const topic of snapshot.topics) {
      for (const partition of topic.partitions) {
        for (const replica of partition.replicas) {
          const onDisk = disk.get(replica.broker)!.get(`${topic.name}-${partition.id}`);
          expect(onDisk, `${topic.name}-${partition.id} on broker ${replica.broker}`).toBeDefined();
          expect(replica.logDir).toBe(onDisk!.dir);
          expect(replica.sizeBytes).toBe(onDisk!.bytes);
          expect(replica.future).toBeNull();
          compared += 1;
        }
      }
    }
    // 6 × 3 + 12 × 2 replicas of the two topics, at least.
    expect(compared).toBeGreaterThanOrEqual(42);
    const a0 = snapshot.topics.find((t) => t.name === "bytes-a")!.partitions[0]!;
    expect(a0.replicas.every((r) => (r.sizeBytes ?? 0) > 200 * 1000)).toBe(true);
    expect(a0.isr.sort()).toEqual([1, 2, 3]);

    expect(snapshot.throttles.brokers).toEqual([{ broker: 1, leader: 1048576, follower: null, alterLogDirs: null }]);
    expect(snapshot.throttles.defaults).toEqual({ leader: null, follower: 2097152, alterLogDirs: null });
    expect(snapshot.throttles.topics).toEqual([{ topic: "bytes-a", leaderReplicas: "0:1,1:2", followerReplicas: null }]);
    expect(snapshot.throttles.reassignments).toEqual([]);
  });

  it("dirs on this machine's one filesystem are one disk: the overview says so and calls no dir skew, and the planner finds nothing to move between them; KAFKA_BALANCE_DISKS=separate makes each its own", async () => {
    const parsed = connectionFromEnv(plainEnv());
    if (!parsed.ok) throw new Error(parsed.error.message);
    // Every dir of a local cluster is on this machine's one filesystem: identical total and usable bytes per broker.
    const snapshot = await readCluster(parsed.value, { disks: { kind: "auto" } });
    const report = balanceReport(snapshot);
    for (const b of snapshot.brokers) {
      // The broker asks the filesystem once per dir: the same total, and usable bytes as close as the machine's other writers leave them.
      const first = b.logDirs[0]!;
      for (const d of b.logDirs) {
        expect(d.totalBytes, `broker ${b.id} ${d.path}`).toBe(first.totalBytes);
        expect(Math.abs(d.usableBytes! - first.usableBytes!), `broker ${b.id} ${d.path}`).toBeLessThanOrEqual(sameFigureSlack(first.totalBytes!));
      }
      expect(b.logDirs.every((d) => d.disk === undefined)).toBe(true);
    }
    expect(report.dirs.every((d) => d.sharedDisk?.decidedBy === "reported")).toBe(true);
    expect(report.skew.dirBytes.count).toBe(1);
    const summary = overviewSummary(snapshot, report);
    expect(summary.verdict.findings.filter((f) => f.kind === "dir-skew")).toEqual([]);
    // Each node of a local cluster has its own paths: a sentence per broker, naming its three dirs.
    const shared = summary.verdict.findings.filter((f) => f.kind === "shared-disk");
    expect(shared.map((f) => f.tone)).toEqual(["info", "info", "info"]);
    for (const [i, b] of snapshot.brokers.entries()) {
      expect(shared[i]!.text).toBe(
        `Broker ${b.id}'s dirs ${b.logDirs
          .map((d) => d.path)
          .join(", ")
          .replace(
            /, ([^,]+)$/,
            " and $1",
          )} share one filesystem (identical total and usable bytes: dirs on one filesystem report that, and so do dirs whose mount failed at boot): counted as one disk; moving replicas between them frees no space.`,
      );
    }
    for (const intraObjective of ["utilization", "bytes"] as const) {
      const plan = planRebalance(snapshot, PlanOptionsSchema.parse({ goals: ["dir-utilization"], intraObjective }));
      if (!plan.ok) throw new Error(plan.error.message);
      expect(plan.value.moves, intraObjective).toEqual([]);
      expect(plan.value.dirs.before.outside).toBe(0);
    }

    // A rig that puts JBOD dirs on one filesystem on purpose says so: every dir is its own disk again.
    setEnv({ ...plainEnv(), KAFKA_BALANCE_DISKS: "separate" });
    const separate = await readCluster(parsed.value);
    expect(separate.brokers.flatMap((b) => b.logDirs.map((d) => d.disk))).toEqual(separate.brokers.flatMap((b) => b.logDirs.map((d) => d.path)));
    const separateReport = balanceReport(separate);
    expect(separateReport.dirs.some((d) => d.sharedDisk)).toBe(false);
    expect(separateReport.skew.dirBytes.count).toBe(3);
    expect(overviewSummary(separate, separateReport).verdict.findings.some((f) => f.kind === "shared-disk")).toBe(false);
    setEnv(plainEnv());
  });

  it("GET /api/cluster serves 200 concurrent requests from exactly one scan", async () => {
    setEnv(plainEnv());
    const responses = await Promise.all(Array.from({ length: 200 }, () => GET(new Request("http://localhost/api/cluster"))));
    expect(responses.map((r) => r.status).every((s) => s === 200)).toBe(true);
    expect(clusterScanCount()).toBe(1);
    const body = (await responses[199]!.json()) as { snapshot: ClusterSnapshot; report: { totals: { brokers: number } } };
    expect(body.snapshot.source.kind).toBe("kafka");
    expect(body.report.totals.brokers).toBe(3);
    // Within the refresh interval the cached scan is reused; ?refresh=1 forces a new one.
    await getCluster();
    expect(clusterScanCount()).toBe(1);
    await Promise.all([getCluster("?refresh=1"), getCluster("?refresh=1"), getCluster()]);
    expect(clusterScanCount()).toBe(2);
  });

  it("GET /api/cluster over SASL/PLAIN never shows the password, in a snapshot or in an error", async () => {
    const saslBootstrap = cluster.nodes.map((n) => `127.0.0.1:${n.port + SASL_OFFSET}`).join(",");
    setEnv({
      KAFKA_BOOTSTRAP_SERVERS: saslBootstrap,
      KAFKA_SASL_MECHANISM: "PLAIN",
      KAFKA_SASL_USERNAME: SASL_USER,
      KAFKA_SASL_PASSWORD: SASL_PASSWORD,
      KAFKA_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    });
    const good = await getCluster();
    expect(good.status).toBe(200);
    expect(good.json.snapshot.source.label).toBe(saslBootstrap);
    expect(good.json.snapshot.brokers.every((b) => b.state === "online" && b.port! > BASE_PORT + SASL_OFFSET - 1)).toBe(true);
    expect(good.body).not.toContain(SASL_PASSWORD);

    setEnv({
      KAFKA_BOOTSTRAP_SERVERS: saslBootstrap,
      KAFKA_SASL_MECHANISM: "PLAIN",
      KAFKA_SASL_USERNAME: SASL_USER,
      KAFKA_SASL_PASSWORD: `${SASL_PASSWORD}-wrong`,
      KAFKA_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    });
    const bad = await getCluster();
    expect(bad.status).toBe(502);
    expect(bad.json.error!.message).toContain(saslBootstrap);
    expect(bad.body).not.toContain(SASL_PASSWORD);

    // A password typed into the bootstrap address stays out too.
    setEnv({ KAFKA_BOOTSTRAP_SERVERS: `SASL_PLAINTEXT://${SASL_USER}:${SASL_PASSWORD}@127.0.0.1:1`, KAFKA_REQUEST_TIMEOUT_MS: "1000" });
    const typed = await getCluster();
    expect(typed.status).toBe(502);
    expect(typed.body).not.toContain(SASL_PASSWORD);
    expect(typed.json.error!.message).toContain("127.0.0.1:1");
  });

  it("GET /api/cluster over SASL/SCRAM-SHA-512, without DescribeConfigs rights, reads placement and says what it could not read", async () => {
    const saslBootstrap = cluster.nodes.map((n) => `127.0.0.1:${n.port + SASL_OFFSET}`).join(",");
    const env = {
      KAFKA_BOOTSTRAP_SERVERS: saslBootstrap,
      KAFKA_SASL_MECHANISM: "SCRAM-SHA-512",
      KAFKA_SASL_USERNAME: SCRAM_USER,
      KAFKA_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    };
    setEnv({ ...env, KAFKA_SASL_PASSWORD: SASL_PASSWORD });
    const good = await getCluster();
    expect(good.status).toBe(200);
    expect(good.json.snapshot.brokers.map((b) => [b.state, b.logDirs.length])).toEqual(cluster.nodes.map((n) => ["online", n.logDirs.length]));
    expect(good.json.snapshot.topics.map((t) => t.name)).toEqual(expect.arrayContaining(["bytes-a", "bytes-b"]));
    expect(good.body).not.toContain(SASL_PASSWORD);
    // The throttles set in beforeAll are invisible to this user: the snapshot says so instead of showing none.
    const warnings = good.json.snapshot.source.warnings;
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Cluster-wide throttle defaults could not be read \(error 31/),
        expect.stringMatching(/^Throttled-replica lists of \d+ topic\(s\) could not be read \(error 29\): .*bytes-a/),
        ...cluster.nodes.map((n) => expect.stringMatching(new RegExp(`^Configs of broker ${n.id} \\(throttle rates, cordoned log dirs\\) could not be read`))),
      ]),
    );
    expect(good.json.snapshot.throttles.defaults.follower).toBeNull();

    setEnv({ ...env, KAFKA_SASL_PASSWORD: `${SASL_PASSWORD}-wrong` });
    const bad = await getCluster();
    expect(bad.status).toBe(502);
    expect(bad.json.error!.message).toContain(saslBootstrap);
    expect(bad.body).not.toContain(SASL_PASSWORD);
  });

  it("GET /api/cluster shows the dirs a broker has cordoned (cordoned.log.dirs, Kafka 4.3+), and the next partition skipping them", async () => {
    const node = cluster.nodes[0]!;
    const cordoned = node.logDirs[0]!;
    const setCordoned = async (value: string | null) => {
      const admin = new Admin({ clientId: "live-reader-cordon", bootstrapBrokers: cluster.bootstrap.split(",") });
      try {
        await admin.incrementalAlterConfigs({
          resources: [
            {
              resourceType: ConfigResourceTypes.BROKER,
              resourceName: String(node.id),
              configs: [
                {
                  name: "cordoned.log.dirs",
                  configOperation: value === null ? IncrementalAlterConfigOperationTypes.DELETE : IncrementalAlterConfigOperationTypes.SET,
                  value: value ?? "",
                },
              ],
            },
          ],
        });
      } finally {
        await admin.close();
      }
    };
    setEnv(plainEnv());
    await setCordoned(cordoned);
    try {
      let states: string[] = [];
      // The broker applies a dynamic config a moment after the controller accepts it.
      for (let i = 0; i < 50 && !states.includes("cordoned"); i++) {
        const { json } = await getCluster("?refresh=1");
        states = json.snapshot.brokers.find((b) => b.id === node.id)!.logDirs.map((d) => d.state);
        if (!states.includes("cordoned")) await new Promise((r) => setTimeout(r, 200));
      }
      expect(states).toEqual(node.logDirs.map((d) => (d === cordoned ? "cordoned" : "online")));
      // The preview skips the cordoned dir, and so does Kafka: a topic created now puts nothing there.
      const { json } = await getCluster("?refresh=1");
      const predicted = nextPlacements(balanceReport(json.snapshot), kafkaVersionsOf(json.snapshot)).find((p) => p.broker === node.id)!;
      expect(predicted.dir).not.toBeNull();
      expect(predicted.dir).not.toBe(cordoned);
      const admin = new Admin({ clientId: "live-reader-cordon", bootstrapBrokers: cluster.bootstrap.split(",") });
      try {
        await admin.createTopics({ topics: ["after-cordon"], partitions: 6, replicas: 3 });
      } finally {
        await admin.close();
      }
      let placed: (string | null)[] = [];
      for (let i = 0; i < 50 && placed.length < 6; i++) {
        const after = await getCluster("?refresh=1");
        placed = (after.json.snapshot.topics.find((t) => t.name === "after-cordon")?.partitions ?? []).flatMap((p) =>
          p.replicas.filter((r) => r.broker === node.id && r.logDir !== null).map((r) => r.logDir),
        );
        if (placed.length < 6) await new Promise((r) => setTimeout(r, 200));
      }
      expect(placed).toHaveLength(6);
      expect(placed).not.toContain(cordoned);
    } finally {
      await setCordoned(null);
    }
  });

  it("GET /api/cluster over TLS reads the cluster when the CA is trusted, and refuses a certificate it cannot verify", async () => {
    const tlsBootstrap = cluster.nodes.map((n) => `127.0.0.1:${n.port + SSL_OFFSET}`).join(",");
    setEnv({ KAFKA_BOOTSTRAP_SERVERS: tlsBootstrap, KAFKA_SSL_CA_FILE: TLS_CA, KAFKA_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
    const good = await getCluster();
    expect(good.status).toBe(200);
    expect(good.json.snapshot.brokers.map((b) => [b.state, b.port, b.logDirs.length])).toEqual(cluster.nodes.map((n) => ["online", n.port + SSL_OFFSET, n.logDirs.length]));
    expect(good.json.snapshot.topics.map((t) => t.name)).toEqual(expect.arrayContaining(["bytes-a", "bytes-b"]));

    // TLS without that CA: the self-signed certificate is not trusted, and the answer says so.
    setEnv({ KAFKA_BOOTSTRAP_SERVERS: tlsBootstrap, KAFKA_SSL: "true", KAFKA_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
    const untrusted = await getCluster();
    expect(untrusted.status).toBe(502);
    expect(untrusted.json.error!.message).toMatch(/certificate/i);
  });

  it("GET /api/cluster shows a broker that stops answering as unreachable after the request timeout", async () => {
    setEnv(plainEnv());
    const node = cluster.nodes[1]!;
    process.kill(node.pid!, "SIGSTOP");
    try {
      const started = Date.now();
      const { status, json } = await getCluster("?refresh=1");
      const took = Date.now() - started;
      expect(status).toBe(200);
      expect(took).toBeLessThan(REQUEST_TIMEOUT_MS * 2 + 1000);
      const broker = json.snapshot.brokers.find((b) => b.id === node.id)!;
      expect(broker.state).toBe("unreachable");
      expect(broker.error).toMatch(/broker 2/);
      expect(json.snapshot.brokers.filter((b) => b.state === "online").map((b) => b.id)).toEqual([1, 3]);
    } finally {
      process.kill(node.pid!, "SIGCONT");
    }
  });

  it("GET /api/cluster still answers with a stopped broker, shown unreachable with its replicas unplaced", async () => {
    setEnv(plainEnv());
    await cluster.stopNode(3);
    const started = Date.now();
    const { status, json } = await getCluster("?refresh=1");
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS * 2 + 1000);
    expect(status).toBe(200);
    const broker3 = json.snapshot.brokers.find((b) => b.id === 3)!;
    expect(broker3.state).toBe("unreachable");
    expect(broker3.error).toMatch(/not among the live brokers/);
    const a = json.snapshot.topics.find((t) => t.name === "bytes-a")!;
    for (const p of a.partitions) {
      const on3 = p.replicas.find((r) => r.broker === 3)!;
      expect(on3.logDir).toBeNull();
      expect(p.isr).not.toContain(3);
    }
  });

  it("readCluster() marks a log dir that cannot be read after a restart as offline, with Kafka's error", async () => {
    // Node 3 is down (previous test). A data dir replaced by a file fails LogManager's startup checks;
    // the broker starts without it and reports it with KAFKA_STORAGE_ERROR.
    const broken = cluster.nodes[2]!.logDirs[1]!;
    rmSync(broken, { recursive: true, force: true });
    writeFileSync(broken, "this log dir is now a file\n");
    await cluster.startNode(3);
    setEnv(plainEnv());
    const { status, json } = await getCluster("?refresh=1");
    expect(status).toBe(200);
    const broker3 = json.snapshot.brokers.find((b) => b.id === 3)!;
    expect(broker3.state).toBe("online");
    const dir = broker3.logDirs.find((d) => d.path === broken)!;
    expect(dir.state).toBe("offline");
    expect(dir.error).toMatch(/KAFKA_STORAGE_ERROR/);
    expect(broker3.logDirs.filter((d) => d.state === "online")).toHaveLength(2);
    expect(readFileSync(broken, "utf8")).toContain("now a file");
  });
});
