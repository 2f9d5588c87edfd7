/**
 * The planner's "Run it by hand" commands, run as printed — not the apply job — with Kafka's own CLI
 * classes from the jars (scripts/kafka/tools.ts), on real 3.9.2, 4.2.2 and 4.4.0 clusters (3 KRaft
 * nodes × 2 log dirs each, one after the other). A rebalance of a topic that sits on brokers 1 and 2 only,
 * with partitions of different sizes, so the plan has both inter-broker and dir moves:
 *
 * - each file the steps name is written, each command runs and exits 0, each check is run again until
 *   its output says complete (bounded); on 4.4.0 the same lines run as the page's run-plan.sh, with
 *   `sh` and stand-ins for Kafka's scripts on the PATH (it stops at the first command that fails);
 * - afterwards every partition's replicas (in order) and every replica's log dir are the plan's
 *   after-state, every partition the plan elects is led by its first replica, and no throttle config
 *   is left on any broker or topic (read back with the live reader);
 * - then rollback.json, run the same way, puts back the replicas and every replica's log dir;
 * - then the next-placement trap's commands the overview prints: on 3.9.2 the padding workaround (create,
 *   pinned --execute, --verify, with `sh` as printed), after which Kafka puts new partitions of each padded
 *   broker in its other dirs, and its removal; on 4.4.0 a cordon, after which nothing new lands in the dir, and its undo.
 *
 * Each check is also made before the commands run, where it must fail, so the test cannot pass on a
 * cluster the commands did not change. Ports: clients 19610–19612, 19620–19622 and 19630–19632,
 * controllers 50 above (19660–19682); no other test file uses them.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Kafka, logLevel } from "kafkajs";
import { afterAll, describe, expect, it } from "vitest";
import type { KafkaConnection } from "@/lib/cluster/connection";
import { readCluster } from "@/lib/cluster/live";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { planBatches } from "@/lib/plan/batches";
import { balanceReport } from "@/lib/model/report";
import { planRebalance, PlanOptionsSchema, type Plan } from "@/lib/plan";
import { cordonCommand, paddingPlan, uncordonCommand, type PaddingBroker } from "@/lib/plan/padding";
import { nextPlacements } from "@/lib/view/overview/next-placement";
import { handRun, NOT_AS_PLANNED_CHECKS, SCRIPT_FILE, verifyState, type RunCommand, type RunFile } from "@/lib/view/plan/plan-run-steps";
import { startCluster, type LocalCluster } from "@/scripts/kafka/cluster";
import { runToolLine, writeToolWrappers } from "@/scripts/kafka/tools";
import { withAdmin } from "@/scripts/kafka/version-matrix";

const KiB = 1024;
const MiB = 1024 * KiB;
/** `script`: run the plan as the downloadable run-plan.sh (the same lines, with `sh`), the others step by step. */
const VERSIONS = [
  { version: "3.9.2", basePort: 19610, script: false },
  { version: "4.2.2", basePort: 19620, script: false },
  { version: "4.4.0", basePort: 19630, script: true },
] as const;
const TOPIC = "hand-run";
/** On brokers 1 and 2 only (broker 3 is empty), preferred leaders alternating. */
const ASSIGNMENTS = [
  [1, 2],
  [2, 1],
  [1, 2],
  [2, 1],
  [1, 2],
  [2, 1],
];
/** Bytes per partition: different, so the dirs are uneven by bytes whatever Kafka's count-based placement does. */
const BYTES = (p: number) => [1536, 192, 1024, 128, 768, 256][p]! * KiB;
// Dirs balanced by Kafka bytes (a few MiB on a large disk is no utilisation skew at all).
const THROTTLE = { replicationBytesPerSecond: 64 * MiB, alterLogDirsBytesPerSecond: 64 * MiB };
/** Small limits, so the plan runs in several batches, each checked until complete before the next starts. */
const EXECUTION = { partitionMovesPerBroker: 2, dirMovesPerBroker: 1 };
/** How often, and how many times, a check is run again while it says a move is in progress. */
const VERIFY_PAUSE_MS = 1000;
const VERIFY_TRIES = 60;

const clusters: LocalCluster[] = [];
afterAll(async () => {
  await Promise.all(clusters.map((c) => c.stop()));
}, 120_000);

