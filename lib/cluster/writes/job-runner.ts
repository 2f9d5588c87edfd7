/**
 * Runs an apply job to its end, durably: every step is written to the store before the request that
 * does it goes to Kafka (as an intent), and again once Kafka answered, so a process that dies at any
 * point (`kill -9` included) leaves a job that the next process picks up where it stopped.
 *
 * Steps (JobPhase): cordons → throttles → batches → restoring-throttles → electing-leaders.
 * - Cordons and throttles: each config's previous value is read from a fresh scan and stored with
 *   the new value before it is set. At the end exactly those configs are put back to what they were
 *   (deleted when they were not set), never others. Cordons stay when the job is done (the drained
 *   dir is meant to stay empty); a cancel or refusal puts them back too.
 * - Batches (lib/plan/batches.ts): one at a time. A batch is submitted (AlterPartitionReassignments
 *   for its partitions not already as planned or in flight, AlterReplicaLogDirs for its pinned
 *   dirs), then polled until Kafka has finished it. Submitting again is harmless, which is what makes
 *   picking a job up after a crash safe.
 * - Control (JobControl, written by the control route): pause is honoured between batches; cancel at
 *   once (in-flight reassignments of the batch cancelled — Kafka reverts them to their replicas
 *   before — in-flight dir moves cancelled by pointing them back at their current dir, then every
 *   config put back); a rate change is set on the brokers the job throttled at the next poll.
 * - Every request to Kafka is written to the audit log with its result and who asked.
 *
 * One runner per job per process (a registry on globalThis), and one process per job (the lease in
 * lib/store/jobs.ts): a runner that finds its lease gone stops without writing.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { ANY_LOG_DIR, DEFAULT_TIMING, type ReassignmentEntry } from "@/lib/plan";
import { batchOverheadSeconds, JOB_FINISH_SECONDS } from "@/lib/plan/estimate";
import { getStore } from "@/lib/store";
import type { AuditLog, JobStore } from "@/lib/store/jobs";
import type { KafkaConnection } from "../connection";
import { PROCESS_OWNER } from "../instance";
import { jobLeaseMs } from "./job-settings";
import { readCluster } from "../live";
import { createAdmin, describeFailure } from "../live/protocol";
import { BROKER_THROTTLE_CONFIGS, CORDONED_LOG_DIRS, electPreferred, endpoints } from "./apply-plan";
import { cordonWrites } from "./apply-work";
import { batchProgress, jobClock, trimSamples, type ClockSample } from "./job-progress";
import { jobFinished, type ApplyJobRecord, type JobStatus, type SetConfig } from "./job-model";
import { alterConfigs, alterPartitionReassignments, alterReplicaLogDirs, REPLICA_NOT_AVAILABLE, type ConfigChange } from "./requests";

export interface RunnerOptions {
  /** How often a running batch is polled (ms). Default: the estimate's poll (1 s). */
  pollMs?: number;
  /** How long a lease lasts without renewal (ms); another process takes the job over after it. Default `KAFKA_BALANCE_JOB_LEASE_MS`, else 15 s. */
  leaseMs?: number;
  /** Polls with nothing copying after which a batch that is not as planned is given up (and the job fails). Default 60. */
  stuckPolls?: number;
  /** How long a PREFERRED election is asked again while the new leader is not in the ISR yet. Default 30 s. */
  electionRetryForMs?: number;
  /** How long a dir move is re-sent while its replica does not exist yet. Default 60 s. */
  dirMoveRetryMs?: number;
  /** Called after every poll (tests, the bench). */
  onPoll?: (job: ApplyJobRecord, snapshot: ClusterSnapshot) => void;
}

export { PROCESS_OWNER };

class LeaseLost extends Error {}
class Cancelled extends Error {}
/** Kafka refused a cordon or throttle: what was set is put back and the job ends failed. */
class Refused extends Error {}

interface Running {
  done: Promise<void>;
  wake: () => void;
}
const key = Symbol.for("kafka-balance.job-runners");
const runners: Map<string, Running> = ((globalThis as Record<symbol, unknown>)[key] as Map<string, Running> | undefined) ?? new Map();
(globalThis as Record<symbol, unknown>)[key] = runners;

/** Cuts a running job's wait short (after a control request in this process). */
export function wakeJob(id: string): void {
  runners.get(id)?.wake();
}

/** The promise of a job's runner in this process, if one runs. */
export function runningJob(id: string): Promise<void> | null {
  return runners.get(id)?.done ?? null;
}

/** Jobs whose lease this process is claiming now: a second `runJob` for one of them waits for the first. */
const claiming = new Map<string, Promise<{ done: Promise<void> } | null>>();

/**
 * Runs the job in this process unless it already does (or another process holds its lease). Resolves
 * with the runner's promise, or null when it was not started here.
 */
