import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { electionTargets } from "@/lib/cluster/writes/apply-work";
import { planBatches } from "@/lib/plan/batches";
import type { ReassignmentEntry } from "@/lib/model/reassignment-json";
import { throttlePlan } from "@/lib/plan/throttle-plan";
import { BATCH_STEPS_SHOWN, electionPartitions, handRun, NOT_AS_PLANNED_CHECKS, verifyState, type HandRunInput } from "@/lib/view/plan/plan-run-steps";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

const rates = { replicationBytesPerSecond: 1000, alterLogDirsBytesPerSecond: 2000 };
const on = (...brokers: number[]): PartitionSpec["replicas"] => brokers.map((b) => [b, "/d1", GiB]);
const snap = cluster({
  brokers: [1, 2, 3, 4].map((id) => ({ id, dirs: ["/d1", "/d2"] })),
  partitions: [
    { topic: "orders", partition: 0, replicas: on(1, 2) },
    { topic: "orders", partition: 1, replicas: on(2, 3) },
    { topic: "logs", partition: 0, replicas: on(3, 4) },
  ],
});
const entries: ReassignmentEntry[] = [
  { topic: "orders", partition: 0, replicas: [3, 2], logDirs: ["/d2", "/d1"] },
  { topic: "orders", partition: 1, replicas: [3, 2], logDirs: ["any", "any"] },
  { topic: "logs", partition: 0, replicas: [1, 4], logDirs: ["/d2", "any"] },
];

function input(over: Partial<HandRunInput> = {}): HandRunInput {
  const es = over.entries ?? entries;
  return {
    snapshot: snap,
    bootstrapServer: "k:9092",
    entries: es,
    batches: planBatches(snap, es, { partitionMovesPerBroker: 1, dirMovesPerBroker: 1, leaderMovesPerBatch: 1000, order: "smallest-first" }),
    cordons: [],
    throttles: throttlePlan(snap, es, rates, "k:9092"),
    leadershipChanges: [],
    estimate: { seconds: 125, overheadSeconds: 14 },
    ...over,
  };
}

