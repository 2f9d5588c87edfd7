import { describe, expect, it } from "vitest";
import { inFlight, next, scanFailed, startRun, stepFailed } from "@/lib/plan/job";
import type { JobControl } from "@/lib/plan/job-model";
import type { JobAction } from "@/lib/plan/job-step";
import { acted, drive, jobRecord, newRun, NO_CONTROL, obedientCluster, OPTIONS, RATE, scanOf, step, T0, type World } from "@/tests/support/apply-job";

const kinds = (actions: JobAction[]) => actions.map((a) => a.kind);
const messages = (run: { job: { status: { log: { message: string }[] } } }) => run.job.status.log.map((l) => l.message);
const control = (over: Partial<JobControl>): JobControl => ({ ...NO_CONTROL, seq: 1, by: "bob", ...over });

describe("next(): the phases", () => {
  it("next() runs cordons → throttles → batches → restoring-throttles → electing-leaders → finished, and ends done", () => {
    const world = obedientCluster();
    const t = drive(newRun(jobRecord({ cordons: [{ broker: 1, dirs: ["/d2"] }] })), world);
    const phases = [...new Set(t.phases.map((p) => p.split("/")[0]))];
    expect(phases).toEqual(["cordons", "throttles", "batches", "restoring-throttles", "electing-leaders", "finished"]);
    expect(t.run.job.status.state).toBe("done");
    expect(t.run.job.status.batches.map((b) => b.state)).toEqual(["done", "done"]);
    expect(t.run.job.status.errors).toEqual([]);
    expect(kinds(t.actions)).toEqual([
      "set-configs",
      "set-configs",
      "set-configs",
      "set-configs",
      "set-configs",
      "reassign",
      "reassign",
      "set-configs",
      "set-configs",
      "set-configs",
      "set-configs",
      "elect-leaders",
    ]);
    // The cordon stays; every throttle is put back; the foreign follower rate on broker 2 is what broker 2's follower rate goes back to.
    const configs = t.run.job.status.setConfigs;
    expect(configs.filter((c) => c.name === "cordoned.log.dirs").map((c) => [c.value, c.restored ?? false])).toEqual([["/d2", false]]);
    expect(configs.filter((c) => c.name !== "cordoned.log.dirs").every((c) => c.sent && c.restored)).toBe(true);
    expect(configs.find((c) => c.resource.kind === "broker" && c.resource.id === 2)!.previous).toBe("987654321");
    expect(t.run.job.status.warnings[0]).toMatch(/^The cordon stays: cordoned.log.dirs is left as set on broker 1 \(\/d2\)/);
    expect(t.run.job.status.election).toEqual({ requested: 1, elected: 1, failed: [] });
    expect(messages(t.run)).toEqual([
      "Broker 1: cordoned.log.dirs set to /d2 before any data moved.",
      "Throttles set on broker(s) 1, 2, 3 and topic(s) t (their previous values are kept, to be put back).",
      "Batch 1 of 2 submitted: 1 reassignment(s), 1 partition(s).",
      "Batch 1 of 2 done (1 partition(s)).",
      "Batch 2 of 2 submitted: 1 reassignment(s), 1 partition(s).",
      "Batch 2 of 2 done (1 partition(s)).",
      "Every throttle config the job set is back to its previous value (5 config(s); deleted where none was set).",
      "Preferred leader election: 1 partition(s) are led by their new preferred replica (0 already were).",
      "Done.",
    ]);
    expect(t.audit.map((a) => `${a.actor} ${a.action} ${a.result}`)).toContain("carol alter-partition-reassignments ok");
    expect(t.audit.find((a) => a.detail === "putting back what the job replaced" && a.target.startsWith("broker 2:"))!.target).toBe(
      "broker 2: follower.replication.throttled.rate=987654321",
    );
  });

  it("next() stores each intent with the value it replaces (from the scan) before it sends it, and sends one request per resource", () => {
    const run = newRun();
    const cordons = acted(step(run, { scan: scanOf() }));
    expect(cordons.actions).toEqual([]);
    expect(cordons.run.job.status.phase).toBe("throttles");
    const s = acted(step(cordons.run, { scan: scanOf({ foreignRate: 7 }) }));
    const intents = s.run.job.status.setConfigs;
    expect(intents.every((c) => !c.sent)).toBe(true);
    expect(intents.map((c) => `${c.resource.kind === "broker" ? c.resource.id : c.resource.name} ${c.name}=${c.value} (was ${c.previous})`)).toEqual([
      `1 leader.replication.throttled.rate=${RATE} (was null)`,
      `2 follower.replication.throttled.rate=${RATE} (was 7)`,
      `3 follower.replication.throttled.rate=${RATE} (was null)`,
      "t leader.replication.throttled.replicas=0:1,1:1 (was null)",
      "t follower.replication.throttled.replicas=0:2,1:3 (was null)",
    ]);
    expect(s.actions.map((a) => (a.kind === "set-configs" ? a.change.configs.map((c) => c.name).join("+") : a.kind))).toEqual([
      "leader.replication.throttled.rate",
      "follower.replication.throttled.rate",
      "follower.replication.throttled.rate",
      "leader.replication.throttled.replicas+follower.replication.throttled.replicas",
    ]);
    expect(run.job.status.setConfigs).toEqual([]);
  });
});

