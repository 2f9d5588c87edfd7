// Port of org.apache.kafka.admin.AdminUtils.assignReplicasToBrokers and getRackAlternatedBrokerList (Apache Kafka 2.0–4.0; Scala kafka.admin.AdminUtils before 3.6), described in docs/algorithms/rack-aware-assignment.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
//
// Invariants:
// - Checks run in Kafka's order: nPartitions <= 0, then rf <= 0, then rf > number of brokers; the rack check comes
//   after them (lazily, while the rack map is built). Only then do we reject duplicate broker ids, which Kafka never
//   receives (its broker lists come from maps keyed by id).
// - Rack-unaware when no broker has a rack: brokers are used in the order given. Rack-aware when all have one:
//   brokers are reordered by getRackAlternatedBrokerList, so their input order does not matter.
// - Random start: two draws, start index then replica shift, from one RandomSource; none when fixedStartIndex >= 0
//   (both are then fixedStartIndex). Kafka draws from a process-wide unseeded java.util.Random; without
//   `options.random` we use a fresh JavaRandom(DEFAULT_ADMIN_UTILS_SEED) per call, so the result is a function of
//   the input. Pass one shared RandomSource to model a sequence of calls.
// - The replica shift grows at absolute partition ids that are multiples of the broker count.
// - Arithmetic is Java int arithmetic (wrapping), so out-of-range inputs fail where Java fails
//   (IndexOutOfBoundsException → code "index_out_of_bounds") instead of producing a different answer.

import { sortAscending } from "./broker-list";
import { rejectDuplicateBrokerIds } from "./broker-ids";
import { PlacementError } from "./errors";
import { JavaRandom, type RandomSource } from "./java-random";

export interface BrokerMetadata {
  id: number;
  rack?: string | null;
}

export interface AssignReplicasOptions {
  /** >= 0: use it as both the start index and the replica shift (no random draws). Default -1 (random). */
  fixedStartIndex?: number;
  /** Id of the first partition placed; the shift schedule counts from absolute ids. Default -1 (= 0). */
  startPartitionId?: number;
  /** Source of the two start draws. Default: new JavaRandom(DEFAULT_ADMIN_UTILS_SEED). */
  random?: RandomSource;
}

/** Seed of the JavaRandom used when no `random` is given (Kafka's own Random is unseeded). */
export const DEFAULT_ADMIN_UTILS_SEED = 0;

const INT_MIN = -0x80000000;
const INT_MAX = 0x7fffffff;

function isJavaInt(n: number): boolean {
  return Number.isInteger(n) && n >= INT_MIN && n <= INT_MAX;
}

function hasRack(b: BrokerMetadata): b is BrokerMetadata & { rack: string } {
  return b.rack !== undefined && b.rack !== null;
}

/** `AdminUtils.replicaIndex`: the broker index of a follower, never equal to `firstReplicaIndex`. */
export function replicaIndex(firstReplicaIndex: number, secondReplicaShift: number, replicaIdx: number, nBrokers: number): number {
  // The int sum may wrap in Java before the mod; the rest is long arithmetic, exact in doubles.
  const shift = 1 + (((secondReplicaShift + replicaIdx) | 0) % (nBrokers - 1));
  return (firstReplicaIndex + shift) % nBrokers;
}

function at(list: readonly number[], index: number): number {
  const v = list[index];
  if (v === undefined) {
    throw new PlacementError("index_out_of_bounds", `Index ${index} out of bounds for length ${list.length}`, { index, length: list.length }, "IndexOutOfBoundsException");
  }
  return v;
}

/**
 * `AdminUtils.assignReplicasToBrokers`: partition id → replicas, preferred leader first.
 * Throws PlacementError `invalid_partitions`, `invalid_replication_factor`, `inconsistent_racks`, `duplicate_broker`.
 */
