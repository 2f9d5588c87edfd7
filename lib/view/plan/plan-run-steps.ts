/**
 * How to run a plan by hand with Kafka's own tools, step for step what the apply job does
 * (lib/cluster/writes/job-runner.ts), in its order:
 *
 * 1. Cordons (drains on Kafka 4.3+, `cordoned.log.dirs`): set first; they stay once it is done, as the
 *    job leaves them.
 * 2. Throttles: set once, for the whole plan (the job's lists and rates, not per batch).
 * 3. The batches (lib/plan/batches.ts), one after another: each its own reassignment JSON
 *    (plan-batch-1.json, …), started with `--execute` and checked with `--verify --preserve-throttles`
 *    until it is complete; only then the next. This is the path the estimate models.
 * 4. Throttles put back: only the keys step 2 set, each to its previous value or deleted
 *    (lib/plan/throttle-plan.ts).
 * 5. A PREFERRED election for the partitions the job elects (its `electionTargets`: the plan's
 *    leadership changes and every partition whose first replica the entries change).
 *
 * A step with nothing to do is left out; steps are numbered without a gap. `script` is the same
 * commands as one POSIX shell script (the batch files written by here-documents, each check repeated
 * until complete), for plans with more batches than the page lists. The rollback (rollback.json) pins
 * every replica's current dir where the snapshot knows it.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { formatCountOf, formatDuration } from "@/lib/model/format";
import type { Cordon } from "@/lib/plan/planner";
import { formatReassignmentJson, rollbackEntries, snapshotPartitions, type ReassignmentEntry } from "@/lib/model/reassignment-json";
import type { ThrottlePlan } from "@/lib/plan/throttle-plan";
import { reassignPartitionsCommands } from "@/lib/plan/throttle-plan";
import { bootstrapArg } from "@/lib/plan/shell";

/** A command line as printed; `until: "complete"`: run it again (every few seconds) until `verifyState` of its output is "complete". */
export interface RunCommand {
  line: string;
  until?: "complete";
}

export interface RunStep {
  /** The element id of the block (tests and links find it by this). */
  id: string;
  title: string;
  /** The commands, one per line (what Copy copies). */
  text: string;
  commands: RunCommand[];
  /** The file this step reads, written beforehand (a batch's JSON, election.json). */
  file?: RunFile;
  /** 1-based batch number, for a batch step. */
  batch?: number;
}

export interface RunFile {
  name: string;
  text: string;
}

export interface HandRun {
  steps: RunStep[];
  /** How many batches the plan has (a batch step each). */
  batchCount: number;
  /** Every step as one shell script, to download as run-plan.sh. */
  script: string;
  rollback: { file: RunFile; commands: RunCommand[]; text: string; unpinned: number } | null;
  /** What the page says above the steps (each true of these commands). */
  notes: string[];
}

export const SCRIPT_FILE = "run-plan.sh";
export const ROLLBACK_FILE = "rollback.json";
export const ELECTION_FILE = "election.json";
export const batchFile = (n: number) => `plan-batch-${n}.json`;
/** Batch steps the page lists one by one; the rest are in the script. */
export const BATCH_STEPS_SHOWN = 10;
/** Seconds between two runs of a check in the script. */
export const VERIFY_EVERY_SECONDS = 10;

export interface HandRunInput {
  snapshot: Pick<ClusterSnapshot, "topics">;
  bootstrapServer: string;
  /** Every entry (for the rollback and the election). */
  entries: ReadonlyArray<ReassignmentEntry>;
  /** The batches in execution order (lib/plan/batches.ts planBatches), each with its entries. */
  batches: ReadonlyArray<{ entries: ReadonlyArray<ReassignmentEntry> }>;
  cordons: ReadonlyArray<Pick<Cordon, "command">>;
  throttles: ThrottlePlan;
  /** The plan's leadership changes (reorders); the partitions whose first replica changes are added, as the job does. */
  leadershipChanges: ReadonlyArray<{ topic: string; partition: number }>;
  /** The estimate's total, and what of it is the job's own steps (submitting, noticing a batch ended). */
  estimate?: { seconds: number; overheadSeconds: number };
}

/**
 * The partitions the job elects (lib/cluster/writes/apply-work.ts electionTargets, the same rule):
 * the leadership changes, then every entry whose first replica differs from the snapshot's, each once.
 */
