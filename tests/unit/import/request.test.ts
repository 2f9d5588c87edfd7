import { describe, expect, it } from "vitest";
import { ImportRequestSchema } from "@/lib/import/request";

describe("ImportRequestSchema", () => {
  it("ImportRequestSchema.safeParse() accepts log dirs with optional topics, racks, label and time", () => {
    const body = { logDirs: "{}", topics: "", racks: "1 a", label: "prod", capturedAt: "2025-01-31T12:00:00Z" };
    expect(ImportRequestSchema.safeParse(body)).toEqual({ success: true, data: body });
  });

  it("ImportRequestSchema.safeParse() says what to send when logDirs is missing", () => {
    const result = ImportRequestSchema.safeParse({ brokers: [], version: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["logDirs"], message: "paste the output of kafka-log-dirs.sh --describe here, as a JSON string" });
  });

  it("ImportRequestSchema.safeParse() rejects a capturedAt that is not an ISO-8601 time", () => {
    expect(ImportRequestSchema.safeParse({ logDirs: "x", capturedAt: "yesterday" }).error?.issues[0]?.message).toMatch(/ISO-8601/);
  });

  it("ImportRequestSchema.safeParse() rejects a body that is not an object", () => {
    expect(ImportRequestSchema.safeParse("text").error?.issues[0]?.message).toMatch(/^send a JSON object/);
  });
});
