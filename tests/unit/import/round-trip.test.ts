// Property tests for the import path: a random cluster printed the way Kafka's tools print it must
// read back to the same placement, and no pasted text, however broken, may make the import throw.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { importSnapshot, type ImportOutcome } from "@/lib/import";
import { ClusterSnapshotSchema, type ClusterSnapshot } from "@/lib/model/snapshot";
import { formatLogDirs, formatTopicsDescribe, type LogDirsStyle, type TopicsStyle } from "@/tests/fixtures/import/format";

/** Property runs take seconds; on a busy shared machine several times that. Never a timing assertion. */
const PROPERTY_TIMEOUT_MS = 120_000;
const STORAGE_ERROR = "org.apache.kafka.common.errors.KafkaStorageException";
const topicName = fc.oneof(
  fc.constantFrom("__consumer_offsets", "__transaction_state", "orders-eu", "a-1", "metrics.cpu.v1", "x-0-1"),
  fc.stringMatching(/^[a-zA-Z0-9_][a-zA-Z0-9._-]{0,20}$/),
);

// Seeds of plain numbers, turned into a cluster by `clusterOf`: much faster than drawing every choice
// with fc.gen(), and they still shrink.
const replicaSeed = fc.record({
  pick: fc.nat(),
  dir: fc.nat(),
  size: fc.maxSafeNat(),
  lag: fc.nat(),
  future: fc.option(fc.record({ dir: fc.nat(), size: fc.maxSafeNat(), lag: fc.nat() })),
});
const partitionSeed = fc.record({
  replicas: fc.array(replicaSeed, { minLength: 1, maxLength: 3 }),
  leader: fc.option(fc.nat()),
  isrMask: fc.nat(),
  moving: fc.boolean(),
});
const topicSeed = fc.record({
  name: topicName,
  topicId: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{22}$/)),
  partitions: fc.array(partitionSeed, { minLength: 1, maxLength: 5 }),
});
const brokerSeed = fc.record({
  id: fc.integer({ min: 0, max: 5000 }),
  prefix: fc.constantFrom("/data/d", "/var/lib/kafka/data-", "/mnt/kafka logs/"),
  offline: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
});
const clusterSeed = fc.record({
  brokers: fc.uniqueArray(brokerSeed, { selector: (b) => b.id, minLength: 1, maxLength: 6 }),
  topics: fc.uniqueArray(topicSeed, { selector: (t) => t.name, maxLength: 6 }),
});

type ClusterSeed = typeof clusterSeed extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/** A consistent cluster: every replica sits in an online dir of its broker; futures in another one. */
function clusterOf(seed: ClusterSeed): ClusterSnapshot {
  const brokers = seed.brokers.map((b) => ({
    id: b.id,
    logDirs: b.offline.map((off, i) => {
      const offline = i > 0 && off;
      return { path: `${b.prefix}${i}`, state: offline ? ("offline" as const) : ("online" as const), error: offline ? STORAGE_ERROR : null };
    }),
  }));
  const online = new Map(brokers.map((b) => [b.id, b.logDirs.filter((d) => d.state === "online").map((d) => d.path)]));
  const topics = seed.topics.map((t) => ({
    name: t.name,
    topicId: t.topicId,
    partitions: t.partitions.map((p, id) => {
      const free = brokers.map((b) => b.id);
      const replicas = p.replicas.slice(0, free.length).map((r) => {
        const broker = free.splice(r.pick % free.length, 1)[0]!;
        const dirs = online.get(broker) ?? [];
        const logDir = pick(dirs, r.dir);
        const others = dirs.filter((d) => d !== logDir);
        const future = r.future && others.length > 0 ? { logDir: pick(others, r.future.dir), sizeBytes: r.future.size, offsetLag: r.future.lag } : null;
        return { broker, logDir, sizeBytes: r.size, offsetLag: r.lag, future };
      });
      const assigned = replicas.map((r) => r.broker);
      const moving = p.moving && assigned.length > 1;
      return {
        id,
        replicas,
        leader: p.leader === null ? null : pick(assigned, p.leader),
        isr: assigned.filter((_, i) => ((p.isrMask >> i) & 1) === 1),
        adding: moving ? assigned.slice(0, 1) : [],
        removing: moving ? assigned.slice(-1) : [],
      };
    }),
  }));
  return ClusterSnapshotSchema.parse({ schema: 1, capturedAt: "2025-01-31T12:00:00Z", source: { kind: "import", label: "x" }, brokers, topics });
}

const cluster = clusterSeed.map(clusterOf);

function snapshotOf(outcome: ImportOutcome): ClusterSnapshot {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.error.issues));
  return outcome.value;
}

function dirs(s: ClusterSnapshot) {
  return [...s.brokers].sort((a, b) => a.id - b.id).map((b) => ({ id: b.id, logDirs: b.logDirs.map((d) => ({ path: d.path, state: d.state, error: d.error })) }));
}

