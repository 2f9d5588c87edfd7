// Names that are also Object.prototype's (`__proto__`, `constructor`, …) are legal Kafka topic names,
// and legal log dir paths, racks and hosts. Written into a plain `{}` they are lost (`o["__proto__"] =`
// sets the prototype) or read back as the prototype's function: a `__proto__` topic was moved without a
// throttle, a `__proto__` dir counted as empty. This runs the whole path on a cluster where every name
// is one of them: plan → throttles → review → the apply job's configs, the simulator, the heatmaps'
// view models, the CSV export, the redaction and hashing of shared links, and the stored payload.
import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { parseSnapshot } from "@/lib/model/parse";
import { planRebalance, PlanOptionsSchema, throttlePlan } from "@/lib/plan";
import { reviewReassignment } from "@/lib/simulate/review";
import { throttledReplicaLists } from "@/lib/throttle";
import { runReports } from "@/lib/simulate/run-reports";
import { ScenarioSchema } from "@/lib/simulate/schema";
import { brokerDirGrid } from "@/lib/view/overview/broker-dir-heatmap";
import { dirsCsv, brokersCsv } from "@/lib/share/export";
import { applySharing, hashTopics, redactHosts } from "@/lib/links/redact";
import { decodePayload, encodePayload } from "@/lib/links/codec";
import { nextLogDirs } from "@/lib/placement";
import { nextPlacements } from "@/lib/view/overview/next-placement";
import { GiB, PROTOTYPE_NAMES as NAMES, prototypeNamedSnapshot as hostileSnapshot } from "@/tests/support/prototype-names";

