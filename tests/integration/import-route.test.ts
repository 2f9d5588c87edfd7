// POST /api/import, called as Next calls it: the exported handler with a web Request.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/import/route";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { BalanceReport } from "@/lib/model/report";
import { fixture } from "@/tests/fixtures/import/format";
import { generatedLogDirsChunks } from "@/tests/fixtures/import/generated-log-dirs";

const URL = "http://localhost/api/import";
const LIMIT_ENV = "KAFKA_BALANCE_IMPORT_LIMIT_BYTES";

function post(body: BodyInit, contentType: string | null, headers: Record<string, string> = {}): Promise<Response> {
  const h = new Headers(headers);
  if (contentType !== null) h.set("content-type", contentType);
  return POST(new Request(URL, { method: "POST", body, headers: h, duplex: "half" } as RequestInit));
}

const postJson = (value: unknown) => post(JSON.stringify(value), "application/json");

afterEach(() => {
  delete process.env[LIMIT_ENV];
});

describe("POST /api/import", () => {
  it("POST() answers 200 with the snapshot, its balance report and warnings", async () => {
    const response = await postJson({ logDirs: fixture("log-dirs-3.9.txt"), topics: fixture("topics-4.x.txt"), label: "prod-eu", capturedAt: "2025-01-31T12:00:00Z" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { snapshot: ClusterSnapshot; report: BalanceReport; warnings: unknown[] };
    // The cross-checks travel in the snapshot too, in words, so the overview and a shared link show them.
    expect(body.snapshot.source).toEqual({
      kind: "import",
      label: "prod-eu",
      kafkaVersion: null,
      clusterId: null,
      warnings: [
        expect.stringMatching(/^kafka-log-dirs output: the kafka-log-dirs paste covers only 4 of the 5 topics the kafka-topics output lists .*broker skew is of those topics only/),
        expect.stringMatching(/^kafka-topics output, line 21: 1 partition is in the kafka-topics output but not in the kafka-log-dirs output/),
      ],
      unknownFacts: ["throttles", "racks", "capacity", "kafkaVersion", "cordons"],
    });
    expect(body.snapshot.capturedAt).toBe("2025-01-31T12:00:00Z");
    expect(body.report.totals).toMatchObject({ brokers: 3, topics: 5, partitions: 16, offlineDirs: 1 });
    expect(body.warnings).toHaveLength(2);
  });

  it("POST() reads kafka-configs output beside the other two: the throttles, racks and cordons it carries become known", async () => {
    const real = (name: string) => readFileSync(`tests/fixtures/import/configs/4.4.0/${name}`, "utf8");
    const response = await postJson({
      logDirs: real("log-dirs-all.txt"),
      topics: real("topics-describe.txt"),
      configs: `${real("configs-brokers-all.txt")}${real("configs-topics.txt")}`,
    });
    expect(response.status).toBe(200);
    const { snapshot } = (await response.json()) as { snapshot: ClusterSnapshot };
    expect(snapshot.source.label).toBe("kafka-log-dirs + kafka-topics + kafka-configs import");
    expect(snapshot.source.unknownFacts).toEqual(["capacity", "kafkaVersion"]);
    expect(snapshot.throttles.brokers).toEqual([{ broker: 1, leader: 10000000, follower: 10000000, alterLogDirs: null }]);
    expect(snapshot.brokers.map((b) => b.rack)).toEqual(["rack-a", "rack-b"]);

    const hostile = await postJson({
      logDirs: real("log-dirs-all.txt"),
      configs: "Dynamic configs for broker 1 are:\n  leader.replication.throttled.rate=fast sensitive=false synonyms={}\n",
    });
    expect(hostile.status).toBe(400);
    const refused = (await hostile.json()) as { error: { message: string; issues: { source: string; line: number }[] } };
    expect(refused.error.issues[0]).toMatchObject({ source: "configs", line: 2 });
    expect(refused.error.message).toMatch(/^kafka-configs output, line 2: leader\.replication\.throttled\.rate: expected a rate in bytes per second/);
  });

  it("POST() accepts the kafka-log-dirs output alone as text/plain and stamps the import time", async () => {
    const before = Date.now();
    const response = await post(fixture("log-dirs-2.4.txt"), "text/plain; charset=utf-8");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { snapshot: ClusterSnapshot };
    expect(body.snapshot.brokers.map((b) => b.id)).toEqual([0, 1, 2]);
    expect(Date.parse(body.snapshot.capturedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("POST() answers 400 naming the line and field to fix", async () => {
    const bad = fixture("log-dirs-3.9.txt").replace('"size":2460529190', '"size":"abc"');
    const response = await postJson({ logDirs: bad });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string; issues: { source: string; line: number; path: string }[] } };
    expect(body.error.code).toBe("invalid_import");
    expect(body.error.message).toMatch(/^kafka-log-dirs output, line 3: brokers\.0\.logDirs\.\d\.partitions\.\d+\.size: expected a non-negative integer, got "abc"$/);
    expect(body.error.issues[0]).toMatchObject({ source: "logDirs", line: 3 });
  });

  it("POST() answers 400 for a bad kafka-topics line with its line number", async () => {
    const response = await postJson({
      logDirs: fixture("log-dirs-3.9.txt"),
      topics: "Topic: a\tPartitionCount: 1\tReplicationFactor: 1\tConfigs: \n\tTopic: a\tPartition: 0\tLeader: 1\tReplicas: 1,?\tIsr: 1",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe('kafka-topics output, line 2: Replicas: expected broker ids separated by commas, such as "1,2,3", got "1,?"');
  });

  it("POST() answers 400 saying which field is missing from a JSON body", async () => {
    const response = await postJson({ brokers: [], version: 1 });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; issues: { path: string }[] } };
    expect(body.error.message).toBe("logDirs: paste the output of kafka-log-dirs.sh --describe here, as a JSON string (and 2 more problems)");
    // The keys of kafka-log-dirs' own JSON, sent as the body itself, are named as unknown.
    expect(body.error.issues.map((i) => i.path)).toEqual(["logDirs", "brokers", "version"]);
  });

  it("POST() answers 400 for a body that is not JSON although it says so", async () => {
    const response = await post("{not json", "application/json");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^The body is not valid JSON/);
  });

  it("POST() answers 413 when Content-Length is over the configured limit", async () => {
    process.env[LIMIT_ENV] = "1000";
    const response = await post(fixture("log-dirs-3.9.txt"), "text/plain");
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string; limitBytes: number } };
    expect(body.error).toMatchObject({ code: "payload_too_large", limitBytes: 1000 });
  });

  it("POST() answers 413 for a streamed body that grows over the limit without a Content-Length", async () => {
    process.env[LIMIT_ENV] = "1000";
    const chunk = new TextEncoder().encode("x".repeat(400));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await post(stream, "text/plain");
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(10);
  });

  it("POST() streams a 200,000-replica text/plain paste to the worker and answers its snapshot", async () => {
    const spec = { brokers: 60, dirs: 12, replicas: 200_000 };
    const chunks = generatedLogDirsChunks(spec);
    let bytes = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.next();
        if (next.done) return controller.close();
        bytes += next.value.byteLength;
        controller.enqueue(next.value);
      },
    });
    const response = await post(stream, "text/plain");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { snapshot: ClusterSnapshot; report: BalanceReport };
    expect(bytes).toBeGreaterThan(15_000_000);
    expect(body.snapshot.source.kind).toBe("import");
    expect(body.snapshot.brokers).toHaveLength(60);
    expect(body.snapshot.brokers.every((b) => b.logDirs.length === 12 && b.logDirs.every((d) => d.state === "online"))).toBe(true);
    const replicas = body.snapshot.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas));
    expect(replicas).toHaveLength(200_000);
    expect(body.report.totals).toMatchObject({ brokers: 60 });
    // Partition q of the generator sits on brokers q, q+1, q+2 in dir (q·7 + r) mod 12.
    const p7 = body.snapshot.topics.find((t) => t.name === "topic-0")?.partitions.find((p) => p.id === 7);
    expect(p7?.replicas.map((r) => [r.broker, r.logDir]).sort()).toEqual([
      [7, "/data/kafka/d2"],
      [8, "/data/kafka/d3"],
      [9, "/data/kafka/d4"],
    ]);
  });

  it("POST() answers 413 as soon as a streamed paste passes the limit, without reading the rest", async () => {
    process.env[LIMIT_ENV] = String(2 * 1024 * 1024);
    const chunks = generatedLogDirsChunks({ brokers: 60, dirs: 12, replicas: 200_000 });
    let pulled = 0;
    let closed = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.next();
        if (next.done) {
          closed = true;
          return controller.close();
        }
        pulled += 1;
        controller.enqueue(next.value);
      },
    });
    const response = await post(stream, "text/plain");
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string; message: string; limitBytes: number } };
    expect(body.error).toMatchObject({ code: "payload_too_large", limitBytes: 2 * 1024 * 1024 });
    expect(body.error.message).toMatch(/larger than the limit of 2097152 bytes/);
    // 60 brokers of about 300 KB each: the limit is passed within the first ten.
    expect(pulled).toBeLessThan(15);
    expect(closed).toBe(false);
  });

  it("POST() answers 400 'it is empty' for a blank streamed paste", async () => {
    const response = await post(" \r\n\n", "text/plain");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/it is empty/);
  });

  it("POST() answers 415 for content it does not read, saying what to send", async () => {
    const form = await post("logDirs=x", "application/x-www-form-urlencoded");
    expect(form.status).toBe(415);
    const body = (await form.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("unsupported_media_type");
    expect(body.error.message).toMatch(/send application\/json .* or text\/plain/);
    expect((await post(new Uint8Array([1, 2, 3]), null)).status).toBe(415);
  });
});
