import { describe, expect, it } from "vitest";
import { PolicySchema } from "@/lib/simulate/schema";
import { countDirs, SimulationState } from "@/lib/simulate/state";
import { SimulationError } from "@/lib/simulate/errors";
import { cluster, GiB } from "@/tests/support/snapshots";

function base() {
  const snap = cluster({
    brokers: [
      { id: 1, dirs: [{ path: "/d1", otherBytes: 5 * GiB }, "/d2"] },
      { id: 2, dirs: [{ path: "/d1", totalBytes: null }] },
      { id: 3, state: "unreachable", dirs: ["/d1"] },
    ],
    partitions: [
      {
        topic: "a",
        partition: 0,
        replicas: [
          [1, "/d1", 3 * GiB],
          [2, "/d1", 3 * GiB],
        ],
      },
      { topic: "b", partition: 0, replicas: [[1, "/d1", GiB]] },
    ],
  });
  // A KIP-113 move in progress: the future copy counts in the dir it is being written to.
  snap.topics[1]!.partitions[0]!.replicas[0]!.future = { logDir: "/d2", sizeBytes: 2 * GiB, offsetLag: null };
  return snap;
}

const policy = (input: Record<string, unknown> = {}) => PolicySchema.parse(input);
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof SimulationError) return `${e.code}: ${e.message}`;
    throw e;
  }
  return "no error";
};

describe("countDirs()", () => {
  it("countDirs() counts the logs and bytes of current and future replicas in every dir", () => {
    const counted = countDirs(base());
    expect(counted.get(1)!.map((d) => [d.path, d.count, d.bytes / GiB])).toEqual([
      ["/d1", 2, 4],
      ["/d2", 1, 2],
    ]);
    expect(counted.get(3)!.map((d) => [d.count, d.bytes])).toEqual([[0, 0]]);
  });

  it("countDirs() takes the usage that is not Kafka's from capacity and usable bytes, and none when capacity is unknown", () => {
    const counted = countDirs(base());
    // cluster() counts only current replicas in usableBytes, so /d2's future copy shows as 0 other usage.
    expect(counted.get(1)!.map((d) => d.otherBytes / GiB)).toEqual([5, 0]);
    expect(counted.get(2)![0]!.otherBytes).toBe(0);
  });
});

