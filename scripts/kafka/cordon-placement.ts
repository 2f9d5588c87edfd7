/**
 * The cordoned-broker case of the version matrix (Kafka 4.3+, KIP-1066): on a real two-node KRaft cluster
 * with two log dirs per node, cordon one dir of node 2, then both, then every dir of node 1 too, then lift
 * node 2's cordon, creating topics and adding partitions in between. After every step what Kafka did must
 * equal what the simulator predicted from the cluster as read just before it (`kafkaVersion: "auto"`).
 *
 * - What is compared: each partition's replica set (sorted: the leader order inside a set is the controller's
 *   unseeded Random, which no one can predict), every dir's log count, or Kafka's refusal message word for word.
 *   Where every partition can only go to one broker the set is the whole assignment, order included.
 * - The controller learns a cordon from the broker's next heartbeat (sent at once when it changes). Before a
 *   step that depends on it, the case waits for the controller to answer a validate-only CreatePartitions the
 *   new way; if it never does, the step runs anyway and its mismatch says so.
 * - Each placement is also predicted under Kafka 4.2's rules (no cordons anywhere); `discriminating` lists the
 *   steps where that rival is wrong, so a test can insist the case proved the 4.3+ rule.
 *
 *   npm run kafka:matrix -- 4.3.1      # the matrix, then this case, for one version
 */
