/**
 * The next-placement preview: for each broker, the log dir Kafka's own rule (`LogManager.nextLogDirs`,
 * ported in lib/placement) gives the next new partition replica, from the live log counts.
 *
 * The rule counts logs, never bytes, so it walks straight into the founding story's trap: a dir with
 * few but large partitions looks empty to it. A choice is flagged when the broker's dirs are uneven as the
 * planner judges them (lib/plan/balanced.ts dirsUneven: outside its tolerance, above the size floor) and
 * the chosen dir is already the broker's fullest or well above its mean, or when it is past the 85 % mark.
 *
 * - Live dirs are the broker's online and cordoned dirs in `log.dirs` order (the tie-break order);
 *   counts are `logCount` (current + future logs), exactly what LogManager counts.
 * - The rule is the broker's Kafka version's (lib/model/kafka-versions.ts): tie order and cordons are
 *   separate facts of a version. Each broker is read with its own version (a fleet mid-upgrade mixes
 *   them), else the cluster's. When the version is not pinned down and the lines it could be would
 *   pick different dirs, the newest line's choice leads and the others are listed as alternatives.
 * - "Fuller" compares utilisation when every live dir reports capacity, else used bytes; dirs the
 *   planner calls even (within its tolerance, or apart by less than the size floor) are not called fuller.
 */
import type { BalanceReport, DirFigures } from "@/lib/model/report";
import type { BrokerState } from "@/lib/model/snapshot";
import { maxOf, minOf } from "@/lib/model/min-max";
import { formatBytes, formatCount, formatUtilization } from "@/lib/model/format";
import { nextLogDirs } from "@/lib/placement";
import { dirsUneven } from "@/lib/plan/balanced";
import { brokerKafkaVersion, describeKafkaLines, logDirRulesFor, type KafkaLine, type LogDirRule } from "@/lib/model/kafka-versions";

export type PlacementFlag = "fullest" | "above-mean" | "above-85";

export interface NextPlacement {
  broker: number;
  /** The dir the next new replica goes to, or null when the broker has no live dir or its dirs are unknown (unreachable, unknown). */
  dir: string | null;
  /** Live dirs in Kafka's candidate order, best first. */
  candidates: { path: string; logCount: number; usedBytes: number; utilization: number | null }[];
  /** Why this dir, in words: "fewest partitions (10, vs 50 in /data/d1)". */
  reason: string;
  flags: PlacementFlag[];
  /** The warning in words, or null when the choice is harmless. */
  warning: string | null;
  /** The Kafka lines this prediction holds for ("4.4", "3.9 to 4.3", "unknown" = every line). */
  lines: string;
  /** Other lines the broker's version could be whose rule picks another dir: "if it runs 3.9 to 4.2, /d5". */
  alternatives: { lines: string; dir: string }[];
}

/** The Kafka version of the cluster and, where the reader told them apart, of each broker. */
export interface KafkaVersions {
  cluster: string | null | undefined;
  brokers?: ReadonlyMap<number, string | null | undefined>;
}

export function kafkaVersionsOf(snapshot: { source: { kafkaVersion: string | null }; brokers: readonly { id: number; kafkaVersion?: string | null }[] }): KafkaVersions {
  return { cluster: snapshot.source.kafkaVersion, brokers: new Map(snapshot.brokers.map((b) => [b.id, b.kafkaVersion])) };
}

/** 85 %: the "act now" utilisation mark (see UTILIZATION_MARKS). */
const FULL_MARK = 0.85;
/** A dir this much above its broker's mean (1.25×) is "well above" it; smaller gaps are noise. */
const ABOVE_MEAN_RATIO = 1.25;

function fullness(dirs: readonly DirFigures[]): { of: (d: DirFigures) => number; format: (d: DirFigures) => string } {
  const byUtil = dirs.every((d) => d.utilization !== null);
  return byUtil ? { of: (d) => d.utilization!, format: (d) => `${formatUtilization(d.utilization)} used` } : { of: (d) => d.usedBytes, format: (d) => formatBytes(d.usedBytes) };
}

function candidateOrder(live: readonly DirFigures[], rule: LogDirRule): string[] {
  // Own properties: a dir may be named `__proto__`, which `counts[path] =` on a {} would drop.
  const counts = Object.fromEntries(live.map((d) => [d.path, d.logCount]));
  const cordoned = rule.honoursCordons ? live.filter((d) => d.state === "cordoned").map((d) => d.path) : [];
  return nextLogDirs(
    live.map((d) => d.path),
    counts,
    { cordoned, tieOrder: rule.tieOrder },
  );
}

