import { describe, expect, it } from "vitest";
import { ScenarioSchema } from "@/lib/simulate/schema";
import { storyBase } from "@/lib/simulate/presets/story";
import { zodIssues } from "@/lib/model/parse";

describe("ScenarioSchema", () => {
  it("ScenarioSchema fills Kafka's defaults for firstConsumerGroup (50 partitions, RF 3)", () => {
    const s = ScenarioSchema.parse({ base: storyBase("x"), steps: [{ kind: "firstConsumerGroup" }] });
    expect(s.steps[0]).toMatchObject({ partitions: 50, replicationFactor: 3 });
    expect(s.policy).toEqual({ brokerPlacement: "kraft-striped", logDirPlacement: "kafka-count", tieOrder: "config" });
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
