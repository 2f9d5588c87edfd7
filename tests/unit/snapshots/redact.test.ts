import { describe, expect, it } from "vitest";
import { parseSnapshot } from "@/lib/model/parse";
import { parseReassignmentJson } from "@/lib/model/reassignment-json";
import { StepSchema } from "@/lib/simulate/schema";
import { applySharing, hashTopicName, hashTopics, redactHosts, REDACTED_BOOTSTRAP, REDACTED_KAFKA_LABEL, renameTopicsInText, scrubHosts, topicNameMap } from "@/lib/snapshots/redact";
import { fixturePayload } from "./fixture";

const SALT = "test-salt";

describe("redactHosts()", () => {
  it("redactHosts() clears every broker's host and port and keeps paths, racks and the cluster id", () => {
    const content = fixturePayload("snapshot");
    const out = redactHosts(content).snapshot;
    expect(out.brokers.map((b) => [b.host, b.port])).toEqual([[null, null], [null, null], [null, null]]);
    expect(out.brokers.map((b) => b.rack)).toEqual(["rack-1", "rack-2", "rack-3"]);
    expect(out.brokers[0]!.logDirs.map((d) => d.path)).toEqual(["/data/d1", "/data/d2"]);
    expect(out.source.clusterId).toBe(content.snapshot.source.clusterId);
  });

  it("redactHosts() replaces a live cluster's bootstrap label and scrubs hosts from error texts", () => {
    const out = redactHosts(fixturePayload("snapshot")).snapshot;
    expect(out.source.label).toBe(REDACTED_KAFKA_LABEL);
    expect(out.brokers[2]!.logDirs[1]!.error).toBe("KAFKA_STORAGE_ERROR on <host>");
    expect(JSON.stringify(out)).not.toMatch(/example\.com|kafka-\d\.prod/);
  });

  it("redactHosts() and hashTopics() scrub the reader's warnings too", () => {
    const content = fixturePayload("snapshot");
    content.snapshot.source.warnings = ["Throttle rates of broker 2 could not be read: kafka-2.prod.example.com:9092 timed out", "Throttled-replica lists of 1 topic(s) could not be read (error 29): orders"];
    const out = applySharing(content, { redactHosts: true, hashTopics: true }, SALT).snapshot.source.warnings;
    expect(out[0]).toBe("Throttle rates of broker 2 could not be read: <host> timed out");
    expect(out[1]).toMatch(/^Throttled-replica lists of 1 topic\(s\) could not be read \(error 29\): topic-[0-9a-f]{10}$/);
  });

  it("redactHosts() replaces a plan's bootstrap server and leaves the input untouched", () => {
    const content = fixturePayload("plan");
    const before = JSON.stringify(content);
    const out = redactHosts(content);
    expect(out.plan!.options.bootstrapServer).toBe(REDACTED_BOOTSTRAP);
    expect(JSON.stringify(content)).toBe(before);
  });
});

describe("scrubHosts()", () => {
  it("scrubHosts() replaces known host names, host:port, IPv4, bracketed IPv6 and DNS names", () => {
    expect(scrubHosts("broker 7 at broker7 did not answer", ["broker7"])).toBe("broker 7 at <host> did not answer");
    expect(scrubHosts("connect ECONNREFUSED 10.0.0.3:9092")).toBe("connect ECONNREFUSED <host>");
    expect(scrubHosts("dial [fe80::1]:9093 failed")).toBe("dial <host> failed");
    expect(scrubHosts("kafka-a:19092 is down")).toBe("<host> is down");
    expect(scrubHosts("see kafka-1.prod.example.com now")).toBe("see <host> now");
  });

  it("scrubHosts() replaces unbracketed IPv6 addresses, keeps times, and strips a host's full stop only", () => {
    expect(scrubHosts("peer fe80::1 and 2001:db8:0:0:0:0:2:1 left at 12:30:45")).toBe("peer <host> and <host> left at 12:30:45");
    expect(scrubHosts("Connection to kafka.example.com.")).toBe("Connection to <host>.");
    expect(scrubHosts("broker=kafka-7 failed", new Set(["kafka-7"]))).toBe("broker=<host> failed");
  });

  it("scrubHosts() is linear: a 400 KB dotted run with no port, and a known-host list of 20,000, finish at once", () => {
    const dotted = "a.".repeat(200_000) + "1";
    expect(scrubHosts(dotted)).toBe(dotted);
    const hosts = Array.from({ length: 20_000 }, (_, i) => `kafka-${i}`);
    const text = Array.from({ length: 20_000 }, (_, i) => `broker ${i} at kafka-${i} is down`).join("; ");
    expect(scrubHosts(text, hosts)).not.toMatch(/kafka-\d/);
  });

  it("scrubHosts() keeps ordinary words, numbers and paths", () => {
    const text = "Demo cluster (the __consumer_offsets story), 3 brokers, /data/d1 at 78%";
    expect(scrubHosts(text)).toBe(text);
  });
});

