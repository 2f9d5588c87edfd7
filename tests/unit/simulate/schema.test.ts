import { describe, expect, it } from "vitest";
import { ScenarioSchema } from "@/lib/simulate/schema";
import { storyBase } from "@/lib/simulate/presets/story";
import { zodIssues } from "@/lib/model/parse";

describe("ScenarioSchema", () => {
  it("ScenarioSchema fills Kafka's defaults for firstConsumerGroup (50 partitions, RF 3)", () => {
    const s = ScenarioSchema.parse({ base: storyBase("x"), steps: [{ kind: "firstConsumerGroup" }] });
    expect(s.steps[0]).toMatchObject({ partitions: 50, replicationFactor: 3 });
    expect(s.policy).toEqual({ brokerPlacement: "kraft-striped", logDirPlacement: "kafka-count", kafkaVersion: "auto" });
  });

  it("ScenarioSchema upgrades a link's old tieOrder to the Kafka version it stood for", () => {
    const parse = (policy: object) => ScenarioSchema.parse({ base: storyBase("x"), policy, steps: [] }).policy;
    expect(parse({ tieOrder: "scala-hash" })).toEqual({ brokerPlacement: "kraft-striped", logDirPlacement: "kafka-count", kafkaVersion: "4.2" });
    expect(parse({ tieOrder: "config", logDirPlacement: "least-bytes" })).toEqual({ brokerPlacement: "kraft-striped", logDirPlacement: "least-bytes", kafkaVersion: "4.4" });
    expect(parse({ tieOrder: "config", kafkaVersion: "4.3" }).kafkaVersion).toBe("4.3");
    expect(ScenarioSchema.safeParse({ base: storyBase("x"), policy: { kafkaVersion: "4.9" }, steps: [] }).success).toBe(false);
  });

  it("ScenarioSchema names the path of a bad field", () => {
    const r = ScenarioSchema.safeParse({
      base: storyBase("x"),
      steps: [{ kind: "createTopic", name: "ok", partitions: 0, replicationFactor: 1 }],
    });
    expect(r.success).toBe(false);
    expect(zodIssues(r.error!)).toContainEqual({ path: "steps.0.partitions", message: "partitions must be at least 1" });
  });

  it("ScenarioSchema rejects topic names Kafka rejects", () => {
    const r = ScenarioSchema.safeParse({ base: storyBase("x"), steps: [{ kind: "createTopic", name: "a b", partitions: 1, replicationFactor: 1 }] });
    expect(r.success).toBe(false);
    expect(zodIssues(r.error!)[0]!.path).toBe("steps.0.name");
  });
});
