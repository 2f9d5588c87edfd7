import { describe, expect, it } from "vitest";
import { nextLogDirs } from "@/lib/placement";
import { cordonCommand, paddingPlan, waterLevel, type PaddingBroker } from "@/lib/plan/padding";

const GiB = 1024 ** 3;
const dir = (path: string, logCount: number, usedGiB: number, utilization: number | null = null) => ({
  path,
  state: "online" as const,
  logCount,
  usedBytes: usedGiB * GiB,
  utilization,
});

describe("paddingPlan()", () => {
  it("waterLevel() is the least level the targets reach with n more", () => {
    expect(waterLevel([10], 5)).toBe(15);
    expect(waterLevel([10, 10], 5)).toBe(13);
    expect(waterLevel([2, 10], 5)).toBe(7);
    expect(waterLevel([2, 10], 9)).toBe(11);
    expect(waterLevel([0, 0, 0], 1)).toBe(1);
  });

  it("pads the full dirs so Kafka's count rule sends the next n new partitions to the emptier dirs", () => {
    // The founding story: /d1 holds few huge partitions (looks empty to the count rule), /d2 many small ones.
    const broker: PaddingBroker = { id: 1, dirs: [dir("/d1", 4, 900), dir("/d2", 40, 100), dir("/d3", 30, 120)] };
    const plan = paddingPlan([broker], { steeredPartitions: 20 });
    // Only /d1 is at or above the mean fullness; the targets /d2, /d3 reach level 45 with 20 more.
    expect(plan.padded).toEqual([{ broker: 1, path: "/d1", logCountBefore: 4, add: 41 }]);
    expect(plan.targets).toEqual([{ broker: 1, dirs: ["/d2", "/d3"] }]);
    expect(plan.partitions).toHaveLength(41);
    expect(plan.partitions.every((p) => p.replicas[0] === 1 && p.logDirs[0] === "/d1")).toBe(true);
    // Replay Kafka's rule: after padding, 20 new replicas all avoid /d1.
    const counts: Record<string, number> = { "/d1": 45, "/d2": 40, "/d3": 30 };
    for (let i = 0; i < 20; i++) {
      const chosen = nextLogDirs(["/d1", "/d2", "/d3"], counts, { cordoned: [], tieOrder: "config" })[0]!;
      expect(chosen).not.toBe("/d1");
      counts[chosen]! += 1;
    }
    // Without padding the very first goes to /d1.
    expect(nextLogDirs(["/d1", "/d2", "/d3"], { "/d1": 4, "/d2": 40, "/d3": 30 }, { cordoned: [], tieOrder: "config" })[0]).toBe("/d1");
  });

  it("prints the topic creation, the pinned reassignment, its verification and the removal", () => {
    const plan = paddingPlan(
      [
        { id: 0, dirs: [dir("/a", 1, 10), dir("/b", 2, 1)] },
        { id: 2, dirs: [dir("/a", 0, 10, 0.9), dir("/b", 0, 1, 0.1)] },
      ],
      { steeredPartitions: 2, bootstrapServer: "k1:9092" },
    );
    expect(plan.padded).toEqual([
      { broker: 0, path: "/a", logCountBefore: 1, add: 3 },
      { broker: 2, path: "/a", logCountBefore: 0, add: 2 },
    ]);
    expect(plan.commands[0]).toBe(
      "kafka-topics.sh --bootstrap-server k1:9092 --create --topic kafka-balance-padding --replica-assignment 0,0,0,2,2 --config retention.bytes=1048576",
    );
    expect(JSON.parse(plan.reassignmentJson)).toEqual({
      version: 1,
      partitions: [0, 1, 2, 3, 4].map((p) => ({ topic: "kafka-balance-padding", partition: p, replicas: [p < 3 ? 0 : 2], log_dirs: ["/a"] })),
    });
    expect(plan.commands[1]).toBe(
      "for i in $(seq 30); do kafka-topics.sh --bootstrap-server k1:9092 --describe --topic kafka-balance-padding >/dev/null 2>&1 && break; sleep 1; done",
    );
    expect(plan.commands[2]).toBe(`cat > padding.json <<'EOF'\n${plan.reassignmentJson}\nEOF`);
    expect(plan.commands[3]).toBe("kafka-reassign-partitions.sh --bootstrap-server k1:9092 --reassignment-json-file padding.json --execute");
    expect(plan.commands[4]).toContain("--verify");
    expect(plan.removeCommand).toBe("kafka-topics.sh --bootstrap-server k1:9092 --delete --topic kafka-balance-padding");
  });

  it("skips brokers it cannot or need not pad, says why, and prints nothing when nothing needs padding", () => {
    const plan = paddingPlan([
      { id: 0, dirs: [dir("/a", 1, 10)] },
      { id: 1, dirs: [dir("/a", 1, 10), dir("/b", 1, 10)] },
      { id: 2, dirs: [{ ...dir("/a", 1, 10), state: "offline" }] },
      // The full dir already has more logs than the targets will reach.
      { id: 3, dirs: [dir("/a", 500, 10), dir("/b", 1, 1)] },
    ]);
    expect(plan.skipped).toEqual([
      { broker: 0, reason: "a single live log dir: every new partition goes there" },
      { broker: 1, reason: "its dirs are equally full" },
      { broker: 2, reason: "no live log dir" },
    ]);
    expect(plan.padded).toEqual([]);
    expect(plan.commands).toEqual([]);
  });

  it("leaves cordoned dirs out where the broker honours cordons, and treats them as ordinary dirs where it does not", () => {
    const dirs = [dir("/a", 1, 10), { ...dir("/b", 1, 1), state: "cordoned" as const }, dir("/c", 1, 1)];
    expect(paddingPlan([{ id: 0, dirs, honoursCordons: true }], { steeredPartitions: 1 }).targets).toEqual([{ broker: 0, dirs: ["/c"] }]);
    expect(paddingPlan([{ id: 0, dirs, honoursCordons: false }], { steeredPartitions: 1 }).targets).toEqual([{ broker: 0, dirs: ["/b", "/c"] }]);
  });

  it("quotes hostile names as one shell word", () => {
    const plan = paddingPlan([{ id: 0, dirs: [dir("/a", 0, 10), dir("/b", 0, 1)] }], { topic: "x; rm -rf /", steeredPartitions: 1 });
    expect(plan.commands[0]).toContain("--topic 'x; rm -rf /'");
    expect(cordonCommand("<bootstrap-servers>", 3, ["/d/2", "/d/3"])).toBe(
      "kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 3 --alter --add-config 'cordoned.log.dirs=[/d/2,/d/3]'",
    );
  });
});
