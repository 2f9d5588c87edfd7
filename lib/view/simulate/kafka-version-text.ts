/**
 * The Kafka version picker's words: each line's log-dir rule in one phrase, from the version table.
 */
import { KAFKA_LINES, kafkaBehaviour, type KafkaLine } from "@/lib/model/kafka-versions";

/** "ties in Scala hash order (5+ dirs), cordons honoured". */
export function logDirRuleText(line: KafkaLine): string {
  const b = kafkaBehaviour(line);
  const ties = b.logDirTieOrder === "config" ? "ties in log.dirs order" : "ties in Scala hash order (5+ dirs)";
  const cordons = b.cordonedLogDirs ? "cordons honoured" : "no cordons";
  return `${ties}, ${cordons}`;
}

export const KAFKA_VERSION_OPTIONS: readonly { value: "auto" | KafkaLine; label: string }[] = [
  { value: "auto", label: "As the base runs" },
  ...[...KAFKA_LINES].reverse().map((line) => ({ value: line, label: `Kafka ${kafkaBehaviour(line).label}` })),
];

export function kafkaVersionHint(choice: "auto" | KafkaLine): string {
  if (choice === "auto") return "Each broker's own version as read; the newest it could be when unknown";
  return `LogManager: ${logDirRuleText(choice)}`;
}

/** "Kafka 4.3 (ties in Scala hash order (5+ dirs), cordons honoured)"; per group of brokers when a run mixes lines; "assumed" when the base did not say. */
export function simulatedKafkaText(groups: readonly { line: KafkaLine; brokers: readonly number[]; assumed: boolean }[]): string {
  const one = (g: (typeof groups)[number]) =>
    `Kafka ${kafkaBehaviour(g.line).label} (${logDirRuleText(g.line)})${g.assumed ? ", assumed: the base does not say which version it runs; pick one under Kafka version" : ""}`;
  if (groups.length === 0) return "";
  if (groups.length === 1) return `Log-dir rule of ${one(groups[0]!)}`;
  return `Log-dir rules: ${groups.map((g) => `broker${g.brokers.length === 1 ? "" : "s"} ${g.brokers.join(", ")} on ${one(g)}`).join("; ")}`;
}