/** The next placement on one broker, by the rule of every line its version could be. */
export function nextPlacementFor(brokerId: number, dirs: readonly DirFigures[], state: BrokerState, kafkaVersion: string | null): NextPlacement {
  const live = dirs.filter((d) => d.state !== "offline");
  const rules = logDirRulesFor(kafkaVersion);
  const lines = describeKafkaLines(rules.flatMap((r) => r.lines));
  const empty = (reason: string): NextPlacement => ({ broker: brokerId, dir: null, candidates: [], reason, flags: [], warning: null, lines, alternatives: [] });
  if (state === "unreachable") return empty("broker unreachable: its log counts are unknown");
  if (state === "unknown") return empty("not in the kafka-log-dirs output: its log dirs are unknown");
  if (live.length === 0) return empty(dirs.length === 0 ? "no log dirs reported" : "every log dir is offline");

  const [primary, ...otherRules] = rules;
  const order = candidateOrder(live, primary!.rule);
  const leading = [...primary!.lines];
  const elsewhere = new Map<string, KafkaLine[]>();
  for (const other of otherRules) {
    const dir = candidateOrder(live, other.rule)[0]!;
    if (dir === order[0]) leading.push(...other.lines);
    else elsewhere.set(dir, [...(elsewhere.get(dir) ?? []), ...other.lines]);
  }
  const alternatives = [...elsewhere].map(([dir, l]) => ({ lines: describeKafkaLines(l), dir }));
  const byPath = new Map(live.map((d) => [d.path, d]));
  const candidates = order.map((p) => {
    const d = byPath.get(p)!;
    return { path: p, logCount: d.logCount, usedBytes: d.usedBytes, utilization: d.utilization };
  });
  const chosen = byPath.get(order[0]!)!;
  const others = live.filter((d) => d !== chosen);
  const most = others.reduce<DirFigures | null>((m, d) => (m === null || d.logCount > m.logCount ? d : m), null);
  const reason =
    others.length === 0
      ? "the only live dir"
      : most && most.logCount > chosen.logCount
        ? `fewest partitions (${formatCount(chosen.logCount)}, vs ${formatCount(most.logCount)} in ${most.path})`
        : `tied on partitions (${formatCount(chosen.logCount)}); first in ${primary!.rule.tieOrder === "scala-hash" && live.length > 4 ? "Scala's hash order of the dir paths (Kafka up to 4.3, over 4 dirs)" : "log.dirs order"}`;

  const { of, format } = fullness(live);
  const values = live.map(of);
  const max = maxOf(values);
  const min = minOf(values);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const value = of(chosen);
  const flags: PlacementFlag[] = [];
  // A pick is a trap only where the planner would call the broker's dirs uneven (lib/plan/balanced.ts: outside
  // its tolerance, above the size floor): 62 GiB against 58 GiB, or 16 KiB against 0 B, is no trap.
  const open = live.filter((d) => d.state !== "cordoned" || !primary!.rule.honoursCordons);
  const meaningful = live.length > 1 && max > min && dirsUneven(open);
  if (meaningful && value === max) flags.push("fullest");
  else if (meaningful && mean > 0 && value >= ABOVE_MEAN_RATIO * mean) flags.push("above-mean");
  if (chosen.utilization !== null && chosen.utilization >= FULL_MARK) flags.push("above-85");

  const words: string[] = [];
  if (flags.includes("fullest")) words.push(`already the fullest dir on this broker (${format(chosen)})`);
  if (flags.includes("above-mean")) {
    const meanText = live.every((d) => d.utilization !== null) ? formatUtilization(mean) : formatBytes(mean);
    words.push(`already ${format(chosen)}, well above the broker's mean of ${meanText}`);
  }
  if (flags.includes("above-85") && !flags.includes("fullest") && !flags.includes("above-mean")) words.push(`already ${format(chosen)}, past the 85% mark`);
  else if (flags.includes("above-85")) words.push("past the 85% mark");
  const leadLines = alternatives.length > 0 ? describeKafkaLines(leading) : lines;
  return { broker: brokerId, dir: chosen.path, candidates, reason, flags, warning: words.length ? words.join("; ") : null, lines: leadLines, alternatives };
}

export function nextPlacements(report: BalanceReport, versions: KafkaVersions): NextPlacement[] {
  const byBroker = new Map<number, DirFigures[]>();
  for (const d of report.dirs) {
    const list = byBroker.get(d.broker);
    if (list) list.push(d);
    else byBroker.set(d.broker, [d]);
  }
  return report.brokers.map((b) => nextPlacementFor(b.id, byBroker.get(b.id) ?? [], b.state, brokerKafkaVersion({ kafkaVersion: versions.brokers?.get(b.id) }, versions.cluster)));
}
