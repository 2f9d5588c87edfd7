/**
 * The comparison in one line of plain words, for someone who has never heard the story:
 * "Kafka's rule leaves /data/d1 almost empty (under 1%) while /data/d2 and /data/d3 reach 78%;
 * least-bytes and least-utilization keep every dir between 50% and 53%."
 *
 * How it reads the outcomes:
 * - Utilisation when every live dir of every outcome has a known capacity, else bytes.
 * - Kafka's outcome is described by path when the brokers share their log.dirs paths (a path is "this
 *   disk on every broker"): paths are sorted by their mean and split at the widest gap; a gap under
 *   10 points (or, for bytes, a quarter of the largest mean and never under the size floor of
 *   lib/plan/balanced.ts) means the dirs are even. When paths are
 *   not shared, the broker with the widest spread speaks for the cluster.
 * - Each alternative is summed up by the range of all its live dirs, or, when that range is wide only
 *   because brokers differ, by the widest spread within one broker.
 * - Steps that failed under some policies and not others (or differently) are named, since then the
 *   outcomes are not like for like; a step that fails alike under every rule is left to the page.
 */
import { maxOf, minOf } from "../model/min-max";
import { formatBytes, formatCount, formatWholePercent } from "../model/format";
import type { DirFigures } from "../model/report";
import { skewFloorBytes } from "../plan/balanced";
import type { LogDirPlacement } from "./schema";
import type { SlimReport } from "./slim-report";

export type VerdictMetric = "utilization" | "bytes";

export interface VerdictOutcome {
  policy: LogDirPlacement;
  report: SlimReport;
  failedSteps: { index: number; message: string }[];
}

export const POLICY_NAMES: Record<LogDirPlacement, string> = {
  "kafka-count": "Kafka's rule",
  "least-bytes": "least-bytes",
  "least-utilization": "least-utilization",
};

/** 10 points of utilisation: less than that between disks is noise an operator would not act on. */
const EVEN_POINTS = 0.1;
/** For bytes (capacity unknown): a gap under a quarter of the largest mean is called even. */
const EVEN_BYTES_SHARE = 0.25;
/** Paths are "shared" when there are at most this many times as many paths as the widest broker has dirs (as the heatmap decides its columns). */
const SHARED_PATHS_FACTOR = 1.5;

function liveDirs(report: SlimReport): DirFigures[] {
  const unreachable = new Set(report.brokers.filter((b) => b.state === "unreachable").map((b) => b.id));
  return report.dirs.filter((d) => d.state !== "offline" && !unreachable.has(d.broker));
}

export function verdictMetric(reports: readonly SlimReport[]): VerdictMetric {
  const dirs = reports.flatMap(liveDirs);
  return dirs.length > 0 && dirs.every((d) => d.utilization !== null) ? "utilization" : "bytes";
}

function valueOf(d: DirFigures, metric: VerdictMetric): number {
  return metric === "utilization" ? (d.utilization ?? 0) : d.bytes;
}

function amount(value: number, metric: VerdictMetric): string {
  return metric === "bytes" ? formatBytes(value) : formatWholePercent(value);
}

function range(lo: number, hi: number, metric: VerdictMetric): { text: string; single: boolean } {
  const a = amount(lo, metric);
  const b = amount(hi, metric);
  if (a === b) return { text: a, single: true };
  // In a range, "under 1%" reads as 0: "0–20%", not "under 1–20%".
  if (metric === "utilization") return { text: `${Math.round(lo * 100)}–${b}`, single: false };
  return { text: `${a}–${b}`, single: false };
}

function between(lo: number, hi: number, metric: VerdictMetric): string {
  const a = amount(lo, metric);
  const b = amount(hi, metric);
  return a === b ? `at ${a}` : `between ${a} and ${b}`;
}

