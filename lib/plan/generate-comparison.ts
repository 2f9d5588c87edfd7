/**
 * The plan beside Kafka's own `kafka-reassign-partitions --generate`: a seeded fresh assignment
 * (generate.ts) over the brokers that stay, what it would copy, and its after-state (generate-after.ts)
 * measured with the plan's own goals (goals.ts). `planRebalance` (planner.ts) reports it as
 * `kafkaGenerate`; it only measures and never changes the plan.
 */
import type { ClusterSnapshot } from "../model/snapshot";
import { kafkaBehaviour, pickKafkaLine } from "../model/kafka-versions";
import { copySize } from "../model/reassignment";
import { JavaRandom } from "../placement";
import { generateAssignment, GenerateError } from "./generate";
import { stateAfterGenerate } from "./generate-after";
import { measureGoal, type GoalMeasure } from "./goals";
import type { PlanState } from "./plan-state";
import { shareRackLimits } from "./rack-targets";
import type { PlanOptions, SoftGoal } from "./options";
import type { GenerateComparison } from "./plan-types";

/**
 * What `kafka-reassign-partitions --generate` would move: a fresh assignment of every topic the plan
 * may touch over the brokers that stay, seeded, counting the copy size of every replica on a broker
 * that did not hold it.
 */
export function generateComparison(snapshot: ClusterSnapshot, state: PlanState, options: PlanOptions): GenerateComparison {
  const excluded = new Set(options.excludeTopics);
  const topics = snapshot.topics.filter((t) => !excluded.has(t.name) && t.partitions.length > 0).map((t) => t.name);
  const brokers = [...state.brokers.values()]
    .filter((b) => b.online && !b.removing)
    .map((b) => b.id)
    .sort((a, b) => a - b);
  const placer = kafkaBehaviour(pickKafkaLine(snapshot.source.kafkaVersion).line).generatePlacer;
  try {
    const generated = generateAssignment(snapshot, topics, brokers, { random: new JavaRandom(options.seed) });
    const measured = measureGenerated(snapshot, state, generated, options);
    const byName = new Map(snapshot.topics.map((t) => [t.name, t]));
    let bytes = 0;
    let replicas = 0;
    for (const [name, assignment] of generated) {
      const topic = byName.get(name)!;
      topic.partitions.forEach((p, i) => {
        let size = -1;
        for (const b of assignment[i] ?? []) {
          if (p.replicas.some((r) => r.broker === b)) continue;
          if (size < 0) size = copySize(p);
          bytes += size;
          replicas += 1;
        }
      });
    }
    return { bytes, replicas, placer, ...measured };
  } catch (error) {
    if (error instanceof GenerateError) return { error: error.message };
    throw error;
  }
}

/** Kafka's `--generate` proposal, run, measured with the plan's goals: what it leaves undone. */
function measureGenerated(
  snapshot: ClusterSnapshot,
  planState: PlanState,
  generated: ReadonlyMap<string, number[][]>,
  options: PlanOptions,
): { goals: { goal: SoftGoal; met: boolean; measure: GoalMeasure }[]; leftBehind: number; unplaced: number } {
  const { state, unplaced, leftBehind } = stateAfterGenerate(snapshot, generated, options.operation);
  // Measured against the plan's own targets: where racks bind, each broker's (rack-targets.ts).
  shareRackLimits(planState, state);
  const goals = options.goals.map((goal) => {
    const measure = measureGoal(state, goal, options);
    return { goal, met: measure.outside === 0, measure };
  });
  return { goals, leftBehind, unplaced };
}
