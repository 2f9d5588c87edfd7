import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { planRebalance, PlanOptionsSchema } from "@/lib/plan";
import { reviewReassignment } from "@/lib/simulate/review";
import { runReports, withoutTopicRows } from "@/lib/simulate/run-reports";
import { demoSnapshot } from "@/lib/simulate/presets";
import { PolicySchema } from "@/lib/simulate/schema";

const options = PlanOptionsSchema.parse({ bootstrapServer: "k1:9092" });

describe("reviewReassignment()", () => {
  const snapshot = demoSnapshot();
  const planRebalanceValue = (o: ReturnType<typeof PlanOptionsSchema.parse>) => {
    const r = planRebalance(snapshot, o);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.reassignmentJson;
  };
  const topic = snapshot.topics.find((t) => !t.internal)!;
  const p0 = topic.partitions[0]!;
  const moved = p0.replicas[0]!;
  const target = snapshot.brokers.find((b) => b.id === moved.broker)!.logDirs.find((d) => d.path !== moved.logDir)!.path;
  const json = JSON.stringify({
    version: 1,
    partitions: [{ topic: topic.name, partition: p0.id, replicas: p0.replicas.map((r) => r.broker), log_dirs: p0.replicas.map((r, i) => (i === 0 ? target : "any")) }],
  });

  it("reviewReassignment() reports the cluster before and once the reassignment is complete", () => {
    const result = reviewReassignment(snapshot, json, options);
    if (!result.ok) throw new Error(result.error.message);
    const review = result.value;
    if (review.verdict !== "accepted") throw new Error(review.refusals.join(" "));
    expect(review.before).toEqual(withoutTopicRows(balanceReport(snapshot)));
    const dir = (r: typeof review.after, path: string) => r.dirs.find((d) => d.broker === moved.broker && d.path === path)!;
    expect(dir(review.after, target).bytes - dir(review.before, target).bytes).toBe(moved.sizeBytes);
    expect(dir(review.before, moved.logDir!).bytes - dir(review.after, moved.logDir!).bytes).toBe(moved.sizeBytes);
    // The same as the simulator's reassign step.
    const sim = runReports(
      { base: snapshot, policy: PolicySchema.parse({}), seed: 1, steps: [{ kind: "reassign", partitions: JSON.parse(json).partitions }] },
      { stepReports: false, finalSnapshot: false },
    );
    expect(review.after).toEqual(sim.final.report);
    expect(review.estimate.dirMoveBytes).toBe(moved.sizeBytes);
  });

  it("reviewReassignment() warns of new replicas on a broker that did not answer, and only of those", () => {
    // A copy of p0 onto a broker that holds none of its replicas, while that broker is down.
    const outside = snapshot.brokers.find((b) => !p0.replicas.some((r) => r.broker === b.id))!.id;
    const keep = p0.replicas.map((r) => r.broker);
    const onto = JSON.stringify({ version: 1, partitions: [{ topic: topic.name, partition: p0.id, replicas: [...keep.slice(0, -1), outside], log_dirs: keep.map(() => "any") }] });
    const down = { ...snapshot, brokers: snapshot.brokers.map((b) => (b.id === outside ? { ...b, state: "unreachable" as const } : b)) };
    const accepted = (s: typeof snapshot, j: string) => {
      const r = reviewReassignment(s, j, options);
      if (!r.ok || r.value.verdict !== "accepted") throw new Error("expected an accepted review");
      return r.value;
    };
    expect(accepted(down, onto).warnings).toEqual([
      expect.stringMatching(
        new RegExp(`^Broker ${outside} did not answer the scan, and 1 partition would get a new replica on it: .*cannot finish until broker ${outside} is back`),
      ),
    ]);
    // The same move with the broker up, or a dir move on live brokers while it is down: no warning.
    expect(accepted(snapshot, onto).warnings).toBeUndefined();
    expect(accepted(down, json).warnings).toBeUndefined();
  });

  it("reviewReassignment() counts the dirs and brokers outside the tolerance afterwards, by the planner's rules", () => {
    for (const goals of [["dir-utilization"], ["dir-utilization", "broker-bytes", "broker-replicas", "broker-leaders", "topic-spread"]] as const) {
      const planOptions = PlanOptionsSchema.parse({ goals });
      const planned = planRebalance(snapshot, planOptions);
      if (!planned.ok) throw new Error(planned.error.message);
      const result = reviewReassignment(snapshot, planned.value.reassignmentJson, planOptions);
      if (!result.ok || result.value.verdict !== "accepted") throw new Error("the planner's own plan is accepted");
      // The review of the plan's own JSON counts what the plan says it leaves outside.
      expect(result.value.outsideTolerance).toEqual(planned.value.goals.map((g) => ({ goal: g.goal, outside: g.after.outside })));
    }
    const dirsOnly = reviewReassignment(
      snapshot,
      planRebalanceValue(PlanOptionsSchema.parse({ goals: ["dir-utilization"] })),
      PlanOptionsSchema.parse({ goals: ["dir-utilization"] }),
    );
    expect(dirsOnly.ok && dirsOnly.value.verdict === "accepted" && dirsOnly.value.outsideTolerance).toEqual([{ goal: "dir-utilization", outside: 0 }]);
    // The single dir move above leaves the demo's skew in place.
    const one = reviewReassignment(snapshot, json, options);
    expect(one.ok && one.value.verdict === "accepted" && one.value.outsideTolerance.find((o) => o.goal === "dir-utilization")!.outside).toBeGreaterThan(0);
  });

  it("reviewReassignment() gives only what Kafka would refuse: no estimate, throttles or after-state", () => {
    const bad = JSON.stringify({ version: 1, partitions: [{ topic: topic.name, partition: p0.id, replicas: [moved.broker, 99], log_dirs: ["/nope", "any"] }] });
    const result = reviewReassignment(snapshot, bad, options);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toEqual({
      verdict: "refused",
      entries: [{ topic: topic.name, partition: p0.id, replicas: [moved.broker, 99], logDirs: ["/nope", "any"] }],
      refusals: [
        `${topic.name}-${p0.id}: broker ${moved.broker} has no log dir /nope.`,
        `${topic.name}-${p0.id}: broker 99 is not in the cluster (Kafka answers "Unknown broker id 99").`,
      ],
    });
  });

  it("reviewReassignment() refuses a JSON Kafka's tool refuses, with its message", () => {
    const result = reviewReassignment(snapshot, '{"version":1,"partitions":[]}', options);
    expect(result.ok).toBe(false);
  });
});
