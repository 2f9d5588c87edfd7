import { describe, expect, it } from "vitest";
import { MERGE_SHARE, planMarks } from "@/lib/view/history/applied-plan-marks";

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

  describe("close marks merge, so labels never overlap", () => {
    const MIN = 60_000;
    const half = { fromMs: T0, toMs: T0 + 30 * MIN };

    it("three plans a minute apart in 30 minutes are one line saying 3 plans, each named in its title and kept in `plans`", () => {
      const marks = planMarks(
        [
          { id: "p1", startedAt: T0 + 10 * MIN, finishedAt: T0 + 10 * MIN + 5_000, state: "done" },
          { id: "p2", startedAt: T0 + 11 * MIN, finishedAt: T0 + 11 * MIN + 5_000, state: "done" },
          { id: "p3", startedAt: T0 + 12 * MIN, finishedAt: T0 + 12 * MIN + 5_000, state: "failed" },
          { id: "p4", startedAt: T0 + 25 * MIN, finishedAt: T0 + 25 * MIN + 5_000, state: "done" },
        ],
        half,
      );
      expect(marks.map((m) => [m.label, m.kind, m.x1])).toEqual([
        ["3 plans", "area", T0 + 10 * MIN],
        ["plan", "line", T0 + 25 * MIN],
      ]);
      expect(marks[0]!.x2).toBe(T0 + 12 * MIN);
      expect(marks[0]!.plans.map((p) => p.id)).toEqual(["p1", "p2", "p3"]);
      expect(marks[0]!.title.split("\n")).toEqual([
        "p1: Plan applied from 6 Jan 2026 00:10 UTC, ended 6 Jan 2026 00:10 UTC (done).",
        "p2: Plan applied from 6 Jan 2026 00:11 UTC, ended 6 Jan 2026 00:11 UTC (done).",
        "p3: Plan applied from 6 Jan 2026 00:12 UTC, ended 6 Jan 2026 00:12 UTC (failed).",
      ]);
      expect(marks[0]!.description).toBe("3 plans applied between 6 Jan 2026 00:10 UTC and 6 Jan 2026 00:12 UTC.");
      expect(new Set(marks.map((m) => m.id)).size).toBe(marks.length);
    });

    it("merged plans too close to shade are a line; marks further apart than MERGE_SHARE stay apart", () => {
      const close = planMarks(
        [
          { id: "a", startedAt: T0 + HOUR, finishedAt: T0 + HOUR + 1000, state: "done" },
          { id: "b", startedAt: T0 + HOUR + 2000, finishedAt: T0 + HOUR + 3000, state: "done" },
        ],
        window,
      );
      expect(close.map((m) => [m.label, m.kind, m.x1, m.x2])).toEqual([["2 plans", "line", T0 + HOUR, T0 + HOUR]]);
      const gap = MERGE_SHARE * 48 * HOUR;
      const apart = planMarks(
        [
          { id: "a", startedAt: T0 + HOUR, finishedAt: T0 + HOUR, state: "done" },
          { id: "b", startedAt: T0 + HOUR + gap, finishedAt: T0 + HOUR + gap, state: "done" },
        ],
        window,
      );
      expect(apart.map((m) => m.label)).toEqual(["plan", "plan"]);
    });

    it("a plan starting near the end of a long one joins it; labels of what is left are at least MERGE_SHARE apart", () => {
      const plans = Array.from({ length: 200 }, (_, i) => ({
        id: `j${String(i).padStart(3, "0")}`,
        startedAt: T0 + i * 7 * MIN,
        finishedAt: T0 + i * 7 * MIN + MIN,
        state: "done",
      }));
      plans.push({ id: "long", startedAt: T0, finishedAt: T0 + 20 * HOUR, state: "done" });
      const marks = planMarks(plans, window);
      expect(marks.reduce((n, m) => n + m.plans.length, 0)).toBe(201);
      for (let i = 1; i < marks.length; i++) expect(marks[i]!.x1 - marks[i - 1]!.x2).toBeGreaterThanOrEqual(MERGE_SHARE * 48 * HOUR);
      expect(marks[0]!.plans.map((p) => p.id)).toContain("long");
    });
  });
});
