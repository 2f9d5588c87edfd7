// POST /api/import on the corpus of real pastes (tests/fixtures/import/real/expected.json), called as
// Next calls it: the exported handler with a web Request. kafka-log-dirs pastes go both ways the route
// reads them (text/plain, streamed to the worker; JSON fields) and as the UTF-16 files PowerShell's `>`
// writes; kafka-topics pastes go beside a kafka-log-dirs paste. No Kafka, no server: the worker pool only.
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/import/route";
import { POST as planRoute } from "@/app/api/plan/route";
import { importSnapshot } from "@/lib/import";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { Issue } from "@/lib/model/result";
import { fixture } from "@/tests/fixtures/import/format";
import { corpus, type CorpusPaste } from "@/tests/fixtures/import/real/corpus";
import { generatedLogDirsText } from "@/tests/fixtures/import/generated-log-dirs";

const URL = "http://localhost/api/import";

function post(body: BodyInit, contentType: string): Promise<Response> {
  return POST(new Request(URL, { method: "POST", body, headers: { "content-type": contentType }, duplex: "half" } as RequestInit));
}

type Answer = { status: number; snapshot?: ClusterSnapshot; warnings?: Issue[]; issues?: Issue[] };

async function answer(response: Response): Promise<Answer> {
  const body = (await response.json()) as { snapshot?: ClusterSnapshot; warnings?: Issue[]; error?: { issues: Issue[] } };
  return { status: response.status, snapshot: body.snapshot, warnings: body.warnings, issues: body.error?.issues };
}

function utf16le(text: string, bom: boolean): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from((bom ? "\ufeff" : "") + text, "utf16le"));
}

function counts(snapshot: ClusterSnapshot) {
  const replicas = snapshot.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas));
  return {
    brokers: snapshot.brokers.length,
    dirs: snapshot.brokers.reduce((n, b) => n + b.logDirs.length, 0),
    replicas: replicas.length,
    bytes: replicas.reduce((n, r) => n + (r.sizeBytes ?? 0), 0),
  };
}

function expectAnswer(paste: CorpusPaste, got: Answer, source: string, how: string): void {
  if (paste.refused) {
    expect(got.status, how).toBe(400);
    const issue = got.issues?.[0];
    expect(issue, how).toMatchObject({ source, line: paste.refused.line });
    expect(issue?.message, how).toContain(paste.refused.phrase);
    return;
  }
  expect(got.status, `${how}: ${JSON.stringify(got.issues?.[0])}`).toBe(200);
  const words = (got.warnings ?? []).map((w) => w.message).join("\n");
  for (const phrase of paste.notes ?? []) expect(words, how).toContain(phrase);
  // The warnings also travel in the snapshot, so the import's overview shows them.
  for (const phrase of (paste.notes ?? []).filter((p) => /broker skew/.test(p))) expect(got.snapshot?.source.warnings.join("\n"), how).toContain(phrase);
}

const pastes = corpus();

