/**
 * The verdict: the snapshot's findings in severity order, cause first, each with what to do.
 *
 * Order: partitions at risk first (offline, under min ISR, under-replicated, naming the brokers down:
 * lib/model/partition-health.ts), then the causes before their consequences: offline log dirs,
 * unreachable brokers, brokers known only from assignments, moves in flight (reassignments and `-future` dir
 * moves), throttles set, a disk past 85 % (and a next-placement trap into one), broker skew, dir skew,
 * the next-placement trap the skew sets (Kafka's count rule sends the next partition to a full dir),
 * a disk past 70 %, too little data to call skew, then what the snapshot does not say (replicas
 * without a dir, facts its source did not carry). The headline
 * is the first finding; `details` are the others' texts (for callers that show lines), `findings` the
 * structured list with each finding's actions (lib/view/overview/finding-actions.ts).
 *
 * "Balanced" is the planner's (lib/plan/balanced.ts): a skew finding appears exactly when a soft goal
 * is outside the planner's tolerance above the size floor, so the verdict never calls balanced what the
 * planner would move. Below the floor no ratio is printed: "too little data to call skew". Nothing
 * is said to be fine from an unknown (lib/model/facts.ts): an unknown fact is its own finding, saying
 * how to learn it.
 *
 * Only brokers whose figures were read (state `online`) are weighed; a figure that leaves unreadable
 * data out (an offline dir, an unreachable broker) says so beside it.
 */
import type { BalanceReport, DirFigures } from "@/lib/model/report";
import { maxOf, minOf } from "@/lib/model/min-max";
import { formatBytes, formatCount, formatCountOf, formatSkew, formatUtilization, formatWholePercent } from "@/lib/model/format";
import { howToLearn, type Fact } from "@/lib/model/facts";
import { balanceOf, goalMet, goalOf, skewFloorBytes, type Balance } from "@/lib/plan/balanced";
import type { NextPlacement } from "./next-placement";
import { BAD_RATIO } from "./skew-cards";
import { actionsFor, type ActionContext, type FindingAction, type FindingKind } from "./finding-actions";
import type { SnapshotSignals } from "./signals";
import type { PartitionHealth } from "@/lib/model/partition-health";
import { sharedDiskSentences } from "./shared-disks";

export type { FindingAction, FindingKind, SnapshotSignals };

export interface Finding {
  kind: FindingKind;
  /** `info`: says what is unknown or fine, without raising the verdict's tone. */
  tone: "ok" | "info" | "warn" | "bad";
  text: string;
  actions?: FindingAction[];
}

export interface Verdict {
  tone: "ok" | "warn" | "bad";
  headline: string;
  details: string[];
  findings: Finding[];
}

/** 80 %: "most of the bytes"; the smallest set of dirs holding at least this share is named. */
const DOMINANT_SHARE = 0.8;

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

