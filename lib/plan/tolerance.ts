/**
 * How many dirs, brokers or topic × broker cells are outside each chosen goal's tolerance (goals.ts),
 * on any cluster state: what a plan or a review says about the cluster after it is what the planner
 * would say when asked to balance that cluster. Goals not chosen are not listed (not asked), never 0.
 */
import type { ClusterSnapshot } from "../model/snapshot";
import { measureGoal } from "./goals";
import type { PlanOptions, SoftGoal } from "./options";
import { PlanState } from "./plan-state";

export type OutsideTolerance = { goal: SoftGoal; outside: number }[];

export function outsideTolerance(state: PlanState, options: PlanOptions): OutsideTolerance {
  return options.goals.map((goal) => ({ goal, outside: measureGoal(state, goal, options).outside }));
}

/** The same counts for a snapshot (the cluster once a reviewed reassignment is done). */
export function snapshotOutsideTolerance(snapshot: ClusterSnapshot, options: PlanOptions): OutsideTolerance {
  return outsideTolerance(new PlanState(snapshot, new Set()), options);
}
