import { describe, expect, it } from "vitest";
import { reviewFailure } from "@/lib/view/plan/review-failure";

describe("reviewFailure()", () => {
  it("reviewFailure() names the line and column where the text stops being JSON", () => {
    expect(
      reviewFailure({
        message: "reassignment: line 3, column 37: expected ',' or '}' after a value in an object. The input string is not a valid JSON",
        issues: [{ path: "reassignment", message: "expected ',' or '}' after a value in an object", line: 3, column: 37 }],
      }),
    ).toEqual({ message: "Not valid JSON: line 3, column 37: expected ',' or '}' after a value in an object.", at: { line: 3, column: 37 } });
  });

  it("reviewFailure() gives a refusal of Kafka's tool in the tool's words, and anything else as it came", () => {
    expect(
      reviewFailure({
        message: "reassignment: Partition reassignment list cannot be empty",
        issues: [{ path: "reassignment", message: "Partition reassignment list cannot be empty" }],
      }),
    ).toEqual({
      message: "Kafka's tool refuses this JSON: Partition reassignment list cannot be empty",
      at: null,
    });
    expect(reviewFailure({ message: "x", issues: [{ path: "reassignment.partitions.0.replicas", message: "partitions.0.replicas must be a list of broker ids" }] }).message).toBe(
      "Kafka's tool refuses this JSON: partitions.0.replicas must be a list of broker ids",
    );
    expect(reviewFailure({ message: "The server did not answer", issues: [] })).toEqual({ message: "The server did not answer", at: null });
    expect(reviewFailure({ message: "options.tolerance: too big", issues: [{ path: "options.tolerance", message: "too big" }] })).toEqual({
      message: "options.tolerance: too big",
      at: null,
    });
  });
});