describe("next(): batches", () => {
  it("next() submits a batch, watches it while it copies, and marks it done once Kafka has it as planned", () => {
    const world = obedientCluster(3_000);
    const t = drive(newRun(), world, { until: (x) => x.run.job.status.batches[0]!.state === "running" });
    const submitted = t.actions.filter((a) => a.kind === "reassign");
    expect(submitted).toEqual([{ kind: "reassign", batch: 0, partitions: [{ topic: "t", partition: 0, replicas: [2] }] }]);
    expect(t.run.job.status.batches[0]!.startedAt).not.toBeNull();
    const polled = acted(step(t.run, { nowMs: t.nowMs, scan: world.scan(t.nowMs) }));
    expect(polled.polled).toBe(true);
    expect(polled.waitMs).toBe(OPTIONS.pollMs);
    expect(polled.run.job.status.progress!.partitions).toEqual([{ topic: "t", partition: 0, broker: 2, kind: "inter", copiedBytes: 0, totalBytes: 1024 ** 3 }]);
    expect(polled.run.job.status.clock!.totalBytes).toBe(2 * 1024 ** 3);
    const done = acted(step(polled.run, { nowMs: t.nowMs + 5_000, scan: scanOf({ moved: [0] }) }));
    expect(done.run.job.status.batches[0]!.state).toBe("done");
    expect(done.run.job.status.batch).toBe(1);
    expect(done.actions).toEqual([]);
  });

  it("next() fails a batch that is not as planned with nothing copying for stuckPolls polls, and goes on to the next", () => {
    const stuck: World = { scan: () => scanOf({ moved: [1] }) };
    const t = drive(newRun(), stuck, { until: (x) => x.run.job.status.batch === 1 });
    expect(t.run.job.status.failed).toBe(true);
    expect(t.run.job.status.batches[0]!.state).toBe("done");
    expect(t.run.job.status.errors).toEqual([
      "Batch 1: 1 partition(s) are not as planned and nothing has copied for 3 polls (t-0); check them with kafka-reassign-partitions --verify and kafka-log-dirs.",
    ]);
    const end = drive(t.run, stuck, { nowMs: t.nowMs });
    expect(end.run.job.status.state).toBe("failed");
    expect(messages(end.run).at(-1)).toBe("Ended with errors (see them above).");
  });

  it("next() keeps counting a batch that copies as alive: a listed reassignment resets the idle polls", () => {
    const copying: World = { scan: () => scanOf({ inFlight: [0] }) };
    const t = drive(newRun(), copying, { until: (x) => x.steps > 40 });
    expect(t.run.job.status.failed).toBe(false);
    expect(t.run.job.status.batches[0]!.state).toBe("running");
  });

  it("next() honours a pause between batches only: the batch running finishes, the next does not start, until a resume", () => {
    const world = obedientCluster();
    const t0 = drive(newRun(), world, { until: (x) => x.run.job.status.batches[0]!.state === "running" });
    const pauseAsked = control({ pause: true });
    const pausing = acted(step(t0.run, { nowMs: t0.nowMs, control: pauseAsked, scan: world.scan(t0.nowMs) }));
    expect(pausing.run.job.status.state).toBe("pausing");
    expect(messages(pausing.run)).toContain("Pause asked by bob: the job stops after batch 1.");
    const paused = drive(pausing.run, { ...world, control: () => pauseAsked }, { nowMs: t0.nowMs + 1, until: (x) => x.run.job.status.state === "paused" });
    expect(paused.run.job.status.batches.map((b) => b.state)).toEqual(["done", "pending"]);
    expect(messages(paused.run)).toContain("Paused before batch 2 of 2; throttles stay set until the job resumes or is cancelled.");
    const still = drive(paused.run, { ...world, control: () => pauseAsked }, { nowMs: paused.nowMs, maxSteps: 10 });
    expect(still.actions).toEqual([]);
    expect(still.run.job.status.batches[1]!.state).toBe("pending");
    const resumed = drive(still.run, { ...world, control: () => control({ seq: 2, pause: false }) }, { nowMs: still.nowMs });
    expect(messages(resumed.run)).toContain("Resumed by bob.");
    expect(resumed.run.job.status.state).toBe("done");
    expect(Date.parse(resumed.run.job.status.batches[1]!.startedAt!)).toBeGreaterThan(Date.parse(resumed.run.job.status.batches[0]!.finishedAt!));
  });

  it("next() sets a throttle change on the brokers the job throttled, once, and not again when a pause raises seq", () => {
    const world = obedientCluster(60_000);
    const t0 = drive(newRun(), world, { until: (x) => x.run.job.status.batches[0]!.state === "running" });
    const asked = control({ rates: { replicationBytesPerSecond: 16 * RATE } });
    const s = acted(step(t0.run, { nowMs: t0.nowMs, control: asked, scan: world.scan(t0.nowMs) }));
    expect(s.actions).toHaveLength(1);
    const change = s.actions[0]!;
    expect(change.kind === "change-throttle" && change.changes.map((c) => `${c.broker}: ${c.change.configs.map((x) => `${x.name}=${x.value}`).join(", ")}`)).toEqual([
      `1: leader.replication.throttled.rate=${16 * RATE}`,
      `2: follower.replication.throttled.rate=${16 * RATE}`,
      `3: follower.replication.throttled.rate=${16 * RATE}`,
    ]);
    expect(s.run.job.status.rates.replicationBytesPerSecond).toBe(RATE);
    expect(s.run.job.status.controlSeq).toBe(0);
    const t = drive(
      t0.run,
      { ...world, control: (now) => (now < t0.nowMs + 3_000 ? asked : { ...asked, seq: 2, pause: true }) },
      { nowMs: t0.nowMs, until: (x) => x.run.job.status.state === "paused" },
    );
    expect(t.actions.filter((a) => a.kind === "change-throttle")).toHaveLength(1);
    expect(t.run.job.status.rates.replicationBytesPerSecond).toBe(16 * RATE);
    expect(t.run.job.status.controlSeq).toBe(2);
    expect(t.run.job.status.setConfigs.filter((c) => c.name.endsWith(".rate")).map((c) => c.value)).toEqual([String(16 * RATE), String(16 * RATE), String(16 * RATE)]);
    expect(messages(t.run)).toContain(`Throttle changed by bob: replication ${16 * RATE} B/s, alter-log-dirs ${RATE} B/s, on 3 broker(s).`);
    expect(t.audit.filter((a) => a.action === "change-throttle").map((a) => a.actor)).toEqual(["bob", "bob", "bob"]);
  });
});

