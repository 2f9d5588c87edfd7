// The example alert rules are valid for Prometheus (`promtool check rules`) and each alert fires on the
// series it is about, at the time its `for` says, with the annotations it promises (`promtool test
// rules`, ops/prometheus/kafka-balance.rules.test.yml). promtool comes with Debian's `prometheus`
// package, which .ci/run installs.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(__dirname, "../../ops/prometheus");
/** The alerts the file defines: promtool must find every one of them. */
const alerts = readFileSync(path.join(dir, "kafka-balance.rules.yml"), "utf8").match(/^\s*- alert: /gm)?.length ?? 0;

function promtool(...args: string[]): string {
  try {
    return execFileSync("promtool", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`promtool ${args.join(" ")} failed:\n${e.stdout ?? ""}${e.stderr ?? e.message}`, { cause: error });
  }
}

describe("ops/prometheus/kafka-balance.rules.yml", () => {
  it("passes promtool check rules, which finds every alert of the file", () => {
    expect(alerts).toBeGreaterThanOrEqual(15);
    expect(promtool("check", "rules", "kafka-balance.rules.yml")).toContain(`SUCCESS: ${alerts} rules found`);
  });

  it("passes promtool test rules: every alert fires where and when it should", () => {
    expect(promtool("test", "rules", "kafka-balance.rules.test.yml")).toMatch(/SUCCESS/);
  });
});
