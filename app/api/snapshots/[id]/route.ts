/**
 * GET /api/snapshots/<id> → the record (lib/share/record.ts): 400 for a malformed id, 404 for
 *   an unknown one. The id is the only secret, so reading needs nothing else.
 * DELETE /api/snapshots/<id> → { id, deleted: true }; needs the write token (lib/http/write-access.ts,
 *   scope `links`).
 */
import { failureResponse, okJson, resultResponse, workFailure } from "@/lib/http/respond";
import { guardWrite } from "@/lib/http/write-access";
import { deleteShare } from "@/lib/links/share";
import { sharedRecordJson } from "@/lib/server/share-reads";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

interface Context {
  params: Promise<{ id: string }>;
}

/** Decoded and serialised in the worker pool (lib/server/share-reads.ts): the bytes are sent as they come. */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  let json;
  try {
    json = await sharedRecordJson((await params).id);
  } catch (error) {
    return workFailure(error);
  }
  return json.ok ? okJson(json.value) : resultResponse(json);
}

export async function DELETE(request: Request, { params }: Context): Promise<Response> {
  const { id } = await params;
  const access = await guardWrite("links", request, { action: "delete-link", target: `DELETE /api/snapshots/${id.slice(0, 64)}` });
  if (!access.ok) return failureResponse(access.error);
  return resultResponse(await deleteShare(id));
}
