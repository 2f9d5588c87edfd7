// Port of org.apache.kafka.metadata.placement.StripedReplicaPlacer.RackList (Apache Kafka 3.0–4.x), described in docs/algorithms/striped-replica-placer.md
// and docs/algorithms/java-random-and-hashing.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
//
// Invariants:
// - Construction draws, in order: for each rack in java.util.HashMap<Optional<String>, Rack> iteration order, the
//   fenced then the unfenced list's offset (only for non-empty lists); then the rack offset (always, even for one
//   rack). Rack names are then sorted with "no rack" first and String#compareTo after.
// - place(rf) checks rf > 0, then rf <= all brokers, then at least one unfenced broker, in that order.
// - The leader is always unfenced, taken from the first rack at or after `offset` that still has one this epoch;
//   followers walk the racks from `offset` (not from the leader's rack), skip the leader's rack once, and take
//   unfenced brokers before fenced ones.
// - After as many placements as there are unfenced brokers (when more than one), the rack names and every rack's
//   lists are shuffled (racks in HashMap order, fenced before unfenced) and the epoch restarts at 0.

import { Rack } from "./broker-list";
import { PlacementError } from "./errors";
import { javaHashMapKeyOrder } from "./java-hash";
import { collectionsShuffle, type RandomSource } from "./java-random";

/** One broker as `BrokerHeartbeatManager.usableBrokers` reports it (brokers in controlled shutdown are left out). */
export interface UsableBroker {
  id: number;
  /** null = no rack (Optional.empty). */
  rack: string | null;
  fenced: boolean;
}

/** Kafka's OptionalStringComparator: empty first, then String#compareTo (UTF-16 code units, like JS `<`). */
export function compareOptionalStrings(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

export function throwIfNonPositiveReplicationFactor(replicationFactor: number): void {
  if (!(replicationFactor > 0)) {
    throw new PlacementError(
      "invalid_replication_factor",
      `Invalid replication factor ${replicationFactor}: the replication factor must be positive.`,
      { replicationFactor },
      "InvalidReplicationFactorException",
    );
  }
}

export function throwIfAllFenced(numUnfencedBrokers: number): void {
  if (numUnfencedBrokers === 0) {
    throw new PlacementError(
      "all_brokers_fenced",
      "All brokers are currently fenced.",
      { unfencedBrokers: 0 },
      "InvalidReplicationFactorException",
    );
  }
}

export function throwIfTooFewBrokers(replicationFactor: number, numTotalBrokers: number): void {
  if (replicationFactor > numTotalBrokers) {
    throw new PlacementError(
      "invalid_replication_factor",
      `The target replication factor of ${replicationFactor} cannot be reached because only ${numTotalBrokers} broker(s) are registered.`,
      { replicationFactor, registeredBrokers: numTotalBrokers },
      "InvalidReplicationFactorException",
    );
  }
}

export class RackList {
  private readonly random: RandomSource;
  private readonly racks = new Map<string | null, Rack>();
  /** Racks in java.util.HashMap iteration order: the order of initialize and shuffle. */
  private readonly racksInHashOrder: Rack[];
  private readonly names: (string | null)[] = [];
  /** racksByPosition[i] is racks.get(names[i]), kept in step with `names` to avoid lookups while placing. */
  private racksByPosition: Rack[];
  readonly numTotalBrokers: number;
  readonly numUnfencedBrokers: number;
  private epoch = 0;
  private offset: number;

  constructor(random: RandomSource, brokers: Iterable<UsableBroker>) {
    this.random = random;
    let total = 0;
    let unfenced = 0;
    for (const broker of brokers) {
      let rack = this.racks.get(broker.rack);
      if (rack === undefined) {
        this.names.push(broker.rack);
        rack = new Rack();
        this.racks.set(broker.rack, rack);
      }
      if (broker.fenced) {
        rack.fenced.add(broker.id);
      } else {
        unfenced++;
        rack.unfenced.add(broker.id);
      }
      total++;
    }
    this.racksInHashOrder = javaHashMapKeyOrder(this.names).map((name) => this.racks.get(name) as Rack);
    for (const rack of this.racksInHashOrder) rack.initialize(random);
    this.names.sort(compareOptionalStrings);
    this.racksByPosition = this.names.map((name) => this.racks.get(name) as Rack);
    this.numTotalBrokers = total;
    this.numUnfencedBrokers = unfenced;
    this.offset = this.names.length === 0 ? 0 : random.nextInt(this.names.length);
  }

  /** Rack names in placement order (sorted at construction, reshuffled every numUnfencedBrokers placements). */
  rackNames(): (string | null)[] {
    return [...this.names];
  }

  /** Replicas for one partition, leader first. */
  place(replicationFactor: number): number[] {
    throwIfNonPositiveReplicationFactor(replicationFactor);
    throwIfTooFewBrokers(replicationFactor, this.numTotalBrokers);
    throwIfAllFenced(this.numUnfencedBrokers);
    // Once every unfenced broker has led a partition, shuffle so the next round does not repeat the same
    // sequence; never for a single unfenced broker, whose epoch must keep moving for it to lead again.
    if (this.epoch === this.numUnfencedBrokers && this.numUnfencedBrokers > 1) {
      this.shuffle();
      this.epoch = 0;
    }
    const numRacks = this.names.length;
    if (this.offset === numRacks) this.offset = 0;
    const racks = this.racksByPosition;
    const epoch = this.epoch;
    const out: number[] = [];
    let firstRackIndex = this.offset;
    for (;;) {
      const result = (racks[firstRackIndex] as Rack).nextUnfenced(epoch);
      if (result >= 0) {
        out.push(result);
        break;
      }
      firstRackIndex++;
      if (firstRackIndex === numRacks) firstRackIndex = 0;
    }
    let rackIndex = this.offset;
    for (let replica = 1; replica < replicationFactor; replica++) {
      let result = -1;
      do {
        if (rackIndex === firstRackIndex) {
          firstRackIndex = -1; // the leader's rack is skipped once, on the first pass only
        } else {
          result = (racks[rackIndex] as Rack).next(epoch);
        }
        rackIndex++;
        if (rackIndex === numRacks) rackIndex = 0;
      } while (result < 0);
      out.push(result);
    }
    this.epoch++;
    this.offset++; // may reach numRacks; wrapped at the next place()
    return out;
  }

  private shuffle(): void {
    collectionsShuffle(this.names, this.random);
    for (const rack of this.racksInHashOrder) rack.shuffle(this.random);
    this.racksByPosition = this.names.map((name) => this.racks.get(name) as Rack);
  }
}
