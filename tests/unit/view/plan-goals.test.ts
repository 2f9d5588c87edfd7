import { describe, expect, it } from "vitest";
import type { GoalResult } from "@/lib/plan/goals";
import { goalRows, qualityFigures } from "@/lib/view/plan-goals";

const GiB = 1024 ** 3;
const none = { maxOverMean: null, minOverMean: null, worst: null };

describe("goalRows()", () => {
  it("goalRows() shows each goal's count outside and how far, before → after, in its own unit", () => {
    const goals: GoalResult[] = [
      { goal: "dir-utilization", met: true, before: { ...none, outside: 9, worst: 0.5286 }, after: { ...none, outside: 0, worst: 0.0192 }, reason: null },
      { goal: "broker-bytes", met: false, before: { ...none, outside: 3, maxOverMean: 1.5, minOverMean: 0 }, after: { ...none, outside: 1, maxOverMean: 1.04, minOverMean: 0.9 }, reason: "Broker bytes: the byte cap (1.0 GiB) was reached first." },
      { goal: "topic-spread", met: true, before: { ...none, outside: 1, worst: 1 }, after: { ...none, outside: 0, worst: 0 }, reason: null },
    ];
    expect(goalRows(goals)).toEqual([
      { goal: "dir-utilization", label: "Dir utilisation within each broker", met: true, outside: { before: "9 dirs", after: "0 dirs" }, spread: { before: "worst 52.9 points", after: "worst 1.9 points" }, reason: null },
      {
        goal: "broker-bytes",
        label: "Broker bytes",
        met: false,
        outside: { before: "3 brokers", after: "1 broker" },
        spread: { before: "max 1.50×, min 0.00×", after: "max 1.04×, min 0.90×" },
        reason: "Broker bytes: the byte cap (1.0 GiB) was reached first.",
      },
      { goal: "topic-spread", label: "Each topic's replicas spread over brokers", met: true, outside: { before: "1 topic × broker pair", after: "0 topic × broker pairs" }, spread: { before: "worst 1 replica beyond its band", after: "none beyond its band" }, reason: null },
    ]);
  });

  it("goalRows() shows a dash where a broker goal has no participant to measure", () => {
    const [row] = goalRows([{ goal: "broker-leaders", met: true, before: { ...none, outside: 0 }, after: { ...none, outside: 0 }, reason: null }]);
    expect(row!.spread).toEqual({ before: "–", after: "–" });
  });
});

describe("qualityFigures()", () => {
  it("qualityFigures() sets the bytes moved against the lower bound and Kafka's --generate", () => {
    const figures = qualityFigures({ bytesMoved: { intra: 200 * GiB, inter: 576 * GiB, total: 776 * GiB }, lowerBound: 569 * GiB, kafkaGenerate: { bytes: 1552 * GiB, replicas: 18, placer: "striped" } });
    expect(figures.map((f) => [f.label, f.value])).toEqual([
      ["Bytes moved", "776.0 GiB"],
      ["Lower bound", "569.0 GiB"],
      ["Moved ÷ lower bound", "1.36×"],
      ["Kafka's --generate", "1.5 TiB"],
    ]);
    expect(figures[0]!.hint).toBe("200.0 GiB within brokers, 576.0 GiB between");
    expect(figures[3]!.hint).toBe("18 replicas copied by its striped placer assignment (2.00× this plan)");
  });

  it("qualityFigures() shows no ratio for a zero bound, and --generate's refusal in its words", () => {
    const figures = qualityFigures({ bytesMoved: { intra: 0, inter: 0, total: 0 }, lowerBound: 0, kafkaGenerate: { error: "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered." } });
    expect(figures[2]).toEqual({ label: "Moved ÷ lower bound", value: "–", hint: "nothing had to move" });
    expect(figures[3]).toEqual({ label: "Kafka's --generate", value: "refused", hint: "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered." });
    expect(qualityFigures({ bytesMoved: { intra: GiB, inter: 0, total: GiB }, lowerBound: 0, kafkaGenerate: { bytes: 0, replicas: 0, placer: "admin-utils" } })[2]!.hint).toBe("the bound is 0: no byte had to move for these goals");
  });
});