describe("SimulationState", () => {
  it("SimulationState never changes its base, whatever it changes itself", () => {
    const snap = base();
    const frozen = JSON.stringify(snap);
    const state = new SimulationState(snap, policy());
    state.mutableTopic("a").partitions[0]!.leader = 2;
    state.brokerDisks(1).addLog("/d2", GiB);
    state.addBroker({ id: 0, rack: null, host: null, port: null, state: "online", error: null, logDirs: [] }, []);
    state.capture("after");
    expect(JSON.stringify(snap)).toBe(frozen);
  });

  it("mutableTopic() copies a shared topic once per round, and topic() then reads the copy", () => {
    const snap = base();
    const state = new SimulationState(snap, policy());
    expect(state.topic("a")).toBe(snap.topics[0]);
    const copy = state.mutableTopic("a");
    expect(copy).not.toBe(snap.topics[0]);
    expect(copy).toEqual(snap.topics[0]);
    expect(state.mutableTopic("a")).toBe(copy);
    expect(state.topic("a")).toBe(copy);
    state.takeChanges();
    expect(state.mutableTopic("a")).not.toBe(copy);
  });

  it("takeChanges() lists each topic changed or created since the last call with the version it replaced", () => {
    const snap = base();
    const state = new SimulationState(snap, policy());
    state.mutableTopic("a").partitions[0]!.leader = 2;
    state.mutableTopic("a").partitions[0]!.leader = 1;
    state.addTopic({ name: "c", internal: false, topicId: null, partitions: [] });
    const first = state.takeChanges();
    expect(first.map((c) => [c.name, c.before === snap.topics[0], c.before === null, c.after === state.topic(c.name)])).toEqual([
      ["a", true, false, true],
      ["c", false, true, true],
    ]);
    expect(state.takeChanges()).toEqual([]);
    const round2 = state.topic("a");
    state.mutableTopic("a").partitions[0]!.isr = [];
    const [second] = state.takeChanges();
    expect(second!.before).toBe(round2);
    expect(second!.before!.partitions[0]!.isr).toEqual([1, 2]);
    expect(second!.after.partitions[0]!.isr).toEqual([]);
  });

  it("broker(), brokerDisks() and topic() refuse unknown names and say how to add them", () => {
    const state = new SimulationState(base(), policy());
    expect(code(() => state.broker(9))).toBe("unknown_broker: there is no broker 9; add it first with an addBroker step");
    expect(code(() => state.brokerDisks(9))).toBe("unknown_broker: there is no broker 9; add it first with an addBroker step");
    expect(code(() => state.topic("x"))).toBe("unknown_topic: there is no topic x; create it first with a createTopic step");
    expect(code(() => state.mutableTopic("x"))).toMatch(/^unknown_topic/);
  });

  it("addBroker() keeps brokers in id order", () => {
    const state = new SimulationState(base(), policy());
    state.addBroker({ id: 0, rack: null, host: null, port: null, state: "online", error: null, logDirs: [] }, [
      { path: "/x", state: "online", totalBytes: null, otherBytes: 0, bytes: 0, count: 0 },
    ]);
    expect(state.snapshot.brokers.map((b) => b.id)).toEqual([0, 1, 2, 3]);
    expect(state.brokerDisks(0).has("/x")).toBe(true);
    expect(state.isOnline(0)).toBe(true);
  });

  it("placePartition() puts each replica in its broker's dir by the policy, leaves unreachable brokers out of the ISR and leads with the first in-sync one", () => {
    const state = new SimulationState(base(), policy());
    const p = state.placePartition(4, [3, 1], GiB);
    expect(p.replicas.map((r) => [r.broker, r.logDir, r.sizeBytes])).toEqual([
      [3, "/d1", GiB],
      // Kafka's count rule: /d2 holds one log (a future copy), /d1 two.
      [1, "/d2", GiB],
    ]);
    expect([p.id, p.leader, p.isr]).toEqual([4, 1, [1]]);
    expect(state.brokerDisks(1).dir("/d2").count).toBe(2);
    const bytes = new SimulationState(base(), policy({ logDirPlacement: "least-bytes" }));
    // least-bytes: /d1 holds 4 GiB, /d2 2 GiB.
    expect(bytes.placePartition(0, [1], GiB).replicas[0]!.logDir).toBe("/d2");
  });

  it("capture() is a scenario snapshot whose usable bytes follow the simulated dirs", () => {
    const state = new SimulationState(base(), policy());
    state.brokerDisks(1).addLog("/d1", 10 * GiB);
    state.brokerDisks(1).failDir("/d2");
    const out = state.capture("after step 1");
    expect(out.source).toMatchObject({ kind: "scenario", label: "after step 1" });
    expect(out.brokers[0]!.logDirs.map((d) => [d.path, d.state, d.usableBytes! / GiB, d.error])).toEqual([
      ["/d1", "online", 100 - 5 - 14, null],
      ["/d2", "offline", 100 - 2, "simulated log dir failure"],
    ]);
    expect(out.brokers[1]!.logDirs[0]!.usableBytes).toBeNull();
  });

  it("capture() hands out a copy: changing it changes nothing in the state", () => {
    const state = new SimulationState(base(), policy());
    const out = state.capture("x");
    out.topics[0]!.partitions[0]!.replicas[0]!.broker = 99;
    out.brokers[0]!.logDirs[0]!.path = "/changed";
    expect(state.capture("x").topics[0]!.partitions[0]!.replicas[0]!.broker).toBe(1);
    expect(state.capture("x").brokers[0]!.logDirs[0]!.path).toBe("/d1");
  });

  it("kafkaLineOf() follows the policy's version, or under auto the broker's own, else the cluster's", () => {
    const snap = base();
    snap.brokers[1]!.kafkaVersion = "4.2.1";
    const auto = new SimulationState(snap, policy());
    expect(snap.brokers.map((b) => auto.kafkaLineOf(b))).toEqual(["4.4", "4.2", "4.4"]);
    const pinned = new SimulationState(snap, policy({ kafkaVersion: "4.3" }));
    expect(snap.brokers.map((b) => pinned.kafkaLineOf(b))).toEqual(["4.3", "4.3", "4.3"]);
    expect(pinned.brokerDisks(2).kafkaLine).toBe("4.3");
  });
});
