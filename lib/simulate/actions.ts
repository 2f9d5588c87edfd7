/**
 * What to do about a simulated cluster: the actions after the diagnosis, each true for the Kafka
 * version the scenario runs.
 *
 * - Balanced is lib/plan/balanced.ts's (`balanceOf`: the planner's tolerances, above the size floor),
 *   over the goals a simulator report can measure (dir utilisation, broker bytes, broker replicas).
 * - Steer new partitions off the full dirs, where Kafka's count rule is about to put them there: on a
 *   broker whose dirs are outside the dir goal's tolerance (above the floor), the dirs with the
 *   fewest partition logs (where `LogManager.nextLogDirs` puts the next new partition) include a full
 *   one (fullness at or above the broker's mean, as lib/plan/padding.ts splits them). Brokers on Kafka
 *   4.3+ (`kafkaBehaviour(line).cordonedLogDirs`) get a cordon of their full dirs (`cordonCommand`, the
 *   planner's format); older ones the padding workaround (`paddingPlan`, docs/padding-workaround.md).
 *   Where the version was assumed (the base does not say), both are given and the text says why.
 * - Fix the bytes already there: a log-dir rebalance (the planner's `dir-utilization` goal) when the
 *   dir goal is not met, with the broker goals that are not met either; the planner decides the moves.
 *
 * Pure: it reads a report's figures and the simulated Kafka lines only. The commands name the
 * bootstrap placeholder: a simulated cluster has no address.
 */
import { formatBytes, formatSkew, formatWholePercent } from "../model/format";
import { kafkaBehaviour, type KafkaLine } from "../model/kafka-versions";
import type { DirFigures } from "../model/report";
import { balanceOf, DEFAULT_BALANCE_OPTIONS, goalOf, skewFloorBytes, type Balance } from "../plan/balanced";
import { BOOTSTRAP_PLACEHOLDER, type PlanOptionsInput, type SoftGoal } from "../plan/options";
import { cordonCommand, paddingPlan, uncordonCommand, type PaddingPlan } from "../plan/padding";
import { dirBytesSkew, flooredSkewText } from "./byte-skew";
import type { SimulatedLines } from "./kafka-line";
import type { SimulatedKafkaVersion } from "./schema";
import type { SlimReport } from "./slim-report";

/** Where the padding workaround is explained. */
export const PADDING_DOCS = "docs/padding-workaround.md";

/** A broker whose next new partitions are headed for a full dir. */
export interface TrappedBroker {
  broker: number;
  /** Its full dirs (at or above its mean fullness), in `log.dirs` order: what a cordon or the padding covers. */
  full: string[];
  /** Its other live dirs: where new partitions should go. */
  targets: string[];
  /** The Kafka line it was simulated with; null when not known (a broker added by a step, in a run of mixed lines). */
  line: KafkaLine | null;
  /** True when the base did not say which version it runs and the newest candidate was taken. */
  assumed: boolean;
}

export interface CordonBroker {
  broker: number;
  /** Dirs newly cordoned. */
  adding: string[];
  command: string;
  /** Back to the broker's cordons before (none: the config deleted). */
  undo: string;
}

export type SimulationAction =
  | { kind: "cordon"; title: string; text: string; brokers: CordonBroker[] }
  | { kind: "padding"; title: string; text: string; brokers: number[]; plan: PaddingPlan; docs: string }
  | { kind: "rebalance"; title: string; text: string; options: PlanOptionsInput };

export interface SimulationActions {
  /** Why there is nothing to do, when there is nothing. */
  none: string | null;
  actions: SimulationAction[];
}

export interface ActionsInput {
  /** The cluster to act on: the last step's report under Kafka's rule. */
  report: SlimReport;
  /** The scenario's Kafka version choice, and the lines its base's brokers were simulated with. */
  kafkaVersion: SimulatedKafkaVersion;
  kafka: readonly SimulatedLines[];
  bootstrapServer?: string;
}

