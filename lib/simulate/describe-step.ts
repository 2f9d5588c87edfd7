/**
 * One line in plain words per scenario step: "Add /data/d2 (512.0 GiB) to every broker". The
 * simulator's answer carries it for every step (SimulationStep.description), so it lives with the
 * simulator; the step list and the timeline show it. Steps are read after schema defaults apply.
 */
import { formatBytes, formatCountOf } from "../model/format";
import type { SizeSpec, Step } from "./schema";

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
