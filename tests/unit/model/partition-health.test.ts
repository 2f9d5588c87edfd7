import { describe, expect, it } from "vitest";
import { partitionHealth } from "@/lib/model/partition-health";
import { snap } from "@/tests/support/snapshots";

const r = (broker: number) => ({ broker, logDir: "/d", sizeBytes: 1 });

function health(minIsr: number | undefined, source: "demo" | "import" = "demo") {
  return partitionHealth(
    snap({
      source: { kind: source, label: "x", unknownFacts: source === "import" ? ["leadership"] : [] },
      brokers: [{ id: 1 }, { id: 2 }, { id: 3, state: "unreachable" }, { id: 4, logDirs: [{ path: "/d" }, { path: "/e", state: "offline" }] }],
      topics: [
        {
          name: "t",
          ...(minIsr !== undefined ? { minInsyncReplicas: minIsr } : {}),
          partitions: [
            { id: 0, leader: 1, isr: [1, 2, 3], replicas: [r(1), r(2), r(3)] },
            { id: 1, leader: 1, isr: [1, 2], replicas: [r(1), r(2), r(3)] },
            { id: 2, leader: 2, isr: [2], replicas: [r(2), r(3), r(1)] },
            { id: 3, leader: null, isr: [], replicas: [r(3)] },
          ],
        },
      ],
    }),
  );
}

describe("partitionHealth()", () => {
  it("partitionHealth() counts under-replicated, under-min-ISR and offline partitions and names the brokers down", () => {
    const h = health(2);
    expect(h).toMatchObject({
      partitions: 4,
      underReplicated: 3,
      underMinIsr: 2,
      underMinIsrAtLeast: 2,
      minIsrUnknown: 0,
      offline: 1,
      brokersDown: [3],
      brokersWithOfflineDirs: [4],
    });
    expect(h.examples).toEqual({ underReplicated: ["t-1", "t-2", "t-3"], underMinIsr: ["t-2", "t-3"], offline: ["t-3"] });
  });

  it("partitionHealth() never counts under-min-ISR 0 when min.insync.replicas is unknown: only an empty ISR is sure", () => {
    const h = health(undefined);
    expect(h.underMinIsr).toBeNull();
    expect(h.underMinIsrAtLeast).toBe(1);
    expect(h.minIsrUnknown).toBe(2);
    expect(h.underReplicated).toBe(3);
  });

  it("partitionHealth() says nothing about the ISR or leaders when the source did not carry them", () => {
    const h = health(2, "import");
    expect(h).toMatchObject({ underReplicated: null, underMinIsr: null, offline: null, brokersDown: [3] });
  });
});
