// What the throttles panel and the throttle doctor say when the throttles and reassignments are
// unknown (an import without kafka-configs), known to be none, or set — and with a log-dir move in
// flight, which the heatmap marks "replica moving in".
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importSnapshot } from "@/lib/import";
import { ClusterSnapshotSchema, type ClusterSnapshot, type ClusterSnapshotInput, type Fact } from "@/lib/model/snapshot";
import { diagnoseThrottles } from "@/lib/throttle/doctor";
import { throttleView } from "@/lib/view/overview/throttles";

const real = (name: string) => readFileSync(`tests/fixtures/import/configs/4.4.0/${name}`, "utf8");

function snapshot(unknownFacts: Fact[] | undefined, extra: Partial<ClusterSnapshotInput> = {}): ClusterSnapshot {
  return ClusterSnapshotSchema.parse({
    schema: 1,
    capturedAt: "2026-01-01T00:00:00Z",
    source: { kind: "import", label: "t", ...(unknownFacts ? { unknownFacts } : {}) },
    brokers: [
      { id: 0, logDirs: [{ path: "/d1" }, { path: "/d2" }] },
      { id: 1, logDirs: [{ path: "/d1" }, { path: "/d2" }] },
      { id: 2, logDirs: [{ path: "/d1" }, { path: "/d2" }] },
    ],
    topics: [
      {
        name: "orders",
        partitions: [
          {
            id: 0,
            replicas: [
              { broker: 0, logDir: "/d1" },
              { broker: 1, logDir: "/d1" },
            ],
          },
        ],
      },
    ],
    ...extra,
  });
}

const CONFIGS_UNKNOWN: Fact[] = ["throttles", "reassignments", "leadership", "cordons"];
const withFuture = (unknown: Fact[] | undefined) =>
  snapshot(unknown, {
    topics: [
      {
        name: "orders",
        partitions: [
          {
            id: 0,
            replicas: [
              { broker: 0, logDir: "/d1", future: { logDir: "/d2" } },
              { broker: 1, logDir: "/d1" },
            ],
          },
        ],
      },
    ],
  });

