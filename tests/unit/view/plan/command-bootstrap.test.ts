import { describe, expect, it } from "vitest";
import { commandBootstrap } from "@/lib/view/plan/command-bootstrap";

describe("commandBootstrap()", () => {
  it("commandBootstrap() names the live cluster's servers for a live snapshot", () => {
    expect(commandBootstrap("kafka", "k1:9092,k2:9092")).toBe("k1:9092,k2:9092");
  });

  it("commandBootstrap() writes the placeholder for the demo, an import or a scenario, even when the server has a live cluster", () => {
    for (const kind of ["demo", "import", "scenario"] as const) expect(commandBootstrap(kind, "k1:9092")).toBe("<bootstrap-servers>");
    expect(commandBootstrap("kafka", null)).toBe("<bootstrap-servers>");
  });
});
