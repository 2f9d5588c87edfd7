// Port of org.apache.kafka.tools.reassign.ReassignPartitionsCommand#generateAssignment /
// calculateAssignment / getBrokerMetadata (Kafka 2.6–4.0 with AdminUtils; 4.1+ with the KRaft StripedReplicaPlacer,
// KAFKA-18798), described in docs/algorithms/reassignment-json.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
/**
 * `kafka-reassign-partitions --generate`:
 * - brokers are the cluster's nodes filtered to `--broker-list`, in node order; racks are used unless
 *   rack awareness is disabled, and a mix of racked and unracked brokers is refused;
 * - each topic is assigned afresh with its partition count and the replica count of its first
 *   partition: by AdminUtils with a random start up to Kafka 4.0, by one StripedReplicaPlacer (one
 *   Random for the whole run, every listed broker unfenced) from 4.1. Which one is the tool's
 *   version's (lib/model/kafka-versions.ts): the snapshot's, unless `kafkaVersion` names another.
 */
import { assignReplicasToBrokers, PlacementError, stripedPlacement, type RandomSource } from "../placement";
import type { ClusterSnapshot } from "../model/snapshot";
import { kafkaBehaviour, pickKafkaLine } from "../model/kafka-versions";

export class GenerateError extends Error {
  constructor(
    readonly code: "inconsistent_racks" | "unknown_topic" | "invalid_replication_factor",
    message: string,
  ) {
    super(message);
    this.name = "GenerateError";
  }
}

export function generateAssignment(
  snapshot: ClusterSnapshot,
  topics: string[],
  brokerList: number[],
  options: { rackAware?: boolean; random: RandomSource; kafkaVersion?: string | null },
): Map<string, number[][]> {
  const tool = kafkaBehaviour(pickKafkaLine(options.kafkaVersion !== undefined ? options.kafkaVersion : snapshot.source.kafkaVersion).line);
  const placer = tool.generatePlacer;
  const wanted = new Set(brokerList);
  const brokers = snapshot.brokers.filter((b) => wanted.has(b.id));
  const rackAware = options.rackAware ?? true;
  if (rackAware && brokers.some((b) => b.rack !== null) && brokers.some((b) => b.rack === null)) {
    throw new GenerateError(
      "inconsistent_racks",
      "Not all brokers have rack information. Add --disable-rack-aware in command line to make replica assignment without rack information.",
    );
  }
  const metadata = brokers.map((b) => ({ id: b.id, rack: rackAware ? b.rack : null }));
  const out = new Map<string, number[][]>();
  const byName = new Map(snapshot.topics.map((t) => [t.name, t]));
  const unfenced = metadata.map((b) => ({ ...b, fenced: false }));
  for (const name of topics) {
    const topic = byName.get(name);
    if (!topic) throw new GenerateError("unknown_topic", `Topic ${name} not found.`);
    const rf = topic.partitions[0]?.replicas.length ?? 0;
    try {
      if (placer === "striped") {
        // The tool's own StripedReplicaPlacer: it words its refusals as its release does (cordons from 4.3).
        const wording = { cordonedLogDirs: tool.cordonedLogDirs };
        out.set(name, stripedPlacement(unfenced, topic.partitions.length, rf, options.random, wording));
      } else {
        const assignment = assignReplicasToBrokers(metadata, topic.partitions.length, rf, { random: options.random });
        out.set(
          name,
          Array.from({ length: topic.partitions.length }, (_, i) => assignment.get(i)!),
        );
      }
    } catch (error) {
      if (error instanceof PlacementError) throw new GenerateError("invalid_replication_factor", error.message);
      throw error;
    }
  }
  return out;
}
