/**
 * The verdict line: the balance report in plain words, for someone who has never heard the story.
 *
 * It answers, in this order: are brokers even (partitions, then bytes); are the disks of each broker
 * even; if not, which dirs hold the bytes (named by path when the same dirs dominate every broker,
 * else the worst broker's); and, when partition counts and bytes disagree, says so, because that is
 * the signature of Kafka's count-based dir placement. Details follow: the fullest disk, where Kafka
 * will put the next partition when that is a trap, offline dirs, unreachable brokers, brokers known only
 * from partition assignments, moves in flight.
 *
 * Only brokers whose figures were read (state `online`) are weighed: an unreachable or unknown broker's
 * bytes are missing, not zero (the report leaves it out of the broker skews), so it gets its own
 * sentence instead of bending the headline.
 */
import type { BalanceReport, DirFigures } from "@/lib/model/report";
import { maxOf, minOf } from "@/lib/model/min-max";
import { formatBytes, formatCount, formatCountOf, formatSkew, formatUtilization, formatWholePercent } from "@/lib/model/format";
import type { NextPlacement } from "./next-placement";
import { BAD_RATIO, EVEN_RATIO } from "./skew-cards";

export interface Verdict {
  tone: "ok" | "warn" | "bad";
  headline: string;
  details: string[];
}

/** 80 %: "most of the bytes"; the smallest set of dirs holding at least this share is named. */
const DOMINANT_SHARE = 0.8;
/** Dirs within a broker are called even up to 1.15× (a little looser than brokers: fewer, larger items). */
const EVEN_DIR_RATIO = 1.15;

/** "over 99%" rather than "100%" when a little is left elsewhere; "<1%" rather than "0%". */
export function shareText(share: number): string {
  if (share >= 0.995 && share < 1) return "over 99%";
  return formatWholePercent(share);
}

/** "a", "a and b", "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

interface Dominant {
  broker: number;
  paths: string[];
  byteShare: number;
  partitionShare: number;
}

/** The fewest dirs of one broker that hold DOMINANT_SHARE of its bytes, when fewer than all of them. */
export function dominantDirs(broker: number, dirs: readonly DirFigures[]): Dominant | null {
  const live = dirs.filter((d) => d.state !== "offline");
  const bytes = live.reduce((s, d) => s + d.bytes, 0);
  const partitions = live.reduce((s, d) => s + d.partitions, 0);
  if (live.length < 2 || bytes === 0) return null;
  const sorted = [...live].sort((a, b) => b.bytes - a.bytes);
  let held = 0;
  const chosen: DirFigures[] = [];
  for (const d of sorted) {
    chosen.push(d);
    held += d.bytes;
    if (held >= DOMINANT_SHARE * bytes) break;
  }
  if (chosen.length >= live.length) return null;
  const order = new Map(live.map((d, i) => [d.path, i]));
  const paths = chosen.map((d) => d.path).sort((a, b) => order.get(a)! - order.get(b)!);
  const chosenPartitions = chosen.reduce((s, d) => s + d.partitions, 0);
  return { broker, paths, byteShare: held / bytes, partitionShare: partitions > 0 ? chosenPartitions / partitions : 0 };
}

