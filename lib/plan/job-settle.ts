/**
 * `settle`: Kafka's answer to one of the apply job's actions (job-step.ts), folded into the job, with
 * the audit entries of that answer (pure: time is a parameter). The executor
 * (lib/cluster/writes/job-runner.ts) performs the action, calls this, appends the entries and saves.
 *
 * - Every answer leaves one audit entry per request, with the errors Kafka gave; a dir move that only
 *   waits for its replica (REPLICA_NOT_AVAILABLE, or no answer) is audited once it is accepted or
 *   refused, and is sent again by the next step.
 * - A round of config requests collects its errors in the run's memory; the step after the round
 *   decides what they mean (a refusal of intents fails the job; a restore that fails is reported).
 */
import type { ApplyJobRecord, AuditEntry, CancelReport, JobStatus, SetConfig } from "./job-model";
import { clockAfterRateChange } from "./job-batches";
import { addError, addLog, cancelRefusal, markFailed, retriableDirMove, type ActionOutcome, type DirMove, type DirMoveFailure, type JobAction, type JobRun } from "./job-step";

type Draft = Omit<AuditEntry, "seq" | "at" | "cluster" | "jobId" | "result" | "detail"> & { errors: string[]; detail?: string };

/** An audit entry of the job's: refused when Kafka gave any error, the errors after the detail. */
export function auditEntry(job: Pick<ApplyJobRecord, "id" | "cluster">, nowMs: number, d: Draft): Omit<AuditEntry, "seq"> {
  return {
    at: new Date(nowMs).toISOString(),
    cluster: job.cluster,
    actor: d.actor,
    jobId: job.id,
    action: d.action,
    target: d.target,
    result: d.errors.length === 0 ? "ok" : "refused",
    detail: [d.detail ?? "", ...d.errors]
      .filter((s) => s.length > 0)
      .join("; ")
      .slice(0, 4000),
  };
}

export function resourceText(r: SetConfig["resource"]): string {
  return r.kind === "broker" ? `broker ${r.id}` : `topic ${r.name}`;
}

const moveText = (m: DirMove) => `${m.topic}-${m.partition}→${m.dir}`;
const failureText = (f: DirMoveFailure) => `${f.topic}-${f.partition} → ${f.dir}: ${f.error}`;
const waits = retriableDirMove;

