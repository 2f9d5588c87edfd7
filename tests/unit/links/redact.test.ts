import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSnapshot } from "@/lib/model/parse";
import { formatReassignmentJson, parseReassignmentJson } from "@/lib/model/reassignment-json";
import { StepSchema } from "@/lib/simulate/schema";
import { applySharing, hashTopicName, hashTopics, redactHosts, REDACTED_BOOTSTRAP, REDACTED_KAFKA_LABEL, renameTopicsInText, scrubHosts, topicNameMap } from "@/lib/links/redact";
import { fixturePayload } from "./fixture";

const SALT = "test-salt";

/** The fixture's plan record with another reassignment JSON, hashed. */
function hashedReassignment(json: string): string | null {
  const content = fixturePayload("plan");
  return hashTopics({ ...content, plan: { ...content.plan!, reassignmentJson: json } }, SALT).plan!.reassignmentJson;
}

/** Every string value (not key) in a JSON document. */
function stringValues(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(stringValues);
  return [];
}

/** Names the redaction keeps as they are (Kafka's own topics). */
const KEPT = ["__consumer_offsets", "__cluster_metadata"];

/** Kafka-legal topic names; never "any", which is also a log_dirs value. */
const topicName = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...KEPT, "orders", "payments.eu", "topic", "version", "log_dirs") },
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9._-]{1,24}$/).filter((n) => n !== "." && n !== ".." && n !== "any") },
);

const entry = fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 4 }).chain((replicas) =>
  fc.record({
    topic: topicName,
    partition: fc.nat(50),
    replicas: fc.constant(replicas),
    log_dirs: fc.option(fc.array(fc.constantFrom("any", "/data/d1", "/data/d2"), { minLength: replicas.length, maxLength: replicas.length }), { nil: undefined }),
  }),
);

/** `"\u006f…"` for every character: the same JSON string, with none of the name's characters in the text. */
const escaped = (name: string) => `"${[...name].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}"`;

/** A reassignment JSON as it may be pasted: any spacing, escapes, keys Kafka ignores, the tool's other lines around it. */
const pastedReassignment = fc
  .record({
    entries: fc.uniqueArray(entry, { maxLength: 6, selector: (e) => `${e.topic}\u0000${e.partition}` }),
    others: fc.array(topicName, { minLength: 1, maxLength: 3 }),
    version: fc.boolean(),
    indent: fc.constantFrom(0, 1, 2),
    escape: fc.boolean(),
    unknownKeys: fc.boolean(),
    wrap: fc.constantFrom("none", "generate", "logged"),
  })
  .map(({ entries, others, version, indent, escape, unknownKeys, wrap }) => {
    const partitions = entries.map((e) => ({ ...e, ...(unknownKeys ? { owner: others[0] } : {}) }));
    const doc = { ...(version ? { version: 1 } : {}), partitions, ...(unknownKeys ? { comment: others.join(" ") } : {}) };
    let json = JSON.stringify(doc, null, indent);
    if (escape) for (const name of new Set([...entries.map((e) => e.topic), ...others])) json = json.split(JSON.stringify(name)).join(escaped(name));
    const current = JSON.stringify({ version: 1, partitions: others.map((topic, i) => ({ topic, partition: i, replicas: [1], log_dirs: ["any"] })) });
    const text =
      wrap === "generate"
        ? `Current partition replica assignment\n${current}\n\nProposed partition reassignment configuration\n${json}\n`
        : wrap === "logged"
          ? `[2024-05-01 10:00:00,123] WARN Topic ${others.join(", ")} is under-replicated (org.apache.kafka.tools.reassign.ReassignPartitionsCommand)\n${json}`
          : json;
    return { text, entries, names: new Set([...entries.map((e) => e.topic), ...others].filter((n) => !KEPT.includes(n))) };
  });

