import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { nextPlacements } from "@/lib/view/overview/next-placement";
import { scalaHashMapKeyOrder } from "@/lib/placement/java-hash";
import { GiB, snap, storySnapshot } from "@/tests/support/snapshots";

describe("nextPlacements()", () => {
  it("nextPlacements() follows Kafka's count rule into the full dir and flags it", () => {
    const [b1] = nextPlacements(balanceReport(storySnapshot()), { cluster: "4.1.0" });
    expect(b1).toMatchObject({ broker: 1, dir: "/d2", reason: "fewest partitions (1, vs 5 in /d1)", flags: ["fullest"] });
    expect(b1!.warning).toBe("already the fullest dir on this broker (40% used)");
    expect(b1!.candidates.map((c) => c.path)).toEqual(["/d2", "/d3", "/d1"]);
  });

  it("nextPlacements() raises no warning when the emptiest dir by count is also the emptiest by bytes", () => {
    const s = snap({
      brokers: [
        {
          id: 1,
          logDirs: [
            { path: "/a", totalBytes: 100 * GiB, usableBytes: 50 * GiB },
            { path: "/b", totalBytes: 100 * GiB, usableBytes: 90 * GiB },
          ],
        },
      ],
      topics: [{ name: "t", partitions: [0, 1].map((p) => ({ id: p, replicas: [{ broker: 1, logDir: "/a", sizeBytes: 25 * GiB }] })) }],
    });
    expect(nextPlacements(balanceReport(s), { cluster: null })[0]).toMatchObject({ dir: "/b", flags: [], warning: null });
  });

  it("nextPlacements() calls the fullest dir a trap only where the planner calls the dirs uneven", () => {
    // Two partitions per dir; /a holds 62 GiB and /b 58 GiB (within the 5% tolerance of their 60 GiB mean), or 80 and 40.
    const broker = (a: number, b: number) =>
      snap({
        brokers: [{ id: 1, logDirs: [{ path: "/a" }, { path: "/b" }] }],
        topics: [
          { name: "a", partitions: [0, 1].map((p) => ({ id: p, replicas: [{ broker: 1, logDir: "/a", sizeBytes: (a / 2) * GiB }] })) },
          { name: "b", partitions: [0, 1].map((p) => ({ id: p, replicas: [{ broker: 1, logDir: "/b", sizeBytes: (b / 2) * GiB }] })) },
        ],
      });
    expect(nextPlacements(balanceReport(broker(62, 58)), { cluster: "4.4.0" })[0]).toMatchObject({ dir: "/a", flags: [], warning: null });
    expect(nextPlacements(balanceReport(broker(80, 40)), { cluster: "4.4.0" })[0]).toMatchObject({
      dir: "/a",
      flags: ["fullest"],
      warning: "already the fullest dir on this broker (80.0 GiB)",
    });
  });

  it("nextPlacements() flags a dir past 85 % even when it is not the fullest", () => {
    const s = snap({
      brokers: [
        {
          id: 1,
          logDirs: [
            { path: "/a", totalBytes: 100, usableBytes: 10 },
            { path: "/b", totalBytes: 100, usableBytes: 5 },
          ],
        },
      ],
      topics: [{ name: "t", partitions: [{ id: 0, replicas: [{ broker: 1, logDir: "/b" }] }] }],
    });
    const [p] = nextPlacements(balanceReport(s), { cluster: null });
    expect(p).toMatchObject({ dir: "/a", flags: ["above-85"] });
    expect(p!.warning).toBe("already 90% used, past the 85% mark");
  });

  it("nextPlacements() skips offline dirs and, on Kafka 4.3+, cordoned ones", () => {
    const s = snap({
      brokers: [{ id: 1, logDirs: [{ path: "/a", state: "offline" }, { path: "/b", state: "cordoned" }, { path: "/c" }] }],
      topics: [{ name: "t", partitions: [{ id: 0, replicas: [{ broker: 1, logDir: "/c" }] }] }],
    });
    expect(nextPlacements(balanceReport(s), { cluster: "4.3.0" })[0]!.dir).toBe("/c");
    expect(nextPlacements(balanceReport(s), { cluster: "4.4" })[0]!.dir).toBe("/c");
    expect(nextPlacements(balanceReport(s), { cluster: "4.1.0" })[0]!.dir).toBe("/b");
  });

  // Six empty dirs: Kafka 4.4 takes the first in log.dirs order, 4.3 the first in Scala hash order, and both skip a cordon.
  const sixDirs = ["/k/d1", "/k/d2", "/k/d3", "/k/d4", "/k/d5", "/k/d6"];
  const hashed = scalaHashMapKeyOrder(sixDirs);
  const six = (cordoned: string[] = []) =>
    snap({ brokers: [{ id: 1, logDirs: sixDirs.map((path) => ({ path, state: cordoned.includes(path) ? ("cordoned" as const) : ("online" as const) })) }] });

  it("nextPlacements() on Kafka 4.3 breaks ties in hash order and skips a cordoned dir", () => {
    expect(hashed[0]).not.toBe(sixDirs[0]);
    expect(nextPlacements(balanceReport(six()), { cluster: "4.3" })[0]).toMatchObject({ dir: hashed[0], lines: "4.3", alternatives: [] });
    expect(nextPlacements(balanceReport(six([hashed[0]!])), { cluster: "4.3.1" })[0]!.dir).toBe(hashed[1]);
    // 4.2 has the same hash order but no cordons: it walks into the cordoned dir.
    expect(nextPlacements(balanceReport(six([hashed[0]!])), { cluster: "4.2" })[0]!.dir).toBe(hashed[0]);
  });

  it("nextPlacements() on Kafka 4.4 breaks ties in log.dirs order and skips a cordoned dir", () => {
    expect(nextPlacements(balanceReport(six()), { cluster: "4.4" })[0]).toMatchObject({ dir: "/k/d1", lines: "4.4", alternatives: [] });
    expect(nextPlacements(balanceReport(six(["/k/d1"])), { cluster: "4.4.0" })[0]!.dir).toBe("/k/d2");
  });

  it("nextPlacements() shows every prediction where the versions the broker could run disagree", () => {
    const [p] = nextPlacements(balanceReport(six([hashed[0]!])), { cluster: "4.x" });
    expect(p!.dir).toBe("/k/d1");
    expect(p!.lines).toBe("4.4");
    expect(p!.alternatives).toEqual([
      { lines: "4.3", dir: hashed[1] },
      { lines: "4.0 to 4.2", dir: hashed[0] },
    ]);
    // Where every candidate line agrees (4 dirs or fewer tie in log.dirs order under both rules), one answer.
    const [q] = nextPlacements(balanceReport(snap({ brokers: [{ id: 1, logDirs: [{ path: "/a" }, { path: "/b" }] }] })), { cluster: null });
    expect(q).toMatchObject({ dir: "/a", lines: "unknown", alternatives: [] });
  });

  it("nextPlacements() reads each broker with its own version in a mixed fleet", () => {
    const s = snap({ brokers: [1, 2].map((id) => ({ id, logDirs: sixDirs.map((path) => ({ path })) })) });
    const placements = nextPlacements(balanceReport(s), {
      cluster: "4.3 and 4.4",
      brokers: new Map([
        [1, "4.3"],
        [2, "4.4"],
      ]),
    });
    expect(placements.map((p) => [p.dir, p.lines])).toEqual([
      [hashed[0], "4.3"],
      ["/k/d1", "4.4"],
    ]);
  });

  it("nextPlacements() has no dir for an unreachable or unknown broker or one without live dirs", () => {
    const s = snap({
      brokers: [{ id: 1, state: "unreachable", logDirs: [{ path: "/a" }] }, { id: 2, logDirs: [{ path: "/a", state: "offline" }] }, { id: 3 }, { id: 4, state: "unknown" }],
    });
    expect(nextPlacements(balanceReport(s), { cluster: null }).map((p) => [p.dir, p.reason])).toEqual([
      [null, "broker unreachable: its log counts are unknown"],
      [null, "every log dir is offline"],
      [null, "no log dirs reported"],
      [null, "not in the kafka-log-dirs output: its log dirs are unknown"],
    ]);
  });
});
