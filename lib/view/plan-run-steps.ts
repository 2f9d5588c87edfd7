/**
 * The commands to run a plan by hand, numbered in the order to run them: cordon the dirs being
 * drained (so Kafka puts nothing new there while they empty), set the throttles, start the
 * reassignment and check it until done, elect the preferred leaders the plan reordered, and once
 * nothing moves, remove the throttles. A step with nothing to do is left out, and the rest are
 * numbered without a gap.
 */
import type { Cordon, Leadership } from "@/lib/plan/planner";
import type { ThrottlePlan } from "@/lib/plan/throttle-plan";
import { reassignPartitionsCommands } from "@/lib/plan/throttle-plan";

export interface RunStep {
  /** The element id of the block (tests and links find it by this). */
  id: string;
  title: string;
  text: string;
}

export function planRunSteps(plan: { options: { bootstrapServer: string }; entries: readonly unknown[]; cordons: readonly Cordon[]; throttles: ThrottlePlan; leadership: Leadership }): RunStep[] {
  const run = reassignPartitionsCommands(plan.options.bootstrapServer, "plan.json");
  const steps: { id: string; what: string; text: string }[] = [];
  if (plan.cordons.length > 0) steps.push({ id: "plan-cordon-commands", what: "Cordon the dirs being drained", text: plan.cordons.map((c) => c.command).join("\n") });
  if (plan.throttles.commands.apply.length > 0) steps.push({ id: "plan-apply-commands", what: "Set the throttles", text: plan.throttles.commands.apply.join("\n") });
  if (plan.entries.length > 0) steps.push({ id: "plan-execute", what: "Start, then check until done", text: `${run.execute}\n${run.verify}` });
  if (plan.leadership.changes.length > 0) steps.push({ id: "plan-election-command", what: "When it is done: elect the preferred leaders (election.json)", text: plan.leadership.command });
  if (plan.throttles.commands.remove.length > 0) steps.push({ id: "plan-remove-commands", what: "When nothing is moving: remove the throttles", text: plan.throttles.commands.remove.join("\n") });
  return steps.map((s, i) => ({ id: s.id, title: `${i + 1}. ${s.what}`, text: s.text }));
}