describe("redactHosts()", () => {
  it("redactHosts() clears every broker's host and port and keeps paths, racks and the cluster id", () => {
    const content = fixturePayload("snapshot");
    const out = redactHosts(content).snapshot;
    expect(out.brokers.map((b) => [b.host, b.port])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
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
    content.snapshot.source.warnings = [
      "Throttle rates of broker 2 could not be read: kafka-2.prod.example.com:9092 timed out",
      "Throttled-replica lists of 1 topic(s) could not be read (error 29): orders",
    ];
    const out = applySharing(content, { redactHosts: true, hashTopics: true }, SALT).snapshot.source.warnings;
    expect(out[0]).toBe("Throttle rates of broker 2 could not be read: <host> timed out");
    expect(out[1]).toMatch(/^Throttled-replica lists of 1 topic\(s\) could not be read \(error 29\): topic-[0-9a-f]{10}$/);
  });

  it("redactHosts() keeps a plan's reassignment JSON sent alone as it is, and only the JSON of one pasted with the tool's lines", () => {
    const content = fixturePayload("plan");
    const json = content.plan!.reassignmentJson!;
    expect(redactHosts(content).plan!.reassignmentJson).toBe(json);
    const entries = parseReassignmentJson(json, { allowEmpty: true });
    if (!entries.ok) throw new Error(entries.error.message);
    // kafka-reassign-partitions --generate's output as pasted, with a client's log line naming a broker.
    const pasted = `[2026-12-01 10:00:00,123] WARN [AdminClient clientId=adminclient-1] Connection to node -1 (kafka-1.prod.example.com/10.0.0.1:9092) could not be established. (org.apache.kafka.clients.NetworkClient)\nCurrent partition replica assignment\n${json}\n\nProposed partition reassignment configuration\n${json}\n`;
    const out = redactHosts({ ...content, plan: { ...content.plan!, reassignmentJson: pasted } }).plan!.reassignmentJson!;
    expect(out).not.toMatch(/prod\.example\.com|10\.0\.0\.1/);
    expect(out).toBe(formatReassignmentJson(entries.value));
    expect(redactHosts({ ...content, plan: { ...content.plan!, reassignmentJson: "not a reassignment at kafka-1.prod.example.com:9092" } }).plan!.reassignmentJson).toBeNull();
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

  it("hashTopics() keeps only the proposed JSON of a pasted --generate output, its topics hashed", () => {
    const proposed = '{"version":1,"partitions":[{"topic":"orders","partition":0,"replicas":[1,2],"log_dirs":["/data/d2","any"]}]}';
    const paste = `Current partition replica assignment\n{"version":1,"partitions":[{"topic":"secret-rollback","partition":0,"replicas":[1,3],"log_dirs":["any","any"]}]}\n\nProposed partition reassignment configuration\n${proposed}\n`;
    const out = hashedReassignment(paste)!;
    expect(out).toBe(formatReassignmentJson([{ topic: hashTopicName("orders", SALT), partition: 0, replicas: [1, 2], logDirs: ["/data/d2", "any"] }]));
    expect(out).not.toMatch(/orders|secret-rollback|Current|Proposed/);
  });

  it("hashTopics() writes a reassignment JSON the tool reads as a valid one as the tool writes it: log_dirs filled, keys it ignores dropped", () => {
    const json = '{"partitions":[{"topic":"orders","partition":1,"replicas":[3],"owner":"team-orders"},{"topic":"payments.eu","partition":0,"replicas":[2,1]}],"comment":"orders"}';
    const out = hashedReassignment(json)!;
    expect(parseReassignmentJson(out)).toEqual({
      ok: true,
      value: [
        { topic: hashTopicName("orders", SALT), partition: 1, replicas: [3], logDirs: ["any"] },
        { topic: hashTopicName("payments.eu", SALT), partition: 0, replicas: [2, 1], logDirs: ["any", "any"] },
      ].sort((a, b) => (a.topic < b.topic ? -1 : 1)),
    });
    expect(out).not.toMatch(/orders|payments|owner|comment/);
  });

  it("hashTopics() writes a reassignment that moves nothing as an empty version-1 list", () => {
    for (const json of ["{}", '{"version":1}', '{"version":1,"partitions":[]}']) expect(hashedReassignment(json), json).toBe('{"version":1,"partitions":[]}');
  });

  it("hashTopics() drops a reassignment JSON it cannot read rather than store a topic name unhashed, and the plan keeps its options", () => {
    const unreadable = [
      "orders moves to broker 2",
      '{"version":2,"partitions":[{"topic":"orders","partition":0,"replicas":[1]}]}',
      '{"partitions":[{"topic":"orders","partition":0,"replicas":[1]},{"topic":"orders","partition":0,"replicas":[2]}]}',
      '{"partitions":[{"topic":["orders"],"partition":0,"replicas":[1]}]}',
      '{"partitions":[{"topic":"orders","partition":0,"replicas":[1,2],"log_dirs":["any"]}]}',
    ];
    for (const json of unreadable) {
      const content = fixturePayload("plan");
      const out = hashTopics({ ...content, plan: { ...content.plan!, reassignmentJson: json } }, SALT);
      expect(out.plan!.reassignmentJson, json).toBeNull();
      expect(out.plan!.options.excludeTopics).toEqual([hashTopicName("payments.eu", SALT)]);
      expect(JSON.stringify(out), json).not.toMatch(/orders|payments/);
    }
  });

  it("hashTopics() never leaves a topic name of a reassignment JSON in its output, however the JSON is written or pasted (property)", () => {
    fc.assert(
      fc.property(pastedReassignment, ({ text, entries, names }) => {
        const out = hashedReassignment(text);
        // Every such text is one Kafka's tool reads, so the redacted plan keeps its reassignment.
        expect(out).not.toBeNull();
        const parsed = parseReassignmentJson(out!, { allowEmpty: true });
        if (!parsed.ok) throw new Error(parsed.error.message);
        // Written as the tool writes it: nothing but the entries, so a string value is all a name could hide in.
        expect(out).toBe(formatReassignmentJson(parsed.value));
        for (const value of stringValues(JSON.parse(out!))) expect(names.has(value), value).toBe(false);
        expect(parsed.value.map(({ partition, replicas, logDirs }) => [partition, replicas, logDirs]).sort()).toEqual(
          entries.map((e) => [e.partition, e.replicas, e.log_dirs ?? e.replicas.map(() => "any")]).sort(),
        );
      }),
    );
  });

  it("hashTopics() of text that is not a readable reassignment leaves no topic name either (property)", () => {
    const unreadable = fc.oneof(
      fc.tuple(fc.string(), topicName, fc.string()).map(([a, name, b]) => ({ text: `${a}${name}${b}`, name })),
      topicName.map((name) => ({
        text: JSON.stringify({
          partitions: [
            { topic: name, partition: 0, replicas: [1] },
            { topic: name, partition: 0, replicas: [2] },
          ],
        }),
        name,
      })),
      fc
        .tuple(topicName, fc.integer({ min: 2, max: 9 }))
        .map(([name, version]) => ({ text: JSON.stringify({ version, partitions: [{ topic: name, partition: 0, replicas: [1] }] }), name })),
    );
    fc.assert(
      fc.property(unreadable, ({ text, name }) => {
        const out = hashedReassignment(text);
        if (out !== null && !KEPT.includes(name)) expect(stringValues(JSON.parse(out))).not.toContain(name);
      }),
    );
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
