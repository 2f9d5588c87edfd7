/**
 * The quotas of the link store, decided on plain numbers. store.ts runs `admitLink` inside the
 * insert's transaction, so the state it sees is the state the row lands in, across processes.
 *
 * - Per link: a row's bytes (compressed payload + summary) stay within `linkBytes` → else 413.
 * - Rate: at most `rateLinks` new links and `rateBytes` new bytes per minute, all clients together
 *   → else 429 with the seconds until the oldest link of the window leaves it. A single link alone
 *   in its window is always within the byte rate (the per-link cap bounds it).
 * - Store: the sum of all rows' bytes stays within `storeBytes` → else 413 (the store is not coming
 *   back by waiting; an operator must act), never a 5xx.
 * - Free text: the only free text stored uncompressed is the source label (in the listing summary);
 *   it is trimmed to `labelChars`, and the answer says so. Other text (warnings, plan JSON) lives in
 *   the compressed payload, which the per-link cap bounds.
 */
import { LABEL_LIMIT_ENV, LINK_LIMIT_ENV, RATE_BYTES_ENV, RATE_LINKS_ENV, RATE_WINDOW_MS, STORE_LIMIT_ENV, type LinkLimits } from "./limits";
import type { QuotaState } from "./store";

export interface QuotaRefusal {
  status: 413 | 429;
  code: "link_too_large" | "store_full" | "rate_limited";
  message: string;
  retryAfterSeconds?: number;
}

export function admitLink(bytes: number, state: QuotaState, limits: LinkLimits, now: Date): QuotaRefusal | null {
  if (bytes > limits.linkBytes) {
    return { status: 413, code: "link_too_large", message: `This link would store ${bytes} bytes (compressed), over the limit of ${limits.linkBytes} bytes per link: share a smaller snapshot (fewer topics), or ask an operator to raise ${LINK_LIMIT_ENV}.` };
  }
  const retryAfterSeconds = state.windowOldest === null ? 1 : Math.max(1, Math.ceil((Date.parse(state.windowOldest) + RATE_WINDOW_MS - now.getTime()) / 1000));
  if (limits.rateLinks > 0 && state.windowLinks >= limits.rateLinks) {
    return { status: 429, code: "rate_limited", retryAfterSeconds, message: `Too many new links: ${state.windowLinks} were shared in the last minute and the limit is ${limits.rateLinks} per minute (${RATE_LINKS_ENV}); retry in ${retryAfterSeconds} s.` };
  }
  if (limits.rateBytes > 0 && state.windowLinks > 0 && state.windowBytes + bytes > limits.rateBytes) {
    return { status: 429, code: "rate_limited", retryAfterSeconds, message: `Too many new bytes: links shared in the last minute hold ${state.windowBytes} bytes, this one ${bytes}, and the limit is ${limits.rateBytes} bytes per minute (${RATE_BYTES_ENV}); retry in ${retryAfterSeconds} s.` };
  }
  if (state.bytes + bytes > limits.storeBytes) {
    return { status: 413, code: "store_full", message: `The link store is full (${state.bytes} of ${limits.storeBytes} bytes used, this link needs ${bytes}): ask an operator to delete old links or raise ${STORE_LIMIT_ENV}.` };
  }
  return null;
}

/** `text` cut to at most `max` characters, ending in "…" when cut; never splits a surrogate pair. */
export function trimText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export function labelTrimmedNotice(length: number, max: number): string {
  return `The snapshot's source label was ${length} characters long; the link keeps its first ${max - 1} and "…" (the limit is ${max}, ${LABEL_LIMIT_ENV}).`;
}
