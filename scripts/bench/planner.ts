/**
 * Planner bench: a synthetic skewed cluster of 100 brokers × 8 dirs × 100,000 replicas with log-normal
 * sizes; an intra-broker plan at the default 5-point tolerance. Reports the median of 3 runs and the
 * quality figures of the plan: the largest dir deviation from its broker's mean utilisation (points)
 * and bytes moved ÷ the lower bound (Σ over dirs of bytes above target plus tolerance, lib/plan/lower-bound.ts).
 * Targets (DESIGN §6): < 2 s, ≤ 5 points, ≤ 1.25.
 */
import { planRebalance, PlanOptionsSchema, type Plan } from "@/lib/plan";
import { syntheticCluster } from "@/lib/simulate/synthetic";

export interface PlannerFigures {
  replicas: number;
  brokers: number;
  dirs: number;
  seconds: number;
  maxDirDeviationPoints: number;
  movedOverLowerBound: number;
  moves: number;
  bytesMoved: number;
  lowerBoundBytes: number;
  dirSkewBefore: number;
  dirSkewAfter: number;
}

export async function benchPlanner(): Promise<PlannerFigures> {
  const brokers = 100;
  const dirs = 8;
  const replicas = 100_000;
  const snapshot = syntheticCluster({ brokers, dirsPerBroker: dirs, replicas, seed: 20261129 });
  const options = PlanOptionsSchema.parse({ goals: ["dir-utilization"], intraObjective: "utilization", tolerance: 0.05 });
  const times: number[] = [];
  const run = (): Plan => {
    const result = planRebalance(snapshot, options);
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };
  let plan = run();
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    plan = run();
    times.push((performance.now() - start) / 1000);
  }
  times.sort((a, b) => a - b);
  return {
    replicas,
    brokers,
    dirs,
    seconds: times[1]!,
    maxDirDeviationPoints: plan.maxDirDeviation * 100,
    movedOverLowerBound: plan.bytesMoved.total / plan.lowerBound,
    moves: plan.moves.length,
    bytesMoved: plan.bytesMoved.total,
    lowerBoundBytes: plan.lowerBound,
    dirSkewBefore: plan.before.skew.dirBytes.maxOverMean,
    dirSkewAfter: plan.after.skew.dirBytes.maxOverMean,
  };
}