describe("next(): cancel, refusal, lease, take-over", () => {
  it("next() cancels during the throttles: what was set is put back, nothing is submitted, and the job ends cancelled", () => {
    const world = obedientCluster();
    const t0 = drive(newRun(), world, { until: (x) => x.run.job.status.setConfigs.length > 0 && x.run.job.status.setConfigs.every((c) => c.sent) });
    expect(t0.run.job.status.phase).toBe("throttles");
    const t = drive(t0.run, { ...world, control: () => control({ cancel: true }) }, { nowMs: t0.nowMs });
    expect(t.run.job.status.state).toBe("cancelled");
    expect(kinds(t.actions)).toEqual(["set-configs", "set-configs", "set-configs", "set-configs"]);
    expect(t.actions.every((a) => a.kind === "set-configs" && a.purpose === "restore")).toBe(true);
    expect(t.run.job.status.setConfigs.every((c) => c.restored)).toBe(true);
    expect(messages(t.run).slice(-3)).toEqual([
      "Cancel asked by bob.",
      "Every throttle config the job set is back to its previous value (5 config(s); deleted where none was set).",
      "Cancelled.",
    ]);
  });

  it("next() cancels during a batch: in-flight reassignments cancelled and dir moves pointed back, batches marked cancelled, configs (cordons too) put back", () => {
    const world = obedientCluster(60_000);
    const t0 = drive(newRun(jobRecord({ cordons: [{ broker: 1, dirs: ["/d2"] }] })), world, { until: (x) => x.run.job.status.batches[0]!.state === "running" });
    const moving = scanOf({ inFlight: [0] });
    moving.topics[0]!.partitions[0]!.replicas[0]!.future = { logDir: "/d2", sizeBytes: 5, offsetLag: null };
    const s = acted(step(t0.run, { nowMs: t0.nowMs, control: control({ cancel: true }), scan: moving }));
    expect(s.run.job.status.state).toBe("cancelling");
    expect(s.actions).toEqual([
      { kind: "cancel-reassignments", batch: 0, actor: "bob", partitions: [{ topic: "t", partition: 0 }] },
      { kind: "cancel-dir-moves", batch: 0, actor: "bob", broker: 1, moves: [{ topic: "t", partition: 0, dir: "/d1" }] },
    ]);
    expect(s.waitMs).toBe(OPTIONS.pollMs);
    const t = drive(s.run, { scan: () => scanOf(), control: () => control({ cancel: true }) }, { nowMs: t0.nowMs + 1_000 });
    expect(t.run.job.status.state).toBe("cancelled");
    expect(t.run.job.status.batches.map((b) => b.state)).toEqual(["cancelled", "cancelled"]);
    expect(t.run.job.status.election).toBeNull();
    expect(t.run.job.status.setConfigs.every((c) => c.restored)).toBe(true);
    // What the job says is what it read back: t-0 on broker 1 again, as before the job.
    expect(messages(t.run)).toContain("Batch 1, read back from the cluster after the cancel: 0 of 1 partition(s) finished as planned, 1 reverted.");
    expect(messages(t.run)).toContain("t-0: reverted to [1].");
    expect(t.run.job.status.cancel!.outcomes).toEqual([{ topic: "t", partition: 0, outcome: "reverted", lines: ["t-0: reverted to [1]"] }]);
    expect(t.run.job.status.batches[0]!.finishedPartitions).toBe(0);
    expect(t.run.job.status.clock!.doneBytes).toBe(0);
    expect(t.run.job.status.warnings.some((w) => w.startsWith("The cordon stays"))).toBe(false);
    expect(t.run.job.status.phasesRun).toEqual(["cordons", "throttles", "batches", "restoring-throttles", "finished"]);
    expect(t.run.job.status.progress).toBeNull();
  });

  it("next() gives up waiting for a cancel after 120 s, says what is still in flight, and still puts the configs back", () => {
    const world = obedientCluster(10_000_000);
    const t0 = drive(newRun(), world, { until: (x) => x.run.job.status.batches[0]!.state === "running" });
    const t = drive(t0.run, { scan: () => scanOf({ inFlight: [0] }), control: () => control({ cancel: true }) }, { nowMs: t0.nowMs });
    expect(t.run.job.status.state).toBe("cancelled");
    expect(t.run.job.status.errors).toContain(
      "After 120 s, 1 reassignment(s) and 0 dir move(s) of batch 1 were still in flight after their cancels; check kafka-reassign-partitions --list and kafka-log-dirs.",
    );
    expect(t.actions.filter((a) => a.kind === "cancel-reassignments").length).toBeGreaterThan(100);
    // Read back after another 120 s of waiting: still listed, and said so.
    expect(t.run.job.status.cancel!.outcomes[0]!.lines).toEqual(["t-0: still reassigning to [2]; check kafka-reassign-partitions --list"]);
    expect(t.run.job.status.batches[0]!.state).toBe("cancelled");
  });

  it("next() puts back what was set when Kafka refuses a throttle, moves nothing, and ends failed", () => {
    const refusing: World = {
      scan: () => scanOf(),
      answer: (a) =>
        a.kind === "set-configs" && a.change.resource.kind === "topic" && a.purpose === "set"
          ? { kind: "set-configs", errors: ["topic t: POLICY_VIOLATION"] }
          : { kind: "set-configs", errors: [] },
    };
    const t = drive(newRun(), refusing);
    expect(t.run.job.status.state).toBe("failed");
    expect(t.actions.some((a) => a.kind === "reassign")).toBe(false);
    expect(t.run.job.status.errors).toEqual(["Kafka refused the throttles: topic t: POLICY_VIOLATION; what the job had set is put back, and nothing moved."]);
    // The phases that ran: no cordon to set, the throttles (where it failed), their putting back; never the batches or the election.
    expect([t.run.job.status.failedIn, t.run.job.status.phasesRun]).toEqual(["throttles", ["throttles", "restoring-throttles", "finished"]]);
    const configs = t.run.job.status.setConfigs;
    expect(configs.filter((c) => c.resource.kind === "broker").every((c) => c.sent && c.restored)).toBe(true);
    expect(configs.filter((c) => c.resource.kind === "topic").every((c) => !c.sent && !c.restored)).toBe(true);
    expect(t.audit.filter((a) => a.result === "refused").map((a) => a.target)).toEqual([
      "topic t: leader.replication.throttled.replicas=0:1,1:1, follower.replication.throttled.replicas=0:2,1:3",
    ]);
  });

  it("next() stops without writing once the lease is lost", () => {
    const run = newRun();
    expect(next(run, { nowMs: T0, control: NO_CONTROL, leaseHeld: false, scan: scanOf() }, OPTIONS)).toEqual({ kind: "stop" });
    expect(next(run, { nowMs: T0, control: control({ cancel: true }), leaseHeld: false }, OPTIONS)).toEqual({ kind: "stop" });
  });

  it("next() stops on a job that has ended", () => {
    const t = drive(newRun(), obedientCluster());
    expect(next(t.run, { nowMs: t.nowMs, control: NO_CONTROL, leaseHeld: true, scan: scanOf() }, OPTIONS)).toEqual({ kind: "stop" });
  });

  it("startRun() takes a job over mid-batch: says so in the log and the audit, and the batch is resubmitted only where not as planned or in flight", () => {
    const t0 = drive(newRun(), obedientCluster(60_000), { until: (x) => x.run.job.status.batches[0]!.state === "running" });
    const stored = { ...t0.run.job, status: { ...t0.run.job.status, runBy: "old:1:x" } };
    const { run, audit } = startRun(stored, "new:2:y", T0 + 99_000);
    expect(run.job.status.runBy).toBe("new:2:y");
    expect(messages(run).at(-1)).toBe("Picked up by new:2:y at phase batches, batch 1.");
    expect(audit).toEqual([
      {
        at: new Date(T0 + 99_000).toISOString(),
        cluster: "default",
        actor: "carol",
        jobId: "job-1",
        action: "take-over",
        target: "apply job job-1",
        result: "ok",
        detail: "new:2:y took the job over from old:1:x at phase batches, batch 1",
      },
    ]);
    // Kafka still lists t-0: nothing to send again; the next process simply watches it.
    const listed = acted(step(run, { scan: scanOf({ inFlight: [0] }) }));
    expect(listed.actions).toEqual([]);
    // Kafka forgot it (a controller change, say): it is sent again, once.
    const forgotten = acted(step(run, { scan: scanOf() }));
    expect(forgotten.actions).toEqual([{ kind: "reassign", batch: 0, partitions: [{ topic: "t", partition: 0, replicas: [2] }] }]);
    const rest = drive(run, obedientCluster());
    expect(rest.run.job.status.state).toBe("done");
    expect(rest.run.job.status.setConfigs.every((c) => c.restored)).toBe(true);
  });

  it("startRun() of a job not started yet writes the owner only", () => {
    const { run, audit } = startRun(jobRecord(), "me", T0);
    expect(audit).toEqual([]);
    expect(run.job.status.log).toEqual([]);
    expect(run.job.status.runBy).toBe("me");
  });
});

