import { describe, expect, it } from "vitest";
import { captureLog, log, logEnabled, logLine } from "@/lib/log/logger";

const NOW = new Date("2026-12-03T08:00:00.000Z");

describe("logLine()", () => {
  it("logLine() writes one JSON object on one line: time, level, msg, then the fields", () => {
    const line = logLine("info", "Sending a request\nto Kafka.", { event: "job.request", cluster: "prod", jobId: "j1", partitions: 3 }, NOW, {});
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toEqual({
      time: NOW.toISOString(),
      level: "info",
      msg: "Sending a request\nto Kafka.",
      event: "job.request",
      cluster: "prod",
      jobId: "j1",
      partitions: 3,
    });
    expect(Object.keys(JSON.parse(line) as object).slice(0, 4)).toEqual(["time", "level", "msg", "event"]);
  });

  it("logLine() never writes a configured write token, SASL password or database password, nor a field named for a secret", () => {
    const env = {
      KAFKA_BALANCE_WRITE_TOKEN: " s3cret-Token-1\n",
      KAFKA_BALANCE_WRITE_TOKENS: "carol=carols-Token-2,dave=daves-Token-3",
      KAFKA_SASL_PASSWORD: "sasl-pass-4",
      KAFKA_BALANCE_CLUSTER_PROD_SASL_PASSWORD: "prod-pass-5",
      KAFKA_BALANCE_DATABASE_URL: "postgres://kb:db-pass-6@db:5432/kb",
    };
    const secrets = ["s3cret-Token-1", "carols-Token-2", "daves-Token-3", "sasl-pass-4", "prod-pass-5", "db-pass-6"];
    const line = logLine(
      "error",
      `Bearer s3cret-Token-1 refused`,
      {
        event: "x",
        detail: `tokens ${secrets.join(" ")}`,
        nested: { authorization: "Bearer anything-at-all", list: ["carols-Token-2"], writeToken: "whatever-it-is" },
        error: new Error("SASL auth with prod-pass-5 failed"),
      },
      NOW,
      env,
    );
    for (const s of [...secrets, "anything-at-all", "whatever-it-is"]) expect(line).not.toContain(s);
    const parsed = JSON.parse(line) as { msg: string; nested: { authorization: string; list: string[] }; error: string };
    expect(parsed.msg).toBe("Bearer [redacted] refused");
    expect(parsed.nested.authorization).toBe("[redacted]");
    expect(parsed.nested.list).toEqual(["[redacted]"]);
    expect(parsed.error).toBe("SASL auth with [redacted] failed");
  });

  it("logLine() cuts a huge field and never throws on values JSON cannot write", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const line = logLine("warn", "m", { event: "x", big: "y".repeat(100_000), n: 10n, cyclic }, NOW, {});
    const parsed = JSON.parse(line) as { big: string; n: string };
    expect(parsed.big.length).toBeLessThan(17_000);
    expect(parsed.big).toMatch(/… \(100000 chars\)$/);
    expect(parsed.n).toBe("10");
  });
});

describe("logEnabled()", () => {
  it("logEnabled(): json writes, off silences, unset writes except while vitest runs", () => {
    expect(logEnabled({})).toBe(true);
    expect(logEnabled({ KAFKA_BALANCE_LOG: "json" })).toBe(true);
    expect(logEnabled({ KAFKA_BALANCE_LOG: " OFF " })).toBe(false);
    expect(logEnabled({ VITEST: "true" })).toBe(false);
    expect(logEnabled({ VITEST: "true", KAFKA_BALANCE_LOG: "json" })).toBe(true);
  });
});

describe("log() and captureLog()", () => {
  it("log() goes to the captured sink while a capture runs, and nowhere in this test run after it stops", () => {
    const capture = captureLog();
    log("info", "one", { event: "a", cluster: "c", jobId: "j" });
    capture.stop();
    log("info", "two", { event: "b" });
    expect(capture.lines.map((l) => [l.level, l.msg, l.event, l.cluster, l.jobId])).toEqual([["info", "one", "a", "c", "j"]]);
    expect(capture.raw).toHaveLength(1);
  });
});
