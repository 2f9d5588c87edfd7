/**
 * One line in plain words per scenario step: "Add /data/d2 (512.0 GiB) to every broker". The
 * simulator's answer carries it for every step (SimulationStep.description), so it lives with the
 * simulator; the step list and the timeline show it. Steps are read after schema defaults apply.
 */
import { formatBytes, formatCountOf } from "../model/format";
import { GOAL_NAMES } from "../plan/goals";
import type { Operation } from "../plan/options";
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

/** "rebalance", "add broker 4", "remove brokers 3, 5", "drain /data/d3 on broker 2 (cordoned first)". */
export function describeOperation(operation: Operation): string {
  switch (operation.kind) {
    case "rebalance":
      return "rebalance";
    case "add-brokers":
    case "remove-brokers":
      return `${operation.kind === "add-brokers" ? "add" : "remove"} ${operation.brokers.length === 1 ? "broker" : "brokers"} ${operation.brokers.join(", ")}`;
    case "drain-dirs": {
      const d = operation.dirs;
      const what = d.length === 1 ? `${d[0]!.path} on broker ${d[0]!.broker}` : formatCountOf(d.length, "log dir");
      return `drain ${what}${operation.cordon ? " (cordoned first)" : ""}`;
    }
  }
}

export function describeStep(step: Step): string {
  switch (step.kind) {
    case "addBroker": {
      const cap =
        step.logDirs.every((d) => d.totalBytes === step.logDirs[0]!.totalBytes) && step.logDirs[0]!.totalBytes !== null ? ` of ${formatBytes(step.logDirs[0]!.totalBytes)}` : "";
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
    case "plan": {
      const goals = step.options.goals.length === 0 ? "no goals" : `goals: ${step.options.goals.map((g) => GOAL_NAMES[g]).join(", ")}`;
      return `Plan: ${describeOperation(step.options.operation)} (${goals})`;
    }
  }
}