export function electionPartitions(
  snapshot: Pick<ClusterSnapshot, "topics">,
  entries: ReadonlyArray<ReassignmentEntry>,
  changes: ReadonlyArray<{ topic: string; partition: number }>,
): { topic: string; partition: number }[] {
  const replicasOf = snapshotPartitions(snapshot);
  const out: { topic: string; partition: number }[] = [];
  const seen = new Set<string>();
  const add = (topic: string, partition: number) => {
    const key = `${topic}\u0000${partition}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ topic, partition });
  };
  for (const c of changes) add(c.topic, c.partition);
  for (const e of entries) {
    const to = e.replicas[0];
    if (to === undefined) continue;
    const from = replicasOf(e.topic, e.partition)?.[0]?.broker ?? null;
    if (from !== to) add(e.topic, e.partition);
  }
  return out;
}

/**
 * What a `--verify` run says: "in-progress" while any partition or replica move is still going,
 * "not-as-planned" when one ended elsewhere (a replica set or dir other than the file's), else
 * "complete". The words are ReassignPartitionsCommand's (3.9–4.4).
 */
/**
 * How many checks in a row must say a move ended other than planned before the script stops: right
 * after a move completes, the broker that answers may still hold the old replica list ("… replica set
 * is 3,1,2 rather than 3,1", seen on 3.9.2), which the next check no longer says.
 */
export const NOT_AS_PLANNED_CHECKS = 3;

export function verifyState(output: string): "in-progress" | "not-as-planned" | "complete" {
  if (/still in progress/i.test(output)) return "in-progress";
  if (/rather than|is not being moved|cannot be found|not assigned to any log dir/i.test(output)) return "not-as-planned";
  return "complete";
}

const shellLines = (cs: ReadonlyArray<RunCommand>) => cs.map((c) => c.line).join("\n");

export function handRun(input: HandRunInput): HandRun {
  const steps: Omit<RunStep, "title" | "text">[] = [];
  const whats: string[] = [];
  const push = (what: string, step: Omit<RunStep, "title" | "text">) => {
    whats.push(what);
    steps.push(step);
  };
  if (input.cordons.length > 0) {
    push("Cordon the dirs being drained (Kafka 4.3+, cordoned.log.dirs); the cordons stay once it is done, as the apply job leaves them", {
      id: "plan-cordon-commands",
      commands: input.cordons.map((c) => ({ line: c.command })),
    });
  }
  if (input.throttles.commands.apply.length > 0) {
    push("Set the throttles, once for every batch", { id: "plan-apply-commands", commands: input.throttles.commands.apply.map((line) => ({ line })) });
  }
  const batches = input.batches.filter((b) => b.entries.length > 0);
  batches.forEach((b, i) => {
    const n = i + 1;
    const name = batchFile(n);
    const run = reassignPartitionsCommands(input.bootstrapServer, name);
    const of = batches.length === 1 ? "The reassignment" : `Batch ${n} of ${batches.length}`;
    const after = n > 1 ? " once batch " + String(n - 1) + " is complete" : "";
    push(`${of} (${name}, ${formatCountOf(b.entries.length, "partition")}): start it${after}, then repeat the check until it says complete`, {
      id: `plan-batch-${n}`,
      batch: n,
      file: { name, text: formatReassignmentJson(b.entries) },
      commands: [{ line: run.execute }, { line: run.verify, until: "complete" }],
    });
  });
  if (input.throttles.commands.remove.length > 0) {
    const what =
      input.throttles.previousKnown === false
        ? "When every batch is complete: remove the throttles (only the keys set above; this snapshot does not carry the configs set before, so check with kafka-configs --describe that none of these keys was set before you delete it)"
        : "When every batch is complete: put the throttles back (only the keys set above, each to the value it had before, deleted where it had none)";
    push(what, { id: "plan-remove-commands", commands: input.throttles.commands.remove.map((line) => ({ line })) });
  }
  const elect = electionPartitions(input.snapshot, input.entries, input.leadershipChanges);
  if (elect.length > 0) {
    push(`Then elect the preferred leaders (${ELECTION_FILE}, ${formatCountOf(elect.length, "partition")})`, {
      id: "plan-election-command",
      file: { name: ELECTION_FILE, text: JSON.stringify({ partitions: elect }) },
      commands: [{ line: `kafka-leader-election.sh --bootstrap-server ${bootstrapArg(input.bootstrapServer)} --election-type PREFERRED --path-to-json-file ${ELECTION_FILE}` }],
    });
  }
  const numbered: RunStep[] = steps.map((s, i) => ({ ...s, title: `${i + 1}. ${whats[i]}`, text: shellLines(s.commands) }));

  let rollback: HandRun["rollback"] = null;
  if (input.entries.length > 0) {
    const back = rollbackEntries(snapshotPartitions(input.snapshot), input.entries);
    const run = reassignPartitionsCommands(input.bootstrapServer, ROLLBACK_FILE);
    const commands: RunCommand[] = [{ line: run.execute }, { line: run.verify, until: "complete" }];
    rollback = { file: { name: ROLLBACK_FILE, text: formatReassignmentJson(back.entries) }, commands, text: shellLines(commands), unpinned: back.unpinned };
  }

  const notes: string[] = [];
  if (batches.length > 0) {
    const est = input.estimate;
    const path =
      batches.length === 1
        ? "one batch, run until it is complete"
        : `${formatCountOf(batches.length, "batch", "batches")} one after another, each started once the one before is complete`;
    notes.push(
      est
        ? `The estimated duration, ${formatDuration(est.seconds)}, is for this path: ${path}, as the apply job runs them. It counts ${formatDuration(est.overheadSeconds)} for the job's own steps (it checks every second); by hand, the time you take to see each batch complete comes on top.`
        : `These steps are the apply job's: ${path}.`,
    );
  }
  if (rollback && rollback.unpinned > 0) {
    notes.push(
      `rollback.json pins each replica's current dir, except ${formatCountOf(rollback.unpinned, "replica")} whose dir this snapshot does not know: those say "any", and Kafka keeps them in whatever dir they are in then.`,
    );
  }
  return { steps: numbered, batchCount: batches.length, script: runScript(numbered), rollback, notes };
}

