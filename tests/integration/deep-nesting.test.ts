/**
 * Deeply nested JSON is refused with a 400 naming the depth limit on every JSON route, before the
 * hand-off to the worker pool (a structured clone, recursive) or a schema walks it: 10,000 and
 * 100,000 levels of objects and of arrays once gave 500s (RangeError: Maximum call stack size exceeded).
 */
import { afterAll, describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/import/route";
import { POST as plan } from "@/app/api/plan/route";
import { POST as simulate } from "@/app/api/simulate/route";
import { POST as share } from "@/app/api/snapshots/route";
import { MAX_JSON_DEPTH } from "@/lib/model/json-depth";
import { demoSnapshot } from "@/lib/simulate/presets";
import { closeWorkerPool } from "@/lib/workers/pool";

afterAll(() => closeWorkerPool());

const routes = { "/api/simulate": simulate, "/api/plan": plan, "/api/import": importRoute, "/api/snapshots": share } as const;

const nested = {
  objects: (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n),
  arrays: (n: number) => "[".repeat(n) + "]".repeat(n),
  // Deep inside a field each route reads, so only the nesting is wrong.
  "objects in a field": (n: number) => `{"base":"demo","snapshot":${'{"a":'.repeat(n)}1${"}".repeat(n)}}`,
};

function post(url: keyof typeof routes, body: string): Promise<Response> {
  return routes[url](new Request(`http://localhost${url}`, { method: "POST", headers: { "content-type": "application/json" }, body }));
}

describe("deeply nested JSON bodies", () => {
  for (const url of Object.keys(routes) as (keyof typeof routes)[]) {
    for (const [shape, make] of Object.entries(nested)) {
      it.each([10_000, 100_000])(`POST ${url} answers 400 naming the limit for ${shape} %i levels deep`, async (depth) => {
        const res = await post(url, make(depth));
        expect(res.status).toBe(400);
        const body = (await res.json()) as { error: { code: string; message: string; limitDepth: number } };
        expect(body.error.code).toBe("bad_request");
        expect(body.error.message).toContain(`the limit is ${MAX_JSON_DEPTH}`);
        expect(body.error.message).toMatch(/nests \d+ levels deep/);
        expect(body.error.limitDepth).toBe(MAX_JSON_DEPTH);
      });
    }
  }

  it("still reads a legal body with brackets inside its strings", async () => {
    const snapshot = structuredClone(demoSnapshot());
    snapshot.source.label = "[[[[[[[[[[".repeat(20) + '\\"{{{{';
    const res = await post("/api/plan", JSON.stringify({ snapshot }));
    expect(res.status).toBe(200);
  });
});
