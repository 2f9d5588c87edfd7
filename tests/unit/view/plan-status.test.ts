import { describe, expect, it } from "vitest";
import type { InterStop } from "@/lib/plan/inter-broker";
import type { OutsideTolerance } from "@/lib/plan/tolerance";
import { planStatus, reviewStatus, type ResultStatus } from "@/lib/view/plan-status";

const GiB = 1024 ** 3;
const STOPS: (InterStop | null)[] = [null, "balanced", "byte_cap", "max_moves", "no_improving_move"];
const OUTSIDE: OutsideTolerance[] = [];
for (const dirs of [null, 0, 1, 3]) for (const brokers of [null, 0, 1, 2]) if (dirs !== null || brokers !== null) OUTSIDE.push({ dirs, brokers });

/** The rules every status keeps: one sentence, no clause twice, nothing said that contradicts another part. */
function expectOneTrueSentence(status: ResultStatus, outside: OutsideTolerance | null) {
  const s = status.sentence;
  expect(s).toMatch(/^[A-Z0-9].*\.$/);
  expect(s).not.toMatch(/\.\s/);
  const clauses = s.toLowerCase().split(/[;:,()]|\. ?/).map((c) => c.trim()).filter(Boolean);
  expect(new Set(clauses).size).toBe(clauses.length);
  if (outside === null) return;
  const count = (outside.dirs ?? 0) + (outside.brokers ?? 0);
  expect(s.includes("within the tolerance")).toBe(count === 0);
  expect(s.includes("outside the tolerance")).toBe(count > 0);
  if (outside.dirs) expect(s).toContain(`${outside.dirs} dir`);
  if (outside.brokers) expect(s).toContain(`${outside.brokers} broker`);
  if (outside.dirs === 0 || outside.dirs === null) expect(s).not.toMatch(/\d dirs? (is|are|and)/);
  expect(status.tone).toBe(count === 0 ? "ok" : "partial");
}

describe("planStatus()", () => {
  it("planStatus() gives one true sentence for every combination of moves, tolerance and stop reasons", () => {
    for (const moves of [0, 1, 12]) {
      for (const outside of OUTSIDE) {
        for (const inter of STOPS) {
          for (const intra of STOPS) {
            const status = planStatus({ moves, bytes: moves * 2 * GiB, outside, stoppedBecause: { inter, intra } });
            expectOneTrueSentence(status, outside);
            expect(status.sentence.startsWith("Nothing to move")).toBe(moves === 0);
            const count = (outside.dirs ?? 0) + (outside.brokers ?? 0);
            // Whatever is outside comes with why, in brackets.
            expect(/\(.+\)\.$/.test(status.sentence)).toBe(count > 0);
            // A reason about moves in a later pass is never given when nothing moved.
            if (moves === 0) expect(status.sentence).not.toMatch(/later pass|stopped the plan|reached its move limit/);
          }
        }
      }
    }
  });

  it("planStatus() says nothing moves when everything is already within the tolerance", () => {
    expect(planStatus({ moves: 0, bytes: 0, outside: { dirs: 0, brokers: 0 }, stoppedBecause: { inter: "balanced", intra: "balanced" } })).toEqual({
      tone: "ok",
      sentence: "Nothing to move: every dir and broker is already within the tolerance.",
    });
    expect(planStatus({ moves: 0, bytes: 0, outside: { dirs: 0, brokers: null }, stoppedBecause: { inter: null, intra: "balanced" } }).sentence).toBe("Nothing to move: every dir is already within the tolerance.");
  });

  it("planStatus() says why nothing moves while dirs are outside the tolerance, without a contradiction", () => {
    expect(planStatus({ moves: 0, bytes: 0, outside: { dirs: 3, brokers: null }, stoppedBecause: { inter: null, intra: "no_improving_move" } }).sentence).toBe(
      "Nothing to move: 3 dirs are outside the tolerance, but no move can improve them (each candidate is too large for the gap or would break the headroom, leader, rack or exclusion rules).",
    );
    expect(planStatus({ moves: 0, bytes: 0, outside: { dirs: 1, brokers: 0 }, stoppedBecause: { inter: "balanced", intra: "byte_cap" } }).sentence).toBe(
      "Nothing to move: 1 dir is outside the tolerance, but no move can improve them (every move that would help is larger than the byte cap).",
    );
  });

  it("planStatus() counts the moves and bytes, once, whether or not they reach the tolerance", () => {
    expect(planStatus({ moves: 12, bytes: 24 * GiB, outside: { dirs: 0, brokers: 0 }, stoppedBecause: { inter: "balanced", intra: "balanced" } }).sentence).toBe(
      "12 moves (24.0 GiB) bring every dir and broker within the tolerance.",
    );
    expect(planStatus({ moves: 1, bytes: 2 * GiB, outside: { dirs: 2, brokers: 1 }, stoppedBecause: { inter: "no_improving_move", intra: "byte_cap" } })).toEqual({
      tone: "partial",
      sentence: "1 move (2.0 GiB), after which 2 dirs and 1 broker are outside the tolerance (the byte cap stopped the plan).",
    });
  });

  it("planStatus() blames the later pass when the dir pass ended balanced but dirs are outside again", () => {
    expect(planStatus({ moves: 5, bytes: GiB, outside: { dirs: 2, brokers: 0 }, stoppedBecause: { inter: "balanced", intra: "balanced" } }).sentence).toMatch(/later pass .*try the other order\)\.$/);
  });
});

describe("reviewStatus()", () => {
  it("reviewStatus() says only that Kafka would refuse, and how many reasons", () => {
    for (const refusals of [1, 2, 7]) {
      const status = reviewStatus({ verdict: "refused", refusals });
      expectOneTrueSentence(status, null);
      expect(status.tone).toBe("refused");
      expect(status.sentence).not.toMatch(/tolerance|GiB|MiB|copies|estimated/);
    }
    expect(reviewStatus({ verdict: "refused", refusals: 2 }).sentence).toBe("Kafka would refuse this reassignment: 2 problems, listed below; fix them and review again.");
  });

  it("reviewStatus() gives one true sentence for every accepted combination of data moved and tolerance", () => {
    for (const bytes of [0, 3 * GiB]) {
      for (const outside of OUTSIDE) {
        const status = reviewStatus({ verdict: "accepted", partitions: 4, bytes, outside });
        expectOneTrueSentence(status, outside);
        expect(status.sentence.includes("moves no data")).toBe(bytes === 0);
      }
    }
    expect(reviewStatus({ verdict: "accepted", partitions: 1, bytes: 3 * GiB, outside: { dirs: 3, brokers: null } }).sentence).toBe(
      "Kafka would accept this reassignment of 1 partition, which copies 3.0 GiB; afterwards 3 dirs are outside the tolerance.",
    );
  });
});
