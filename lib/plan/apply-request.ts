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

/** 50: one screen of the audit page; the API takes up to 1000 a page. */
export const AUDIT_DEFAULT_LIMIT = 50;
const seq = (what: string) =>
  z.coerce.number().int(`${what} is an entry's seq (a whole number)`).min(0, `${what} is at least 0`).max(Number.MAX_SAFE_INTEGER, `${what} is too large`);
const instant = (what: string) => z.iso.datetime({ offset: true, message: `${what} is a time such as 2026-12-03T08:00:00Z` }).transform((v) => new Date(v).toISOString());

/**
 * GET /api/audit's query: one page of the audit log, newest first, `limit` entries (1–1000, default 50)
 * older than the seq `before` or newer than the seq `after` (never both), filtered by cluster, job,
 * actor (a token's label, or "unauthenticated"), action, result and a time range `from`–`to` (inclusive).
 */
export const AuditQuerySchema = z
  .strictObject({
    limit: z.coerce.number().int("limit is a whole number").min(1, "limit is at least 1").max(1000, "limit is at most 1000").default(AUDIT_DEFAULT_LIMIT),
    jobId: jobId.optional(),
    cluster: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "cluster is a configured cluster's name")
      .optional(),
    actor: z
      .string()
      .regex(/^[A-Za-z0-9._@-]{1,64}$/, "actor is a write token's label (1–64 letters, digits, '.', '_', '@' or '-') or unauthenticated")
      .optional(),
    action: z
      .string()
      .regex(/^[a-z][a-z-]{0,39}$/, "action is an audit action's name, such as alter-configs")
      .optional(),
    result: z.enum(["ok", "refused", "error"], "result is ok, refused or error").optional(),
    from: instant("from").optional(),
    to: instant("to").optional(),
    before: seq("before").optional(),
    after: seq("after").optional(),
  })
  .refine((q) => q.before === undefined || q.after === undefined, { message: "give before (older entries) or after (newer entries), not both", path: ["after"] })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: "from must not be later than to", path: ["from"] });