function dirsSentence(report: BalanceReport): { text: string; countsDisagree: boolean } | null {
  const byBroker = new Map<number, DirFigures[]>();
  for (const d of report.dirs) {
    const own = byBroker.get(d.broker);
    if (own) own.push(d);
    else byBroker.set(d.broker, [d]);
  }
  const dominants = report.brokers
    .filter((b) => b.state === "online")
    .map((b) => dominantDirs(b.id, byBroker.get(b.id) ?? []))
    .filter((d): d is Dominant => d !== null);
  if (dominants.length === 0) return null;
  const multiDir = report.brokers.filter((b) => b.state === "online" && (byBroker.get(b.id) ?? []).filter((d) => d.state !== "offline").length > 1 && b.bytes > 0).length;
  const key = (d: Dominant) => d.paths.join("\u0000");
  const same = dominants.length === multiDir && multiDir > 1 && dominants.every((d) => key(d) === key(dominants[0]!));
  const verb = (paths: string[]) => (paths.length === 1 ? "holds" : "hold");
  const disagree = (d: Dominant) => d.partitionShare < d.byteShare - 0.2;
  if (same) {
    const paths = dominants[0]!.paths;
    const lo = minOf(dominants.map((d) => d.byteShare));
    const loP = minOf(dominants.map((d) => d.partitionShare));
    const hiP = maxOf(dominants.map((d) => d.partitionShare));
    const countsDisagree = dominants.every(disagree);
    const pShare = loP === hiP || shareText(loP) === shareText(hiP) ? shareText(hiP) : `${shareText(loP)}–${shareText(hiP)}`;
    const tail = countsDisagree ? `, with only ${pShare} of the partitions` : "";
    return { text: `${listText(paths)} ${verb(paths)} ${shareText(lo)} of the bytes on every broker${tail}`, countsDisagree };
  }
  const worstKey = report.skew.dirBytes.worst;
  const worst = dominants.find((d) => d.broker === worstKey?.broker) ?? dominants[0]!;
  const tail = disagree(worst) ? `, with only ${shareText(worst.partitionShare)} of its partitions` : "";
  const others = dominants.length - 1;
  const more = others > 0 ? ` (and ${others} more broker${others === 1 ? " is" : "s are"} uneven)` : "";
  return { text: `on broker ${worst.broker}, ${listText(worst.paths)} ${verb(worst.paths)} ${shareText(worst.byteShare)} of the bytes${tail}${more}`, countsDisagree: disagree(worst) };
}