describe("names that are Object.prototype's work everywhere", () => {
  const snapshot = hostileSnapshot();
  const options = PlanOptionsSchema.parse({ operation: { kind: "remove-brokers", brokers: [4] }, goals: [], bootstrapServer: "k1:9092" });

  it("throttledReplicaLists() lists a __proto__ topic's partitions (they were lost in a plain {})", () => {
    const lists = throttledReplicaLists({ "__proto__-0": [1, 2], "constructor-0": [1, 2] }, { "__proto__-0": [3, 2], "constructor-0": [3, 2] });
    expect(Object.keys(lists.leader).sort()).toEqual(["__proto__", "constructor"]);
    expect(lists.leader["__proto__"]).toBe("0:1,0:2");
    expect(lists.follower["__proto__"]).toBe("0:3");
    expect(Object.hasOwn(lists.follower, "constructor")).toBe(true);
    // No entry for a topic that does not move, even one named like an Object method.
    expect(Object.hasOwn(lists.leader, "toString")).toBe(false);
    expect(JSON.parse(JSON.stringify(lists.leader))).toEqual(
      Object.fromEntries([
        ["__proto__", "0:1,0:2"],
        ["constructor", "0:1,0:2"],
      ]),
    );
  });

  it("the plan, its throttles, the review and the apply job's configs throttle every topic that moves, __proto__ included", () => {
    const plan = planRebalance(snapshot, options);
    if (!plan.ok) throw new Error(plan.error.message);
    const moved = new Set(plan.value.moves.map((m) => m.topic));
    expect([...moved].sort()).toEqual([...NAMES].sort());
    for (const throttles of [plan.value.throttles]) {
      const listed = new Map(throttles.topics.map((t) => [t.topic, t]));
      for (const name of NAMES) {
        const t = listed.get(name);
        expect(t, `throttle of topic ${name}`).toBeDefined();
        expect(t!.leaderReplicas).toMatch(/^0:4(,|$)|(^|,)0:4(,|$)/);
        expect(t!.followerReplicas).not.toBe("");
        expect(throttles.commands.apply.some((c) => c.includes(`--entity-name ${name} --alter --add-config 'leader.replication.throttled.replicas=[`))).toBe(true);
      }
    }
    const review = reviewReassignment(snapshot, plan.value.reassignmentJson, options);
    if (!review.ok) throw new Error(review.error.message);
    if (review.value.verdict !== "accepted") throw new Error(review.value.refusals.join(" "));
    // The apply job sets the configs of review.value.throttles (job-runner setThrottles).
    expect(review.value.throttles.topics.map((t) => t.topic).sort()).toEqual([...NAMES].sort());
    expect(review.value.throttles).toEqual(throttlePlan(snapshot, review.value.entries, options.throttle, options.bootstrapServer));
    const proto = review.value.throttles.topics.find((t) => t.topic === "__proto__")!;
    expect(proto.leaderReplicas.split(",")).toContain("0:4");
    expect(review.value.throttles.brokers.map((b) => b.broker)).toContain(4);
  });

  it("the simulator counts the logs of a dir named __proto__ (it was counted as empty)", () => {
    // Before: each broker's __proto__, constructor and toString dirs hold logs, /data/z none. New logs go
    // to the dir with the fewest, so ~3 new logs per broker all land in /data/z; with __proto__'s count
    // lost it tied /data/z at 0 and took some.
    const before = balanceReport(snapshot).dirs;
    const count = (dirs: typeof before, broker: number, path: string) => dirs.find((d) => d.broker === broker && d.path === path)!.partitions;
    const scenario = ScenarioSchema.parse({
      base: snapshot,
      seed: 1,
      steps: [{ kind: "createTopic", name: "hasOwnProperty-new", partitions: 12, replicationFactor: 1, size: { kind: "fixed", bytes: GiB } }],
    });
    const after = runReports(scenario, { stepReports: false, finalSnapshot: false }).final.report.dirs;
    let placed = 0;
    for (const broker of [1, 2, 3, 4]) {
      expect(count(before, broker, "__proto__"), `broker ${broker}`).toBeGreaterThanOrEqual(3);
      const added = (path: string) => count(after, broker, path) - count(before, broker, path);
      expect(added("__proto__"), `broker ${broker}`).toBe(0);
      expect(added("constructor") + added("toString"), `broker ${broker}`).toBe(0);
      placed += added("/data/z");
    }
    expect(placed).toBe(12);
  });

  it("nextLogDirs() and the placement counts read a __proto__ dir's own count", () => {
    const counts = Object.fromEntries([
      ["__proto__", 5],
      ["constructor", 4],
      ["/data/z", 1],
    ]);
    expect(nextLogDirs(["__proto__", "constructor", "/data/z", "toString"], counts)).toEqual(["toString", "/data/z", "constructor", "__proto__"]);
  });

  it("the heatmaps' view models, the CSV export, the redaction, the hashing and the stored payload keep every name", async () => {
    const report = balanceReport(snapshot);
    const grid = brokerDirGrid(report, "utilization");
    expect(grid.columns.map((c) => c.label).sort()).toEqual(["/data/z", "__proto__", "constructor", "toString"].sort());
    for (let r = 0; r < grid.rows.length; r++) expect(grid.cells(r).filter(Boolean)).toHaveLength(4);
    expect(report.topics.map((t) => t.name).sort()).toEqual([...NAMES].sort());
    // The dashboard's "next partition goes to" (Kafka's count rule): the empty /data/z, never __proto__.
    for (const p of nextPlacements(report, { cluster: null })) expect(p.dir, `broker ${p.broker}`).toBe("/data/z");
    const onlyDirs = balanceReport({ ...snapshot, brokers: snapshot.brokers.map((b) => ({ ...b, logDirs: b.logDirs.filter((d) => d.path !== "/data/z") })) });
    const counts = (b: number) => onlyDirs.dirs.filter((d) => d.broker === b);
    for (const p of nextPlacements(onlyDirs, { cluster: null })) {
      const fewest = Math.min(...counts(p.broker).map((d) => d.logCount));
      expect(counts(p.broker).find((d) => d.path === p.dir)!.logCount, `broker ${p.broker}`).toBe(fewest);
    }

    const csv = dirsCsv(report);
    for (const path of ["__proto__", "constructor", "toString"]) expect(csv).toContain(`,${path},`);
    expect(brokersCsv(report)).toContain(",__proto__,");

    const content = { snapshot, scenario: null, plan: null };
    const redacted = redactHosts(content);
    expect(redacted.snapshot.brokers.every((b) => b.host === null)).toBe(true);
    expect(redacted.snapshot.brokers.map((b) => b.rack)).toEqual(snapshot.brokers.map((b) => b.rack));
    const hashed = hashTopics(content, "salt");
    const names = hashed.snapshot.topics.map((t) => t.name);
    expect(new Set(names).size).toBe(NAMES.length);
    expect(names.every((n) => /^topic-[0-9a-f]{10}$/.test(n))).toBe(true);
    const shared = applySharing(content, { redactHosts: true, hashTopics: true } as never, "salt");
    expect(shared.snapshot.topics.map((t) => t.name)).toEqual(names);

    const stored = await encodePayload(JSON.stringify(snapshot));
    const back = parseSnapshot(JSON.parse(await decodePayload(stored.encoding, stored.data)));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value).toEqual(snapshot);
    expect(back.value.topics.map((t) => t.name)).toEqual([...NAMES]);
  });
});
