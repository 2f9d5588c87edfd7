/**
 * POST /api/snapshots → 201 { id, url: "/s/<id>" }: stores a snapshot, scenario or plan link
 *   (body: lib/share/request.ts; hosts redacted unless `sharing.redactHosts` is false). Checking,
 *   redacting and compressing run in the worker pool (the use-case: lib/server/share.ts), which also
 *   parses a body over 1 MB; the store's quotas, everyone's and the
 *   client's (lib/http/client.ts), are applied on insert.
 * GET /api/snapshots?limit=&offset= → the newest links first; needs the write token
 *   (lib/http/write-access.ts, scope `links`).
 */
import { clientKey } from "@/lib/http/client";
import { failureResponse, readJsonBody, resultResponse } from "@/lib/http/respond";
import { guardWrite } from "@/lib/http/write-access";
import { snapshotLimitBytes } from "@/lib/links/limits";
import { listShares } from "@/lib/links/share";
import { shareLink } from "@/lib/server/share";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const read = await readJsonBody(request, snapshotLimitBytes());
  if (!read.ok) return failureResponse(read.error);
  return resultResponse(await shareLink(read.value, clientKey(request)), 201);
}

export async function GET(request: Request): Promise<Response> {
  const access = await guardWrite("links", request, { action: "list-links", target: "GET /api/snapshots" });
  if (!access.ok) return failureResponse(access.error);
  return resultResponse(await listShares(Object.fromEntries(new URL(request.url).searchParams)));
}