function brokerClause(report: BalanceReport): { partitionsEven: boolean; bytesEven: boolean; text: string } {
  const { brokerReplicas, brokerBytes } = report.skew;
  const partitionsEven = brokerReplicas.count < 2 || brokerReplicas.maxOverMean <= EVEN_RATIO;
  const bytesEven = brokerBytes.count < 2 || brokerBytes.total === 0 || brokerBytes.maxOverMean <= EVEN_RATIO;
  if (partitionsEven && bytesEven) return { partitionsEven, bytesEven, text: "" };
  const parts: string[] = [];
  if (!partitionsEven) parts.push(`broker ${brokerReplicas.worst} has ${formatSkew(brokerReplicas.maxOverMean)} the mean partition count (${formatCount(brokerReplicas.max)} vs ${brokerReplicas.mean.toFixed(1)})`);
  if (!bytesEven) parts.push(`broker ${brokerBytes.worst} holds ${formatSkew(brokerBytes.maxOverMean)} the mean bytes (${formatBytes(brokerBytes.max)} vs ${formatBytes(brokerBytes.mean)})`);
  return { partitionsEven, bytesEven, text: `Brokers are uneven: ${parts.join("; ")}.` };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export interface VerdictContext {
  /** From nextPlacements(): lets the verdict warn before Kafka's count rule fills a full disk. */
  placements?: readonly NextPlacement[];
  /** Partition reassignments in flight (snapshot.throttles.reassignments.length). */
  reassignments?: number;
}

export function verdict(report: BalanceReport, context: VerdictContext = {}): Verdict {
  const placements = context.placements ?? [];
  const details: string[] = [];
  if (report.brokers.length === 0) return { tone: "warn", headline: "This snapshot lists no brokers, so there is nothing to balance.", details };

  const brokers = brokerClause(report);
  const dirSkew = report.skew.dirBytes;
  const dirsEven = dirSkew.count < 2 || dirSkew.maxOverMean <= EVEN_DIR_RATIO;
  const dirs = dirsEven ? null : dirsSentence(report);
  let headline: string;
  let tone: Verdict["tone"];
  if (!dirs && !dirsEven) {
    headline = `${brokers.text ? `${brokers.text} ` : ""}Log dirs are uneven: broker ${dirSkew.worst?.broker} has a dir with ${formatSkew(dirSkew.maxOverMean)} its mean bytes.`;
    tone = dirSkew.maxOverMean > BAD_RATIO ? "bad" : "warn";
  } else if (dirs) {
    const lead = brokers.partitionsEven && brokers.bytesEven
      ? dirs.countsDisagree ? "Partition counts are even across brokers, but bytes are not even across disks" : "Brokers are even, but their disks are not"
      : `${brokers.text} Disks are uneven too`;
    headline = `${lead}: ${dirs.text}.`;
    tone = dirSkew.maxOverMean > BAD_RATIO ? "bad" : "warn";
  } else if (brokers.text) {
    headline = `${brokers.text} The log dirs within each broker are even.`;
    const worst = Math.max(report.skew.brokerReplicas.maxOverMean, report.skew.brokerBytes.maxOverMean);
    tone = worst > BAD_RATIO ? "bad" : "warn";
  } else {
    headline = report.totals.replicas === 0 ? "No partitions yet: nothing is out of balance." : "Balanced: partitions and bytes are even across brokers and across the disks of each broker.";
    tone = "ok";
  }

  const fullest = report.skew.fullestDir;
  if (fullest && fullest.utilization >= 0.7) {
    const mark = fullest.utilization >= 0.95 ? ", past the 95% emergency mark" : fullest.utilization >= 0.85 ? ", past the 85% mark" : "";
    details.push(`Fullest disk: broker ${fullest.broker} ${fullest.path} at ${formatUtilization(fullest.utilization)} used${mark}.`);
    if (fullest.utilization >= 0.85) tone = "bad";
  }
  const trapped = placements.filter((p) => p.warning !== null && p.dir !== null);
  if (trapped.length > 0) {
    const dirsNamed = [...new Set(trapped.map((p) => p.dir!))];
    const where = trapped.length === placements.filter((p) => p.dir !== null).length ? "on every broker" : `on broker${trapped.length === 1 ? "" : "s"} ${listText(trapped.map((p) => `${p.broker}`))}`;
    details.push(
      `Kafka places a new partition in the dir with the fewest partitions, not the fewest bytes: ${where} the next one goes to ${listText(dirsNamed)}, already among the fullest.`,
    );
  }
  const offline = report.dirs.filter((d) => d.state === "offline");
  if (offline.length > 0) {
    details.push(`${offline.length} log dir${offline.length === 1 ? " is" : "s are"} offline: ${listText(offline.slice(0, 5).map((d) => `broker ${d.broker} ${d.path}`))}${offline.length > 5 ? " …" : ""}.`);
    tone = "bad";
  }
  const unreachable = report.brokers.filter((b) => b.state === "unreachable");
  if (unreachable.length > 0) {
    details.push(`${capitalise(unreachable.length === 1 ? "broker" : "brokers")} ${listText(unreachable.map((b) => `${b.id}`))} ${unreachable.length === 1 ? "is" : "are"} unreachable; ${unreachable.length === 1 ? "its" : "their"} figures are missing.`);
    if (tone === "ok") tone = "warn";
  }
  const unknown = report.brokers.filter((b) => b.state === "unknown");
  if (unknown.length > 0) {
    const one = unknown.length === 1;
    const replicas = unknown.reduce((s, b) => s + b.replicas, 0);
    details.push(
      `${capitalise(one ? "broker" : "brokers")} ${listText(unknown.map((b) => `${b.id}`))} ${one ? "is" : "are"} assigned ${formatCountOf(replicas, "replica")} but ${one ? "is" : "are"} missing from the log-dir data (the kafka-log-dirs output): whether ${one ? "it runs" : "they run"} and what ${one ? "its" : "their"} disks hold is unknown, so the balance figures leave ${one ? "it" : "them"} out.`,
    );
    if (tone === "ok") tone = "warn";
  }
  // Replicas on unreachable or unknown brokers have no dir either; the sentences above explain those.
  const onMissingBrokers = report.brokers.reduce((s, b) => s + (b.state === "online" ? 0 : b.replicas), 0);
  const withoutDir = Math.max(0, report.totals.replicasWithoutDir - onMissingBrokers);
  if (withoutDir > 0) {
    details.push(`${formatCountOf(withoutDir, "replica")} ${withoutDir === 1 ? "has" : "have"} no known log dir, so disk figures leave ${withoutDir === 1 ? "it" : "them"} out.`);
  }
  const moving = context.reassignments ?? 0;
  if (moving > 0) details.push(`${formatCount(moving)} partition reassignment${moving === 1 ? " is" : "s are"} in flight; figures will change as ${moving === 1 ? "it completes" : "they complete"}.`);
  return { tone, headline, details };
}
