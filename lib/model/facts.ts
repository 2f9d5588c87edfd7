/**
 * Known, unknown, none: which facts a snapshot's source carried.
 *
 * A live read carries everything it could read (a failed read is a warning and makes its fact
 * unknown); a `kafka-log-dirs` paste carries sizes and dirs but no configs, so its throttles,
 * reassignments and cordons are unknown — not "none". Every view asks `knownFacts()` before it says
 * "not set", "nothing in flight" or "no problems", and when a fact is unknown it says so and names the
 * command whose output teaches it (`howToLearn`).
 *
 * `source.unknownFacts` lists the facts the source did not carry. Snapshots written before the field
 * existed have none: for them the facts are derived from the source kind and the data (an old import
 * is assumed to carry no configs and no reassignments; leaders, racks, capacity and the Kafka version
 * are known when the data holds any). A simulated scenario keeps its base's list (lib/simulate).
 */
import { FACTS, type ClusterSnapshot, type Fact } from "./snapshot";

export { FACTS, type Fact };
export type KnownFacts = Record<Fact, boolean>;

type FactSource = Pick<ClusterSnapshot, "source" | "brokers" | "topics">;

/** Whether the snapshot's source carried each fact. */
export function knownFacts(snapshot: FactSource): KnownFacts {
  const listed = snapshot.source.unknownFacts;
  if (listed) {
    const unknown = new Set<string>(listed);
    return Object.fromEntries(FACTS.map((f) => [f, !unknown.has(f)])) as KnownFacts;
  }
  if (snapshot.source.kind !== "import") return Object.fromEntries(FACTS.map((f) => [f, true])) as KnownFacts;
  const brokers = snapshot.brokers;
  return {
    throttles: false,
    reassignments: false,
    cordons: false,
    leadership: snapshot.topics.some((t) => t.partitions.some((p) => p.leader !== null || p.isr.length > 0)),
    racks: brokers.some((b) => b.rack !== null),
    capacity: brokers.some((b) => b.logDirs.some((d) => d.totalBytes !== null)),
    kafkaVersion: snapshot.source.kafkaVersion !== null,
  };
}

/** How an operator can learn a fact the snapshot lacks: the command whose output to paste (or read live). */
export function howToLearn(fact: Fact): string {
  switch (fact) {
    case "throttles":
      return "paste the output of `kafka-configs.sh --bootstrap-server <servers> --describe --entity-type brokers` and `… --describe --entity-type topics` into the import's kafka-configs box, or connect Kafka Balance to the cluster";
    case "reassignments":
      return "paste the output of `kafka-topics.sh --bootstrap-server <servers> --describe` (Kafka 2.5 or newer marks partitions being reassigned with Adding/Removing Replicas), or connect Kafka Balance to the cluster";
    case "leadership":
      return "paste the output of `kafka-topics.sh --bootstrap-server <servers> --describe` beside the kafka-log-dirs output, or connect Kafka Balance to the cluster";
    case "racks":
      return "paste the output of `kafka-configs.sh --bootstrap-server <servers> --describe --all --entity-type brokers` (it shows broker.rack; without --all it does not), or connect Kafka Balance to the cluster";
    case "capacity":
      return "connect Kafka Balance to the cluster: kafka-log-dirs prints no disk sizes, and brokers on Kafka 3.3 or newer report each dir's total and usable bytes to a live read";
    case "kafkaVersion":
      return "connect Kafka Balance to the cluster (it tells the version from the brokers' API versions); no pasted output names it";
    case "cordons":
      return "paste the output of `kafka-configs.sh --bootstrap-server <servers> --describe --all --entity-type brokers` (it shows cordoned.log.dirs, Kafka 4.3+), or connect Kafka Balance to the cluster";
  }
}

/** The facts a snapshot lacks, in FACTS order. */
export function unknownFactsOf(snapshot: FactSource): Fact[] {
  const known = knownFacts(snapshot);
  return FACTS.filter((f) => !known[f]);
}
