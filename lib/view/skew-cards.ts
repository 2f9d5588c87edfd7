/**
 * The skew cards at the top of the overview. One definition of skew everywhere: max ÷ mean (1.00×
 * is perfect) with the spread (max − min) beside it, and the worst offender named.
 */
import type { BalanceReport, DirKey } from "@/lib/model/report";
import type { Skew } from "@/lib/model/skew";
import { formatBytes, formatCount, formatPercent, formatSkew } from "@/lib/model/format";

export type Tone = "ok" | "warn" | "bad" | "none";

export interface SkewCard {
  id: "brokerReplicas" | "brokerLeaders" | "brokerBytes" | "dirBytes" | "dirUtilization";
  title: string;
  /** "2.00×", or "–" when there is nothing to compare. */
  figure: string;
  tone: Tone;
  /** "spread 400.0 GiB". */
  spread: string;
  /** "max 412.0 GiB · mean 206.0 GiB". */
  detail: string;
  /** "worst: broker 2 /data/d3 (78% used)"; null when nothing stands out. */
  worst: string | null;
}

/**
 * 1.10×: within 10 % of the mean is what rebalancers (cruise-control's default balance thresholds
 * are 1.10) call balanced; above 1.5× an operator should act.
 */
export const EVEN_RATIO = 1.1;
export const BAD_RATIO = 1.5;

export function toneOf(skew: Skew<unknown>): Tone {
  if (skew.count < 2 || skew.total === 0) return "none";
  if (skew.maxOverMean <= EVEN_RATIO) return "ok";
  return skew.maxOverMean <= BAD_RATIO ? "warn" : "bad";
}

function figureOf(skew: Skew<unknown>): string {
  return skew.count < 2 ? "–" : formatSkew(skew.maxOverMean);
}

export function skewCards(report: BalanceReport): SkewCard[] {
  const { skew } = report;
  const dirOf = (key: DirKey | null) => (key ? report.dirs.find((d) => d.broker === key.broker && d.path === key.path) ?? null : null);
  const brokerCard = (id: "brokerReplicas" | "brokerLeaders" | "brokerBytes", title: string, s: Skew<number>, fmt: (n: number) => string): SkewCard => ({
    id,
    title,
    figure: figureOf(s),
    tone: toneOf(s),
    spread: `spread ${fmt(s.spread)}`,
    detail: `max ${fmt(s.max)} · mean ${fmt(s.mean)}`,
    worst: toneOf(s) === "ok" || toneOf(s) === "none" || s.worst === null ? null : `worst: broker ${s.worst} (${fmt(s.max)})`,
  });
  const count = (n: number) => (Number.isInteger(n) ? formatCount(n) : n.toFixed(1));

  const worstBytes = dirOf(skew.dirBytes.worst);
  const worstBytesText = worstBytes
    ? `worst: broker ${worstBytes.broker} ${worstBytes.path} (${formatBytes(worstBytes.bytes)}${worstBytes.utilization === null ? "" : `, ${formatPercent(worstBytes.utilization)} used`})`
    : null;
  const fullest = skew.fullestDir;
  const util = skew.dirUtilization;
  const points = (share: number) => `${Math.round(share * 100)} pts`;
  return [
    brokerCard("brokerReplicas", "Broker partitions", skew.brokerReplicas, count),
    brokerCard("brokerLeaders", "Broker leaders", skew.brokerLeaders, count),
    brokerCard("brokerBytes", "Broker bytes", skew.brokerBytes, formatBytes),
    {
      id: "dirBytes",
      title: "Log-dir bytes (within a broker)",
      figure: figureOf(skew.dirBytes),
      tone: toneOf(skew.dirBytes),
      spread: `spread ${formatBytes(skew.dirBytes.spread)}`,
      detail: `max ${formatBytes(skew.dirBytes.max)} · mean ${formatBytes(skew.dirBytes.mean)}`,
      worst: toneOf(skew.dirBytes) === "none" ? null : worstBytesText,
    },
    {
      id: "dirUtilization",
      title: "Log-dir utilisation",
      figure: util.count < 2 ? "–" : formatSkew(util.maxOverMean),
      tone: fullest === null ? "none" : fullest.utilization >= 0.85 ? "bad" : toneOf(util),
      spread: util.count < 2 ? "capacity unknown" : `spread ${points(util.spread)}`,
      detail: util.count < 2 ? "no broker reports dir capacity" : `max ${formatPercent(util.max)} · mean ${formatPercent(util.mean)}`,
      worst: fullest ? `fullest: broker ${fullest.broker} ${fullest.path} (${formatPercent(fullest.utilization)} used)` : null,
    },
  ];
}