describe("next(): elections, dir moves, failures", () => {
  it("next() ends failed when the preferred leader election fails, and says how to finish it by hand", () => {
    const world = obedientCluster();
    const t = drive(newRun(), {
      ...world,
      answer: (a, now) =>
        a.kind === "elect-leaders"
          ? { kind: "elect-leaders", outcome: { requested: 1, elected: 0, notNeeded: 0, failed: ["t-0: PREFERRED_LEADER_NOT_AVAILABLE"] } }
          : world.answer!(a, now),
    });
    expect(t.run.job.status.state).toBe("failed");
    expect(t.run.job.status.errors).toEqual(["Preferred leader election: t-0: PREFERRED_LEADER_NOT_AVAILABLE"]);
    expect(t.run.job.status.failedIn).toBe("electing-leaders");
    expect(messages(t.run)).toContain(
      "0 of 1 partition(s) are led by their new preferred replica; run kafka-leader-election.sh --election-type PREFERRED for the rest once their replicas are in sync.",
    );
  });

  it("next() sends a pinned dir move again while its replica does not exist yet, then watches; after dirMoveRetryMs it warns and goes on", () => {
    const world = obedientCluster();
    let refusals = 2;
    const answer: World["answer"] = (a, now) =>
      a.kind === "move-dirs" && refusals-- > 0
        ? { kind: "move-dirs", failed: a.moves.map((m) => ({ ...m, errorCode: 9, error: "REPLICA_NOT_AVAILABLE" })) }
        : world.answer!(a, now);
    const t = drive(newRun(jobRecord({ logDirs: ["/d2"] })), { ...world, answer }, { until: (x) => x.run.job.status.batches[0]!.state === "running" });
    expect(t.actions.filter((a) => a.kind === "move-dirs")).toHaveLength(3);
    expect(t.audit.filter((a) => a.action === "alter-replica-log-dirs").map((a) => a.target)).toEqual(["batch 1, broker 2: t-0→/d2"]);
    expect(t.run.job.status.warnings).toEqual([]);
    const never = drive(
      newRun(jobRecord({ logDirs: ["/d2"] })),
      { ...world, answer: (a, now) => (a.kind === "move-dirs" ? { kind: "move-dirs", failed: a.moves.map((m) => ({ ...m, errorCode: 9, error: "x" })) } : world.answer!(a, now)) },
      { until: (x) => x.run.job.status.batches[0]!.state === "running" },
    );
    expect(never.run.job.status.warnings).toEqual(["Batch 1: 1 dir move(s) waited too long for their replica to appear; Kafka placed those replicas by its own rule."]);
    expect(never.run.job.status.failed).toBe(false);
  });

  it("stepFailed() records the error with the phase and forgets the round under way; scanFailed() records the scan's failure", () => {
    const s = acted(step(acted(step(newRun(), { scan: scanOf() })).run, { scan: scanOf() }));
    expect(s.run.memory.round).not.toBeNull();
    const failed = stepFailed(s.run, "connect ECONNREFUSED", 5_000);
    expect(failed.job.status.errors).toEqual(["connect ECONNREFUSED (at phase throttles; trying again in 5 s)."]);
    expect(failed.memory.round).toBeNull();
    // The intents are stored, so the next step sends the unsent ones again rather than building new ones.
    const again = acted(step(failed, { scan: scanOf() }));
    expect(again.run.job.status.setConfigs).toHaveLength(5);
    expect(again.actions).toHaveLength(4);
    expect(scanFailed(newRun(), "timeout", T0).job.status.errors).toEqual([`Scan failed at ${new Date(T0).toISOString()}: timeout (the job keeps trying).`]);
  });

  it("inFlight() lists the batch's listed reassignments and its replicas with a future copy, nothing else", () => {
    const s = scanOf({ inFlight: [0, 1] });
    s.topics[0]!.partitions[1]!.replicas[0]!.future = { logDir: "/d2", sizeBytes: 1, offsetLag: null };
    expect(inFlight(s, [{ topic: "t", partition: 1 }])).toEqual({ reassignments: [{ topic: "t", partition: 1 }], futures: [{ broker: 1, topic: "t", partition: 1, dir: "/d1" }] });
  });
});