export function assignReplicasToBrokers(
  brokers: readonly BrokerMetadata[],
  nPartitions: number,
  replicationFactor: number,
  options: AssignReplicasOptions = {},
): Map<number, number[]> {
  const fixedStartIndex = options.fixedStartIndex ?? -1;
  const startPartitionId = options.startPartitionId ?? -1;
  if (!isJavaInt(nPartitions) || nPartitions <= 0) {
    throw new PlacementError("invalid_partitions", "Number of partitions must be larger than 0.", { nPartitions }, "InvalidPartitionsException");
  }
  if (!isJavaInt(replicationFactor) || replicationFactor <= 0) {
    throw new PlacementError("invalid_replication_factor", "Replication factor must be larger than 0.", { replicationFactor }, "InvalidReplicationFactorException");
  }
  if (replicationFactor > brokers.length) {
    throw new PlacementError(
      "invalid_replication_factor",
      `Replication factor: ${replicationFactor} larger than available brokers: ${brokers.length}.`,
      { replicationFactor, availableBrokers: brokers.length },
      "InvalidReplicationFactorException",
    );
  }
  if (!isJavaInt(fixedStartIndex) || !isJavaInt(startPartitionId)) {
    throw new PlacementError("index_out_of_bounds", "fixedStartIndex and startPartitionId must be Java ints.", { fixedStartIndex, startPartitionId }, "IndexOutOfBoundsException");
  }
  const rackAware = brokers.some(hasRack);
  if (rackAware) {
    const missing = brokers.filter((b) => !hasRack(b)).map((b) => b.id);
    if (missing.length > 0) {
      throw new PlacementError(
        "inconsistent_racks",
        "Not all brokers have rack information for replica rack aware assignment.",
        { brokersWithoutRack: missing },
        "AdminOperationException",
      );
    }
  }
  rejectDuplicateBrokerIds(brokers);
  const random = options.random ?? new JavaRandom(DEFAULT_ADMIN_UTILS_SEED);
  return rackAware
    ? assignRackAware(brokers as readonly (BrokerMetadata & { rack: string })[], nPartitions, replicationFactor, fixedStartIndex, startPartitionId, random)
    : assignRackUnaware(
        brokers.map((b) => b.id),
        nPartitions,
        replicationFactor,
        fixedStartIndex,
        startPartitionId,
        random,
      );
}

function assignRackUnaware(
  brokerList: readonly number[],
  nPartitions: number,
  replicationFactor: number,
  fixedStartIndex: number,
  startPartitionId: number,
  random: RandomSource,
): Map<number, number[]> {
  const n = brokerList.length;
  const ret = new Map<number, number[]>();
  const startIndex = fixedStartIndex >= 0 ? fixedStartIndex : random.nextInt(n);
  let currentPartitionId = Math.max(0, startPartitionId);
  let nextReplicaShift = fixedStartIndex >= 0 ? fixedStartIndex : random.nextInt(n);
  for (let i = 0; i < nPartitions; i++) {
    if (currentPartitionId > 0 && currentPartitionId % n === 0) nextReplicaShift = (nextReplicaShift + 1) | 0;
    const firstReplicaIndex = ((currentPartitionId + startIndex) | 0) % n;
    const replicas = [at(brokerList, firstReplicaIndex)];
    for (let j = 0; j < replicationFactor - 1; j++) {
      replicas.push(at(brokerList, replicaIndex(firstReplicaIndex, nextReplicaShift, j, n)));
    }
    ret.set(currentPartitionId, replicas);
    currentPartitionId = (currentPartitionId + 1) | 0;
  }
  return ret;
}

