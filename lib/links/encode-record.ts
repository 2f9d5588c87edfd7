/**
 * A link's payload as a row stores it: the JSON compressed (codec.ts) and the listing summary (source
 * kind, label trimmed, broker and topic counts, sharing options). No store and no clock, so the worker
 * pool runs it for POST /api/snapshots (lib/server/tasks.ts): serialising and compressing a 50 MB
 * snapshot must not hold the request thread, which only inserts the row.
 */
import { encodePayload } from "./codec";
import type { StoredPayload } from "./decode-record";
import { trimText } from "./quota";

/** A row's payload columns: compressed bytes, their encoding, the JSON's size and the listing summary. */
export interface EncodedPayload {
  sizeBytes: number;
  encoding: string;
  payload: Buffer;
  summary: string;
}

export async function encodeStoredPayload(payload: StoredPayload, labelChars: number): Promise<EncodedPayload> {
  const { snapshot, sharing } = payload as { snapshot: { source?: { kind?: unknown; label?: unknown }; brokers?: unknown[]; topics?: unknown[] }; sharing: unknown };
  const label = snapshot.source?.label;
  const summary = JSON.stringify({
    sourceKind: snapshot.source?.kind ?? null,
    label: typeof label === "string" ? trimText(label, labelChars) : null,
    brokers: snapshot.brokers?.length ?? 0,
    topics: snapshot.topics?.length ?? 0,
    sharing,
  });
  const encoded = await encodePayload(JSON.stringify(payload));
  return { sizeBytes: encoded.sizeBytes, encoding: encoded.encoding, payload: encoded.data, summary };
}
