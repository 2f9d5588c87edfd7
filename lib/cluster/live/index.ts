export { readCluster, ClusterUnreachableError } from "./read-cluster";
export { guessKafkaVersion } from "./kafka-version";
export { assembleSnapshot } from "./assemble";
export type { RawCluster } from "./fetch-cluster";
