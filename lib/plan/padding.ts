/**
 * Steering Kafka's next new partitions away from full log dirs, by the two means Kafka offers:
 *
 * - A cordon (KIP-1066 `cordoned.log.dirs`, Kafka 4.3+): the broker places no new partition in a
 *   cordoned dir. `cordonCommand` writes the `kafka-configs` line (the planner's drain writes the same).
 * - The padding workaround, for every version: Kafka puts a new partition replica in the dir with the
 *   FEWEST partition logs (`LogManager.nextLogDirs` counts logs, current and future, never bytes), so
 *   a dir that holds a few huge partitions looks empty to it. Raising the log count of the dirs that
 *   are fullest by bytes — with a tiny topic whose single-replica partitions are pinned onto them by
 *   `kafka-reassign-partitions` with `log_dirs` — makes Kafka send the next new partitions to the
 *   other dirs. `paddingPlan` computes how many padding partitions each full dir needs and prints the
 *   exact commands (docs/padding-workaround.md explains them).
 *
 * How many: the dirs of a broker are split into the full ones (fullness at or above the broker's mean,
 * by utilisation when every live dir reports capacity, else by used bytes) and the others (the
 * targets). For N new replicas to land on the targets, the targets' counts are water-filled with N:
 * L is the least level with Σ max(0, L − count) ≥ N over the targets. Before each of the N
 * placements some target is below L, so a full dir whose count is at least L is never the fewest:
 * each full dir gets max(0, L − count) padding partitions. Ties cannot send one to a full dir.
 *
 * Pure: no I/O. The commands use the bootstrap placeholder when the address is not known.
 */
import { BOOTSTRAP_PLACEHOLDER } from "./options";
import { formatReassignmentJson } from "../model/reassignment-json";
import { bootstrapArg, shellArg } from "./shell";

/** The padding topic's default name: plain characters (one shell word), and not one an application would pick. */
export const PADDING_TOPIC = "kafka-balance-padding";
/** By default the next 50 new partition replicas on each broker are steered to its emptier dirs. */
export const DEFAULT_STEERED_PARTITIONS = 50;

/** A log dir as the padding needs it: its state, Kafka's log count and how full it is. */
export interface PaddingDir {
  path: string;
  state: "online" | "offline" | "cordoned";
  /** Current + future logs: what Kafka's rule counts. */
  logCount: number;
  usedBytes: number;
  /** usedBytes ÷ capacity, or null when capacity is unknown. */
  utilization: number | null;
}

export interface PaddingBroker {
  id: number;
  /** The broker's dirs in `log.dirs` order. */
  dirs: readonly PaddingDir[];
  /** Whether the broker honours `cordoned.log.dirs` (4.3+); a cordoned dir of an older broker is an ordinary dir to it. */
  honoursCordons?: boolean;
}

export interface PaddingOptions {
  bootstrapServer?: string;
  topic?: string;
  /** How many new partition replicas per broker should go to its emptier dirs (default 50). */
  steeredPartitions?: number;
}

export interface PaddedDir {
  broker: number;
  path: string;
  logCountBefore: number;
  /** Padding partitions pinned into it. */
  add: number;
}

export interface PaddingPlan {
  topic: string;
  /** How many new replicas per broker the padding steers. */
  steeredPartitions: number;
  /** The dirs that get padding, with how many partitions each. */
  padded: PaddedDir[];
  /** Per broker, the dirs the next new partitions go to once padded. */
  targets: { broker: number; dirs: string[] }[];
  /** One entry per padding partition: its single replica and pinned dir. */
  partitions: { topic: string; partition: number; replicas: number[]; logDirs: string[] }[];
  /** `padding.json` for `kafka-reassign-partitions --execute`. */
  reassignmentJson: string;
  /** The commands, in order, to paste (the JSON written by a heredoc). Empty when nothing needs padding. */
  commands: string[];
  /** The command that removes the padding once the full dirs are relieved (their counts drop back). */
  removeCommand: string;
  /** Brokers left out, and why (no live dirs, a single dir, dirs already even). */
  skipped: { broker: number; reason: string }[];
}

/** `kafka-configs` to set a broker's whole `cordoned.log.dirs` (the list replaces the old one, so it names every dir to keep cordoned). */
export function cordonCommand(bootstrapServer: string, broker: number, dirs: readonly string[]): string {
  return `kafka-configs.sh --bootstrap-server ${bootstrapArg(bootstrapServer)} --entity-type brokers --entity-name ${broker} --alter --add-config ${shellArg(`cordoned.log.dirs=[${dirs.join(",")}]`)}`;
}

/** `kafka-configs` to put a broker's `cordoned.log.dirs` back to `keep` (the dirs cordoned before): the key deleted when none was. */
export function uncordonCommand(bootstrapServer: string, broker: number, keep: readonly string[]): string {
  return keep.length > 0
    ? cordonCommand(bootstrapServer, broker, keep)
    : `kafka-configs.sh --bootstrap-server ${bootstrapArg(bootstrapServer)} --entity-type brokers --entity-name ${broker} --alter --delete-config cordoned.log.dirs`;
}

