/**
 * lib/model/tool-lines.ts: which lines of a paste the Kafka tools did not print as their output
 * (logging, prompts) and which say the tool failed. The importers' use of it: tests/unit/import/tool-noise.test.ts.
 */
import { describe, expect, it } from "vitest";
import { classifyToolLine, failureMessage, mayBeToolNoise } from "@/lib/model/tool-lines";

const WARN =
  "[2024-05-01 10:00:00,123] WARN [AdminClient clientId=adminclient-1] The DescribeTopicPartitions API is not supported, using Metadata API to describe topics. (org.apache.kafka.clients.admin.KafkaAdminClient)";
const SLF4J = [
  "SLF4J: Class path contains multiple SLF4J bindings.",
  "SLF4J: Found binding in [jar:file:/opt/kafka/libs/slf4j-log4j12-1.7.30.jar!/org/slf4j/impl/StaticLoggerBinder.class]",
  "SLF4J: Actual binding is of type [org.slf4j.impl.Log4jLoggerFactory]",
];
const LOG4J = ["log4j:WARN No appenders could be found for logger (org.apache.kafka.clients.admin.AdminClientConfig).", "log4j:WARN Please initialize the log4j system properly."];

describe("classifyToolLine", () => {
  it("knows Kafka's log lines in the tools' pattern and others, SLF4J's, log4j's, Log4j 2's and the JVM's", () => {
    for (const line of [
      WARN,
      "[2024-05-01T10:00:00.123Z] ERROR x (y)",
      "WARN The config was supplied but isn't a known config.",
      "2025-03-19T10:55:26.812105Z main WARN The use of package scanning",
      "ERROR StatusLogger No Log4j 2 configuration file found.",
      "SLF4J(W): No SLF4J providers were found.",
      ...SLF4J,
      ...LOG4J,
      "WARNING: An illegal reflective access operation has occurred",
      "OpenJDK 64-Bit Server VM warning: Options -Xverify:none are deprecated",
      "Picked up JAVA_TOOL_OPTIONS: -XX:+UseContainerSupport",
      'Defaulted container "kafka" out of: kafka, kafka-init (init)',
    ]) {
      expect(classifyToolLine(line, false), line).toEqual({ kind: "log" });
    }
  });

  it("reads stack trace lines only after a log line or a failure", () => {
    expect(classifyToolLine("at org.apache.kafka.tools.LogDirsCommand.main(LogDirsCommand.java:51)", true)).toEqual({ kind: "trace" });
    expect(classifyToolLine("(org.apache.kafka.tools.TopicCommand)", true)).toEqual({ kind: "trace" });
    expect(classifyToolLine("at org.apache.kafka.tools.LogDirsCommand.main(LogDirsCommand.java:51)", false)).toBeNull();
  });

  it("knows a failed run and gives the innermost exception's message", () => {
    expect(
      classifyToolLine(
        'Exception in thread "main" java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeLogDirs',
        false,
      ),
    ).toEqual({
      kind: "failure",
      message: "TimeoutException: Timed out waiting for a node assignment. Call: describeLogDirs",
      strong: true,
    });
    expect(classifyToolLine("Error while executing topic command : Timed out waiting for a node assignment. Call: listTopics", false)).toMatchObject({
      message: "Timed out waiting for a node assignment. Call: listTopics",
      strong: true,
    });
    expect(classifyToolLine("org.apache.kafka.common.errors.SaslAuthenticationException: Authentication failed", false)).toMatchObject({
      message: "SaslAuthenticationException: Authentication failed",
      strong: false,
    });
    expect(failureMessage("java.lang.OutOfMemoryError")).toBe("OutOfMemoryError");
  });

  it("knows shell prompts and the tools' command lines", () => {
    for (const line of [
      "$",
      "bash-5.1$",
      "[kafka@broker-1 bin]$",
      "user@host:~/kafka_2.13-3.9.0$",
      "root@kafka-0:/#",
      "%",
      "PS C:\\kafka>",
      "$ bin/kafka-log-dirs.sh --bootstrap-server b1:9092 --describe",
      "kafka-topics --bootstrap-server localhost:9092 --describe",
      "PS C:\\kafka> .\\bin\\windows\\kafka-log-dirs.bat --describe --bootstrap-server b:9092",
      "(venv) me@laptop ~ %",
      "```",
      "```text",
      "~~~",
      "$ kubectl exec -it my-cluster-kafka-0 -n kafka -- bin/kafka-log-dirs.sh --bootstrap-server localhost:9092 --describe",
    ]) {
      expect(classifyToolLine(line, false), line).toEqual({ kind: "prompt" });
    }
  });

  it("leaves the tools' own output alone", () => {
    for (const line of [
      "Querying brokers for log directories information",
      '{"brokers":[],"version":1}',
      "Topic: orders\tPartitionCount: 2",
      "Topic: orders Partition: 0 Leader: 1 Replicas: 1 Isr: 1",
      "some notes",
    ]) {
      expect(classifyToolLine(line, true), line).toBeNull();
    }
  });
});

describe("mayBeToolNoise", () => {
  it("is true for the start of every line classifyToolLine calls logging, a prompt or a failure, and false for the tools' output", () => {
    const noise = [
      WARN,
      ...SLF4J,
      ...LOG4J,
      "ERROR StatusLogger No Log4j 2 configuration file found.",
      "bash-5.1$",
      "$ bin/kafka-log-dirs.sh --describe",
      'Exception in thread "main" java.lang.OutOfMemoryError',
      "Error while executing topic command : x",
    ];
    for (const line of noise) {
      expect(classifyToolLine(line, false), line).not.toBeNull();
      expect(mayBeToolNoise(line), line).toBe(true);
    }
    for (const line of ["Querying brokers for log directories information", '{"brokers":[],"version":1}', "Topic: orders\tPartitionCount: 2"])
      expect(mayBeToolNoise(line), line).toBe(false);
  });
});
