import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { sharedDiskGroups, sharedDiskSentences } from "@/lib/view/overview/shared-disks";
import { cluster, GiB } from "@/tests/support/snapshots";

/** Brokers whose dirs /a, /b, /c sit on one 1000 GiB filesystem that is 71% used. */
const oneFilesystem = (brokers: number[], opts: { disk?: string } = {}) =>
  cluster({
    brokers: brokers.map((id) => ({
      id,
      dirs: ["/a", "/b", "/c"].map((path) => ({ path, totalBytes: 1000 * GiB, otherBytes: 0, disk: opts.disk ?? null })),
    })),
    partitions: brokers.flatMap((b, i) => [
      { topic: "t", partition: 3 * i, replicas: [[b, "/a", 300 * GiB]] as [number, string, number][] },
      { topic: "t", partition: 3 * i + 1, replicas: [[b, "/b", 200 * GiB]] as [number, string, number][] },
      { topic: "t", partition: 3 * i + 2, replicas: [[b, "/c", 73 * GiB]] as [number, string, number][] },
    ]),
  });

/** The cluster() fixture writes each dir's usable from its own bytes; a shared filesystem reports one figure for all. */
function shareFilesystem(s: ReturnType<typeof cluster>, usedBytes: number) {
  for (const b of s.brokers) for (const d of b.logDirs) d.usableBytes = d.totalBytes! - usedBytes;
  return s;
}

describe("sharedDiskSentences()", () => {
  it("sharedDiskSentences() says once for every broker which dirs share one filesystem, why it thinks so, and what it means", () => {
    const report = balanceReport(shareFilesystem(oneFilesystem([1, 2, 3, 4]), 710 * GiB));
    expect(sharedDiskGroups(report)).toEqual([{ brokers: [1, 2, 3, 4], dirs: ["/a", "/b", "/c"], decidedBy: "reported" }]);
    expect(sharedDiskSentences(report)).toEqual([
      "On every broker, the dirs /a, /b and /c share one filesystem (identical total and usable bytes: dirs on one filesystem report that, and so do dirs whose mount failed at boot): counted as one disk per broker; moving replicas between them frees no space.",
    ]);
  });

  it("sharedDiskSentences() names one broker, and a configured disk by the setting", () => {
    const report = balanceReport(shareFilesystem(oneFilesystem([1]), 710 * GiB));
    expect(sharedDiskSentences(report)).toEqual([
      "Broker 1's dirs /a, /b and /c share one filesystem (identical total and usable bytes: dirs on one filesystem report that, and so do dirs whose mount failed at boot): counted as one disk; moving replicas between them frees no space.",
    ]);
    const configured = balanceReport(oneFilesystem([1, 2], { disk: "d" }));
    expect(sharedDiskSentences(configured)).toEqual([
      "On brokers 1 and 2, the dirs /a, /b and /c share one filesystem (as KAFKA_BALANCE_DISKS says): counted as one disk per broker; moving replicas between them frees no space.",
    ]);
  });

  it("sharedDiskSentences() says nothing when every dir is its own disk", () => {
    expect(sharedDiskSentences(balanceReport(oneFilesystem([1, 2])))).toEqual([]);
  });

  it("sharedDiskSentences() keeps to three sentences and counts the rest", () => {
    const s = cluster({
      brokers: [1, 2, 3, 4, 5].map((id) => ({ id, dirs: [`/x${id}`, `/y${id}`].map((path) => ({ path, totalBytes: 100 * GiB, disk: null })) })),
    });
    const sentences = sharedDiskSentences(balanceReport(shareFilesystem(s, 10 * GiB)));
    expect(sentences).toHaveLength(4);
    expect(sentences[3]).toBe("2 more shared disks on 2 brokers: the heatmap marks them.");
  });
});