describe("hashTopics()", () => {
  it("hashTopics() renames every topic to topic-<10 hex> and keeps Kafka's internal topics", () => {
    const out = hashTopics(fixturePayload("snapshot"), SALT).snapshot;
    const names = out.topics.map((t) => t.name);
    expect(names[0]).toBe("__consumer_offsets");
    expect(names.slice(1)).toEqual([hashTopicName("orders", SALT), hashTopicName("payments.eu", SALT)]);
    for (const n of names.slice(1)) expect(n).toMatch(/^topic-[0-9a-f]{10}$/);
    expect(JSON.stringify(out)).not.toMatch(/orders|payments/);
  });

  it("hashTopics() gives one name the same hash in the snapshot, its throttles and the scenario", () => {
    const out = hashTopics(fixturePayload("scenario"), SALT);
    const orders = hashTopicName("orders", SALT);
    expect(out.snapshot.throttles.topics[0]!.topic).toBe(orders);
    expect(out.snapshot.throttles.reassignments[0]!.topic).toBe(orders);
    expect(out.scenario!.steps.map((s) => ("topic" in s ? s.topic : "name" in s ? s.name : null))).toEqual([null, hashTopicName("clicks", SALT), orders]);
  });

  it("hashTopics() renames the topics a scenario's plan step leaves alone", () => {
    const content = fixturePayload("scenario");
    const plan = StepSchema.parse({ kind: "plan", options: { operation: { kind: "remove-brokers", brokers: [3] }, excludeTopics: ["orders", "payments.eu"] } });
    const out = hashTopics({ ...content, scenario: { ...content.scenario!, steps: [...content.scenario!.steps, plan] } }, SALT);
    const step = out.scenario!.steps.at(-1)!;
    expect(step.kind === "plan" && step.options.excludeTopics).toEqual([hashTopicName("orders", SALT), hashTopicName("payments.eu", SALT)]);
    expect(JSON.stringify(out.scenario)).not.toMatch(/orders|payments/);
  });

  it("hashTopics() renames the plan's excluded topics and its reassignment JSON", () => {
    const out = hashTopics(fixturePayload("plan"), SALT);
    expect(out.plan!.options.excludeTopics).toEqual([hashTopicName("payments.eu", SALT)]);
    const parsed = parseReassignmentJson(out.plan!.reassignmentJson!);
    expect(parsed.ok && parsed.value).toEqual([{ topic: hashTopicName("orders", SALT), partition: 0, replicas: [1, 2], logDirs: ["/data/d2", "any"] }]);
  });

  it("hashTopics() output is still a valid snapshot", () => {
    const out = hashTopics(fixturePayload("snapshot"), SALT).snapshot;
    expect(parseSnapshot(JSON.parse(JSON.stringify(out))).ok).toBe(true);
  });

  it("hashTopicName() depends on the salt, so links of one cluster do not share hashes", () => {
    expect(hashTopicName("orders", "a")).not.toBe(hashTopicName("orders", "b"));
    expect(hashTopicName("orders", "a")).toBe(hashTopicName("orders", "a"));
  });

  it("topicNameMap() takes more digits when the first ones collide, so names stay unique", () => {
    const names = Array.from({ length: 64 }, (_, i) => `t${i}`);
    const map = topicNameMap(names, SALT, 1);
    expect(new Set(map.values()).size).toBe(names.length);
    expect([...map.values()].some((v) => v.length > "topic-".length + 1)).toBe(true);
  });

  it("renameTopicsInText() renames whole names and topic-partition tokens only", () => {
    const rename = (n: string) => (n === "orders" ? "topic-aaaaaaaaaa" : undefined);
    expect(renameTopicsInText("orders-3 is offline; reorders and orders.v2 are not", rename)).toBe("topic-aaaaaaaaaa-3 is offline; reorders and orders.v2 are not");
  });
});

describe("applySharing()", () => {
  it("applySharing() with both options off returns the content as it was", () => {
    const content = fixturePayload("plan");
    expect(applySharing(content, { redactHosts: false, hashTopics: false }, SALT)).toEqual(content);
  });

  it("applySharing() with both options on leaves neither hosts nor topic names", () => {
    const out = applySharing(fixturePayload("plan"), { redactHosts: true, hashTopics: true }, SALT);
    expect(JSON.stringify(out)).not.toMatch(/example\.com|orders|payments/);
  });
});
