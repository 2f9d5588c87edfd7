import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { failureResponse } from "@/lib/http/respond";
import { STATUS_BY_CODE, statusFor } from "@/lib/http/status";
import { failure } from "@/lib/model/result";

const root = path.resolve(__dirname, "..", "..", "..");

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** Every error code the sources can put in a Failure or a response, found by how they are written. */
function producedCodes(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /\bfailure\(\s*"([a-z_]+)"/g,
    /\bfail\(\s*"([a-z_]+)"/g,
    /\binvalid\([^;]*?,\s*"([a-z_]+)"\)/g,
    /new ClusterSourceError\(\s*"([a-z_]+)"/g,
    // An error class's own code (lib/http/error-failure.ts reads it).
    /readonly code = "([a-z_]+)"/g,
    /\bimportFailure\(/g,
  ];
  for (const file of [...sources("lib"), ...sources("app")]) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) found.set(match[1] ?? "invalid_import", file);
    }
    // Code unions that reach the edge through a variable.
    for (const union of text.matchAll(/export type (?:ClusterSourceErrorCode|WriteDenialCode) = ([^;]+);/g)) {
      for (const literal of union[1]!.matchAll(/"([a-z_]+)"/g)) found.set(literal[1]!, file);
    }
    for (const limit of text.matchAll(/code: "(scenario_too_large)"/g)) found.set(limit[1]!, file);
  }
  return found;
}

describe("the status of each error code", () => {
  it("every code the sources produce has a status in the one table", () => {
    const produced = producedCodes();
    // The scan must see the codes it is meant to: a regression in it would make this test vacuous.
    for (const known of ["bad_request", "not_found", "rate_limited", "kafka_unreachable", "unauthorized", "scenario_too_large", "invalid_import", "apply_in_progress"]) {
      expect(produced.has(known), known).toBe(true);
    }
    const missing = [...produced].filter(([code]) => !(code in STATUS_BY_CODE)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it("an unknown code answers 500, a client error 4xx, and only the edge knows the number", () => {
    expect(statusFor("no_such_code")).toBe(500);
    expect(statusFor("bad_request")).toBe(400);
    expect(statusFor("rate_limited")).toBe(429);
    expect(statusFor("kafka_timeout")).toBe(504);
    expect(statusFor("toString")).toBe(500);
  });

  it("failureResponse() sends details beside the message, issues only when there are some, and Retry-After", async () => {
    const limited = failureResponse(failure("rate_limited", "slow down", { details: { retryAfterSeconds: 7 } }).error);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(await limited.json()).toEqual({ error: { code: "rate_limited", message: "slow down", retryAfterSeconds: 7 } });
    const bad = failureResponse(failure("bad_request", "a: wrong", { issues: [{ path: "a", message: "wrong" }] }).error);
    expect(bad.status).toBe(400);
    expect(bad.headers.get("retry-after")).toBeNull();
    expect(await bad.json()).toEqual({ error: { code: "bad_request", message: "a: wrong", issues: [{ path: "a", message: "wrong" }] } });
  });
});
