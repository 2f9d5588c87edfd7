/**
 * The share use-case (POST /api/snapshots): a new link. Parsing a large body, validation, redaction,
 * serialising and compressing run in a worker thread (lib/server/tasks.ts `shareEncoded`: a 50 MB
 * snapshot is seconds of CPU); here only the row is inserted, within the quotas (lib/links/share.ts).
 */
import { randomBytes } from "node:crypto";
import { linkLimits } from "@/lib/links/limits";
import { storeEncodedShare } from "@/lib/links/share";
import type { ShareResponse } from "@/lib/share/request";
import type { JsonBody } from "@/lib/model/json-body";
import type { Result } from "@/lib/model/result";
import { workFailureOf } from "@/lib/workers/pool";
import { transferable } from "@/lib/workers/transfer";
import { runTask } from "./run-task";

/** The new link (its id and URL), or why not: the body's problems, a quota (`client`: who asks, when known), the pool's. */
export async function shareLink(body: JsonBody, client: string | undefined): Promise<Result<ShareResponse>> {
  const input = "parsed" in body ? { body: body.parsed } : { body: undefined, bodyBytes: transferable(body.bytes) };
  let encoded;
  try {
    // A random salt per link: the same cluster shared twice gets different topic hashes.
    encoded = await runTask(
      "shareEncoded",
      { ...input, salt: randomBytes(16).toString("hex"), labelChars: linkLimits().labelChars },
      { transferList: input.bodyBytes ? [input.bodyBytes.buffer] : [] },
    );
  } catch (error) {
    return workFailureOf(error);
  }
  if (!encoded.ok) return encoded;
  // The bytes arrive as a plain Uint8Array; the store takes a Buffer over the same memory.
  const { payload } = encoded.value;
  const row = { ...encoded.value, payload: Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength) };
  return storeEncodedShare(row, { client });
}
