import { describe, expect, it } from "vitest";
import { planMarks } from "@/lib/view/history/applied-plan-marks";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 6, 0);
const window = { fromMs: T0, toMs: T0 + 48 * HOUR };

describe("planMarks()", () => {
  it("planMarks() shades a long apply and draws a line for a short one", () => {
    const marks = planMarks(
      [
        { id: "b", startedAt: T0 + 10 * HOUR, finishedAt: T0 + 10 * HOUR + 60_000, state: "done" },
        { id: "a", startedAt: T0 + 2 * HOUR, finishedAt: T0 + 6 * HOUR, state: "done" },
      ],
      window,
    );
    expect(marks.map((m) => [m.id, m.kind, m.x1, m.x2])).toEqual([
      ["a", "area", T0 + 2 * HOUR, T0 + 6 * HOUR],
      ["b", "line", T0 + 10 * HOUR, T0 + 10 * HOUR],
    ]);
    expect(marks[0]!.description).toBe("Plan applied from 6 Jan 2026 02:00 UTC, ended 6 Jan 2026 06:00 UTC (done).");
  });

  it("planMarks() runs a job that is still running to the window's end, and clips one that started before", () => {
    const [mark] = planMarks([{ id: "r", startedAt: T0 - HOUR, finishedAt: null, state: "running" }], window);
    expect(mark).toMatchObject({ kind: "area", x1: T0, x2: T0 + 48 * HOUR });
    expect(mark!.description).toContain("(still running)");
  });

  it("planMarks() leaves out jobs outside the window and keeps an unknown state's name", () => {
    expect(planMarks([{ id: "old", startedAt: T0 - 5 * HOUR, finishedAt: T0 - 4 * HOUR, state: "done" }], window)).toEqual([]);
    expect(planMarks([{ id: "x", startedAt: T0 + HOUR, finishedAt: T0 + 2 * HOUR, state: "odd" }], window)[0]!.description).toContain("(odd)");
    expect(planMarks([{ id: "x", startedAt: T0, finishedAt: null, state: "done" }], { fromMs: 1, toMs: 1 })).toEqual([]);
  });
});
