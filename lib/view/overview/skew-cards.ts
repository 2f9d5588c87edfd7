/**
 * The skew cards at the top of the overview. One figure of skew everywhere: max ÷ mean (1.00× is
 * perfect) with the spread (max − min) beside it, and the worst offender named.
 *
 * Whether a card is even is not the figure's own threshold: it is the planner's goal
 * (lib/plan/balanced.ts) — broker partitions, bytes and leaders within the planner's band, each
 * broker's dirs within its dir target — so a card never calls uneven what the planner would leave, nor
 * even what it would move, and agrees with the verdict. Below the size floor a byte card prints no
 * ratio ("too little data to call skew"); a card whose fact the source did not carry says unknown and
 * how to learn it; a card whose figures leave out unreadable data (an offline dir, an unreachable
 * broker) says so in its note. Dirs on one filesystem are one disk (lib/model/disks.ts): the dir
 * cards compare disks, name a disk's dirs together, and say so in their note.
 */
import type { BalanceReport, DirKey } from "@/lib/model/report";
import type { Skew } from "@/lib/model/skew";
import { formatBytes, formatCount, formatPercent, formatSkew } from "@/lib/model/format";
import { howToLearn, type KnownFacts } from "@/lib/model/facts";
import { balanceOf, goalOf, outsideBand, skewFloorBytes, type Balance, type GoalBalance } from "@/lib/plan/balanced";
import { sharedDiskGroups } from "./shared-disks";

export type Tone = "ok" | "warn" | "bad" | "none";

export interface SkewCard {
  id: "brokerReplicas" | "brokerLeaders" | "brokerBytes" | "dirBytes" | "dirUtilization";
  title: string;
  /** "2.00×", or "–" when there is nothing to compare (or too little to call skew), "?" when unknown. */
  figure: string;
  tone: Tone;
  /** "spread 400.0 GiB". */
  spread: string;
  /** "max 412.0 GiB · mean 206.0 GiB". */
  detail: string;
  /** "worst: broker 2 /data/d3 (78% used)"; null when nothing stands out. */
  worst: string | null;
  /** What the figure leaves out, or why it is not a ratio ("leaves out the offline /data2 on broker 2"); null when nothing. */
  note: string | null;
}

/**
 * Severity only: above 1.5× max ÷ mean an uneven card is red rather than amber. Whether it is uneven
 * at all is the planner's tolerance (lib/plan/balanced.ts), never this figure.
 */
export const BAD_RATIO = 1.5;

/** The tone of a figure the planner's goal calls `outside` (or not). */
export function toneOf(skew: Skew<unknown>, outside: boolean): Tone {
  if (skew.count < 2 || skew.total === 0) return "none";
  if (!outside) return "ok";
  return skew.maxOverMean <= BAD_RATIO ? "warn" : "bad";
}

function figureOf(skew: Skew<unknown>): string {
  return skew.count < 2 ? "–" : formatSkew(skew.maxOverMean);
}

export interface SkewCardContext {
  /** The planner's measure (balanceOf); taken from the report alone when not given. */
  balance?: Balance;
  /** What the source carried; leaders are unknown without leadership. */
  facts?: KnownFacts;
}

const outsideOf = (g: GoalBalance | undefined) => g !== undefined && g.measured && g.outside > 0;
const flooredOf = (g: GoalBalance | undefined) => g !== undefined && g.outside === 0 && g.flooredBrokers.length > 0;

