/**
 * Kafka's naming rules, as the tools print names (org.apache.kafka.common.internals.Topic and
 * TopicPartition.toString, Kafka 2.4–4.x).
 */

/** Topic.MAX_NAME_LENGTH. */
const MAX_TOPIC_NAME_LENGTH = 249;
/** Topic.LEGAL_CHARS. */
const LEGAL_TOPIC_NAME = /^[a-zA-Z0-9._-]+$/;

/** Topic.INTERNAL_TOPICS (4.x): group offsets, transaction state, share-group state. */
const INTERNAL_TOPICS = new Set(["__consumer_offsets", "__transaction_state", "__share_group_state"]);

export function isInternalTopic(name: string): boolean {
  return INTERNAL_TOPICS.has(name);
}

/** Why `name` cannot be a Kafka topic name, or null when it can. */
export function topicNameProblem(name: string): string | null {
  if (name === "") return "a topic name cannot be empty";
  if (name === "." || name === "..") return `${JSON.stringify(name)} is not a legal topic name`;
  if (name.length > MAX_TOPIC_NAME_LENGTH) return `a topic name has at most ${MAX_TOPIC_NAME_LENGTH} characters`;
  if (!LEGAL_TOPIC_NAME.test(name)) return "a topic name has only ASCII letters, digits, '.', '_' and '-'";
  return null;
}

export type TopicPartitionName = { ok: true; topic: string; partition: number } | { ok: false; message: string };

/**
 * Splits `TopicPartition.toString()` output (`topic-partition`) at the LAST `-`: topic names may
 * contain `-` themselves (`orders-eu-3` is partition 3 of `orders-eu`), partition numbers never do.
 */
export function splitTopicPartition(text: string): TopicPartitionName {
  const dash = text.lastIndexOf("-");
  const digits = text.slice(dash + 1);
  if (dash <= 0 || !/^\d{1,10}$/.test(digits) || Number(digits) > 2147483647) {
    return { ok: false, message: `expected "<topic>-<partition>" such as "orders-eu-3", got ${JSON.stringify(text)}` };
  }
  const topic = text.slice(0, dash);
  const problem = topicNameProblem(topic);
  if (problem) return { ok: false, message: `${problem}, got ${JSON.stringify(topic)}` };
  return { ok: true, topic, partition: Number(digits) };
}
