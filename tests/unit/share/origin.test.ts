import { describe, expect, it } from "vitest";
import { originFromParams, plannerPath, simulatorPath } from "@/lib/share/origin";

describe("originFromParams()", () => {
  it("originFromParams() reads ?shared=<id> before ?base=", () => {
    expect(originFromParams({ shared: "abc", base: "imported" })).toEqual({ kind: "shared", id: "abc" });
  });

  it("originFromParams() reads ?base=imported, and anything else or nothing as the current source", () => {
    expect(originFromParams({ base: "imported" })).toEqual({ kind: "imported" });
    expect(originFromParams({ base: ["imported", "current"] })).toEqual({ kind: "imported" });
    expect(originFromParams({ base: "elsewhere" })).toEqual({ kind: "current" });
    expect(originFromParams({})).toEqual({ kind: "current" });
  });
});

describe("plannerPath() and simulatorPath()", () => {
  it("plannerPath() names the origin so the planner plans that snapshot", () => {
    expect(plannerPath({ kind: "current" })).toBe("/plan");
    expect(plannerPath({ kind: "imported" })).toBe("/plan?base=imported");
    expect(plannerPath({ kind: "shared", id: "a_b-C" })).toBe("/plan?shared=a_b-C");
  });

  it("simulatorPath() starts the simulator from the origin's cluster, the current source included", () => {
    expect(simulatorPath({ kind: "current" })).toBe("/simulate?base=current");
    expect(simulatorPath({ kind: "imported" })).toBe("/simulate?base=imported");
    expect(simulatorPath({ kind: "shared", id: "x y" })).toBe("/simulate?shared=x%20y");
  });

  it("the paths read back as the origin they were made from", () => {
    for (const origin of [{ kind: "imported" }, { kind: "shared", id: "abc" }] as const) {
      for (const path of [plannerPath(origin), simulatorPath(origin)]) {
        expect(originFromParams(Object.fromEntries(new URL(path, "http://x").searchParams))).toEqual(origin);
      }
    }
  });
});
