/**
 * POST /api/snapshots → 201 { id, url: "/s/<id>" }: stores a snapshot, scenario or plan link
 *   (body: lib/share/request.ts; hosts redacted unless `sharing.redactHosts` is false). Checking,
 *   redacting and compressing run in the worker pool (lib/workers), which also parses a body over
 *   1 MB; the store's quotas, everyone's and the
 *   client's (lib/http/client.ts), are applied on insert.
 * GET /api/snapshots?limit=&offset= → the newest links first; needs the write token
 *   (lib/http/write-access.ts, scope `links`).
 */
import { randomBytes } from "node:crypto";
import { clientKey } from "@/lib/http/client";
import { failureResponse, readJsonBody, resultResponse, workFailure } from "@/lib/http/respond";
import { authorizeWrite } from "@/lib/http/write-access";
import { linkLimits, snapshotLimitBytes } from "@/lib/links/limits";
import { listShares, storeEncodedShare } from "@/lib/links/share";
import { runTask } from "@/lib/server/run-task";
import { transferable } from "@/lib/workers/transfer";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const read = await readJsonBody(request, snapshotLimitBytes());
  if (!read.ok) return failureResponse(read.error);
  // Parsing a large body, validation, redaction and compression run in the worker pool; only the insert happens on this thread.
  const body = "parsed" in read.value ? { body: read.value.parsed } : { body: undefined, bodyBytes: transferable(read.value.bytes) };
  let encoded;
  try {
    encoded = await runTask(
      "shareEncoded",
      { ...body, salt: randomBytes(16).toString("hex"), labelChars: linkLimits().labelChars },
      { transferList: body.bodyBytes ? [body.bodyBytes.buffer] : [] },
    );
  } catch (error) {
    return workFailure(error);
  }
  if (!encoded.ok) return resultResponse(encoded);
  // The bytes arrive as a plain Uint8Array; the store takes a Buffer over the same memory.
  const { payload } = encoded.value;
  const row = { ...encoded.value, payload: Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength) };
  return resultResponse(await storeEncodedShare(row, { client: clientKey(request) }), 201);
}

export async function GET(request: Request): Promise<Response> {
  const access = authorizeWrite("links", request);
  if (!access.ok) return failureResponse(access.error);
  return resultResponse(await listShares(Object.fromEntries(new URL(request.url).searchParams)));
}
