import { describe, expect, it } from "vitest";
import { ClusterSnapshotSchema } from "@/lib/model/snapshot";
import { runScenario } from "@/lib/simulate/engine";
import { addTwoDisks, firstConsumerGroup, ordersTopic, paddingTopic, STORY_CAPTURED_AT, STORY_DISK_BYTES, storyBase } from "@/lib/simulate/presets/story";
import { ScenarioSchema, type StepInput } from "@/lib/simulate/schema";

const GiB = 1024 ** 3;
const run = (steps: StepInput[]) => runScenario(ScenarioSchema.parse({ base: storyBase("story"), seed: 42, steps }));
const counts = (result: ReturnType<typeof run>, broker: number) => result.final.report.dirs.filter((d) => d.broker === broker).map((d) => d.partitions);

describe("storyBase()", () => {
  it("storyBase() is a complete, valid snapshot: three empty brokers with one 512 GiB disk, at a fixed time", () => {
    const base = storyBase("label", "demo");
    expect(ClusterSnapshotSchema.parse(base)).toEqual(base);
    expect(base.source).toMatchObject({ kind: "demo", label: "label" });
    expect(base.capturedAt).toBe(STORY_CAPTURED_AT);
    expect(base.brokers.map((b) => [b.id, b.logDirs.map((d) => [d.path, d.totalBytes, d.usableBytes])])).toEqual([1, 2, 3].map((id) => [id, [["/data/d1", 512 * GiB, 512 * GiB]]]));
    expect(STORY_DISK_BYTES).toBe(512 * GiB);
    expect(base.topics).toEqual([]);
  });

  it("storyBase() hands out a fresh snapshot each time", () => {
    const a = storyBase("a");
    a.brokers.pop();
    expect(storyBase("a").brokers).toHaveLength(3);
  });
});

describe("the story's steps", () => {
  it("firstConsumerGroup and addTwoDisks leave 50 partitions per broker on the old disk and two empty new ones", () => {
    const result = run([firstConsumerGroup, ...addTwoDisks]);
    for (const broker of [1, 2, 3]) expect(counts(result, broker)).toEqual([50, 0, 0]);
  });

  it("paddingTopic brings each new disk up to the old disk's 50 partitions", () => {
    const result = run([firstConsumerGroup, ...addTwoDisks, paddingTopic]);
    for (const broker of [1, 2, 3]) expect(counts(result, broker)).toEqual([50, 50, 50]);
    expect(result.steps.every((s) => s.ok)).toBe(true);
  });

  it("ordersTopic puts 20 replicas of about 40 GiB on every broker", () => {
    const result = run([ordersTopic]);
    for (const b of result.final.report.brokers) {
      expect(b.replicas).toBe(20);
      expect(b.bytes / GiB).toBeGreaterThan(20 * 36);
      expect(b.bytes / GiB).toBeLessThan(20 * 44);
    }
  });
});
