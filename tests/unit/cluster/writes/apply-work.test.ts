import { describe, expect, it } from "vitest";
import { cordonWrites, electionTargets, preferredLeaderChanges, sortElectionAnswers } from "@/lib/cluster/writes/apply-work";
import { ELECTION_NOT_NEEDED, PREFERRED_LEADER_NOT_AVAILABLE } from "@/lib/cluster/writes/requests";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { snap } from "@/tests/support/snapshots";

const dirs = (...paths: string[]) => paths.map((path) => ({ path, totalBytes: null, usableBytes: null }));

/** Brokers 1 and 2 on Kafka 4.4 (1's /d3 already cordoned), broker 3 on 4.2; t-0 [1,2], t-1 [2,3], t-2 [3,1]. */
function cluster(): ClusterSnapshot {
  return snap({
    source: { kind: "kafka", label: "live", kafkaVersion: "4.4", clusterId: "c1" },
    brokers: [
      { id: 1, logDirs: [...dirs("/d1", "/d2"), { path: "/d3", totalBytes: null, usableBytes: null, state: "cordoned" }] },
      { id: 2, logDirs: dirs("/d1", "/d2", "/d3") },
      { id: 3, kafkaVersion: "4.2", logDirs: dirs("/d1", "/d2", "/d3") },
    ],
    topics: [
      {
        name: "t",
        partitions: [
          [1, 2],
          [2, 3],
          [3, 1],
        ].map((rs, id) => ({ id, leader: rs[0]!, isr: rs, replicas: rs.map((broker) => ({ broker, logDir: "/d1", sizeBytes: 1 })) })),
      },
    ],
  });
}

describe("cordonWrites()", () => {
  it("sends each broker's whole new list: the dirs asked for with the ones already cordoned, in log.dirs order", () => {
    expect(
      cordonWrites(cluster(), [
        { broker: 1, dirs: ["/d1"] },
        { broker: 2, dirs: ["/d2"] },
      ]),
    ).toEqual([
      { broker: 1, dirs: ["/d1", "/d3"], previous: ["/d3"] },
      { broker: 2, dirs: ["/d2"], previous: [] },
    ]);
  });

  it("merges several changes of one broker, sorts brokers, and skips a broker whose list would not change", () => {
    expect(
      cordonWrites(cluster(), [
        { broker: 2, dirs: ["/d3"] },
        { broker: 1, dirs: ["/d3"] },
        { broker: 2, dirs: ["/d1", "/d3"] },
      ]),
    ).toEqual([{ broker: 2, dirs: ["/d1", "/d3"], previous: [] }]);
    expect(cordonWrites(cluster(), [])).toEqual([]);
  });

  it("keeps a dir the broker does not list (Kafka judges it), after the listed ones", () => {
    expect(cordonWrites(cluster(), [{ broker: 2, dirs: ["/elsewhere", "/d2"] }])).toEqual([{ broker: 2, dirs: ["/d2", "/elsewhere"], previous: [] }]);
  });
});

describe("preferredLeaderChanges() and electionTargets()", () => {
  const entries = [
    { topic: "t", partition: 0, replicas: [2, 1], logDirs: ["any", "any"] },
    { topic: "t", partition: 1, replicas: [2, 4], logDirs: ["any", "/d1"] },
    { topic: "t", partition: 2, replicas: [4, 1], logDirs: ["/d2", "any"] },
  ];

  it("lists the partitions whose first replica the entries change, with the old and new one", () => {
    expect(preferredLeaderChanges(cluster(), entries)).toEqual([
      { topic: "t", partition: 0, from: 1, to: 2 },
      { topic: "t", partition: 2, from: 3, to: 4 },
    ]);
  });

  it("elects the work's leadership changes and every changed first replica, each partition once", () => {
    const work = {
      entries,
      leadership: {
        changes: [
          { topic: "t", partition: 2, from: 3, to: 4 },
          { topic: "u", partition: 7, from: 1, to: 2 },
        ],
      },
    };
    expect(electionTargets(cluster(), work)).toEqual([
      { topic: "t", partition: 2, to: 4 },
      { topic: "u", partition: 7, to: 2 },
      { topic: "t", partition: 0, to: 2 },
    ]);
    expect(electionTargets(cluster(), { entries: [] })).toEqual([]);
  });
});

describe("sortElectionAnswers()", () => {
  it("counts elections and ELECTION_NOT_NEEDED as done, asks again when the preferred replica is not available, fails the rest", () => {
    const sorted = sortElectionAnswers([
      { topic: "t", partition: 0, errorCode: 0, error: null },
      { topic: "t", partition: 1, errorCode: ELECTION_NOT_NEEDED, error: "ELECTION_NOT_NEEDED" },
      { topic: "t", partition: 2, errorCode: PREFERRED_LEADER_NOT_AVAILABLE, error: "PREFERRED_LEADER_NOT_AVAILABLE: not in ISR" },
      { topic: "t", partition: 3, errorCode: 3, error: "UNKNOWN_TOPIC_OR_PARTITION" },
    ]);
    expect(sorted).toEqual({
      elected: 1,
      notNeeded: 1,
      retry: [{ topic: "t", partition: 2, error: "PREFERRED_LEADER_NOT_AVAILABLE: not in ISR" }],
      failed: ["t-3: UNKNOWN_TOPIC_OR_PARTITION"],
    });
  });
});
