import { describe, expect, it } from "vitest";
import { parseReassignmentJson } from "@/lib/model/reassignment-json";
import { fixture } from "@/tests/fixtures/import/format";

describe("parseReassignmentJson() on the whole output of kafka-reassign-partitions", () => {
  it.each(["real/reassign-3.9-generate.txt", "real/reassign-4.4-generate.txt"])("takes the proposed JSON of --generate (%s) and says so", (name) => {
    const text = fixture(name);
    const result = parseReassignmentJson(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const proposed = JSON.parse(text.split("\n").find((l, i, all) => all[i - 1]?.startsWith("Proposed partition reassignment configuration"))!);
    expect(result.value.map((e) => [e.topic, e.partition, e.replicas])).toEqual(
      proposed.partitions.map((p: { topic: string; partition: number; replicas: number[] }) => [p.topic, p.partition, p.replicas]),
    );
    expect(result.warnings?.[0]?.message).toMatch(
      /^took the JSON after "Proposed partition reassignment configuration" \(line 4\) of the kafka-reassign-partitions --generate output/,
    );
  });

  it("skips Kafka's log line and the trailing prompt around --generate output (2.4, hand-written)", () => {
    const result = parseReassignmentJson(fixture("real/reassign-2.4-generate-with-warning.txt"));
    expect(result.ok && result.value.map((e) => e.replicas)).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(result.ok && result.warnings?.[0]?.message).toMatch(/\(line 5\).*\(2 lines not the tool's output skipped/);
  });

  it.each(["real/reassign-3.9-execute.txt", "real/reassign-4.4-execute.txt", "real/reassign-2.4-execute.txt"])(
    "refuses the rollback JSON of --execute (%s), saying what to paste",
    (name) => {
      const result = parseReassignmentJson(fixture(name));
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.message).toMatch(
        /^this is the output of kafka-reassign-partitions --execute: its JSON \(line 3\) is the assignment before the reassignment, saved for a rollback.*paste the file given to --execute as --reassignment-json-file; to review the rollback, paste only the JSON \(line 3\)$/,
      );
      expect(result.error.issues[0]).toMatchObject({ line: 1 });
    },
  );

  it("keeps the paste's line numbers when the proposed JSON is broken", () => {
    const text = fixture("real/reassign-3.9-generate.txt").replace(/("partitions":\[)(?![\s\S]*"partitions":\[)/, "$1,");
    const result = parseReassignmentJson(text);
    expect(!result.ok && result.error.issues[0]).toMatchObject({ line: 5 });
  });

  it("reads the JSON alone as before, with no note", () => {
    const result = parseReassignmentJson('{"version":1,"partitions":[{"topic":"a","partition":0,"replicas":[1]}]}');
    expect(result.ok && result.warnings).toBeUndefined();
  });
});

describe("parseReassignmentJson() on a failed kafka-reassign-partitions run", () => {
  it("answers the tool's failure on its line", () => {
    const text =
      "[2024-05-01 10:00:00,123] WARN Connection to node -1 (localhost/127.0.0.1:9092) could not be established. (org.apache.kafka.clients.NetworkClient)\nError: org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeTopics\norg.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeTopics\n";
    const result = parseReassignmentJson(text);
    expect(!result.ok && result.error.issues[0]).toMatchObject({
      line: 2,
      message: expect.stringMatching(
        /^line 2: the tool failed: TimeoutException: Timed out waiting for a node assignment\. Call: describeTopics; re-run kafka-reassign-partitions\.sh/,
      ),
    });
  });
});

describe("parseReassignmentJson() on --generate's two JSON documents copied without their titles", () => {
  it("says there are two and which to paste", () => {
    const lines = fixture("real/reassign-3.9-generate.txt")
      .split("\n")
      .filter((l) => l.startsWith("{"));
    const result = parseReassignmentJson(`${lines[0]}\n\n${lines[1]}\n`);
    expect(!result.ok && result.error.issues[0]).toMatchObject({
      line: 3,
      message: expect.stringMatching(/^the paste holds 2 JSON documents \(lines 1, 3\); .*paste only the one to review/),
    });
  });
});
