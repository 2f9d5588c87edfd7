import { describe, expect, it } from "vitest";
import { formatImportIssue, type ImportIssue } from "@/lib/import/issues";
import { parseTopicsDescribe, type DescribedTopic, type TopicsListing } from "@/lib/import/topics-describe";
import { fixture } from "@/tests/fixtures/import/format";

function listing(text: string): TopicsListing {
  const result = parseTopicsDescribe(text);
  if (!result.ok) throw new Error(result.error.issues.map(formatImportIssue).join("\n"));
  return result.value;
}

function problems(text: string): ImportIssue[] {
  const result = parseTopicsDescribe(text);
  if (result.ok) throw new Error("expected the text to be rejected");
  return result.error.issues as ImportIssue[];
}

function topic(l: TopicsListing, name: string): DescribedTopic {
  const t = l.topics.find((x) => x.name === name);
  if (!t) throw new Error(`no topic ${name}`);
  return t;
}

/** Placement only: what every format must agree on. */
function placement(l: TopicsListing) {
  return l.topics.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => ({ id: p.id, leader: p.leader, replicas: p.replicas, isr: p.isr })) }));
}

describe("parseTopicsDescribe", () => {
  it("parseTopicsDescribe() reads 3.8+/4.x output with TopicId, Elr and LastKnownElr columns", () => {
    const l = listing(fixture("topics-4.x.txt"));
    expect(l.topics.map((t) => t.name)).toEqual(["__consumer_offsets", "orders-eu", "metrics.cpu.v1", "payments-dlq.retry-1", "audit"]);
    expect(topic(l, "orders-eu")).toMatchObject({ topicId: "MYuf7H9aQpKM6JZ4mqJp0Q", partitionCount: 4, internal: false, configs: { "retention.ms": "604800000" } });
    expect(topic(l, "metrics.cpu.v1").partitions[2]).toEqual({ id: 2, leader: 1, replicas: [1, 2, 3], isr: [1, 2], adding: null, removing: null, offline: [], line: 16 });
  });

  it("parseTopicsDescribe() reads `Leader: none` as no leader", () => {
    expect(topic(listing(fixture("topics-4.x.txt")), "audit").partitions[0]).toMatchObject({ leader: null, replicas: [3], isr: [3] });
    expect(listing("\tTopic: a\tPartition: 0\tLeader: -1\tReplicas: 1\tIsr: ").topics[0]?.partitions[0]).toMatchObject({ leader: null, isr: [] });
  });

  it("parseTopicsDescribe() reads Adding Replicas and Removing Replicas of a reassignment in flight", () => {
    const p = topic(listing(fixture("topics-3.6.txt")), "payments-dlq.retry-1").partitions[1];
    expect(p).toMatchObject({ replicas: [3, 1, 2], isr: [1, 2], leader: 1, adding: [3], removing: [2] });
  });

  it("parseTopicsDescribe() flags Kafka's internal topics by name", () => {
    const l = listing(fixture("topics-4.x.txt"));
    expect(l.topics.filter((t) => t.internal).map((t) => t.name)).toEqual(["__consumer_offsets"]);
  });

  it("parseTopicsDescribe() keeps config values that contain commas, such as throttled replica lists", () => {
    expect(topic(listing(fixture("topics-4.x.txt")), "payments-dlq.retry-1").configs).toEqual({
      "leader.replication.throttled.replicas": "1:1,1:2",
      "follower.replication.throttled.replicas": "1:3",
    });
  });

  it("parseTopicsDescribe() gives the same placement for 3.x and 4.x output of one cluster", () => {
    expect(placement(listing(fixture("topics-3.6.txt")))).toEqual(placement(listing(fixture("topics-4.x.txt"))));
  });

  it("parseTopicsDescribe() reads 2.4 output, which has no TopicId", () => {
    const l = listing(fixture("topics-2.4.txt"));
    expect(l.topics.map((t) => [t.name, t.topicId, t.partitions.length])).toEqual([
      ["__consumer_offsets", null, 3],
      ["clicks-raw", null, 6],
      ["app.logs.v2", null, 2],
    ]);
  });

  it("parseTopicsDescribe() reads the pre-2.4 summary without a space after the colons", () => {
    const old = listing(fixture("topics-2.3.txt"));
    expect(placement(old)).toEqual(placement(listing(fixture("topics-2.4.txt"))));
    expect(topic(old, "app.logs.v2")).toMatchObject({ partitionCount: 2, configs: { "retention.bytes": "1073741824" } });
  });

  it("parseTopicsDescribe() reads output whose tabs became spaces in a terminal copy", () => {
    const text = fixture("topics-4.x.txt");
    expect(listing(text.replace(/\t/g, "    "))).toEqual(listing(text));
    expect(listing(text.replace(/\t/g, " "))).toEqual(listing(text));
  });

  it("parseTopicsDescribe() reads partition lines without summaries, as --under-replicated-partitions prints them", () => {
    const text = "\tTopic: orders-eu\tPartition: 3\tLeader: 1\tReplicas: 1,3\tIsr: 1\n\tTopic: audit\tPartition: 0\tLeader: none\tReplicas: 3\tIsr: 3\n";
    const l = listing(text);
    expect(l.topics.map((t) => [t.name, t.partitionCount, t.partitions.map((p) => p.id)])).toEqual([
      ["orders-eu", null, [3]],
      ["audit", null, [0]],
    ]);
  });

  it("parseTopicsDescribe() ignores columns it does not know and reads Offline when present", () => {
    const l = listing("\tTopic: a\tPartition: 0\tLeader: 1\tReplicas: 1,2,4\tIsr: 1\tOffline: 2\tObservers: 4\tMarkedForDeletion: true");
    expect(l.topics[0]?.partitions[0]).toMatchObject({ replicas: [1, 2, 4], isr: [1], offline: [2] });
  });

  it("parseTopicsDescribe() skips blank lines and accepts CRLF line ends", () => {
    const text = fixture("topics-4.x.txt");
    expect(placement(listing(`\n\n${text.replace(/\n/g, "\r\n")}\r\n`))).toEqual(placement(listing(text)));
  });
});

