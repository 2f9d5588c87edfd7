import { describe, expect, it } from "vitest";
import { importChecks } from "@/lib/view/import-checks";

describe("importChecks()", () => {
  it("importChecks() titles an import's warnings with their count and keeps their order", () => {
    expect(importChecks({ kind: "import", warnings: ["kafka-topics output, line 4: broker 7 …", "kafka-log-dirs output: 1 partition …"] })).toEqual({
      title: "Cross-checks of the pasted outputs: 2 findings",
      items: ["kafka-topics output, line 4: broker 7 …", "kafka-log-dirs output: 1 partition …"],
    });
  });

  it("importChecks() says in its title when the skew figures cover only some topics (a --topic-list paste)", () => {
    const sure = "kafka-log-dirs output: the paste covers only 3 topics (--topic-list runs: broker 1 appears in 2 runs): broker skew is of those topics only; topics no run listed are not counted";
    expect(importChecks({ kind: "import", warnings: [sure] })?.title).toBe("Cross-checks of the pasted outputs: 1 finding; the skew figures cover only some topics");
    const maybe = "kafka-log-dirs output: the paste covers 1 topic and no __consumer_offsets partition: if it is a --topic-list run, it covers only those 1 topic and broker skew is of those topics only (…)";
    expect(importChecks({ kind: "import", warnings: [maybe] })?.title).toBe("Cross-checks of the pasted outputs: 1 finding; the skew figures may cover only some topics");
  });

  it("importChecks() is null for an import without findings and for any other source", () => {
    expect(importChecks({ kind: "import", warnings: [] })).toBeNull();
    expect(importChecks({ kind: "kafka", warnings: ["Throttle configs could not be read"] })).toBeNull();
  });
});
