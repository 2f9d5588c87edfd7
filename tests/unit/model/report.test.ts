import { describe, expect, it } from "vitest";
import { balanceReport, ReportSums } from "@/lib/model/report";
import { ClusterSnapshotSchema, type ClusterSnapshot, type ClusterSnapshotInput } from "@/lib/model/snapshot";
import { GiB as GIB, sharedDiskSnapshot } from "@/tests/support/snapshots";

const snap = (input: Partial<ClusterSnapshotInput>) =>
  ClusterSnapshotSchema.parse({ schema: 1, capturedAt: "2026-01-01T00:00:00Z", source: { kind: "import", label: "t" }, brokers: [], topics: [], ...input });

const twoBrokers = snap({
  brokers: [
    {
      id: 2,
      logDirs: [
        { path: "/d1", totalBytes: 1000, usableBytes: 900 },
        { path: "/d2", totalBytes: 1000, usableBytes: 400 },
      ],
    },
    { id: 1, rack: "a", logDirs: [{ path: "/d1" }, { path: "/d2", state: "offline", error: "KafkaStorageException" }] },
  ],
  topics: [
    {
      name: "t",
      partitions: [
        {
          id: 0,
          leader: 1,
          isr: [1, 2],
          replicas: [
            { broker: 1, logDir: "/d1", sizeBytes: 100 },
            { broker: 2, logDir: "/d2", sizeBytes: 100, future: { logDir: "/d1", sizeBytes: 40 } },
          ],
        },
        {
          id: 1,
          leader: 2,
          isr: [2],
          replicas: [
            { broker: 2, logDir: "/d2", sizeBytes: 300 },
            { broker: 3, logDir: "/d1", sizeBytes: 300 },
          ],
        },
      ],
    },
    { name: "__consumer_offsets", internal: true, partitions: [{ id: 0, leader: null, replicas: [{ broker: 1, logDir: null, sizeBytes: null }] }] },
  ],
});

describe("balanceReport()", () => {
  const report = balanceReport(twoBrokers);

  it("balanceReport() counts replicas, leaders and bytes per broker, sorted by id", () => {
    expect(report.brokers.map((b) => [b.id, b.replicas, b.leaders, b.bytes, b.futureBytes])).toEqual([
      [1, 2, 1, 100, 0],
      [2, 2, 1, 400, 40],
    ]);
  });

  it("balanceReport() counts future replicas in the dir's log count, as nextLogDirs does", () => {
    const d = report.dirs.find((x) => x.broker === 2 && x.path === "/d1")!;
    expect(d).toMatchObject({ partitions: 0, futureReplicas: 1, logCount: 1, bytes: 0, futureBytes: 40 });
  });

  it("balanceReport() takes utilisation from reported capacity when known", () => {
    const d = report.dirs.find((x) => x.broker === 2 && x.path === "/d2")!;
    expect(d.usedBytes).toBe(600);
    expect(d.utilization).toBeCloseTo(0.6);
    expect(report.dirs.find((x) => x.broker === 1 && x.path === "/d1")!.utilization).toBeNull();
  });

  it("balanceReport() counts replicas without a dir and on unknown brokers", () => {
    expect(report.totals).toMatchObject({ partitions: 3, replicas: 5, replicasWithoutDir: 1, replicasOnUnknownBrokers: 1, offlineDirs: 1 });
  });

  it("balanceReport() measures dir skew within each broker, leaving offline dirs out", () => {
    expect(report.skew.dirBytesByBroker[1]!.count).toBe(1);
    expect(report.skew.dirBytesByBroker[2]!.maxOverMean).toBe(2);
    expect(report.skew.dirBytes.worst).toEqual({ broker: 2, path: "/d2" });
    expect(report.skew.fullestDir).toEqual({ broker: 2, path: "/d2", utilization: 0.6 });
  });

  it("balanceReport() leaves unreachable and unknown brokers out of the broker skews, but lists them with what is known", () => {
    const s = snap({
      brokers: [
        { id: 1, logDirs: [{ path: "/d1" }] },
        { id: 2, logDirs: [{ path: "/d1" }] },
        { id: 3, state: "unreachable" },
        { id: 4, state: "unknown", error: "not in the kafka-log-dirs output" },
      ],
      topics: [
        {
          name: "t",
          partitions: [
            { id: 0, leader: 1, replicas: [{ broker: 1, logDir: "/d1", sizeBytes: 100 }, { broker: 4 }] },
            { id: 1, leader: 2, replicas: [{ broker: 2, logDir: "/d1", sizeBytes: 100 }, { broker: 3 }] },
          ],
        },
      ],
    });
    const r = balanceReport(s);
    expect(r.brokers.map((b) => [b.id, b.state, b.replicas, b.bytes])).toEqual([
      [1, "online", 1, 100],
      [2, "online", 1, 100],
      [3, "unreachable", 1, 0],
      [4, "unknown", 1, 0],
    ]);
    // Counted, brokers 3 and 4 (bytes missing, not zero) would make 1 and 2 hold 2× the mean.
    expect([r.skew.brokerBytes.count, r.skew.brokerBytes.maxOverMean]).toEqual([2, 1]);
    expect([r.skew.brokerReplicas.count, r.skew.brokerLeaders.count]).toEqual([2, 2]);
    expect(r.totals).toMatchObject({ replicas: 4, replicasWithoutDir: 2, unreachableBrokers: 1 });
  });

  it("balanceReport() builds the topic × broker grid aligned with brokerIds", () => {
    expect(report.brokerIds).toEqual([1, 2]);
    expect(report.topics.find((t) => t.name === "t")).toMatchObject({ perBroker: [1, 2], replicas: 4, bytes: 800 });
    expect(report.topics.find((t) => t.name === "__consumer_offsets")!.internal).toBe(true);
  });
});

