/**
 * The configs an apply job sets and puts back (steps of job.ts):
 * - Cordons, then throttles: each config's previous value is read from a fresh scan and stored with
 *   the new value (an intent, `sent: false`) before it is set; the intents are sent one resource at a
 *   time. A refusal fails the job: what was set is put back and nothing moves.
 * - Putting back: exactly the configs the job set and Kafka accepted, each to its previous value
 *   (deleted when there was none), never others. Cordons stay when the job is done (the drained dir is
 *   meant to stay empty); a cancel or a refusal puts them back too.
 * - A rate change asked while data moves is set on the brokers the job throttled, all at once.
 */
import type { ClusterSnapshot } from "../model/snapshot";
import { cordonWrites } from "./cordons";
import { CORDONED_LOG_DIRS, type JobControl, type JobRates, type JobStatus, type SetConfig } from "./job-model";
import { act, addError, addLog, byResource, indicesOf, markFailed, notePhase, SCAN, type JobAction, type JobRun, type Step } from "./job-step";

type Kind = "cordon" | "throttle";
const isCordon = (c: SetConfig) => c.name === CORDONED_LOG_DIRS;
const ofKind = (kind: Kind) => (c: SetConfig) => isCordon(c) === (kind === "cordon");

/** The intents of the phase's configs, from the scan: what each is set to, and what it replaces. */
export function intents(run: JobRun, kind: Kind, scan: ClusterSnapshot): SetConfig[] {
  const { work } = run.job;
  if (kind === "cordon") {
    return cordonWrites(scan, work.cordons).map((w) => ({
      resource: { kind: "broker", id: w.broker },
      name: CORDONED_LOG_DIRS,
      value: w.dirs.join(","),
      previous: w.previous.length > 0 ? w.previous.join(",") : null,
      sent: false,
    }));
  }
  const rates = run.job.status.rates;
  const out: SetConfig[] = [];
  for (const b of work.throttles.brokers) {
    const before = scan.throttles.brokers.find((x) => x.broker === b.broker);
    const wanted: [string, number | null, number | null | undefined][] = [
      ["leader.replication.throttled.rate", b.leaderRate !== null ? rates.replicationBytesPerSecond : null, before?.leader],
      ["follower.replication.throttled.rate", b.followerRate !== null ? rates.replicationBytesPerSecond : null, before?.follower],
      ["replica.alter.log.dirs.io.max.bytes.per.second", b.alterLogDirsRate !== null ? rates.alterLogDirsBytesPerSecond : null, before?.alterLogDirs],
    ];
    for (const [name, value, previous] of wanted) {
      if (value === null) continue;
      out.push({
        resource: { kind: "broker", id: b.broker },
        name,
        value: String(value),
        previous: previous === null || previous === undefined ? null : String(previous),
        sent: false,
      });
    }
  }
  for (const t of work.throttles.topics) {
    const before = scan.throttles.topics.find((x) => x.topic === t.topic);
    if (t.leaderReplicas)
      out.push({
        resource: { kind: "topic", name: t.topic },
        name: "leader.replication.throttled.replicas",
        value: t.leaderReplicas,
        previous: before?.leaderReplicas ?? null,
        sent: false,
      });
    if (t.followerReplicas)
      out.push({
        resource: { kind: "topic", name: t.topic },
        name: "follower.replication.throttled.replicas",
        value: t.followerReplicas,
        previous: before?.followerReplicas ?? null,
        sent: false,
      });
  }
  return out;
}

/** One IncrementalAlterConfigs per resource for these configs: their values, or (restore) what they replaced. */
function configActions(configs: ReadonlyArray<SetConfig>, indices: number[], purpose: "set" | "restore"): JobAction[] {
  return byResource(configs, indices).map((g) => ({
    kind: "set-configs",
    purpose,
    indices: g.indices,
    change: { resource: g.resource, configs: g.indices.map((i) => ({ name: configs[i]!.name, value: purpose === "set" ? configs[i]!.value : configs[i]!.previous })) },
  }));
}

const CORDON_STAYS = "The cordon stays:";

export function cordonWarning(cordons: SetConfig[]): string {
  const list = cordons.map((c) => `broker ${(c.resource as { id: number }).id} (${c.value})`).join("; ");
  return (
    `${CORDON_STAYS} ${CORDONED_LOG_DIRS} is left as set on ${list}, so Kafka puts nothing new in the drained dir(s) until the disk is taken out. ` +
    `To use a dir again, set the broker's ${CORDONED_LOG_DIRS} without it (kafka-configs.sh --entity-type brokers --entity-name <id> --alter --add-config ${CORDONED_LOG_DIRS}=<dirs>, or --delete-config ${CORDONED_LOG_DIRS}).`
  );
}

/**
 * Phase cordons or throttles: store the intents (once), send those not sent yet, then judge the
 * round: a refusal fails the job (the next step puts back what was set), else the next phase.
 */