describe("parseTopicsDescribe bad input", () => {
  it("parseTopicsDescribe() names the line and field of a bad replica list", () => {
    const lines = fixture("topics-4.x.txt").split("\n");
    lines[9] = lines[9]!.replace("Replicas: 2,3", "Replicas: 2,x");
    expect(problems(lines.join("\n")).map(formatImportIssue)).toEqual([
      'kafka-topics output, line 10: Replicas: expected broker ids separated by commas, such as "1,2,3", got "2,x"',
    ]);
  });

  it("parseTopicsDescribe() reports a paste that was cut off by its partition count", () => {
    const lines = fixture("topics-4.x.txt").split("\n");
    const cut = lines.slice(0, 10).join("\n");
    expect(problems(cut)).toEqual([
      { source: "topics", line: 8, path: "PartitionCount", message: "topic orders-eu has 4 partitions but 2 partition lines follow; was the paste cut off?" },
    ]);
  });

  it("parseTopicsDescribe() asks for partition lines when only summaries were pasted (--topics-with-overrides)", () => {
    expect(problems("Topic: a\tPartitionCount: 3\tReplicationFactor: 2\tConfigs: retention.ms=1")[0]?.message).toMatch(
      /has 3 partitions but no partition lines follow; paste kafka-topics --describe output without --topics-with-overrides/,
    );
  });

  it("parseTopicsDescribe() names a line that is not the tool's output", () => {
    const text = `topics of the eu cluster:\n${fixture("topics-4.x.txt")}`;
    const [issue] = problems(text);
    expect(issue?.line).toBe(1);
    expect(issue?.message).toMatch(/^not a kafka-topics --describe line: .*got "topics of the eu cluster:"/);
    expect(problems("Error while executing topic command : Topic 'x' does not exist as expected")[0]).toMatchObject({
      line: 1,
      message: expect.stringMatching(/^the tool failed: Topic 'x' does not exist as expected; re-run kafka-topics.sh/),
    });
  });

  it("parseTopicsDescribe() skips the command line and the prompt copied with the output, and says so", () => {
    const result = parseTopicsDescribe(`$ kafka-topics.sh --bootstrap-server localhost:9092 --describe\r\n${fixture("topics-4.x.txt").replace(/\n/g, "\r\n")}bash-5.1$ `);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.warnings?.[0]).toMatchObject({ line: 1, message: expect.stringMatching(/^skipped 2 lines that are not the tool's output .*the first: "\$ kafka-topics.sh/) });
  });

  it("parseTopicsDescribe() rejects a partition listed twice", () => {
    const line = "\tTopic: a\tPartition: 0\tLeader: 1\tReplicas: 1\tIsr: 1";
    expect(problems(`${line}\n${line}`)[0]).toMatchObject({ line: 2, path: "Partition", message: "partition a-0 is listed twice (lines 1 and 2); paste one describe output" });
  });

  it("parseTopicsDescribe() rejects a replica list naming a broker twice", () => {
    expect(problems("\tTopic: a\tPartition: 0\tLeader: 1\tReplicas: 1,1\tIsr: 1")[0]).toMatchObject({ path: "Replicas", message: 'lists a broker twice: "1,1"' });
  });

  it("parseTopicsDescribe() rejects a partition line without Replicas or Isr", () => {
    expect(problems("\tTopic: a\tPartition: 0\tLeader: 1\tIsr: 1")[0]).toMatchObject({ path: "Replicas", message: 'the partition line has no "Replicas:"; paste whole lines' });
    expect(problems("\tTopic: a\tPartition: 0\tLeader: 1\tReplicas: 1")[0]).toMatchObject({ path: "Isr" });
  });

  it("parseTopicsDescribe() rejects a bad leader, partition number, topic id and topic name", () => {
    expect(problems("\tTopic: a\tPartition: 0\tLeader: one\tReplicas: 1\tIsr: 1")[0]).toMatchObject({ path: "Leader", message: 'expected a broker id or "none", got "one"' });
    expect(problems("\tTopic: a\tPartition: x\tLeader: 1\tReplicas: 1\tIsr: 1")[0]).toMatchObject({ path: "Partition" });
    expect(problems("Topic: a\tTopicId: 123\tPartitionCount: 1\tReplicationFactor: 1\tConfigs: ")[0]).toMatchObject({ path: "TopicId" });
    expect(problems("Topic: a/b\tPartitionCount: 1\tReplicationFactor: 1\tConfigs: ")[0]).toMatchObject({ path: "Topic" });
  });

  it("parseTopicsDescribe() rejects two lines joined into one", () => {
    expect(problems("\tTopic: a\tPartition: 0\tLeader: 1\tReplicas: 1\tIsr: 1\tTopic: a\tPartition: 1\tLeader: 1\tReplicas: 1\tIsr: 1")[0]?.message).toMatch(
      /appears twice on one line/,
    );
  });

  it("parseTopicsDescribe() asks for the output when the text has no topics", () => {
    expect(problems("\n  \n")[0]?.message).toMatch(/^no topics found/);
  });
});
