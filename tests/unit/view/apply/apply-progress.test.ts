import { describe, expect, it } from "vitest";
import type { JobBatchFields } from "@/lib/view/apply/apply-job";
import { batchStateText, brokerProgressRows, clockView, inFlightRows, jobBatchTable, ratesText } from "@/lib/view/apply/apply-progress";

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const T0 = Date.parse("2026-01-05T09:00:00Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const batch = (index: number, state: JobBatchFields["state"], over: Partial<JobBatchFields> = {}): JobBatchFields => ({
  index,
  kind: "data",
  partitions: 4,
  partitionMoves: 0,
  dirMoves: 6,
  bytes: 10 * GiB,
  plannedSeconds: 100,
  state,
  startedAt: null,
  finishedAt: null,
  ...over,
});

describe("jobBatchTable()", () => {
  it("jobBatchTable() shows each batch's state, start, how long it took (or so far) against the plan, and marks the current one", () => {
    const batches = [batch(0, "done", { startedAt: at(0), finishedAt: at(95) }), batch(1, "running", { startedAt: at(96) }), batch(2, "pending")];
    const { rows, before, after } = jobBatchTable({ state: "running", batch: 1, batches, finishedAt: null }, T0 + 138_000);
    expect(rows.map((r) => [r.number, r.stateText, r.started, r.took, r.planned, r.current])).toEqual([
      [1, "Done", "09:00:00 UTC", "1 min 35 s", "1 min 40 s", false],
      [2, "Copying", "09:01:36 UTC", "42 s so far", "1 min 40 s", true],
      [3, "Waiting", "–", "–", "1 min 40 s", false],
    ]);
    expect(rows[0]).toMatchObject({ kindText: "Data", partitions: "4", moves: "6 between dirs", bytes: "10.0 GiB" });
    expect([before, after]).toEqual([0, 0]);
  });

  it("jobBatchTable() says a batch the job stopped (a cancel) ran until the job ended, not 'so far'", () => {
    const batches = [batch(0, "done", { startedAt: at(0), finishedAt: at(16) }), batch(1, "cancelled", { startedAt: at(20) }), batch(2, "cancelled")];
    const { rows } = jobBatchTable({ state: "cancelled", batch: 1, batches, finishedAt: at(31) }, T0 + 600_000);
    expect(rows.map((r) => [r.stateText, r.took, r.current])).toEqual([
      ["Done", "16 s", false],
      ["Cancelled", "stopped after 11 s", false],
      ["Cancelled", "–", false],
    ]);
  });

  it("jobBatchTable() keeps a bounded window that starts a few batches before the current one and counts the rest", () => {
    const batches = Array.from({ length: 100 }, (_, i) => batch(i, i < 50 ? "done" : i === 50 ? "running" : "pending"));
    const t = jobBatchTable({ state: "running", batch: 50, batches, finishedAt: null }, T0, 20);
    expect(t.rows.map((r) => r.number)).toEqual(Array.from({ length: 20 }, (_, i) => 48 + i));
    expect([t.before, t.after]).toEqual([47, 33]);
    // At the end the window holds the last batches; no batch is current once the job has ended.
    const end = jobBatchTable({ state: "done", batch: 99, batches: batches.map((b) => ({ ...b, state: "done" as const })), finishedAt: at(0) }, T0, 20);
    expect(end.rows.map((r) => r.number)).toEqual(Array.from({ length: 20 }, (_, i) => 81 + i));
    expect([end.before, end.after]).toEqual([80, 0]);
    expect(end.rows.some((r) => r.current)).toBe(false);
  });
});

describe("brokerProgressRows()", () => {
  it("brokerProgressRows() orders brokers by id and keeps fractions within 0–1", () => {
    expect(
      brokerProgressRows([
        { broker: 3, copiedBytes: 0, totalBytes: 0 },
        { broker: 1, copiedBytes: 12 * GiB, totalBytes: 40 * GiB },
        { broker: 2, copiedBytes: 11 * GiB, totalBytes: 10 * GiB },
      ]),
    ).toEqual([
      { broker: 1, fraction: 0.3, text: "12.0 GiB of 40.0 GiB (30%)" },
      { broker: 2, fraction: 1, text: "10.0 GiB of 10.0 GiB (100%)" },
      { broker: 3, fraction: 1, text: "0 B of 0 B (100%)" },
    ]);
  });
});

