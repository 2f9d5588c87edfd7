/**
 * Opening a shared link in the planner, server side, without decoding it. The planner page's
 * `?shared=<id>` reads only the link's row (`readShareRow`: a malformed, unknown or expired id is an
 * answer here, and so is a link of a kind the planner cannot reopen, with the place it does open); the
 * browser then fetches the record from `GET /api/snapshots/<id>`, which the worker pool decodes
 * (lib/server/share-reads.ts). A 50 MB link decoded here, and its snapshot serialised into the page,
 * used to hold the request thread for a second or more.
 */
import { failure, type Result } from "@/lib/model/result";
import type { LinkStore } from "@/lib/store/links";
import { openerPath, type RecordKind } from "../share/record";
import { readShareRow } from "./share";

/** What the planner page passes to the browser: which link, and whether it brings a plan (a snapshot link is planned from scratch). */
export interface PlanLink {
  id: string;
  kind: Exclude<RecordKind, "scenario">;
}

/** A plan link, or a snapshot link to plan from scratch; a scenario link is refused with the simulator's address. */
export async function sharedPlanLink(id: string, store?: LinkStore, now?: Date): Promise<Result<PlanLink>> {
  const read = await readShareRow(id, store, now);
  if (!read.ok) return read;
  const { kind } = read.value;
  if (kind === "scenario") return failure("wrong_kind", `The shared link ${id} holds a ${kind}, not a plan: open ${openerPath(kind, id)} instead.`);
  return { ok: true, value: { id, kind } };
}
