export { readCluster, ClusterUnreachableError, type ReadClusterOptions } from "./read-cluster";
export { guessKafkaVersion, apiFingerprint } from "./kafka-version";
export { assembleSnapshot } from "./assemble";
export type { RawCluster, BrokerScan } from "./fetch-cluster";
