/**
 * One line in plain words per scenario step, for the step list, the timeline and the results:
 * "Add /data/d2 (512.0 GiB) to every broker". Steps are read after schema defaults apply.
 */
import { formatBytes, formatCountOf } from "../model/format";
import type { SizeSpec, Step, StepKind } from "./schema";

/** What each step kind is called in menus, in the order an operator meets them. */
export const STEP_KINDS: readonly { kind: StepKind; label: string; help: string }[] = [
  { kind: "addLogDir", label: "Add a disk", help: "A new log dir on one broker or on every broker (appended to log.dirs)." },
  { kind: "addBroker", label: "Add a broker", help: "A new broker with its own log dirs; existing partitions stay where they are." },
  { kind: "createTopic", label: "Create a topic", help: "New partitions placed by Kafka's broker rule, then each broker's log-dir rule." },
  { kind: "addPartitions", label: "Add partitions", help: "kafka-topics --alter --partitions N: the new partitions are placed like a new topic's." },
  { kind: "growTopic", label: "Grow a topic", help: "Every partition of a topic gains bytes (or is multiplied), where it already is." },
  { kind: "firstConsumerGroup", label: "First consumer group", help: "The first FindCoordinator creates __consumer_offsets (50 tiny partitions by default)." },
  { kind: "failLogDir", label: "Fail a disk", help: "The dir goes offline: its replicas leave the ISR and it gets no new partitions." },
  { kind: "cordonLogDir", label: "Cordon a disk", help: "Kafka 4.3+ (KIP-1066): a cordoned dir keeps its data but gets no new partitions." },
  { kind: "reassign", label: "Reassign partitions", help: "A kafka-reassign-partitions JSON (with optional log_dirs), applied as completed." },
];

export function stepKindLabel(kind: StepKind): string {
  return STEP_KINDS.find((k) => k.kind === kind)?.label ?? kind;
}

export function describeSize(size: SizeSpec): string {
  switch (size.kind) {
    case "fixed":
      return size.bytes === 0 ? "empty" : `${formatBytes(size.bytes)} each`;
    case "uniform":
      return size.min === size.max ? `${formatBytes(size.min)} each` : `${formatBytes(size.min)}–${formatBytes(size.max)} each`;
    case "zipf":
      return `${formatBytes(size.totalBytes)} in total, Zipf-skewed (exponent ${size.exponent})`;
  }
}

export function describeStep(step: Step): string {
  switch (step.kind) {
    case "addBroker": {
      const cap = step.logDirs.every((d) => d.totalBytes === step.logDirs[0]!.totalBytes) && step.logDirs[0]!.totalBytes !== null ? ` of ${formatBytes(step.logDirs[0]!.totalBytes)}` : "";
      return `Add broker ${step.id}${step.rack ? ` (rack ${step.rack})` : ""} with ${formatCountOf(step.logDirs.length, "log dir")}${cap}`;
    }
    case "addLogDir":
      return `Add ${step.path}${step.totalBytes !== null ? ` (${formatBytes(step.totalBytes)})` : ""} to ${step.broker === "all" ? "every broker" : `broker ${step.broker}`}`;
    case "failLogDir":
      return `Fail ${step.path} on broker ${step.broker}`;
    case "cordonLogDir":
      return `${step.cordoned ? "Cordon" : "Uncordon"} ${step.path} on broker ${step.broker}`;
    case "createTopic":
      return `Create ${step.internal ? "internal " : ""}topic ${step.name}: ${formatCountOf(step.partitions, "partition")} × RF ${step.replicationFactor}, ${describeSize(step.size)}`;
    case "addPartitions":
      return `Add partitions to ${step.topic} up to ${formatCountOf(step.totalPartitions, "partition")}, ${describeSize(step.size)}`;
    case "growTopic": {
      const parts: string[] = [];
      if (step.bytesPerPartition > 0) parts.push(`+${formatBytes(step.bytesPerPartition)} per partition`);
      if (step.factor !== 1) parts.push(`×${step.factor}`);
      return `Grow ${step.topic}${parts.length ? ` (${parts.join(", then ")})` : " (no change)"}`;
    }
    case "firstConsumerGroup":
      return `First consumer group creates __consumer_offsets: ${formatCountOf(step.partitions, "partition")} × RF ${step.replicationFactor}, ${formatBytes(step.bytesPerPartition)} each`;
    case "reassign":
      return `Reassign ${formatCountOf(step.partitions.length, "partition")}`;
  }
}
