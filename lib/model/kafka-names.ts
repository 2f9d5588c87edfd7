/**
 * Kafka's names, as its tools print them (org.apache.kafka.common.internals.Topic and
 * TopicPartition.toString, Kafka 2.4–4.x): the one home of these rules for the reader, the import,
 * the simulator, the throttle lists and link redaction.
 */

/** Topic.MAX_NAME_LENGTH. */
import { failure, success, type Result } from "./result";

const MAX_TOPIC_NAME_LENGTH = 249;
/** Topic.LEGAL_CHARS. */
const LEGAL_TOPIC_NAME = /^[a-zA-Z0-9._-]+$/;

/**
 * Topics Kafka creates and names itself: Topic.INTERNAL_TOPICS (group offsets, transaction state,
 * share-group state, 4.x) and tiered storage's `__remote_log_metadata`, which the broker creates for
 * its own use. Shown as internal however the cluster was read.
 */
export const KAFKA_INTERNAL_TOPICS: ReadonlySet<string> = new Set(["__consumer_offsets", "__transaction_state", "__share_group_state", "__remote_log_metadata"]);

/** The KRaft metadata log's name (a directory in every metadata log dir, never a topic in Metadata). */
export const CLUSTER_METADATA_TOPIC = "__cluster_metadata";

export function isInternalTopic(name: string): boolean {
  return KAFKA_INTERNAL_TOPICS.has(name);
}

/** Why `name` cannot be a Kafka topic name, or null when it can. */
export function topicNameProblem(name: string): string | null {
  if (name === "") return "a topic name cannot be empty";
  if (name === "." || name === "..") return `${JSON.stringify(name)} is not a legal topic name`;
  if (name.length > MAX_TOPIC_NAME_LENGTH) return `a topic name has at most ${MAX_TOPIC_NAME_LENGTH} characters`;
  if (!LEGAL_TOPIC_NAME.test(name)) return "a topic name has only ASCII letters, digits, '.', '_' and '-'";
  return null;
}

export interface TopicPartition {
  topic: string;
  partition: number;
}

/**
 * Splits `TopicPartition.toString()` output (`topic-partition`) at the LAST `-`: topic names may
 * contain `-` themselves (`orders-eu-3` is partition 3 of `orders-eu`), partition numbers never do.
 * Checks the partition (0 to 2^31 − 1) and that a topic is there, not the topic's characters (see
 * parseTopicPartitionName for text from Kafka's tools).
 */
export function splitTopicPartition(text: string): Result<TopicPartition> {
  const dash = text.lastIndexOf("-");
  const digits = text.slice(dash + 1);
  if (dash <= 0 || !/^\d{1,10}$/.test(digits) || Number(digits) > 2147483647) {
    return failure("bad_topic_partition", `expected "<topic>-<partition>" such as "orders-eu-3", got ${JSON.stringify(text)}`);
  }
  return success({ topic: text.slice(0, dash), partition: Number(digits) });
}

/** splitTopicPartition, and the topic must be a legal Kafka name: text printed by Kafka's tools. */
export function parseTopicPartitionName(text: string): Result<TopicPartition> {
  const split = splitTopicPartition(text);
  if (!split.ok) return split;
  const problem = topicNameProblem(split.value.topic);
  return problem ? failure("bad_topic_partition", `${problem}, got ${JSON.stringify(split.value.topic)}`) : split;
}
