/**
 * The heavy routes run in worker threads: the server's own thread stays free while a large simulation
 * runs, and work past the time limit is stopped and answered 503 with what to do.
 */
import { afterAll, describe, expect, it } from "vitest";
import { GET as cluster } from "@/app/api/cluster/route";
import { POST as simulate } from "@/app/api/simulate/route";
import { closeWorkerPool, WORKER_RESOURCE_LIMITS, WorkBusyError, WorkTimeoutError } from "@/lib/workers/pool";
import { runTask } from "@/lib/server/run-task";
import { resetClusterSource } from "@/lib/cluster/source";

const post = (body: unknown) =>
  simulate(new Request("http://localhost/api/simulate", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));

/** A simulation that takes seconds: 100,000 replicas on 100 brokers × 8 dirs, four steps, three policies compared. */
const heavy = {
  base: { synthetic: { brokers: 100, dirsPerBroker: 8, replicas: 100_000, seed: 3 } },
  steps: [
    { kind: "addLogDir", broker: "all", path: "/data/new" },
    { kind: "createTopic", name: "big", partitions: 3000, replicationFactor: 3 },
    { kind: "addPartitions", topic: "big", totalPartitions: 6000 },
    { kind: "createTopic", name: "big2", partitions: 3000, replicationFactor: 3 },
  ],
};

afterAll(async () => {
  delete process.env.KAFKA_BALANCE_WORK_TIMEOUT_MS;
  await closeWorkerPool();
});

describe("worker pool", () => {
  it("GET /api/cluster answers while a large simulation is still running in a worker", async () => {
    delete process.env.KAFKA_BOOTSTRAP_SERVERS;
    resetClusterSource();
    const order: string[] = [];
    const running = post(heavy).then((r) => {
      order.push("simulate");
      return r;
    });
    // Give the request time to reach the worker, then ask the dashboard's question.
    await new Promise((r) => setTimeout(r, 200));
    const answer = await cluster(new Request("http://localhost/api/cluster"));
    order.push("cluster");
    expect(answer.status).toBe(200);
    const done = await running;
    expect(done.status).toBe(200);
    expect(order).toEqual(["cluster", "simulate"]);
  });

  it("runs its tasks in workers with the pool's V8 limits (a young generation sized for large plans)", async () => {
    const { resourceLimits } = await runTask("workerInfo", undefined);
    expect(resourceLimits.maxYoungGenerationSizeMb).toBe(WORKER_RESOURCE_LIMITS.maxYoungGenerationSizeMb);
  });

  it("POST /api/simulate stops work past the time limit and answers 503 saying how to get it through", async () => {
    process.env.KAFKA_BALANCE_WORK_TIMEOUT_MS = "100";
    const res = await post(heavy);
    expect(res.status).toBe(503);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("work_timed_out");
    expect(error.message).toMatch(/KAFKA_BALANCE_WORK_TIMEOUT_MS/);
    delete process.env.KAFKA_BALANCE_WORK_TIMEOUT_MS;
    // The pool is usable again at once: the stopped worker was replaced.
    const small = await post({ base: "demo", steps: [] });
    expect(small.status).toBe(200);
  });

  it("runTask() rejects with WorkTimeoutError when the limit passes", async () => {
    await expect(
      runTask("simulate", { body: heavy, current: null, shared: null, limits: { maxReplicas: 1e9, maxLogDirs: 1e9, maxReplicaSteps: 1e12 } }, { timeoutMs: 50 }),
    ).rejects.toBeInstanceOf(WorkTimeoutError);
  });

  describe("on one thread", () => {
    const limits = { maxReplicas: 1e9, maxLogDirs: 1e9, maxReplicaSteps: 1e12 };
    const small = { body: { base: "demo", steps: [] }, current: null, shared: null, limits };
    afterAll(async () => {
      delete process.env.KAFKA_BALANCE_WORK_THREADS;
      await closeWorkerPool();
    });

    it("counts the time limit from the task's start, not from when it was queued", async () => {
      await closeWorkerPool();
      process.env.KAFKA_BALANCE_WORK_THREADS = "1";
      const started = performance.now();
      const first = runTask("simulate", { ...small, body: heavy }, { timeoutMs: 60_000 });
      // Queued behind the heavy run for longer than its own limit, which its own run stays well inside.
      const second = await runTask("simulate", small, { timeoutMs: 400, queueWaitMs: 60_000 });
      expect(performance.now() - started).toBeGreaterThan(400);
      expect(second.ok).toBe(true);
      expect((await first).ok).toBe(true);
    });

    it("answers a task that waited too long for a free worker as busy, saying how long it waited", async () => {
      const first = runTask("simulate", { ...small, body: heavy }, { timeoutMs: 60_000 });
      const waited = runTask("simulate", small, { timeoutMs: 60_000, queueWaitMs: 300 });
      await expect(waited).rejects.toBeInstanceOf(WorkBusyError);
      await expect(waited).rejects.toThrow(/waited 0\.\d s for a free worker and was not started/);
      expect((await first).ok).toBe(true);
    });
  });
});