describe("handRun()", () => {
  it("handRun() runs the apply job's steps in its order: cordons, throttles once, each batch started and checked until complete, throttles back, then the election", () => {
    const run = handRun(input({ cordons: [{ command: "cordon 2" }, { command: "cordon 3" }] }));
    expect(run.batchCount).toBe(3);
    expect(run.steps.map((s) => s.id)).toEqual([
      "plan-cordon-commands",
      "plan-apply-commands",
      "plan-batch-1",
      "plan-batch-2",
      "plan-batch-3",
      "plan-remove-commands",
      "plan-election-command",
    ]);
    expect(run.steps.map((s) => s.title.split(".")[0])).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(run.steps[0]!.text).toBe("cordon 2\ncordon 3");
    const b2 = run.steps[3]!;
    expect(b2.title).toContain("Batch 2 of 3 (plan-batch-2.json, 1 partition): start it once batch 1 is complete");
    expect(b2.commands).toEqual([
      { line: "kafka-reassign-partitions.sh --bootstrap-server k:9092 --reassignment-json-file plan-batch-2.json --execute" },
      { line: "kafka-reassign-partitions.sh --bootstrap-server k:9092 --reassignment-json-file plan-batch-2.json --verify --preserve-throttles", until: "complete" },
    ]);
    // Every entry is in exactly one batch file, with its pinned dirs.
    const inFiles = run.steps
      .filter((s) => s.batch)
      .flatMap((s) => (JSON.parse(s.file!.text) as { partitions: { topic: string; partition: number; log_dirs: string[] }[] }).partitions);
    expect(inFiles.map((p) => `${p.topic}-${p.partition}:${p.log_dirs.join(",")}`).sort()).toEqual(["logs-0:/d2,any", "orders-0:/d2,/d1", "orders-1:any,any"]);
    expect(run.steps[5]!.title).toContain("put the throttles back (only the keys set above");
    expect(run.steps[5]!.commands.map((c) => c.line)).toEqual(throttlePlan(snap, entries, rates, "k:9092").commands.remove);
    expect(run.steps[6]!.file).toEqual({
      name: "election.json",
      text: JSON.stringify({
        partitions: [
          { topic: "orders", partition: 0 },
          { topic: "orders", partition: 1 },
          { topic: "logs", partition: 0 },
        ],
      }),
    });
  });

  it("handRun() elects the partitions the apply job elects", () => {
    const changes = [{ topic: "logs", partition: 0 }];
    const ours = electionPartitions(snap, entries, changes);
    const job = electionTargets(snap, { entries, leadership: { changes: changes.map((c) => ({ ...c, to: 4 })) } }).map(({ topic, partition }) => ({ topic, partition }));
    expect(ours).toEqual(job);
  });

  it("handRun() says the estimate is for the batched path, and that the single file is not", () => {
    const run = handRun(input());
    expect(run.notes[0]).toBe(
      "The estimated duration, 2 min 5 s, is for this path: 3 batches one after another, each started once the one before is complete, as the apply job runs them. It counts 14 s for the job's own steps (it checks every second); by hand, the time you take to see each batch complete comes on top.",
    );
  });

  it("handRun() writes a rollback that pins each current dir, and says when a dir is unknown", () => {
    const run = handRun(input());
    expect(JSON.parse(run.rollback!.file.text).partitions).toEqual([
      { topic: "logs", partition: 0, replicas: [3, 4], log_dirs: ["/d1", "/d1"] },
      { topic: "orders", partition: 0, replicas: [1, 2], log_dirs: ["/d1", "/d1"] },
      { topic: "orders", partition: 1, replicas: [2, 3], log_dirs: ["/d1", "/d1"] },
    ]);
    expect(run.rollback!.commands.at(-1)).toEqual({
      line: "kafka-reassign-partitions.sh --bootstrap-server k:9092 --reassignment-json-file rollback.json --verify --preserve-throttles",
      until: "complete",
    });
    expect(run.notes.some((n) => n.includes("does not know"))).toBe(false);
    const unknown = cluster({
      brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1"] })),
      partitions: [
        {
          topic: "orders",
          partition: 0,
          replicas: [
            [1, null, GiB],
            [2, "/d1", GiB],
          ],
        },
      ],
    });
    const es = [{ topic: "orders", partition: 0, replicas: [3, 2], logDirs: ["any", "any"] }];
    const run2 = handRun(input({ snapshot: unknown, entries: es, batches: planBatches(unknown, es), throttles: throttlePlan(unknown, es, rates, "k:9092") }));
    expect(run2.notes).toContain(
      'rollback.json pins each replica\'s current dir, except 1 replica whose dir this snapshot does not know: those say "any", and Kafka keeps them in whatever dir they are in then.',
    );
  });

  it("handRun() says to check the old values when the snapshot does not carry the throttle configs", () => {
    const t = throttlePlan(snap, entries, rates, "k:9092");
    const run = handRun(input({ throttles: { ...t, previousKnown: false } }));
    expect(run.steps.find((s) => s.id === "plan-remove-commands")!.title).toContain("this snapshot does not carry the configs set before");
  });

  it("handRun() leaves out the steps with nothing to do and numbers the rest without a gap; nothing to run gives no steps", () => {
    const one = [{ topic: "orders", partition: 1, replicas: [2, 3], logDirs: ["/d2", "any"] }];
    const run = handRun(input({ entries: one, batches: planBatches(snap, one), throttles: throttlePlan(snap, one, rates, "k:9092") }));
    expect(run.steps.map((s) => s.title)).toEqual([
      "1. Set the throttles, once for every batch",
      "2. The reassignment (plan-batch-1.json, 1 partition): start it, then repeat the check until it says complete",
      "3. When every batch is complete: put the throttles back (only the keys set above, each to the value it had before, deleted where it had none)",
    ]);
    expect(handRun(input({ entries: [], batches: [], throttles: throttlePlan(snap, [], rates, "k:9092") })).steps).toEqual([]);
  });

  it("handRun()'s script holds every file and every command as printed, and is valid sh", () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ topic: "orders", partition: i % 2, replicas: [3, 2], logDirs: ["/d2", "any"] }));
    const run = handRun(input({ batches: many.map((e) => ({ entries: [e] })), entries: entries }));
    expect(run.batchCount).toBeGreaterThan(BATCH_STEPS_SHOWN);
    for (const s of run.steps) {
      if (s.file) expect(run.script).toContain(`cat > ${s.file.name} <<'KAFKA_BALANCE_EOF'\n${s.file.text}\nKAFKA_BALANCE_EOF`);
      for (const c of s.commands) expect(run.script).toContain(c.until ? `\nkb_until_complete ${c.line}\n` : `\n${c.line}\n`);
    }
    execFileSync("sh", ["-n"], { input: run.script });
  });

  it("verifyState() reads kafka-reassign-partitions --verify", () => {
    expect(verifyState("Status of partition reassignment:\nReassignment of partition t-0 is completed.\n\nClearing broker-level throttles")).toBe("complete");
    expect(verifyState("Reassignment of partition t-0 is still in progress.")).toBe("in-progress");
    expect(verifyState("Reassignment of replica t-0-1 is still in progress.")).toBe("in-progress");
    expect(verifyState("There is no active reassignment of partition t-0, but replica set is [1, 2] rather than [2, 3].")).toBe("not-as-planned");
    expect(verifyState("Partition t-0 on broker 1 is not being moved from log dir /d1 to /d2.")).toBe("not-as-planned");
  });

  it("run-plan.sh's check stops only when 'not as planned' is said NOT_AS_PLANNED_CHECKS times in a row (a broker may answer with the old replica list just after a move ends)", () => {
    const run = handRun(input());
    const fn = run.script.slice(run.script.indexOf("kb_until_complete() {"), run.script.indexOf("\n}\n", run.script.indexOf("kb_until_complete() {")) + 3);
    // A stand-in check: prints the next of its answers each call (the count in a file: the script runs it in a subshell).
    const dir = mkdtempSync(path.join(tmpdir(), "kb-check-"));
    const check = (answers: string[]) => {
      writeFileSync(path.join(dir, "answers"), `${answers.join("\n")}\n`);
      writeFileSync(path.join(dir, "n"), "0");
      return `${fn}\ncheck() { n=$(($(cat '${dir}/n') + 1)); echo "$n" > '${dir}/n'; sed -n "\${n}p" '${dir}/answers'; }\nKB_VERIFY_EVERY=0\nkb_until_complete check\necho "Done."\n`;
    };
    const stale = "There is no active reassignment of partition t-2, but replica set is 3,1,2 rather than 3,1.";
    const sh = (text: string) => {
      try {
        return { code: 0, out: execFileSync("sh", ["-c", text], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) };
      } catch (e) {
        return { code: (e as { status: number }).status, out: String((e as { stdout: string }).stdout) };
      }
    };
    const once = sh(check([stale, "Reassignment of partition t-2 is completed."]));
    expect(once.code).toBe(0);
    expect(once.out).toMatch(/Done\.\n$/);
    expect(sh(check(Array.from({ length: NOT_AS_PLANNED_CHECKS - 1 }, () => stale).concat("Reassignment of partition t-2 is completed."))).code).toBe(0);
    expect(sh(check(Array.from({ length: NOT_AS_PLANNED_CHECKS }, () => stale))).code).toBe(1);
    // In progress between two stale answers starts the count again.
    expect(sh(check([stale, stale, "Reassignment of partition t-2 is still in progress.", stale, stale, "Reassignment of partition t-2 is completed."])).code).toBe(0);
  });
});