/** "a", "a and b", "a, b and c". */
function listText(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function brokersText(ids: readonly number[]): string {
  return `${ids.length === 1 ? "broker" : "brokers"} ${listText(ids.map(String))}`;
}

function lineOf(input: ActionsInput, broker: number): { line: KafkaLine | null; assumed: boolean } {
  if (input.kafkaVersion !== "auto") return { line: input.kafkaVersion, assumed: false };
  const group = input.kafka.find((g) => g.brokers.includes(broker));
  if (group) return { line: group.line, assumed: group.assumed };
  // A broker a step added follows the cluster's line: known when the base runs one line.
  return input.kafka.length === 1 ? { line: input.kafka[0]!.line, assumed: input.kafka[0]!.assumed } : { line: null, assumed: true };
}

function smallestCapacity(dirs: readonly DirFigures[]): number | null {
  let min: number | null = null;
  for (const d of dirs) {
    if (d.totalBytes === null || !(d.totalBytes > 0)) return null;
    if (min === null || d.totalBytes < min) min = d.totalBytes;
  }
  return min;
}

/** The goals a simulator report can measure (it carries no leadership and no topic rows). */
export const ACTION_GOALS: readonly SoftGoal[] = ["dir-utilization", "broker-bytes", "broker-replicas"];

/** The report's balance by lib/plan/balanced.ts, each broker's cordons as its simulated line honours them. */
export function reportBalance(input: ActionsInput): Balance {
  return balanceOf(
    input.report,
    {
      honoursCordons: (b) => {
        const { line } = lineOf(input, b);
        return line !== null && kafkaBehaviour(line).cordonedLogDirs;
      },
    },
    { ...DEFAULT_BALANCE_OPTIONS, goals: [...ACTION_GOALS] },
  );
}

/** The brokers outside the dir goal whose next new partition goes to a full dir, by Kafka's count rule. */
export function trappedBrokers(input: ActionsInput, balance: Balance = reportBalance(input)): TrappedBroker[] {
  const { report } = input;
  const outside = new Set(goalOf(balance, "dir-utilization")?.brokers ?? []);
  const read = new Set(report.brokers.filter((b) => b.state === "online" && outside.has(b.id)).map((b) => b.id));
  const out: TrappedBroker[] = [];
  for (const id of [...read].sort((a, b) => a - b)) {
    const { line, assumed } = lineOf(input, id);
    // An unknown line may be older than 4.3: its cordoned dirs may still take partitions, so they count as open.
    const cordons = line !== null && kafkaBehaviour(line).cordonedLogDirs;
    const own = report.dirs.filter((d) => d.broker === id);
    const open = own.filter((d) => d.state === "online" || (d.state === "cordoned" && !cordons));
    if (open.length < 2) continue;
    const bytes = open.map((d) => d.bytes);
    if (Math.max(...bytes) - Math.min(...bytes) < skewFloorBytes(smallestCapacity(open))) continue;
    const byUtil = open.every((d) => d.utilization !== null);
    const fullness = (d: DirFigures) => (byUtil ? d.utilization! : d.usedBytes);
    const mean = open.reduce((s, d) => s + fullness(d), 0) / open.length;
    const full = open.filter((d) => fullness(d) >= mean);
    const targets = open.filter((d) => fullness(d) < mean);
    if (targets.length === 0) continue;
    const fewest = Math.min(...open.map((d) => d.logCount));
    if (!full.some((d) => d.logCount === fewest)) continue;
    out.push({ broker: id, full: full.map((d) => d.path), targets: targets.map((d) => d.path), line, assumed });
  }
  return out;
}

/** How full a set of dirs is, in the figure the split used: "77–79%" or "400.0 GiB–410.0 GiB". */
function fullnessText(dirs: readonly DirFigures[]): string {
  const byUtil = dirs.every((d) => d.utilization !== null);
  const values = dirs.map((d) => (byUtil ? d.utilization! : d.usedBytes));
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (!byUtil) return lo === hi ? formatBytes(lo) : `${formatBytes(lo)}–${formatBytes(hi)}`;
  const a = formatWholePercent(lo);
  const b = formatWholePercent(hi);
  // In a range, "under 1%" reads as 0: "0–20%".
  return a === b ? `${a} full` : `${Math.round(lo * 100)}–${b} full`;
}

/** "10 partitions", "10–12 partitions". */
function countText(dirs: readonly DirFigures[]): string {
  const counts = dirs.map((d) => d.logCount);
  const lo = Math.min(...counts);
  const hi = Math.max(...counts);
  return `${lo === hi ? lo : `${lo}–${hi}`} partition${hi === 1 ? "" : "s"}`;
}

/** The dirs named across brokers: "/data/d2 and /data/d3" when every broker has the same, else per broker. */
function dirsAcross(trapped: readonly TrappedBroker[], pick: (t: TrappedBroker) => string[]): string {
  const first = pick(trapped[0]!).join("\u0000");
  if (trapped.every((t) => pick(t).join("\u0000") === first)) return `${listText(pick(trapped[0]!))} on ${brokersText(trapped.map((t) => t.broker))}`;
  return trapped.map((t) => `${listText(pick(t))} on broker ${t.broker}`).join("; ");
}

function cordonAction(input: ActionsInput, trapped: readonly TrappedBroker[], bootstrap: string): SimulationAction {
  const brokers = trapped.map((t): CordonBroker => {
    const own = input.report.dirs.filter((d) => d.broker === t.broker);
    const before = own.filter((d) => d.state === "cordoned").map((d) => d.path);
    const wanted = new Set([...before, ...t.full]);
    const after = own.map((d) => d.path).filter((p) => wanted.has(p));
    return {
      broker: t.broker,
      adding: t.full.filter((p) => !before.includes(p)),
      command: cordonCommand(bootstrap, t.broker, after),
      undo: uncordonCommand(bootstrap, t.broker, before),
    };
  });
  const fullDirs = trapped.flatMap((t) => input.report.dirs.filter((d) => d.broker === t.broker && t.full.includes(d.path)));
  const targetDirs = trapped.flatMap((t) => input.report.dirs.filter((d) => d.broker === t.broker && t.targets.includes(d.path)));
  const fullNames = listText([...new Set(trapped.flatMap((t) => t.full))]);
  const targetNames = listText([...new Set(trapped.flatMap((t) => t.targets))]);
  const lines = [...new Set(trapped.map((t) => t.line!))].map((l) => kafkaBehaviour(l).label);
  const assumed = trapped.some((t) => t.assumed);
  const text =
    `Kafka puts each new partition in the dir with the fewest partitions, and on ${brokersText(trapped.map((t) => t.broker))} that is a full dir: ${fullNames} (${fullnessText(fullDirs)}) ${fullNames.includes(" and ") ? "hold" : "holds"} ${countText(fullDirs)}${fullDirs.length > 1 ? " each" : ""}, ${targetNames} (${fullnessText(targetDirs)}) ${targetNames.includes(" and ") ? "hold" : "holds"} ${countText(targetDirs)}. ` +
    `A cordoned dir (cordoned.log.dirs, Kafka 4.3 and newer; this run simulates Kafka ${listText(lines)}${assumed ? ", assumed because the base does not say which version it runs" : ""}) keeps serving its partitions but gets no new ones, so they go to the other dirs. ` +
    `Each command sets the broker's whole list; the second one of each broker removes the cordon again, once the dirs are even.`;
  return { kind: "cordon", title: `Cordon ${dirsAcross(trapped, (t) => t.full)}`, text, brokers };
}

function paddingAction(input: ActionsInput, trapped: readonly TrappedBroker[], bootstrap: string, why: string): SimulationAction | null {
  const plan = paddingPlan(
    trapped.map((t) => {
      const { line } = lineOf(input, t.broker);
      return {
        id: t.broker,
        dirs: input.report.dirs
          .filter((d) => d.broker === t.broker)
          .map((d) => ({ path: d.path, state: d.state, logCount: d.logCount, usedBytes: d.usedBytes, utilization: d.utilization })),
        honoursCordons: line !== null && kafkaBehaviour(line).cordonedLogDirs,
      };
    }),
    { bootstrapServer: bootstrap },
  );
  if (plan.partitions.length === 0) return null;
  const padded = [...new Set(plan.padded.map((p) => p.broker))];
  const text =
    `${why} Pad the full dirs instead: a throw-away topic (${plan.topic}) of ${plan.partitions.length} empty single-replica partitions, each pinned into a full dir with kafka-reassign-partitions, raises their partition counts so that Kafka's count rule sends the next ${plan.steeredPartitions} new partitions of each broker to its other dirs. ` +
    `Delete the topic (the last command) only once the full dirs are relieved. How it works: ${PADDING_DOCS}.`;
  return {
    kind: "padding",
    title: `Pad ${dirsAcross(
      trapped.filter((t) => padded.includes(t.broker)),
      (t) => t.full,
    )} (padding workaround)`,
    text,
    brokers: padded,
    plan,
    docs: PADDING_DOCS,
  };
}

const GOAL_WORDS: Record<string, string> = { "dir-utilization": "the dirs of each broker", "broker-bytes": "bytes across brokers", "broker-replicas": "partitions across brokers" };

export function simulationActions(input: ActionsInput): SimulationActions {
  const bootstrap = input.bootstrapServer ?? BOOTSTRAP_PLACEHOLDER;
  const balance = reportBalance(input);
  const unmet = balance.goals.filter((g) => g.measured && g.outside > 0).map((g) => g.goal);
  if (unmet.length === 0) {
    const skew = dirBytesSkew(input.report);
    const detail = skew.kind === "below-floor" && skew.tooLittleData ? flooredSkewText(skew, "dirs") : "every dir and broker is within the planner's tolerances";
    return { none: `Nothing to act on: ${detail}.`, actions: [] };
  }
  const actions: SimulationAction[] = [];
  const trapped = trappedBrokers(input, balance);
  const cordoning = trapped.filter((t) => t.line !== null && kafkaBehaviour(t.line).cordonedLogDirs);
  if (cordoning.length > 0) actions.push(cordonAction(input, cordoning, bootstrap));
  // Padding: brokers whose line has no cordons, and brokers whose line was assumed (they may be older).
  const padding = trapped.filter((t) => t.line === null || !kafkaBehaviour(t.line).cordonedLogDirs || t.assumed);
  if (padding.length > 0) {
    const older = padding.filter((t) => t.line !== null && !kafkaBehaviour(t.line).cordonedLogDirs);
    const why =
      older.length === padding.length
        ? `Kafka ${listText([...new Set(older.map((t) => kafkaBehaviour(t.line!).label))])} has no cordoned.log.dirs (it arrived in Kafka 4.3).`
        : `Cordons need Kafka 4.3 or newer, and the version of ${brokersText(padding.map((t) => t.broker))} is not known for sure: if ${padding.length === 1 ? "it runs" : "they run"} an older one, the cordon does nothing.`;
    const action = paddingAction(input, padding, bootstrap, why);
    if (action) actions.push(action);
  }
  const dirs = unmet.includes("dir-utilization");
  const skew = dirBytesSkew(input.report);
  const worst = dirs && skew.kind === "skew" && skew.broker !== null ? ` (on broker ${skew.broker} the fullest dir holds ${formatSkew(skew.ratio)} the mean of its dirs)` : "";
  const lead =
    trapped.length > 0
      ? "Steering new partitions leaves the bytes already on the full dirs where they are"
      : `The planner's tolerances are not met for ${listText(unmet.map((g) => GOAL_WORDS[g]!))}`;
  const how = dirs
    ? "The planner's dir goal moves replicas between the dirs of each broker (kafka-reassign-partitions with log_dirs) until every dir is within its tolerance"
    : "The planner moves replicas between brokers until each is within its tolerance";
  actions.push({
    kind: "rebalance",
    title: unmet.length === 1 && dirs ? "Plan a log-dir rebalance" : dirs ? "Plan a log-dir and broker rebalance" : "Plan a broker rebalance",
    text: `${lead}${worst}. ${how}, and prints the commands.`,
    options: { operation: { kind: "rebalance" }, goals: [...unmet] },
  });
  return { none: null, actions };
}
