import { PlanOptionsSchema, planRebalance } from "@/lib/plan";
import { participants, spreadCounted, topicBand, topicBandFor } from "@/lib/plan/goals";
import { PlanState } from "@/lib/plan/plan-state";
import { SHAPES } from "./planner-shapes";
import { plannerScaleCluster } from "./planner-scale";
const shape = SHAPES.find((s) => s.name === (process.env.SHAPE ?? "uneven-racks"))!;
const { snapshot, newBrokers } = plannerScaleCluster(shape.cluster);
const op = shape.operation === "add-brokers" ? { kind: "add-brokers" as const, brokers: newBrokers } : { kind: "rebalance" as const };
const r = planRebalance(snapshot, PlanOptionsSchema.parse({ operation: op }));
if (!r.ok) throw new Error(r.error.message);
const state = new PlanState(r.value.afterSnapshot, new Set());
const members = participants(state); const counted = spreadCounted(state);
for (const [topic, counts] of state.topicCounts) {
  const band = topicBand(state, topic, members, 0, counted);
  for (const [id, c] of counts) {
    const b = topicBandFor(band, state.brokers.get(id));
    if (c > Math.ceil(b.mean - 1e-9) + 1) console.log(topic, "broker", id, state.brokers.get(id)!.rack, "count", c, "band", b, "byRack", band.byRack ? [...band.byRack].map(([k, v]) => `${k}:${v.mean.toFixed(2)}`).join(" ") : "-");
  }
}
for (const g of r.value.goals) console.log(g.goal, g.met, g.after.worst, g.reason);