const connection = (cluster: LocalCluster): KafkaConnection => ({
  bootstrapServers: cluster.bootstrap.split(","),
  clientId: "it-hand-run",
  requestTimeoutMs: 15_000,
  sasl: null,
  tls: null,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each partition as "p: [replicas in order] dir,dir", dirs by their folder name. */
function layout(snapshot: ClusterSnapshot): string[] {
  const t = snapshot.topics.find((x) => x.name === TOPIC);
  return (t?.partitions ?? [])
    .map((p) => `${p.id}: [${p.replicas.map((r) => r.broker).join(",")}] ${p.replicas.map((r) => (r.logDir ? path.basename(r.logDir) : "?")).join(",")}`)
    .sort();
}

/** Every throttle config the live reader sees, as "broker 1 leader=…" lines (empty: none). */
function throttlesLeft(snapshot: ClusterSnapshot): string[] {
  const out: string[] = [];
  for (const k of ["leader", "follower", "alterLogDirs"] as const) if (snapshot.throttles.defaults[k] !== null) out.push(`broker default ${k}=${snapshot.throttles.defaults[k]}`);
  for (const b of snapshot.throttles.brokers) for (const k of ["leader", "follower", "alterLogDirs"] as const) if (b[k] !== null) out.push(`broker ${b.broker} ${k}=${b[k]}`);
  for (const t of snapshot.throttles.topics) for (const k of ["leaderReplicas", "followerReplicas"] as const) if (t[k] !== null) out.push(`topic ${t.topic} ${k}=${t[k]}`);
  return out;
}

/** A scan once every partition has a leader and every replica a dir, and nothing is moving. */
async function settled(cluster: LocalCluster): Promise<ClusterSnapshot> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    // The rig's JBOD dirs share this machine's filesystem on purpose: each is its own disk (KAFKA_BALANCE_DISKS=separate).
    const s = await readCluster(connection(cluster), { disks: { kind: "separate" } });
    const t = s.topics.find((x) => x.name === TOPIC);
    const ok =
      t !== undefined &&
      t.partitions.length === ASSIGNMENTS.length &&
      t.partitions.every((p) => p.leader !== null && p.isr.length === p.replicas.length && p.replicas.every((r) => r.logDir !== null && r.future === null)) &&
      s.throttles.reassignments.length === 0;
    if (ok) return s;
    if (Date.now() > deadline) throw new Error(`Kafka ${cluster.version}: the cluster did not settle within 60 s`);
    await sleep(500);
  }
}

async function produce(cluster: LocalCluster): Promise<void> {
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = "1";
  const kafka = new Kafka({ clientId: "it-hand-run", brokers: cluster.bootstrap.split(","), logLevel: logLevel.NOTHING });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  try {
    const value = Buffer.alloc(32 * KiB, 7);
    for (let p = 0; p < ASSIGNMENTS.length; p++) {
      const records = Math.ceil(BYTES(p) / value.length);
      for (let sent = 0; sent < records; sent += 16)
        await producer.send({ topic: TOPIC, acks: -1, messages: Array.from({ length: Math.min(16, records - sent) }, () => ({ partition: p, value })) });
    }
  } finally {
    await producer.disconnect();
  }
}

/** Runs a step's commands as printed, in `cwd`; a check is run again until it says complete. Returns what ran, for the failure message. */
async function runCommands(version: string, cwd: string, file: RunFile | undefined, commands: ReadonlyArray<RunCommand>, transcript: string[]): Promise<void> {
  if (file) writeFileSync(path.join(cwd, file.name), file.text);
  for (const c of commands) {
    // As the script does: a "not as planned" answer stops only when said NOT_AS_PLANNED_CHECKS times in a row.
    let off = 0;
    for (let attempt = 1; ; attempt++) {
      const out = await runToolLine(version, c.line, { cwd });
      transcript.push(`$ ${c.line}\n${out.stdout}${out.stderr}(exit ${out.code})`);
      expect(out.code, `Kafka ${version}: ${c.line}\n${out.stdout}\n${out.stderr}`).toBe(0);
      if (c.until !== "complete") break;
      const state = verifyState(out.stdout);
      off = state === "not-as-planned" ? off + 1 : 0;
      expect(off, `Kafka ${version}: ${c.line}\n${out.stdout}`).toBeLessThan(NOT_AS_PLANNED_CHECKS);
      if (state === "complete") break;
      if (attempt >= VERIFY_TRIES) throw new Error(`Kafka ${version}: still in progress after ${VERIFY_TRIES} checks: ${c.line}\n${out.stdout}`);
      await sleep(VERIFY_PAUSE_MS);
    }
  }
}

