/**
 * The body of `POST /api/plan`: plan a rebalance of a snapshot (the current source when omitted), or
 * validate and estimate an existing reassignment JSON against it.
 */
import { z } from "zod";
import { SnapshotInputSchema } from "../model/parse";
import { PlanOptionsSchema } from "./options";

export const PlanRequestSchema = z.strictObject({
  /** The cluster to plan for; omitted = the dashboard's current source (live or demo). */
  snapshot: SnapshotInputSchema.optional(),
  options: PlanOptionsSchema.default(PlanOptionsSchema.parse({})),
  /** A reassignment JSON (as `kafka-reassign-partitions` takes it) to validate and estimate instead of planning. */
  reassignment: z.string().min(1, "reassignment is the text of a reassignment JSON").optional(),
});
