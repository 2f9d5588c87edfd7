/**
 * What `/api/plan` sends back: the plan without its full after-snapshot (the reports carry what the
 * page draws), and at most MAX_MOVES_LISTED moves listed one by one (the JSON has them all).
 */
import type { Plan } from "./planner";

export const MAX_MOVES_LISTED = 2000;

export type PlanResponse = Omit<Plan, "afterSnapshot" | "moves"> & { moves: Plan["moves"]; movesTotal: number };

export function planResponse(plan: Plan): PlanResponse {
  const { afterSnapshot: _after, moves, ...rest } = plan;
  const largest = [...moves].sort((a, b) => b.bytes - a.bytes).slice(0, MAX_MOVES_LISTED);
  return { ...rest, moves: largest, movesTotal: moves.length };
}
