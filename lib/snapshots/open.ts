/**
 * Opening a shared record in the simulator or the planner (server side: their pages and routes
 * call these with the `?shared=<id>` they were given). Every record holds a cluster, so each page can
 * work on any record's snapshot (a shared snapshot planned or simulated as itself); a record of a kind
 * a page cannot reopen is refused with the place it does open, so a hand-edited URL gets an answer
 * that says where to go.
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

/** Any record's cluster (a snapshot link's snapshot, a scenario's base, a plan's snapshot), with its scenario or plan if it has one. */
export async function openSharedCluster(id: string): Promise<Result<Meta & Pick<SharedRecord, "kind" | "snapshot" | "plan"> & { scenario: ScenarioInput | null }>> {
  const opened = await openShare(id);
  if (!opened.ok) return opened;
  const record = opened.value;
  return { ok: true, value: { id: record.id, createdAt: record.createdAt, sharing: record.sharing, kind: record.kind, snapshot: record.snapshot, plan: record.plan, scenario: storedScenario(record) } };
}

export async function openSharedScenario(id: string): Promise<Result<Meta & { scenario: ScenarioInput }>> {
  const opened = await openShare(id);
  if (!opened.ok) return opened;
  const record = opened.value;
  const scenario = storedScenario(record);
  if (record.kind !== "scenario" || !scenario) return wrongKind(record, "scenario");
  return { ok: true, value: { id: record.id, createdAt: record.createdAt, sharing: record.sharing, scenario } };
}

/** A plan link (its snapshot and goals), or a snapshot link to plan from scratch (plan null). */
export async function openSharedPlan(id: string): Promise<Result<Meta & { snapshot: ClusterSnapshot; plan: SharedPlan | null }>> {
  const opened = await openShare(id);
  if (!opened.ok) return opened;
  const record = opened.value;
  if (record.kind === "scenario" || (record.kind === "plan" && !record.plan)) return wrongKind(record, "plan");
  return { ok: true, value: { id: record.id, createdAt: record.createdAt, sharing: record.sharing, snapshot: record.snapshot, plan: record.kind === "plan" ? record.plan : null } };
}