describe("throttles panel", () => {
  it("throttleView() of an import without configs says the throttles and reassignments are unknown and how to learn them, never 'unlimited'", () => {
    const v = throttleView(snapshot(CONFIGS_UNKNOWN));
    expect(v.summary).toBe("Whether a throttle is set is unknown; whether a partition reassignment is in flight is unknown (no log-dir move is).");
    expect(v.empty).toBe(false);
    expect(v.unthrottledBrokers).toEqual([]);
    expect(v.unknownRateBrokers).toEqual([0, 1, 2]);
    expect(v.defaults.leader.text).toBe("unknown");
    expect(v.unknown.map((u) => u.text)).toEqual([
      expect.stringMatching(
        /^Throttles are unknown: the pasted outputs do not show the throttle configs\. To learn them, paste the output of `kafka-configs\.sh --bootstrap-server <servers> --describe --entity-type brokers`/,
      ),
      expect.stringMatching(/^Partition reassignments in flight are unknown: the pasted outputs do not show them\. To learn them, paste the output of `kafka-topics\.sh/),
    ]);
    expect(JSON.stringify([v.summary, v.defaults, v.brokers, v.unknown])).not.toMatch(/unlimited|unthrottled|No throttle is set|not set/);
  });

  it("throttleView() of a snapshot that carries them says none is set and nothing moves", () => {
    const v = throttleView(snapshot([]));
    expect(v.summary).toBe("No throttle is set and no reassignment or log-dir move is in flight: replication runs unthrottled.");
    expect(v).toMatchObject({ empty: true, unthrottledBrokers: [0, 1, 2], unknownRateBrokers: [], unknown: [] });
    expect(v.defaults.leader.text).toBe("not set");
  });

  it("throttleView() counts a log-dir move (a -future replica) as a move in flight, known or not", () => {
    const unknown = throttleView(withFuture(CONFIGS_UNKNOWN));
    expect(unknown.dirMoves).toEqual([{ topicPartition: "orders-0", broker: 0, from: "/d1", to: "/d2" }]);
    expect(unknown.summary).toBe("1 log-dir move in flight (other reassignments may be in flight: they are unknown). Whether a throttle is set is unknown.");
    const known = throttleView(withFuture([]));
    expect(known.empty).toBe(false);
    expect(known.summary).toBe("1 log-dir move in flight. No throttle is set: the moves run unthrottled.");
  });

  it("throttleView() with rates set says so, and unreachable brokers' rates are unknown", () => {
    const v = throttleView(
      snapshot([], {
        brokers: [{ id: 0 }, { id: 1 }, { id: 2, state: "unreachable" }],
        throttles: { brokers: [{ broker: 0, leader: 1000 }], reassignments: [{ topic: "orders", partition: 0, replicas: [0, 1, 2], adding: [2] }] },
      }),
    );
    expect(v.summary).toBe("1 partition reassignment in flight. Throttles are set.");
    expect(v.unthrottledBrokers).toEqual([1]);
    expect(v.unknownRateBrokers).toEqual([2]);
  });

  it("throttleView() of the real kafka-log-dirs output alone, and with kafka-configs beside it", () => {
    const alone = importSnapshot({ logDirs: real("log-dirs-all.txt"), capturedAt: "2026-01-01T00:00:00Z" });
    const all = importSnapshot({
      logDirs: real("log-dirs-all.txt"),
      topics: real("topics-describe.txt"),
      configs: real("configs-brokers.txt") + real("configs-topics.txt"),
      capturedAt: "2026-01-01T00:00:00Z",
    });
    if (!alone.ok || !all.ok) throw new Error("import failed");
    expect(throttleView(alone.value).summary).toMatch(/^Whether a throttle is set is unknown/);
    const v = throttleView(all.value);
    expect(v.unknown).toEqual([]);
    expect(v.summary).toBe("Throttles are set while nothing is moving.");
    expect(v.brokers.map((b) => [b.scope, b.leader.text, b.alterLogDirs.text])).toEqual([
      ["broker 1", "9.5 MiB/s", "4.8 MiB/s (default)"],
      ["broker 2", "unlimited", "4.8 MiB/s (default)"],
    ]);
  });
});

describe("throttle doctor", () => {
  it("diagnoseThrottles() never says 'No problems' when the throttles are unknown, and says how to learn them", () => {
    const d = diagnoseThrottles(snapshot(CONFIGS_UNKNOWN));
    expect(d.findings).toEqual([]);
    expect(d.summary).toBe("The throttles cannot be checked: the snapshot does not carry the throttle configs, so whether any is set, stale or ineffective is unknown.");
    expect(d.notes).toEqual([
      expect.stringMatching(/^Throttle configs are unknown \(the pasted outputs do not show them\)\. To learn them, paste the output of `kafka-configs\.sh/),
      expect.stringMatching(/^Partition reassignments in flight are unknown/),
    ]);
    // An old import (no unknownFacts) is read the same way: it carried no configs.
    expect(diagnoseThrottles(snapshot(undefined)).summary).toMatch(/^The throttles cannot be checked/);
  });

  it("diagnoseThrottles() says 'nothing is moving' only when it is known, and never with a -future replica", () => {
    expect(diagnoseThrottles(snapshot([])).summary).toBe("No problems: no throttle is set, and nothing is moving.");
    const moving = diagnoseThrottles(withFuture([]));
    expect(moving.moving).toBe(true);
    expect(moving.summary).toBe("No problems: no throttle is set, so the moves in flight run at full speed.");
    expect(diagnoseThrottles(snapshot(["reassignments"])).summary).toBe(
      "No problems: no throttle is set. Whether a partition reassignment is in flight is unknown (no log-dir move is).",
    );
  });

  it("diagnoseThrottles() does not call a rate stale 'while nothing is moving' when the reassignments are unknown", () => {
    const rates = { brokers: [{ broker: 0, leader: 1000 }] };
    const known = diagnoseThrottles(snapshot([], { throttles: rates }));
    expect(known.findings.map((f) => [f.code, f.severity])).toEqual([["stale_rate", "warning"]]);
    expect(known.findings[0]!.message).toMatch(/while nothing is moving/);
    const unknown = diagnoseThrottles(snapshot(["reassignments"], { throttles: rates }));
    expect(unknown.findings.map((f) => [f.code, f.severity])).toEqual([["stale_rate", "info"]]);
    expect(unknown.findings[0]!.message).toMatch(/whether a partition reassignment is, is unknown/);
    expect(unknown.findings[0]!.message).not.toMatch(/nothing is moving/);
  });
});
