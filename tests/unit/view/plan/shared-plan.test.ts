import { describe, expect, it } from "vitest";
import { sameReassignment } from "@/lib/view/plan/shared-plan";

const a = '{"version":1,"partitions":[{"topic":"t","partition":0,"replicas":[1,2],"log_dirs":["any","any"]},{"topic":"t","partition":1,"replicas":[2,3]}]}';

describe("sameReassignment()", () => {
  it("sameReassignment() ignores the order of partitions and the spacing", () => {
    const b = '{ "partitions": [ {"topic":"t","partition":1,"replicas":[2,3]}, {"topic":"t","partition":0,"replicas":[1,2]} ] }';
    expect(sameReassignment(a, b)).toBe(true);
  });

  it("sameReassignment() tells apart a different move, a pinned dir and text that does not parse", () => {
    expect(sameReassignment(a, a.replace("[2,3]", "[3,2]"))).toBe(false);
    expect(sameReassignment(a, a.replace('["any","any"]', '["/data/d2","any"]'))).toBe(false);
    expect(sameReassignment("not json", "not json")).toBe(true);
    expect(sameReassignment(a, "not json")).toBe(false);
  });
});