function placement(s: ClusterSnapshot, withReassignments: boolean, withTopicIds: boolean) {
  return [...s.topics]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((t) => ({
      name: t.name,
      topicId: withTopicIds ? t.topicId : null,
      partitions: t.partitions.map((p) => ({
        id: p.id,
        leader: p.leader,
        isr: p.isr,
        adding: withReassignments ? p.adding : [],
        removing: withReassignments ? p.removing : [],
        replicas: p.replicas,
      })),
    }));
}

describe("import round trip", () => {
  it(
    "importSnapshot() reads back the placement of a cluster printed by kafka-log-dirs and kafka-topics",
    () => {
      const logStyles: LogDirsStyle[] = ["scala", "java", "pretty"];
      const topicStyles: TopicsStyle[] = ["2.3", "2.4", "3.x", "4.x", "spaces"];
      fc.assert(
        fc.property(cluster, fc.constantFrom(...logStyles), fc.constantFrom(...topicStyles), (original, logStyle, topicStyle) => {
          const outcome = importSnapshot({ logDirs: formatLogDirs(original, logStyle), topics: formatTopicsDescribe(original, topicStyle), capturedAt: original.capturedAt });
          const imported = snapshotOf(outcome);
          const modern = topicStyle !== "2.3" && topicStyle !== "2.4";
          expect(dirs(imported)).toEqual(dirs(original));
          expect(placement(imported, true, true)).toEqual(placement(original, modern, modern));
          expect(imported.topics.every((t) => t.internal === ["__consumer_offsets", "__transaction_state"].includes(t.name))).toBe(true);
          // An empty cluster prints no kafka-topics lines, which reads as "not given" (one warning).
          if (original.topics.length > 0) expect(outcome.ok && outcome.warnings).toEqual([]);
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "importSnapshot() without kafka-topics output keeps every replica's dir and size, in broker id order",
    () => {
      fc.assert(
        fc.property(cluster, (original) => {
          const imported = snapshotOf(importSnapshot({ logDirs: formatLogDirs(original), capturedAt: original.capturedAt }));
          const expected = placement(original, false, false).map((t) => ({
            ...t,
            partitions: t.partitions.map((p) => ({ ...p, leader: null, isr: [], replicas: [...p.replicas].sort((a, b) => a.broker - b.broker) })),
          }));
          expect(placement(imported, true, true)).toEqual(expected);
        }),
        { numRuns: 100 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "importSnapshot() never throws on arbitrary text and points only at lines that exist",
    () => {
      const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "binary", maxLength: 300 }), fc.constantFrom("{", "[[[", "\t", "Topic:", "{}", "null"));
      fc.assert(
        fc.property(text, text, text, (logDirs, topics, racks) => {
          const outcome = importSnapshot({ logDirs, topics, racks, capturedAt: "2025-01-31T12:00:00Z" });
          if (outcome.ok) return;
          for (const issue of outcome.error.issues) {
            const source = issue.source === "logDirs" ? logDirs : issue.source === "topics" ? topics : racks;
            const lines = source.split(/\r\n|\n|\r/).length;
            expect(issue.line == null || (issue.line >= 1 && issue.line <= lines)).toBe(true);
            expect(issue.message.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: 500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "importSnapshot() never throws on JSON of the wrong shape",
    () => {
      const small = fc.jsonValue({ maxDepth: 2 });
      const shape = fc.oneof(
        fc.jsonValue({ maxDepth: 4 }),
        fc.record({
          brokers: fc.array(fc.record({ broker: small, logDirs: fc.array(fc.dictionary(fc.constantFrom("logDir", "error", "partitions", "size"), small), { maxLength: 4 }) }), {
            maxLength: 4,
          }),
        }),
      );
      fc.assert(
        fc.property(shape, (value) => {
          const outcome = importSnapshot({ logDirs: `Querying brokers for log directories information\n${JSON.stringify(value)}`, capturedAt: "2025-01-31T12:00:00Z" });
          if (!outcome.ok) expect(outcome.error.issues.every((i) => i.line === null || i.line === 2)).toBe(true);
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "importSnapshot() never throws on real output damaged by cuts and insertions",
    () => {
      const damaged = fc.tuple(cluster, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 20 }), fc.string({ maxLength: 5 })), { minLength: 1, maxLength: 4 }));
      fc.assert(
        fc.property(damaged, ([original, edits]) => {
          let logDirs = formatLogDirs(original);
          let topics = formatTopicsDescribe(original);
          for (const [at, cut, insert] of edits) {
            const i = at % (logDirs.length + 1);
            logDirs = logDirs.slice(0, i) + insert + logDirs.slice(i + cut);
            const j = at % (topics.length + 1);
            topics = topics.slice(0, j) + insert + topics.slice(j + cut);
          }
          const outcome = importSnapshot({ logDirs, topics, capturedAt: "2025-01-31T12:00:00Z" });
          expect(typeof outcome.ok).toBe("boolean");
        }),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
