import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import {
  DEFAULT_TOPIC_QUERY,
  selectTopics,
  topicCellLabel,
  topicCellStyle,
  topicCellText,
  topicCountScale,
  topicExcess,
  topicMatchSummary,
  topicMean,
  topicRowLabel,
  topicUnsized,
} from "@/lib/view/overview/topic-heatmap";
import { statementCorpus } from "@/tests/fixtures/statements/corpus";
import { snap, storySnapshot } from "@/tests/support/snapshots";

const skewed = snap({
  brokers: [{ id: 1 }, { id: 2 }, { id: 3 }],
  topics: [
    { name: "even", partitions: [0, 1, 2].map((p) => ({ id: p, replicas: [{ broker: p + 1 }] })) },
    { name: "lopsided", partitions: [0, 1, 2].map((p) => ({ id: p, replicas: [{ broker: 1, sizeBytes: 10 }] })) },
    { name: "__internal", internal: true, partitions: [{ id: 0, replicas: [{ broker: 1 }, { broker: 2 }] }] },
  ],
});

describe("topic-heatmap", () => {
  const report = balanceReport(skewed);

  it("selectTopics() sorts by replicas above an even spread, worst first, ties by skew then name", () => {
    expect(selectTopics(report.topics, DEFAULT_TOPIC_QUERY).map((t) => t.name)).toEqual(["lopsided", "__internal", "even"]);
  });

  it("selectTopics() by skew puts a one-replica topic first; by excess, the topic a rebalance would change", () => {
    const r = balanceReport(
      snap({
        brokers: [{ id: 1 }, { id: 2 }, { id: 3 }],
        topics: [
          { name: "tiny", partitions: [{ id: 0, replicas: [{ broker: 1 }] }] },
          { name: "big", partitions: [1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3].map((b, p) => ({ id: p, replicas: [{ broker: b }] })) },
        ],
      }),
    );
    expect(r.topics.map((t) => [t.name, topicExcess(t), t.skew])).toEqual([
      ["tiny", 0, 3],
      ["big", 2, 1.5],
    ]);
    expect(selectTopics(r.topics, { ...DEFAULT_TOPIC_QUERY, sort: "skew" }).map((t) => t.name)).toEqual(["tiny", "big"]);
    expect(selectTopics(r.topics, DEFAULT_TOPIC_QUERY).map((t) => t.name)).toEqual(["big", "tiny"]);
  });

  it("selectTopics() filters by a case-insensitive substring and the internal switch", () => {
    expect(selectTopics(report.topics, { ...DEFAULT_TOPIC_QUERY, search: "LOP" }).map((t) => t.name)).toEqual(["lopsided"]);
    expect(selectTopics(report.topics, { ...DEFAULT_TOPIC_QUERY, includeInternal: false }).map((t) => t.name)).toEqual(["lopsided", "even"]);
  });

  it("selectTopics() sorts by name, bytes or replicas on request", () => {
    expect(selectTopics(report.topics, { ...DEFAULT_TOPIC_QUERY, sort: "name" }).map((t) => t.name)).toEqual(["__internal", "even", "lopsided"]);
    expect(selectTopics(report.topics, { ...DEFAULT_TOPIC_QUERY, sort: "bytes" })[0]!.name).toBe("lopsided");
    expect(selectTopics(report.topics, { ...DEFAULT_TOPIC_QUERY, sort: "replicas" }).map((t) => t.name)).toEqual(["even", "lopsided", "__internal"]);
  });

  it("selectTopics() leaves its input untouched", () => {
    const before = report.topics.map((t) => t.name);
    selectTopics(report.topics, { ...DEFAULT_TOPIC_QUERY, sort: "name" });
    expect(report.topics.map((t) => t.name)).toEqual(before);
  });

  it("topicCountScale() spans 1 to the largest count; topicCellStyle() leaves 0 empty", () => {
    const scale = topicCountScale(report.topics);
    expect(scale.domain).toEqual([1, 3]);
    expect(topicCellStyle(0, scale).background).toBeNull();
    expect(topicCellStyle(3, scale).background).toBe("#800026");
  });

  it("topicCellLabel() reads the count with the topic's mean and skew", () => {
    const lop = report.topics.find((t) => t.name === "lopsided")!;
    expect(topicMean(lop)).toBe(1);
    expect(topicCellLabel(lop, 1, 3)).toBe("lopsided on broker 1: 3 replicas (topic mean 1.0 replicas per broker, skew 3.00×)");
  });

  it("topicRowLabel() and topicMatchSummary() describe rows and the filter result", () => {
    const r = balanceReport(storySnapshot());
    expect(topicRowLabel(r.topics[0]!)).toBe("__consumer_offsets (internal): 5 partitions, 10 replicas, 10.0 KiB, skew 1.00×");
    expect(topicMatchSummary(1, r.topics.length)).toBe("1 of 2 topics");
  });

  it("a topic's replicas with no known size (an offline dir's) are unknown, never 0 B: in the cell, its label and the row", () => {
    const snapshot = statementCorpus().find((c) => c.id === "import-offline-dir")!.snapshot;
    const report = balanceReport(snapshot);
    const clicks = report.topics.find((t) => t.name === "clicks")!;
    const col = report.brokerIds.indexOf(2);
    expect(clicks.perBroker[col]).toBe(2);
    expect(clicks.perBrokerUnsized?.[col]).toBe(2);
    expect(topicCellText(clicks, col, "bytes", 80)).toBe("?");
    expect(topicCellLabel(clicks, 2, 2, clicks.perBrokerBytes[col]!, topicUnsized(clicks, col))).toBe(
      "clicks on broker 2: 2 replicas, size unknown (not in the log-dir data) (topic mean 2.0 replicas and 26.7 GiB per broker, skew 1.00×)",
    );
    expect(topicRowLabel(clicks)).toBe("clicks: 3 partitions, 6 replicas, 80.0 GiB and 2 replicas of unknown size, skew 1.00×");
    // Where every size is known there is no such field, and bytes read as bytes.
    const orders = report.topics.find((t) => t.name === "orders")!;
    expect(orders.perBrokerUnsized).toBeUndefined();
    expect(topicCellText(orders, col, "bytes", 80)).toBe("80.0 GiB");
  });
});
