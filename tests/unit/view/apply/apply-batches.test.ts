import { describe, expect, it } from "vitest";
import { DEFAULT_EXECUTION, type BatchSummary } from "@/lib/plan/batches";
import { batchMovesText, executionSentence, planBatchTable } from "@/lib/view/apply/apply-batches";

const GiB = 1024 ** 3;
const batch = (index: number, over: Partial<BatchSummary> = {}): BatchSummary => ({
  index,
  kind: "data",
  partitions: 4,
  partitionMoves: 2,
  dirMoves: 3,
  bytes: 10 * GiB,
  seconds: 125,
  brokers: [],
  ...over,
});

describe("planBatchTable()", () => {
  it("planBatchTable() numbers batches from 1 in execution order with their partitions, moves, bytes and planned time", () => {
    const { rows, rest } = planBatchTable([batch(0), batch(1, { kind: "leadership", partitionMoves: 0, dirMoves: 0, bytes: 0, seconds: 1.5 })]);
    expect(rows).toEqual([
      { key: "0", number: 1, kind: "data", kindText: "Data", partitions: "4", moves: "2 between brokers, 3 between dirs", bytes: "10.0 GiB", seconds: "2 min 5 s" },
      { key: "1", number: 2, kind: "leadership", kindText: "Leadership", partitions: "4", moves: "preferred leaders only", bytes: "0 B", seconds: "2 s" },
    ]);
    expect(rest).toBeNull();
  });

  it("planBatchTable() shows at most `shown` rows and sums the batches left out", () => {
    const batches = Array.from({ length: 25 }, (_, i) => batch(i));
    const { rows, rest } = planBatchTable(batches, 20);
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rest).toEqual({ count: 5, partitions: 20, bytes: "50.0 GiB", seconds: "10 min 25 s" });
  });
});

describe("batchMovesText()", () => {
  it("batchMovesText() names only the kinds of move a data batch has", () => {
    expect(batchMovesText({ kind: "data", partitionMoves: 0, dirMoves: 6 })).toBe("6 between dirs");
    expect(batchMovesText({ kind: "data", partitionMoves: 1200, dirMoves: 0 })).toBe("1,200 between brokers");
    expect(batchMovesText({ kind: "data", partitionMoves: 0, dirMoves: 0 })).toBe("replica lists only");
  });
});

describe("executionSentence()", () => {
  it("executionSentence() names the batch count, the per-broker limits and the order", () => {
    expect(executionSentence(DEFAULT_EXECUTION, [batch(0), batch(1), batch(2)])).toBe(
      "3 batches, one after another: at most 5 partition moves and 2 dir moves per broker at a time, fullest disks first.",
    );
    expect(executionSentence({ ...DEFAULT_EXECUTION, partitionMovesPerBroker: 1, dirMovesPerBroker: 1, order: "smallest-first" }, [batch(0)])).toBe(
      "1 batch: at most 1 partition move and 1 dir move per broker at a time, smallest first.",
    );
  });

  it("executionSentence() puts leadership batches last, with their size, and says when nothing runs", () => {
    expect(executionSentence(DEFAULT_EXECUTION, [batch(0), batch(1, { kind: "leadership" })])).toBe(
      "2 batches, one after another: at most 5 partition moves and 2 dir moves per broker at a time, fullest disks first; then 1 leadership batch of at most 1,000 preferred-leader changes.",
    );
    expect(executionSentence(DEFAULT_EXECUTION, [batch(0, { kind: "leadership" })])).toBe("1 batch: 1 leadership batch of at most 1,000 preferred-leader changes (no data moves).");
    expect(executionSentence(DEFAULT_EXECUTION, [])).toBe("Nothing to run: the plan moves no data and changes no leader.");
  });
});
