import { describe, expect, it } from "vitest";
import { ClusterSnapshotSchema } from "@/lib/model/snapshot";
import { drainCordons } from "@/lib/plan/cordons";
import { PlanOptionsSchema } from "@/lib/plan";
import { applyRequestWork, parseApplyRequest } from "@/lib/simulate/apply-request";
import { demoSnapshot } from "@/lib/simulate/presets";

describe("apply request", () => {
  const snapshot = demoSnapshot();
  const topic = snapshot.topics.find((t) => !t.internal)!;
  const p0 = topic.partitions[0]!;
  const moved = p0.replicas[0]!;
  const broker = snapshot.brokers.find((b) => b.id === moved.broker)!;
  const target = broker.logDirs.find((d) => d.path !== moved.logDir)!.path;
  const reassignment = JSON.stringify({
    version: 1,
    partitions: [{ topic: topic.name, partition: p0.id, replicas: p0.replicas.map((r) => r.broker), log_dirs: p0.replicas.map((_, i) => (i === 0 ? target : "any")) }],
  });

  it("parseApplyRequest() asks for the reassignment, and names a bad option's field", () => {
    const missing = parseApplyRequest({});
    expect(missing.ok ? null : missing.error).toMatchObject({ code: "bad_request", issues: [{ path: "reassignment", message: "send the reassignment JSON that was reviewed" }] });
    const bad = parseApplyRequest({ reassignment, options: { throttle: { replicationBytesPerSecond: -1 } } });
    expect(bad.ok ? null : bad.error.issues[0]!.path).toBe("options.throttle.replicationBytesPerSecond");
    const good = parseApplyRequest({ reassignment });
    expect(good.ok && good.value).toEqual({ reassignment, options: PlanOptionsSchema.parse({}) });
  });

  it("applyRequestWork() reviews the reassignment on the scan and takes the execution and rates from the options", () => {
    const options = PlanOptionsSchema.parse({
      execution: { partitionMovesPerBroker: 2 },
      throttle: { replicationBytesPerSecond: 7_000_000, alterLogDirsBytesPerSecond: 3_000_000 },
    });
    const work = applyRequestWork(snapshot, { reassignment, options });
    if (!work.ok) throw new Error(work.error.message);
    expect(work.value.entries).toHaveLength(1);
    expect(work.value.entries[0]).toMatchObject({ topic: topic.name, partition: p0.id });
    expect(work.value.execution).toEqual(options.execution);
    expect(work.value.rates).toEqual({ replicationBytesPerSecond: 7_000_000, alterLogDirsBytesPerSecond: 3_000_000 });
    expect(work.value.cordons).toEqual([]);
  });

  it("applyRequestWork() takes a drain's cordons from the scan, as the plan's commands do", () => {
    // A broker on 4.3 has cordoned.log.dirs (KIP-1066); the drain of one of its dirs cordons it.
    const on43 = ClusterSnapshotSchema.parse({ ...snapshot, source: { ...snapshot.source, kafkaVersion: "4.3.0" } });
    const operation = { kind: "drain-dirs" as const, dirs: [{ broker: broker.id, path: moved.logDir! }], cordon: true };
    const options = PlanOptionsSchema.parse({ operation });
    const work = applyRequestWork(on43, { reassignment, options });
    if (!work.ok) throw new Error(work.error.message);
    expect(work.value.cordons).toEqual([{ broker: broker.id, dirs: [moved.logDir] }]);
    expect(work.value.cordons).toEqual(drainCordons(on43, options.operation));
  });

  it("applyRequestWork() answers bad_request under `reassignment` when Kafka would refuse it on the scan", () => {
    const gone = JSON.stringify({ version: 1, partitions: [{ topic: "no-such-topic", partition: 0, replicas: [broker.id] }] });
    const refused = applyRequestWork(snapshot, { reassignment: gone, options: PlanOptionsSchema.parse({}) });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe("bad_request");
    expect(refused.error.issues.map((i) => i.path)).toEqual(["reassignment"]);
    const broken = applyRequestWork(snapshot, { reassignment: "{", options: PlanOptionsSchema.parse({}) });
    expect(broken.ok ? null : broken.error.issues[0]!.path).toBe("reassignment");
  });
});
