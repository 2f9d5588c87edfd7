import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { nextPlacements, tieOrderFor } from "@/lib/view/next-placement";
import { GiB, snap, storySnapshot } from "./fixtures";

describe("nextPlacements()", () => {
  it("nextPlacements() follows Kafka's count rule into the full dir and flags it", () => {
    const [b1] = nextPlacements(balanceReport(storySnapshot()), "4.1.0");
    expect(b1).toMatchObject({ broker: 1, dir: "/d2", reason: "fewest partitions (1, vs 5 in /d1)", flags: ["fullest"] });
    expect(b1!.warning).toBe("already the fullest dir on this broker (40% used)");
    expect(b1!.candidates.map((c) => c.path)).toEqual(["/d2", "/d3", "/d1"]);
  });

  it("nextPlacements() raises no warning when the emptiest dir by count is also the emptiest by bytes", () => {
    const s = snap({
      brokers: [{ id: 1, logDirs: [{ path: "/a", totalBytes: 100 * GiB, usableBytes: 50 * GiB }, { path: "/b", totalBytes: 100 * GiB, usableBytes: 90 * GiB }] }],
      topics: [{ name: "t", partitions: [0, 1].map((p) => ({ id: p, replicas: [{ broker: 1, logDir: "/a", sizeBytes: 25 * GiB }] })) }],
    });
    expect(nextPlacements(balanceReport(s), null)[0]).toMatchObject({ dir: "/b", flags: [], warning: null });
  });

  it("nextPlacements() flags a dir past 85 % even when it is not the fullest", () => {
    const s = snap({
      brokers: [{ id: 1, logDirs: [{ path: "/a", totalBytes: 100, usableBytes: 10 }, { path: "/b", totalBytes: 100, usableBytes: 5 }] }],
      topics: [{ name: "t", partitions: [{ id: 0, replicas: [{ broker: 1, logDir: "/b" }] }] }],
    });
    const [p] = nextPlacements(balanceReport(s), null);
    expect(p).toMatchObject({ dir: "/a", flags: ["above-85"] });
    expect(p!.warning).toBe("already 90% used, past the 85% mark");
  });

  it("nextPlacements() skips offline dirs and, on Kafka 4.3+, cordoned ones", () => {
    const s = snap({
      brokers: [{ id: 1, logDirs: [{ path: "/a", state: "offline" }, { path: "/b", state: "cordoned" }, { path: "/c" }] }],
      topics: [{ name: "t", partitions: [{ id: 0, replicas: [{ broker: 1, logDir: "/c" }] }] }],
    });
    expect(nextPlacements(balanceReport(s), "4.3.0")[0]!.dir).toBe("/c");
    expect(nextPlacements(balanceReport(s), "4.1.0")[0]!.dir).toBe("/b");
  });

  it("nextPlacements() has no dir for an unreachable broker or one without live dirs", () => {
    const s = snap({ brokers: [{ id: 1, state: "unreachable", logDirs: [{ path: "/a" }] }, { id: 2, logDirs: [{ path: "/a", state: "offline" }] }, { id: 3 }] });
    expect(nextPlacements(balanceReport(s), null).map((p) => [p.dir, p.reason])).toEqual([
      [null, "broker unreachable: its log counts are unknown"],
      [null, "every log dir is offline"],
      [null, "no log dirs reported"],
    ]);
  });

  it("tieOrderFor() uses Scala hash order before Kafka 4.3 and log.dirs order from 4.3", () => {
    expect(["3.9.2", "4.2.0", "4.3.0", "5.0", null, "trunk"].map(tieOrderFor)).toEqual(["scala-hash", "scala-hash", "config", "config", "config", "config"]);
  });
});
