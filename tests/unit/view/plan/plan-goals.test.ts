import { describe, expect, it } from "vitest";
import type { GoalMeasure, GoalResult } from "@/lib/plan/goals";
import type { GenerateComparison } from "@/lib/plan/planner";
import { planRebalance, PlanOptionsSchema, type Plan, type PlanOptionsInput } from "@/lib/plan";
import { demoSnapshot } from "@/lib/simulate/presets";
import { importSnapshot } from "@/lib/import";
import { reviewReassignment } from "@/lib/simulate/review";
import { dirFigures, dirSentence, goalRows, qualityFigures, worseAfter, worsenedGoals } from "@/lib/view/plan/plan-goals";

const GiB = 1024 ** 3;
const none: GoalMeasure = { outside: 0, maxOverMean: null, minOverMean: null, worst: null, measured: 3, unmeasured: 0 };
const dirs = (m: Partial<GoalMeasure>): GoalMeasure => ({ ...none, worstShare: null, measured: 9, ...m });

/**
 * A kafka-log-dirs import (no capacity figures) of three brokers with two dirs each whose broker 2
 * `/data2` reports a KafkaStorageException, with kafka-topics output for the assignment.
 */
function offlineDirImport() {
  const parts = ["orders-0", "orders-1", "orders-2", "clicks-0", "clicks-1", "clicks-2"];
  const on = (broker: number) => parts.filter((name) => [Number(name.slice(-1)), (Number(name.slice(-1)) + 1) % 3].includes(broker));
  const size = (name: string) => (name.startsWith("orders") ? 40 : 20) * GiB;
  const dir = (logDir: string, names: string[]) => ({
    logDir,
    error: null as string | null,
    partitions: names.map((partition) => ({ partition, size: size(partition), offsetLag: 0, isFuture: false })),
  });
  const brokers = [0, 1, 2].map((broker) => ({
    broker,
    logDirs: [
      dir(
        "/data1",
        on(broker).filter((n) => n.startsWith("orders")),
      ),
      dir(
        "/data2",
        on(broker).filter((n) => n.startsWith("clicks")),
      ),
    ],
  }));
  brokers[2]!.logDirs[1] = { logDir: "/data2", error: "org.apache.kafka.common.errors.KafkaStorageException", partitions: [] };
  const logDirs = `Querying brokers for log directories information\nReceived log directory information from brokers 0,1,2\n${JSON.stringify({ brokers, version: 1 })}\n`;
  const topics = ["clicks", "orders"]
    .map((t) =>
      [
        `Topic: ${t}\tTopicId: AAAAAAAAAAAAAAAAAAAAAA\tPartitionCount: 3\tReplicationFactor: 2\tConfigs: `,
        ...[0, 1, 2].map((p) => `\tTopic: ${t}\tPartition: ${p}\tLeader: ${p}\tReplicas: ${p},${(p + 1) % 3}\tIsr: ${p},${(p + 1) % 3}`),
      ].join("\n"),
    )
    .join("\n");
  const outcome = importSnapshot({ logDirs, topics: `${topics}\n`, capturedAt: "2026-11-30T09:00:00.000Z", label: "offline dir" });
  if (!outcome.ok) throw new Error("import failed");
  return outcome.value;
}