export function skewCards(report: BalanceReport, context: SkewCardContext = {}): SkewCard[] {
  const { skew } = report;
  const balance = context.balance ?? balanceOf(report);
  const dirOf = (key: DirKey | null) => (key ? (report.dirs.find((d) => d.broker === key.broker && d.path === key.path) ?? null) : null);
  const offline = report.dirs.filter((d) => d.state === "offline");
  const missing = report.brokers.filter((b) => b.state !== "online").map((b) => b.id);
  const offlineNote =
    offline.length > 0
      ? `leaves out the offline ${offline
          .slice(0, 3)
          .map((d) => `${d.path} on broker ${d.broker}`)
          .join(", ")}${offline.length > 3 ? ", …" : ""}`
      : null;
  const missingNote =
    missing.length > 0 ? `leaves out broker${missing.length === 1 ? "" : "s"} ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""} (figures missing)` : null;
  const join = (...notes: (string | null)[]) => notes.filter((n): n is string => n !== null).join("; ") || null;
  // A count band is never narrower than [⌊mean⌋, ⌈mean⌉]: 1 leader against 0 is 2.00× and as even as whole partitions allow.
  const wholeNote = (s: Skew<number>, tone: Tone) => (tone === "ok" && s.maxOverMean > 1 + balance.options.tolerance ? "as even as whole partitions allow" : null);
  const count = (n: number) => (Number.isInteger(n) ? formatCount(n) : n.toFixed(1));
  const floorText = (capacityKnown: boolean) => `too little data to call skew (under the ${capacityKnown ? "1%-of-capacity" : `${formatBytes(skewFloorBytes(null))}`} floor)`;
  const capacityKnown = report.dirs.some((d) => d.totalBytes !== null);

  const brokerCard = (
    id: "brokerReplicas" | "brokerBytes",
    title: string,
    s: Skew<number>,
    fmt: (n: number) => string,
    goal: GoalBalance | undefined,
    note: string | null,
  ): SkewCard => {
    if (flooredOf(goal) && s.count >= 2)
      return {
        id,
        title,
        figure: "–",
        tone: "none",
        spread: `spread ${fmt(s.spread)}`,
        detail: `max ${fmt(s.max)} · mean ${fmt(s.mean)}`,
        worst: null,
        note: join(floorText(capacityKnown), note),
      };
    const tone = toneOf(s, outsideOf(goal));
    return {
      id,
      title,
      figure: figureOf(s),
      tone,
      spread: `spread ${fmt(s.spread)}`,
      detail: `max ${fmt(s.max)} · mean ${fmt(s.mean)}`,
      worst: tone === "ok" || tone === "none" || s.worst === null ? null : `worst: broker ${s.worst} (${fmt(s.max)})`,
      note: join(id === "brokerReplicas" ? wholeNote(s, tone) : null, note),
    };
  };

  const leaders = skew.brokerLeaders;
  const leadersKnown = context.facts ? context.facts.leadership : true;
  const leadersCard: SkewCard = leadersKnown
    ? (() => {
        // Current leaders, judged by the planner's count band (the leader goal's, which weighs preferred leaders).
        const values = report.brokers.filter((b) => b.state === "online").map((b) => b.leaders);
        const tone = toneOf(leaders, outsideBand(values, "count", balance.options.tolerance) > 0);
        return {
          id: "brokerLeaders",
          title: "Broker leaders",
          figure: figureOf(leaders),
          tone,
          spread: `spread ${count(leaders.spread)}`,
          detail: `max ${count(leaders.max)} · mean ${count(leaders.mean)}`,
          worst: tone === "ok" || tone === "none" || leaders.worst === null ? null : `worst: broker ${leaders.worst} (${count(leaders.max)})`,
          note: join(wholeNote(leaders, tone), missingNote),
        };
      })()
    : {
        id: "brokerLeaders",
        title: "Broker leaders",
        figure: "?",
        tone: "none",
        spread: "leaders unknown",
        detail: "the snapshot does not say which broker leads each partition",
        worst: null,
        note: `To learn it, ${howToLearn("leadership")}.`,
      };

  // Dirs on one filesystem: compared as one disk, named together, and said in the notes.
  const shared = sharedDiskGroups(report);
  const sharedNote =
    shared.length === 0
      ? null
      : shared.length === 1
        ? `${shared[0]!.dirs.join(", ")} on broker${shared[0]!.brokers.length === 1 ? "" : "s"} ${shared[0]!.brokers.slice(0, 5).join(", ")}${shared[0]!.brokers.length > 5 ? ", …" : ""} share one filesystem: counted as one disk${shared[0]!.brokers.length === 1 ? "" : " each"}`
        : `dirs sharing a filesystem are counted as one disk (${shared.length} shared disks, on ${new Set(shared.flatMap((g) => g.brokers)).size} brokers)`;
  const oneDiskEach = shared.length > 0 && skew.dirBytes.count < 2;
  const diskOf = (d: { broker: number; path: string; sharedDisk?: { id: string } }) =>
    d.sharedDisk ? report.dirs.filter((x) => x.broker === d.broker && x.sharedDisk?.id === d.sharedDisk!.id).map((x) => x.path) : [d.path];
  const dirGoal = goalOf(balance, "dir-utilization");
  const dirOutside = outsideOf(dirGoal);
  const dirFloored = flooredOf(dirGoal) && !dirOutside;
  const worstBytes = dirOf(skew.dirBytes.worst);
  const worstBytesText = worstBytes
    ? `worst: broker ${worstBytes.broker} ${diskOf(worstBytes).join(" + ")} (${formatBytes(skew.dirBytes.max)}${worstBytes.utilization === null ? "" : `, ${formatPercent(worstBytes.utilization)} used`})`
    : null;
  const fullest = skew.fullestDir;
  const fullestDir = fullest ? dirOf(fullest) : null;
  const util = skew.dirUtilization;
  const points = (share: number) => `${Math.round(share * 100)} pts`;
  const dirTone = toneOf(skew.dirBytes, dirOutside);
  return [
    brokerCard("brokerReplicas", "Broker partitions", skew.brokerReplicas, count, goalOf(balance, "broker-replicas"), missingNote),
    leadersCard,
    brokerCard("brokerBytes", "Broker bytes", skew.brokerBytes, formatBytes, goalOf(balance, "broker-bytes"), join(offlineNote, missingNote)),
    dirFloored && skew.dirBytes.count >= 2
      ? {
          id: "dirBytes",
          title: "Log-dir bytes (within a broker)",
          figure: "–",
          tone: "none",
          spread: `spread ${formatBytes(skew.dirBytes.spread)}`,
          detail: `max ${formatBytes(skew.dirBytes.max)} · mean ${formatBytes(skew.dirBytes.mean)}`,
          worst: null,
          note: join(floorText(capacityKnown), offlineNote),
        }
      : {
          id: "dirBytes",
          title: "Log-dir bytes (within a broker)",
          figure: figureOf(skew.dirBytes),
          tone: dirTone,
          spread: `spread ${formatBytes(skew.dirBytes.spread)}`,
          detail: `max ${formatBytes(skew.dirBytes.max)} · mean ${formatBytes(skew.dirBytes.mean)}`,
          worst: dirTone === "none" || dirTone === "ok" ? null : worstBytesText,
          note: join(oneDiskEach ? "no broker has two disks to compare" : null, sharedNote, offlineNote),
        },
    {
      id: "dirUtilization",
      title: "Log-dir utilisation",
      figure: util.count < 2 ? "–" : formatSkew(util.maxOverMean),
      tone: fullest === null ? "none" : fullest.utilization >= 0.85 ? "bad" : toneOf(util, dirOutside),
      spread: util.count < 2 ? (fullest ? "no broker has two disks to compare" : "capacity unknown") : `spread ${points(util.spread)}`,
      detail:
        util.count < 2
          ? fullest
            ? "utilisation is compared between the disks of one broker"
            : "no broker reports dir capacity"
          : `max ${formatPercent(util.max)} · mean ${formatPercent(util.mean)}`,
      worst: fullest ? `fullest: broker ${fullest.broker} ${fullestDir ? diskOf(fullestDir).join(" + ") : fullest.path} (${formatPercent(fullest.utilization)} used)` : null,
      note: util.count < 2 && context.facts && !context.facts.capacity ? `To learn it, ${howToLearn("capacity")}.` : join(sharedNote, offlineNote),
    },
  ];
}