/** The least level L with Σ max(0, L − c) ≥ n over `counts` (n ≥ 1, counts non-empty). */
export function waterLevel(counts: readonly number[], n: number): number {
  const sorted = [...counts].sort((a, b) => a - b);
  let filled = 0;
  for (let i = 0; i < sorted.length; i++) {
    const next = i + 1 < sorted.length ? sorted[i + 1]! : Infinity;
    // Raising the lowest i+1 dirs from sorted[i] towards `next` takes (i+1) per step.
    const width = i + 1;
    const room = next === Infinity ? Infinity : (next - sorted[i]!) * width;
    if (filled + room >= n) return sorted[i]! + Math.ceil((n - filled) / width);
    filled += room;
  }
  return sorted[sorted.length - 1]! + n;
}

/** The dirs of a broker new partitions may go to, in `log.dirs` order (offline never; cordoned only where the broker ignores cordons). */
function liveDirs(broker: PaddingBroker): PaddingDir[] {
  return broker.dirs.filter((d) => d.state === "online" || (d.state === "cordoned" && broker.honoursCordons === false));
}

export function paddingPlan(brokers: readonly PaddingBroker[], options: PaddingOptions = {}): PaddingPlan {
  const topic = options.topic ?? PADDING_TOPIC;
  const n = Math.max(1, Math.floor(options.steeredPartitions ?? DEFAULT_STEERED_PARTITIONS));
  const bootstrap = bootstrapArg(options.bootstrapServer ?? BOOTSTRAP_PLACEHOLDER);
  const padded: PaddedDir[] = [];
  const targets: PaddingPlan["targets"] = [];
  const skipped: PaddingPlan["skipped"] = [];
  for (const broker of [...brokers].sort((a, b) => a.id - b.id)) {
    const live = liveDirs(broker);
    if (live.length === 0) {
      skipped.push({ broker: broker.id, reason: "no live log dir" });
      continue;
    }
    if (live.length === 1) {
      skipped.push({ broker: broker.id, reason: "a single live log dir: every new partition goes there" });
      continue;
    }
    const byUtil = live.every((d) => d.utilization !== null);
    const fullness = (d: PaddingDir) => (byUtil ? d.utilization! : d.usedBytes);
    const mean = live.reduce((s, d) => s + fullness(d), 0) / live.length;
    const full = live.filter((d) => fullness(d) >= mean);
    const rest = live.filter((d) => fullness(d) < mean);
    if (rest.length === 0) {
      skipped.push({ broker: broker.id, reason: "its dirs are equally full" });
      continue;
    }
    const level = waterLevel(
      rest.map((d) => d.logCount),
      n,
    );
    for (const d of full) {
      const add = Math.max(0, level - d.logCount);
      if (add > 0) padded.push({ broker: broker.id, path: d.path, logCountBefore: d.logCount, add });
    }
    targets.push({ broker: broker.id, dirs: rest.map((d) => d.path) });
  }
  // A new topic: its partitions are numbered from 0 in the order of --replica-assignment.
  let partition = 0;
  const partitions: PaddingPlan["partitions"] = [];
  for (const d of padded) for (let i = 0; i < d.add; i++) partitions.push({ topic, partition: partition++, replicas: [d.broker], logDirs: [d.path] });
  const reassignmentJson = formatReassignmentJson(partitions);
  const removeCommand = `kafka-topics.sh --bootstrap-server ${bootstrap} --delete --topic ${shellArg(topic)}`;
  const commands =
    partitions.length === 0
      ? []
      : [
          // One replica per partition, on the broker whose dir it pads; Kafka first puts it in that broker's fewest-count dir.
          `kafka-topics.sh --bootstrap-server ${bootstrap} --create --topic ${shellArg(topic)} --replica-assignment ${partitions.map((p) => p.replicas[0]).join(",")} --config retention.bytes=1048576`,
          // The reassignment tool asks a broker for the topic: until every broker has the new topic's metadata it
          // may answer "not found" (seen on 3.9.2 under load). Wait until one knows it, 30 s at most.
          `for i in $(seq 30); do kafka-topics.sh --bootstrap-server ${bootstrap} --describe --topic ${shellArg(topic)} >/dev/null 2>&1 && break; sleep 1; done`,
          `cat > padding.json <<'EOF'\n${reassignmentJson}\nEOF`,
          `kafka-reassign-partitions.sh --bootstrap-server ${bootstrap} --reassignment-json-file padding.json --execute`,
          `kafka-reassign-partitions.sh --bootstrap-server ${bootstrap} --reassignment-json-file padding.json --verify`,
        ];
  return { topic, steeredPartitions: n, padded, targets, partitions, reassignmentJson, commands, removeCommand, skipped };
}