describe("inFlightRows()", () => {
  it("inFlightRows() lists the partitions with the most bytes left first, at most `shown`, and counts the rest", () => {
    const p = (topic: string, partition: number, copied: number, total: number, kind: "inter" | "intra" = "intra") => ({
      topic,
      partition,
      broker: 2,
      kind,
      copiedBytes: copied * GiB,
      totalBytes: total * GiB,
    });
    const { rows, more } = inFlightRows([p("a", 0, 1, 2), p("b", 1, 0, 8, "inter"), p("a", 1, 4, 5), p("c", 0, 2, 6)], 3);
    expect(rows.map((r) => [r.partition, r.where, r.copied, r.left])).toEqual([
      ["b-1", "copying to broker 2", "0 B of 8.0 GiB", "8.0 GiB"],
      ["c-0", "moving between dirs of broker 2", "2.0 GiB of 6.0 GiB", "4.0 GiB"],
      ["a-0", "moving between dirs of broker 2", "1.0 GiB of 2.0 GiB", "1.0 GiB"],
    ]);
    expect(more).toBe(1);
  });
});

describe("clockView()", () => {
  const running = { state: "running" as const, createdAt: at(0), finishedAt: null, estimate: { seconds: 600 } };
  const clock = { doneBytes: 12.3 * GiB, totalBytes: 40 * GiB, measuredBytesPerSecond: 12.3 * MiB, remainingSeconds: 250, plannedRemainingSeconds: 280 };

  it("clockView() gives the time left at the measured rate beside the plan's estimate", () => {
    expect(clockView(clock, running)).toEqual({
      fraction: 12.3 / 40,
      copied: "12.3 GiB of 40.0 GiB copied (31%)",
      sentence: "About 4 min 10 s left at the measured 12.3 MiB/s; planned 4 min 40 s.",
    });
  });

  it("clockView() falls back to the plan's estimate until a rate is measured, and has nothing before the first poll", () => {
    expect(clockView({ ...clock, measuredBytesPerSecond: null, remainingSeconds: 280 }, running)?.sentence).toBe(
      "About 4 min 40 s left by the plan's estimate; no copy rate measured yet.",
    );
    expect(clockView(null, running)).toBeNull();
  });

  it("clockView() says a paused job's time left is copying still to do", () => {
    expect(clockView(clock, { ...running, state: "paused" })?.sentence).toBe("Paused with about 4 min 10 s of copying left at the measured 12.3 MiB/s; planned 4 min 40 s.");
  });

  it("clockView() says how long a finished job took against the plan", () => {
    expect(clockView(clock, { ...running, state: "done", finishedAt: at(640) })?.sentence).toBe("Took 10 min 40 s; planned 10 min 0 s.");
  });
});

describe("ratesText()", () => {
  it("ratesText() prints both rates with their unit", () => {
    expect(ratesText({ replicationBytesPerSecond: 50 * MiB, alterLogDirsBytesPerSecond: 100 * MiB })).toEqual({ replication: "50.0 MiB/s", alterLogDirs: "100.0 MiB/s" });
  });
});

describe("a cancelled batch and job", () => {
  it("batchStateText() says how many of a cancelled batch's partitions had finished when read back", () => {
    expect(batchStateText({ state: "cancelled", partitions: 2 })).toBe("Cancelled");
    expect(batchStateText({ state: "cancelled", partitions: 2, finishedPartitions: 1 })).toBe("Cancelled (1 of 2 partitions finished)");
    expect(batchStateText({ state: "cancelled", partitions: 2, finishedPartitions: 0 })).toBe("Cancelled (none finished)");
    expect(batchStateText({ state: "done", partitions: 2, finishedPartitions: 2 })).toBe("Done (finished before the cancel)");
  });

  it("clockView() of a cancelled job counts the bytes moved and kept", () => {
    const c = clockView(
      { doneBytes: 17 * 1024 ** 2, totalBytes: 34 * 1024 ** 2, measuredBytesPerSecond: null, remainingSeconds: null, plannedRemainingSeconds: 0 },
      { state: "cancelled", createdAt: "2026-01-05T09:00:00Z", finishedAt: "2026-01-05T09:00:15Z", estimate: { seconds: 70 } },
    );
    expect(c!.copied).toBe("17.0 MiB of 34.0 MiB moved and kept (50%)");
    expect(c!.sentence).toBe("Took 15 s; planned 1 min 10 s.");
    const cancelling = clockView(
      { doneBytes: 17 * 1024 ** 2, totalBytes: 34 * 1024 ** 2, measuredBytesPerSecond: 1024, remainingSeconds: 9, plannedRemainingSeconds: 9 },
      { state: "cancelling", createdAt: "2026-01-05T09:00:00Z", finishedAt: null, estimate: { seconds: 70 } },
    );
    expect(cancelling!.sentence).toBe("Being cancelled: the job reads back from the cluster what stays moved once Kafka has answered the cancel.");
  });
});
