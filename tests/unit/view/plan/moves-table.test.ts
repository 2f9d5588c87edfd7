import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moveSeconds } from "@/lib/plan/estimate";
import type { PlanMove } from "@/lib/plan/planner";
import { ariaSort, DEFAULT_MOVE_SORT, MOVE_COLUMNS, moveRows, movesCaption, nextMoveSort, sortMoveRows, type MoveColumn } from "@/lib/view/plan/moves-table";

const MiB = 1024 * 1024;
const rates = { replicationBytesPerSecond: 10 * MiB, alterLogDirsBytesPerSecond: 100 * MiB };
const move = (topic: string, partition: number, fromBroker: number, toBroker: number, bytes: number, fromDir: string | null = "/d1", toDir = "/d2"): PlanMove => ({
  kind: fromBroker === toBroker ? "intra" : "inter",
  topic,
  partition,
  fromBroker,
  toBroker,
  fromDir,
  toDir,
  bytes,
});

describe("moveRows()", () => {
  it("moveRows() shows from and to as broker:dir and times each move at its own throttle", () => {
    const [intra, inter] = moveRows([move("orders", 3, 1, 1, 200 * MiB), move("orders", 4, 1, 2, 200 * MiB, null)], rates);
    expect(intra).toMatchObject({ from: "1:/d1", to: "1:/d2", bytesText: "200.0 MiB", seconds: moveSeconds("intra", 200 * MiB, rates), secondsText: "3 s" });
    expect(inter).toMatchObject({ from: "1:(unknown dir)", to: "2:/d2", seconds: moveSeconds("inter", 200 * MiB, rates), secondsText: "21 s" });
  });
});

describe("sortMoveRows()", () => {
  const rows = moveRows([move("b", 1, 2, 2, 5 * MiB), move("B", 0, 1, 3, 5 * MiB), move("a", 10, 3, 3, 9 * MiB), move("a", 2, 1, 1, 1 * MiB, "/d9", "/d1")], {
    ...rates,
    replicationBytesPerSecond: MiB,
  });
  const keys = (column: MoveColumn, direction: "ascending" | "descending") => sortMoveRows(rows, { column, direction }).map((r) => `${r.topic}-${r.partition}`);

  it("sortMoveRows() sorts by each column, either way, with topic and partition breaking ties", () => {
    expect(keys("bytes", "descending")).toEqual(["a-10", "B-0", "b-1", "a-2"]);
    expect(keys("bytes", "ascending")).toEqual(["a-2", "B-0", "b-1", "a-10"]);
    expect(keys("topic", "ascending")).toEqual(["B-0", "a-2", "a-10", "b-1"]);
    expect(keys("partition", "ascending")).toEqual(["B-0", "b-1", "a-2", "a-10"]);
    expect(keys("from", "ascending")).toEqual(["B-0", "a-2", "b-1", "a-10"]);
    expect(keys("to", "descending")).toEqual(["B-0", "a-10", "b-1", "a-2"]);
    // The cross-broker move is the slow one at these throttles.
    expect(keys("seconds", "descending")[0]).toBe("B-0");
  });

  it("sortMoveRows() is a permutation, in order, and reverses exactly for a column without ties", () => {
    const arb = fc.array(
      fc.record({ t: fc.constantFrom("a", "b", "C"), p: fc.nat(20), from: fc.integer({ min: 1, max: 4 }), to: fc.integer({ min: 1, max: 4 }), bytes: fc.nat(1000) }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, fc.constantFrom(...MOVE_COLUMNS.map((c) => c.column)), (specs, column) => {
        const unique = [...new Map(specs.map((s) => [`${s.t}-${s.p}-${s.from}`, s])).values()];
        const rs = moveRows(
          unique.map((s) => move(s.t, s.p, s.from, s.to, s.bytes)),
          rates,
        );
        const up = sortMoveRows(rs, { column, direction: "ascending" });
        const down = sortMoveRows(rs, { column, direction: "descending" });
        expect(new Set(up.map((r) => r.key))).toEqual(new Set(rs.map((r) => r.key)));
        expect(up).toHaveLength(rs.length);
        const value = (r: (typeof rs)[number]) => (column === "from" ? r.fromBroker : column === "to" ? r.toBroker : r[column]);
        for (let i = 1; i < up.length; i++) {
          const a = value(up[i - 1]!);
          const b = value(down[i - 1]!);
          if (typeof a === "number") expect(a).toBeLessThanOrEqual(value(up[i]!) as number);
          if (typeof b === "number") expect(b).toBeGreaterThanOrEqual(value(down[i]!) as number);
        }
      }),
    );
  });
});

describe("nextMoveSort() and ariaSort()", () => {
  it("nextMoveSort() starts bytes and time largest first, names A→Z, and reverses the sorted column", () => {
    expect(DEFAULT_MOVE_SORT).toEqual({ column: "bytes", direction: "descending" });
    expect(nextMoveSort(DEFAULT_MOVE_SORT, "bytes")).toEqual({ column: "bytes", direction: "ascending" });
    expect(nextMoveSort(DEFAULT_MOVE_SORT, "seconds")).toEqual({ column: "seconds", direction: "descending" });
    expect(nextMoveSort(DEFAULT_MOVE_SORT, "topic")).toEqual({ column: "topic", direction: "ascending" });
    expect(nextMoveSort(DEFAULT_MOVE_SORT, "partition")).toEqual({ column: "partition", direction: "ascending" });
    expect(nextMoveSort({ column: "topic", direction: "ascending" }, "topic")).toEqual({ column: "topic", direction: "descending" });
  });

  it("ariaSort() gives a direction to the sorted column only", () => {
    expect(MOVE_COLUMNS.map((c) => ariaSort(DEFAULT_MOVE_SORT, c.column))).toEqual(["none", "none", "none", "none", "descending", "none"]);
  });

  it("movesCaption() says how many moves are listed and how they are sorted", () => {
    expect(movesCaption(3, 3, DEFAULT_MOVE_SORT)).toBe("All 3 moves, sorted by bytes, descending.");
    expect(movesCaption(1, 1, { column: "topic", direction: "ascending" })).toBe("The one move, sorted by topic, ascending.");
    expect(movesCaption(2000, 5432, DEFAULT_MOVE_SORT)).toBe("The 2,000 largest of 5,432 moves (the reassignment JSON has them all), sorted by bytes, descending.");
  });
});
