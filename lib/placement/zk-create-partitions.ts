// Port of kafka.zk.AdminZkClient.createNewPartitionsAssignment with getBrokerMetadatas (Apache Kafka 2.0–3.9, ZooKeeper mode), described in docs/algorithms/zookeeper-create-partitions.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
//
// Invariants:
// - Brokers are sorted by id first (getBrokerMetadatas) and the rack-aware mode applied (Enforced by default, as
//   ZkAdminManager.createPartitions calls it); then partition 0 must exist, then the count must grow.
// - New partitions continue the existing ids: startPartitionId = existing partition count, rf = size of partition
//   0's replica list, startIndex = max(0, index in the id-sorted list of the first broker id >= partition 0's
//   leader). No random draws: the start is fixed.
// - Quirk kept on purpose: in rack-aware mode startIndex is an index into the id-sorted list but AdminUtils uses it
//   as an index into the rack-alternated list.

import { assignReplicasToBrokers, type BrokerMetadata } from "./admin-utils";
import { PlacementError } from "./errors";

/** `RackAwareMode` of kafka.admin: how getBrokerMetadatas treats brokers whose racks are partly missing. */
export type RackAwareMode = "enforced" | "safe" | "disabled";

export interface CreatePartitionsOptions {
  /** Default "enforced", as ZK createPartitions uses. */
  rackAwareMode?: RackAwareMode;
  /** Topic name, only used in error messages. */
  topic?: string;
}

export interface CreatePartitionsPlan {
  startIndex: number;
  startPartitionId: number;
  replicationFactor: number;
  /** New partition id → replicas, leader first. */
  assignment: Map<number, number[]>;
}

/** `AdminZkClient.getBrokerMetadatas(rackAwareMode)`: brokers sorted by id, racks kept or dropped per mode. */
export function zkBrokerMetadatas(brokers: readonly BrokerMetadata[], rackAwareMode: RackAwareMode = "enforced"): BrokerMetadata[] {
  const withRack = brokers.filter((b) => b.rack !== undefined && b.rack !== null).length;
  if (rackAwareMode === "enforced" && withRack > 0 && withRack < brokers.length) {
    throw new PlacementError(
      "inconsistent_racks",
      "Not all brokers have rack information. Add --disable-rack-aware in command line to make replica assignment without rack information.",
      { brokersWithRack: withRack, brokers: brokers.length },
      "AdminOperationException",
    );
  }
  const dropRacks = rackAwareMode === "disabled" || (rackAwareMode === "safe" && withRack < brokers.length);
  const out = brokers.map((b) => ({ id: b.id, rack: dropRacks ? null : (b.rack ?? null) }));
  return out.sort((a, b) => a.id - b.id);
}

/**
 * The assignment ZooKeeper-mode Kafka computes when a topic grows to `newPartitionCount` partitions
 * (`AdminZkClient.createNewPartitionsAssignment` over `getBrokerMetadatas()`).
 */
export function createPartitionsAssignment(
  allBrokers: readonly BrokerMetadata[],
  existingAssignment: ReadonlyMap<number, readonly number[]> | Readonly<Record<number, readonly number[]>>,
  newPartitionCount: number,
  options: CreatePartitionsOptions = {},
): CreatePartitionsPlan {
  const topic = options.topic ?? "topic";
  const brokers = zkBrokerMetadatas(allBrokers, options.rackAwareMode ?? "enforced");
  const existing: ReadonlyMap<number, readonly number[]> =
    existingAssignment instanceof Map
      ? (existingAssignment as ReadonlyMap<number, readonly number[]>)
      : new Map(Object.entries(existingAssignment).map(([p, r]) => [Number(p), r as readonly number[]]));
  const partition0 = existing.get(0);
  if (partition0 === undefined) {
    throw new PlacementError(
      "missing_partition_zero",
      `Unexpected existing replica assignment for topic '${topic}', partition id 0 is missing.`,
      { topic, existingPartitions: [...existing.keys()] },
      "AdminOperationException",
    );
  }
  const partitionsToAdd = newPartitionCount - existing.size;
  if (partitionsToAdd <= 0) {
    throw new PlacementError(
      "invalid_partitions",
      `The number of partitions for a topic can only be increased. Topic ${topic} currently has ${existing.size} partitions, ${newPartitionCount} would not be an increase.`,
      { topic, currentPartitions: existing.size, requestedPartitions: newPartitionCount },
      "InvalidPartitionsException",
    );
  }
  const leader = partition0[0];
  if (leader === undefined) {
    // Scala's `.head` on an empty replica list throws NoSuchElementException here.
    throw new PlacementError(
      "invalid_replication_factor",
      `Partition 0 of topic ${topic} has no replicas, so the replication factor of new partitions is unknown.`,
      { topic },
      "NoSuchElementException",
    );
  }
  const firstAtOrAbove = brokers.findIndex((b) => b.id >= leader);
  const startIndex = Math.max(0, firstAtOrAbove);
  const startPartitionId = existing.size;
  const replicationFactor = partition0.length;
  const assignment = assignReplicasToBrokers(brokers, partitionsToAdd, replicationFactor, {
    fixedStartIndex: startIndex,
    startPartitionId,
  });
  return { startIndex, startPartitionId, replicationFactor, assignment };
}