describe("ReportSums", () => {
  const withoutTopicRows = ({ topics: _topics, ...rest }: ReturnType<typeof balanceReport>) => rest;
  const sumsOf = (s: ClusterSnapshot) => {
    const sums = new ReportSums();
    for (const t of s.topics) sums.add(t);
    return sums;
  };

  it("ReportSums.report() equals balanceReport() without its topic rows", () => {
    expect(sumsOf(twoBrokers).report(twoBrokers.brokers, twoBrokers.topics.length)).toEqual(withoutTopicRows(balanceReport(twoBrokers)));
  });

  it("ReportSums.remove() then add() of a changed topic gives the figures of a fresh report", () => {
    const sums = sumsOf(twoBrokers);
    const before = twoBrokers.topics[0]!;
    const after = structuredClone(before);
    after.partitions[0]!.replicas[1]!.logDir = "/d1"; // a move between dirs
    after.partitions[0]!.replicas[1]!.future = null;
    after.partitions[1]!.leader = 3; // leadership to a broker the snapshot does not list
    after.partitions[1]!.replicas[0]!.sizeBytes = 900;
    sums.remove(before);
    sums.add(after);
    const changed = { ...twoBrokers, topics: [after, twoBrokers.topics[1]!] };
    expect(sums.exact).toBe(true);
    expect(sums.report(changed.brokers, 2)).toEqual(withoutTopicRows(balanceReport(changed)));
  });

  it("ReportSums.report() counts replicas on a broker or dir listed after they were added, as a fresh report does", () => {
    const sums = sumsOf(twoBrokers);
    const more = structuredClone(twoBrokers);
    more.brokers.push({
      id: 3,
      rack: null,
      host: null,
      port: null,
      state: "online",
      error: null,
      logDirs: [{ path: "/d1", totalBytes: null, usableBytes: null, state: "online", error: null }],
    });
    more.brokers[1]!.logDirs.push({ path: "/d3", totalBytes: null, usableBytes: null, state: "online", error: null });
    const fresh = balanceReport(more);
    expect(fresh.totals.replicasOnUnknownBrokers).toBe(0);
    expect(sums.report(more.brokers, 2)).toEqual(withoutTopicRows(fresh));
  });

  it("ReportSums.remove() refuses once a size that is not a whole number was summed", () => {
    const sums = sumsOf(twoBrokers);
    const odd = structuredClone(twoBrokers.topics[0]!);
    odd.name = "odd";
    odd.partitions[0]!.replicas[0]!.sizeBytes = 0.1;
    sums.add(odd);
    expect(sums.exact).toBe(false);
    expect(() => sums.remove(odd)).toThrow(/not whole numbers/);
  });

  it("ReportSums.clone() is independent of the original", () => {
    const sums = sumsOf(twoBrokers);
    const copy = sums.clone();
    copy.remove(twoBrokers.topics[0]!);
    expect(sums.report(twoBrokers.brokers, 2)).toEqual(withoutTopicRows(balanceReport(twoBrokers)));
    expect(copy.report(twoBrokers.brokers, 2).totals.replicas).toBe(1);
  });
});

describe("balanceReport() on dirs that share a filesystem", () => {
  it("balanceReport() measures dir bytes and utilisation over disks: dirs of one filesystem are never uneven against each other", () => {
    const report = balanceReport(sharedDiskSnapshot());
    expect(report.dirs.every((d) => d.sharedDisk?.id === "/a" && d.sharedDisk.decidedBy === "reported")).toBe(true);
    // One disk per broker: nothing to compare (not 1.57×, which /a against /b would be).
    expect([report.skew.dirBytes.count, report.skew.dirBytes.maxOverMean, report.skew.dirUtilization.count]).toEqual([1, 1, 1]);
    expect(report.dirs.map((d) => d.deviationFromBrokerMean)).toEqual(Array(12).fill(0));
    // Partitions stay per dir: Kafka's count rule counts dirs.
    expect(report.skew.dirPartitions.count).toBe(3);
    expect(report.dirs[0]!.utilization).toBeCloseTo(0.71, 10);
  });

  it("balanceReport() compares a shared disk (its dirs' bytes summed) with a disk of its own", () => {
    const report = balanceReport(sharedDiskSnapshot({ thirdDisk: true, brokers: [1] }));
    const skew = report.skew.dirBytesByBroker[1]!;
    expect([skew.count, skew.max / GIB, skew.min / GIB, skew.worst]).toEqual([2, 500, 73, { broker: 1, path: "/a" }]);
    expect(report.skew.dirUtilization.count).toBe(2);
    expect(report.dirs.map((d) => d.sharedDisk?.id ?? null)).toEqual(["/a", "/a", null]);
  });
});
