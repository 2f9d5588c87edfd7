import { describe, expect, it } from "vitest";
import { cordonNote, emptyBrokers, joinWords, operationChoices, operationPhrase } from "@/lib/view/plan/plan-operation";
import { cluster, GiB } from "../../../support/snapshots";

const snapshot = cluster({
  kafkaVersion: "4.4.0",
  brokers: [
    { id: 2, rack: "b", dirs: ["/d1", { path: "/d2", state: "cordoned" }] },
    { id: 1, rack: "a", kafkaVersion: "4.2.1", dirs: ["/d1", "/d2"] },
    { id: 3, dirs: ["/d1"] },
    { id: 4, state: "unreachable", dirs: ["/d1"] },
  ],
  partitions: [
    {
      topic: "t",
      partition: 0,
      replicas: [
        [1, "/d1", 30 * GiB],
        [2, "/d2", 30 * GiB],
      ],
    },
    {
      topic: "t",
      partition: 1,
      replicas: [
        [2, "/d1", 10 * GiB],
        [1, "/d1", 10 * GiB],
      ],
    },
  ],
});

describe("operationChoices()", () => {
  it("operationChoices() lists every broker by id with what it and each of its dirs hold", () => {
    const choices = operationChoices(snapshot);
    expect(choices.map((b) => b.id)).toEqual([1, 2, 3, 4]);
    expect(choices[0]).toMatchObject({ id: 1, bytes: 40 * GiB, replicas: 2, label: "broker 1 (rack a): 40.0 GiB in 2 replicas" });
    expect(choices[0]!.dirs.map((d) => d.label)).toEqual(["/d1: 40.0 GiB, 40% used", "/d2: 0 B, 0% used"]);
    expect(choices[1]!.dirs.map((d) => [d.path, d.state, d.bytes])).toEqual([
      ["/d1", "online", 10 * GiB],
      ["/d2", "cordoned", 30 * GiB],
    ]);
    expect(choices[1]!.dirs[1]!.label).toBe("/d2: 30.0 GiB, 30% used, cordoned");
    expect(choices[3]!.label).toBe("broker 4: 0 replicas (sizes unknown), unreachable");
    expect(choices[3]!.removeNote).toBeUndefined();
  });

  it("operationChoices() never shows a dead broker's bytes as 0, and says what removing it does", () => {
    const s = cluster({
      brokers: [
        { id: 1, dirs: ["/d1"] },
        { id: 2, state: "unreachable", dirs: [] },
      ],
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [1, "/d1", GiB],
            [2, null, 0],
          ],
        },
      ],
    });
    s.topics[0]!.partitions[0]!.replicas[1]!.sizeBytes = null;
    const dead = operationChoices(s)[1]!;
    expect(dead.label).toBe("broker 2: 1 replica (sizes unknown), unreachable");
    expect(dead.removeNote).toBe("does not answer: removing it re-creates its replicas on the brokers that stay, each copied from its partition's leader (no throttle on it)");
  });

  it("operationChoices() says which brokers have cordons, by each broker's own Kafka version", () => {
    expect(operationChoices(snapshot).map((b) => [b.id, b.cordons])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, true],
    ]);
  });
});

describe("emptyBrokers()", () => {
  it("emptyBrokers() offers the online brokers that hold nothing, never an unreachable one", () => {
    expect(emptyBrokers(operationChoices(snapshot))).toEqual([3]);
  });

  it("operationChoices() marks which brokers Add brokers can fill, and why not the others (what the planner refuses)", () => {
    const withOffline = cluster({
      brokers: [
        { id: 1, dirs: ["/d1"] },
        { id: 5, dirs: [{ path: "/d1", state: "offline" }] },
      ],
      partitions: [{ topic: "t", partition: 0, replicas: [[1, "/d1", GiB]] }],
    });
    expect([...operationChoices(snapshot), ...operationChoices(withOffline)].map((b) => [b.id, b.fill])).toEqual([
      [1, { ok: false, note: "holds data: to even it out, use Rebalance" }],
      [2, { ok: false, note: "holds data: to even it out, use Rebalance" }],
      [3, { ok: true, note: "empty: can be filled" }],
      [4, { ok: false, note: "unreachable: cannot be filled" }],
      [1, { ok: false, note: "holds data: to even it out, use Rebalance" }],
      [5, { ok: false, note: "no open log dir: cannot be filled" }],
    ]);
    // An empty broker whose only dir is offline is not offered for filling either.
    expect(emptyBrokers(operationChoices(withOffline))).toEqual([]);
  });
});

describe("cordonNote()", () => {
  it("cordonNote() is null when every chosen dir's broker has cordons, else names the brokers without", () => {
    const choices = operationChoices(snapshot);
    expect(cordonNote(choices, [{ broker: 2, path: "/d1" }])).toBeNull();
    expect(cordonNote(choices, [])).toBeNull();
    expect(
      cordonNote(choices, [
        { broker: 1, path: "/d1" },
        { broker: 1, path: "/d2" },
        { broker: 2, path: "/d1" },
      ]),
    ).toBe(
      "Broker 1 runs a Kafka version without cordons (before 4.3): its dirs are drained without one, and Kafka may still put a new partition there until the dir leaves log.dirs.",
    );
  });
});

describe("operationPhrase()", () => {
  it("operationPhrase() says what the operation does to what it names", () => {
    expect(operationPhrase({ kind: "rebalance" })).toBeNull();
    expect(operationPhrase({ kind: "remove-brokers", brokers: [3] })).toBe("empty broker 3");
    expect(operationPhrase({ kind: "add-brokers", brokers: [4, 5, 6] })).toBe("fill brokers 4, 5 and 6");
    expect(operationPhrase({ kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d3" }], cordon: true })).toBe("empty /data/d3 on broker 2");
    expect(
      operationPhrase({
        kind: "drain-dirs",
        dirs: [
          { broker: 2, path: "/a" },
          { broker: 2, path: "/b" },
        ],
        cordon: false,
      }),
    ).toBe("empty 2 log dirs");
  });

  it("joinWords() joins with commas and a final 'and'", () => {
    expect([[], ["a"], ["a", "b"], ["a", "b", "c"]].map((w) => joinWords(w))).toEqual(["", "a", "a and b", "a, b and c"]);
  });
});
