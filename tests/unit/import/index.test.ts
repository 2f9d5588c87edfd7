import { describe, expect, it } from "vitest";
import { importSnapshot, type ImportOutcome } from "@/lib/import";
import { balanceReport } from "@/lib/model/report";
import { fixture } from "@/tests/fixtures/import/format";

const capturedAt = "2025-01-31T12:00:00Z";

function snapshotOf(outcome: ImportOutcome) {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.error.issues));
  return outcome.value;
}

describe("importSnapshot", () => {
  it("importSnapshot() returns an import snapshot with the given time and a default label", () => {
    const snapshot = snapshotOf(importSnapshot({ logDirs: fixture("log-dirs-3.9.txt"), capturedAt }));
    expect(snapshot.schema).toBe(1);
    expect(snapshot.capturedAt).toBe(capturedAt);
    expect(snapshot.source).toEqual({
      kind: "import",
      label: "kafka-log-dirs import",
      kafkaVersion: null,
      clusterId: null,
      warnings: [expect.stringMatching(/^kafka-topics output: not given, so leaders, ISR and replica order are unknown/)],
      unknownFacts: ["throttles", "reassignments", "leadership", "racks", "capacity", "kafkaVersion", "cordons"],
    });
    expect(snapshotOf(importSnapshot({ logDirs: fixture("log-dirs-3.9.txt"), topics: fixture("topics-4.x.txt"), capturedAt })).source.label).toBe(
      "kafka-log-dirs + kafka-topics import",
    );
    expect(snapshotOf(importSnapshot({ logDirs: fixture("log-dirs-3.9.txt"), capturedAt, label: " prod-eu " })).source.label).toBe("prod-eu");
  });

  it("importSnapshot() reads every fixture pair from 2.3 to 4.x", () => {
    const pairs = [
      ["log-dirs-2.4.txt", "topics-2.3.txt"],
      ["log-dirs-2.4.txt", "topics-2.4.txt"],
      ["log-dirs-3.9.txt", "topics-3.6.txt"],
      ["log-dirs-3.9.txt", "topics-4.x.txt"],
      ["log-dirs-per-broker.txt", "topics-4.x.txt"],
      ["log-dirs-pretty.txt", "topics-4.x.txt"],
      ["log-dirs-extra-keys.txt", "topics-4.x.txt"],
    ] as const;
    for (const [logDirs, topics] of pairs) {
      const outcome = importSnapshot({ logDirs: fixture(logDirs), topics: fixture(topics), capturedAt });
      expect(outcome.ok, `${logDirs} + ${topics}`).toBe(true);
    }
  });

  it("importSnapshot() gives a snapshot the balance report reads, with the offline dir and unknown dirs counted", () => {
    const snapshot = snapshotOf(importSnapshot({ logDirs: fixture("log-dirs-3.9.txt"), topics: fixture("topics-4.x.txt"), capturedAt }));
    const report = balanceReport(snapshot);
    expect(report.totals).toMatchObject({ brokers: 3, topics: 5, partitions: 16, replicas: 6 * 3 + 4 * 2 + 3 * 3 + 2 + 3 + 1, offlineDirs: 1, replicasWithoutDir: 1 });
    expect(report.brokers.map((b) => b.leaders)).toEqual([6, 5, 4]);
  });

  it("importSnapshot() applies racks given as text", () => {
    const snapshot = snapshotOf(importSnapshot({ logDirs: fixture("log-dirs-3.9.txt"), racks: '{"1":"a","2":"b","3":"c"}', capturedAt }));
    expect(snapshot.brokers.map((b) => b.rack)).toEqual(["a", "b", "c"]);
  });

  it("importSnapshot() treats blank topics and racks text as not given", () => {
    const outcome = importSnapshot({ logDirs: fixture("log-dirs-3.9.txt"), topics: "  \n", racks: "", capturedAt });
    expect(snapshotOf(outcome).topics.every((t) => t.partitions.every((p) => p.leader === null))).toBe(true);
  });

  it("importSnapshot() lists problems in every pasted text at once and returns no snapshot", () => {
    const outcome = importSnapshot({
      logDirs: fixture("log-dirs-3.9.txt").replace('"size":2460529190', '"size":"2460529190"'),
      topics: fixture("topics-4.x.txt").replace("Isr: 2,3\t", "Isr: 2;3\t"),
      racks: "1 a\n1 b",
      capturedAt,
    });
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: "invalid_import",
        message: expect.stringMatching(/^kafka-log-dirs output, line 3: brokers\.0\.logDirs\.\d\.partitions\.\d+\.size: .* \(and 2 more problems\)$/),
        issues: [
          {
            source: "logDirs",
            line: 3,
            path: expect.stringMatching(/^brokers\.0\.logDirs\.\d\.partitions\.\d+\.size$/),
            message: 'expected a non-negative integer, got "2460529190"',
          },
          { source: "topics", line: 10, path: "Isr", message: 'expected broker ids separated by commas, such as "1,2,3", got "2;3"' },
          { source: "racks", line: 2, path: "", message: 'broker 1 is given rack "b" here and "a" on line 1; keep one' },
        ],
      },
    });
  });

  it("importSnapshot() asks for the log-dirs output when it is empty", () => {
    expect(importSnapshot({ logDirs: " \n", topics: fixture("topics-4.x.txt"), capturedAt })).toEqual({
      ok: false,
      error: {
        code: "invalid_import",
        message: "kafka-log-dirs output: paste the output of kafka-log-dirs.sh --describe; it is empty",
        issues: [{ source: "logDirs", line: null, path: "", message: "paste the output of kafka-log-dirs.sh --describe; it is empty" }],
      },
    });
  });

  it("importSnapshot() reports what the snapshot schema rejects instead of returning it", () => {
    const outcome = importSnapshot({ logDirs: fixture("log-dirs-3.9.txt"), capturedAt: "" });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.issues[0]).toMatchObject({ source: "snapshot", line: null, path: "capturedAt" });
  });
});
