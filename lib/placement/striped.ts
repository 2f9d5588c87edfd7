// Port of org.apache.kafka.metadata.placement.StripedReplicaPlacer.place (Apache Kafka 3.0–4.x), described in docs/algorithms/striped-replica-placer.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
//
// Invariants:
// - One RackList per call, built from the placer's single RandomSource before any check, so a failing call still
//   consumes its draws (as in the controller, whose placer lives as long as the controller).
// - Checks in order: rf <= 0, then no unfenced broker, then rf > registered brokers (RackList.place re-checks in
//   its own order, which cannot fail once these checks have passed).
// - `startPartition` is ignored: new partitions of an existing topic are not aligned with its old ones.
// - Broker ids must be distinct (Kafka's come from a map keyed by id); a duplicate is rejected before any draw.
// - Which brokers are usable is the caller's to say (Kafka 4.3+ leaves out brokers with every log dir cordoned);
//   `cordonedLogDirs` only picks the wording of the refusals to match.

import { rejectDuplicateBrokerIds } from "./broker-ids";
import type { RandomSource } from "./java-random";
import { RackList, throwIfAllFenced, throwIfNonPositiveReplicationFactor, throwIfTooFewBrokers, type PlacerOptions, type UsableBroker } from "./rack-list";

/** Kafka's PlacementSpec: which partitions of a topic to place and with how many replicas. */
export interface PlacementSpec {
  /** Ignored by StripedReplicaPlacer (kept for parity with Kafka's API). */
  startPartition?: number;
  numPartitions: number;
  numReplicas: number;
}

/** The KRaft controller's placer: holds one RandomSource across calls, like `new StripedReplicaPlacer(new Random())`. */
export class StripedReplicaPlacer {
  private readonly random: RandomSource;
  private readonly options: PlacerOptions;

  /** `options.cordonedLogDirs`: refuse in the words of Kafka 4.3 and newer (see PlacerOptions). */
  constructor(random: RandomSource, options: PlacerOptions = {}) {
    this.random = random;
    this.options = options;
  }

  /** Replicas of each of `spec.numPartitions` partitions, leader first. Brokers in usableBrokers() order. */
  place(spec: PlacementSpec, usableBrokers: readonly UsableBroker[]): number[][] {
    rejectDuplicateBrokerIds(usableBrokers);
    const rackList = new RackList(this.random, usableBrokers, this.options);
    const cordons = this.options.cordonedLogDirs ?? false;
    throwIfNonPositiveReplicationFactor(spec.numReplicas);
    throwIfAllFenced(rackList.numUnfencedBrokers, cordons);
    throwIfTooFewBrokers(spec.numReplicas, rackList.numTotalBrokers, cordons);
    const placements: number[][] = [];
    for (let partition = 0; partition < spec.numPartitions; partition++) {
      placements.push(rackList.place(spec.numReplicas));
    }
    return placements;
  }
}

/** One StripedReplicaPlacer.place call: one RackList, placed `numPartitions` times, as the KRaft controller does. */
export function stripedPlacement(
  brokers: readonly UsableBroker[],
  numPartitions: number,
  replicationFactor: number,
  random: RandomSource,
  options: PlacerOptions = {},
): number[][] {
  return new StripedReplicaPlacer(random, options).place({ numPartitions, numReplicas: replicationFactor }, brokers);
}
