import { describe, expect, it } from "vitest";
import { importChecks } from "@/lib/view/import/import-checks";

describe("importChecks()", () => {
  it("importChecks() titles an import's warnings with their count and keeps their order", () => {
    expect(importChecks({ kind: "import", warnings: ["kafka-topics output, line 4: broker 7 …", "kafka-log-dirs output: 1 partition …"] })).toEqual({
      title: "Cross-checks of the pasted outputs: 2 findings",
      items: ["kafka-topics output, line 4: broker 7 …", "kafka-log-dirs output: 1 partition …"],
      skewScope: null,
    });
  });

  it("importChecks() says in its title when the skew figures cover only some topics (a --topic-list paste)", () => {
    const sure =
      "kafka-log-dirs output: the paste covers only 3 topics (--topic-list runs: broker 1 appears in 2 runs): broker skew is of those topics only; topics no run listed are not counted";
    expect(importChecks({ kind: "import", warnings: [sure] })).toMatchObject({
      title: "Cross-checks of the pasted outputs: 1 finding; the skew figures cover only some topics",
      skewScope: "These skew figures are of the topics the paste covers only (a --topic-list run; see the cross-checks above).",
    });
    const maybe =
      "kafka-log-dirs output: the paste covers 1 topic and no __consumer_offsets partition: if it is a --topic-list run, it covers only those 1 topic and broker skew is of those topics only (…)";
    expect(importChecks({ kind: "import", warnings: [maybe] })).toMatchObject({
      title: "Cross-checks of the pasted outputs: 1 finding; the skew figures may cover only some topics",
      skewScope: expect.stringMatching(/^If the paste is a --topic-list run/),
    });
  });

  it("importChecks() is null for an import without findings and for any other source", () => {
    expect(importChecks({ kind: "import", warnings: [] })).toBeNull();
    expect(importChecks({ kind: "kafka", warnings: ["Throttle configs could not be read"] })).toBeNull();
  });
});
