export { isValidThrottledReplicaList, parseThrottledPartitions, isPartitionThrottled, ThrottleConfigError, THROTTLED_LIST_FORMAT } from "./replica-list";
export {
  throttledReplicaLists,
  replicaListsOfMoves,
  proposedMoveMap,
  reassigningBrokers,
  ReassignmentInputError,
  type InProgressReassignment,
  type PartitionMove,
} from "./throttled-replica-lists";
export { SampledRate, DEFAULT_REPLICATION_QUOTA_WINDOW, type SampledRateConfig } from "./sampled-rate";
export { ReplicationQuotaManager, followerSkipsPartition, leaderThrottles, UNLIMITED_RATE } from "./replication-quota-manager";
export { effectiveRates, type EffectiveRate, type EffectiveRates, type RateOrigin } from "./rates";
export { javaSplit, javaTrim, javaParseInt, compareJavaStrings, NumberFormatException } from "../model/java-string";
export { diagnoseThrottles, type Finding, type FindingCode, type ThrottleDiagnosis, type BrokerThrottleView } from "./doctor";
