/**
 * Which Kafka release line each simulated broker follows. A scenario names one line for every broker,
 * or `auto`: each broker as the base says it runs (its own version, else the cluster's), and where the
 * base does not pin a line, the newest one it could be — said in the answer, never silently.
 */
import { brokerKafkaVersion, pickKafkaLine, type KafkaLine } from "../model/kafka-versions";
import type { SimulatedKafkaVersion } from "./schema";

export function simulatedKafkaLine(
  policy: SimulatedKafkaVersion,
  broker: { kafkaVersion?: string | null },
  clusterVersion: string | null | undefined,
): { line: KafkaLine; assumed: boolean } {
  if (policy !== "auto") return { line: policy, assumed: false };
  return pickKafkaLine(brokerKafkaVersion(broker, clusterVersion));
}

export interface SimulatedLines {
  line: KafkaLine;
  brokers: number[];
  /** True when the base did not pin the version of these brokers and the newest candidate was taken. */
  assumed: boolean;
}

/** The lines a run simulates its base's brokers with, grouped, oldest first. */
export function simulatedKafkaLines(
  policy: SimulatedKafkaVersion,
  snapshot: { source: { kafkaVersion: string | null }; brokers: readonly { id: number; kafkaVersion?: string | null }[] },
): SimulatedLines[] {
  const groups = new Map<string, SimulatedLines>();
  for (const b of snapshot.brokers) {
    const { line, assumed } = simulatedKafkaLine(policy, b, snapshot.source.kafkaVersion);
    const key = `${line}/${assumed}`;
    const group = groups.get(key);
    if (group) group.brokers.push(b.id);
    else groups.set(key, { line, brokers: [b.id], assumed });
  }
  return [...groups.values()].sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : Number(a.assumed) - Number(b.assumed)));
}
