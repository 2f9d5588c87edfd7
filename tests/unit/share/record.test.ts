import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseStored } from "@/lib/model/parse";
import { PlanOptionsSchema } from "@/lib/plan/options";
import { openerPath, SharedPlanSchema, storedScenario } from "@/lib/share/record";
import { fixturePayload } from "../links/fixture";

/** The plan of the v1 fixture record as it is stored: options with `mode`, `order` and `interObjective`. */
function storedV1Plan(): { options: Record<string, unknown>; reassignmentJson: string } {
  const file = path.resolve(import.meta.dirname, "../../fixtures/snapshots/v1/plan.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { payload: { plan: { options: Record<string, unknown>; reassignmentJson: string } } }).payload.plan;
}

describe("record helpers", () => {
  it("openerPath() opens snapshots in /s, scenarios in the simulator and plans in the planner", () => {
    expect(openerPath("snapshot", "AAAAAAAAAAAAAAAAAAAAAA")).toBe("/s/AAAAAAAAAAAAAAAAAAAAAA");
    expect(openerPath("scenario", "AAAAAAAAAAAAAAAAAAAAAA")).toBe("/simulate?shared=AAAAAAAAAAAAAAAAAAAAAA");
    expect(openerPath("plan", "AAAAAAAAAAAAAAAAAAAAAA")).toBe("/plan?shared=AAAAAAAAAAAAAAAAAAAAAA");
  });

  it("storedScenario() puts the record's snapshot back as the scenario's base", () => {
    const { snapshot, scenario } = fixturePayload("scenario");
    expect(storedScenario({ snapshot, scenario })).toEqual({ ...scenario, base: snapshot });
    expect(storedScenario({ snapshot, scenario: null })).toBeNull();
  });

  it("SharedPlanSchema opens a plan link stored before goals existed, with the goals its mode meant", () => {
    const stored = storedV1Plan();
    expect(stored.options).toMatchObject({ mode: "intra", order: "inter-first", interObjective: "bytes" });
    // As decodeRecord reads a record: keys retired since are dropped, never refused — so the upgrade must come first.
    const opened = parseStored(SharedPlanSchema, stored);
    expect(opened.success).toBe(true);
    if (!opened.success) return;
    expect(opened.data.options).toEqual(
      PlanOptionsSchema.parse({
        goals: ["dir-utilization"],
        intraObjective: "utilization",
        tolerance: 0.05,
        headroom: 0.85,
        excludeTopics: ["payments.eu"],
        maxBytesToMove: null,
        moveLeaders: false,
        throttle: { replicationBytesPerSecond: 52428800, alterLogDirsBytesPerSecond: 104857600 },
        bootstrapServer: "kafka-1.prod.example.com:9092",
        maxMoves: 200000,
      }),
    );
    expect(opened.data.options.operation).toEqual({ kind: "rebalance" });
    expect(opened.data.reassignmentJson).toBe(stored.reassignmentJson);
  });

  it("SharedPlanSchema reads each old mode and broker objective as the goals they balanced", () => {
    const goals = (options: Record<string, unknown>) => SharedPlanSchema.parse({ options }).options.goals;
    expect(goals({ mode: "intra" })).toEqual(["dir-utilization"]);
    expect(goals({ mode: "inter", interObjective: "replicas" })).toEqual(["broker-replicas"]);
    expect(goals({ mode: "both", order: "intra-first" })).toEqual(["dir-utilization", "broker-bytes"]);
    // Today's options pass through as they are.
    expect(goals({ goals: ["topic-spread", "broker-leaders"] })).toEqual(["topic-spread", "broker-leaders"]);
  });
});
