/**
 * The bodies and queries of the apply routes beside `POST /api/plan/apply` (whose body is
 * PlanRequestSchema): controlling a running job, and reading the audit log.
 */
import { z } from "zod";

const jobId = z.string().regex(/^[a-z0-9-]{1,40}$/, "jobId is the id GET /api/plan/apply shows for the job");
const rate = (what: string) => z.number().int(`${what} is a whole number of bytes per second`).min(1, `${what} must be at least 1 byte/s`).max(Number.MAX_SAFE_INTEGER);

export const ApplyControlSchema = z.discriminatedUnion("action", [
  z.strictObject({ jobId, action: z.literal("pause") }),
  z.strictObject({ jobId, action: z.literal("resume") }),
  z.strictObject({ jobId, action: z.literal("cancel") }),
  z
    .strictObject({
      jobId,
      action: z.literal("throttle"),
      replicationBytesPerSecond: rate("replicationBytesPerSecond").optional(),
      alterLogDirsBytesPerSecond: rate("alterLogDirsBytesPerSecond").optional(),
    })
    .refine((r) => r.replicationBytesPerSecond !== undefined || r.alterLogDirsBytesPerSecond !== undefined, {
      message: "give replicationBytesPerSecond, alterLogDirsBytesPerSecond or both",
      path: ["replicationBytesPerSecond"],
    }),
]);
export type ApplyControl = z.infer<typeof ApplyControlSchema>;

export const AuditQuerySchema = z.strictObject({
  limit: z.coerce.number().int("limit is a whole number").min(1, "limit is at least 1").max(1000, "limit is at most 1000").default(200),
  jobId: jobId.optional(),
  cluster: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "cluster is a configured cluster's name")
    .optional(),
});
