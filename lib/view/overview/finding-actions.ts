/**
 * What to do about each finding of the verdict: the planner mode that does it (a link the planner
 * opens pre-filled: `/plan?goals=dir-utilization`, `/plan?operation=remove-brokers&brokers=3`), the
 * simulator steps that show it (encoded into a scenario link by the page), and the commands to paste.
 *
 * - The next-placement trap: a cordon of each trapped broker's full dirs (`cordoned.log.dirs`) where
 *   its Kafka version has cordons (4.3+), the padding workaround (lib/plan/padding.ts) where it does
 *   not, both when the version is not known; and a log-dir rebalance for the bytes already there.
 * - Skew: the planner with the goal that is outside (dir utilisation, or the broker goals).
 * - Causes (offline dirs, unreachable brokers, under-replication, moves in flight): the commands that
 *   show them, and what has to happen before a plan is worth making.
 * Pure: strings only; the page turns `plan` and `simulate` actions into links for its snapshot.
 */
import { formatCount } from "@/lib/model/format";
import { brokerKafkaVersion, kafkaBehaviour, possibleKafkaLines } from "@/lib/model/kafka-versions";
import type { BalanceReport, DirFigures } from "@/lib/model/report";
import { BOOTSTRAP_PLACEHOLDER, type SoftGoal } from "@/lib/plan/options";
import { cordonCommand, paddingPlan, type PaddingBroker } from "@/lib/plan/padding";
import { bootstrapArg } from "@/lib/plan/shell";
import type { StepInput } from "@/lib/simulate/schema";
import type { KafkaVersions, NextPlacement } from "./next-placement";

export type FindingKind =
  | "offline-dir"
  | "unreachable-broker"
  | "unknown-broker"
  | "under-replicated"
  | "moves-in-flight"
  | "throttles-set"
  | "disk-full"
  | "placement-trap"
  | "broker-skew"
  | "dir-skew"
  | "too-little-data"
  | "shared-disk"
  | "missing-data"
  | "unknown-facts"
  | "balanced"
  | "empty";

export type FindingAction =
  | { kind: "plan"; label: string; goals?: SoftGoal[]; operation?: { kind: "remove-brokers"; brokers: number[] } }
  | { kind: "simulate"; label: string; steps: StepInput[] }
  | { kind: "commands"; label: string; commands: string[]; note?: string; doc?: string }
  | { kind: "link"; label: string; href: string };

export interface ActionContext {
  /** `--bootstrap-server` for the commands; the placeholder when the address is not known. */
  bootstrapServer?: string;
  versions?: KafkaVersions;
}

/** How a broker's version stands on cordons: every line it may be has them, none has, or it is not known which. */
export function cordonSupport(broker: number, versions: KafkaVersions | undefined): "yes" | "no" | "unknown" {
  const version = brokerKafkaVersion({ kafkaVersion: versions?.brokers?.get(broker) }, versions?.cluster);
  const lines = possibleKafkaLines(version);
  const has = lines.map((l) => kafkaBehaviour(l).cordonedLogDirs);
  return has.every(Boolean) ? "yes" : has.some(Boolean) ? "unknown" : "no";
}

/** The planner's query for a plan action (`goals=dir-utilization`, `operation=remove-brokers&brokers=3`), read by the planner page. */
export function planActionQuery(action: Extract<FindingAction, { kind: "plan" }>): string {
  const q = new URLSearchParams();
  if (action.operation) {
    q.set("operation", action.operation.kind);
    q.set("brokers", action.operation.brokers.join(","));
  }
  if (action.goals) q.set("goals", action.goals.join(","));
  return q.toString();
}

const DIR_REBALANCE: FindingAction = { kind: "plan", label: "Plan a log-dir rebalance", goals: ["dir-utilization"] };

function byBroker(report: BalanceReport): Map<number, DirFigures[]> {
  const out = new Map<number, DirFigures[]>();
  for (const d of report.dirs) {
    const list = out.get(d.broker);
    if (list) list.push(d);
    else out.set(d.broker, [d]);
  }
  return out;
}

