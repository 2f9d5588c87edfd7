/**
 * `npm run kafka:fingerprint -- 4.3.1 4.4.0`: starts each installed version as a one-node cluster and
 * prints what the live reader can tell versions apart by: the ApiVersions table (`apiFingerprint`) and
 * the broker config names DescribeConfigs lists. Used to record lib/cluster/live/kafka-version.ts.
 */
import path from "node:path";
import { apiVersionsV3, ConfigResourceTypes, describeConfigsV4 } from "@platformatic/kafka";
import { apiFingerprint } from "@/lib/cluster/live/kafka-version";
import { answerOf, connectTo, createAdmin } from "@/lib/cluster/live/protocol";
import { startCluster } from "./cluster";
import { KAFKA_VERSIONS } from "./versions";

async function probe(version: string, basePort: number): Promise<{ version: string; fingerprint: string; configs: string[] }> {
  const cluster = await startCluster({ baseDir: path.resolve(`.kafka/fingerprint-${version}`), basePort, nodes: 1, dirsPerNode: 2, version });
  const admin = createAdmin({ bootstrapServers: [cluster.bootstrap], clientId: "fingerprint", requestTimeoutMs: 10_000, sasl: null, tls: null });
  try {
    const connection = await connectTo(admin, "127.0.0.1", basePort);
    const apis = (await answerOf(apiVersionsV3.api.async(connection, "kafka-balance", "0"))).apiKeys;
    const described = await answerOf(
      describeConfigsV4.api.async(connection, [{ resourceType: ConfigResourceTypes.BROKER, resourceName: "1", configurationKeys: null as unknown as string[] }], false, false),
    );
    const configs = (described.results[0]?.configs ?? []).map((c) => c.name).sort();
    return { version, fingerprint: apiFingerprint(apis), configs };
  } finally {
    await admin.close();
    await cluster.stop();
  }
}

async function main(): Promise<void> {
  const versions = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const results = [];
  for (const [i, v] of (versions.length ? versions : [...KAFKA_VERSIONS]).entries()) results.push(await probe(v, 19950 + i * 2));
  console.log(JSON.stringify(results, null, 1));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