/** The job after Kafka answered `action`, and the audit entries of that answer. */
export function settle(run: JobRun, action: JobAction, outcome: ActionOutcome, nowMs: number): { run: JobRun; audit: Omit<AuditEntry, "seq">[] } {
  const job: ApplyJobRecord = { ...run.job, status: structuredClone(run.job.status) };
  const memory = structuredClone(run.memory);
  const s = job.status;
  const audit: Omit<AuditEntry, "seq">[] = [];
  const record = (d: Draft) => audit.push(auditEntry(job, nowMs, d));
  const log = (message: string) => addLog(s, nowMs, message);
  const error = (message: string) => addError(s, message);
  const actor = job.createdBy;
  if (action.kind === "set-configs" && outcome.kind === "set-configs") {
    const { change, purpose } = action;
    const restore = purpose === "restore";
    const values = change.configs.map((c) => (c.value === null ? `delete ${c.name}` : `${c.name}=${c.value}`)).join(", ");
    record({
      action: "alter-configs",
      target: `${resourceText(change.resource)}: ${values}`,
      errors: outcome.errors,
      actor,
      detail: restore ? "putting back what the job replaced" : "",
    });
    if (outcome.errors.length === 0) for (const i of action.indices) s.setConfigs[i]![restore ? "restored" : "sent"] = true;
    memory.round?.errors.push(...outcome.errors);
  } else if (action.kind === "change-throttle" && outcome.kind === "change-throttle") {
    const errors: string[] = [];
    action.changes.forEach(({ broker, change, indices }, i) => {
      const failed = outcome.errors[i] ?? [];
      record({ action: "change-throttle", target: `broker ${broker}: ${change.configs.map((c) => `${c.name}=${c.value}`).join(", ")}`, errors: failed, actor: action.actor });
      if (failed.length === 0) indices.forEach((k, j) => (s.setConfigs[k]!.value = change.configs[j]!.value!));
      errors.push(...failed);
    });
    if (errors.length > 0) {
      error(`Changing the throttle failed: ${errors.join("; ")}`);
    } else {
      if (action.rates.replicationBytesPerSecond !== undefined) s.rates.replicationBytesPerSecond = action.rates.replicationBytesPerSecond;
      if (action.rates.alterLogDirsBytesPerSecond !== undefined) s.rates.alterLogDirsBytesPerSecond = action.rates.alterLogDirsBytesPerSecond;
      log(
        `Throttle changed by ${action.actor}: replication ${s.rates.replicationBytesPerSecond} B/s, alter-log-dirs ${s.rates.alterLogDirsBytesPerSecond} B/s, on ${action.changes.length} broker(s).`,
      );
      clockAfterRateChange({ job, memory }, nowMs);
    }
    s.controlSeq = Math.max(s.controlSeq, action.seq);
  } else if (action.kind === "reassign" && outcome.kind === "reassign") {
    const n = action.batch + 1;
    // No answer: the controller may have taken it. The next poll sees it listed, or it is sent again.
    if (outcome.noAnswer !== null) error(`Batch ${n}: no answer to the reassignment request (${outcome.noAnswer}); checking at the next poll.`);
    record({
      action: "alter-partition-reassignments",
      target: `batch ${n}: ${action.partitions
        .map((e) => `${e.topic}-${e.partition}→[${e.replicas.join(",")}]`)
        .join(" ")
        .slice(0, 2000)}`,
      errors: outcome.refused,
      actor,
    });
    if (outcome.refused.length > 0) {
      markFailed(s);
      error(`Batch ${n}: Kafka refused ${outcome.refused.length} partition(s): ${outcome.refused.join("; ")}`);
    }
  } else if (action.kind === "move-dirs" && outcome.kind === "move-dirs") {
    const n = action.batch + 1;
    const retry = outcome.failed.filter(waits);
    const refused = outcome.failed.filter((f) => !waits(f));
    const accepted = action.moves.filter((m) => !outcome.failed.some((f) => f.topic === m.topic && f.partition === m.partition));
    if (accepted.length + refused.length > 0) {
      record({
        action: "alter-replica-log-dirs",
        target: `batch ${n}, broker ${action.broker}: ${[...accepted, ...refused].map(moveText).join(" ").slice(0, 2000)}`,
        errors: refused.map(failureText),
        actor,
      });
    }
    if (refused.length > 0) {
      markFailed(s);
      error(`Batch ${n}: broker ${action.broker} refused dir moves: ${refused.map(failureText).join("; ")}`);
    }
    const submit = memory.submit;
    if (submit && submit.batch === action.batch) {
      const rest = submit.dirMoves.filter((d) => d.broker !== action.broker);
      const at = submit.dirMoves.findIndex((d) => d.broker === action.broker);
      if (retry.length > 0) rest.splice(Math.max(0, at), 0, { broker: action.broker, moves: retry.map(({ topic, partition, dir }) => ({ topic, partition, dir })) });
      submit.dirMoves = rest;
    }
  } else if (action.kind === "cancel-reassignments" && outcome.kind === "cancel-reassignments") {
    record({
      action: "cancel-reassignments",
      target: `batch ${action.batch + 1}: ${action.partitions
        .map((r) => `${r.topic}-${r.partition}`)
        .join(" ")
        .slice(0, 2000)}`,
      errors: outcome.refused,
      actor: action.actor,
    });
    // A refusal that does not pass by itself is kept (the cancel round sends it no more); one that
    // does (no answer, a controller moving) is sent again at the next poll if still in flight.
    for (const line of outcome.refused) {
      const { partition, error: kafkaError, retriable } = cancelRefusal(line, action.partitions);
      if (retriable) {
        log(
          `Batch ${action.batch + 1}: the cancel of ${partition ? `${partition.topic}-${partition.partition}` : "its reassignments"} was not taken yet (${line}); sent again at the next poll if still in flight.`,
        );
        continue;
      }
      for (const p of partition ? [partition] : action.partitions)
        refuseCancel(s, nowMs, action.batch, { topic: p.topic, partition: p.partition, broker: null, error: kafkaError });
    }
  } else if (action.kind === "cancel-dir-moves" && outcome.kind === "cancel-dir-moves") {
    record({
      action: "cancel-dir-moves",
      target: `batch ${action.batch + 1}, broker ${action.broker}: ${action.moves
        .map((m) => `${m.topic}-${m.partition} stays in ${m.dir}`)
        .join(" ")
        .slice(0, 2000)}`,
      errors: outcome.failed.map((f) => `${f.topic}-${f.partition}: ${f.error}`),
      actor: action.actor,
    });
    for (const f of outcome.failed) {
      if (waits(f)) {
        log(
          `Batch ${action.batch + 1}: broker ${action.broker} did not take the cancel of ${f.topic}-${f.partition}'s dir move yet (${f.error}); sent again at the next poll if still in flight.`,
        );
        continue;
      }
      refuseCancel(s, nowMs, action.batch, { topic: f.topic, partition: f.partition, broker: action.broker, error: f.error });
    }
  } else if (action.kind === "elect-leaders" && outcome.kind === "elect-leaders") {
    const o = outcome.outcome;
    s.election = { requested: o.requested, elected: o.elected, failed: o.failed };
    record({ action: "elect-leaders", target: `PREFERRED for ${action.partitions.length} partition(s)`, errors: o.failed, actor });
    if (o.failed.length > 0) {
      markFailed(s);
      error(`Preferred leader election: ${o.failed.slice(0, 50).join("; ")}`);
      log(
        `${o.elected} of ${o.requested} partition(s) are led by their new preferred replica; run kafka-leader-election.sh --election-type PREFERRED for the rest once their replicas are in sync.`,
      );
    } else {
      log(`Preferred leader election: ${o.requested} partition(s) are led by their new preferred replica (${o.notNeeded} already were).`);
    }
  } else {
    throw new Error(`The answer to ${action.kind} is a ${outcome.kind} answer.`);
  }
  return { run: { job, memory }, audit };
}

