import { describe, expect, it } from "vitest";
import { DEFAULT_HISTORY_SPAN_MS, ForecastQuerySchema, MAX_HISTORY_SPAN_MS, parseHistoryQuery } from "@/lib/model/history-query";

const NOW = Date.UTC(2026, 3, 1);
const issue = (params: Record<string, string>) => {
  const r = parseHistoryQuery(params, NOW);
  return r.ok ? null : r.error.issues.map((i) => `${i.path}: ${i.message}`);
};

describe("parseHistoryQuery()", () => {
  it("parseHistoryQuery() defaults to the cluster's figures over the last 7 days, 1,000 points a series", () => {
    expect(parseHistoryQuery({}, NOW)).toEqual({
      ok: true,
      value: { cluster: undefined, scope: "cluster", broker: undefined, dir: undefined, from: NOW - DEFAULT_HISTORY_SPAN_MS, to: NOW, maxPoints: 1000 },
    });
  });

  it("parseHistoryQuery() reads a dir's scope with its range and point bound from strings", () => {
    const r = parseHistoryQuery({ cluster: "prod", scope: "dir", broker: "3", dir: "/data/d2", from: String(NOW - 1000), to: String(NOW), maxPoints: "50" }, NOW);
    expect(r).toEqual({ ok: true, value: { cluster: "prod", scope: "dir", broker: 3, dir: "/data/d2", from: NOW - 1000, to: NOW, maxPoints: 50 } });
  });

  it("parseHistoryQuery() names the field that is wrong", () => {
    expect(issue({ scope: "topic" })).toEqual(["scope: scope is cluster, broker or dir"]);
    expect(issue({ scope: "broker" })).toEqual(["broker: scope=broker needs broker=<id>"]);
    expect(issue({ scope: "dir", broker: "1" })).toEqual(["dir: scope=dir needs dir=<path> (a log dir of the broker)"]);
    expect(issue({ broker: "1" })).toEqual(["broker: broker is for scope=broker or scope=dir"]);
    expect(issue({ scope: "broker", broker: "-1" })).toEqual(["broker: broker ids are 0 or more"]);
    expect(issue({ from: "yesterday" })![0]).toMatch(/^from: /);
    expect(issue({ maxPoints: "100000" })).toEqual(["maxPoints: maxPoints is at most 5000"]);
    expect(issue({ since: "1" })![0]).toMatch(/^since: unknown key/);
  });

  it("parseHistoryQuery() bounds the range: from before to, at most 3 years, not past tomorrow", () => {
    expect(issue({ from: "5000", to: "5000" })).toEqual(["from: from is before to"]);
    expect(issue({ from: "0", to: String(MAX_HISTORY_SPAN_MS + 1) })![0]).toMatch(/^from: the range is at most 1096 days/);
    expect(issue({ to: String(NOW + 2 * 86_400_000) })![0]).toMatch(/^to: to is more than a day past/);
    expect(parseHistoryQuery({ to: "1000" }, NOW)).toMatchObject({ ok: true, value: { from: 0, to: 1000 } });
  });
});

describe("ForecastQuerySchema", () => {
  it("ForecastQuerySchema lists 1,000 dirs by default, 1 to 20,000 when asked, and refuses other keys", () => {
    expect(ForecastQuerySchema.parse({})).toEqual({ limit: 1000 });
    expect(ForecastQuerySchema.parse({ cluster: "prod", limit: "20000" })).toEqual({ cluster: "prod", limit: 20000 });
    expect(ForecastQuerySchema.safeParse({ limit: "20001" }).success).toBe(false);
    expect(ForecastQuerySchema.safeParse({ scope: "dir" }).success).toBe(false);
  });
});
