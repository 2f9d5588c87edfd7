/**
 * The Kafka version matrix: for each installed release, a real one-node KRaft cluster with five or
 * more log dirs runs a short seeded scenario, and after every step each dir's log count must equal
 * what the simulator predicted for that step under the broker's detected version.
 *
 * - Each step is predicted from the cluster as read just before it (the live reader's snapshot), so a
 *   mismatch names the step and the rule that broke; deletes and restarts are done on the real broker
 *   and their effect (logs gone, a dir appended to log.dirs) is checked the same way.
 * - The simulator runs with `kafkaVersion: "auto"`, so the reader's version detection is under test too:
 *   the broker must be told apart as its own line.
 * - Every placement step is also predicted under the other log-dir rules (Kafka 4.4's log.dirs ties,
 *   4.3's hash ties with cordons, 4.2's hash ties without). Where a rival rule agrees with the broker on
 *   every step the scenario could not tell them apart; `discriminates` records which rivals it refuted,
 *   so a test can insist the scenario is sharp enough.
 *
 *   npm run kafka:matrix                          # every installed version, 3 rounds each
 *   npm run kafka:matrix -- --rounds 6 4.3.1      # one version, longer
 */
import path from "node:path";
import { Admin, ConfigResourceTypes, IncrementalAlterConfigOperationTypes } from "@platformatic/kafka";
import { readCluster } from "@/lib/cluster/live";
import type { KafkaConnection } from "@/lib/cluster/connection";
import { balanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { kafkaBehaviour, kafkaLineOf, type KafkaLine } from "@/lib/model/kafka-versions";
import { JavaRandom } from "@/lib/placement";
import { runScenario } from "@/lib/simulate/engine";
import { ScenarioSchema, type StepInput } from "@/lib/simulate/schema";
import { startCluster, type LocalCluster } from "./cluster";

export interface MatrixOptions {
  version: string;
  baseDir: string;
  basePort: number;
  seed: number;
  /** Create/cordon/delete/grow rounds; 1 is the CI size. */
  rounds?: number;
  /** Log dirs the node starts with (at least 5: Scala's hash order only shows from 5 dirs). */
  dirs?: number;
  /** Also restart the node with one more log dir appended, then place again. */
  restart?: boolean;
  /**
   * Rival rules the run must tell apart from the broker. Whether the seeded steps leave a tie two rules
   * break differently depends on the dirs' hash order, so on the checkout's path: when a rival is still
   * unrefuted after the rounds, probe topics are created whose partition count the rival would place
   * differently (at most four probes).
   */
  mustRefute?: KafkaLine[];
  log?: (line: string) => void;
}

export interface MatrixStep {
  label: string;
  predicted: number[];
  actual: number[];
  /** Rival rule line → the counts it predicted (placement steps only). */
  rivals: Partial<Record<KafkaLine, number[]>>;
  ok: boolean;
}

export interface MatrixResult {
  version: string;
  line: KafkaLine;
  /** What the live reader detected. */
  detected: string | null;
  dirs: string[];
  steps: MatrixStep[];
  ok: boolean;
  /** The rival rules some step told apart from the broker (their prediction differed from the real counts). */
  discriminates: KafkaLine[];
}

/** The rules a line's broker is checked against: the other distinct log-dir rules. */
const RIVALS: readonly KafkaLine[] = ["4.2", "4.3", "4.4"];

export function connectionFor(bootstrap: string): KafkaConnection {
  return { bootstrapServers: bootstrap.split(","), clientId: "kafka-balance-matrix", requestTimeoutMs: 15_000, sasl: null, tls: null };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(what: string, fn: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      const value = await fn();
      if (value !== null) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ""}`);
    await sleep(250);
  }
}

/** Log counts per dir of node 1 (current and future logs), in the node's log.dirs order. */
function countsOf(snapshot: ClusterSnapshot, dirs: readonly string[]): number[] {
  const report = balanceReport(snapshot);
  return dirs.map((d) => report.dirs.find((x) => x.broker === 1 && x.path === d)?.logCount ?? 0);
}

function predict(base: ClusterSnapshot, step: StepInput, kafkaVersion: "auto" | KafkaLine, seed: number): ClusterSnapshot {
  const result = runScenario(ScenarioSchema.parse({ base, policy: { kafkaVersion }, seed, steps: [step] }));
  const outcome = result.steps[0]!;
  if (!outcome.ok) throw new Error(`the simulator refused ${step.kind}: ${outcome.error?.message}`);
  return result.final.snapshot;
}

export async function withAdmin<T>(bootstrap: string, use: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = new Admin({ clientId: "kafka-balance-matrix", bootstrapBrokers: bootstrap.split(","), requestTimeout: 15_000 });
  try {
    return await use(admin);
  } finally {
    await admin.close();
  }
}

export async function runVersionMatrix(options: MatrixOptions): Promise<MatrixResult> {
  const line = kafkaLineOf(options.version);
  if (!line) throw new Error(`${options.version} is not a Kafka release like 4.3.1`);
  const log = options.log ?? (() => {});
  const dirCount = options.dirs ?? 5;
  if (dirCount < 5) throw new Error("the matrix needs at least 5 log dirs: below that every version breaks ties in log.dirs order");
  const behaviour = kafkaBehaviour(line);
  const random = new JavaRandom(options.seed);
  const cluster: LocalCluster = await startCluster({ baseDir: options.baseDir, basePort: options.basePort, nodes: 1, dirsPerNode: dirCount, version: options.version });
  const connection = connectionFor(cluster.bootstrap);
  const steps: MatrixStep[] = [];
  const refuted = new Set<KafkaLine>();
  let dirs = [...cluster.nodes[0]!.logDirs];
  let topicNo = 0;
  const live: { name: string; partitions: number }[] = [];
  let cordoned: string | null = null;

  const read = () => readCluster(connection);
  /** A snapshot in which every listed topic has exactly its partitions, each placed in a dir, and nothing else moves. */
  const settled = (wanted: { name: string; partitions: number }[], gone: string[] = []) =>
    until(`the broker to settle (${wanted.map((t) => `${t.name}×${t.partitions}`).join(", ")})`, async () => {
      const s = await read();
      const ok =
        wanted.every((w) => {
          const t = s.topics.find((x) => x.name === w.name);
          return t !== undefined && t.partitions.length === w.partitions && t.partitions.every((p) => p.replicas.every((r) => r.logDir !== null));
        }) && gone.every((g) => !s.topics.some((t) => t.name === g));
      return ok ? s : null;
    });

  const check = async (label: string, before: ClusterSnapshot, step: StepInput | null, act: () => Promise<ClusterSnapshot>, placement: boolean) => {
    const predictedSnapshot = step ? predict(before, step, "auto", options.seed) : before;
    const predicted = countsOf(predictedSnapshot, dirs);
    const rivals: Partial<Record<KafkaLine, number[]>> = {};
    if (step && placement) {
      for (const rival of RIVALS) {
        if (rival === line) continue;
        if (step.kind === "cordonLogDir" && !kafkaBehaviour(rival).cordonedLogDirs) continue;
        rivals[rival] = countsOf(predict(before, step, rival, options.seed), dirs);
      }
    }
    const after = await act();
    const actual = countsOf(after, dirs);
    const ok = predicted.every((c, i) => c === actual[i]);
    for (const [rival, counts] of Object.entries(rivals) as [KafkaLine, number[]][]) {
      if (counts.some((c, i) => c !== actual[i])) refuted.add(rival);
    }
    steps.push({ label, predicted, actual, rivals, ok });
    log(`  ${ok ? "ok " : "BAD"} ${label.padEnd(44)} predicted [${predicted.join(" ")}]  actual [${actual.join(" ")}]`);
    return after;
  };

  const createTopic = async (before: ClusterSnapshot, partitions: number) => {
    const name = `m${++topicNo}`;
    const step: StepInput = { kind: "createTopic", name, partitions, replicationFactor: 1 };
    live.push({ name, partitions });
    return check(
      `create ${name} (${partitions} partitions)`,
      before,
      step,
      async () => {
        await withAdmin(cluster.bootstrap, (a) => a.createTopics({ topics: [name], partitions, replicas: 1 }));
        return settled(live);
      },
      true,
    );
  };

  const setCordon = async (value: string | null) => {
    await withAdmin(cluster.bootstrap, (a) =>
      a.incrementalAlterConfigs({
        resources: [
          {
            resourceType: ConfigResourceTypes.BROKER,
            resourceName: "1",
            configs: [
              {
                name: "cordoned.log.dirs",
                configOperation: value === null ? IncrementalAlterConfigOperationTypes.DELETE : IncrementalAlterConfigOperationTypes.SET,
                value: value ?? "",
              },
            ],
          },
        ],
      }),
    );
  };

  try {
    log(`Kafka ${options.version}: one node, ${dirCount} log dirs, seed ${options.seed}`);
    let snap = await settled([]);
    const detected = snap.brokers[0]?.kafkaVersion ?? null;
    log(
      `  detected Kafka ${detected ?? "unknown"} (expected ${line}): ${behaviour.logDirTieOrder === "config" ? "log.dirs" : "hash"}-order ties, ${behaviour.cordonedLogDirs ? "cordons" : "no cordons"}`,
    );
    const rounds = options.rounds ?? 1;
    for (let round = 0; round < rounds; round++) {
      // Partition counts that are not multiples of the dir count, so ties are open after each step.
      const count = () => 1 + random.nextInt(dirCount * 2 - 1);
      snap = await createTopic(snap, count());
      snap = await createTopic(snap, count());
      if (behaviour.cordonedLogDirs) {
        // Cordon the dir the broker would pick next: a rule that ignored cordons would then be wrong.
        const next = predict(snap, { kind: "createTopic", name: "probe", partitions: 1, replicationFactor: 1 }, "auto", options.seed);
        const target = dirs.find((d) => countsOf(next, [d])[0]! > countsOf(snap, [d])[0]!)!;
        // Odd rounds cordon a second dir too: with 5+ dirs Kafka 4.3 re-hashes the ties of the dirs left.
        const others = dirs.filter((d) => d !== target);
        const set = round % 2 === 1 ? [target, others[random.nextInt(others.length)]!] : [target];
        if (cordoned !== null) await setCordon(null);
        cordoned = set.join(",");
        const before = {
          ...snap,
          brokers: snap.brokers.map((b) => ({ ...b, logDirs: b.logDirs.map((d) => ({ ...d, state: d.state === "cordoned" ? ("online" as const) : d.state })) })),
        };
        snap = await check(
          `cordon ${set.map((d) => path.basename(d)).join(", ")}`,
          before,
          { kind: "cordonLogDir", broker: 1, path: target },
          async () => {
            await setCordon(cordoned);
            return until("the cordon to show", async () => {
              const s = await read();
              return set.every((c) => s.brokers[0]!.logDirs.find((d) => d.path === c)?.state === "cordoned") ? s : null;
            });
          },
          false,
        );
        snap = await createTopic(snap, count());
      }
      // Delete the oldest topic: its logs stop counting at once (renamed -delete, out of the count).
      const victim = live.shift()!;
      const deleted = { ...snap, topics: snap.topics.filter((t) => t.name !== victim.name) };
      snap = await check(
        `delete ${victim.name}`,
        deleted,
        null,
        async () => {
          await withAdmin(cluster.bootstrap, (a) => a.deleteTopics({ topics: [victim.name] }));
          return settled(live, [victim.name]);
        },
        false,
      );
      // Grow the newest topic.
      const grown = live[live.length - 1]!;
      const total = grown.partitions + count();
      const before = snap;
      snap = await check(
        `add partitions to ${grown.name} (${grown.partitions} → ${total})`,
        before,
        { kind: "addPartitions", topic: grown.name, totalPartitions: total },
        async () => {
          grown.partitions = total;
          await withAdmin(cluster.bootstrap, (a) => a.createPartitions({ topics: [{ name: grown.name, count: total }] }));
          return settled(live);
        },
        true,
      );
    }
    for (let probe = 0; probe < 4; probe++) {
      const open = (options.mustRefute ?? []).filter((r) => r !== line && !refuted.has(r));
      if (open.length === 0) break;
      const differs = (partitions: number) => {
        const step: StepInput = { kind: "createTopic", name: "probe", partitions, replicationFactor: 1 };
        const ours = countsOf(predict(snap, step, "auto", options.seed), dirs);
        return open.some((r) => countsOf(predict(snap, step, r, options.seed), dirs).some((c, i) => c !== ours[i]));
      };
      const candidates = Array.from({ length: dirCount * 2 }, (_, k) => k + 1);
      // No count tells them apart from here: one partition moves the ties on for the next probe.
      snap = await createTopic(snap, candidates.find(differs) ?? 1);
    }
    if (options.restart) {
      const added = path.join(path.dirname(dirs[0]!), `d${dirs.length + 1}`);
      const before = snap;
      dirs = [...dirs, added];
      snap = await check(
        `restart with ${path.basename(added)} appended`,
        before,
        { kind: "addLogDir", broker: 1, path: added },
        async () => {
          await cluster.restartNode(1, { logDirs: dirs });
          return until(
            "the new dir to be reported",
            async () => {
              const s = await settled(live);
              return s.brokers[0]!.logDirs.some((d) => d.path === added) ? s : null;
            },
            120_000,
          );
        },
        false,
      );
      snap = await createTopic(snap, dirCount + 1 + random.nextInt(dirCount));
    }
    const ok = steps.every((s) => s.ok) && detected === line;
    return { version: options.version, line, detected, dirs, steps, ok, discriminates: [...refuted].sort() };
  } finally {
    await cluster.stop();
  }
}
