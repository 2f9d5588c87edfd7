/**
 * GET /api/snapshots/<id> → the record (lib/snapshots/record.ts): 400 for a malformed id, 404 for
 *   an unknown one. The id is the only secret, so reading needs nothing else.
 * DELETE /api/snapshots/<id> → { id, deleted: true }; needs the write token.
 */
import { fail } from "@/lib/http/respond";
import { checkWriteToken } from "@/lib/snapshots/auth";
import { shareResponse } from "@/lib/snapshots/http";
import { deleteShare, openShare } from "@/lib/snapshots/share";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

interface Context {
  params: Promise<{ id: string }>;
}

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  return shareResponse(await openShare((await params).id));
}

export async function DELETE(request: Request, { params }: Context): Promise<Response> {
  const access = checkWriteToken(request.headers.get("authorization"));
  if (!access.ok) return fail(access.status, access.code, access.message);
  return shareResponse(deleteShare((await params).id));
}
