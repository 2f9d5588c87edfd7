// Public API of lib/placement: exact TypeScript ports of Apache Kafka's replica placement (AdminUtils for ZooKeeper
// clusters, StripedReplicaPlacer for KRaft) and log-dir selection (LogManager.nextLogDirs), with the JDK and Scala
// behaviour they depend on. Pure TypeScript: no I/O, no clock, randomness is a parameter.

export { PlacementError, isPlacementError } from "./errors";
export type { KafkaExceptionName, PlacementErrorCode, PlacementErrorDetail } from "./errors";

export { JavaRandom, MockRandom, collectionsShuffle } from "./java-random";
export type { RandomSource } from "./java-random";

export { javaHashMapKeyOrder, javaOptionalStringHashCode, javaStringHashCode, scalaHashMapKeyOrder, scalaImproveHash } from "./java-hash";

export { DEFAULT_ADMIN_UTILS_SEED, assignReplicasToBrokers, getRackAlternatedBrokerList, replicaIndex } from "./admin-utils";
export type { AssignReplicasOptions, BrokerMetadata } from "./admin-utils";

export { createPartitionsAssignment, zkBrokerMetadatas } from "./zk-create-partitions";
export type { CreatePartitionsOptions, CreatePartitionsPlan, RackAwareMode } from "./zk-create-partitions";

export { BrokerList, Rack } from "./broker-list";
export { RackList, compareOptionalStrings } from "./rack-list";
export type { PlacerOptions, UsableBroker } from "./rack-list";
export { StripedReplicaPlacer, stripedPlacement } from "./striped";
export type { PlacementSpec } from "./striped";

export { SCALA_SMALL_MAP_MAX, nextLogDirs, nextLogDirsLiteral, tieBreakOrder } from "./next-log-dirs";
export type { NextLogDirsOptions, TieOrder } from "./next-log-dirs";
export { LogDirChooser } from "./log-dir-chooser";
export type { LogDirChooserOptions } from "./log-dir-chooser";
export { DIRECTORY_ID, createLogIn, logDirCandidates } from "./log-dir-candidates";
export type { CreateLogResult, LogDirCandidatesInput } from "./log-dir-candidates";
