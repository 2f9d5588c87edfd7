import { describe, expect, it } from "vitest";
import { evacuationSentence, partitionRuns, stuckGroups } from "@/lib/view/plan/plan-evacuation";

const GiB = 1024 ** 3;
const stuck = { topic: "__consumer_offsets", partition: 0, broker: 3, dir: "/data/d1", reason: "every broker that stays already holds a replica of __consumer_offsets-0" };

describe("evacuationSentence()", () => {
  it("evacuationSentence() says what left which broker or dir, and whether anything is left behind", () => {
    expect(evacuationSentence({ kind: "remove-brokers", brokers: [3] }, { replicas: 20, bytes: 812 * GiB, stuck: [], stuckTotal: 0 })).toBe(
      "20 replicas (812.0 GiB) leave broker 3, and nothing is left behind.",
    );
    expect(evacuationSentence({ kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d3" }], cordon: true }, { replicas: 1, bytes: GiB, stuck: [], stuckTotal: 0 })).toBe(
      "1 replica (1.0 GiB) leaves /data/d3 on broker 2, and nothing is left behind.",
    );
    expect(evacuationSentence({ kind: "remove-brokers", brokers: [3, 4] }, { replicas: 20, bytes: 812 * GiB, stuck: [stuck], stuckTotal: 50 })).toBe(
      "20 replicas (812.0 GiB) leave brokers 3 and 4; 50 replicas cannot, listed below with why.",
    );
    expect(
      evacuationSentence(
        {
          kind: "drain-dirs",
          dirs: [
            { broker: 2, path: "/a" },
            { broker: 2, path: "/b" },
          ],
          cordon: false,
        },
        { replicas: 0, bytes: 0, stuck: [], stuckTotal: 0 },
      ),
    ).toBe("Nothing had to leave 2 log dirs, and nothing is left behind.");
  });
});

describe("stuckGroups()", () => {
  it("stuckGroups() says a reason once for every partition of a topic it holds for, and counts those not listed", () => {
    const many = Array.from({ length: 50 }, (_, p) => ({ ...stuck, partition: p, reason: `every broker that stays already holds a replica of __consumer_offsets-${p}` }));
    expect(
      stuckGroups({
        replicas: 0,
        bytes: 0,
        stuck: [...many, { topic: "orders", partition: 3, broker: 3, dir: null, reason: "its topic is excluded from the plan" }],
        stuckTotal: 260,
      }),
    ).toEqual({
      lines: [
        "__consumer_offsets partitions 0–49 on broker 3 (/data/d1): every broker that stays already holds a replica of the partition",
        "orders-3 on broker 3: its topic is excluded from the plan",
      ],
      more: 209,
    });
  });

  it("stuckGroups() keeps different reasons and brokers apart", () => {
    const lines = stuckGroups({
      replicas: 0,
      bytes: 0,
      stuck: [
        { ...stuck, partition: 1, reason: "its dir is offline, so the snapshot has no figures for it and the plan leaves it" },
        { ...stuck, partition: 2, broker: 4, dir: "/data/d2", reason: "its dir is offline, so the snapshot has no figures for it and the plan leaves it" },
        { ...stuck, partition: 3, reason: "its dir is offline, so the snapshot has no figures for it and the plan leaves it" },
      ],
      stuckTotal: 3,
    }).lines;
    expect(lines).toEqual([
      "__consumer_offsets partitions 1, 3 on broker 3 (/data/d1): its dir is offline, so the snapshot has no figures for it and the plan leaves it",
      "__consumer_offsets-2 on broker 4 (/data/d2): its dir is offline, so the snapshot has no figures for it and the plan leaves it",
    ]);
  });

  it("partitionRuns() writes consecutive ids as runs", () => {
    expect(partitionRuns([5, 0, 1, 2, 7, 6, 9])).toBe("0–2, 5–7, 9");
    expect(partitionRuns([4])).toBe("4");
  });
});
