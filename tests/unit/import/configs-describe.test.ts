import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importSnapshot, parseConfigsDescribe, type ConfigsListing } from "@/lib/import";
import { knownFacts } from "@/lib/model/facts";
import type { ClusterSnapshot } from "@/lib/model/snapshot";

/** Printed by Kafka's own ConfigCommand on a local 2-broker cluster (tests/fixtures/import/configs/generate.ts). */
const real = (version: string, name: string) => readFileSync(`tests/fixtures/import/configs/${version}/${name}`, "utf8");
const VERSIONS = ["3.9.2", "4.4.0"];

function listing(text: string): ConfigsListing {
  const r = parseConfigsDescribe(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function issues(text: string) {
  const r = parseConfigsDescribe(text);
  if (r.ok) throw new Error("expected a refusal");
  return r.error.issues as { line: number | null; path: string; message: string }[];
}

function imported(version: string, configs: string | undefined, withTopics = true): ClusterSnapshot {
  const r = importSnapshot({
    logDirs: real(version, "log-dirs-all.txt"),
    topics: withTopics ? real(version, "topics-describe.txt") : undefined,
    configs,
    capturedAt: "2026-01-01T00:00:00Z",
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("parseConfigsDescribe", () => {
  it.each(VERSIONS)("parseConfigsDescribe() reads the brokers' dynamic configs and the cluster default of Kafka %s", (version) => {
    const l = listing(real(version, "configs-brokers.txt"));
    expect(l.brokers.map((b) => [b.id, b.all, b.rates, b.rack])).toEqual([
      [1, false, { leader: 10000000, follower: 10000000, alterLogDirs: null }, undefined],
      [2, false, { leader: null, follower: null, alterLogDirs: null }, undefined],
    ]);
    expect(l.defaults).toEqual({ leader: null, follower: null, alterLogDirs: 5000000 });
  });

  it.each(VERSIONS)("parseConfigsDescribe() reads rates, inherited defaults, broker.rack and cordoned.log.dirs from --all of Kafka %s", (version) => {
    const l = listing(real(version, "configs-brokers-all.txt"));
    expect(l.brokers.map((b) => ({ id: b.id, all: b.all, rates: b.rates, defaults: b.defaults, rack: b.rack }))).toEqual([
      { id: 1, all: true, rates: { leader: 10000000, follower: 10000000, alterLogDirs: null }, defaults: { leader: null, follower: null, alterLogDirs: 5000000 }, rack: "rack-a" },
      { id: 2, all: true, rates: { leader: null, follower: null, alterLogDirs: null }, defaults: { leader: null, follower: null, alterLogDirs: 5000000 }, rack: "rack-b" },
    ]);
    // 4.4 knows cordoned.log.dirs (broker 2's second dir was cordoned); 3.9 has no such key, so no dir can be cordoned there.
    expect(l.brokers.map((b) => b.cordoned)).toEqual(version === "4.4.0" ? [[], ["/var/lib/kafka/data-2"]] : [[], []]);
  });

  it("parseConfigsDescribe() reads --entity-default and --entity-name runs alone", () => {
    expect(listing(real("4.4.0", "configs-broker-default.txt"))).toMatchObject({ brokers: [], defaults: { alterLogDirs: 5000000 }, topics: [] });
    const one = listing(real("4.4.0", "configs-broker-1.txt"));
    expect(one.brokers.map((b) => b.id)).toEqual([1]);
    expect(one.defaults).toBeNull();
  });

  it.each(VERSIONS)("parseConfigsDescribe() reads the topics' throttled replica lists, with and without --all, of Kafka %s", (version) => {
    const expected = [
      { name: "orders", leaderReplicas: "0:1,1:2", followerReplicas: "0:2,1:1" },
      { name: "payments", leaderReplicas: null, followerReplicas: null },
    ];
    expect(listing(real(version, "configs-topics.txt")).topics).toMatchObject(expected);
    expect(listing(real(version, "configs-topics-all.txt")).topics).toMatchObject(expected);
  });

  it("parseConfigsDescribe() reads broker and topic outputs pasted one after another, and a dynamic run beside an --all one", () => {
    const l = listing(real("4.4.0", "configs-brokers.txt") + real("4.4.0", "configs-brokers-all.txt") + real("4.4.0", "configs-topics.txt"));
    expect(l.brokers.map((b) => [b.id, b.all, b.rack])).toEqual([
      [1, true, "rack-a"],
      [2, true, "rack-b"],
    ]);
    expect(l.topics.map((t) => t.name)).toEqual(["orders", "payments"]);
  });

  it("parseConfigsDescribe() skips Kafka's logging and prompts, and refuses a failed run with the tool's message", () => {
    const r = parseConfigsDescribe(
      `$ kafka-configs.sh --bootstrap-server b:9092 --describe --entity-type brokers\n[2026-01-01 10:00:00,000] WARN something (org.apache.kafka.clients.NetworkClient)\n${real("4.4.0", "configs-brokers.txt")}`,
    );
    expect(r.ok && r.value.brokers.length).toBe(2);
    expect(r.ok && r.warnings?.[0]?.message).toMatch(/^skipped 2 lines/);
    const failed = issues(
      "Error while executing config command with args '--bootstrap-server b:9092 --describe --entity-type brokers'\njava.util.concurrent.ExecutionException: org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeCluster\n\tat java.base/java.util.concurrent.CompletableFuture.reportGet(CompletableFuture.java:396)\n",
    );
    expect(failed[0]!.message).toMatch(/^the tool failed: TimeoutException: Timed out waiting for a node assignment\. Call: describeCluster; re-run kafka-configs\.sh/);
  });

  it("parseConfigsDescribe() refuses hostile or foreign text naming the line", () => {
    expect(issues("")[0]!.message).toMatch(/^no configs found: paste the output of kafka-configs\.sh --describe/);
    expect(issues("hello")[0]).toMatchObject({ line: 1, message: expect.stringMatching(/^not a kafka-configs --describe line/) });
    expect(issues("  leader.replication.throttled.rate=1 sensitive=false synonyms={}")[0]).toMatchObject({
      line: 1,
      message: expect.stringMatching(/before any "… configs for … are:" line/),
    });
    expect(issues("Dynamic configs for broker x are:")[0]!.message).toMatch(/^expected a broker id after "configs for broker", got "x"/);
    expect(issues("Dynamic configs for broker-logger 1 are:")[0]!.message).toMatch(/^only broker and topic configs are read/);
    expect(issues("Dynamic configs for topic bad/name are:")[0]!.line).toBe(1);
    expect(issues("Dynamic configs for broker 1 are:\n  leader.replication.throttled.rate=-5 sensitive=false synonyms={}")[0]).toMatchObject({
      line: 2,
      path: "leader.replication.throttled.rate",
    });
    expect(issues("Dynamic configs for broker 1 are:\nDynamic configs for broker 1 are:")[0]!.message).toMatch(/^broker 1 is described twice \(lines 1 and 2\)/);
    expect(issues("The broker '7' doesn't exist and doesn't have dynamic config.")[0]!.message).toMatch(/the broker "7" does not exist/);
    expect(issues("Quota configs for user-principal 'alice' are producer_byte_rate=1024.0")[0]!.message).toMatch(/client quota/);
    // Many bad lines: a short list, not one issue per line.
    expect(issues("x\n".repeat(10_000)).length).toBeLessThanOrEqual(51);
  });

  it("parseConfigsDescribe() keeps only the keys it uses from a long --all paste (300 brokers × 350 configs)", () => {
    const section = real("4.4.0", "configs-brokers-all.txt").split("All configs for broker 2 are:")[0]!.replace("All configs for broker 1 are:\n", "");
    const text = Array.from({ length: 300 }, (_, i) => `All configs for broker ${i} are:\n${section}`).join("");
    const l = listing(text);
    expect(l.brokers).toHaveLength(300);
    expect(l.brokers[299]).toEqual({
      id: 299,
      all: true,
      line: expect.any(Number),
      rates: { leader: 10000000, follower: 10000000, alterLogDirs: null },
      defaults: { leader: null, follower: null, alterLogDirs: 5000000 },
      rack: "rack-a",
      cordoned: [],
    });
  });
});

describe("import with kafka-configs output", () => {
  it.each(VERSIONS)("importSnapshot() of Kafka %s's three outputs knows throttles, racks and cordons, and leaves capacity and version unknown", (version) => {
    const s = imported(version, real(version, "configs-brokers-all.txt") + real(version, "configs-topics.txt"));
    expect(s.source.unknownFacts).toEqual(["capacity", "kafkaVersion"]);
    expect(knownFacts(s)).toMatchObject({ throttles: true, reassignments: true, leadership: true, racks: true, cordons: true, capacity: false, kafkaVersion: false });
    expect(s.throttles.defaults).toEqual({ leader: null, follower: null, alterLogDirs: 5000000 });
    expect(s.throttles.brokers).toEqual([{ broker: 1, leader: 10000000, follower: 10000000, alterLogDirs: null }]);
    expect(s.throttles.topics).toEqual([{ topic: "orders", leaderReplicas: "0:1,1:2", followerReplicas: "0:2,1:1" }]);
    expect(s.brokers.map((b) => b.rack)).toEqual(["rack-a", "rack-b"]);
    const cordoned = s.brokers.flatMap((b) => b.logDirs.filter((d) => d.state === "cordoned").map((d) => `${b.id}:${d.path}`));
    expect(cordoned).toEqual(version === "4.4.0" ? ["2:/var/lib/kafka/data-2"] : []);
  });

  it("importSnapshot() without kafka-configs leaves throttles and cordons unknown; kafka-log-dirs alone leaves reassignments and leaders unknown too", () => {
    expect(imported("4.4.0", undefined).source.unknownFacts).toEqual(["throttles", "racks", "capacity", "kafkaVersion", "cordons"]);
    expect(imported("4.4.0", undefined, false).source.unknownFacts).toEqual(["throttles", "reassignments", "leadership", "racks", "capacity", "kafkaVersion", "cordons"]);
  });

  it("importSnapshot() with dynamic-only broker configs knows the rates but not racks or cordons, and without kafka-topics needs the topics' configs for the lists", () => {
    const dynamic = imported("4.4.0", real("4.4.0", "configs-brokers.txt"));
    expect(dynamic.source.unknownFacts).toEqual(["racks", "capacity", "kafkaVersion", "cordons"]);
    // The dynamic cordon is still shown: it is known to be set.
    expect(dynamic.brokers[1]!.logDirs.map((d) => d.state)).toEqual(["online", "cordoned"]);
    expect(imported("4.4.0", real("4.4.0", "configs-brokers.txt"), false).source.unknownFacts).toContain("throttles");
    expect(imported("4.4.0", real("4.4.0", "configs-brokers.txt") + real("4.4.0", "configs-topics.txt"), false).source.unknownFacts).not.toContain("throttles");
  });

  it("importSnapshot() says what a partial kafka-configs run leaves unknown", () => {
    const one = importSnapshot({
      logDirs: real("4.4.0", "log-dirs-all.txt"),
      topics: real("4.4.0", "topics-describe.txt"),
      configs: real("4.4.0", "configs-broker-1.txt"),
      capturedAt: "2026-01-01T00:00:00Z",
    });
    expect(one.ok).toBe(true);
    if (!one.ok) return;
    expect(one.value.source.unknownFacts).toContain("throttles");
    const words = one.value.source.warnings.join("\n");
    expect(words).toMatch(/kafka-configs output: the kafka-configs output has no section for broker 2: its throttle rates are unknown/);
    expect(words).toMatch(/no "Default configs for brokers in the cluster" section, so the cluster-wide throttle defaults are unknown/);
  });

  it("importSnapshot() refuses a bad kafka-configs paste with the other texts' problems in one answer", () => {
    const r = importSnapshot({ logDirs: "{", configs: "nonsense", capturedAt: "2026-01-01T00:00:00Z" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect((r.error.issues as { source: string }[]).map((i) => i.source)).toEqual(expect.arrayContaining(["logDirs", "configs"]));
  });
});
