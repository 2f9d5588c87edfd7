// The v1 fixture record, as the unit tests start from it (parsed, so defaults are filled in).
import fs from "node:fs";
import path from "node:path";
import { parseSnapshot } from "@/lib/model/parse";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { ScenarioSpecSchema, SharedPlanSchema, type ScenarioSpec, type SharedPlan } from "@/lib/share/record";

const dir = path.resolve(import.meta.dirname, "../../fixtures/snapshots/v1");

export function fixturePayload(kind: "snapshot" | "scenario" | "plan"): { snapshot: ClusterSnapshot; scenario: ScenarioSpec | null; plan: SharedPlan | null } {
  const record = JSON.parse(fs.readFileSync(path.join(dir, `${kind}.json`), "utf8")) as { payload: { snapshot: unknown; scenario: unknown; plan: unknown } };
  const parsed = parseSnapshot(record.payload.snapshot);
  if (!parsed.ok) throw new Error(`fixture ${kind} does not parse: ${JSON.stringify(parsed.error.issues)}`);
  return {
    snapshot: parsed.value,
    scenario: record.payload.scenario ? ScenarioSpecSchema.parse(record.payload.scenario) : null,
    plan: record.payload.plan ? SharedPlanSchema.parse(record.payload.plan) : null,
  };
}