const HEREDOC = "KAFKA_BALANCE_EOF";

/**
 * The steps as one POSIX sh script: each file written by a quoted here-document (nothing in it
 * expands), each command as printed, each check run through `kb_until_complete`, which repeats it
 * every VERIFY_EVERY_SECONDS (or $KB_VERIFY_EVERY) while a move is in progress and stops the script when one ended other
 * than planned. `set -eu`: a command that fails stops the script there.
 */
function runScript(steps: ReadonlyArray<RunStep>): string {
  const out = [
    "#!/bin/sh",
    "# The plan, run by hand with Kafka's tools: the apply job's steps, in its order (Kafka Balance).",
    "# Run it where kafka-configs.sh, kafka-reassign-partitions.sh and kafka-leader-election.sh are on the PATH.",
    "set -eu",
    "",
    `# Runs a --verify command until no move is in progress (again every KB_VERIFY_EVERY seconds, ${VERIFY_EVERY_SECONDS} unless set);`,
    `# stops the script if one ended other than planned, said ${NOT_AS_PLANNED_CHECKS} checks in a row (just after a move ends a broker`,
    "# may still answer with the old replica list for a moment).",
    "kb_until_complete() {",
    "  kb_off=0",
    "  while :; do",
    '    out=$("$@")',
    "    printf '%s\\n' \"$out\"",
    '    case "$out" in',
    `      *"still in progress"*) kb_off=0; sleep "\${KB_VERIFY_EVERY:-${VERIFY_EVERY_SECONDS}}" ;;`,
    `      *"rather than"* | *"is not being moved"* | *"cannot be found"* | *"not assigned to any log dir"*) kb_off=$((kb_off + 1)); if [ "$kb_off" -ge ${NOT_AS_PLANNED_CHECKS} ]; then echo "Not as planned: stopping here." >&2; exit 1; fi; sleep "\${KB_VERIFY_EVERY:-${VERIFY_EVERY_SECONDS}}" ;;`,
    "      *) return 0 ;;",
    "    esac",
    "  done",
    "}",
  ];
  for (const s of steps) {
    out.push("", `# ${s.title}`);
    if (s.file) out.push(`cat > ${s.file.name} <<'${HEREDOC}'`, s.file.text, HEREDOC);
    for (const c of s.commands) out.push(c.until === "complete" ? `kb_until_complete ${c.line}` : c.line);
  }
  out.push("", 'echo "Done."', "");
  return out.join("\n");
}