export function runJob(connection: KafkaConnection, id: string, options: RunnerOptions = {}): Promise<{ done: Promise<void> } | null> {
  const existing = runners.get(id);
  if (existing) return Promise.resolve({ done: existing.done });
  const pending = claiming.get(id);
  if (pending) return pending;
  const claim = (async () => {
    const { jobs, audit } = getStore();
    const leaseMs = options.leaseMs ?? jobLeaseMs();
    if (!(await jobs.claim(id, PROCESS_OWNER, leaseMs, Date.now()))) return null;
    let wake: () => void = () => undefined;
    const waker = { set: (f: () => void) => (wake = f) };
    const running: Running = { done: Promise.resolve(), wake: () => wake() };
    running.done = new JobRun(connection, id, jobs, audit, options, waker).run().finally(() => runners.delete(id));
    runners.set(id, running);
    return { done: running.done };
  })().finally(() => claiming.delete(id));
  claiming.set(id, claim);
  return claim;
}

const MAX_LINES = 200;
/** Wait after an unexpected error before the job tries its step again. */
const RETRY_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class JobRun {
  private job!: ApplyJobRecord;
  private samples: ClockSample[] = [];
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly connection: KafkaConnection,
    private readonly id: string,
    private readonly store: JobStore,
    private readonly audit: AuditLog,
    private readonly options: RunnerOptions,
    waker: { set: (f: () => void) => void },
  ) {
    this.pollMs = options.pollMs ?? DEFAULT_TIMING.pollSeconds * 1000;
    this.leaseMs = options.leaseMs ?? jobLeaseMs();
    waker.set(() => this.wakeUp?.());
  }

  private get status(): JobStatus {
    return this.job.status;
  }

  private async save(finished = false): Promise<void> {
    if (!this.holding) throw new LeaseLost();
    const now = new Date();
    this.job.updatedAt = now.toISOString();
    if (finished) this.job.finishedAt = this.job.updatedAt;
    if (!(await this.store.saveStatus(this.id, PROCESS_OWNER, this.status, this.job.updatedAt, this.leaseMs, now.getTime(), finished ? this.job.finishedAt : null))) throw new LeaseLost();
  }

  private log(message: string): void {
    this.status.log.push({ at: new Date().toISOString(), message });
    if (this.status.log.length > MAX_LINES) this.status.log.splice(0, this.status.log.length - MAX_LINES);
  }

  private error(message: string): void {
    this.status.errors.push(message);
    if (this.status.errors.length > MAX_LINES) this.status.errors.splice(0, this.status.errors.length - MAX_LINES);
  }

  private async record(action: string, target: string, errors: string[], actor = this.job.createdBy, detail = ""): Promise<void> {
    await this.audit.append({
      at: new Date().toISOString(),
      cluster: this.job.cluster,
      actor,
      jobId: this.id,
      action,
      target,
      result: errors.length === 0 ? "ok" : "refused",
      detail: [detail, ...errors].filter((s) => s.length > 0).join("; ").slice(0, 4000),
    });
  }

  /** Waits a poll, or less when woken by a control request. */
  private async pause(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(t);
        resolve();
      };
    });
    this.wakeUp = null;
  }

  private async scan(): Promise<ClusterSnapshot | null> {
    try {
      return await readCluster(this.connection);
    } catch (error) {
      this.error(`Scan failed at ${new Date().toISOString()}: ${describeFailure(error)} (the job keeps trying).`);
      return null;
    }
  }

  /** A scan, retried every poll until the cluster answers (the lease is renewed meanwhile). */
  private async scanUntilAnswered(): Promise<ClusterSnapshot> {
    for (;;) {
      const snap = await this.scan();
      if (snap) return snap;
      await this.save();
      await this.pause(this.pollMs);
    }
  }

  private async withAdmin<T>(fn: (admin: ReturnType<typeof createAdmin>) => Promise<T>): Promise<T> {
    const admin = createAdmin(this.connection);
    try {
      return await fn(admin);
    } finally {
      await admin.close().catch(() => undefined);
    }
  }

  /** False once another process took the job (the heartbeat could not renew the lease). */
  private holding = true;

  async run(): Promise<void> {
    // The lease is renewed by a heartbeat, not only by status writes: some steps (an election asked
    // again for 30 s, dir moves waiting for their replica) write nothing for longer than a lease.
    // A renewal never takes the job back: once another process has had it, this runner's copy of the
    // status is stale, so it stops, and a fresh runner (the orphan watch) reads the job again.
    const heartbeat = setInterval(() => {
      if (!this.holding) return;
      this.store.renew(this.id, PROCESS_OWNER, this.leaseMs, Date.now()).then(
        (held) => {
          if (!held) this.holding = false;
        },
        // the store is busy; the next beat tries again
        () => undefined,
      );
    }, Math.max(1000, Math.floor(this.leaseMs / 3)));
    heartbeat.unref();
    try {
      await this.runSteps();
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async runSteps(): Promise<void> {
    const loaded = await this.store.get(this.id);
    if (!loaded || jobFinished(loaded.status.state)) return;
    this.job = loaded;
    const previous = this.status.runBy ?? null;
    this.status.runBy = PROCESS_OWNER;
    const pickedUp = this.status.phase !== "cordons" || this.status.setConfigs.length > 0;
    const where = `phase ${this.status.phase}, batch ${this.status.batch + 1}`;
    try {
      if (pickedUp) this.log(`Picked up by ${PROCESS_OWNER} at ${where}.`);
      await this.save();
    } catch {
      return;
    }
    if (pickedUp) this.record("take-over", `apply job ${this.id}`, [], this.job.createdBy, `${PROCESS_OWNER} took the job over from ${previous ?? "an instance that stopped"} at ${where}`);
    // Unexpected errors (a broker that vanished mid-request, say) are retried after a pause: giving up
    // in the middle would leave data moving with nobody watching it. A cancel stops the retries.
    for (;;) {
      try {
        if (this.status.state === "cancelling" || (await this.store.control(this.id))?.cancel) throw new Cancelled();
        if (this.status.phase === "cordons") await this.setCordons();
        if (this.status.phase === "throttles") await this.setThrottles();
        if (this.status.phase === "batches") await this.runBatches();
        if (this.status.phase === "restoring-throttles") await this.restore(false);
        if (this.status.phase === "electing-leaders") await this.elect();
        await this.finish(this.status.failed ? "failed" : "done");
        return;
      } catch (error) {
        if (error instanceof LeaseLost) return;
        try {
          if (error instanceof Cancelled) {
            await this.cancel();
            return;
          }
          if (error instanceof Refused) {
            this.status.failed = true;
            this.error(error.message);
            await this.restore(true);
            await this.finish("failed");
            return;
          }
          this.error(`${describeFailure(error)} (at phase ${this.status.phase}; trying again in ${(RETRY_MS / 1000).toFixed(0)} s).`);
          await this.save();
          await this.pause(RETRY_MS);
        } catch (inner) {
          if (inner instanceof LeaseLost) return;
          if (inner instanceof Cancelled) continue;
          this.error(describeFailure(inner));
          await sleep(RETRY_MS);
        }
      }
    }
  }

  private async finish(state: "done" | "failed" | "cancelled"): Promise<void> {
    this.status.state = state;
    this.status.phase = "finished";
    this.log(state === "done" ? "Done." : state === "cancelled" ? "Cancelled." : "Ended with errors (see them above).");
    await this.save(true);
  }

  /** Control requests: cancel throws Cancelled; pause marks the job pausing; new rates are set now. */
  private async control(): Promise<void> {
    const control = await this.store.control(this.id);
    if (!control) return;
    if (control.cancel) throw new Cancelled();
    if (control.seq > this.status.controlSeq) {
      // Only rates that differ from those in force: a pause or resume also raises seq, and must not
      // write the last throttle change to the brokers again.
      const r = control.rates;
      const changed =
        r &&
        ((r.replicationBytesPerSecond !== undefined && r.replicationBytesPerSecond !== this.status.rates.replicationBytesPerSecond) ||
          (r.alterLogDirsBytesPerSecond !== undefined && r.alterLogDirsBytesPerSecond !== this.status.rates.alterLogDirsBytesPerSecond));
      if (changed) await this.changeRates(r, control.by ?? this.job.createdBy);
      this.status.controlSeq = control.seq;
    }
    if (control.pause && this.status.state === "running") {
      this.status.state = "pausing";
      this.log(`Pause asked by ${control.by ?? "?"}: the job stops after batch ${this.status.batch + 1}.`);
      await this.save();
    } else if (!control.pause && (this.status.state === "pausing" || this.status.state === "paused")) {
      this.status.state = "running";
      this.log(`Resumed by ${control.by ?? "?"}.`);
      await this.save();
    }
  }

  private async changeRates(rates: { replicationBytesPerSecond?: number; alterLogDirsBytesPerSecond?: number }, actor: string): Promise<void> {
    const names = new Map<string, string>();
    if (rates.replicationBytesPerSecond !== undefined) {
      names.set("leader.replication.throttled.rate", String(rates.replicationBytesPerSecond));
      names.set("follower.replication.throttled.rate", String(rates.replicationBytesPerSecond));
    }
    if (rates.alterLogDirsBytesPerSecond !== undefined) names.set("replica.alter.log.dirs.io.max.bytes.per.second", String(rates.alterLogDirsBytesPerSecond));
    const byBroker = new Map<number, SetConfig[]>();
    for (const c of this.status.setConfigs) {
      if (c.resource.kind !== "broker" || !names.has(c.name) || c.restored) continue;
      const list = byBroker.get(c.resource.id) ?? [];
      list.push(c);
      byBroker.set(c.resource.id, list);
    }
    const snap = await this.scanUntilAnswered();
    const ep = endpoints(snap);
    const errors: string[] = [];
    await this.withAdmin(async (admin) => {
      // Every broker at once, so the new rate holds on all of them together (a leader and its followers
      // throttled at different rates is the slower of the two); then each outcome in the audit log.
      const changes = [...byBroker].map(([broker, configs]) => ({
        broker,
        configs,
        change: { resource: { kind: "broker", id: broker }, configs: configs.map((c) => ({ name: c.name, value: names.get(c.name)! })) } satisfies ConfigChange,
      }));
      const outcomes = await Promise.all(
        changes.map(({ broker, change }) =>
          Promise.resolve()
            .then(() => alterConfigs(admin, ep.of(broker), [change], this.connection.requestTimeoutMs))
            .catch((e: unknown) => [describeFailure(e)]),
        ),
      );
      for (const [i, { broker, configs, change }] of changes.entries()) {
        const failed = outcomes[i]!;
        await this.record("change-throttle", `broker ${broker}: ${change.configs.map((c) => `${c.name}=${c.value}`).join(", ")}`, failed, actor);
        if (failed.length === 0) for (const c of configs) c.value = names.get(c.name)!;
        errors.push(...failed);
      }
    });
    if (errors.length > 0) {
      this.error(`Changing the throttle failed: ${errors.join("; ")}`);
    } else {
      if (rates.replicationBytesPerSecond !== undefined) this.status.rates.replicationBytesPerSecond = rates.replicationBytesPerSecond;
      if (rates.alterLogDirsBytesPerSecond !== undefined) this.status.rates.alterLogDirsBytesPerSecond = rates.alterLogDirsBytesPerSecond;
      this.log(`Throttle changed by ${actor}: replication ${this.status.rates.replicationBytesPerSecond} B/s, alter-log-dirs ${this.status.rates.alterLogDirsBytesPerSecond} B/s, on ${byBroker.size} broker(s).`);
    }
    await this.save();
  }

  /** Sends the intended configs not sent yet, resource by resource; refusals throw (the caller restores). */
  private async sendIntents(kind: "cordon" | "throttle"): Promise<void> {
    const pending = this.status.setConfigs.filter((c) => !c.sent && !c.restored && (c.name === CORDONED_LOG_DIRS) === (kind === "cordon"));
    if (pending.length === 0) return;
    const snap = await this.scanUntilAnswered();
    const ep = endpoints(snap);
    const groups = new Map<string, SetConfig[]>();
    for (const c of pending) {
      const k = c.resource.kind === "broker" ? `b${c.resource.id}` : `t${c.resource.name}`;
      groups.set(k, [...(groups.get(k) ?? []), c]);
    }
    await this.withAdmin(async (admin) => {
      const refused: string[] = [];
      for (const configs of groups.values()) {
        const resource = configs[0]!.resource;
        const change: ConfigChange = { resource, configs: configs.map((c) => ({ name: c.name, value: c.value })) };
        const failed = await Promise.resolve()
          .then(() => alterConfigs(admin, resource.kind === "broker" ? ep.of(resource.id) : ep.any, [change], this.connection.requestTimeoutMs))
          .catch((e: unknown) => [describeFailure(e)]);
        await this.record("alter-configs", `${resource.kind === "broker" ? `broker ${resource.id}` : `topic ${resource.name}`}: ${change.configs.map((c) => `${c.name}=${c.value}`).join(", ")}`, failed);
        if (failed.length === 0) for (const c of configs) c.sent = true;
        refused.push(...failed);
        await this.save();
      }
      if (refused.length > 0) throw new Refused(`Kafka refused the ${kind === "cordon" ? "cordons" : "throttles"}: ${refused.join("; ")}; what the job had set is put back, and nothing moved.`);
    });
  }

  private async setCordons(): Promise<void> {
    if (this.job.work.cordons.length > 0 && !this.status.setConfigs.some((c) => c.name === CORDONED_LOG_DIRS)) {
      const snap = await this.scanUntilAnswered();
      for (const w of cordonWrites(snap, this.job.work.cordons)) {
        this.status.setConfigs.push({ resource: { kind: "broker", id: w.broker }, name: CORDONED_LOG_DIRS, value: w.dirs.join(","), previous: w.previous.length > 0 ? w.previous.join(",") : null, sent: false });
      }
      await this.save();
    }
    await this.sendIntents("cordon");
    const cordons = this.status.setConfigs.filter((c) => c.name === CORDONED_LOG_DIRS);
    for (const c of cordons) this.log(`Broker ${(c.resource as { id: number }).id}: ${CORDONED_LOG_DIRS} set to ${c.value} before any data moved.`);
    if (cordons.length > 0) this.status.warnings.push(cordonWarning(cordons));
    this.status.phase = "throttles";
    await this.save();
  }

  private async setThrottles(): Promise<void> {
    if (!this.status.setConfigs.some((c) => c.name !== CORDONED_LOG_DIRS)) {
      const snap = await this.scanUntilAnswered();
      const { throttles } = this.job.work;
      const rates = this.status.rates;
      for (const b of throttles.brokers) {
        const before = snap.throttles.brokers.find((x) => x.broker === b.broker);
        const wanted: [string, number | null, number | null | undefined][] = [
          ["leader.replication.throttled.rate", b.leaderRate !== null ? rates.replicationBytesPerSecond : null, before?.leader],
          ["follower.replication.throttled.rate", b.followerRate !== null ? rates.replicationBytesPerSecond : null, before?.follower],
          ["replica.alter.log.dirs.io.max.bytes.per.second", b.alterLogDirsRate !== null ? rates.alterLogDirsBytesPerSecond : null, before?.alterLogDirs],
        ];
        for (const [name, value, previous] of wanted) {
          if (value === null) continue;
          this.status.setConfigs.push({ resource: { kind: "broker", id: b.broker }, name, value: String(value), previous: previous === null || previous === undefined ? null : String(previous), sent: false });
        }
      }
      for (const t of throttles.topics) {
        const before = snap.throttles.topics.find((x) => x.topic === t.topic);
        if (t.leaderReplicas) this.status.setConfigs.push({ resource: { kind: "topic", name: t.topic }, name: "leader.replication.throttled.replicas", value: t.leaderReplicas, previous: before?.leaderReplicas ?? null, sent: false });
        if (t.followerReplicas) this.status.setConfigs.push({ resource: { kind: "topic", name: t.topic }, name: "follower.replication.throttled.replicas", value: t.followerReplicas, previous: before?.followerReplicas ?? null, sent: false });
      }
      await this.save();
    }
    await this.sendIntents("throttle");
    const set = this.status.setConfigs.filter((c) => c.name !== CORDONED_LOG_DIRS);
    const brokers = [...new Set(set.flatMap((c) => (c.resource.kind === "broker" ? [c.resource.id] : [])))];
    const topics = [...new Set(set.flatMap((c) => (c.resource.kind === "topic" ? [c.resource.name] : [])))];
    this.log(`Throttles set on broker(s) ${brokers.join(", ") || "none"} and topic(s) ${topics.join(", ") || "none"} (their previous values are kept, to be put back).`);
    this.status.phase = "batches";
    await this.save();
  }

  private entriesOf(batch: number): ReassignmentEntry[] {
    return (this.job.work.batches[batch]?.entries ?? []).map((i) => this.job.work.entries[i]!);
  }

  private async runBatches(): Promise<void> {
    const { batches } = this.job.work;
    while (this.status.batch < batches.length) {
      const i = this.status.batch;
      const bs = this.status.batches[i]!;
      await this.control();
      if (bs.state === "pending" && (this.status.state === "pausing" || this.status.state === "paused")) {
        if (this.status.state === "pausing") {
          this.status.state = "paused";
          this.log(`Paused before batch ${i + 1} of ${batches.length}; throttles stay set until the job resumes or is cancelled.`);
          await this.save();
        }
        await this.save();
        await this.pause(this.pollMs);
        continue;
      }
      if (bs.state === "pending") {
        bs.state = "submitting";
        bs.startedAt = new Date().toISOString();
        await this.save();
      }
      if (bs.state === "submitting" || bs.state === "running") await this.submit(i);
      await this.watch(i);
      bs.state = "done";
      bs.finishedAt = new Date().toISOString();
      this.status.batch = i + 1;
      this.log(`Batch ${i + 1} of ${batches.length} done (${this.entriesOf(i).length} partition(s)).`);
      await this.save();
    }
    this.status.progress = null;
    this.status.phase = "restoring-throttles";
    await this.save();
  }

  /** Submits what of the batch is neither as planned nor in flight, then its dir moves. Safe to repeat. */
  private async submit(i: number): Promise<void> {
    const entries = this.entriesOf(i);
    const snap = await this.scanUntilAnswered();
    const ep = endpoints(snap);
    const listed = new Set<string>(snap.throttles.reassignments.map((r) => `${r.topic}-${r.partition}`));
    const current = new Map<string, ClusterSnapshot["topics"][number]["partitions"][number]>(snap.topics.flatMap((t) => t.partitions.map((p) => [`${t.name}-${p.id}`, p] as const)));
    const toSubmit = entries.filter((e) => {
      const key = `${e.topic}-${e.partition}`;
      const p = current.get(key);
      if (!p || listed.has(key)) return false;
      const now = p.replicas.map((r) => r.broker);
      return now.length !== e.replicas.length || e.replicas.some((b, k) => now[k] !== b);
    });
    await this.withAdmin(async (admin) => {
      if (toSubmit.length > 0) {
        let refused: string[];
        try {
          refused = await alterPartitionReassignments(admin, ep.any, toSubmit, this.connection.requestTimeoutMs);
        } catch (error) {
          // No answer: the controller may have taken it. The next poll sees it listed, or we send it again.
          refused = [];
          this.error(`Batch ${i + 1}: no answer to the reassignment request (${describeFailure(error)}); checking at the next poll.`);
        }
        await this.record("alter-partition-reassignments", `batch ${i + 1}: ${toSubmit.map((e) => `${e.topic}-${e.partition}→[${e.replicas.join(",")}]`).join(" ").slice(0, 2000)}`, refused);
        if (refused.length > 0) {
          this.status.failed = true;
          this.error(`Batch ${i + 1}: Kafka refused ${refused.length} partition(s): ${refused.join("; ")}`);
        }
      }
      const dirMoves = new Map<number, { topic: string; partition: number; dir: string }[]>();
      for (const e of entries) {
        const p = current.get(`${e.topic}-${e.partition}`);
        e.replicas.forEach((b, k) => {
          const dir = e.logDirs[k] ?? ANY_LOG_DIR;
          if (dir === ANY_LOG_DIR) return;
          const r = p?.replicas.find((x) => x.broker === b);
          if (r && r.logDir === dir && !r.future) return;
          dirMoves.set(b, [...(dirMoves.get(b) ?? []), { topic: e.topic, partition: e.partition, dir }]);
        });
      }
      const deadline = Date.now() + (this.options.dirMoveRetryMs ?? 60_000);
      while (dirMoves.size > 0) {
        for (const [broker, moves] of [...dirMoves]) {
          let failed: Awaited<ReturnType<typeof alterReplicaLogDirs>>;
          try {
            failed = await alterReplicaLogDirs(admin, ep.of(broker), moves, this.connection.requestTimeoutMs);
          } catch (error) {
            failed = moves.map((m) => ({ ...m, errorCode: -1, error: describeFailure(error) }));
          }
          const retry = failed.filter((f) => f.errorCode === REPLICA_NOT_AVAILABLE || f.errorCode === -1);
          const refused = failed.filter((f) => f.errorCode !== REPLICA_NOT_AVAILABLE && f.errorCode !== -1);
          const accepted = moves.filter((m) => !failed.some((f) => f.topic === m.topic && f.partition === m.partition));
          if (accepted.length + refused.length > 0) {
            await this.record(
              "alter-replica-log-dirs",
              `batch ${i + 1}, broker ${broker}: ${[...accepted, ...refused].map((m) => `${m.topic}-${m.partition}→${m.dir}`).join(" ").slice(0, 2000)}`,
              refused.map((f) => `${f.topic}-${f.partition} → ${f.dir}: ${f.error}`),
            );
          }
          if (refused.length > 0) {
            this.status.failed = true;
            this.error(`Batch ${i + 1}: broker ${broker} refused dir moves: ${refused.map((f) => `${f.topic}-${f.partition} → ${f.dir}: ${f.error}`).join("; ")}`);
          }
          if (retry.length === 0) dirMoves.delete(broker);
          else dirMoves.set(broker, retry.map(({ topic, partition, dir }) => ({ topic, partition, dir })));
        }
        if (dirMoves.size === 0) break;
        if (Date.now() > deadline) {
          this.status.warnings.push(`Batch ${i + 1}: ${[...dirMoves.values()].flat().length} dir move(s) waited too long for their replica to appear; Kafka placed those replicas by its own rule.`);
          break;
        }
        await sleep(500);
      }
    });
    const bs = this.status.batches[i]!;
    bs.state = "running";
    this.log(`Batch ${i + 1} of ${this.job.work.batches.length} submitted: ${toSubmit.length} reassignment(s), ${entries.length} partition(s).`);
    await this.save();
  }

  /** Polls until the batch is as planned; gives up (failing the job) after `stuckPolls` polls with nothing copying. */
  private async watch(i: number): Promise<void> {
    const entries = this.entriesOf(i);
    const stuckPolls = this.options.stuckPolls ?? 60;
    let idle = 0;
    for (;;) {
      await this.control();
      const snap = await this.scan();
      if (!snap) {
        await this.save();
        await this.pause(this.pollMs);
        continue;
      }
      const progress = batchProgress(snap, entries, this.job.work.original);
      this.status.progress = { partitions: progress.partitions, brokers: progress.brokers };
      this.updateClock(i, progress.copiedBytes);
      await this.save();
      this.options.onPoll?.(this.job, snap);
      if (progress.done) return;
      idle = progress.copying ? 0 : idle + 1;
      if (idle >= stuckPolls) {
        this.status.failed = true;
        this.error(`Batch ${i + 1}: ${progress.pending.length} partition(s) are not as planned and nothing has copied for ${stuckPolls} polls (${progress.pending.slice(0, 20).join(", ")}); check them with kafka-reassign-partitions --verify and kafka-log-dirs.`);
        return;
      }
      await this.pause(this.pollMs);
    }
  }

  private updateClock(i: number, copiedInBatch: number): void {
    const { work } = this.job;
    const doneBefore = work.batches.slice(0, i).reduce((a, b) => a + b.bytes, 0);
    const totalBytes = work.batches.reduce((a, b) => a + b.bytes, 0);
    const doneBytes = doneBefore + Math.min(copiedInBatch, work.batches[i]?.bytes ?? copiedInBatch);
    const nowMs = Date.now();
    this.samples.push({ atMs: nowMs, doneBytes });
    this.samples = trimSamples(this.samples, nowMs);
    // The plan's figures for what is left, at the rates in force now.
    const scale = this.rateScale();
    const overhead = batchOverheadSeconds(this.pollMs / 1000);
    const current = work.batches[i];
    const currentShare = current && current.bytes > 0 ? 1 - Math.min(1, copiedInBatch / current.bytes) : 0;
    let planned = ((work.estimate.batchSeconds[i] ?? 0) - overhead) * currentShare * scale + overhead + JOB_FINISH_SECONDS;
    for (let j = i + 1; j < work.batches.length; j++) planned += ((work.estimate.batchSeconds[j] ?? 0) - overhead) * scale + overhead;
    const overheadLeft = (work.batches.length - i) * overhead + JOB_FINISH_SECONDS;
    this.status.clock = jobClock({ samples: this.samples, doneBytes, totalBytes, plannedRemainingSeconds: Math.max(0, planned), overheadSeconds: overheadLeft, nowMs });
  }

  /** How much longer the plan's copy times get at the rates now in force (1 when unchanged). */
  private rateScale(): number {
    const start = this.job.work.rates;
    const now = this.status.rates;
    const inter = this.job.work.batches.some((b) => b.partitionMoves > 0);
    const ratio = inter ? start.replicationBytesPerSecond / now.replicationBytesPerSecond : start.alterLogDirsBytesPerSecond / now.alterLogDirsBytesPerSecond;
    return Number.isFinite(ratio) && ratio > 0 ? ratio : 1;
  }

  /** Puts back every config the job set (cordons too when `all`), each to its previous value. */
  private async restore(all: boolean): Promise<void> {
    // Only what Kafka accepted: an intent whose request was refused changed nothing. (An intent left
    // unsent by a crash is sent again before any restore, since the job resumes at its phase.)
    const toRestore = this.status.setConfigs.filter((c) => c.sent && !c.restored && (all || c.name !== CORDONED_LOG_DIRS));
    if (toRestore.length > 0) {
      const snap = await this.scanUntilAnswered();
      const ep = endpoints(snap);
      const groups = new Map<string, SetConfig[]>();
      for (const c of toRestore) {
        const k = c.resource.kind === "broker" ? `b${c.resource.id}` : `t${c.resource.name}`;
        groups.set(k, [...(groups.get(k) ?? []), c]);
      }
      const errors: string[] = [];
      await this.withAdmin(async (admin) => {
        for (const configs of groups.values()) {
          const resource = configs[0]!.resource;
          const change: ConfigChange = { resource, configs: configs.map((c) => ({ name: c.name, value: c.previous })) };
          const failed = await Promise.resolve()
            .then(() => alterConfigs(admin, resource.kind === "broker" ? ep.of(resource.id) : ep.any, [change], this.connection.requestTimeoutMs))
            .catch((e: unknown) => [describeFailure(e)]);
          await this.record(
            "alter-configs",
            `${resource.kind === "broker" ? `broker ${resource.id}` : `topic ${resource.name}`}: ${change.configs.map((c) => (c.value === null ? `delete ${c.name}` : `${c.name}=${c.value}`)).join(", ")}`,
            failed,
            this.job.createdBy,
            "putting back what the job replaced",
          );
          if (failed.length === 0) for (const c of configs) c.restored = true;
          errors.push(...failed);
          await this.save();
        }
      });
      if (errors.length > 0) {
        this.status.failed = true;
        this.error(`Putting the throttles back failed: ${errors.join("; ")}. The job's configs still set are listed with it; set them back by hand.`);
      } else {
        this.log(`Every throttle config the job set is back to its previous value (${toRestore.length} config(s); deleted where none was set).`);
      }
    }
    if (!all) {
      this.status.phase = "electing-leaders";
      await this.save();
    }
  }

  private async elect(): Promise<void> {
    const targets = this.job.work.leadership;
    if (targets.length > 0 && this.status.election === null) {
      const snap = await this.scanUntilAnswered();
      const outcome = await electPreferred(this.connection, snap, targets, { retryForMs: this.options.electionRetryForMs });
      this.status.election = { requested: outcome.requested, elected: outcome.elected, failed: outcome.failed };
      await this.record("elect-leaders", `PREFERRED for ${targets.length} partition(s)`, outcome.failed);
      if (outcome.failed.length > 0) {
        this.status.failed = true;
        this.error(`Preferred leader election: ${outcome.failed.slice(0, 50).join("; ")}`);
        this.log(`${outcome.elected} of ${outcome.requested} partition(s) are led by their new preferred replica; run kafka-leader-election.sh --election-type PREFERRED for the rest once their replicas are in sync.`);
      } else {
        this.log(`Preferred leader election: ${outcome.requested} partition(s) are led by their new preferred replica (${outcome.notNeeded} already were).`);
      }
    }
    await this.save();
  }

  /**
   * Kafka's cancel: the batch's in-flight reassignments cancelled (Kafka reverts each to the replicas it
   * had before), its in-flight dir moves cancelled (AlterReplicaLogDirs to the replica's current dir),
   * then every config the job set put back. Batches done before stay done.
   */
  private async cancel(): Promise<void> {
    const control = await this.store.control(this.id);
    const actor = control?.by ?? this.job.createdBy;
    if (this.status.state !== "cancelling") {
      this.status.state = "cancelling";
      this.log(`Cancel asked by ${actor}.`);
      await this.save();
    }
    const i = this.status.batch;
    const entries = i < this.job.work.batches.length ? this.entriesOf(i) : [];
    if (entries.length > 0 && this.status.phase === "batches") {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const snap = await this.scanUntilAnswered();
        const ep = endpoints(snap);
        const ours = new Set(entries.map((e) => `${e.topic}-${e.partition}`));
        const inFlight = snap.throttles.reassignments.filter((r) => ours.has(`${r.topic}-${r.partition}`));
        const futures = snap.topics.flatMap((t) =>
          t.partitions.flatMap((p) => (ours.has(`${t.name}-${p.id}`) ? p.replicas.filter((r) => r.future && r.logDir !== null).map((r) => ({ broker: r.broker, topic: t.name, partition: p.id, dir: r.logDir! })) : [])),
        );
        if (inFlight.length === 0 && futures.length === 0) break;
        await this.withAdmin(async (admin) => {
          if (inFlight.length > 0) {
            const refused = await alterPartitionReassignments(
              admin,
              ep.any,
              inFlight.map((r) => ({ topic: r.topic, partition: r.partition, replicas: null })),
              this.connection.requestTimeoutMs,
            ).catch((e: unknown) => [describeFailure(e)]);
            await this.record("cancel-reassignments", `batch ${i + 1}: ${inFlight.map((r) => `${r.topic}-${r.partition}`).join(" ").slice(0, 2000)}`, refused, actor);
            if (refused.length > 0) this.error(`Cancelling reassignments: ${refused.join("; ")}`);
          }
          const byBroker = new Map<number, { topic: string; partition: number; dir: string }[]>();
          for (const f of futures) byBroker.set(f.broker, [...(byBroker.get(f.broker) ?? []), { topic: f.topic, partition: f.partition, dir: f.dir }]);
          for (const [broker, moves] of byBroker) {
            const failed = await Promise.resolve()
              .then(() => alterReplicaLogDirs(admin, ep.of(broker), moves, this.connection.requestTimeoutMs))
              .catch((e: unknown) => moves.map((m) => ({ ...m, errorCode: -1, error: describeFailure(e) })));
            await this.record("cancel-dir-moves", `batch ${i + 1}, broker ${broker}: ${moves.map((m) => `${m.topic}-${m.partition} stays in ${m.dir}`).join(" ").slice(0, 2000)}`, failed.map((f) => `${f.topic}-${f.partition}: ${f.error}`), actor);
          }
        });
        if (Date.now() > deadline) {
          this.error(`After 120 s, ${inFlight.length} reassignment(s) and ${futures.length} dir move(s) of batch ${i + 1} were still in flight; check kafka-reassign-partitions --list.`);
          break;
        }
        await this.pause(this.pollMs);
      }
      this.status.batches[i]!.state = "cancelled";
      for (let j = i + 1; j < this.status.batches.length; j++) this.status.batches[j]!.state = "cancelled";
      this.log(`Batch ${i + 1}'s moves in flight were cancelled; Kafka put them back where they were. ${i} batch(es) done before stay done.`);
      await this.save();
    }
    await this.restore(true);
    this.status.progress = null;
    await this.finish("cancelled");
  }
}

function cordonWarning(cordons: SetConfig[]): string {
  const list = cordons.map((c) => `broker ${(c.resource as { id: number }).id} (${c.value})`).join("; ");
  return (
    `The cordon stays: ${CORDONED_LOG_DIRS} is left as set on ${list}, so Kafka puts nothing new in the drained dir(s) until the disk is taken out. ` +
    `To use a dir again, set the broker's ${CORDONED_LOG_DIRS} without it (kafka-configs.sh --entity-type brokers --entity-name <id> --alter --add-config ${CORDONED_LOG_DIRS}=<dirs>, or --delete-config ${CORDONED_LOG_DIRS}).`
  );
}

export { BROKER_THROTTLE_CONFIGS };