describe("POST /api/import on the corpus of real pastes", () => {
  it.each(pastes.filter((p) => p.kind === "logDirs").map((p) => [p.name, p] as const))("kafka-log-dirs: %s", async (_name, paste) => {
    const ways: [string, () => Promise<Response>][] = [
      ["text/plain", () => post(paste.text, "text/plain")],
      ["JSON", () => post(JSON.stringify({ logDirs: paste.text, capturedAt: "2025-01-31T12:00:00Z" }), "application/json")],
      ["UTF-16LE with a BOM", () => post(utf16le(paste.text, true), "text/plain")],
      ["UTF-16LE without a BOM", () => post(utf16le(paste.text, false), "text/plain")],
    ];
    for (const [how, send] of ways) {
      const got = await answer(await send());
      expectAnswer(paste, got, "logDirs", how);
      if (!paste.refused) expect(counts(got.snapshot!), how).toEqual(paste.expect);
      if (!paste.refused && how.startsWith("UTF-16")) expect(got.warnings?.map((w) => w.message).join("\n"), how).toContain("the upload is UTF-16LE");
    }
  });

  it.each(pastes.filter((p) => p.kind === "topics").map((p) => [p.name, p] as const))("kafka-topics: %s", async (_name, paste) => {
    const got = await answer(await post(JSON.stringify({ logDirs: fixture("log-dirs-3.9.txt"), topics: paste.text, capturedAt: "2025-01-31T12:00:00Z" }), "application/json"));
    expectAnswer(paste, got, "topics", "JSON");
    if (!paste.refused) {
      const partitions = new Map(got.snapshot!.topics.map((t) => [t.name, t.partitions.length]));
      const described = new Set(paste.text.split(/\r?\n/).flatMap((l) => /^\s*Topic:\s*(\S+)\s.*Partition:/.exec(l)?.slice(1) ?? []));
      for (const name of described) expect(partitions.get(name), name).toBeGreaterThan(0);
    }
  });

  it("answers a JSON field holding UTF-16 that a client read as UTF-8, restored, with a note", async () => {
    const paste = pastes.find((p) => p.name === "log-dirs-3.9-all.txt")!;
    const broken = Buffer.from(utf16le(paste.text, true)).toString("utf8");
    const got = await answer(await post(JSON.stringify({ logDirs: broken }), "application/json"));
    expect(got.status).toBe(200);
    expect(counts(got.snapshot!)).toEqual(paste.expect);
    expect(got.warnings?.[0]?.message).toMatch(/^the text was UTF-16LE read as 8-bit text/);
  });

  it("skips Kafka's logging in a JSON body over 1 MB too (parsed in the worker), and says so", async () => {
    const text = `[2024-05-01 10:00:00,123] WARN [AdminClient clientId=adminclient-1] Connection to node -1 could not be established. (org.apache.kafka.clients.NetworkClient)\n${generatedLogDirsText({ brokers: 3, dirs: 3, replicas: 30_000 })}`;
    const body = JSON.stringify({ logDirs: text });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const got = await answer(await post(body, "application/json"));
    expect(got.status).toBe(200);
    expect(counts(got.snapshot!).replicas).toBe(30_000);
    expect(got.warnings?.[0]).toMatchObject({ source: "logDirs", line: 1, message: expect.stringMatching(/^skipped 1 line that is not the tool's output/) });
  });

  it("refuses an upload that is not UTF-8, naming the encoding and the line", async () => {
    const latin1 = Buffer.from(fixture("log-dirs-3.9.txt").replace("/data/kafka/d3", "/data/caf\u00e9"), "latin1");
    const got = await answer(await post(new Uint8Array(latin1), "text/plain"));
    expect(got.status).toBe(400);
    expect(got.issues?.[0]).toMatchObject({ source: "logDirs", line: 3, message: expect.stringMatching(/^the upload is not UTF-8 \(byte 0xE9/) });
  });
});

describe("POST /api/plan reviews the real kafka-reassign-partitions outputs of the corpus", () => {
  // The cluster the 3.9.2 and 4.4.0 tools ran on, imported from their own kafka-log-dirs and kafka-topics output.
  const imported = importSnapshot({ logDirs: fixture("real/log-dirs-3.9-all.txt"), topics: fixture("real/topics-3.9-describe.txt"), capturedAt: "2025-01-31T12:00:00Z" });
  const review = (reassignment: string) =>
    planRoute(
      new Request("http://localhost/api/plan", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ snapshot: imported.ok ? imported.value : null, reassignment }),
      }),
    );

  it.each(pastes.filter((p) => p.kind === "reassignment").map((p) => [p.name, p] as const))("%s", async (_name, paste) => {
    const response = await review(paste.text);
    const body = (await response.json()) as { review?: { entries: unknown[]; notes?: string[] }; error?: { message: string; issues: Issue[] } };
    if (paste.refused) {
      expect(response.status).toBe(400);
      expect(body.error?.message).toContain(paste.refused.phrase);
      expect(body.error?.issues[0]?.line).toBe(paste.refused.line);
      return;
    }
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    expect(body.review?.entries).toHaveLength(paste.expect!.entries!);
    for (const phrase of paste.notes ?? []) expect(body.review?.notes?.join("\n")).toContain(phrase);
  });
});
