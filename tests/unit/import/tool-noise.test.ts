import { describe, expect, it } from "vitest";
import { parseLogDirs } from "@/lib/import/log-dirs";
import { parseTopicsDescribe } from "@/lib/import/topics-describe";
import { fixture } from "@/tests/fixtures/import/format";

const WARN =
  "[2024-05-01 10:00:00,123] WARN [AdminClient clientId=adminclient-1] The DescribeTopicPartitions API is not supported, using Metadata API to describe topics. (org.apache.kafka.clients.admin.KafkaAdminClient)";
const SLF4J = [
  "SLF4J: Class path contains multiple SLF4J bindings.",
  "SLF4J: Found binding in [jar:file:/opt/kafka/libs/slf4j-log4j12-1.7.30.jar!/org/slf4j/impl/StaticLoggerBinder.class]",
  "SLF4J: Actual binding is of type [org.slf4j.impl.Log4jLoggerFactory]",
];
const LOG4J = ["log4j:WARN No appenders could be found for logger (org.apache.kafka.clients.admin.AdminClientConfig).", "log4j:WARN Please initialize the log4j system properly."];

describe("Kafka's logging in a kafka-log-dirs paste", () => {
  const run = fixture("log-dirs-per-broker.txt").split("\n").slice(0, 3).join("\n");

  it("is skipped before, between and inside the output, and the note says how many and which first", () => {
    const pretty = `Querying brokers for log directories information\nReceived log directory information from brokers 9\n{\n  "version": 1,\n${WARN}\n  "brokers": [{"broker": 9, "logDirs": []}]\n}`;
    const text = [...SLF4J, WARN, run, ...LOG4J, pretty].join("\r\n");
    const result = parseLogDirs(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.brokers.map((b) => b.id)).toEqual([1, 9]);
    expect(result.warnings).toEqual([
      {
        source: "logDirs",
        line: 1,
        path: "",
        message: `skipped 7 lines that are not the tool's output (Kafka's own logging, shell prompts), the first: "SLF4J: Class path contains multiple SLF4J bindings."`,
      },
    ]);
  });

  it("a failed run is answered as the tool's failure on its line, with the exception's message", () => {
    const text = [
      WARN,
      'Exception in thread "main" java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeLogDirs',
      "\tat org.apache.kafka.common.internals.KafkaFutureImpl.wrapAndThrow(KafkaFutureImpl.java:45)",
      "\tat kafka.admin.LogDirsCommand$.describe(LogDirsCommand.scala:50)",
      "Caused by: org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeLogDirs",
    ].join("\n");
    const result = parseLogDirs(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.issues).toEqual([
      {
        source: "logDirs",
        line: 2,
        path: "",
        message: expect.stringMatching(
          /^the tool failed: TimeoutException: Timed out waiting for a node assignment\. Call: describeLogDirs; re-run kafka-log-dirs\.sh --describe \(check --bootstrap-server/,
        ),
      },
    ]);
  });

  it("a log line longer than the look-ahead is skipped whole, and a long exception line keeps its message", () => {
    const long = `[2024-05-01 10:00:00,123] WARN ${"x".repeat(5000)} (org.apache.kafka.clients.NetworkClient)`;
    const ok = parseLogDirs(`${long}\n${run}`);
    expect(ok.ok && ok.warnings?.[0]?.line).toBe(1);
    const failed = parseLogDirs(`org.apache.kafka.common.errors.TimeoutException: ${"y".repeat(400)}`);
    expect(!failed.ok && failed.error.issues[0]?.message).toMatch(/^the tool failed: TimeoutException: y{200}/);
  });
});

describe("Kafka's logging in a kafka-topics paste", () => {
  it("skips the 3.7+ client's DescribeTopicPartitions warning at line 1 and notes it", () => {
    const result = parseTopicsDescribe(`${WARN}\n${fixture("topics-3.6.txt")}`);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.warnings?.[0]).toMatchObject({
        source: "topics",
        line: 1,
        message: expect.stringMatching(/^skipped 1 line that is not the tool's output .*the first: "\[2024-05-01 10:00:00,123\] WARN/),
      });
  });

  it("answers a failed run as the tool's failure", () => {
    const text = `${WARN}\nError while executing topic command : Timed out waiting for a node assignment. Call: listTopics\n[2024-05-01 10:00:01,000] ERROR org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: listTopics\n (org.apache.kafka.tools.TopicCommand)\n`;
    const result = parseTopicsDescribe(text);
    expect(!result.ok && result.error.issues).toEqual([
      {
        source: "topics",
        line: 2,
        path: "",
        message: expect.stringMatching(/^the tool failed: Timed out waiting for a node assignment\. Call: listTopics; re-run kafka-topics\.sh/),
      },
    ]);
  });
});

describe("the import's notes on how the paste was read", () => {
  it("travel in the snapshot's warnings, so the import's overview shows them", async () => {
    const { importSnapshot } = await import("@/lib/import");
    const result = importSnapshot({ logDirs: `${WARN}\n${fixture("log-dirs-2.4.txt")}`, capturedAt: "2025-01-31T12:00:00Z" });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.source.warnings[0]).toMatch(/^kafka-log-dirs output, line 1: skipped 1 line that is not the tool's output/);
  });
});
