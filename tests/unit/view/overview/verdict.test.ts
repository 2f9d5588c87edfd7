import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { nextPlacements } from "@/lib/view/overview/next-placement";
import { overviewSummary } from "@/lib/view/overview/overview-model";
import { dominantDirs, listText, shareText, verdict } from "@/lib/view/overview/verdict";
import { statementCorpus } from "@/tests/fixtures/statements/corpus";
import { balancedSnapshot, GiB, sharedDiskSnapshot, snap, storySnapshot } from "@/tests/support/snapshots";

const corpus = (id: string) => {
  const s = statementCorpus().find((c) => c.id === id)!.snapshot;
  return overviewSummary(s, balanceReport(s));
};

describe("verdict()", () => {
  it("verdict() names the dirs that hold the bytes on every broker, then the trap that skew sets", () => {
    const report = balanceReport(storySnapshot());
    const v = verdict(report, { placements: nextPlacements(report, { cluster: "4.1.0" }) });
    expect(v.tone).toBe("warn");
    expect(v.headline).toBe(
      "Partition counts are even across brokers, but bytes are not even across disks: /d2 and /d3 hold over 99% of the bytes on every broker, with only 29% of the partitions.",
    );
    expect(v.findings.map((f) => f.kind)).toEqual(["dir-skew", "placement-trap"]);
    expect(v.details).toEqual([
      "Kafka places a new partition in the dir with the fewest partitions, not the fewest bytes: on every broker the next one goes to /d2, already among the fullest.",
    ]);
  });

  it("verdict() calls an even cluster balanced only by the planner's tolerances", () => {
    const v = verdict(balanceReport(balancedSnapshot()));
    expect(v.tone).toBe("ok");
    expect(v.findings.map((f) => f.kind)).toEqual(["balanced"]);
    // Without the snapshot's preferred leaders the leader goal is not weighed, and it says so.
    expect(v.headline).toBe(
      "Balanced: within the planner's tolerances (leaders not weighed: the snapshot does not say which broker leads) — partitions and bytes are even across brokers and across the disks of each broker, so a rebalance has nothing to move.",
    );
  });

  it("verdict() says so when there is nothing to balance", () => {
    expect(verdict(balanceReport(snap({}))).headline).toBe("This snapshot lists no brokers, so there is nothing to balance.");
    expect(verdict(balanceReport(snap({ brokers: [{ id: 1 }] }))).headline).toBe("No partitions yet: nothing is out of balance.");
  });

  it("verdict() names the broker that holds too many bytes, with the planner's rebalance as its action", () => {
    const s = snap({
      brokers: [
        { id: 1, logDirs: [{ path: "/a" }] },
        { id: 2, logDirs: [{ path: "/a" }] },
      ],
      topics: [
        {
          name: "t",
          partitions: [
            { id: 0, replicas: [{ broker: 1, logDir: "/a", sizeBytes: 30 * GiB }] },
            { id: 1, replicas: [{ broker: 2, logDir: "/a", sizeBytes: 10 * GiB }] },
          ],
        },
      ],
    });
    const v = verdict(balanceReport(s));
    expect(v.headline).toBe("Brokers are uneven: broker 1 holds 1.50× the mean bytes (30.0 GiB vs 20.0 GiB).");
    expect(v.tone).toBe("warn");
    expect(v.findings[0]!.actions).toEqual([
      { kind: "plan", label: "Plan a rebalance" },
      { kind: "simulate", label: "Simulate the rebalance", steps: [{ kind: "plan" }] },
    ]);
  });

  it("verdict() names the worst broker when the heavy dirs differ between brokers", () => {
    const s = snap({
      brokers: [1, 2].map((id) => ({ id, logDirs: [{ path: "/a" }, { path: "/b" }] })),
      topics: [
        {
          name: "t",
          partitions: [
            {
              id: 0,
              replicas: [
                { broker: 1, logDir: "/a", sizeBytes: 9 * GiB },
                { broker: 2, logDir: "/b", sizeBytes: 9 * GiB },
              ],
            },
            {
              id: 1,
              replicas: [
                { broker: 1, logDir: "/b", sizeBytes: GiB },
                { broker: 2, logDir: "/a", sizeBytes: GiB },
              ],
            },
          ],
        },
      ],
    });
    expect(verdict(balanceReport(s)).headline).toBe(
      "Partition counts are even across brokers, but bytes are not even across disks: on broker 1, /a holds 90% of the bytes, with only 50% of its partitions (and 1 more broker is uneven).",
    );
  });

  it("verdict() puts causes first: offline dirs, unreachable brokers, moves in flight, then dir-less replicas", () => {
    const s = snap({
      brokers: [
        { id: 1, logDirs: [{ path: "/a" }, { path: "/b", state: "offline" }] },
        { id: 2, state: "unreachable" },
      ],
      topics: [{ name: "t", partitions: [{ id: 0, replicas: [{ broker: 1, logDir: null, sizeBytes: 1 }] }] }],
    });
    const v = verdict(balanceReport(s), { reassignments: 2 });
    expect(v.tone).toBe("bad");
    expect(v.findings.map((f) => f.kind)).toEqual(["offline-dir", "unreachable-broker", "moves-in-flight", "too-little-data", "missing-data"]);
    expect(v.headline).toBe("Log dir offline: broker 1's /b. Its replicas cannot be read there, and the bytes figures of broker 1 leave it out.");
    expect(v.details).toEqual([
      "Broker 2 is unreachable: its dirs and bytes are missing, and every balance figure leaves it out.",
      "2 partition reassignments are in flight: the figures will change as they complete, and the planner leaves these partitions alone.",
      "Too little data to call skew: the brokers hold 1 B in all, under the size floor (1.0 GiB, as capacity is unknown) below which a difference of bytes is not worth moving.",
      "1 replica has no known log dir (a broker reports nothing in an offline dir, so it is likely in it), so disk figures leave it out.",
    ]);
    expect(v.findings[1]!.actions![1]).toEqual({
      kind: "plan",
      label: "If it is gone for good: plan the removal of broker 2",
      operation: { kind: "remove-brokers", brokers: [2] },
    });
  });

  it("verdict() names brokers known only from assignments before saying anything is even", () => {
    const even = { name: "t", partitions: [0, 1].map((p) => ({ id: p, leader: 1 + p, replicas: [1, 2].map((b) => ({ broker: b, logDir: "/a", sizeBytes: 10 * GiB })) })) };
    const ghost = {
      name: "g",
      partitions: [
        { id: 0, leader: 3, replicas: [{ broker: 3 }, { broker: 4 }] },
        { id: 1, leader: 4, replicas: [{ broker: 4 }, { broker: 3 }] },
      ],
    };
    const s = snap({
      brokers: [
        { id: 1, logDirs: [{ path: "/a" }] },
        { id: 2, logDirs: [{ path: "/a" }] },
        { id: 3, state: "unknown" },
        { id: 4, state: "unknown" },
      ],
      topics: [even, ghost],
    });
    const v = verdict(balanceReport(s));
    expect(v.tone).toBe("warn");
    expect(v.findings.map((f) => f.kind)).toEqual(["unknown-broker"]);
    expect(v.headline).toBe(
      "Brokers 3 and 4 are assigned 4 replicas but are missing from the log-dir data (the kafka-log-dirs output): whether they run and what their disks hold is unknown, so the balance figures leave them out.",
    );
    expect(v.findings[0]!.actions![0]).toMatchObject({ kind: "commands", commands: ["kafka-log-dirs.sh --bootstrap-server <bootstrap-servers> --describe --broker-list 3,4"] });
  });

  it("verdict() puts a disk past the 85 % mark before skew", () => {
    const s = snap({ brokers: [{ id: 1, logDirs: [{ path: "/a", totalBytes: 100, usableBytes: 4 }] }] });
    const v = verdict(balanceReport(s));
    expect(v.headline).toBe("Fullest disk: broker 1 /a at 96% used, past the 95% emergency mark.");
    expect(v.tone).toBe("bad");
  });

  it("an import whose broker 2 /data2 failed headlines the offline dir, and its skew figures say they leave it out", () => {
    const v = corpus("import-offline-dir").verdict;
    expect(v.findings[0]!.kind).toBe("offline-dir");
    expect(v.headline).toBe("Log dir offline: broker 2's /data2 (KafkaStorageException). Its replicas cannot be read there, and the bytes figures of broker 2 leave it out.");
    const broker = v.findings.find((f) => f.kind === "broker-skew")!;
    expect(broker.text).toBe(
      "Brokers are uneven by what could be read: broker 0 holds 1.13× the mean bytes (120.0 GiB vs 106.7 GiB). These figures leave out the offline /data2 on broker 2. Part or all of the gap may be in what they leave out.",
    );
    expect(v.findings.findIndex((f) => f.kind === "broker-skew")).toBeGreaterThan(0);
  });

  it("a 123-byte cluster is not skewed: too little data, no ratio, nothing to act on", () => {
    const { verdict: v, cards } = corpus("import-123-bytes");
    expect(v.tone).toBe("ok");
    expect(v.headline).toBe(
      "Too little data to call skew: the brokers hold 123 B in all, under the size floor (1.0 GiB, as capacity is unknown) below which a difference of bytes is not worth moving.",
    );
    expect(cards.find((c) => c.id === "dirBytes")).toMatchObject({ figure: "–", tone: "none", note: "too little data to call skew (under the 1.0 GiB floor)" });
    expect(v.findings.some((f) => f.kind === "dir-skew" || f.kind === "placement-trap")).toBe(false);
  });

  it("an import agrees with itself: the verdict, the cards and the trap say the same thing the planner measures", () => {
    const { verdict: v, cards } = corpus("import-without-configs");
    expect(v.findings.map((f) => f.kind).filter((k) => k !== "unknown-facts")).toEqual(["dir-skew", "placement-trap"]);
    expect(v.headline).not.toMatch(/^Balanced/);
    expect(cards.find((c) => c.id === "dirBytes")!.tone).toBe("warn");
    // The trap's actions: cordon (the version is unknown, so "if 4.3+"), the padding, the dir rebalance, a simulation.
    const trap = v.findings.find((f) => f.kind === "placement-trap")!;
    expect(trap.actions!.map((a) => a.label)).toEqual([
      "Cordon the full dirs (if the broker runs Kafka 4.3 or newer)",
      "Or pad the full dirs (any version: the padding workaround)",
      "Plan a log-dir rebalance",
      "Simulate the cordons, then a new topic",
    ]);
    expect(trap.actions![0]).toMatchObject({
      commands: [0, 1, 2].map(
        (b) => `kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name ${b} --alter --add-config 'cordoned.log.dirs=[/data1]'`,
      ),
    });
    expect(trap.actions![2]).toEqual({ kind: "plan", label: "Plan a log-dir rebalance", goals: ["dir-utilization"] });
  });

  it("the demo (Kafka 4.4) gets the cordon only, not the padding", () => {
    const trap = corpus("demo").verdict.findings.find((f) => f.kind === "placement-trap")!;
    expect(trap.actions!.map((a) => a.label)).toEqual(["Cordon the full dirs", "Plan a log-dir rebalance", "Simulate the cordons, then a new topic"]);
  });

  it("a -future replica is a move in flight, and nothing unknown is called none", () => {
    const v = corpus("import-move-in-flight").verdict;
    expect(v.findings[0]).toMatchObject({ kind: "moves-in-flight", tone: "warn" });
    expect(v.headline).toBe("1 log-dir move (a -future replica being copied) is in flight: the figures will change as it completes, and the planner leaves this partition alone.");
    const unknown = v.findings.filter((f) => f.kind === "unknown-facts").map((f) => f.text);
    expect(unknown.some((t) => t.startsWith("Whether replication throttles are set is unknown: to learn it, paste"))).toBe(true);
  });

  it("leaders unknown: the leaders card says so and how to learn it", () => {
    const { verdict: v, cards } = corpus("import-without-kafka-topics");
    expect(cards.find((c) => c.id === "brokerLeaders")).toMatchObject({ figure: "?", tone: "none", spread: "leaders unknown" });
    expect(cards.find((c) => c.id === "brokerLeaders")!.note).toContain("kafka-topics.sh --bootstrap-server <servers> --describe");
    expect(v.findings.some((f) => f.kind === "unknown-facts" && f.text.startsWith("Leaders and in-sync replicas are unknown"))).toBe(true);
    expect(v.findings.some((f) => f.kind === "under-replicated")).toBe(false);
  });

  it("under-replicated partitions come before skew when the ISR is known", () => {
    const s = snap({
      brokers: [1, 2].map((id) => ({ id, logDirs: [{ path: "/a" }] })),
      topics: [
        {
          name: "t",
          partitions: [
            {
              id: 0,
              leader: 1,
              isr: [1],
              replicas: [
                { broker: 1, logDir: "/a", sizeBytes: 30 * GiB },
                { broker: 2, logDir: "/a", sizeBytes: 30 * GiB },
              ],
            },
          ],
        },
      ],
    });
    const v = overviewSummary(s, balanceReport(s)).verdict;
    expect(v.findings[0]).toMatchObject({ kind: "under-replicated", tone: "bad" });
    // min.insync.replicas unknown: never "none under min ISR".
    expect(v.headline).toBe(
      "1 partition is under-replicated (fewer in-sync replicas than replicas: t-0) and whether any is under min ISR is unknown — min.insync.replicas could not be read for 1 partition. One more failure loses its redundancy, so fix this before moving data.",
    );
    s.topics[0]!.minInsyncReplicas = 1;
    expect(overviewSummary(s, balanceReport(s)).verdict.headline).toBe(
      "1 partition is under-replicated (fewer in-sync replicas than replicas: t-0) and none is under min ISR. One more failure loses its redundancy, so fix this before moving data.",
    );
  });

  it("a broker down: the partitions at risk come first, naming it, before the unreachable broker and any skew", () => {
    const rep = (broker: number, size: number) => ({ broker, logDir: broker === 3 ? null : "/a", sizeBytes: broker === 3 ? null : size });
    const s = snap({
      brokers: [
        { id: 1, logDirs: [{ path: "/a" }] },
        { id: 2, logDirs: [{ path: "/a" }] },
        { id: 3, state: "unreachable" },
        { id: 4, logDirs: [{ path: "/a" }] },
      ],
      topics: [
        {
          name: "t",
          minInsyncReplicas: 2,
          partitions: [
            { id: 0, leader: 1, isr: [1, 2], replicas: [rep(1, 30 * GiB), rep(2, 30 * GiB), rep(3, 0)] },
            { id: 1, leader: 2, isr: [2], replicas: [rep(2, 30 * GiB), rep(3, 0), rep(1, 30 * GiB)] },
            { id: 2, leader: null, isr: [3], replicas: [rep(3, 0)] },
            { id: 3, leader: 4, isr: [4], replicas: [rep(4, GiB)] },
          ],
        },
      ],
    });
    const v = overviewSummary(s, balanceReport(s)).verdict;
    expect(v.findings.map((f) => f.kind).slice(0, 2)).toEqual(["under-replicated", "unreachable-broker"]);
    expect(v.findings.findIndex((f) => f.kind === "broker-skew")).toBeGreaterThan(1);
    expect(v.headline).toBe(
      "Broker 3 is down: 2 partitions are under-replicated (fewer in-sync replicas than replicas: t-0 and t-1), 1 partition is offline (no leader, so nothing can be read or written: t-2) and 3 partitions are under min ISR (fewer in-sync replicas than min.insync.replicas, so acks=all writes are refused: t-1, t-2 and t-3). One more failure loses their redundancy: bring the broker back, or if it is gone for good, plan its removal (its replicas are re-created from the live leaders). Fix this before moving data.",
    );
  });

  it("an offline dir of a broker that answers: the partitions it left short come first, naming the broker", () => {
    const s = snap({
      brokers: [
        { id: 1, logDirs: [{ path: "/a" }, { path: "/b", state: "offline", error: "KAFKA_STORAGE_ERROR" }] },
        { id: 2, logDirs: [{ path: "/a" }] },
      ],
      topics: [
        {
          name: "t",
          minInsyncReplicas: 1,
          partitions: [{ id: 0, leader: 2, isr: [2], offline: [1], replicas: [{ broker: 1 }, { broker: 2, logDir: "/a", sizeBytes: GiB }] }],
        },
      ],
    });
    const v = overviewSummary(s, balanceReport(s)).verdict;
    expect(v.findings.map((f) => f.kind).slice(0, 2)).toEqual(["under-replicated", "offline-dir"]);
    expect(v.headline).toBe(
      "Broker 1 has an offline log dir: 1 partition is under-replicated (fewer in-sync replicas than replicas: t-0) and none is under min ISR. One more failure loses its redundancy, so fix this before moving data.",
    );
  });

  it("dominantDirs() finds the fewest dirs holding 80 % of a broker's bytes", () => {
    const report = balanceReport(storySnapshot());
    expect(
      dominantDirs(
        1,
        report.dirs.filter((d) => d.broker === 1),
      ),
    ).toMatchObject({ paths: ["/d2", "/d3"], partitionShare: 2 / 7 });
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

describe("verdict() on dirs that share a filesystem", () => {
  it("verdict() says the dirs share one filesystem, and calls no skew between them", () => {
    const s = sharedDiskSnapshot();
    const v = overviewSummary(s, balanceReport(s)).verdict;
    // The 71% disk is said (a fuller-than-70% disk is worth a look); no dir skew is.
    expect(v.findings.map((f) => f.kind)).toEqual(["disk-full", "shared-disk"]);
    expect(v.headline).toBe("Fullest disk: broker 1 /a, /b and /c (one filesystem) at 71% used.");
    expect(v.findings.find((f) => f.kind === "shared-disk")).toEqual({
      kind: "shared-disk",
      tone: "info",
      text: "On every broker, the dirs /a, /b and /c share one filesystem (identical total and usable bytes: dirs on one filesystem report that, and so do dirs whose mount failed at boot): counted as one disk per broker; moving replicas between them frees no space.",
    });
  });
});
