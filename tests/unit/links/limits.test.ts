import { describe, expect, it, vi } from "vitest";
import {
  DEFAULT_CLIENT_RATE_BYTES,
  DEFAULT_CLIENT_RATE_LINKS,
  DEFAULT_LABEL_MAX_CHARS,
  DEFAULT_LINK_LIMIT_BYTES,
  DEFAULT_RATE_BYTES,
  DEFAULT_RATE_LINKS,
  DEFAULT_RETENTION_DAYS,
  DEFAULT_STORE_LIMIT_BYTES,
  expiryCutoff,
  linkLimits,
  wholeNumberFromEnv,
} from "@/lib/links/limits";

describe("linkLimits()", () => {
  it("linkLimits() has the documented defaults when nothing is set", () => {
    expect(linkLimits({})).toEqual({
      linkBytes: DEFAULT_LINK_LIMIT_BYTES,
      storeBytes: DEFAULT_STORE_LIMIT_BYTES,
      labelChars: DEFAULT_LABEL_MAX_CHARS,
      retentionDays: DEFAULT_RETENTION_DAYS,
      rateLinks: DEFAULT_RATE_LINKS,
      rateBytes: DEFAULT_RATE_BYTES,
      clientRateLinks: DEFAULT_CLIENT_RATE_LINKS,
      clientRateBytes: DEFAULT_CLIENT_RATE_BYTES,
      clientStoreBytes: DEFAULT_STORE_LIMIT_BYTES / 4,
    });
    expect(linkLimits({})).toEqual({
      linkBytes: 16 * 2 ** 20,
      storeBytes: 2 ** 30,
      labelChars: 200,
      retentionDays: 90,
      rateLinks: 60,
      rateBytes: 64 * 2 ** 20,
      clientRateLinks: 20,
      clientRateBytes: 32 * 2 ** 20,
      clientStoreBytes: 2 ** 28,
    });
  });

  it("linkLimits() reads each variable, and 0 where 0 turns a limit off", () => {
    const env = {
      KAFKA_BALANCE_SNAPSHOT_LINK_LIMIT_BYTES: "1000",
      KAFKA_BALANCE_SNAPSHOT_STORE_LIMIT_BYTES: " 5000 ",
      KAFKA_BALANCE_SNAPSHOT_LABEL_MAX_CHARS: "50",
      KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS: "0",
      KAFKA_BALANCE_SNAPSHOT_RATE_LINKS: "0",
      KAFKA_BALANCE_SNAPSHOT_RATE_BYTES: "0",
    };
    // The per-client rates are off with everyone's unless set; a client's share follows the store's size.
    expect(linkLimits(env)).toEqual({
      linkBytes: 1000,
      storeBytes: 5000,
      labelChars: 50,
      retentionDays: 0,
      rateLinks: 0,
      rateBytes: 0,
      clientRateLinks: 0,
      clientRateBytes: 0,
      clientStoreBytes: 1250,
    });
    const perClient = { ...env, KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_LINKS: "5", KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_BYTES: "700", KAFKA_BALANCE_SNAPSHOT_CLIENT_STORE_BYTES: "2000" };
    expect(linkLimits(perClient)).toMatchObject({ clientRateLinks: 5, clientRateBytes: 700, clientStoreBytes: 2000 });
  });
});

describe("wholeNumberFromEnv()", () => {
  it("wholeNumberFromEnv() falls back to the default for a value that is not a whole number ≥ min, and logs it once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const bad of ["abc", "-1", "1.5", "1e3", "0x10", "99999999999999999999"]) expect(wholeNumberFromEnv("KB_TEST_LIMIT", 7, 0, { KB_TEST_LIMIT: bad }), bad).toBe(7);
    expect(wholeNumberFromEnv("KB_TEST_LIMIT", 7, 1, { KB_TEST_LIMIT: "0" })).toBe(7);
    expect(wholeNumberFromEnv("KB_TEST_LIMIT", 7, 1, { KB_TEST_LIMIT: "0" })).toBe(7);
    expect(warn).toHaveBeenCalledTimes(7);
    expect(warn.mock.calls[0]![0]).toBe('Kafka Balance: KB_TEST_LIMIT="abc" is not a whole number ≥ 0; using the default 7.');
  });

  it("wholeNumberFromEnv() treats an empty value as unset, silently", () => {
    expect(wholeNumberFromEnv("KB_TEST_LIMIT", 7, 1, { KB_TEST_LIMIT: " " })).toBe(7);
    expect(wholeNumberFromEnv("KB_TEST_LIMIT", 7, 1, {})).toBe(7);
  });
});

describe("expiryCutoff()", () => {
  it("expiryCutoff() is retentionDays before now, or null when links never expire", () => {
    expect(expiryCutoff({ retentionDays: 90 }, new Date("2026-04-01T00:00:00.000Z"))).toBe("2026-01-01T00:00:00.000Z");
    expect(expiryCutoff({ retentionDays: 0 }, new Date("2026-04-01T00:00:00.000Z"))).toBeNull();
  });
});
