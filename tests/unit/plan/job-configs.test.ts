import { describe, expect, it } from "vitest";
import { cordonWarning, intents, rateChange, ratesChanged, restore } from "@/lib/plan/job-configs";
import { jobRecord, newRun, NO_CONTROL, RATE, scanOf, T0 } from "@/tests/support/apply-job";

describe("job configs", () => {
  it("intents() of the cordons: the broker's whole new list, with the one it replaces (null when none)", () => {
    const run = newRun(jobRecord({ cordons: [{ broker: 1, dirs: ["/d1"] }] }));
    expect(intents(run, "cordon", scanOf({ cordoned: ["/d2"] }))).toEqual([
      { resource: { kind: "broker", id: 1 }, name: "cordoned.log.dirs", value: "/d1,/d2", previous: "/d2", sent: false },
    ]);
    expect(intents(run, "cordon", scanOf())[0]!.previous).toBeNull();
  });

  it("intents() of the throttles use the rates in force, and skip what the plan leaves unthrottled", () => {
    const run = newRun();
    run.job.status.rates.replicationBytesPerSecond = 123;
    const out = intents(run, "throttle", scanOf({ foreignRate: 9 }));
    expect(out.filter((c) => c.resource.kind === "broker").map((c) => [c.resource.kind === "broker" && c.resource.id, c.name, c.value, c.previous])).toEqual([
      [1, "leader.replication.throttled.rate", "123", null],
      [2, "follower.replication.throttled.rate", "123", "9"],
      [3, "follower.replication.throttled.rate", "123", null],
    ]);
  });

  it("ratesChanged() is false for a control whose rates are those in force (a pause raised seq)", () => {
    const s = jobRecord().status;
    expect(ratesChanged({ ...NO_CONTROL, seq: 3, rates: { replicationBytesPerSecond: RATE } }, s)).toBe(false);
    expect(ratesChanged({ ...NO_CONTROL, seq: 3, rates: { alterLogDirsBytesPerSecond: 1 } }, s)).toBe(true);
    expect(ratesChanged({ ...NO_CONTROL, seq: 3 }, s)).toBe(false);
  });

  it("rateChange() targets the broker rate configs the job set and has not put back", () => {
    const s = jobRecord().status;
    s.setConfigs.push(
      { resource: { kind: "broker", id: 1 }, name: "leader.replication.throttled.rate", value: "1", previous: null, sent: true },
      { resource: { kind: "broker", id: 2 }, name: "follower.replication.throttled.rate", value: "1", previous: null, sent: true, restored: true },
      { resource: { kind: "topic", name: "t" }, name: "leader.replication.throttled.replicas", value: "0:1", previous: null, sent: true },
    );
    const a = rateChange(s, { replicationBytesPerSecond: 7 }, "bob", 4);
    expect(a).toEqual({
      kind: "change-throttle",
      actor: "bob",
      seq: 4,
      rates: { replicationBytesPerSecond: 7 },
      changes: [{ broker: 1, indices: [0], change: { resource: { kind: "broker", id: 1 }, configs: [{ name: "leader.replication.throttled.rate", value: "7" }] } }],
    });
  });

  it("restore() puts back only what Kafka accepted, cordons only when asked, each to its previous value", () => {
    const run = newRun();
    run.job.status.setConfigs.push(
      { resource: { kind: "broker", id: 1 }, name: "cordoned.log.dirs", value: "/d2", previous: null, sent: true },
      { resource: { kind: "broker", id: 1 }, name: "leader.replication.throttled.rate", value: "5", previous: "9", sent: true },
      { resource: { kind: "broker", id: 2 }, name: "follower.replication.throttled.rate", value: "5", previous: null, sent: false },
    );
    const some = restore(run, false, scanOf(), T0);
    expect(some !== "restored" && some.kind === "act" && some.actions).toEqual([
      {
        kind: "set-configs",
        purpose: "restore",
        indices: [1],
        change: { resource: { kind: "broker", id: 1 }, configs: [{ name: "leader.replication.throttled.rate", value: "9" }] },
      },
    ]);
    const all = restore(newRun({ ...run.job }), true, scanOf(), T0);
    expect(all !== "restored" && all.kind === "act" && all.actions.map((a) => a.kind === "set-configs" && a.change.configs)).toEqual([
      [
        { name: "cordoned.log.dirs", value: null },
        { name: "leader.replication.throttled.rate", value: "9" },
      ],
    ]);
  });

  it("cordonWarning() says the cordon stays and how to lift it", () => {
    expect(cordonWarning([{ resource: { kind: "broker", id: 3 }, name: "cordoned.log.dirs", value: "/d2", previous: null, sent: true }])).toMatch(
      /^The cordon stays: cordoned.log.dirs is left as set on broker 3 \(\/d2\).*--delete-config cordoned.log.dirs\)\.$/,
    );
  });
});