/** The trap actions: per trapped broker, cordon its full dirs or pad them, by what its version supports. */
function trapActions(report: BalanceReport, placements: readonly NextPlacement[], ctx: ActionContext): FindingAction[] {
  const bootstrap = ctx.bootstrapServer ?? BOOTSTRAP_PLACEHOLDER;
  const trapped = placements.filter((p) => p.warning !== null && p.dir !== null);
  const dirs = byBroker(report);
  const cordons: string[] = [];
  const padBrokers: PaddingBroker[] = [];
  const steps: StepInput[] = [];
  let unknownVersion = false;
  for (const p of trapped) {
    const support = cordonSupport(p.broker, ctx.versions);
    const own = dirs.get(p.broker) ?? [];
    const padding: PaddingBroker = {
      id: p.broker,
      dirs: own.map((d) => ({ path: d.path, state: d.state, logCount: d.logCount, usedBytes: d.usedBytes, utilization: d.utilization })),
      honoursCordons: support !== "no",
    };
    if (support !== "yes") padBrokers.push(padding);
    if (support === "unknown") unknownVersion = true;
    if (support !== "no") {
      // The full dirs (the padding's split: at or above the broker's mean fullness), plus the ones already cordoned.
      const split = paddingPlan([padding], { steeredPartitions: 1 });
      const targets = new Set(split.targets[0]?.dirs ?? []);
      const full = own.filter((d) => d.state === "online" && !targets.has(d.path)).map((d) => d.path);
      const keep = own.filter((d) => d.state === "cordoned").map((d) => d.path);
      const all = own.map((d) => d.path).filter((path) => full.includes(path) || keep.includes(path));
      if (full.length > 0 && targets.size > 0) {
        cordons.push(cordonCommand(bootstrap, p.broker, all));
        for (const path of full) steps.push({ kind: "cordonLogDir", broker: p.broker, path });
      }
    }
  }
  const actions: FindingAction[] = [];
  if (cordons.length > 0) {
    actions.push({
      kind: "commands",
      label: unknownVersion ? "Cordon the full dirs (if the broker runs Kafka 4.3 or newer)" : "Cordon the full dirs",
      commands: cordons,
      note: "Kafka 4.3+ places no new partition in a cordoned dir; the dirs keep serving what they hold. The list replaces the broker's cordoned.log.dirs, so it names every dir that stays cordoned.",
      doc: "/docs/padding-workaround.md",
    });
  }
  if (padBrokers.length > 0) {
    const plan = paddingPlan(padBrokers, { bootstrapServer: bootstrap });
    if (plan.commands.length > 0) {
      const padded = plan.padded.map((d) => `${d.path} on broker ${d.broker} (+${formatCount(d.add)})`);
      actions.push({
        kind: "commands",
        label: unknownVersion ? "Or pad the full dirs (any version: the padding workaround)" : "Pad the full dirs (the padding workaround: this Kafka has no cordons)",
        commands: plan.commands,
        note: `Kafka counts partitions, not bytes: ${formatCount(plan.partitions.length)} empty single-replica partitions of ${plan.topic} pinned into ${padded.slice(0, 4).join(", ")}${padded.length > 4 ? ", …" : ""} raise their counts so the next ${formatCount(plan.steeredPartitions)} new partitions of each broker go to its emptier dirs. Remove it once the dirs are relieved: ${plan.removeCommand}`,
        doc: "/docs/padding-workaround.md",
      });
    }
  }
  actions.push(DIR_REBALANCE);
  if (steps.length > 0) {
    const brokers = report.brokers.filter((b) => b.state === "online").length;
    steps.push({ kind: "createTopic", name: "new-topic", partitions: Math.max(1, brokers * 2), replicationFactor: Math.min(3, Math.max(1, brokers)) });
    actions.push({ kind: "simulate", label: "Simulate the cordons, then a new topic", steps });
  }
  return actions;
}

