// lib/plan/shell: the bootstrap address of the planner's commands as one shell word, the placeholder kept.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BOOTSTRAP_PLACEHOLDER } from "@/lib/plan/options";
import { bootstrapArg } from "@/lib/plan/shell";

const words = (line: string) =>
  execFileSync("sh", ["-c", `printf '%s\\n' ${line}`], { encoding: "utf8" })
    .split("\n")
    .slice(0, -1);

describe("bootstrapArg()", () => {
  it("keeps the placeholder for the operator to replace, and quotes a hostile address", () => {
    expect(bootstrapArg(BOOTSTRAP_PLACEHOLDER)).toBe(BOOTSTRAP_PLACEHOLDER);
    expect(bootstrapArg("k1:9092,k2:9092")).toBe("k1:9092,k2:9092");
    expect(words(bootstrapArg("k1:9092; rm -rf ~"))).toEqual(["k1:9092; rm -rf ~"]);
  });
});
