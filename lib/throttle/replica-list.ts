// Port of org.apache.kafka.storage.internals.log.ThrottledReplicaListValidator (Kafka 3.5+) and
// kafka.server.TopicConfigHandler.parseThrottledPartitions (Kafka 2.x–4.x), described in docs/algorithms/replication-throttling.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
/**
 * `leader.replication.throttled.replicas` / `follower.replication.throttled.replicas`.
 *
 * - Valid iff every comma-separated element, trimmed, is `p:b` or empty, OR the trimmed elements
 *   joined equal `*` (3.5+; so `*,1:2` is invalid, `* ` is valid).
 * - The broker trims the whole value, validates, then: `""` → no partitions (but the topic counts as
 *   listed), `"*"` → every partition, else the `p` of each `p:b` whose `b` is this broker.
 * - The broker parses with Integer.parseInt and no inner trimming: `"0:1, 1:1"` passes validation but
 *   the broker throws NumberFormatException while parsing `" 1"` (every broker parses each `b`;
 *   only the broker named parses that entry's `p`).
 */
import { javaParseInt, javaSplit, javaTrim } from "../model/java-string";

export const THROTTLED_LIST_FORMAT = "[partitionId]:[brokerId],[partitionId]:[brokerId],...";
const ENTRY = /^([0-9]+:[0-9]+)?$/;

export class ThrottleConfigError extends Error {
  constructor(
    readonly code: "invalid_throttled_replica_list" | "unparseable_throttled_replica_list",
    readonly property: string,
    readonly value: string,
    message: string,
  ) {
    super(message);
    this.name = "ThrottleConfigError";
  }
}

export function isValidThrottledReplicaList(value: string): boolean {
  const elements = javaSplit(value, ",").map(javaTrim);
  return elements.every((e) => ENTRY.test(e)) || elements.join("") === "*";
}

function ensureValid(property: string, value: string): void {
  if (!isValidThrottledReplicaList(value)) {
    throw new ThrottleConfigError(
      "invalid_throttled_replica_list",
      property,
      value,
      `${property} must be the literal '*' or a list of replicas in the following format: ${THROTTLED_LIST_FORMAT}`,
    );
  }
}

/** The partitions of a topic that broker `brokerId` throttles, as that broker parses the value. */
export function parseThrottledPartitions(value: string, brokerId: number, property = "leader.replication.throttled.replicas"): number[] | "ALL" {
  const v = javaTrim(value);
  ensureValid(property, v);
  if (v === "") return [];
  if (v === "*") return "ALL";
  const pairs = javaSplit(v, ",").map((entry) => javaSplit(entry, ":"));
  try {
    // Scala's filter runs over every entry before the map: every `b` is parsed, matching `p`s after.
    const mine = pairs.filter((pair) => javaParseInt(pair[1] ?? "") === brokerId);
    return mine.map((pair) => javaParseInt(pair[0] ?? ""));
  } catch (error) {
    throw new ThrottleConfigError(
      "unparseable_throttled_replica_list",
      property,
      value,
      `broker ${brokerId} cannot parse ${property}="${value}": ${(error as Error).message} (remove the spaces inside the list)`,
    );
  }
}

/** `isThrottled(tp)` of a ReplicationQuotaManager given the parsed list (undefined = topic not listed). */
export function isPartitionThrottled(parsed: number[] | "ALL" | undefined, partition: number): boolean {
  if (parsed === undefined) return false;
  return parsed === "ALL" || parsed.includes(partition);
}