/** Runs run-plan.sh with `sh`, Kafka's scripts stood in for by the version's classes (writeToolWrappers). */
async function runScript(version: string, cwd: string, text: string, transcript: string[]): Promise<void> {
  const out = await runShell(version, cwd, SCRIPT_FILE, text, transcript);
  expect(out.code, `Kafka ${version}: sh ${SCRIPT_FILE}\n${out.text}`).toBe(0);
  expect(out.text).toMatch(/Done\.\n$/);
}

/** Runs `text` as the file `name` with `sh`, Kafka's scripts on the PATH as the version's classes: commands exactly as printed, heredocs and all. */
async function runShell(version: string, cwd: string, name: string, text: string, transcript: string[]): Promise<{ code: number | null; text: string }> {
  writeFileSync(path.join(cwd, name), text);
  const bin = path.join(cwd, "bin");
  writeToolWrappers(version, bin, cwd);
  const out = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
    const child = spawn("sh", [name], {
      cwd,
      env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`, KB_VERIFY_EVERY: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stdout.on("data", (c: Buffer) => (text += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (text += c.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), 300_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, text });
    });
  });
  transcript.push(`$ sh ${name}\n${out.text}(exit ${out.code})`);
  return out;
}

/** Scans until `ready` holds (bounded), and returns that scan. */
async function scanUntil(cluster: LocalCluster, what: string, ready: (s: ClusterSnapshot) => boolean): Promise<ClusterSnapshot> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const s = await readCluster(connection(cluster));
    if (ready(s)) return s;
    if (Date.now() > deadline) throw new Error(`Kafka ${cluster.version}: ${what} within 60 s`);
    await sleep(500);
  }
}

/** Each replica of `topic` as "broker:dir", in partition order; null dirs as "?". */
function replicaDirs(s: ClusterSnapshot, topic: string): string[] | null {
  const t = s.topics.find((x) => x.name === topic);
  if (!t) return null;
  return [...t.partitions].sort((a, b) => a.id - b.id).flatMap((p) => p.replicas.map((r) => `${r.broker}:${r.future ? "moving" : (r.logDir ?? "?")}`));
}

/** Whether a topic is there and every replica of it is in a dir (not moving). */
const placed = (dirs: string[] | null) => dirs !== null && dirs.length > 0 && dirs.every((r) => !r.endsWith(":?") && !r.endsWith(":moving"));
const padAssignment = (brokers: readonly number[], each: number) => brokers.flatMap((b) => Array.from({ length: each }, () => b)).join(",");
/** New partitions per padded broker, after the padding: each must land in one of the broker's other dirs. */
const STEERED = 2;

/**
 * The padding workaround (lib/plan/padding.ts) as the overview prints it: the create, the heredoc, the
 * pinned --execute and the --verify (run again until complete), with `sh`. Then Kafka's own placement
 * puts new single-replica partitions on each padded broker into its other dirs, and the printed removal
 * deletes the padding topic.
 */
async function padAndCheck(version: string, cluster: LocalCluster, cwd: string, before: ClusterSnapshot, transcript: string[]): Promise<void> {
  const report = balanceReport(before);
  const brokers: PaddingBroker[] = report.brokers.map((b) => ({
    id: b.id,
    // By Kafka's bytes in each dir (as an import without capacity reads them): the test's dirs share one disk, so by the disk's used bytes or utilisation they are equally full.
    dirs: report.dirs.filter((d) => d.broker === b.id).map((d) => ({ path: d.path, state: d.state, logCount: d.logCount, usedBytes: d.bytes, utilization: null })),
    honoursCordons: true,
  }));
  const plan = paddingPlan(brokers, { bootstrapServer: cluster.bootstrap, steeredPartitions: STEERED });
  expect(plan.padded.length, `Kafka ${version}: a dir fuller than its broker's mean is padded (${JSON.stringify(brokers)} ${JSON.stringify(plan.skipped)})`).toBeGreaterThan(0);
  // Without the padding Kafka would put some padded broker's next partition into a padded dir: so the check below can fail.
  const picks = nextPlacements(report, { cluster: version });
  expect(
    plan.padded.some((d) => picks.find((p) => p.broker === d.broker)?.dir === d.path),
    `Kafka ${version}: Kafka's next pick is a dir the padding fills (${picks.map((p) => `${p.broker}:${p.dir}`).join(", ")})`,
  ).toBe(true);
  const [verify, ...rest] = [...plan.commands].reverse();
  const out = await runShell(version, cwd, "padding.sh", `set -e\n${rest.reverse().join("\n")}\n`, transcript);
  expect(out.code, `Kafka ${version}: the padding commands\n${out.text}`).toBe(0);
  for (let attempt = 1; ; attempt++) {
    const v = await runToolLine(version, verify!, { cwd });
    transcript.push(`$ ${verify}\n${v.stdout}${v.stderr}(exit ${v.code})`);
    expect(v.code, `Kafka ${version}: ${verify}\n${v.stdout}${v.stderr}`).toBe(0);
    if (verifyState(v.stdout) === "complete") break;
    if (attempt >= VERIFY_TRIES) throw new Error(`Kafka ${version}: the padding still in progress after ${VERIFY_TRIES} checks`);
    await sleep(VERIFY_PAUSE_MS);
  }
  const pinned = plan.partitions.map((p) => `${p.replicas[0]}:${p.logDirs[0]}`);
  await scanUntil(cluster, "the padding replicas did not reach their pinned dirs", (s) => replicaDirs(s, plan.topic)?.join() === pinned.join());
  // Kafka's own rule now sends each padded broker's next new partitions to its other dirs.
  const padded = [...new Set(plan.padded.map((d) => d.broker))];
  const create = `kafka-topics.sh --bootstrap-server ${cluster.bootstrap} --create --topic after-padding --replica-assignment ${padAssignment(padded, STEERED)}`;
  const created = await runToolLine(version, create, { cwd });
  expect(created.code, `Kafka ${version}: ${create}\n${created.stderr}`).toBe(0);
  const after = await scanUntil(cluster, "the new topic's replicas have no dir", (s) => placed(replicaDirs(s, "after-padding")));
  const targets = new Map(plan.targets.map((t) => [t.broker, t.dirs]));
  for (const r of replicaDirs(after, "after-padding")!) {
    const [broker, dir] = [Number(r.split(":")[0]), r.slice(r.indexOf(":") + 1)];
    expect(targets.get(broker), `Kafka ${version}: broker ${broker}'s new replica went to ${dir}; the padding steers to ${targets.get(broker)?.join(", ")}`).toContain(dir);
  }
  const removed = await runShell(version, cwd, "padding-remove.sh", `set -e\n${plan.removeCommand}\n`, transcript);
  expect(removed.code, `Kafka ${version}: ${plan.removeCommand}\n${removed.text}`).toBe(0);
  await scanUntil(cluster, "the padding topic is still there", (s) => !s.topics.some((t) => t.name === plan.topic));
}

/** A cordon as the overview prints it (Kafka 4.3+): the broker's next new partitions avoid the cordoned dir. */
async function cordonAndCheck(version: string, cluster: LocalCluster, cwd: string, before: ClusterSnapshot, transcript: string[]): Promise<void> {
  const report = balanceReport(before);
  const broker = report.brokers.find((b) => b.replicas > 0)!.id;
  const dirs = report.dirs.filter((d) => d.broker === broker);
  // The dir Kafka would pick next is cordoned, so the cordon has something to change.
  const next = nextPlacements(report, { cluster: version }).find((p) => p.broker === broker)!.dir!;
  const line = cordonCommand(cluster.bootstrap, broker, [next]);
  const out = await runShell(version, cwd, "cordon.sh", `set -e\n${line}\n`, transcript);
  expect(out.code, `Kafka ${version}: ${line}\n${out.text}`).toBe(0);
  await scanUntil(
    cluster,
    `broker ${broker}'s ${next} is not read back as cordoned`,
    (s) => s.brokers.find((b) => b.id === broker)?.logDirs.find((d) => d.path === next)?.state === "cordoned",
  );
  const create = `kafka-topics.sh --bootstrap-server ${cluster.bootstrap} --create --topic after-cordon --replica-assignment ${padAssignment([broker], dirs.length)}`;
  const created = await runToolLine(version, create, { cwd });
  expect(created.code, `Kafka ${version}: ${create}\n${created.stderr}`).toBe(0);
  const after = await scanUntil(cluster, "the new topic's replicas have no dir", (s) => placed(replicaDirs(s, "after-cordon")));
  expect(
    replicaDirs(after, "after-cordon")!.filter((r) => r === `${broker}:${next}`),
    `Kafka ${version}: nothing new in the cordoned ${next}`,
  ).toEqual([]);
  // The printed way back (the simulator's "What to do" prints it): no dir was cordoned before, so the key goes.
  const undo = uncordonCommand(cluster.bootstrap, broker, []);
  const undone = await runShell(version, cwd, "uncordon.sh", `set -e\n${undo}\n`, transcript);
  expect(undone.code, `Kafka ${version}: ${undo}\n${undone.text}`).toBe(0);
  await scanUntil(cluster, `broker ${broker}'s ${next} is still cordoned`, (s) => s.brokers.find((b) => b.id === broker)?.logDirs.find((d) => d.path === next)?.state === "online");
}

describe("the hand-run commands, run as printed with Kafka's CLI tools", () => {
  // One version at a time: three 3-node clusters at once, with their CLI JVMs, starve the files beside this one on 2 cores.
  it.each(VERSIONS)(
    "Kafka $version: every printed command exits 0, the cluster ends as the plan's after-state with no throttle left, and rollback.json puts back replicas and dirs",
    async ({ version, basePort, script }) => {
      const started = Date.now();
      const baseDir = path.resolve(`.kafka/it-hand-run-${version}`);
      const cluster = await startCluster({ baseDir, basePort, nodes: 3, dirsPerNode: 2, version, heapMb: 256 });
      clusters.push(cluster);
      const startedCluster = Date.now();
      const cwd = path.join(baseDir, "hand-run");
      rmSync(cwd, { recursive: true, force: true });
      mkdirSync(cwd, { recursive: true });
      await withAdmin(cluster.bootstrap, (admin) => admin.createTopics({ topics: [TOPIC], assignments: ASSIGNMENTS.map((brokers, partition) => ({ partition, brokers })) }));
      await settled(cluster);
      await produce(cluster);
      const before = await settled(cluster);

      const result = planRebalance(before, PlanOptionsSchema.parse({ throttle: THROTTLE, bootstrapServer: cluster.bootstrap, intraObjective: "bytes", execution: EXECUTION }));
      if (!result.ok) throw new Error(`the planner refused: ${result.error.message}`);
      const plan: Plan = result.value;
      expect(plan.bytesMoved.inter, "the plan copies replicas between brokers").toBeGreaterThan(0);
      expect(plan.bytesMoved.intra, "the plan moves replicas between dirs").toBeGreaterThan(0);
      const run = handRun({
        snapshot: before,
        bootstrapServer: plan.options.bootstrapServer,
        entries: plan.entries,
        batches: planBatches(before, plan.entries, plan.options.execution),
        cordons: plan.cordons,
        throttles: plan.throttles,
        leadershipChanges: plan.leadership.changes,
        estimate: plan.estimate,
      });
      expect(run.batchCount).toBe(plan.batches.length);
      expect(run.batchCount, "the plan runs in several batches").toBeGreaterThanOrEqual(2);
      // What must change does not hold yet (so the checks below can fail).
      const planned = layout(plan.afterSnapshot);
      expect(layout(before)).not.toEqual(planned);

      const transcript: string[] = [];
      const ready = Date.now();
      try {
        if (script) await runScript(version, cwd, run.script, transcript);
        for (const step of script ? [] : run.steps) {
          await runCommands(version, cwd, step.file, step.commands, transcript);
          if (step.id === "plan-apply-commands") {
            // The reader sees the throttles once set (so "none left" below can fail): every broker the plan
            // throttles and the topic. The broker that answers may take a moment to have the new configs.
            let mid = throttlesLeft(await readCluster(connection(cluster)));
            const wanted = () => plan.throttles.brokers.every((b) => mid.some((l) => l.startsWith(`broker ${b.broker} `))) && mid.some((l) => l.startsWith(`topic ${TOPIC} `));
            for (let i = 0; i < 20 && !wanted(); i++) {
              await sleep(500);
              mid = throttlesLeft(await readCluster(connection(cluster)));
            }
            for (const b of plan.throttles.brokers)
              expect(
                mid.some((l) => l.startsWith(`broker ${b.broker} `)),
                `Kafka ${version}: broker ${b.broker} throttled`,
              ).toBe(true);
            expect(
              mid.some((l) => l.startsWith(`topic ${TOPIC} `)),
              `Kafka ${version}: topic throttled (${mid.join("; ")})`,
            ).toBe(true);
          }
        }
        let after = await settled(cluster);
        expect(layout(after), `Kafka ${version}: the assignment and dirs after the hand-run`).toEqual(planned);
        // The election is done at the controller; the brokers' metadata follows within moments.
        const step = run.steps.find((s) => s.id === "plan-election-command");
        const elected = step ? (JSON.parse(step.file!.text) as { partitions: { topic: string; partition: number }[] }).partitions : [];
        const leaders = (s: ClusterSnapshot) =>
          elected.map((p) => s.topics.find((t) => t.name === p.topic)!.partitions.find((x) => x.id === p.partition)!).map((p) => `${p.id}: leader ${p.leader}`);
        const preferred = (s: ClusterSnapshot) =>
          elected.map((p) => s.topics.find((t) => t.name === p.topic)!.partitions.find((x) => x.id === p.partition)!).map((p) => `${p.id}: leader ${p.replicas[0]!.broker}`);
        for (let i = 0; i < 20 && leaders(after).join() !== preferred(after).join(); i++) {
          await sleep(500);
          after = await settled(cluster);
        }
        expect(leaders(after), `Kafka ${version}: each elected partition is led by its first replica`).toEqual(preferred(after));
        expect(throttlesLeft(after), `Kafka ${version}: throttle configs left`).toEqual([]);

        // The rollback, run the same way, restores the replicas (in order) and each replica's dir.
        expect(run.rollback).not.toBeNull();
        await runCommands(version, cwd, run.rollback!.file, run.rollback!.commands, transcript);
        const back = await settled(cluster);
        expect(layout(back), `Kafka ${version}: the assignment and dirs after rollback.json`).toEqual(layout(before));
        expect(throttlesLeft(back)).toEqual([]);

        // The next-placement trap's commands (the overview prints them), run as printed on the same cluster.
        // The padding where it is the only way (before cordons: 3.9.2), the cordon where Kafka has it (4.4.0). The
        // padding's tools (kafka-topics --create, kafka-reassign-partitions with log_dirs) are the ones every version runs above.
        if (version === "3.9.2") await padAndCheck(version, cluster, cwd, back, transcript);
        if (version === "4.4.0") await cordonAndCheck(version, cluster, cwd, back, transcript);
      } catch (error) {
        writeFileSync(path.join(cwd, "transcript.txt"), transcript.join("\n\n"));
        throw error;
      }
      writeFileSync(path.join(cwd, "transcript.txt"), transcript.join("\n\n"));
      // Stopped now, so the next version's cluster does not run beside an idle one (afterAll stops it on a failure).
      await cluster.stop();
      clusters.splice(clusters.indexOf(cluster), 1);
      process.stdout.write(
        `\nKafka ${version}: ${plan.moves.length} move(s) (${(plan.bytesMoved.inter / MiB).toFixed(1)} MiB between brokers, ${(plan.bytesMoved.intra / MiB).toFixed(1)} MiB between dirs), ` +
          `${run.batchCount} batch(es), ${script ? SCRIPT_FILE + " and " : ""}${transcript.length} command run(s); ${((Date.now() - started) / 1000).toFixed(1)} s: cluster start ${((startedCluster - started) / 1000).toFixed(1)} s, topic and data ${((ready - startedCluster) / 1000).toFixed(1)} s, commands ${((Date.now() - ready) / 1000).toFixed(1)} s\n`,
      );
    },
    420_000,
  );
});