export function configPhase(run: JobRun, kind: Kind, scan: ClusterSnapshot | undefined, nowMs: number): Step {
  const s = run.job.status;
  const round = run.memory.round;
  if (round && round.kind === kind) {
    run.memory.round = null;
    if (round.errors.length > 0) {
      markFailed(s);
      addError(s, `Kafka refused the ${kind === "cordon" ? "cordons" : "throttles"}: ${round.errors.join("; ")}; what the job had set is put back, and nothing moved.`);
      return act(run);
    }
    return advance(run, kind, nowMs);
  }
  const stored = kind === "cordon" ? run.job.work.cordons.length === 0 || s.setConfigs.some(isCordon) : s.setConfigs.some((c) => !isCordon(c));
  if (!stored) {
    if (!scan) return SCAN;
    s.setConfigs.push(...intents(run, kind, scan));
  }
  const pending = indicesOf(s.setConfigs, (c) => !c.sent && !c.restored && ofKind(kind)(c));
  if (pending.length === 0) return advance(run, kind, nowMs);
  if (!scan) return SCAN;
  run.memory.round = { kind, errors: [], count: pending.length };
  return act(run, configActions(s.setConfigs, pending, "set"));
}

function advance(run: JobRun, kind: Kind, nowMs: number): Step {
  const s = run.job.status;
  if (kind === "cordon") {
    const cordons = s.setConfigs.filter(isCordon);
    for (const c of cordons) addLog(s, nowMs, `Broker ${(c.resource as { id: number }).id}: ${CORDONED_LOG_DIRS} set to ${c.value} before any data moved.`);
    if (cordons.length > 0) s.warnings.push(cordonWarning(cordons));
    s.phase = "throttles";
  } else {
    const set = s.setConfigs.filter((c) => !isCordon(c));
    const brokers = [...new Set(set.flatMap((c) => (c.resource.kind === "broker" ? [c.resource.id] : [])))];
    const topics = [...new Set(set.flatMap((c) => (c.resource.kind === "topic" ? [c.resource.name] : [])))];
    addLog(s, nowMs, `Throttles set on broker(s) ${brokers.join(", ") || "none"} and topic(s) ${topics.join(", ") || "none"} (their previous values are kept, to be put back).`);
    s.phase = "batches";
  }
  return act(run);
}

/**
 * Puts back every config the job set (cordons too when `all`), each to its previous value: a round of
 * requests, then, once its answers are in, one line saying how it went. Answers "restored" when there
 * is nothing (more) to put back.
 */
export function restore(run: JobRun, all: boolean, scan: ClusterSnapshot | undefined, nowMs: number): Step | "restored" {
  const s = run.job.status;
  const round = run.memory.round;
  if (round && round.kind === "restore") {
    run.memory.round = null;
    const cordons = s.setConfigs.filter(isCordon);
    const what = all && cordons.length > 0 ? "throttle and cordon" : "throttle";
    if (round.errors.length > 0) {
      markFailed(s);
      addError(s, `Putting the ${what}s back failed: ${round.errors.join("; ")}. The job's configs still set are listed with it; set them back by hand.`);
    } else {
      addLog(s, nowMs, `Every ${what} config the job set is back to its previous value (${round.count} config(s); deleted where none was set).`);
    }
    // The cordons put back: the warning that they stay is no longer true.
    if (cordons.length > 0 && cordons.every((c) => c.restored || !c.sent)) s.warnings = s.warnings.filter((w) => !w.startsWith(CORDON_STAYS));
    return "restored";
  }
  // Only what Kafka accepted: an intent whose request was refused changed nothing. (An intent left
  // unsent by a crash is sent again before any restore, since the job resumes at its phase.)
  const toRestore = indicesOf(s.setConfigs, (c) => c.sent && !c.restored && (all || !isCordon(c)));
  if (toRestore.length === 0) return "restored";
  if (!scan) return SCAN;
  // Putting back ran, whichever phase asked for it (a cancel, a refusal): the phase strip shows it.
  notePhase(s, "restoring-throttles");
  run.memory.round = { kind: "restore", errors: [], count: toRestore.length };
  return act(run, configActions(s.setConfigs, toRestore, "restore"));
}

/** Whether the operators' rates differ from those in force (a pause or resume raises seq too, and must not resend the last change). */
export function ratesChanged(control: JobControl, s: Pick<JobStatus, "rates">): boolean {
  const r = control.rates;
  return (
    r !== null &&
    ((r.replicationBytesPerSecond !== undefined && r.replicationBytesPerSecond !== s.rates.replicationBytesPerSecond) ||
      (r.alterLogDirsBytesPerSecond !== undefined && r.alterLogDirsBytesPerSecond !== s.rates.alterLogDirsBytesPerSecond))
  );
}

/** The rate change on every broker the job throttled (and has not put back), as one action. */
export function rateChange(s: JobStatus, rates: Partial<JobRates>, actor: string, seq: number): JobAction {
  const names = new Map<string, string>();
  if (rates.replicationBytesPerSecond !== undefined) {
    names.set("leader.replication.throttled.rate", String(rates.replicationBytesPerSecond));
    names.set("follower.replication.throttled.rate", String(rates.replicationBytesPerSecond));
  }
  if (rates.alterLogDirsBytesPerSecond !== undefined) names.set("replica.alter.log.dirs.io.max.bytes.per.second", String(rates.alterLogDirsBytesPerSecond));
  const indices = indicesOf(s.setConfigs, (c) => c.resource.kind === "broker" && names.has(c.name) && !c.restored);
  const changes = byResource(s.setConfigs, indices).map((g) => ({
    broker: (g.resource as { id: number }).id,
    indices: g.indices,
    change: { resource: g.resource, configs: g.indices.map((i) => ({ name: s.setConfigs[i]!.name, value: names.get(s.setConfigs[i]!.name)! })) },
  }));
  return { kind: "change-throttle", actor, seq, rates: { ...rates }, changes };
}
