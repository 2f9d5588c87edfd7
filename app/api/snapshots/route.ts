/**
 * POST /api/snapshots → 201 { id, url: "/s/<id>" }: stores a snapshot, scenario or plan link
 *   (body: lib/snapshots/request.ts; hosts redacted unless `sharing.redactHosts` is false). Checking
 *   and redacting run in the worker pool (lib/workers); the store's quotas, everyone's and the
 *   client's (lib/http/client.ts), are applied on insert.
 * GET /api/snapshots?limit=&offset= → the newest links first; needs the write token
 *   (lib/http/write-access.ts, scope `links`).
 */
import { randomBytes } from "node:crypto";
import { clientKey } from "@/lib/http/client";
import { readBody, resultResponse, workFailure } from "@/lib/http/respond";
import { requireWriteAccess } from "@/lib/http/write-access";
import { linkLimits, snapshotLimitBytes } from "@/lib/snapshots/limits";
import { listShares, storePreparedShare } from "@/lib/snapshots/share";
import { runTask } from "@/lib/workers/pool";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const body = await readBody(request, snapshotLimitBytes(), true);
  if (!body.ok) return body.response;
  // Validation and redaction run in the worker pool; only the insert happens on this thread.
  let prepared;
  try {
    prepared = await runTask("share", { body: body.value, salt: randomBytes(16).toString("hex"), labelChars: linkLimits().labelChars });
  } catch (error) {
    return workFailure(error);
  }
  return resultResponse(prepared.ok ? await storePreparedShare(prepared.value, { client: clientKey(request) }) : prepared, 201);
}

export async function GET(request: Request): Promise<Response> {
  const denied = requireWriteAccess("links", request);
  if (denied) return denied;
  return resultResponse(await listShares(Object.fromEntries(new URL(request.url).searchParams)));
}
