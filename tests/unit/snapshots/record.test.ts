import { describe, expect, it } from "vitest";
import { openerPath, storedScenario } from "@/lib/snapshots/record";
import { fixturePayload } from "./fixture";

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
});
