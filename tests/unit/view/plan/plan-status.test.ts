import { describe, expect, it } from "vitest";
import type { Operation, SoftGoal } from "@/lib/plan/options";
import type { OutsideTolerance } from "@/lib/plan/tolerance";
import { planStatus, reviewStatus, type PlanStatusInput, type ResultStatus } from "@/lib/view/plan/plan-status";

const GiB = 1024 ** 3;
const OPERATIONS: Operation[] = [
  { kind: "rebalance" },
  { kind: "add-brokers", brokers: [4] },
  { kind: "remove-brokers", brokers: [3] },
  { kind: "remove-brokers", brokers: [3, 5] },
  { kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d3" }], cordon: true },
];
const REASONS: Record<SoftGoal, string> = {
  "dir-utilization": "broker 7's dirs cannot all fit under 85%: its data fills 90% of their capacity.",
  "broker-bytes": "Broker bytes: the byte cap (1.0 GiB) was reached first.",
  "broker-replicas": "Broker replica counts: no replica can move without two replicas on one broker.",
  "broker-leaders": "Broker leader counts: no more leadership changes are possible without a data move.",
  "topic-spread": "Each topic's replicas spread over brokers: a removal moves only what it must; plan a rebalance to even this out.",
};
/** Goal lists: none, all met, some not met, none met. */
const GOAL_SETS: PlanStatusInput["goals"][] = [
  [],
  [
    { goal: "dir-utilization", met: true, reason: null },
    { goal: "broker-bytes", met: true, reason: null },
  ],
  [
    { goal: "dir-utilization", met: false, reason: REASONS["dir-utilization"] },
    { goal: "broker-bytes", met: true, reason: null },
    { goal: "broker-leaders", met: false, reason: REASONS["broker-leaders"] },
  ],
  [{ goal: "topic-spread", met: false, reason: REASONS["topic-spread"] }],
];

/** The rules every status keeps: one sentence, no clause twice. */
function expectOneSentence(status: ResultStatus) {
  const s = status.sentence;
  expect(s).toMatch(/^[A-Z0-9].*\.$/);
  expect(s).not.toMatch(/\.\s/);
  const clauses = s
    .toLowerCase()
    .split(/[;:,()]|\. ?/)
    .map((c) => c.trim())
    .filter(Boolean);
  expect(new Set(clauses).size).toBe(clauses.length);
}

const input = (over: Partial<PlanStatusInput>): PlanStatusInput => ({
  operation: { kind: "rebalance" },
  moves: 0,
  bytes: 0,
  leadershipChanges: 0,
  goals: [],
  evacuation: null,
  ...over,
});

describe("planStatus()", () => {
  it("planStatus() qualifies a sentence when the snapshot has no figures for some dirs or brokers, never a bare 'within the tolerance'", () => {
    const goals = GOAL_SETS[1]!;
    const status = planStatus(input({ moves: 4, bytes: 120 * GiB, goals, unmeasured: { dirs: 1, brokers: 0 } }));
    expect(status.sentence).toBe("4 moves (120.0 GiB) bring every goal within the tolerance, as far as the snapshot shows (it has no figures for 1 offline dir).");
    expectOneSentence(status);
    expect(planStatus(input({ goals, unmeasured: { dirs: 2, brokers: 1 } })).sentence).toBe(
      "Nothing to move: every goal is already within the tolerance, as far as the snapshot shows (it has no figures for 2 offline dirs and 1 broker that did not answer).",
    );
    expect(planStatus(input({ goals, unmeasured: { dirs: 0, brokers: 0 } })).sentence).toBe("Nothing to move: every goal is already within the tolerance.");
  });

  it("planStatus() gives one true sentence for every operation, change count, goal outcome and stuck count", () => {
    for (const operation of OPERATIONS) {
      const evacuates = operation.kind === "remove-brokers" || operation.kind === "drain-dirs";
      for (const moves of [0, 1, 12]) {
        for (const leadershipChanges of [0, 3]) {
          for (const goals of GOAL_SETS) {
            for (const stuckTotal of evacuates ? [0, 5] : [0]) {
              const evacuation = evacuates ? { stuckTotal, stuck: stuckTotal > 0 ? [{ reason: "every broker that stays already holds a replica of orders-0" }] : [] } : null;
              const status = planStatus({ operation, moves, bytes: moves * 2 * GiB, leadershipChanges, goals, evacuation });
              expectOneSentence(status);
              const s = status.sentence;
              const unmet = goals.filter((g) => !g.met);
              const ok = unmet.length === 0 && stuckTotal === 0;
              expect(status.tone).toBe(ok ? "ok" : "partial");
              expect(s.startsWith("Nothing to move")).toBe(moves === 0 && leadershipChanges === 0);
              expect(s.includes("within the tolerance")).toBe(ok && goals.length > 0);
              // One change takes a verb in the singular, several in the plural.
              if (moves + leadershipChanges === 1 && ok) expect(s).toMatch(/ (brings|empties|fills) |with no goal chosen to measure it by/);
              if (moves + leadershipChanges > 1 && ok) expect(s).not.toMatch(/ (brings|empties|fills) /);
              expect(s.includes("outside the tolerance")).toBe(unmet.length > 0);
              if (unmet.length > 0) expect(s).toContain(`${unmet.length} of ${goals.length} goal`);
              // Whatever is wrong comes with why: the stuck replicas' reason first, else the first goal not met, naming it.
              expect(/\(.+\)\.$/.test(s)).toBe(!ok);
              if (stuckTotal > 0) expect(s).toContain(`${stuckTotal} replicas cannot leave`);
              if (stuckTotal > 0) expect(s).toContain("(every broker that stays already holds a replica of orders-0)");
              else if (unmet[0])
                expect(s).toContain(
                  unmet[0].goal === "dir-utilization" ? "(Dir utilisation within each broker: broker 7's dirs" : `(${REASONS[unmet[0].goal].replace(/\.$/, "")})`,
                );
              if (moves > 0) expect(s).toContain(`${moves} move`);
              if (leadershipChanges > 0) expect(s).toContain("3 leadership changes");
            }
          }
        }
      }
    }
  });

  it("planStatus() says nothing moves when every goal is already met", () => {
    expect(planStatus(input({ goals: GOAL_SETS[1] }))).toEqual({ tone: "ok", sentence: "Nothing to move: every goal is already within the tolerance." });
    expect(planStatus(input({}))).toEqual({ tone: "ok", sentence: "Nothing to move: no goal was chosen." });
    expect(planStatus(input({ operation: { kind: "remove-brokers", brokers: [3] }, goals: GOAL_SETS[1], evacuation: { stuckTotal: 0, stuck: [] } })).sentence).toBe(
      "Nothing to move: broker 3 is already empty and every goal is within the tolerance.",
    );
  });

  it("planStatus() counts the moves, bytes and leadership changes, once, and says what the operation did", () => {
    expect(planStatus(input({ moves: 12, bytes: 24 * GiB, goals: GOAL_SETS[1] })).sentence).toBe("12 moves (24.0 GiB) bring every goal within the tolerance.");
    expect(
      planStatus(input({ operation: { kind: "remove-brokers", brokers: [3, 5] }, moves: 20, bytes: 812 * GiB, goals: GOAL_SETS[1], evacuation: { stuckTotal: 0, stuck: [] } }))
        .sentence,
    ).toBe("20 moves (812.0 GiB) empty brokers 3 and 5 and bring every goal within the tolerance.");
    expect(planStatus(input({ operation: { kind: "add-brokers", brokers: [4] }, moves: 1, bytes: 2 * GiB, leadershipChanges: 2, goals: GOAL_SETS[1] })).sentence).toBe(
      "1 move (2.0 GiB) and 2 leadership changes fill broker 4 and bring every goal within the tolerance.",
    );
    expect(
      planStatus(
        input({
          operation: { kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d3" }], cordon: true },
          moves: 1,
          bytes: GiB,
          goals: GOAL_SETS[1],
          evacuation: { stuckTotal: 0, stuck: [] },
        }),
      ).sentence,
    ).toBe("1 move (1.0 GiB) empties /data/d3 on broker 2 and brings every goal within the tolerance.");
    expect(planStatus(input({ leadershipChanges: 3, goals: GOAL_SETS[1] })).sentence).toBe("3 leadership changes (no data moves) bring every goal within the tolerance.");
  });

  it("planStatus() names the goals not met and the first one's reason, in priority order", () => {
    expect(planStatus(input({ moves: 1, bytes: 2 * GiB, goals: GOAL_SETS[2] }))).toEqual({
      tone: "partial",
      sentence:
        "1 move (2.0 GiB), after which 2 of 3 goals are outside the tolerance (Dir utilisation within each broker: broker 7's dirs cannot all fit under 85%: its data fills 90% of their capacity).",
    });
    expect(planStatus(input({ goals: GOAL_SETS[3] })).sentence).toBe(
      "Nothing to move: 1 of 1 goal is outside the tolerance, and no move can change that (Each topic's replicas spread over brokers: a removal moves only what it must; plan a rebalance to even this out).",
    );
  });

  it("planStatus() puts replicas that cannot leave before the goals, with their reason", () => {
    expect(
      planStatus(
        input({
          operation: { kind: "remove-brokers", brokers: [3] },
          moves: 20,
          bytes: 812 * GiB,
          goals: GOAL_SETS[2],
          evacuation: { stuckTotal: 50, stuck: [{ reason: "every broker that stays already holds a replica of __consumer_offsets-0" }] },
        }),
      ).sentence,
    ).toBe(
      "20 moves (812.0 GiB), after which 50 replicas cannot leave the brokers being removed and 2 of 3 goals are outside the tolerance (every broker that stays already holds a replica of __consumer_offsets-0).",
    );
  });
});

describe("reviewStatus()", () => {
  const OUTSIDE: OutsideTolerance[] = [
    [],
    [{ goal: "dir-utilization", outside: 0 }],
    [
      { goal: "dir-utilization", outside: 3 },
      { goal: "broker-bytes", outside: 0 },
    ],
    [
      { goal: "broker-bytes", outside: 1 },
      { goal: "topic-spread", outside: 4 },
    ],
  ];

  it("reviewStatus() says only that Kafka would refuse, and how many reasons", () => {
    for (const refusals of [1, 2, 7]) {
      const status = reviewStatus({ verdict: "refused", refusals });
      expectOneSentence(status);
      expect(status.tone).toBe("refused");
      expect(status.sentence).not.toMatch(/tolerance|GiB|MiB|copies|estimated/);
    }
    expect(reviewStatus({ verdict: "refused", refusals: 2 }).sentence).toBe("Kafka would refuse this reassignment: 2 problems, listed below; fix them and review again.");
  });

  it("reviewStatus() gives one true sentence for every accepted combination of data moved and goals outside", () => {
    for (const bytes of [0, 3 * GiB]) {
      for (const outside of OUTSIDE) {
        const status = reviewStatus({ verdict: "accepted", partitions: 4, bytes, outside });
        expectOneSentence(status);
        const count = outside.filter((o) => o.outside > 0).length;
        expect(status.tone).toBe(count === 0 ? "ok" : "partial");
        expect(status.sentence.includes("moves no data")).toBe(bytes === 0);
        expect(status.sentence.includes("within the tolerance")).toBe(outside.length > 0 && count === 0);
        expect(status.sentence.includes("outside the tolerance")).toBe(count > 0);
      }
    }
    expect(reviewStatus({ verdict: "accepted", partitions: 1, bytes: 3 * GiB, outside: OUTSIDE[2]! }).sentence).toBe(
      "Kafka would accept this reassignment of 1 partition, which copies 3.0 GiB; afterwards dir utilisation (3 dirs) is outside the tolerance.",
    );
    expect(reviewStatus({ verdict: "accepted", partitions: 2, bytes: 0, outside: OUTSIDE[3]! }).sentence).toBe(
      "Kafka would accept this reassignment of 2 partitions, but it moves no data; afterwards broker bytes (1 broker) and topic spread (4 topic × broker pairs) are outside the tolerance.",
    );
  });
});
