import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as overview } from "@/app/api/cluster/overview/route";
import { GET as topics } from "@/app/api/cluster/topics/route";
import { GET as broker } from "@/app/api/cluster/broker/route";
import { DEMO_SNAPSHOT_FILE_ENV, resetClusterSource } from "@/lib/cluster/source";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import type { OverviewModel } from "@/lib/view/overview/overview-model";
import type { TopicPage } from "@/lib/view/overview/topic-page";

// The demo cluster shows a snapshot file (KAFKA_BALANCE_DEMO_SNAPSHOT_FILE): two clusters of the same
// 20 brokers × 4 dirs, one with ten times the replicas of the other.
const savedEnv = { ...process.env };
let dir: string;
const files = { small: "", large: "" };

function show(file: string): void {
  for (const k of Object.keys(process.env)) if (k.startsWith("KAFKA_")) delete process.env[k];
  process.env[DEMO_SNAPSHOT_FILE_ENV] = file;
  resetClusterSource();
}

const request = (route: string, query = "", headers: Record<string, string> = {}) => new Request(`http://localhost/api/cluster/${route}${query}`, { headers });

describe("GET /api/cluster/overview, /topics and /broker", () => {
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-overview-route-"));
    for (const [name, replicas] of [
      ["small", 8_000],
      ["large", 80_000],
    ] as const) {
      files[name] = path.join(dir, `${name}.json`);
      fs.writeFileSync(files[name], JSON.stringify(syntheticCluster({ brokers: 20, dirsPerBroker: 4, replicas, partitionsPerTopic: 100, seed: 7 })));
    }
  });

  afterEach(() => {
    process.env = { ...savedEnv };
    resetClusterSource();
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("GET /api/cluster/overview answers a model that does not grow with replicas beyond its topic page", async () => {
    const sizes: Record<string, number> = {};
    for (const name of ["small", "large"] as const) {
      show(files[name]);
      const response = await overview(request("overview", "?limit=1"));
      expect(response.status).toBe(200);
      const text = await response.text();
      const model = JSON.parse(text) as OverviewModel;
      expect(model.report.dirs.length).toBe(80);
      expect(model.topics.rows).toHaveLength(1);
      // No replica is sent: a snapshot's replica objects start with a broker id.
      expect(text).not.toContain('"replicas":[{');
      sizes[name] = text.length;
    }
    // Ten times the replicas: a few more digits per figure, nothing per replica.
    expect(sizes.large!).toBeLessThan(sizes.small! * 1.3);
  });

  it("GET /api/cluster/overview answers 304 with no body to If-None-Match naming its ETag, and 200 to another", async () => {
    show(files.small);
    const first = await overview(request("overview"));
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get("cache-control")).toContain("no-cache");
    const again = await overview(request("overview", "", { "if-none-match": etag! }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await overview(request("overview", "", { "if-none-match": '"something-else"' }));
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).toBe(etag);
    show(files.large);
    const changed = await overview(request("overview", "", { "if-none-match": etag! }));
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("GET /api/cluster/overview answers 304 to a newer scan with the same figures, naming its capture time in x-captured-at", async () => {
    show(files.small);
    const first = await overview(request("overview"));
    const etag = first.headers.get("etag")!;
    const later = JSON.parse(fs.readFileSync(files.small, "utf8")) as { capturedAt: string };
    later.capturedAt = "2026-02-01T00:00:00.000Z";
    const rescanned = path.join(dir, "rescanned.json");
    fs.writeFileSync(rescanned, JSON.stringify(later));
    show(rescanned);
    const again = await overview(request("overview", "", { "if-none-match": etag }));
    expect(again.status).toBe(304);
    expect(again.headers.get("x-captured-at")).toBe("2026-02-01T00:00:00.000Z");
  });

  it("GET /api/cluster/topics pages, filters and sorts on the server", async () => {
    show(files.small);
    const page = (await (await topics(request("topics", "?sort=name&limit=3&offset=2&internal=0"))).json()) as TopicPage;
    expect(page.rows).toHaveLength(3);
    expect(page.rows.some((t) => t.internal)).toBe(false);
    const names = page.rows.map((t) => t.name);
    expect(names).toEqual([...names].sort());
    expect(page.total).toBeGreaterThan(page.rows.length);
    const tag = (await topics(request("topics", "?sort=name"))).headers.get("etag")!;
    expect((await topics(request("topics", "?sort=name", { "if-none-match": tag }))).status).toBe(304);
  });

  it("GET /api/cluster/broker answers one broker's details with its largest replicas, 404 for a broker the cluster lacks", async () => {
    show(files.small);
    const ok = await broker(request("broker", "?broker=1"));
    expect(ok.status).toBe(200);
    const detail = (await ok.json()) as { figures: { id: number }; dirs: unknown[]; largest: unknown[] };
    expect(detail.figures.id).toBe(1);
    expect(detail.dirs).toHaveLength(4);
    expect(detail.largest.length).toBeGreaterThan(0);
    const missing = await broker(request("broker", "?broker=9999"));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toContain("9999");
  });

  it("answers 400 naming the parameter for unknown keys and bad values", async () => {
    show(files.small);
    for (const [response, field] of [
      [await overview(request("overview", "?colour=red")), "colour"],
      [await overview(request("overview", "?sort=size")), "sort"],
      [await overview(request("overview", "?limit=5000")), "limit"],
      [await overview(request("overview", "?refresh=yes")), "refresh"],
      [await topics(request("topics", "?offset=-3")), "offset"],
      [await topics(request("topics", "?refresh=1")), "refresh"],
      [await broker(request("broker", "")), "broker"],
      [await broker(request("broker", "?broker=one")), "broker"],
    ] as const) {
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string; issues: { path: string }[] } };
      expect(body.error.code).toBe("bad_request");
      expect(body.error.issues.map((i) => i.path)).toContain(field);
    }
  });
});