/** At most `n` items, then "and N more". */
function someText(items: readonly string[], n = 5): string {
  return items.length <= n ? listText(items) : `${items.slice(0, n).join(", ")} and ${formatCount(items.length - n)} more`;
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

function dirsByBroker(report: BalanceReport): Map<number, DirFigures[]> {
  const byBroker = new Map<number, DirFigures[]>();
  for (const d of report.dirs) {
    const own = byBroker.get(d.broker);
    if (own) own.push(d);
    else byBroker.set(d.broker, [d]);
  }
  return byBroker;
}

/** Which dirs hold the bytes on the brokers whose dirs are outside the dir goal. */
function dirsSentence(report: BalanceReport, uneven: ReadonlySet<number>): { text: string; countsDisagree: boolean } | null {
  const byBroker = dirsByBroker(report);
  const dominants = report.brokers
    .filter((b) => b.state === "online" && uneven.has(b.id))
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
  return {
    text: `on broker ${worst.broker}, ${listText(worst.paths)} ${verb(worst.paths)} ${shareText(worst.byteShare)} of the bytes${tail}${more}`,
    countsDisagree: disagree(worst),
  };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export interface VerdictContext {
  /** From nextPlacements(): lets the verdict warn before Kafka's count rule fills a full disk. */
  placements?: readonly NextPlacement[];
  /** Partition reassignments in flight (snapshot.throttles.reassignments.length); `signals.reassignments` wins when given. */
  reassignments?: number;
  /** The planner's measure of the snapshot (balanceOf with its preferred leaders and cordon rules); else taken from the report alone. */
  balance?: Balance;
  signals?: SnapshotSignals;
  /** For the actions' commands: the bootstrap address (the placeholder when unknown) and each broker's Kafka line. */
  actions?: ActionContext;
}

const TONE_RANK: Record<Finding["tone"], number> = { ok: 0, info: 0, warn: 1, bad: 2 };

export function verdict(report: BalanceReport, context: VerdictContext = {}): Verdict {
  const findings = verdictFindings(report, context);
  const tone = findings.reduce<Verdict["tone"]>((t, f) => (TONE_RANK[f.tone] > TONE_RANK[t] ? (f.tone as Verdict["tone"]) : t), "ok");
  const [first, ...rest] = findings;
  return { tone, headline: first?.text ?? "", details: rest.map((f) => f.text), findings };
}

function verdictFindings(report: BalanceReport, context: VerdictContext): Finding[] {
  const placements = context.placements ?? [];
  const signals = context.signals ?? null;
  const act = context.actions ?? {};
  const out: Finding[] = [];
  const add = (f: Finding) => {
    const actions = actionsFor(f.kind, report, placements, act);
    out.push(actions.length > 0 ? { ...f, actions } : f);
  };
  if (report.brokers.length === 0) return [{ kind: "empty", tone: "warn", text: "This snapshot lists no brokers, so there is nothing to balance." }];
  const balance = context.balance ?? balanceOf(report);

  // 0. Partitions at risk (under-replicated, under min ISR, offline), naming the brokers down: before anything else.
  const health = signals ? healthText(signals.health) : null;
  if (health) add({ kind: "under-replicated", tone: "bad", text: health });

  // 1. Causes: what cannot be read.
  const offline = report.dirs.filter((d) => d.state === "offline");
  const errorOf = new Map((signals?.dirErrors ?? []).map((e) => [`${e.broker}\u0000${e.path}`, e.error]));
  if (offline.length > 0) {
    const one = offline.length === 1;
    const named = offline.slice(0, 5).map((d) => {
      const error = errorOf.get(`${d.broker}\u0000${d.path}`);
      return `broker ${d.broker}'s ${d.path}${error ? ` (${error.replace(/^.*\./, "")})` : ""}`;
    });
    const brokers = [...new Set(offline.map((d) => d.broker))];
    add({
      kind: "offline-dir",
      tone: "bad",
      text: `${capitalise(one ? "log dir" : "log dirs")} offline: ${named.join(", ")}${offline.length > 5 ? ` and ${offline.length - 5} more` : ""}. ${one ? "Its" : "Their"} replicas cannot be read there, and the bytes figures of broker${brokers.length === 1 ? "" : "s"} ${listText(brokers.map(String))} leave ${one ? "it" : "them"} out.`,
    });
  }
  const unreachable = report.brokers.filter((b) => b.state === "unreachable");
  if (unreachable.length > 0) {
    const one = unreachable.length === 1;
    add({
      kind: "unreachable-broker",
      tone: "bad",
      text: `${capitalise(one ? "broker" : "brokers")} ${someText(unreachable.map((b) => `${b.id}`))} ${one ? "is" : "are"} unreachable: ${one ? "its" : "their"} dirs and bytes are missing, and every balance figure leaves ${one ? "it" : "them"} out.`,
    });
  }
  const unknown = report.brokers.filter((b) => b.state === "unknown");
  if (unknown.length > 0) {
    const one = unknown.length === 1;
    const replicas = unknown.reduce((s, b) => s + b.replicas, 0);
    add({
      kind: "unknown-broker",
      tone: "warn",
      text: `${capitalise(one ? "broker" : "brokers")} ${someText(unknown.map((b) => `${b.id}`))} ${one ? "is" : "are"} assigned ${formatCountOf(replicas, "replica")} but ${one ? "is" : "are"} missing from the log-dir data (the kafka-log-dirs output): whether ${one ? "it runs" : "they run"} and what ${one ? "its" : "their"} disks hold is unknown, so the balance figures leave ${one ? "it" : "them"} out.`,
    });
  }

  // 2. Moves in flight, and throttles.
  const reassignments = signals ? signals.reassignments : (context.reassignments ?? 0);
  const futures = report.dirs.reduce((s, d) => s + d.futureReplicas, 0);
  if ((reassignments ?? 0) > 0 || futures > 0) {
    const parts: string[] = [];
    if (reassignments && reassignments > 0) parts.push(`${formatCountOf(reassignments, "partition reassignment")}`);
    if (futures > 0) parts.push(`${formatCountOf(futures, "log-dir move")} (a -future replica being copied)`);
    const many = (reassignments ?? 0) + futures > 1;
    add({
      kind: "moves-in-flight",
      tone: "warn",
      text: `${capitalise(listText(parts))} ${many ? "are" : "is"} in flight: the figures will change as ${many ? "they complete" : "it completes"}, and the planner leaves ${many ? "these partitions" : "this partition"} alone.`,
    });
  }
  const throttles = signals?.throttles ?? null;
  if (throttles && (throttles.brokers.length > 0 || throttles.topics.length > 0 || throttles.defaults)) {
    const parts: string[] = [];
    if (throttles.defaults) parts.push("a cluster-wide default rate");
    if (throttles.brokers.length > 0) parts.push(`rates on broker${throttles.brokers.length === 1 ? "" : "s"} ${someText(throttles.brokers.map(String))}`);
    if (throttles.topics.length > 0) parts.push(`throttled replicas on ${formatCountOf(throttles.topics.length, "topic")}`);
    const moving = (reassignments ?? 0) > 0 || futures > 0;
    add({
      kind: "throttles-set",
      tone: "warn",
      text: `Replication throttles are set (${listText(parts)})${moving ? "" : reassignments === null ? "" : " with nothing moving: left over from a finished move, they slow every future catch-up"}.`,
    });
  }

  // 3. Disk fullness past the 85 % mark (act now); a fuller-than-70 % disk is said after the skew.
  const fullest = report.skew.fullestDir;
  // A disk several dirs share (lib/model/disks.ts) is named by all of them: "/a + /b + /c".
  const fullestDisk = fullest ? report.dirs.find((d) => d.broker === fullest.broker && d.path === fullest.path)?.sharedDisk : undefined;
  const fullestName =
    fullest && fullestDisk
      ? listText(report.dirs.filter((d) => d.broker === fullest.broker && d.sharedDisk?.id === fullestDisk.id).map((d) => d.path)) + " (one filesystem)"
      : fullest?.path;
  const fullText = fullest
    ? `Fullest disk: broker ${fullest.broker} ${fullestName} at ${formatUtilization(fullest.utilization)} used${fullest.utilization >= 0.95 ? ", past the 95% emergency mark" : fullest.utilization >= 0.85 ? ", past the 85% mark" : ""}.`
    : "";
  if (fullest && fullest.utilization >= 0.85) add({ kind: "disk-full", tone: "bad", text: fullText });

  // 4. Skew (the planner's goals, above the floor) and where the next partition goes because of it.
  let trapFinding: Finding | null = null;
  const trapped = placements.filter((p) => p.warning !== null && p.dir !== null);
  if (trapped.length > 0) {
    const dirsNamed = [...new Set(trapped.map((p) => p.dir!))];
    const where =
      trapped.length === placements.filter((p) => p.dir !== null).length
        ? "on every broker"
        : `on broker${trapped.length === 1 ? "" : "s"} ${someText(trapped.map((p) => `${p.broker}`))}`;
    trapFinding = {
      kind: "placement-trap",
      tone: trapped.some((p) => p.flags.includes("above-85")) ? "bad" : "warn",
      text: `Kafka places a new partition in the dir with the fewest partitions, not the fewest bytes: ${where} the next one goes to ${someText(dirsNamed)}, already among the fullest.`,
    };
  }
  // Past the 85 % mark the trap is urgent and comes before the skew; else it follows the skew it comes from.
  if (trapFinding?.tone === "bad") add(trapFinding);
  const leftOut = leftOutText(report);
  const brokerGoals = (["broker-replicas", "broker-bytes", "broker-leaders"] as const).filter((g) => !goalMet(balance, g));
  const { brokerReplicas, brokerBytes, brokerLeaders } = report.skew;
  const brokerParts: string[] = [];
  if (brokerGoals.includes("broker-replicas"))
    brokerParts.push(
      `broker ${brokerReplicas.worst} has ${formatSkew(brokerReplicas.maxOverMean)} the mean partition count (${formatCount(brokerReplicas.max)} vs ${brokerReplicas.mean.toFixed(1)})`,
    );
  if (brokerGoals.includes("broker-bytes"))
    brokerParts.push(
      `broker ${brokerBytes.worst} holds ${formatSkew(brokerBytes.maxOverMean)} the mean bytes (${formatBytes(brokerBytes.max)} vs ${formatBytes(brokerBytes.mean)})`,
    );
  if (brokerGoals.includes("broker-leaders"))
    brokerParts.push(
      `preferred leaders are uneven (${formatCount(goalOf(balance, "broker-leaders")!.outside)} broker${goalOf(balance, "broker-leaders")!.outside === 1 ? "" : "s"} outside the band)`,
    );
  const dirGoal = goalOf(balance, "dir-utilization");
  const dirsUneven = dirGoal !== undefined && dirGoal.outside > 0;
  const dirs = dirsUneven ? dirsSentence(report, new Set(dirGoal.brokers)) : null;
  const worstRatio = Math.max(
    brokerGoals.includes("broker-replicas") ? brokerReplicas.maxOverMean : 0,
    brokerGoals.includes("broker-bytes") ? brokerBytes.maxOverMean : 0,
    brokerGoals.includes("broker-leaders") ? brokerLeaders.maxOverMean : 0,
  );
  if (brokerParts.length > 0) {
    // A broker with an offline dir is measured without that dir's bytes: the gap may be only what it holds.
    // (A missing broker is left out of the mean, so the gap among the others is theirs.)
    const partial = leftOut.offline && brokerGoals.includes("broker-bytes");
    add({
      kind: "broker-skew",
      tone: worstRatio > BAD_RATIO ? "bad" : "warn",
      text: `Brokers are uneven${partial ? " by what could be read" : ""}: ${brokerParts.join("; ")}.${leftOut.brokers}${partial ? " Part or all of the gap may be in what they leave out." : ""}`,
    });
  }
  if (dirsUneven) {
    const dirTone = report.skew.dirBytes.maxOverMean > BAD_RATIO ? "bad" : "warn";
    const lead =
      brokerParts.length > 0
        ? "Disks are uneven too"
        : dirs?.countsDisagree
          ? "Partition counts are even across brokers, but bytes are not even across disks"
          : "Brokers are even, but their disks are not";
    const text = dirs
      ? `${lead}: ${dirs.text}.${leftOut.dirs}`
      : `Log dirs are uneven: ${formatCountOf(dirGoal.outside, "dir")} on ${formatCountOf(dirGoal.brokers.length, "broker")} ${dirGoal.outside === 1 ? "is" : "are"} outside the planner's tolerance (worst: broker ${report.skew.dirBytes.worst?.broker} has a dir with ${formatSkew(report.skew.dirBytes.maxOverMean)} its mean bytes).${leftOut.dirs}`;
    add({ kind: "dir-skew", tone: dirTone, text });
  }
  if (trapFinding && trapFinding.tone !== "bad") add(trapFinding);
  if (fullest && fullest.utilization >= 0.7 && fullest.utilization < 0.85) add({ kind: "disk-full", tone: "warn", text: fullText });
  if (balance.tooLittleData && report.totals.replicas > 0) {
    const capacityKnown = report.dirs.some((d) => d.totalBytes !== null);
    add({
      kind: "too-little-data",
      tone: "ok",
      text: `Too little data to call skew: the brokers hold ${formatBytes(report.totals.bytes)} in all, under the size floor (${capacityKnown ? "1% of a disk's capacity" : `${formatBytes(skewFloorBytes(null))}, as capacity is unknown`}) below which a difference of bytes is not worth moving.`,
    });
  }

  // 5. What the figures do not hold, and what the snapshot does not say.
  // Dirs on one filesystem are one disk in every figure above (lib/model/disks.ts): said, never silent.
  for (const text of sharedDiskSentences(report)) add({ kind: "shared-disk", tone: "info", text });
  const onMissingBrokers = report.brokers.reduce((s, b) => s + (b.state === "online" ? 0 : b.replicas), 0);
  const withoutDir = Math.max(0, report.totals.replicasWithoutDir - onMissingBrokers);
  if (withoutDir > 0) {
    const one = withoutDir === 1;
    const where = offline.length > 0 ? ` (a broker reports nothing in an offline dir, so ${one ? "it is" : "they are"} likely in ${offline.length === 1 ? "it" : "them"})` : "";
    add({
      kind: "missing-data",
      tone: "warn",
      text: `${formatCountOf(withoutDir, "replica")} ${one ? "has" : "have"} no known log dir${where}, so disk figures leave ${one ? "it" : "them"} out.`,
    });
  }
  const problems = out.filter((f) => f.tone === "warn" || f.tone === "bad").length;
  if (problems === 0 && report.totals.replicas === 0) out.unshift({ kind: "balanced", tone: "ok", text: "No partitions yet: nothing is out of balance." });
  else if (problems === 0 && !balance.tooLittleData) {
    const unmeasured = balance.unmeasured.length > 0 ? ` (leaders not weighed: the snapshot does not say which broker leads)` : "";
    out.unshift({
      kind: "balanced",
      tone: "ok",
      text: `Balanced: within the planner's tolerances${unmeasured} — partitions and bytes are even across brokers and across the disks of each broker, so a rebalance has nothing to move.`,
    });
  }
  const facts = signals?.facts;
  if (facts) {
    const unknownFacts = (["leadership", "reassignments", "throttles", "capacity", "kafkaVersion", "cordons", "racks"] as const).filter((f) => !facts[f]);
    for (const fact of unknownFacts) out.push({ kind: "unknown-facts", tone: "info", text: unknownFactText(fact) });
  }
  return out;
}

/**
 * The partitions at risk in one sentence, or null when none is (or the ISR is unknown): who is down,
 * then offline (no leader), under min ISR (acks=all writes refused) and under-replicated counts. An
 * unknown min ISR is said as unknown, never as none.
 */
function healthText(h: PartitionHealth): string | null {
  if (h.underReplicated === null || h.offline === null) return null;
  if (h.underReplicated === 0 && h.offline === 0 && h.underMinIsrAtLeast === 0) return null;
  const names = (ids: number[]) => someText(ids.map(String), 5);
  const who: string[] = [];
  if (h.brokersDown.length > 0) who.push(`${h.brokersDown.length === 1 ? "Broker" : "Brokers"} ${names(h.brokersDown)} ${h.brokersDown.length === 1 ? "is" : "are"} down`);
  if (h.brokersWithOfflineDirs.length > 0)
    who.push(
      `${who.length > 0 ? "broker" : "Broker"}${h.brokersWithOfflineDirs.length === 1 ? "" : "s"} ${names(h.brokersWithOfflineDirs)} ${h.brokersWithOfflineDirs.length === 1 ? "has" : "have"} an offline log dir`,
    );
  const examples = (list: string[]) => (list.length > 0 ? `: ${someText(list, 3)}` : "");
  const n = (count: number) => formatCountOf(count, "partition");
  const parts: string[] = [];
  if (h.underReplicated > 0)
    parts.push(`${n(h.underReplicated)} ${h.underReplicated === 1 ? "is" : "are"} under-replicated (fewer in-sync replicas than replicas${examples(h.examples.underReplicated)})`);
  if (h.offline > 0) parts.push(`${n(h.offline)} ${h.offline === 1 ? "is" : "are"} offline (no leader, so nothing can be read or written${examples(h.examples.offline)})`);
  if (h.underMinIsr !== null) {
    if (h.underMinIsr > 0)
      parts.push(
        `${n(h.underMinIsr)} ${h.underMinIsr === 1 ? "is" : "are"} under min ISR (fewer in-sync replicas than min.insync.replicas, so acks=all writes are refused${examples(h.examples.underMinIsr)})`,
      );
    else parts.push("none is under min ISR");
  } else {
    const lead =
      h.underMinIsrAtLeast > 0
        ? `at least ${n(h.underMinIsrAtLeast)} ${h.underMinIsrAtLeast === 1 ? "is" : "are"} under min ISR (no in-sync replica at all)`
        : "whether any is under min ISR is unknown";
    parts.push(`${lead} — min.insync.replicas could not be read for ${n(h.minIsrUnknown)}`);
  }
  const risk = Math.max(h.underReplicated, h.offline) === 1 ? "its" : "their";
  const one = h.brokersDown.length === 1;
  const tail =
    h.brokersDown.length > 0
      ? ` One more failure loses ${risk} redundancy: bring ${one ? "the broker" : "the brokers"} back, or if ${one ? "it is" : "they are"} gone for good, plan ${one ? "its" : "their"} removal (${one ? "its" : "their"} replicas are re-created from the live leaders). Fix this before moving data.`
      : ` One more failure loses ${risk} redundancy, so fix this before moving data.`;
  return `${who.length > 0 ? `${listText(who)}: ` : ""}${capitalise(listText(parts))}.${tail}`;
}

/** What a figure leaves out, said beside it: offline dirs, unreachable or unknown brokers (" These figures leave out …"). */
function leftOutText(report: BalanceReport): { brokers: string; dirs: string; offline: boolean } {
  const offline = report.dirs.filter((d) => d.state === "offline");
  const missing = report.brokers.filter((b) => b.state !== "online").map((b) => b.id);
  const offlineText =
    offline.length > 0
      ? `the offline ${someText(
          offline.map((d) => `${d.path} on broker ${d.broker}`),
          3,
        )}`
      : null;
  const missingText = missing.length > 0 ? `broker${missing.length === 1 ? "" : "s"} ${someText(missing.map(String), 3)}, whose figures are missing` : null;
  const sentence = (parts: (string | null)[]) => {
    const shown = parts.filter((p): p is string => p !== null);
    return shown.length > 0 ? ` These figures leave out ${listText(shown)}.` : "";
  };
  return {
    brokers: sentence([offlineText, missingText]),
    dirs: sentence([offlineText]),
    offline: offline.some((d) => report.brokers.some((b) => b.id === d.broker && b.state === "online")),
  };
}

function unknownFactText(fact: Fact): string {
  const what: Record<Fact, string> = {
    leadership: "Leaders and in-sync replicas are unknown, so under-replication and leader balance are not judged",
    reassignments: "Whether a partition reassignment is in flight is unknown",
    throttles: "Whether replication throttles are set is unknown",
    capacity: "Disk capacity is unknown, so fullness is not judged and skew is floored at 1 GiB",
    kafkaVersion: "The Kafka version is unknown, so the next placement is shown for every rule it could follow",
    cordons: "Whether any log dir is cordoned is unknown",
    racks: "Racks are unknown",
  };
  return `${what[fact]}: to learn it, ${howToLearn(fact)}.`;
}
