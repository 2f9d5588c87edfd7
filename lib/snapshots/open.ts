/**
 * Opening a shared record in the simulator or the planner (server side: their pages and routes
 * call these with the `?shared=<id>` they were given). A link of another kind is refused with the
 * place it does open, so a hand-edited URL gets an answer that says where to go.
 */
import { failure, type Err, type Result } from "@/lib/model/result";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { ScenarioInput } from "@/lib/simulate/schema";
import { openerPath, storedScenario, type RecordKind, type SharedPlan, type SharedRecord } from "./record";
import { openShare } from "./share";

type Meta = Pick<SharedRecord, "id" | "createdAt" | "sharing">;

function wrongKind(record: SharedRecord, wanted: RecordKind): Err {
  return failure("wrong_kind", `The shared link ${record.id} holds a ${record.kind}, not a ${wanted}: open ${openerPath(record.kind, record.id)} instead.`);
}

export async function openSharedScenario(id: string): Promise<Result<Meta & { scenario: ScenarioInput }>> {
  const opened = await openShare(id);
  if (!opened.ok) return opened;
  const record = opened.value;
  const scenario = storedScenario(record);
  if (record.kind !== "scenario" || !scenario) return wrongKind(record, "scenario");
  return { ok: true, value: { id: record.id, createdAt: record.createdAt, sharing: record.sharing, scenario } };
}

export async function openSharedPlan(id: string): Promise<Result<Meta & { snapshot: ClusterSnapshot; plan: SharedPlan }>> {
  const opened = await openShare(id);
  if (!opened.ok) return opened;
  const record = opened.value;
  if (record.kind !== "plan" || !record.plan) return wrongKind(record, "plan");
  return { ok: true, value: { id: record.id, createdAt: record.createdAt, sharing: record.sharing, snapshot: record.snapshot, plan: record.plan } };
}
