/**
 * Bodies over 1 MB are parsed in the worker pool, and answers are serialised there (the request
 * thread only moves bytes): every route must answer them exactly as it answers a small body — the
 * same results, the same 400s for broken or too deeply nested JSON, and a body naming a base only the
 * request thread can load (the current cluster) still gets it. Shared links are read back (record,
 * export, page data) through the worker too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/import/route";
import { POST as plan } from "@/app/api/plan/route";
import { POST as simulate } from "@/app/api/simulate/route";
import { GET as exportRoute } from "@/app/api/snapshots/[id]/export/route";
import { GET as record } from "@/app/api/snapshots/[id]/route";
import { POST as share } from "@/app/api/snapshots/route";
import { resetClusterSource } from "@/lib/cluster/source";
import { MAX_JSON_DEPTH } from "@/lib/model/json-depth";
import { PARSE_OFF_THREAD_BYTES } from "@/lib/model/json-body";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { closeWorkerPool } from "@/lib/workers/pool";
import { sharedOverview } from "@/lib/server/share-reads";
import { params, useTempStore } from "../fixtures/snapshots/harness";

let temp: ReturnType<typeof useTempStore>;
beforeAll(() => {
  temp = useTempStore("large-bodies");
  delete process.env.KAFKA_BOOTSTRAP_SERVERS;
  resetClusterSource();
});
afterAll(async () => {
  temp.cleanup();
  await closeWorkerPool();
});

const post = (route: (r: Request) => Promise<Response>, url: string, body: string) =>
  route(new Request(`http://localhost${url}`, { method: "POST", headers: { "content-type": "application/json" }, body }));

/** A synthetic cluster whose JSON is well over the off-thread threshold. */
const big = syntheticCluster({ brokers: 12, dirsPerBroker: 4, replicas: 24_000, seed: 4 });
const pad = "x".repeat(PARSE_OFF_THREAD_BYTES + 1000);

async function errorOf(res: Response) {
  return { status: res.status, ...((await res.json()) as { error: { code: string; message: string; limitDepth?: number } }).error };
}

describe("large bodies, parsed in the worker", () => {
  it("the fixture bodies are over the threshold", () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(PARSE_OFF_THREAD_BYTES);
  });

  it("POST /api/simulate runs an inline base over 1 MB as it runs a small one", async () => {
    const res = await post(
      simulate,
      "/api/simulate",
      JSON.stringify({
        base: { snapshot: big },
        steps: [{ kind: "createTopic", name: "t-new", partitions: 6, replicationFactor: 2, size: { kind: "fixed", bytes: 1e9 } }],
        snapshot: true,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { final: { report: { totals: { replicas: number } }; snapshot: { topics: { name: string }[] } } };
    expect(body.final.report.totals.replicas).toBe(24_000 + 12);
    expect(body.final.snapshot.topics.some((t) => t.name === "t-new")).toBe(true);
  });

  it("POST /api/simulate refuses broken and too deeply nested JSON over 1 MB with the small body's 400s", async () => {
    const small = await errorOf(await post(simulate, "/api/simulate", '{"base":"demo",'));
    const large = await errorOf(await post(simulate, "/api/simulate", `{"base":"demo","pad":"${pad}",`));
    expect(small).toMatchObject({ status: 400, code: "bad_request" });
    expect(large).toMatchObject({ status: 400, code: "bad_request" });
    expect(large.message).toMatch(/^The body is not valid JSON: /);
    const deep = await errorOf(await post(simulate, "/api/simulate", `{"pad":"${pad}","base":${"[".repeat(100_000)}${"]".repeat(100_000)}}`));
    expect(deep).toMatchObject({ status: 400, code: "bad_request", limitDepth: MAX_JSON_DEPTH });
    expect(deep.message).toContain(`the limit is ${MAX_JSON_DEPTH}`);
  });

  it("POST /api/simulate loads the current cluster for a large body that names it, and names its bad key", async () => {
    const res = await errorOf(await post(simulate, "/api/simulate", JSON.stringify({ base: "current", steps: [], padding: pad })));
    expect(res).toMatchObject({ status: 400, code: "bad_request" });
    expect(res.message).toContain("padding");
  });

  it("POST /api/simulate finds a base named with escapes in a large body (and answers for the link it names)", async () => {
    const res = await errorOf(await post(simulate, "/api/simulate", `{"base":{"sh\\u0061red":"AAAAAAAAAAAAAAAAAAAAAA"},"steps":[],"x":"${pad}"}`));
    expect(res.status).not.toBe(500);
    const unpadded = await errorOf(await post(simulate, "/api/simulate", `{"base":{"sh\\u0061red":"AAAAAAAAAAAAAAAAAAAAAA"},"steps":[]}`));
    expect(unpadded.status).toBe(404);
    // The padding is an unknown key, named once the link is found… or first: either way not a 500.
    expect([400, 404]).toContain(res.status);
  });

  it("POST /api/plan plans an inline snapshot over 1 MB, and loads the current cluster for a large body without one", async () => {
    const res = await post(plan, "/api/plan", JSON.stringify({ snapshot: big, options: { goals: ["dir-utilization"] } }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { plan: unknown }).plan).toBeTruthy();
    const bad = await errorOf(await post(plan, "/api/plan", JSON.stringify({ options: { goals: ["dir-utilization"] }, padding: pad })));
    expect(bad).toMatchObject({ status: 400, code: "bad_request" });
    expect(bad.message).toContain("padding");
  });

  it("POST /api/import reads its JSON form over 1 MB", async () => {
    const res = await errorOf(await post(importRoute, "/api/import", JSON.stringify({ logDirs: "not log dirs", padding: pad })));
    expect(res).toMatchObject({ status: 400 });
    expect(res.message).toContain("padding");
  });

  it("POST /api/snapshots stores a link over 1 MB; its record, export and page data come back from the worker", async () => {
    const created = await post(share, "/api/snapshots", JSON.stringify({ kind: "snapshot", snapshot: big }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const got = await record(new Request(`http://localhost/api/snapshots/${id}`), params(id));
    expect(got.status).toBe(200);
    const rec = (await got.json()) as { id: string; kind: string; snapshot: { topics: unknown[]; brokers: unknown[] } };
    expect(rec).toMatchObject({ id, kind: "snapshot" });
    expect(rec.snapshot.topics.length).toBe(big.topics.length);
    const csv = await exportRoute(new Request(`http://localhost/api/snapshots/${id}/export?format=brokers-csv`), params(id));
    expect(csv.status).toBe(200);
    expect((await csv.text()).split("\r\n").filter(Boolean).length).toBe(big.brokers.length + 1);
    const json = await exportRoute(new Request(`http://localhost/api/snapshots/${id}/export?format=json`), params(id));
    expect(((await json.json()) as { topics: unknown[] }).topics.length).toBe(big.topics.length);
    const page = await sharedOverview(id);
    expect(page.ok).toBe(true);
    if (page.ok) {
      expect(page.value.meta).toMatchObject({ id, kind: "snapshot" });
      expect(page.value.model).toBeTruthy();
    }
    const unknown = await record(new Request("http://localhost/api/snapshots/AAAAAAAAAAAAAAAAAAAAAA"), params("AAAAAAAAAAAAAAAAAAAAAA"));
    expect(unknown.status).toBe(404);
  });
});