export function actionsFor(kind: FindingKind, report: BalanceReport, placements: readonly NextPlacement[], ctx: ActionContext): FindingAction[] {
  const b = bootstrapArg(ctx.bootstrapServer ?? BOOTSTRAP_PLACEHOLDER);
  switch (kind) {
    case "offline-dir": {
      const brokers = [...new Set(report.dirs.filter((d) => d.state === "offline").map((d) => d.broker))];
      return [
        {
          kind: "commands",
          label: "Check the disk and what it left under-replicated",
          commands: [
            `kafka-log-dirs.sh --bootstrap-server ${b} --describe --broker-list ${brokers.join(",")}`,
            `kafka-topics.sh --bootstrap-server ${b} --describe --under-replicated-partitions`,
          ],
          note: `Repair or replace the disk, then restart broker${brokers.length === 1 ? "" : "s"} ${brokers.join(", ")}: Kafka keeps a failed log dir offline until the broker restarts, and its replicas are copied back from their other replicas. A plan made now cannot move what the dir held.`,
        },
      ];
    }
    case "unreachable-broker": {
      const ids = report.brokers.filter((x) => x.state === "unreachable").map((x) => x.id);
      return [
        {
          kind: "commands",
          label: "See which partitions lost a replica",
          commands: [
            `kafka-topics.sh --bootstrap-server ${b} --describe --under-replicated-partitions`,
            `kafka-topics.sh --bootstrap-server ${b} --describe --unavailable-partitions`,
          ],
          note: "Bring the broker back (its process, its listener, the network), then read the cluster again.",
        },
        {
          kind: "plan",
          label: `If it is gone for good: plan the removal of broker${ids.length === 1 ? "" : "s"} ${ids.join(", ")}`,
          operation: { kind: "remove-brokers", brokers: ids },
        },
      ];
    }
    case "unknown-broker": {
      const ids = report.brokers.filter((x) => x.state === "unknown").map((x) => x.id);
      return [
        {
          kind: "commands",
          label: "Read their log dirs too",
          commands: [`kafka-log-dirs.sh --bootstrap-server ${b} --describe --broker-list ${ids.join(",")}`],
          note: "Paste its output with the rest: a broker that does not answer is down, and its partitions are under-replicated.",
        },
      ];
    }
    case "under-replicated":
      return [
        {
          kind: "commands",
          label: "List them",
          commands: [`kafka-topics.sh --bootstrap-server ${b} --describe --under-replicated-partitions`],
          note: "A follower out of the ISR is behind or down: fix its broker (or disk) first; moving data now adds load to the replicas that are left.",
        },
      ];
    case "moves-in-flight":
      return [
        {
          kind: "commands",
          label: "Follow them",
          commands: [`kafka-reassign-partitions.sh --bootstrap-server ${b} --list`, `kafka-log-dirs.sh --bootstrap-server ${b} --describe`],
          note: "Let them finish (or cancel them with --cancel and their reassignment JSON), then read the cluster again before planning: the planner leaves partitions that are moving alone.",
        },
      ];
    case "throttles-set":
      return [{ kind: "link", label: "See the throttles and how to remove them", href: "#throttles" }];
    case "disk-full":
      return [DIR_REBALANCE, { kind: "plan", label: "Plan a rebalance across brokers" }];
    case "placement-trap":
      return trapActions(report, placements, ctx);
    case "broker-skew":
      return [
        { kind: "plan", label: "Plan a rebalance" },
        { kind: "simulate", label: "Simulate the rebalance", steps: [{ kind: "plan" }] },
      ];
    case "dir-skew":
      return [DIR_REBALANCE, { kind: "simulate", label: "Simulate a log-dir rebalance", steps: [{ kind: "plan", options: { goals: ["dir-utilization"] } }] }];
    case "missing-data":
      return [
        {
          kind: "commands",
          label: "Read every broker's log dirs",
          commands: [`kafka-log-dirs.sh --bootstrap-server ${b} --describe`],
          note: "Paste the output of a run over every broker: a replica whose dir no broker reported is left out of the disk figures.",
        },
      ];
    default:
      return [];
  }
}
