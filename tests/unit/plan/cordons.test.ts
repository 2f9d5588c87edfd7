import { describe, expect, it } from "vitest";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { cordonedAfter, drainCordons } from "@/lib/plan/cordons";
import { snap } from "@/tests/support/snapshots";

const dirs = (...paths: string[]) => paths.map((path) => ({ path, totalBytes: null, usableBytes: null }));

/** Brokers 1 and 2 on Kafka 4.4 (1's /d3 already cordoned), broker 3 on 4.2. */
function cluster(): ClusterSnapshot {
  return snap({
    source: { kind: "kafka", label: "live", kafkaVersion: "4.4", clusterId: "c1" },
    brokers: [
      { id: 1, logDirs: [...dirs("/d1", "/d2"), { path: "/d3", totalBytes: null, usableBytes: null, state: "cordoned" }] },
      { id: 2, logDirs: dirs("/d1", "/d2", "/d3") },
      { id: 3, kafkaVersion: "4.2", logDirs: dirs("/d1", "/d2", "/d3") },
    ],
    topics: [],
  });
}

describe("drainCordons()", () => {
  const drain = (cordon: boolean) => ({
    kind: "drain-dirs" as const,
    cordon,
    dirs: [
      { broker: 2, path: "/d1" },
      { broker: 3, path: "/d1" },
      { broker: 1, path: "/d2" },
      { broker: 2, path: "/nope" },
      { broker: 9, path: "/d1" },
    ],
  });
  it("cordons the drained dirs of brokers whose Kafka has cordoned.log.dirs, and only dirs the broker has", () => {
    expect(drainCordons(cluster(), drain(true))).toEqual([
      { broker: 1, dirs: ["/d2"] },
      { broker: 2, dirs: ["/d1"] },
    ]);
  });

  it("cordons nothing when the drain says not to, or for any other operation", () => {
    expect(drainCordons(cluster(), drain(false))).toEqual([]);
    expect(drainCordons(cluster(), { kind: "remove-brokers", brokers: [2] })).toEqual([]);
    expect(drainCordons(cluster(), { kind: "rebalance" })).toEqual([]);
  });

  it("follows the cluster's version for a broker without its own: none on 4.2", () => {
    const old = { ...cluster(), source: { ...cluster().source, kafkaVersion: "4.2" } };
    expect(drainCordons(old, drain(true))).toEqual([]);
  });
});

describe("cordonedAfter()", () => {
  it("keeps the broker's existing cordons and lists every dir in log.dirs order", () => {
    expect(cordonedAfter(cluster(), 1, ["/d1"])).toEqual(["/d1", "/d3"]);
    expect(cordonedAfter(cluster(), 2, ["/d3", "/d1"])).toEqual(["/d1", "/d3"]);
    expect(cordonedAfter(cluster(), 1, ["/d3"])).toEqual(["/d3"]);
  });
});
