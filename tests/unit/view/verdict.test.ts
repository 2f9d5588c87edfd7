import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { nextPlacements } from "@/lib/view/next-placement";
import { dominantDirs, listText, shareText, verdict } from "@/lib/view/verdict";
import { balancedSnapshot, GiB, snap, storySnapshot } from "@/tests/support/snapshots";

describe("verdict()", () => {
  it("verdict() names the dirs that hold the bytes on every broker, and the count/bytes mismatch", () => {
    const report = balanceReport(storySnapshot());
    const v = verdict(report, { placements: nextPlacements(report, { cluster: "4.1.0" }) });
    expect(v.tone).toBe("warn");
    expect(v.headline).toBe(
      "Partition counts are even across brokers, but bytes are not even across disks: /d2 and /d3 hold over 99% of the bytes on every broker, with only 29% of the partitions.",
    );
    expect(v.details).toEqual([
      "Kafka places a new partition in the dir with the fewest partitions, not the fewest bytes: on every broker the next one goes to /d2, already among the fullest.",
    ]);
  });

  it("verdict() calls an even cluster balanced", () => {
    expect(verdict(balanceReport(balancedSnapshot()))).toEqual({
      tone: "ok",
      headline: "Balanced: partitions and bytes are even across brokers and across the disks of each broker.",
      details: [],
    });
  });

  it("verdict() says so when there is nothing to balance", () => {
    expect(verdict(balanceReport(snap({}))).headline).toBe("This snapshot lists no brokers, so there is nothing to balance.");
    expect(verdict(balanceReport(snap({ brokers: [{ id: 1 }] }))).headline).toBe("No partitions yet: nothing is out of balance.");
  });

  it("verdict() names the broker that holds too many bytes", () => {
    const s = snap({
      brokers: [{ id: 1 }, { id: 2 }],
      topics: [{ name: "t", partitions: [{ id: 0, replicas: [{ broker: 1, sizeBytes: 30 * GiB }] }, { id: 1, replicas: [{ broker: 2, sizeBytes: 10 * GiB }] }] }],
    });
    const v = verdict(balanceReport(s));
    expect(v.headline).toBe("Brokers are uneven: broker 1 holds 1.50× the mean bytes (30.0 GiB vs 20.0 GiB). The log dirs within each broker are even.");
    expect(v.tone).toBe("warn");
  });

  it("verdict() names the worst broker when the heavy dirs differ between brokers", () => {
    const s = snap({
      brokers: [1, 2].map((id) => ({ id, logDirs: [{ path: "/a" }, { path: "/b" }] })),
      topics: [
        {
          name: "t",
          partitions: [
            { id: 0, replicas: [{ broker: 1, logDir: "/a", sizeBytes: 9 * GiB }, { broker: 2, logDir: "/b", sizeBytes: 9 * GiB }] },
            { id: 1, replicas: [{ broker: 1, logDir: "/b", sizeBytes: GiB }, { broker: 2, logDir: "/a", sizeBytes: GiB }] },
          ],
        },
      ],
    });
    expect(verdict(balanceReport(s)).headline).toBe("Partition counts are even across brokers, but bytes are not even across disks: on broker 1, /a holds 90% of the bytes, with only 50% of its partitions (and 1 more broker is uneven).",);
  });

  it("verdict() reports offline dirs, unreachable brokers, dir-less replicas and moves in flight", () => {
    const s = snap({
      brokers: [{ id: 1, logDirs: [{ path: "/a" }, { path: "/b", state: "offline" }] }, { id: 2, state: "unreachable" }],
      topics: [{ name: "t", partitions: [{ id: 0, replicas: [{ broker: 1, logDir: null, sizeBytes: 1 }] }] }],
    });
    const v = verdict(balanceReport(s), { reassignments: 2 });
    expect(v.tone).toBe("bad");
    expect(v.details).toEqual([
      "1 log dir is offline: broker 1 /b.",
      "Broker 2 is unreachable; its figures are missing.",
      "1 replica has no known log dir, so disk figures leave it out.",
      "2 partition reassignments are in flight; figures will change as they complete.",
    ]);
  });

  it("verdict() weighs only brokers whose figures were read, and names unknown brokers in a detail", () => {
    // Brokers 1 and 2 are even; 3 and 4 appear only in partition assignments (bytes unknown).
    const even = { name: "t", partitions: [0, 1].map((p) => ({ id: p, leader: 1 + p, replicas: [1, 2].map((b) => ({ broker: b, logDir: "/a", sizeBytes: 10 * GiB })) })) };
    const ghost = { name: "g", partitions: [{ id: 0, leader: 3, replicas: [{ broker: 3 }, { broker: 4 }] }, { id: 1, leader: 4, replicas: [{ broker: 4 }, { broker: 3 }] }] };
    const s = snap({
      brokers: [{ id: 1, logDirs: [{ path: "/a" }] }, { id: 2, logDirs: [{ path: "/a" }] }, { id: 3, state: "unknown" }, { id: 4, state: "unknown" }],
      topics: [even, ghost],
    });
    const v = verdict(balanceReport(s));
    expect(v.headline).toBe("Balanced: partitions and bytes are even across brokers and across the disks of each broker.");
    expect(v.tone).toBe("warn");
    expect(v.details).toEqual([
      "Brokers 3 and 4 are assigned 4 replicas but are missing from the log-dir data (the kafka-log-dirs output): whether they run and what their disks hold is unknown, so the balance figures leave them out.",
    ]);
  });

  it("verdict() points at the fullest disk past the 85 % mark", () => {
    const s = snap({ brokers: [{ id: 1, logDirs: [{ path: "/a", totalBytes: 100, usableBytes: 4 }] }] });
    const v = verdict(balanceReport(s));
    expect(v.details).toEqual(["Fullest disk: broker 1 /a at 96% used, past the 95% emergency mark."]);
    expect(v.tone).toBe("bad");
  });

  it("dominantDirs() finds the fewest dirs holding 80 % of a broker's bytes", () => {
    const report = balanceReport(storySnapshot());
    expect(dominantDirs(1, report.dirs.filter((d) => d.broker === 1))).toMatchObject({ paths: ["/d2", "/d3"], partitionShare: 2 / 7 });
    expect(dominantDirs(1, [])).toBeNull();
  });

  it("shareText() prints a share that is not finite (bytes summed past Number.MAX_VALUE) as a dash", () => {
    expect([NaN, Infinity].map(shareText)).toEqual(["–", "–"]);
  });

  it("shareText() and listText() read naturally", () => {
    expect([0.999, 1, 0.004, 0, 0.5].map(shareText)).toEqual(["over 99%", "100%", "under 1%", "0%", "50%"]);
    expect([[], ["a"], ["a", "b"], ["a", "b", "c"]].map(listText)).toEqual(["", "a", "a and b", "a, b and c"]);
  });
});