function assignRackAware(
  brokers: readonly (BrokerMetadata & { rack: string })[],
  nPartitions: number,
  replicationFactor: number,
  fixedStartIndex: number,
  startPartitionId: number,
  random: RandomSource,
): Map<number, number[]> {
  const {
    ids: arranged,
    rackIndexes,
    numRacks,
  } = rackAlternated(
    brokers.map((b) => b.id),
    brokers.map((b) => b.rack),
  );
  const n = arranged.length;
  const ret = new Map<number, number[]>();
  const startIndex = fixedStartIndex >= 0 ? fixedStartIndex : random.nextInt(n);
  let currentPartitionId = Math.max(0, startPartitionId);
  let nextReplicaShift = fixedStartIndex >= 0 ? fixedStartIndex : random.nextInt(n);
  // Per partition, the racks and brokers already used, as short lists of rack indexes and list positions (a
  // position identifies a broker, ids being distinct): cheaper than Kafka's HashSets for an rf of a few.
  const usedRacks = new Int32Array(Math.min(replicationFactor, numRacks));
  const usedPositions = new Int32Array(replicationFactor);
  for (let i = 0; i < nPartitions; i++) {
    if (currentPartitionId > 0 && currentPartitionId % n === 0) nextReplicaShift = (nextReplicaShift + 1) | 0;
    const firstReplicaIndex = ((currentPartitionId + startIndex) | 0) % n;
    const replicas = [at(arranged, firstReplicaIndex)];
    usedRacks[0] = rackIndexes[firstReplicaIndex] as number;
    usedPositions[0] = firstReplicaIndex;
    let numUsedRacks = 1;
    let numUsedPositions = 1;
    // The shift is scaled by the rack count so consecutive followers land on other racks; k is shared by all
    // followers of the partition (not reset per replica), as in Kafka.
    const shift = Math.imul(nextReplicaShift, numRacks);
    let k = 0;
    for (let j = 0; j < replicationFactor - 1; j++) {
      for (;;) {
        const pos = replicaIndex(firstReplicaIndex, shift, k, n);
        const broker = at(arranged, pos);
        const rack = rackIndexes[pos] as number;
        k = (k + 1) | 0;
        const rackUsed = contains(usedRacks, numUsedRacks, rack);
        const brokerUsed = contains(usedPositions, numUsedPositions, pos);
        // Skip a broker whose rack already has a replica while some rack has none, and a broker already used
        // while some broker is unused.
        if ((!rackUsed || numUsedRacks === numRacks) && (!brokerUsed || numUsedPositions === n)) {
          replicas.push(broker);
          if (!rackUsed) usedRacks[numUsedRacks++] = rack;
          if (!brokerUsed) usedPositions[numUsedPositions++] = pos;
          break;
        }
      }
    }
    ret.set(currentPartitionId, replicas);
    currentPartitionId = (currentPartitionId + 1) | 0;
  }
  return ret;
}

function contains(values: Int32Array, length: number, value: number): boolean {
  for (let i = 0; i < length; i++) if (values[i] === value) return true;
  return false;
}

/**
 * The rack-alternated order of (id, rack) pairs with distinct ids: ids grouped by rack and sorted, racks in
 * String#compareTo order, one broker per rack in turn. Also returns each position's rack index.
 */
function rackAlternated(ids: readonly number[], racks: readonly string[]): { ids: number[]; rackIndexes: Int32Array; numRacks: number } {
  const byRack = new Map<string, number[]>();
  for (let i = 0; i < ids.length; i++) {
    const rack = racks[i] as string;
    const list = byRack.get(rack);
    if (list) list.push(ids[i] as number);
    else byRack.set(rack, [ids[i] as number]);
  }
  // Default sort compares UTF-16 code units, which is String#compareTo order.
  const rackNames = [...byRack.keys()].sort();
  const lists = rackNames.map((r) => byRack.get(r) as number[]);
  for (const list of lists) sortAscending(list);
  const cursors = new Int32Array(lists.length);
  const out: number[] = [];
  const rackIndexes = new Int32Array(ids.length);
  for (let r = 0; out.length < ids.length; r = (r + 1) % lists.length) {
    const list = lists[r] as number[];
    const c = cursors[r] as number;
    if (c < list.length) {
      rackIndexes[out.length] = r;
      out.push(list[c] as number);
      cursors[r] = c + 1;
    }
  }
  return { ids: out, rackIndexes, numRacks: lists.length };
}

/**
 * `AdminUtils.getRackAlternatedBrokerList`: brokers grouped by rack (ids ascending), racks in String#compareTo
 * order, then one broker per rack in turn until all are listed. Input order does not matter.
 */
export function getRackAlternatedBrokerList(rackByBroker: Readonly<Record<number, string>> | ReadonlyMap<number, string>): number[] {
  const entries: [number, string][] =
    rackByBroker instanceof Map
      ? [...(rackByBroker as ReadonlyMap<number, string>).entries()]
      : Object.entries(rackByBroker as Record<number, string>).map(([id, rack]) => [Number(id), rack]);
  return rackAlternated(
    entries.map(([id]) => id),
    entries.map(([, rack]) => rack),
  ).ids;
}
