// Port of LogManager.nextLogDirs: Scala kafka.log.LogManager (Apache Kafka 2.4–4.3) and the Java org.apache.kafka.storage.internals.log.LogManager (Kafka 4.4+), with KIP-1066 cordoned dirs (Kafka 4.3+), described in docs/algorithms/log-dir-selection.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
//
// Invariants:
// - The result is the candidate order for a new log, best first: live dirs by ascending log count (current and
//   future logs), stable, so ties keep the pre-sort order. Logs are counted, never bytes.
// - tieOrder "config" (Java LogManager, 4.4+): ties in log.dirs order.
// - tieOrder "scala-hash" (Scala LogManager, up to 4.3): ties in log.dirs order for at most 4 live dirs, Scala 2.13
//   HashMap order for 5 or more.
// - `cordoned` (KIP-1066) is honoured whatever the tie order: cordoned dirs are removed from the candidates; if every
//   dir is cordoned the answer is [first live dir]; a single live dir is returned even when cordoned. Which releases
//   cordon at all (4.3+) is a fact of the version (lib/model/kafka-versions.ts): callers pass cordons only then.
// - Under the Scala rules (4.3) the cordoned dirs are filtered out of the immutable map before the sort, and a
//   filtered Scala HashMap is again a canonical hash trie: with 5+ live dirs the ties follow the hash order of the
//   dirs that are left, which is not the full order with the cordoned dirs taken out (measured on 4.3.1 brokers).
//   With at most 4 live dirs the map keeps insertion order, so ties stay in log.dirs order.
// - Counts for dirs that are not live are ignored: Kafka drops the logs of a failed dir, so they are never counted.
//   A missing count is 0. No live dir gives [] (Scala answers an empty list; Java would throw).
// - Duplicate live dirs are rejected, as Kafka refuses duplicate log.dirs at startup.

import { PlacementError } from "./errors";
import { scalaHashMapKeyOrder } from "./java-hash";

export type TieOrder = "config" | "scala-hash";

export interface NextLogDirsOptions {
  /** Dirs cordoned with KIP-1066 (`cordoned.log.dirs`), skipped for new logs; pass them only for releases that cordon (4.3+). */
  cordoned?: readonly string[];
  /** "config" (default) = Kafka 4.4+ Java LogManager; "scala-hash" = Kafka 2.4–4.3 Scala LogManager. */
  tieOrder?: TieOrder;
}

/** Scala's `Map` stays an insertion-ordered Map1..Map4 up to this many entries, then becomes a CHAMP HashMap. */
export const SCALA_SMALL_MAP_MAX = 4;

export function rejectDuplicateDirs(liveDirs: readonly string[]): void {
  if (new Set(liveDirs).size !== liveDirs.length) {
    const seen = new Set<string>();
    const dup = liveDirs.find((d) => (seen.has(d) ? true : (seen.add(d), false)));
    throw new PlacementError("duplicate_log_dir", `Duplicate log directory found: ${dup}`, { dir: dup ?? null });
  }
}

/**
 * The candidates before the stable sort by count, i.e. the tie-break order: the live dirs less the
 * cordoned ones, in log.dirs order, or in Scala HashMap order when the Scala rules see 5+ live dirs.
 * Empty when every live dir is cordoned.
 */
export function tieBreakOrder(liveDirs: readonly string[], tieOrder: TieOrder, cordoned: ReadonlySet<string> = new Set()): string[] {
  const open = cordoned.size === 0 ? [...liveDirs] : liveDirs.filter((d) => !cordoned.has(d));
  if (tieOrder === "scala-hash" && liveDirs.length > SCALA_SMALL_MAP_MAX) return scalaHashMapKeyOrder(open);
  return open;
}

function countOf(logCounts: Readonly<Record<string, number>>, dir: string): number {
  return Object.hasOwn(logCounts, dir) ? (logCounts[dir] as number) : 0;
}

/** `LogManager.nextLogDirs()` over per-dir log counts: where the next new log goes, best candidate first. */
export function nextLogDirs(liveDirs: readonly string[], logCounts: Readonly<Record<string, number>>, options: NextLogDirsOptions = {}): string[] {
  rejectDuplicateDirs(liveDirs);
  const tieOrder = options.tieOrder ?? "config";
  if (liveDirs.length <= 1) return [...liveDirs];
  const candidates = tieBreakOrder(liveDirs, tieOrder, new Set(options.cordoned ?? []));
  if (candidates.length === 0) return [liveDirs[0] as string];
  const keyed = candidates.map((dir) => ({ dir, count: countOf(logCounts, dir) }));
  keyed.sort((a, b) => a.count - b.count); // Array#sort is stable, like Scala sortBy and Java's stream sort
  return keyed.map((k) => k.dir);
}

/**
 * A literal port that regroups every log on each call, as Kafka does (`allLogs.groupBy(_.parentDir)`, merge with
 * zeros for the live dirs, sort). Same answers as nextLogDirs; it exists as the benchmark's baseline.
 */
export function nextLogDirsLiteral(liveDirs: readonly string[], logs: readonly { parentDir: string }[], options: NextLogDirsOptions = {}): string[] {
  rejectDuplicateDirs(liveDirs);
  const tieOrder = options.tieOrder ?? "config";
  if (liveDirs.length === 1) return [liveDirs[0] as string];
  const logCounts = new Map<string, number>();
  for (const log of logs) logCounts.set(log.parentDir, (logCounts.get(log.parentDir) ?? 0) + 1);
  // As Kafka: zeros for the live dirs merged with the counts, the cordoned dirs filtered out (the Scala map's
  // filter re-hashes what is left), then a stable sort.
  const dirCounts = new Map<string, number>();
  for (const dir of tieBreakOrder(liveDirs, tieOrder, new Set(options.cordoned ?? []))) dirCounts.set(dir, 0);
  for (const [dir, count] of logCounts) if (dirCounts.has(dir)) dirCounts.set(dir, count);
  if (dirCounts.size === 0) return liveDirs.length === 0 ? [] : [liveDirs[0] as string];
  return [...dirCounts.entries()].sort((a, b) => a[1] - b[1]).map(([dir]) => dir);
}
