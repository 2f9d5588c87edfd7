import { describe, expect, it } from "vitest";
import type { LinkLimits } from "@/lib/links/limits";
import { admitLink, trimText } from "@/lib/links/quota";
import type { QuotaState } from "@/lib/store/links";

const limits: LinkLimits = {
  linkBytes: 100,
  storeBytes: 1000,
  labelChars: 10,
  retentionDays: 90,
  rateLinks: 3,
  rateBytes: 250,
  clientRateLinks: 2,
  clientRateBytes: 150,
  clientStoreBytes: 400,
};
const now = new Date("2026-06-01T12:00:00.000Z");
const empty: QuotaState = { links: 0, bytes: 0, windowLinks: 0, windowBytes: 0, windowOldest: null };

describe("admitLink()", () => {
  it("admitLink() admits a link within every limit", () => {
    expect(admitLink(100, { ...empty, links: 5, bytes: 900 }, limits, now)).toBeNull();
  });

  it("admitLink() refuses a link over the per-link cap with 413, whatever the store holds", () => {
    expect(admitLink(101, empty, limits, now)).toMatchObject({ code: "link_too_large" });
  });

  it("admitLink() refuses with 413 store_full when the link would take the store over its cap", () => {
    const refusal = admitLink(100, { ...empty, links: 9, bytes: 901 }, limits, now);
    expect(refusal).toMatchObject({ code: "store_full" });
    expect(refusal!.message).toBe(
      "The link store is full (901 of 1000 bytes used, this link needs 100): ask an operator to delete old links or raise KAFKA_BALANCE_SNAPSHOT_STORE_LIMIT_BYTES.",
    );
  });

  it("admitLink() refuses with 429 once the window holds rateLinks links, retrying when the oldest leaves it", () => {
    const state = { ...empty, windowLinks: 3, windowBytes: 30, windowOldest: "2026-06-01T11:59:15.500Z" };
    expect(admitLink(10, state, limits, now)).toMatchObject({ code: "rate_limited", details: { retryAfterSeconds: 16 } });
    expect(admitLink(10, state, { ...limits, rateLinks: 0 }, now)).toBeNull();
  });

  it("admitLink() refuses with 429 when the window's bytes would pass rateBytes, but admits a link alone in its window", () => {
    expect(admitLink(100, { ...empty, windowLinks: 2, windowBytes: 200, windowOldest: "2026-06-01T11:59:59.000Z" }, limits, now)).toMatchObject({
      code: "rate_limited",
      details: { retryAfterSeconds: 59 },
    });
    expect(admitLink(100, empty, { ...limits, rateBytes: 50 }, now)).toBeNull();
    expect(admitLink(100, { ...empty, windowLinks: 2, windowBytes: 200 }, { ...limits, rateBytes: 0 }, now)).toBeNull();
  });

  it("admitLink() never answers Retry-After below 1 second", () => {
    expect(admitLink(10, { ...empty, windowLinks: 3, windowOldest: "2026-06-01T11:58:00.000Z" }, limits, now)).toMatchObject({ details: { retryAfterSeconds: 1 } });
  });
});

describe("trimText()", () => {
  it("trimText() keeps text within the limit as it is", () => {
    expect(trimText("abc", 3)).toBe("abc");
  });

  it("trimText() cuts to max characters ending in an ellipsis", () => {
    expect(trimText("abcdefghij", 5)).toBe("abcd…");
    expect(trimText("abcdefghij", 5)).toHaveLength(5);
  });

  it("trimText() does not split a surrogate pair", () => {
    expect(trimText("abc😀def", 5)).toBe("abc…");
  });
});

describe("admitLink() per client", () => {
  const mine = { bytes: 0, windowLinks: 0, windowBytes: 0, windowOldest: null };

  it("refuses a client at its own rate of links while everyone's has room, with Retry-After from its own oldest link", () => {
    const state: QuotaState = {
      ...empty,
      links: 2,
      bytes: 20,
      windowLinks: 2,
      windowBytes: 20,
      windowOldest: "2026-06-01T11:59:40.000Z",
      client: { ...mine, bytes: 20, windowLinks: 2, windowBytes: 20, windowOldest: "2026-06-01T11:59:30.000Z" },
    };
    const refusal = admitLink(10, state, limits, now);
    expect(refusal).toMatchObject({ code: "rate_limited", details: { retryAfterSeconds: 30 } });
    expect(refusal!.message).toMatch(/from your address: 2 in the last minute and the limit is 2 per minute per address \(KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_LINKS\)/);
    // Another client (its own figures empty) is admitted against the same store.
    expect(admitLink(10, { ...state, client: mine }, limits, now)).toBeNull();
  });

  it("refuses a client past its rate of bytes", () => {
    const state: QuotaState = {
      ...empty,
      windowLinks: 1,
      windowBytes: 100,
      client: { ...mine, bytes: 100, windowLinks: 1, windowBytes: 100, windowOldest: "2026-06-01T11:59:50.000Z" },
    };
    expect(admitLink(60, state, limits, now)?.message).toMatch(/KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_BYTES/);
  });

  it("refuses a client whose links would pass its share of the store, naming KAFKA_BALANCE_SNAPSHOT_CLIENT_STORE_BYTES", () => {
    const state: QuotaState = { ...empty, links: 8, bytes: 380, client: { ...mine, bytes: 380 } };
    const refusal = admitLink(30, state, limits, now);
    expect(refusal).toMatchObject({ code: "client_store_full" });
    expect(refusal!.message).toMatch(/hold 380 bytes and this one needs 30, over the 400 bytes one address may hold \(KAFKA_BALANCE_SNAPSHOT_CLIENT_STORE_BYTES\)/);
    expect(admitLink(20, state, limits, now)).toBeNull();
  });
});
