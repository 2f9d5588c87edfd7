/**
 * POST /api/snapshots → 201 { id, url: "/s/<id>" }: stores a snapshot, scenario or plan link
 *   (body: lib/snapshots/request.ts; hosts redacted unless `sharing.redactHosts` is false).
 * GET /api/snapshots?limit=&offset= → the newest links first; needs the write token
 *   (lib/http/write-access.ts, scope `links`).
 */
import { readBody } from "@/lib/http/respond";
import { requireWriteAccess } from "@/lib/http/write-access";
import { shareResponse } from "@/lib/snapshots/http";
import { snapshotLimitBytes } from "@/lib/snapshots/limits";
import { createShare, listShares } from "@/lib/snapshots/share";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const body = await readBody(request, snapshotLimitBytes(), true);
  if (!body.ok) return body.response;
  return shareResponse(await createShare(body.value), 201);
}

export function GET(request: Request): Response {
  const denied = requireWriteAccess("links", request);
  if (denied) return denied;
  return shareResponse(listShares(Object.fromEntries(new URL(request.url).searchParams)));
}