function plan(snapshot = demoSnapshot(), options: PlanOptionsInput = {}): Plan {
  const r = planRebalance(snapshot, PlanOptionsSchema.parse(options));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

describe("goalRows()", () => {
  it("goalRows() shows each goal's count outside and how far, before → after, in its own unit", () => {
    const goals: GoalResult[] = [
      { goal: "dir-utilization", met: true, before: dirs({ outside: 9, worst: 0.5286 }), after: dirs({ outside: 0, worst: 0.0192 }), reason: null },
      {
        goal: "broker-bytes",
        met: false,
        before: { ...none, outside: 3, maxOverMean: 1.5, minOverMean: 0 },
        after: { ...none, outside: 1, maxOverMean: 1.04, minOverMean: 0.9 },
        reason: "Broker bytes: the byte cap (1.0 GiB) was reached first.",
      },
      { goal: "topic-spread", met: true, before: { ...none, outside: 1, worst: 1 }, after: { ...none, outside: 0, worst: 0 }, reason: null },
    ];
    expect(goalRows(goals)).toEqual([
      {
        goal: "dir-utilization",
        label: "Dir utilisation within each broker",
        met: true,
        outside: { before: "9 dirs", after: "0 dirs" },
        spread: { before: "worst 52.9 points", after: "worst 1.9 points" },
        unmeasured: null,
        reason: null,
      },
      {
        goal: "broker-bytes",
        label: "Broker bytes",
        met: false,
        outside: { before: "3 brokers", after: "1 broker" },
        spread: { before: "max 1.50×, min 0.00×", after: "max 1.04×, min 0.90×" },
        unmeasured: null,
        reason: "Broker bytes: the byte cap (1.0 GiB) was reached first.",
      },
      {
        goal: "topic-spread",
        label: "Each topic's replicas spread over brokers",
        met: true,
        outside: { before: "1 topic × broker pair", after: "0 topic × broker pairs" },
        spread: { before: "worst 1 replica beyond its band", after: "none beyond its band" },
        unmeasured: null,
        reason: null,
      },
    ]);
  });

  it("goalRows() says 'not measurable' where a goal has nothing to measure, never 0 → 0", () => {
    const [row] = goalRows([{ goal: "broker-leaders", met: true, before: { ...none, measured: 0 }, after: { ...none, measured: 0 }, reason: null }]);
    expect(row!.spread).toEqual({ before: "not measurable", after: "not measurable" });
    expect(row!.outside).toEqual({ before: "not measurable", after: "not measurable" });
    expect(row!.unmeasured).toBe("no broker can take data");
    const [dir] = goalRows([{ goal: "dir-utilization", met: true, before: dirs({ measured: 0 }), after: dirs({ measured: 0 }), reason: null }]);
    expect(dir!.spread).toEqual({ before: "not measurable", after: "not measurable" });
    expect(dir!.unmeasured).toBe("no broker has two open disks to compare, dirs on one filesystem being one");
  });

  it("goalRows() on an import with an offline dir and no capacity: shares of an even split, and the offline dir said as not measured", () => {
    const p = plan(offlineDirImport());
    const row = goalRows(p.goals).find((r) => r.goal === "dir-utilization")!;
    // The old table said "4 dirs → 0 dirs, worst 0.0 → 0.0 points": points need capacity, which kafka-log-dirs does not carry.
    expect(row.spread).toEqual({ before: "worst 33% off an even share", after: "worst 0% off an even share" });
    expect(row.unmeasured).toBe("1 dir offline or on a broker that did not answer: not measured (the snapshot has no bytes for it)");
    // And the warning about it comes first.
    expect(p.warnings[0]).toMatch(/^Log dir \/data2 on broker 2 is offline \(org\.apache\.kafka\.common\.errors\.KafkaStorageException\): the snapshot has no bytes for it/);
  });
});

const generated = (g: Partial<Extract<GenerateComparison, { bytes: number }>>): GenerateComparison => ({
  bytes: 0,
  replicas: 0,
  placer: "striped",
  goals: [],
  leftBehind: 0,
  unplaced: 0,
  ...g,
});
const met = (goal: GoalResult["goal"]): GoalResult => ({ goal, met: true, before: none, after: none, reason: null });

describe("qualityFigures()", () => {
  it("qualityFigures() sets the bytes moved against the lower bound, and --generate by what it leaves undone, not by a ratio of bytes", () => {
    const figures = qualityFigures({
      bytesMoved: { intra: 200 * GiB, inter: 576 * GiB, total: 776 * GiB },
      lowerBound: 569 * GiB,
      goals: [met("dir-utilization"), met("broker-bytes")],
      evacuation: null,
      kafkaGenerate: generated({
        bytes: 714.9 * GiB,
        replicas: 18,
        goals: [
          { goal: "dir-utilization", met: false, measure: dirs({ outside: 9, worst: 0.532 }) },
          { goal: "broker-bytes", met: true, measure: { ...none, maxOverMean: 1.02, minOverMean: 0.99 } },
        ],
      }),
    });
    expect(figures.map((f) => [f.label, f.value])).toEqual([
      ["Bytes moved", "776.0 GiB"],
      ["Lower bound", "569.0 GiB"],
      ["Moved ÷ lower bound", "1.36×"],
      ["Kafka's --generate", "714.9 GiB"],
    ]);
    expect(figures[0]!.hint).toBe("200.0 GiB within brokers, 576.0 GiB between");
    expect(figures[3]!.hint).toBe(
      "18 replicas copied by its striped placer assignment, with no log dirs pinned (each broker picks the dir with the fewest partitions); it leaves dir utilisation (9 dirs outside, worst 53.2 points); this plan meets every goal",
    );
    expect(figures[3]!.hint).not.toMatch(/× this plan/);
  });

  it("qualityFigures() never prints a ratio below 1: a plan short of its goals says so, a bound above a plan that met them is called wrong", () => {
    const short = qualityFigures({
      bytesMoved: { intra: 0, inter: 10 * GiB, total: 10 * GiB },
      lowerBound: 60 * GiB,
      goals: [met("dir-utilization"), { ...met("broker-bytes"), met: false, after: { ...none, outside: 1, maxOverMean: 1.2, minOverMean: 0.8 } }],
      evacuation: { stuckTotal: 50 },
      kafkaGenerate: { error: "refused" },
    });
    expect(short[2]).toEqual({
      label: "Moved ÷ lower bound",
      value: "below the bound",
      hint: "the plan stops short of the goals (50 replicas cannot leave and 1 of 2 goals is not met): it moves less than a plan that meets them must",
    });
    const wrong = qualityFigures({
      bytesMoved: { intra: 0, inter: 10 * GiB, total: 10 * GiB },
      lowerBound: 60 * GiB,
      goals: [met("dir-utilization")],
      evacuation: null,
      kafkaGenerate: { error: "refused" },
    });
    expect(wrong[2]!.value).toBe("below the bound");
    expect(wrong[2]!.hint).toMatch(/the bound is wrong for this cluster/);
    for (const f of [...short, ...wrong]) expect(f.value).not.toMatch(/^0\.\d\d×$/);
  });

  it("qualityFigures() shows no ratio for a zero bound, and --generate's refusal in its words", () => {
    const figures = qualityFigures({
      bytesMoved: { intra: 0, inter: 0, total: 0 },
      lowerBound: 0,
      goals: [],
      evacuation: null,
      kafkaGenerate: { error: "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered." },
    });
    expect(figures[2]).toEqual({ label: "Moved ÷ lower bound", value: "–", hint: "nothing had to move" });
    expect(figures[3]).toEqual({
      label: "Kafka's --generate",
      value: "refused",
      hint: "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered.",
    });
    expect(
      qualityFigures({ bytesMoved: { intra: GiB, inter: 0, total: GiB }, lowerBound: 0, goals: [], evacuation: null, kafkaGenerate: generated({ placer: "admin-utils" }) })[2]!
        .hint,
    ).toBe("the bound is 0: no byte had to move for these goals");
  });

  it("qualityFigures() for a drain: --generate pins no dir, so it leaves replicas in the drained dir", () => {
    const p = plan(demoSnapshot(), { operation: { kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d3" }] } });
    expect(qualityFigures(p)[3]!.hint).toMatch(/it leaves \d+ replicas in the dirs being drained \(it pins no dir\)/);
  });

  it("qualityFigures() on the demo: --generate copies fewer bytes than the plan but leaves the dirs out of the tolerance", () => {
    const p = plan();
    const g = qualityFigures(p)[3]!;
    expect(g.hint).toMatch(/it leaves dir utilisation \(9 dirs outside, worst \d+\.\d points\)/);
    expect(g.hint).toMatch(/this plan meets every goal$/);
  });
});

describe("dirFigures()", () => {
  it("dirFigures() uses the dir goal's measure: removing broker 3 shows the dirs evened (as the goals table's ✓ Met), not 1.51× → 3.00×", () => {
    const p = plan(demoSnapshot(), { operation: { kind: "remove-brokers", brokers: [3] } });
    const [outside, worst] = dirFigures(p);
    expect(outside!.value).toBe("6 → 0");
    expect(worst!.value).toMatch(/^52\.\d points → \d\.\d points$/);
    expect(worst!.value).not.toMatch(/3\.00×/);
    expect(p.goals.find((g) => g.goal === "dir-utilization")!.met).toBe(true);
  });

  it("dirFigures() says when a plan makes the dirs worse, and why", () => {
    const figures = dirFigures({
      options: { operation: { kind: "remove-brokers", brokers: [3] }, goals: ["broker-bytes"], tolerance: 0.05 },
      dirs: { before: dirs({ outside: 1, worst: 0.1 }), after: dirs({ outside: 3, worst: 0.3 }) },
    });
    expect(figures[0]!.hint).toMatch(/the dir goal was not chosen/);
    expect(figures[1]!.hint).toBe(
      "worse after the plan: everything on the brokers being removed must go somewhere, and it lands where the goals ranked first allow (dir utilisation is not a chosen goal); plan a rebalance afterwards to even this out",
    );
  });

  it("dirFigures() says 'not measurable' when no dir could be measured, and what was missing", () => {
    const figures = dirFigures({
      options: { operation: { kind: "rebalance" }, goals: ["dir-utilization"], tolerance: 0.05 },
      dirs: { before: dirs({ measured: 0, unmeasured: 4 }), after: dirs({ measured: 0, unmeasured: 4 }) },
    });
    expect(figures[0]!.value).toBe("not measurable");
    expect(figures[0]!.hint).toMatch(/4 dirs offline or on a broker that did not answer: not measured/);
    expect(figures[1]!.value).toBe("not measurable → not measurable");
  });
});

describe("dirSentence()", () => {
  it("dirSentence() says the review's dirs by the dir goal's measure: the plan's own JSON, reviewed, evens them", () => {
    const p = plan();
    const r = reviewReassignment(demoSnapshot(), p.reassignmentJson, PlanOptionsSchema.parse({}));
    if (!r.ok || r.value.verdict !== "accepted") throw new Error("refused");
    expect(r.value.dirs.before).toEqual(p.dirs.before);
    expect(dirSentence(r.value.dirs)).toMatch(/^Dirs outside the tolerance: 9 → 0 \(worst 52\.\d points → \d\.\d points\)\.$/);
    expect(dirSentence({ before: dirs({ measured: 0 }), after: dirs({ measured: 0 }) })).toBe(
      "Dirs: not measurable (no broker has two open disks to compare, dirs on one filesystem being one).",
    );
    expect(dirSentence({ before: dirs({ outside: 1, worst: 0.1 }), after: dirs({ outside: 2, worst: 0.2, unmeasured: 1 }) })).toBe(
      "Dirs outside the tolerance: 1 → 2 (worst 10.0 points → 20.0 points; 1 dir offline or on a broker that did not answer: not measured (the snapshot has no bytes for it)) — worse after it.",
    );
  });
});

describe("worsenedGoals()", () => {
  it("worseAfter() is true for more outside, or farther out while outside; false when the goal ends met", () => {
    expect(worseAfter("broker-bytes", { ...none, outside: 1, maxOverMean: 1.2, minOverMean: 0.9 }, { ...none, outside: 2, maxOverMean: 1.1, minOverMean: 0.9 })).toBe(true);
    expect(worseAfter("broker-bytes", { ...none, outside: 1, maxOverMean: 1.1, minOverMean: 0.9 }, { ...none, outside: 1, maxOverMean: 1.3, minOverMean: 0.9 })).toBe(true);
    expect(worseAfter("broker-bytes", { ...none, outside: 1, maxOverMean: 1.1, minOverMean: 0.9 }, { ...none, outside: 0, maxOverMean: 1.3, minOverMean: 0.9 })).toBe(false);
  });

  it("worsenedGoals() names a goal the plan leaves worse and the goals ranked above it", () => {
    const notes = worsenedGoals({
      options: { operation: { kind: "rebalance" }, goals: ["dir-utilization", "broker-leaders"], tolerance: 0.05 },
      goals: [
        met("dir-utilization"),
        {
          goal: "broker-leaders",
          met: false,
          before: { ...none, outside: 1, maxOverMean: 1.1, minOverMean: 0.9 },
          after: { ...none, outside: 2, maxOverMean: 1.2, minOverMean: 0.8 },
          reason: "x",
        },
      ],
    });
    expect(notes).toEqual([
      "Broker leader counts is worse after the plan (max 1.10×, min 0.90× → max 1.20×, min 0.80×): moves for the goals ranked above it (dir utilisation) come first.",
    ]);
    expect(worsenedGoals(plan())).toEqual([]);
  });
});
