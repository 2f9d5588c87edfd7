/**
 * Presets: scenarios that tell the story of the product, one click away in the simulator.
 * The demo cluster of `npm start` is the end state of `consumer-offsets-skew`.
 */
import type { ClusterSnapshot } from "../../model/snapshot";
import { runScenario } from "../engine";
import { ScenarioSchema, type Scenario } from "../schema";
import { addTwoDisks, firstConsumerGroup, ordersTopic, paddingTopic, storyBase } from "./story";

export type PresetId = "consumer-offsets-skew" | "padding-workaround" | "size-aware";

export interface Preset {
  id: PresetId;
  title: string;
  /** Two sentences: what happens, and why. */
  explanation: string;
  scenario: Scenario;
}

function preset(id: PresetId, title: string, explanation: string, scenario: unknown): Preset {
  return { id, title, explanation, scenario: ScenarioSchema.parse(scenario) };
}

export const PRESETS: readonly Preset[] = [
  preset(
    "consumer-offsets-skew",
    "__consumer_offsets skew",
    "Three brokers have one disk when the first consumer group creates __consumer_offsets (50 tiny partitions), then each gets two more disks and a 30-partition topic of ~40 GiB partitions arrives. Kafka puts each new partition in the dir with the fewest partitions, so every large partition lands on the new disks: counts end even, bytes do not.",
    {
      base: storyBase("Story: __consumer_offsets skew"),
      policy: { brokerPlacement: "kraft-striped", logDirPlacement: "kafka-count" },
      seed: 42,
      steps: [firstConsumerGroup, ...addTwoDisks, ordersTopic],
    },
  ),
  preset(
    "padding-workaround",
    "Padding workaround",
    "The same cluster, but before the real topic arrives the operator creates a throw-away topic whose empty partitions bring each new disk up to the old disk's 50 partitions. Kafka's count rule then spreads the large partitions over all three disks, at the cost of 100 useless partitions.",
    {
      base: storyBase("Story: padding workaround"),
      policy: { brokerPlacement: "kraft-striped", logDirPlacement: "kafka-count" },
      seed: 42,
      steps: [firstConsumerGroup, ...addTwoDisks, paddingTopic, ordersTopic],
    },
  ),
  preset(
    "size-aware",
    "Size-aware rule",
    "The same story under a least-bytes rule, which puts each new partition in the dir holding the fewest bytes. This is not what Kafka does (size-aware placement, KIP-178, was never merged); it shows what the skew costs.",
    {
      base: storyBase("Story: size-aware rule"),
      policy: { brokerPlacement: "kraft-striped", logDirPlacement: "least-bytes" },
      seed: 42,
      steps: [firstConsumerGroup, ...addTwoDisks, ordersTopic],
    },
  ),
];

export function getPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** The built-in demo cluster: the end state of `consumer-offsets-skew`, labelled as the demo. */
export function demoSnapshot(): ClusterSnapshot {
  const story = getPreset("consumer-offsets-skew")!;
  const end = runScenario(story.scenario).final.snapshot;
  return {
    ...end,
    source: { ...end.source, kind: "demo", label: "Demo cluster (the __consumer_offsets story)" },
  };
}
