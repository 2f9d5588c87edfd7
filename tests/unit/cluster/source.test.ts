import { describe, expect, it } from "vitest";
import { ClusterSourceError, isClusterSourceError } from "@/lib/cluster/source";

describe("isClusterSourceError", () => {
  it("isClusterSourceError() recognises the error from another bundle's copy of the class, by name and code", () => {
    // What a second chunk's ClusterSourceError looks like to this one: same shape, another class.
    class OtherBundleError extends Error {
      override readonly name = "ClusterSourceError";
      constructor(readonly code: string, message: string) {
        super(message);
      }
    }
    expect(isClusterSourceError(new ClusterSourceError("kafka_unreachable", "down"))).toBe(true);
    expect(isClusterSourceError(new OtherBundleError("kafka_unreachable", "down"))).toBe(true);
  });

  it("isClusterSourceError() rejects other errors and non-errors", () => {
    expect(isClusterSourceError(new Error("boom"))).toBe(false);
    expect(isClusterSourceError({ name: "ClusterSourceError", code: "kafka_error", message: "x" })).toBe(false);
    expect(isClusterSourceError(Object.assign(new Error("x"), { name: "ClusterSourceError" }))).toBe(false);
  });
});
