import { describe, expect, it } from "vitest";
import { planRunSteps } from "@/lib/view/plan-run-steps";

const throttles = (apply: string[], remove: string[]) => ({ topics: [], brokers: [], commands: { apply, remove } });
const leadership = (n: number) => ({
  changes: Array.from({ length: n }, (_, i) => ({ topic: "t", partition: i, from: 1, to: 2 })),
  electionJson: "{}",
  command: "kafka-leader-election.sh --bootstrap-server k:9092 --election-type PREFERRED --path-to-json-file election.json",
});

describe("planRunSteps()", () => {
  it("planRunSteps() orders cordons, throttles, the reassignment, the election and the throttles' removal, numbered", () => {
    const steps = planRunSteps({
      options: { bootstrapServer: "k:9092" },
      entries: [{}],
      cordons: [{ broker: 2, dirs: ["/d3"], command: "cordon 2" }, { broker: 3, dirs: ["/d1"], command: "cordon 3" }],
      throttles: throttles(["set a", "set b"], ["unset a"]),
      leadership: leadership(2),
    });
    expect(steps.map((s) => s.title)).toEqual([
      "1. Cordon the dirs being drained",
      "2. Set the throttles",
      "3. Start, then check until done",
      "4. When it is done: elect the preferred leaders (election.json)",
      "5. When nothing is moving: remove the throttles",
    ]);
    expect(steps[0]!.text).toBe("cordon 2\ncordon 3");
    expect(steps[2]!.text).toContain("kafka-reassign-partitions.sh --bootstrap-server k:9092 --reassignment-json-file plan.json --execute");
    expect(steps[3]!.text).toContain("--election-type PREFERRED");
  });

  it("planRunSteps() leaves out the steps with nothing to do and numbers the rest without a gap", () => {
    const steps = planRunSteps({ options: { bootstrapServer: "k:9092" }, entries: [{}], cordons: [], throttles: throttles([], []), leadership: leadership(0) });
    expect(steps.map((s) => [s.id, s.title])).toEqual([["plan-execute", "1. Start, then check until done"]]);
    expect(planRunSteps({ options: { bootstrapServer: "k:9092" }, entries: [], cordons: [], throttles: throttles([], []), leadership: leadership(0) })).toEqual([]);
  });
});
