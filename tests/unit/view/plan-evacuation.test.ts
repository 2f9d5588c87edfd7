import { describe, expect, it } from "vitest";
import { evacuationSentence, stuckLines } from "@/lib/view/plan-evacuation";

const GiB = 1024 ** 3;
const stuck = { topic: "__consumer_offsets", partition: 0, broker: 3, dir: "/data/d1", reason: "every broker that stays already holds a replica of __consumer_offsets-0" };

describe("evacuationSentence()", () => {
  it("evacuationSentence() says what left which broker or dir, and whether anything is left behind", () => {
    expect(evacuationSentence({ kind: "remove-brokers", brokers: [3] }, { replicas: 20, bytes: 812 * GiB, stuck: [], stuckTotal: 0 })).toBe("20 replicas (812.0 GiB) leave broker 3, and nothing is left behind.");
    expect(evacuationSentence({ kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d3" }], cordon: true }, { replicas: 1, bytes: GiB, stuck: [], stuckTotal: 0 })).toBe("1 replica (1.0 GiB) leaves /data/d3 on broker 2, and nothing is left behind.");
    expect(evacuationSentence({ kind: "remove-brokers", brokers: [3, 4] }, { replicas: 20, bytes: 812 * GiB, stuck: [stuck], stuckTotal: 50 })).toBe("20 replicas (812.0 GiB) leave brokers 3 and 4; 50 replicas cannot, listed below with why.");
    expect(evacuationSentence({ kind: "drain-dirs", dirs: [{ broker: 2, path: "/a" }, { broker: 2, path: "/b" }], cordon: false }, { replicas: 0, bytes: 0, stuck: [], stuckTotal: 0 })).toBe("Nothing had to leave 2 log dirs, and nothing is left behind.");
  });
});

describe("stuckLines()", () => {
  it("stuckLines() names each stuck replica where it is, with why, and counts those not listed", () => {
    expect(stuckLines({ replicas: 0, bytes: 0, stuck: [stuck, { ...stuck, partition: 1, dir: null, reason: "its topic is excluded from the plan" }], stuckTotal: 250 })).toEqual({
      lines: ["__consumer_offsets-0 on broker 3 (/data/d1): every broker that stays already holds a replica of __consumer_offsets-0", "__consumer_offsets-1 on broker 3: its topic is excluded from the plan"],
      more: 248,
    });
  });
});
