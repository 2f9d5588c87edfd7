/**
 * How many dirs and brokers are outside the tolerance: the planner's own rules (intra-broker.ts for
 * dirs, inter-broker.ts for brokers), counted on any cluster state, so what a plan or a review says
 * about the cluster after it is what the planner would say when asked to balance that cluster.
 *
 * Only what the goals balance is counted: dirs unless the mode is `inter`, brokers unless it is
 * `intra`; the other count is null ("not asked"), never 0 ("within").
 */
import type { ClusterSnapshot } from "../model/snapshot";
import { brokersOutsideTolerance } from "./inter-broker";
import { dirsOutsideTolerance } from "./intra-broker";
import type { PlanOptions } from "./options";
import { PlanState } from "./plan-state";

export interface OutsideTolerance {
  /** Open dirs outside the tolerance of their broker's target; null when the goals leave dirs alone. */
  dirs: number | null;
  /** Brokers outside the tolerance of the mean; null when the goals leave brokers alone. */
  brokers: number | null;
}

export function outsideTolerance(state: PlanState, options: PlanOptions): OutsideTolerance {
  return {
    dirs: options.mode === "inter" ? null : [...state.brokers.values()].reduce((a, b) => a + dirsOutsideTolerance(state, b, options), 0),
    brokers: options.mode === "intra" ? null : brokersOutsideTolerance(state, options),
  };
}

/** The same counts for a snapshot (the cluster once a reviewed reassignment is done). */
export function snapshotOutsideTolerance(snapshot: ClusterSnapshot, options: PlanOptions): OutsideTolerance {
  return outsideTolerance(new PlanState(snapshot, new Set()), options);
}
