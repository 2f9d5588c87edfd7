// The example alert rules are valid for Prometheus (`promtool check rules`) and each alert fires on the
// series it is about, at the time its `for` says, with the annotations it promises (`promtool test
// rules`, ops/prometheus/kafka-balance.rules.test.yml). promtool comes with Debian's `prometheus`
// package, which .ci/run installs.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(__dirname, "../../ops/prometheus");

function promtool(...args: string[]): string {
  try {
    return execFileSync("promtool", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`promtool ${args.join(" ")} failed:\n${e.stdout ?? ""}${e.stderr ?? e.message}`, { cause: error });
  }
}

describe("ops/prometheus/kafka-balance.rules.yml", () => {
  it("passes promtool check rules", () => {
    expect(promtool("check", "rules", "kafka-balance.rules.yml")).toMatch(/SUCCESS: 11 rules found/);
  });

  it("passes promtool test rules: every alert fires where and when it should", () => {
    expect(promtool("test", "rules", "kafka-balance.rules.test.yml")).toMatch(/SUCCESS/);
  });
});
