/**
 * The quotas of the link store, decided on plain numbers. lib/store/links.ts runs `admitLink` inside the
 * insert's transaction, so the state it sees is the state the row lands in, across processes.
 *
 * - Per link: a row's bytes (compressed payload + summary) stay within `linkBytes` → else `link_too_large`.
 * - Rate: at most `rateLinks` new links and `rateBytes` new bytes per minute, all clients together
 *   → else `rate_limited` with `retryAfterSeconds`, the seconds until the oldest link of the window
 *   leaves it. A single link alone in its window is always within the byte rate (the per-link cap bounds it).
 * - Per client (the address that asks, lib/http/client.ts; checked first, so one client at its limit
 *   never spends everyone's): at most `clientRateLinks` links and `clientRateBytes` bytes per minute
 *   → else `rate_limited`; its links together within `clientStoreBytes` → else `client_store_full`
 *   (its own links must expire or be deleted first).
 * - Store: the sum of all rows' bytes stays within `storeBytes` → else `store_full` (the store is not
 *   coming back by waiting; an operator must act, so it is a 4xx at the edge, never a 5xx).
 * - Free text: the only free text stored uncompressed is the source label (in the listing summary);
 *   it is trimmed to `labelChars`, and the answer says so. Other text (warnings, plan JSON) lives in
 *   the compressed payload, which the per-link cap bounds.
 */
import {
  CLIENT_RATE_BYTES_ENV,
  CLIENT_RATE_LINKS_ENV,
  CLIENT_STORE_ENV,
  LABEL_LIMIT_ENV,
  LINK_LIMIT_ENV,
  RATE_BYTES_ENV,
  RATE_LINKS_ENV,
  RATE_WINDOW_MS,
  STORE_LIMIT_ENV,
  type LinkLimits,
} from "./limits";
import { failure, type Failure } from "@/lib/model/result";
import type { ClientQuotaState, QuotaState } from "@/lib/store/links";

/** Seconds until the oldest link of a window leaves it (at least 1). */
function secondsUntilFree(windowOldest: string | null, now: Date): number {
  return windowOldest === null ? 1 : Math.max(1, Math.ceil((Date.parse(windowOldest) + RATE_WINDOW_MS - now.getTime()) / 1000));
}

/** The per-client limits, on the client's own links (lib/store/links.ts `ClientQuotaState`). */
function admitForClient(bytes: number, mine: ClientQuotaState, limits: LinkLimits, now: Date): Failure | null {
  const retryAfterSeconds = secondsUntilFree(mine.windowOldest, now);
  if (limits.clientRateLinks > 0 && mine.windowLinks >= limits.clientRateLinks) {
    return failure(
      "rate_limited",
      `Too many new links from your address: ${mine.windowLinks} in the last minute and the limit is ${limits.clientRateLinks} per minute per address (${CLIENT_RATE_LINKS_ENV}); retry in ${retryAfterSeconds} s.`,
      { details: { retryAfterSeconds } },
    ).error;
  }
  if (limits.clientRateBytes > 0 && mine.windowLinks > 0 && mine.windowBytes + bytes > limits.clientRateBytes) {
    return failure(
      "rate_limited",
      `Too many new bytes from your address: your links of the last minute hold ${mine.windowBytes} bytes, this one ${bytes}, and the limit is ${limits.clientRateBytes} bytes per minute per address (${CLIENT_RATE_BYTES_ENV}); retry in ${retryAfterSeconds} s.`,
      { details: { retryAfterSeconds } },
    ).error;
  }
  if (mine.bytes + bytes > limits.clientStoreBytes) {
    return failure(
      "client_store_full",
      `Links shared from your address hold ${mine.bytes} bytes and this one needs ${bytes}, over the ${limits.clientStoreBytes} bytes one address may hold (${CLIENT_STORE_ENV}): ask an operator to delete links you no longer need, or wait until they expire.`,
    ).error;
  }
  return null;
}

export function admitLink(bytes: number, state: QuotaState, limits: LinkLimits, now: Date): Failure | null {
  if (bytes > limits.linkBytes) {
    return failure(
      "link_too_large",
      `This link would store ${bytes} bytes (compressed), over the limit of ${limits.linkBytes} bytes per link: share a smaller snapshot (fewer topics), or ask an operator to raise ${LINK_LIMIT_ENV}.`,
    ).error;
  }
  const mine = state.client ? admitForClient(bytes, state.client, limits, now) : null;
  if (mine) return mine;
  const retryAfterSeconds = secondsUntilFree(state.windowOldest, now);
  if (limits.rateLinks > 0 && state.windowLinks >= limits.rateLinks) {
    return failure(
      "rate_limited",
      `Too many new links: ${state.windowLinks} were shared in the last minute and the limit is ${limits.rateLinks} per minute (${RATE_LINKS_ENV}); retry in ${retryAfterSeconds} s.`,
      { details: { retryAfterSeconds } },
    ).error;
  }
  if (limits.rateBytes > 0 && state.windowLinks > 0 && state.windowBytes + bytes > limits.rateBytes) {
    return failure(
      "rate_limited",
      `Too many new bytes: links shared in the last minute hold ${state.windowBytes} bytes, this one ${bytes}, and the limit is ${limits.rateBytes} bytes per minute (${RATE_BYTES_ENV}); retry in ${retryAfterSeconds} s.`,
      { details: { retryAfterSeconds } },
    ).error;
  }
  if (state.bytes + bytes > limits.storeBytes) {
    return failure(
      "store_full",
      `The link store is full (${state.bytes} of ${limits.storeBytes} bytes used, this link needs ${bytes}): ask an operator to delete old links or raise ${STORE_LIMIT_ENV}.`,
    ).error;
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
