/**
 * Whether a result on the planner page still answers the form as it stands: a plan is stale once the
 * goals differ from those it was made with; a review once the goals or the reviewed JSON do. Goals are
 * compared as the options they mean ("5" and "5.0" points are the same goal), and goals the form
 * cannot turn into options are a change. The commands' bootstrap servers are not a goal.
 */
import { PlanOptionsSchema, type PlanOptionsInput } from "@/lib/plan/options";
import { planOptionsFromForm, type PlanForm } from "./plan-form";

function canonical(options: PlanOptionsInput): string | null {
  const parsed = PlanOptionsSchema.safeParse({ ...options, bootstrapServer: "-" });
  return parsed.success ? JSON.stringify(parsed.data) : null;
}

export function goalsChanged(form: PlanForm, madeWith: PlanOptionsInput): boolean {
  const now = planOptionsFromForm(form);
  if (!now.ok) return true;
  const a = canonical(now.value);
  return a === null || a !== canonical(madeWith);
}

export function reviewChanged(form: PlanForm, json: string, madeWith: { json: string; options: PlanOptionsInput }): boolean {
  return json !== madeWith.json || goalsChanged(form, madeWith.options);
}
