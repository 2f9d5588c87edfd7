import { PlanOptionsSchema, planRebalance } from "@/lib/plan";
import { SHAPES } from "./planner-shapes";
import { plannerScaleCluster } from "./planner-scale";
const shape = SHAPES.find((s) => s.name === (process.env.SHAPE ?? "full-among-empty"))!;
const { snapshot, newBrokers } = plannerScaleCluster(shape.cluster);
const op = shape.operation === "add-brokers" ? { kind: "add-brokers" as const, brokers: newBrokers } : { kind: "rebalance" as const };
const r = planRebalance(snapshot, PlanOptionsSchema.parse({ operation: op }));
if (!r.ok) throw new Error(r.error.message);
const after = r.value.afterSnapshot;
const n = after.brokers.length;
for (const t of after.topics) {
  const counts = new Map<number, number>(); const leads = new Map<number, number>();
  let total = 0;
  for (const p of t.partitions) { p.replicas.forEach((x, i) => { counts.set(x.broker, (counts.get(x.broker) ?? 0) + 1); if (i === 0) leads.set(x.broker, (leads.get(x.broker) ?? 0) + 1); total++; }); }
  const ceil = Math.ceil(total / n - 1e-9);
  const worst = Math.max(...counts.values()) - ceil;
  if (worst > 1) console.log(t.name, "P", t.partitions.length, "mean", (total / n).toFixed(2), "counts", [...counts].sort((a, b) => a[0] - b[0]).map(([b, c]) => `${b}:${c}/${leads.get(b) ?? 0}L`).join(" "));
}
for (const g of r.value.goals) console.log(g.goal, g.met, g.reason);
console.log("new", newBrokers.join(","));