/** "a", "a and b", "a, b and c". */
function listText(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

interface PathGroup {
  path: string;
  lo: number;
  hi: number;
  mean: number;
}

function pathGroups(dirs: readonly DirFigures[], metric: VerdictMetric): PathGroup[] | null {
  const byPath = new Map<string, number[]>();
  const perBroker = new Map<number, number>();
  for (const d of dirs) {
    const values = byPath.get(d.path);
    if (values) values.push(valueOf(d, metric));
    else byPath.set(d.path, [valueOf(d, metric)]);
    perBroker.set(d.broker, (perBroker.get(d.broker) ?? 0) + 1);
  }
  const widest = Math.max(0, maxOf(perBroker.values()));
  if (byPath.size < 2 || byPath.size > Math.max(1, widest) * SHARED_PATHS_FACTOR) return null;
  return [...byPath].map(([path, values]) => ({ path, lo: minOf(values), hi: maxOf(values), mean: values.reduce((a, b) => a + b, 0) / values.length }));
}

/** A gap under this is even; in bytes it is never under the size floor (capacity unknown: lib/plan/balanced.ts), so 16 KiB against 0 B is not a skew. */
function evenGap(metric: VerdictMetric, largest: number): number {
  return metric === "utilization" ? EVEN_POINTS : Math.max(EVEN_BYTES_SHARE * largest, skewFloorBytes(null));
}

/** The clause for Kafka's outcome, or null when its dirs are even. */
function unevenClause(name: string, dirs: readonly DirFigures[], metric: VerdictMetric): string | null {
  const groups = pathGroups(dirs, metric);
  if (groups) {
    const sorted = [...groups].sort((a, b) => a.mean - b.mean);
    let cut = -1;
    let widest = 0;
    for (let i = 0; i + 1 < sorted.length; i++) {
      const gap = sorted[i + 1]!.mean - sorted[i]!.mean;
      if (gap > widest) {
        widest = gap;
        cut = i;
      }
    }
    if (cut < 0 || widest < evenGap(metric, sorted[sorted.length - 1]!.mean)) return null;
    const low = sorted.slice(0, cut + 1);
    const high = sorted.slice(cut + 1);
    const order = new Map(groups.map((g, i) => [g.path, i]));
    const names = (gs: PathGroup[]) => listText([...gs].sort((a, b) => order.get(a.path)! - order.get(b.path)!).map((g) => g.path));
    const lowHi = maxOf(low.map((g) => g.hi));
    const lowLo = minOf(low.map((g) => g.lo));
    const lowText =
      lowHi === 0
        ? "empty"
        : metric === "utilization" && lowHi < 0.01
          ? "almost empty (under 1%)"
          : `${metric === "utilization" ? "at" : "with"} ${range(lowLo, lowHi, metric).text}`;
    const highRange = range(minOf(high.map((g) => g.lo)), maxOf(high.map((g) => g.hi)), metric);
    const verb = metric === "utilization" ? (high.length === 1 ? "reaches" : "reach") : high.length === 1 ? "holds" : "hold";
    return `${name} leaves ${names(low)} ${lowText} while ${names(high)} ${verb} ${highRange.text}`;
  }
  // Paths differ per broker: let the broker with the widest spread speak.
  const byBroker = new Map<number, DirFigures[]>();
  for (const d of dirs) {
    const own = byBroker.get(d.broker);
    if (own) own.push(d);
    else byBroker.set(d.broker, [d]);
  }
  let worst: { broker: number; lo: DirFigures; hi: DirFigures } | null = null;
  for (const [broker, own] of byBroker) {
    if (own.length < 2) continue;
    const sorted = [...own].sort((a, b) => valueOf(a, metric) - valueOf(b, metric));
    const lo = sorted[0]!;
    const hi = sorted[sorted.length - 1]!;
    if (!worst || valueOf(hi, metric) - valueOf(lo, metric) > valueOf(worst.hi, metric) - valueOf(worst.lo, metric)) worst = { broker, lo, hi };
  }
  if (!worst || valueOf(worst.hi, metric) - valueOf(worst.lo, metric) < evenGap(metric, valueOf(worst.hi, metric))) return null;
  return `on broker ${worst.broker}, ${name} leaves ${worst.lo.path} at ${amount(valueOf(worst.lo, metric), metric)} while ${worst.hi.path} reaches ${amount(valueOf(worst.hi, metric), metric)}`;
}

/** "keeps every dir between 50% and 53%", or the widest spread within a broker when brokers differ. */
function spreadClause(dirs: readonly DirFigures[], metric: VerdictMetric): string {
  if (dirs.length === 0) return "leaves no live dir";
  const values = dirs.map((d) => valueOf(d, metric));
  const lo = minOf(values);
  const hi = maxOf(values);
  if (hi - lo < evenGap(metric, hi) * 2) return `keeps every dir ${between(lo, hi, metric)}`;
  const byBroker = new Map<number, number[]>();
  for (const d of dirs) {
    const own = byBroker.get(d.broker);
    if (own) own.push(valueOf(d, metric));
    else byBroker.set(d.broker, [valueOf(d, metric)]);
  }
  let spread = 0;
  for (const own of byBroker.values()) spread = Math.max(spread, maxOf(own) - minOf(own));
  if (spread < hi - lo) {
    const within = metric === "utilization" ? `${Math.round(spread * 100)} points` : formatBytes(spread);
    return `keeps the dirs of each broker within ${within} of each other (all dirs ${between(lo, hi, metric)})`;
  }
  return `leaves dirs ${between(lo, hi, metric)}`;
}

/** Do two outcomes have the same failed steps, with the same messages? */
export function sameFailures(a: VerdictOutcome["failedSteps"], b: VerdictOutcome["failedSteps"]): boolean {
  return a.length === b.length && a.every((f, i) => f.index === b[i]!.index && f.message === b[i]!.message);
}

/**
 * Steps that failed under some rules and not others (or differently): then the outcomes are not like
 * for like, and the verdict says so. A step that fails the same way under every rule is the scenario's
 * own failure, shown once by the page (beside the step and above the results), not once per rule here.
 */
function failureNote(outcomes: readonly VerdictOutcome[]): string {
  const first = outcomes[0];
  if (!first || outcomes.every((o) => sameFailures(o.failedSteps, first.failedSteps))) return "";
  const notes = outcomes
    .filter((o) => o.failedSteps.length > 0)
    .map((o) => {
      const first = o.failedSteps[0]!;
      const more = o.failedSteps.length > 1 ? ` (and ${o.failedSteps.length - 1} more)` : "";
      return `under ${POLICY_NAMES[o.policy]}, step ${first.index + 1} failed: ${first.message}${more}`;
    });
  const clean = outcomes.filter((o) => o.failedSteps.length === 0).map((o) => POLICY_NAMES[o.policy]);
  return ` Not like for like: ${notes.join("; ")}${clean.length > 0 ? ` (no step failed under ${listText(clean)})` : ""}.`;
}

function sameDirs(a: SlimReport, b: SlimReport): boolean {
  return a.dirs.length === b.dirs.length && a.dirs.every((d, i) => d.path === b.dirs[i]!.path && d.bytes === b.dirs[i]!.bytes && d.partitions === b.dirs[i]!.partitions);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The one-line verdict. `outcomes` holds Kafka's rule and the alternatives, in any order. */
export function compareVerdict(outcomes: readonly VerdictOutcome[]): string {
  const kafka = outcomes.find((o) => o.policy === "kafka-count");
  if (!kafka) throw new Error("compareVerdict() needs Kafka's rule (kafka-count) among the outcomes");
  const others = outcomes.filter((o) => o !== kafka);
  const metric = verdictMetric(outcomes.map((o) => o.report));
  const failures = failureNote(outcomes);
  if (outcomes.every((o) => o.report.totals.replicas === 0)) return `No partition is placed anywhere, so every rule leaves the same cluster.${failures}`;
  const kafkaDirs = liveDirs(kafka.report);
  if (kafkaDirs.every((d) => valueOf(d, metric) === 0) && outcomes.every((o) => liveDirs(o.report).every((d) => valueOf(d, metric) === 0))) {
    return `Every dir stays empty under every rule: the partitions placed hold no bytes yet.${failures}`;
  }
  // When Kafka's brokers hold the same number of partitions, say so: counts even, bytes not, is the story.
  const counts = kafka.report.skew.brokerReplicas;
  const name =
    counts.count > 1 && counts.min === counts.max && counts.max > 0 ? `Kafka's rule gives every broker ${formatCount(counts.max)} partitions but` : POLICY_NAMES["kafka-count"];
  const uneven = unevenClause(name, kafkaDirs, metric);
  if (others.every((o) => sameDirs(o.report, kafka.report))) {
    const what = uneven ?? `Kafka's rule ${spreadClause(kafkaDirs, metric)}`;
    return `Every rule ends with the same disks (the rules only choose where new partitions go, and here none lands differently): ${what}.${failures}`;
  }
  const clauses = others.map((o) => ({ name: POLICY_NAMES[o.policy], text: spreadClause(liveDirs(o.report), metric) }));
  // Two alternatives with the same outcome read as one clause.
  const alt =
    clauses.length === 2 && clauses[0]!.text === clauses[1]!.text
      ? `${clauses[0]!.name} and ${clauses[1]!.name} ${clauses[0]!.text.replace(/^keeps /, "keep ").replace(/^leaves /, "leave ")}`
      : clauses.map((c) => `${c.name} ${c.text}`).join(", ");
  if (uneven) return `${capitalise(uneven)}; ${alt}.${failures}`;
  return `Kafka's rule already ${spreadClause(kafkaDirs, metric)}; ${alt}.${failures}`;
}
