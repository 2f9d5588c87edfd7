/**
 * The scenario editor's step list as words: what each step kind is called in the "add a step" menu
 * (with a line of help), and the one line each step shows, whether or not its inputs are valid yet.
 */
import { describeStep } from "@/lib/simulate/describe-step";
import { StepSchema, type StepInput, type StepKind } from "@/lib/simulate/schema";

/** What each step kind is called in menus, in the order an operator meets them. */
export const STEP_KINDS: readonly { kind: StepKind; label: string; help: string }[] = [
  { kind: "addLogDir", label: "Add a disk", help: "A new log dir on one broker or on every broker (appended to log.dirs)." },
  { kind: "addBroker", label: "Add a broker", help: "A new broker with its own log dirs; existing partitions stay where they are." },
  { kind: "createTopic", label: "Create a topic", help: "New partitions placed by Kafka's broker rule, then each broker's log-dir rule." },
  { kind: "addPartitions", label: "Add partitions", help: "kafka-topics --alter --partitions N: the new partitions are placed like a new topic's." },
  { kind: "growTopic", label: "Grow a topic", help: "Every partition of a topic gains bytes (or is multiplied), where it already is." },
  { kind: "firstConsumerGroup", label: "First consumer group", help: "The first FindCoordinator creates __consumer_offsets (50 tiny partitions by default)." },
  { kind: "failLogDir", label: "Fail a disk", help: "The dir goes offline: its replicas leave the ISR and it gets no new partitions." },
  { kind: "cordonLogDir", label: "Cordon a disk", help: "Kafka 4.3+ (KIP-1066): a cordoned dir keeps its data but gets no new partitions." },
  { kind: "reassign", label: "Reassign partitions", help: "A kafka-reassign-partitions JSON (with optional log_dirs), applied as completed." },
  {
    kind: "plan",
    label: "Plan (add, remove, drain, rebalance)",
    help: "The planner's plan for the cluster as it is at this step, applied as completed: its cordons, its reassignment and the preferred-leader election. What the plan leaves behind, before you run it.",
  },
];

export function stepKindLabel(kind: StepKind): string {
  return STEP_KINDS.find((k) => k.kind === kind)?.label ?? kind;
}

/** A step's line in the list: its description once its inputs are valid, else its kind and "needs fixing". */
export function stepSummary(step: StepInput): { text: string; valid: boolean } {
  const parsed = StepSchema.safeParse(step);
  return parsed.success ? { text: describeStep(parsed.data), valid: true } : { text: `${stepKindLabel(step.kind)}: needs fixing`, valid: false };
}
