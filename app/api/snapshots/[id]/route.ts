/**
 * GET /api/snapshots/<id> → the record (lib/snapshots/record.ts): 400 for a malformed id, 404 for
 *   an unknown one. The id is the only secret, so reading needs nothing else.
 * DELETE /api/snapshots/<id> → { id, deleted: true }; needs the write token (lib/http/write-access.ts,
 *   scope `links`).
 */
import { resultResponse } from "@/lib/http/respond";
import { requireWriteAccess } from "@/lib/http/write-access";
import { deleteShare, openShare } from "@/lib/snapshots/share";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

interface Context {
  params: Promise<{ id: string }>;
}

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  return resultResponse(await openShare((await params).id));
}

export async function DELETE(request: Request, { params }: Context): Promise<Response> {
  const denied = requireWriteAccess("links", request);
  if (denied) return denied;
  return resultResponse(await deleteShare((await params).id));
}