import path from "node:path";
import { ConfigResourceTypes, IncrementalAlterConfigOperationTypes } from "@platformatic/kafka";
import { readCluster } from "@/lib/cluster/live";
import { balanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { kafkaBehaviour, kafkaLineOf, type KafkaLine } from "@/lib/model/kafka-versions";
import { runScenario } from "@/lib/simulate/engine";
import { ScenarioSchema, type StepInput } from "@/lib/simulate/schema";
import { startCluster } from "./cluster";
import { connectionFor, until, withAdmin } from "./version-matrix";

export interface CordonPlacementOptions {
  version: string;
  baseDir: string;
  /** Two nodes: client ports basePort and basePort+1, controllers basePort+50 and +51. */
  basePort: number;
  seed: number;
  log?: (line: string) => void;
}

export interface CordonPlacementStep {
  label: string;
  /** "p0:[1] p1:[1] | 1:[3 3] 2:[0 4]" (replica sets, then each node's dir counts) or "refused: <message>". */
  predicted: string;
  actual: string;
  /** The same step predicted under Kafka 4.2's rules, for steps that place or refuse. */
  rival: string | null;
  ok: boolean;
}

export interface CordonPlacementResult {
  version: string;
  line: KafkaLine;
  steps: CordonPlacementStep[];
  /** Labels of the steps where Kafka 4.2's rules would have predicted something else than Kafka did. */
  discriminating: string[];
  ok: boolean;
}

/** The rival: Kafka 4.2, which has no cordoned.log.dirs (dirs and brokers stay open). */
const RIVAL: KafkaLine = "4.2";

/** The server's own error message inside the client's nested errors, or the client's message. */
function refusalOf(error: unknown): string {
  const find = (e: unknown): string | null => {
    if (typeof e !== "object" || e === null) return null;
    const own = (e as { serverErrorMessage?: unknown }).serverErrorMessage;
    if (typeof own === "string" && own.length > 0) return own;
    for (const nested of (e as { errors?: unknown[] }).errors ?? []) {
      const found = find(nested);
      if (found) return found;
    }
    return null;
  };
  return find(error) ?? (error instanceof Error ? error.message : String(error));
}

export async function runCordonPlacement(options: CordonPlacementOptions): Promise<CordonPlacementResult> {
  const line = kafkaLineOf(options.version);
  if (!line) throw new Error(`${options.version} is not a Kafka release like 4.3.1`);
  if (!kafkaBehaviour(line).cordonedLogDirs) throw new Error(`Kafka ${options.version} has no cordoned.log.dirs (4.3 and newer have)`);
  const log = options.log ?? (() => {});
  const cluster = await startCluster({ baseDir: options.baseDir, basePort: options.basePort, nodes: 2, dirsPerNode: 2, version: options.version });
  const connection = connectionFor(cluster.bootstrap);
  const dirsOf = (node: number) => cluster.nodes.find((n) => n.id === node)!.logDirs;
  const steps: CordonPlacementStep[] = [];
  const live: { name: string; partitions: number }[] = [];
  const read = () => readCluster(connection);

  /** A snapshot once every listed topic has its partitions, each replica in a dir. */
  const settled = () =>
    until("the cluster to settle", async () => {
      const s = await read();
      const ok = live.every((w) => {
        const t = s.topics.find((x) => x.name === w.name);
        return t !== undefined && t.partitions.length === w.partitions && t.partitions.every((p) => p.replicas.every((r) => r.logDir !== null));
      });
      return ok ? s : null;
    });

  const describe = (s: ClusterSnapshot, topic: string): string => {
    const t = s.topics.find((x) => x.name === topic);
    const sets = t
      ? [...t.partitions]
          .sort((a, b) => a.id - b.id)
          .map(
            (p) =>
              `p${p.id}:[${p.replicas
                .map((r) => r.broker)
                .sort((a, b) => a - b)
                .join(",")}]`,
          )
      : ["(no topic)"];
    const report = balanceReport(s);
    const counts = cluster.nodes.map((n) => `${n.id}:[${n.logDirs.map((d) => report.dirs.find((x) => x.broker === n.id && x.path === d)?.logCount ?? 0).join(" ")}]`);
    return `${sets.join(" ")} | ${counts.join(" ")}`;
  };

  const predict = (before: ClusterSnapshot, step: StepInput, topic: string, kafkaVersion: "auto" | KafkaLine): string => {
    const outcome = runScenario(ScenarioSchema.parse({ base: before, policy: { kafkaVersion }, seed: options.seed, steps: [step] })).steps[0]!;
    return outcome.ok ? describe(outcome.snapshot, topic) : `refused: ${outcome.error!.message}`;
  };

  /** Runs one create/add step on Kafka and compares it with the predictions made from `before`. */
  const place = async (label: string, before: ClusterSnapshot, step: StepInput, topic: string, act: () => Promise<void>): Promise<ClusterSnapshot> => {
    const predicted = predict(before, step, topic, "auto");
    const rival = predict(before, step, topic, RIVAL);
    let actual: string;
    let after: ClusterSnapshot;
    try {
      await act();
      after = await settled();
      actual = describe(after, topic);
    } catch (error) {
      actual = `refused: ${refusalOf(error)}`;
      after = await read();
    }
    const ok = predicted === actual;
    steps.push({ label, predicted, actual, rival, ok });
    log(
      `  ${ok ? "ok " : "BAD"} ${label}\n        Kafka     ${actual}${ok ? "" : `\n        predicted ${predicted}`}${rival !== actual ? `\n        (4.2's rules: ${rival})` : ""}`,
    );
    return after;
  };

  const createTopic = (before: ClusterSnapshot, name: string, partitions: number, replicationFactor: number) =>
    place(`create ${name} (${partitions} partitions, RF ${replicationFactor})`, before, { kind: "createTopic", name, partitions, replicationFactor }, name, async () => {
      await withAdmin(cluster.bootstrap, (a) => a.createTopics({ topics: [name], partitions, replicas: replicationFactor }));
      live.push({ name, partitions });
    });

  const addPartitions = (before: ClusterSnapshot, name: string, total: number) => {
    const topic = live.find((t) => t.name === name)!;
    return place(`add partitions to ${name} (${topic.partitions} → ${total})`, before, { kind: "addPartitions", topic: name, totalPartitions: total }, name, async () => {
      await withAdmin(cluster.bootstrap, (a) => a.createPartitions({ topics: [{ name, count: total }] }));
      topic.partitions = total;
    });
  };

  /** Sets (or with [] removes) node's cordoned.log.dirs and waits until the reader shows exactly that. */
  const cordon = async (node: number, dirs: string[]): Promise<ClusterSnapshot> => {
    await withAdmin(cluster.bootstrap, (a) =>
      a.incrementalAlterConfigs({
        resources: [
          {
            resourceType: ConfigResourceTypes.BROKER,
            resourceName: String(node),
            configs: [
              {
                name: "cordoned.log.dirs",
                configOperation: dirs.length === 0 ? IncrementalAlterConfigOperationTypes.DELETE : IncrementalAlterConfigOperationTypes.SET,
                value: dirs.join(","),
              },
            ],
          },
        ],
      }),
    );
    const snapshot = await until(`node ${node}'s cordon to show`, async () => {
      const s = await read();
      const broker = s.brokers.find((b) => b.id === node);
      const shown = broker?.logDirs.filter((d) => d.state === "cordoned").map((d) => d.path) ?? [];
      return shown.length === dirs.length && dirs.every((d) => shown.includes(d)) ? s : null;
    });
    log(`  ... cordoned.log.dirs of node ${node}: ${dirs.length === 0 ? "(none)" : dirs.map((d) => path.basename(d)).join(", ")}`);
    return snapshot;
  };

  /**
   * Waits (up to 30 s) until the controller answers a validate-only CreatePartitions of `topic` with a refusal
   * (`refused`) or without one: the sign that it has the broker's new cordons. Creates nothing.
   */
  const controllerSees = async (topic: string, refused: boolean): Promise<void> => {
    const count = live.find((t) => t.name === topic)!.partitions + 1;
    try {
      await until(
        `the controller to ${refused ? "refuse" : "accept"} a validate-only partition for ${topic}`,
        async () => {
          try {
            await withAdmin(cluster.bootstrap, (a) => a.createPartitions({ topics: [{ name: topic, count }], validateOnly: true }));
            return refused ? null : true;
          } catch (error) {
            if (/cordon|replication factor/i.test(refusalOf(error))) return refused ? true : null;
            throw error;
          }
        },
        30_000,
      );
    } catch (error) {
      log(`  ... ${(error as Error).message}; going on`);
    }
  };

  try {
    log(`Kafka ${options.version}: two nodes with two log dirs each; cordons keep brokers out of new placements`);
    let snap = await settled();
    const [n1d1, n1d2] = dirsOf(1);
    const [n2d1, n2d2] = dirsOf(2);
    snap = await cordon(2, [n2d1!]);
    snap = await createTopic(snap, "c1", 4, 2);
    await cordon(2, [n2d1!, n2d2!]);
    await controllerSees("c1", true);
    snap = await createTopic(await settled(), "c2", 6, 1);
    snap = await createTopic(snap, "c3", 2, 2);
    snap = await addPartitions(snap, "c1", 6);
    await addPartitions(snap, "c2", 8);
    await cordon(1, [n1d1!, n1d2!]);
    await controllerSees("c2", true);
    await createTopic(await settled(), "c4", 1, 1);
    await cordon(2, []);
    await controllerSees("c2", false);
    await createTopic(await settled(), "c5", 4, 1);
    const discriminating = steps.filter((s) => s.rival !== null && s.rival !== s.actual).map((s) => s.label);
    return { version: options.version, line, steps, discriminating, ok: steps.every((s) => s.ok) };
  } finally {
    await cluster.stop();
  }
}
