// Port of org.apache.kafka.metadata.placement.StripedReplicaPlacer.BrokerList and .Rack (Apache Kafka 3.0–4.x), described in docs/algorithms/striped-replica-placer.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
//
// Invariants:
// - A BrokerList is a cursor over broker ids: within one epoch each id is returned at most once, starting at
//   `offset`; a new epoch rewinds the cursor and moves the offset by one, so consecutive partitions start on
//   consecutive brokers.
// - initialize() sorts the ids and draws the offset (nothing for an empty list); shuffle() permutes the ids and
//   touches neither offset, index nor epoch. The number of draws is part of the behaviour.
// - A Rack prefers its unfenced brokers: next() only falls back to fenced ones when the unfenced are exhausted for
//   the epoch; initialize and shuffle go fenced first, then unfenced.

import { collectionsShuffle, type RandomSource } from "./java-random";

/** Sorts ids ascending in place; ids usually arrive sorted (the controller's map iterates small ids in order). */
export function sortAscending(ids: number[]): void {
  let sorted = true;
  for (let i = 1; i < ids.length && sorted; i++) sorted = (ids[i - 1] as number) <= (ids[i] as number);
  if (sorted) return;
  const typed = Float64Array.from(ids).sort(); // a numeric sort without a comparator callback
  for (let i = 0; i < typed.length; i++) ids[i] = typed[i] as number;
}

export class BrokerList {
  private readonly brokers: number[] = [];
  private index = 0;
  private offset = 0;
  private epoch = 0;

  add(broker: number): this {
    this.brokers.push(broker);
    return this;
  }

  size(): number {
    return this.brokers.length;
  }

  /** The ids in their current order (a copy; for tests and diagnostics). */
  ids(): number[] {
    return [...this.brokers];
  }

  initialize(random: RandomSource): void {
    if (this.brokers.length > 0) {
      sortAscending(this.brokers);
      this.offset = random.nextInt(this.brokers.length);
    }
  }

  shuffle(random: RandomSource): void {
    collectionsShuffle(this.brokers, random);
  }

  /** The next broker of epoch `epoch`, or -1 when this epoch has used them all (or the list is empty). */
  next(epoch: number): number {
    const size = this.brokers.length;
    if (size === 0) return -1;
    if (this.epoch !== epoch) {
      this.epoch = epoch;
      this.index = 0;
      this.offset = (this.offset + 1) % size;
    }
    if (this.index >= size) return -1;
    const broker = this.brokers[(this.index + this.offset) % size] as number;
    this.index++;
    return broker;
  }
}

export class Rack {
  readonly fenced = new BrokerList();
  readonly unfenced = new BrokerList();

  initialize(random: RandomSource): void {
    this.fenced.initialize(random);
    this.unfenced.initialize(random);
  }

  shuffle(random: RandomSource): void {
    this.fenced.shuffle(random);
    this.unfenced.shuffle(random);
  }

  nextUnfenced(epoch: number): number {
    return this.unfenced.next(epoch);
  }

  next(epoch: number): number {
    const result = this.unfenced.next(epoch);
    return result >= 0 ? result : this.fenced.next(epoch);
  }
}
