import { describe, expect, it } from "vitest";
import { importChecks } from "@/lib/view/import-checks";

describe("importChecks()", () => {
  it("importChecks() titles an import's warnings with their count and keeps their order", () => {
    expect(importChecks({ kind: "import", warnings: ["kafka-topics output, line 4: broker 7 …", "kafka-log-dirs output: 1 partition …"] })).toEqual({
      title: "Cross-checks of the pasted outputs: 2 findings",
      items: ["kafka-topics output, line 4: broker 7 …", "kafka-log-dirs output: 1 partition …"],
    });
  });

  it("importChecks() is null for an import without findings and for any other source", () => {
    expect(importChecks({ kind: "import", warnings: [] })).toBeNull();
    expect(importChecks({ kind: "kafka", warnings: ["Throttle configs could not be read"] })).toBeNull();
  });
});
