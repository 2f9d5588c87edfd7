import { describe, expect, it } from "vitest";
import { assembleSnapshot } from "@/lib/import/assemble";
import { parseLogDirs, type LogDirsListing } from "@/lib/import/log-dirs";
import { parseRacks, type RackMap } from "@/lib/import/racks";
import { parseTopicsDescribe, type TopicsListing } from "@/lib/import/topics-describe";
import { fixture } from "@/tests/fixtures/import/format";

function logDirs(text: string): LogDirsListing {
  const r = parseLogDirs(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error.issues));
  return r.value;
}

function topics(text: string): TopicsListing {
  const r = parseTopicsDescribe(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error.issues));
  return r.value;
}

function racks(text: string): RackMap {
  const r = parseRacks(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error.issues));
  return r.value;
}

const base = { racks: null, capturedAt: "2025-01-31T12:00:00Z", label: "test" };
const ONE_BROKER =
  '{"brokers":[{"broker":1,"logDirs":[{"logDir":"/d1","error":null,"partitions":[{"partition":"a-0","size":5,"offsetLag":0,"isFuture":false},{"partition":"b-0","size":7,"offsetLag":0,"isFuture":false}]}]}],"version":1}';

describe("assembleSnapshot", () => {
  it("assembleSnapshot() orders replicas by broker id with no leader or ISR when kafka-topics output is missing", () => {
    const { snapshot, warnings } = assembleSnapshot({ ...base, logDirs: logDirs(fixture("log-dirs-3.9.txt")), topics: null });
    const p = snapshot.topics.find((t) => t.name === "orders-eu")?.partitions[2];
    expect(p).toMatchObject({ id: 2, leader: null, isr: [] });
    expect(p?.replicas.map((r) => r.broker)).toEqual([1, 3]);
    expect(warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^not given, so leaders, ISR and replica order are unknown/)]);
  });

  it("assembleSnapshot() takes replica order, leader and ISR from kafka-topics and dirs and sizes from kafka-log-dirs", () => {
    const { snapshot } = assembleSnapshot({ ...base, logDirs: logDirs(fixture("log-dirs-3.9.txt")), topics: topics(fixture("topics-4.x.txt")) });
    const p = snapshot.topics.find((t) => t.name === "orders-eu")?.partitions[2];
    expect(p).toEqual({
      id: 2,
      leader: 3,
      isr: [3, 1],
      adding: [],
      removing: [],
      offline: [],
      replicas: [
        { broker: 3, logDir: "/data/kafka/d1", sizeBytes: 1243448329, offsetLag: 0, future: null },
        { broker: 1, logDir: "/data/kafka/d3", sizeBytes: 7624149614, offsetLag: 0, future: { logDir: "/data/kafka/d1", sizeBytes: 1906037403, offsetLag: 88231 } },
      ],
    });
  });

  it("assembleSnapshot() records reassignments in flight and topic throttle lists from kafka-topics", () => {
    const { snapshot } = assembleSnapshot({ ...base, logDirs: logDirs(fixture("log-dirs-3.9.txt")), topics: topics(fixture("topics-4.x.txt")) });
    expect(snapshot.throttles?.reassignments).toEqual([{ topic: "payments-dlq.retry-1", partition: 1, replicas: [3, 1, 2], adding: [3], removing: [2] }]);
    expect(snapshot.throttles?.topics).toEqual([{ topic: "payments-dlq.retry-1", leaderReplicas: "1:1,1:2", followerReplicas: "1:3" }]);
  });

  it("assembleSnapshot() keeps a partition kafka-topics assigns but kafka-log-dirs lacks, with its dir unknown, and warns once", () => {
    const { snapshot, warnings } = assembleSnapshot({ ...base, logDirs: logDirs(fixture("log-dirs-3.9.txt")), topics: topics(fixture("topics-4.x.txt")) });
    expect(snapshot.topics.find((t) => t.name === "audit")?.partitions[0]).toMatchObject({ leader: null, replicas: [{ broker: 3, logDir: null, sizeBytes: null }] });
    expect(warnings).toEqual([
      {
        source: "logDirs",
        line: null,
        path: "",
        message: expect.stringMatching(
          /^the kafka-log-dirs paste covers only 4 of the 5 topics the kafka-topics output lists \(a --topic-list run\? e\.g\. audit has no replica in it\): broker skew is of those topics only/,
        ),
      },
      {
        source: "topics",
        line: 21,
        path: "",
        message: expect.stringMatching(/^1 partition is in the kafka-topics output but not in the kafka-log-dirs output \(e\.g\. audit-0\); kept with log dirs and sizes unknown/),
      },
    ]);
  });

  it("assembleSnapshot() keeps a replica on disk that kafka-topics does not assign after the assigned ones", () => {
    const text = "\tTopic: a\tPartition: 0\tLeader: 2\tReplicas: 2\tIsr: 2\n\tTopic: b\tPartition: 0\tLeader: 1\tReplicas: 1\tIsr: 1";
    const { snapshot, warnings } = assembleSnapshot({ ...base, logDirs: logDirs(ONE_BROKER), topics: topics(text) });
    expect(snapshot.topics[0]?.partitions[0]?.replicas).toEqual([
      { broker: 2, logDir: null, sizeBytes: null, offsetLag: null, future: null },
      { broker: 1, logDir: "/d1", sizeBytes: 5, offsetLag: 0, future: null },
    ]);
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^broker 2 holds 1 replica in the kafka-topics output but has no entry in the kafka-log-dirs output/),
      expect.stringMatching(/^1 replica in the kafka-log-dirs output is not in its partition's Replicas in the kafka-topics output \(e\.g\. a-0 on broker 1 in "\/d1"\)/),
    ]);
    expect(snapshot.brokers.map((b) => [b.id, b.logDirs?.length])).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });

  it("assembleSnapshot() warns once per replica missing from kafka-log-dirs when the rest of its partition is there", () => {
    const text = "\tTopic: a\tPartition: 0\tLeader: 1\tReplicas: 1,2\tIsr: 1,2\n\tTopic: b\tPartition: 0\tLeader: 1\tReplicas: 1\tIsr: 1";
    const two = ONE_BROKER.replace('{"broker":1,', '{"broker":2,"logDirs":[{"logDir":"/d1","error":null,"partitions":[]}]},{"broker":1,');
    const { warnings } = assembleSnapshot({ ...base, logDirs: logDirs(two), topics: topics(text) });
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^1 replica assigned in the kafka-topics output is not in the kafka-log-dirs output \(e\.g\. a-0 on broker 2\)/),
    ]);
  });

  it("assembleSnapshot() lists a broker only kafka-topics names as unknown, with why, and warns about it first", () => {
    const text =
      "\tTopic: a\tPartition: 0\tLeader: 1\tReplicas: 1,7\tIsr: 1\n\tTopic: b\tPartition: 0\tLeader: 7\tReplicas: 7,1\tIsr: 7,1\n\tTopic: c\tPartition: 0\tLeader: 1\tReplicas: 1\tIsr: 1";
    const { snapshot, warnings } = assembleSnapshot({ ...base, logDirs: logDirs(ONE_BROKER), topics: topics(text) });
    expect(snapshot.brokers.map((b) => [b.id, b.state, b.logDirs])).toEqual([
      [1, "online", [expect.objectContaining({ path: "/d1" })]],
      [7, "unknown", []],
    ]);
    expect(snapshot.brokers[1]!.error).toMatch(/^not in the kafka-log-dirs output .*its state, log dirs and bytes are unknown$/);
    expect(warnings.map((w) => [w.source, w.line, w.message])).toEqual([
      [
        "topics",
        1,
        expect.stringMatching(
          /^broker 7 holds 2 replicas in the kafka-topics output but has no entry in the kafka-log-dirs output .*shown as unknown and left out of the balance figures$/,
        ),
      ],
      ["logDirs", null, expect.stringMatching(/^the kafka-log-dirs paste covers only 2 of the 3 topics/)],
      ["topics", 3, expect.stringMatching(/^1 partition is in the kafka-topics output but not in the kafka-log-dirs output \(e\.g\. c-0\)/)],
    ]);
  });

  it("assembleSnapshot() keeps its warnings in the snapshot's source.warnings, in words with where they point", () => {
    const text = "\tTopic: a\tPartition: 0\tLeader: 1\tReplicas: 1,7\tIsr: 1\n\tTopic: b\tPartition: 0\tLeader: 1\tReplicas: 1\tIsr: 1";
    const { snapshot, warnings } = assembleSnapshot({ ...base, logDirs: logDirs(ONE_BROKER), topics: topics(text) });
    expect(snapshot.source.warnings).toEqual([`kafka-topics output, line 1: ${warnings[0]!.message}`]);
  });

  it("assembleSnapshot() keeps topics and partitions that only kafka-log-dirs knows, and warns", () => {
    const { snapshot, warnings } = assembleSnapshot({ ...base, logDirs: logDirs(ONE_BROKER), topics: topics("\tTopic: a\tPartition: 1\tLeader: 1\tReplicas: 1\tIsr: 1") });
    expect(snapshot.topics.map((t) => [t.name, t.partitions.map((p) => [p.id, p.leader])])).toEqual([
      [
        "a",
        [
          [0, null],
          [1, 1],
        ],
      ],
      ["b", [[0, null]]],
    ]);
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^1 partition is in the kafka-topics output but not in the kafka-log-dirs output \(e\.g\. a-1\)/),
      expect.stringMatching(/^1 partition is in the kafka-log-dirs output but not in the kafka-topics output \(e\.g\. a-0\)/),
      expect.stringMatching(/^1 topic is in the kafka-log-dirs output but not in the kafka-topics output \(e\.g\. b\)/),
    ]);
  });

  it("assembleSnapshot() sets racks of known brokers and ignores brokers in neither output", () => {
    const { snapshot, warnings } = assembleSnapshot({ ...base, logDirs: logDirs(fixture("log-dirs-3.9.txt")), topics: null, racks: racks("1 a\n2 b\n9 z") });
    expect(snapshot.brokers.map((b) => [b.id, b.rack])).toEqual([
      [1, "a"],
      [2, "b"],
      [3, null],
    ]);
    expect(warnings.map((w) => w.message)).toContain("broker 9 is in neither the kafka-log-dirs nor the kafka-topics output; its rack is ignored");
  });

  it("assembleSnapshot() sorts topics by name and partitions by id", () => {
    const { snapshot } = assembleSnapshot({ ...base, logDirs: logDirs(fixture("log-dirs-2.4.txt")), topics: null });
    expect(snapshot.topics.map((t) => t.name)).toEqual(["__consumer_offsets", "app.logs.v2", "clicks-raw"]);
    expect(snapshot.topics[2]?.partitions.map((p) => p.id)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  describe("a paste that covers only some topics (--topic-list)", () => {
    const topicList = (w: { message: string }[]) => w.filter((x) => /broker skew is of those topics only/.test(x.message)).map((x) => x.message);

    it("says so for certain when one broker appears in several runs", () => {
      const { warnings } = assembleSnapshot({ ...base, topics: null, logDirs: logDirs(fixture("real/log-dirs-3.9-two-topic-list-runs-one-broker.txt")) });
      expect(topicList(warnings)).toEqual([
        "the paste covers only 3 topics (--topic-list runs: broker 1 appears in 2 runs): broker skew is of those topics only; topics no run listed are not counted",
      ]);
      expect(warnings[0]?.message).toBe(topicList(warnings)[0]);
    });

    it("says so as a condition when a single run holds no __consumer_offsets, and not at all when it does", () => {
      const { warnings } = assembleSnapshot({ ...base, topics: null, logDirs: logDirs(fixture("real/log-dirs-3.9-topic-list-orders.txt")) });
      expect(topicList(warnings)).toEqual([
        expect.stringMatching(
          /^the paste covers 1 topic and no __consumer_offsets partition: if it is a --topic-list run, it covers only those 1 topic and broker skew is of those topics only/,
        ),
      ]);
      expect(topicList(assembleSnapshot({ ...base, topics: null, logDirs: logDirs(fixture("log-dirs-2.4.txt")) }).warnings)).toEqual([]);
    });

    it("says how many of kafka-topics' topics the paste covers, and nothing when it covers them all", () => {
      const filtered = assembleSnapshot({ ...base, topics: topics(fixture("real/topics-3.9-describe.txt")), logDirs: logDirs(fixture("real/log-dirs-3.9-topic-list-orders.txt")) });
      expect(topicList(filtered.warnings)).toEqual([
        expect.stringMatching(/^the kafka-log-dirs paste covers only 1 of the 3 topics the kafka-topics output lists \(a --topic-list run\? e\.g\. clicks has no replica in it\)/),
      ]);
      const whole = assembleSnapshot({ ...base, topics: topics(fixture("real/topics-3.9-describe.txt")), logDirs: logDirs(fixture("real/log-dirs-3.9-all.txt")) });
      expect(topicList(whole.warnings)).toEqual([]);
    });
  });
});
