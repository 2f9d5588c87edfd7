import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/plan/route";
import { demoSnapshot } from "@/lib/simulate/presets";

const post = (body: unknown) => POST(new Request("http://localhost/api/plan", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));

describe("POST /api/plan", () => {
  it("POST /api/plan plans the current source (the demo) when no snapshot is given", async () => {
    const res = await post({ options: { goals: ["dir-utilization"] } });
    expect(res.status).toBe(200);
    const { plan } = await res.json();
    expect(plan.movesTotal).toBeGreaterThan(0);
    expect(plan.maxDirDeviation).toBeLessThanOrEqual(0.05);
    expect(JSON.parse(plan.reassignmentJson).version).toBe(1);
    expect(plan.afterSnapshot).toBeUndefined();
    expect(plan.throttles.commands.apply.length).toBeGreaterThan(0);
  });

  it("POST /api/plan answers 400 naming the bad option", async () => {
    const res = await post({ snapshot: demoSnapshot(), options: { headroom: 2 } });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.message).toBe("options.headroom: headroom is a share of capacity, at most 1");
  });

  it("POST /api/plan answers 400 with Kafka's message for an invalid reassignment JSON", async () => {
    const res = await post({ reassignment: '{"version":1,"partitions":[]}' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({
      code: "empty_reassignment",
      message: "reassignment: Partition reassignment list cannot be empty",
      issues: [{ path: "reassignment", message: "Partition reassignment list cannot be empty" }],
    });
  });

  it("POST /api/plan answers 400 with the line and column where a reassignment stops being JSON", async () => {
    const res = await post({ reassignment: '{"version":1,\n "partitions":[}' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({
      code: "invalid_json",
      message: 'reassignment: line 2, column 16: expected a value, got "}". The input string is not a valid JSON',
      issues: [{ path: "reassignment", message: 'expected a value, got "}"', line: 2, column: 16 }],
    });
  });

  it("POST /api/plan reviews a reassignment JSON Kafka would refuse: only the refusals", async () => {
    const json = JSON.stringify({
      version: 1,
      partitions: [
        { topic: "orders", partition: 0, replicas: [1, 2], log_dirs: ["/data/d1", "any"] },
        { topic: "orders", partition: 1, replicas: [9, 2] },
      ],
    });
    const res = await post({ reassignment: json, options: { throttle: { replicationBytesPerSecond: 1048576, alterLogDirsBytesPerSecond: 1048576 } } });
    expect(res.status).toBe(200);
    const { review } = await res.json();
    expect(review.verdict).toBe("refused");
    expect(review.refusals.join(" ")).toContain("broker 9 is not in the cluster");
    expect(Object.keys(review).sort()).toEqual(["entries", "refusals", "verdict"]);
  });

  it("POST /api/plan reviews a reassignment JSON Kafka would run: throttles, duration and the tolerance after it", async () => {
    const { plan } = await (await post({ options: { goals: ["dir-utilization"] } })).json();
    const res = await post({ reassignment: plan.reassignmentJson, options: { goals: ["dir-utilization"], bootstrapServer: "k1:9092" } });
    expect(res.status).toBe(200);
    const { review } = await res.json();
    expect(review.verdict).toBe("accepted");
    expect(review.estimate.seconds).toBeGreaterThan(0);
    expect(review.outsideTolerance).toEqual([{ goal: "dir-utilization", outside: 0 }]);
    expect(review.throttles.commands.apply.every((c: string) => c.includes("--bootstrap-server k1:9092 "))).toBe(true);
  });

  it("POST /api/plan writes the placeholder into the commands when no bootstrap server is given", async () => {
    const { plan } = await (await post({ options: { goals: ["dir-utilization"] } })).json();
    expect(plan.throttles.commands.apply.length).toBeGreaterThan(0);
    expect(plan.throttles.commands.apply.every((c: string) => c.startsWith("kafka-configs.sh --bootstrap-server <bootstrap-servers> "))).toBe(true);
  });

  it("POST /api/plan answers 400 for a body that is not JSON", async () => {
    const res = await POST(new Request("http://localhost/api/plan", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/not valid JSON/);
  });
});
