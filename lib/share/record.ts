/**
 * What a shared link holds. One record = one ClusterSnapshot plus, for a simulator or planner link,
 * the scenario or plan to reopen on it. Client-safe: types and zod schemas only, no I/O.
 *
 * - `snapshot`: the cluster as shared (after redaction). For a scenario it is the scenario's base.
 * - `scenario`: the simulator input without its base (policy, seed, steps); the base is `snapshot`,
 *   stored once. `storedScenario(record)` puts them back together.
 * - `plan`: the planner options plus the reassignment JSON the planner produced when the link was
 *   made. The planner is deterministic (same snapshot + options → same plan), so options are enough
 *   to reopen the view; the JSON is kept so the recipient sees exactly what was shared even if a
 *   later planner version would propose something else.
 */
import { z } from "zod";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { PlanOptionsSchema, upgradeLegacyPlanOptions } from "@/lib/plan/options";
import { ScenarioSchema, type ScenarioInput } from "@/lib/simulate/schema";

export const RECORD_KINDS = ["snapshot", "scenario", "plan"] as const;
export const RecordKindSchema = z.enum(RECORD_KINDS);
export type RecordKind = z.infer<typeof RecordKindSchema>;

/** What the sharer chose to hide. Hosts are hidden unless asked otherwise: sharing is explicit. */
export const SharingSchema = z.strictObject({
  redactHosts: z.boolean().default(true),
  hashTopics: z.boolean().default(false),
});
export type Sharing = z.infer<typeof SharingSchema>;
export const DEFAULT_SHARING: Sharing = { redactHosts: true, hashTopics: false };

export const ScenarioSpecSchema = ScenarioSchema.omit({ base: true });
export type ScenarioSpec = z.infer<typeof ScenarioSpecSchema>;

/** 10 MB: a plan moving every replica of a 100,000-partition cluster is about 8 MB of JSON. */
const MAX_REASSIGNMENT_JSON_CHARS = 10 * 1024 * 1024;

export const SharedPlanSchema = z.strictObject({
  /** Links stored before goals existed carry `mode`, `order` and `interObjective`: read as today's goals. */
  options: z.preprocess(upgradeLegacyPlanOptions, PlanOptionsSchema),
  reassignmentJson: z.string().max(MAX_REASSIGNMENT_JSON_CHARS, "reassignmentJson is at most 10 MB").nullable().default(null),
});
export type SharedPlan = z.infer<typeof SharedPlanSchema>;
export type SharedPlanInput = z.input<typeof SharedPlanSchema>;

/** What every view of a stored record shows: which link, of what, when, how large. */
export interface RecordMeta {
  id: string;
  kind: RecordKind;
  /** `/s/<id>`: the page that opens this record. */
  url: string;
  /** ISO-8601, when the link was created. */
  createdAt: string;
  /** The snapshot schema version the record was written with; `snapshot` is always the current one. */
  schemaVersion: number;
  /** Size of the stored JSON before compression, in bytes. */
  sizeBytes: number;
}

export interface SharedRecord extends RecordMeta {
  sharing: Sharing;
  snapshot: ClusterSnapshot;
  scenario: ScenarioSpec | null;
  plan: SharedPlan | null;
}

/** One line of the (token-protected) listing: enough to recognise a record without opening it. */
export interface RecordSummary extends RecordMeta {
  /** Compressed bytes on disk. */
  storedBytes: number;
  sourceKind: string;
  label: string;
  brokers: number;
  topics: number;
  sharing: Sharing;
}

/** The query parameter the simulator and planner read a shared record's id from: `/simulate?shared=<id>`. */
export const SHARED_PARAM = "shared";

/** Where a record opens: a snapshot in the read-only overview, a scenario in the simulator, a plan in the planner. */
export function openerPath(kind: RecordKind, id: string): string {
  switch (kind) {
    case "snapshot":
      return `/s/${id}`;
    case "scenario":
      return `/simulate?${SHARED_PARAM}=${encodeURIComponent(id)}`;
    case "plan":
      return `/plan?${SHARED_PARAM}=${encodeURIComponent(id)}`;
  }
}

/** The full simulator input of a scenario record (its base is the record's snapshot). */
export function storedScenario(record: Pick<SharedRecord, "snapshot" | "scenario">): ScenarioInput | null {
  return record.scenario ? { ...record.scenario, base: record.snapshot } : null;
}