/** A cancel Kafka refused: kept in the job's cancel report (never sent again), in its errors and its log. */
function refuseCancel(s: JobStatus, nowMs: number, batch: number, r: CancelReport["refused"][number]): void {
  const c = (s.cancel ??= { batch, stage: "cancelling", refused: [], outcomes: [], counts: { finished: 0, reverted: 0, moving: 0, other: 0 }, more: 0 });
  if (c.refused.some((x) => x.topic === r.topic && x.partition === r.partition && x.broker === r.broker)) return;
  c.refused.push(r);
  if (r.broker === null && r.error.startsWith("NO_REASSIGNMENT_IN_PROGRESS")) {
    addLog(s, nowMs, `Batch ${batch + 1}: Kafka had no reassignment of ${r.topic}-${r.partition} left to cancel (${r.error}): it had ended before the cancel reached Kafka.`);
    return;
  }
  const what = r.broker === null ? `the cancel of ${r.topic}-${r.partition}'s reassignment` : `the cancel of ${r.topic}-${r.partition}'s dir move on broker ${r.broker}`;
  addError(s, `Kafka refused ${what}: ${r.error}. It is not sent again; where the partition ended up is read back below.`);
  addLog(s, nowMs, `Batch ${batch + 1}: Kafka refused ${what} (${r.error}).`);
}
