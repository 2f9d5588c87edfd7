import { describe, expect, it } from "vitest";
import { isInternalTopic, parseTopicPartitionName, splitTopicPartition, topicNameProblem } from "@/lib/model/kafka-names";

describe("kafka-names", () => {
  it("splitTopicPartition() splits at the last '-'", () => {
    expect(splitTopicPartition("orders-eu-3")).toEqual({ ok: true, value: { topic: "orders-eu", partition: 3 } });
    expect(splitTopicPartition("a-1-0")).toEqual({ ok: true, value: { topic: "a-1", partition: 0 } });
    expect(splitTopicPartition("metrics.cpu.v1-12")).toEqual({ ok: true, value: { topic: "metrics.cpu.v1", partition: 12 } });
    expect(splitTopicPartition("__consumer_offsets-49")).toEqual({ ok: true, value: { topic: "__consumer_offsets", partition: 49 } });
  });

  it("splitTopicPartition() rejects names without a topic or a partition number", () => {
    for (const bad of ["orders", "orders-", "-3", "orders-x", "orders-3a", "orders-99999999999"]) {
      expect(splitTopicPartition(bad).ok, bad).toBe(false);
    }
  });

  it("parseTopicPartitionName() also wants a legal topic name; splitTopicPartition() does not look at it", () => {
    expect(splitTopicPartition("a b-1")).toEqual({ ok: true, value: { topic: "a b", partition: 1 } });
    expect(parseTopicPartitionName("a b-1")).toMatchObject({ ok: false, error: { code: "bad_topic_partition", message: expect.stringMatching(/ASCII letters/) } });
    expect(parseTopicPartitionName("orders-eu-3")).toEqual({ ok: true, value: { topic: "orders-eu", partition: 3 } });
  });

  it("topicNameProblem() follows Kafka's legal characters and length", () => {
    expect(topicNameProblem("payments-dlq.retry_1")).toBeNull();
    expect(topicNameProblem("a b")).toMatch(/ASCII letters/);
    expect(topicNameProblem("..")).toMatch(/not a legal topic name/);
    expect(topicNameProblem("x".repeat(250))).toMatch(/at most 249/);
    expect(topicNameProblem("")).toMatch(/empty/);
  });

  it("isInternalTopic() knows the offsets, transaction, share-group state and tiered-storage metadata topics", () => {
    expect(["__consumer_offsets", "__transaction_state", "__share_group_state", "__remote_log_metadata", "_schemas", "__other"].map(isInternalTopic)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
