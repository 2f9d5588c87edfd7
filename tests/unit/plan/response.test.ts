import { describe, expect, it } from "vitest";
import { planRebalance, PlanOptionsSchema, type Plan } from "@/lib/plan";
import { MAX_MOVES_LISTED, planResponse } from "@/lib/plan/response";
import { demoSnapshot } from "@/lib/simulate/presets";

const planned = planRebalance(demoSnapshot(), PlanOptionsSchema.parse({ goals: ["dir-utilization"] }));
if (!planned.ok) throw new Error(planned.error.message);
const plan: Plan = planned.value;

describe("planResponse()", () => {
  it("planResponse() leaves out the after-snapshot and counts every move", () => {
    const response = planResponse(plan);
    expect("afterSnapshot" in response).toBe(false);
    expect(response.movesTotal).toBe(plan.moves.length);
    expect(response.reassignmentJson).toBe(plan.reassignmentJson);
    expect(response.after).toBe(plan.after);
  });

  it("planResponse() lists the largest moves first, at most MAX_MOVES_LISTED of them", () => {
    const many: Plan["moves"] = Array.from({ length: MAX_MOVES_LISTED + 5 }, (_, i) => ({ ...plan.moves[0]!, partition: i, bytes: i }));
    const response = planResponse({ ...plan, moves: many });
    expect(response.movesTotal).toBe(MAX_MOVES_LISTED + 5);
    expect(response.moves).toHaveLength(MAX_MOVES_LISTED);
    expect(response.moves[0]!.bytes).toBe(MAX_MOVES_LISTED + 4);
    expect(response.moves.at(-1)!.bytes).toBe(5);
  });
});
