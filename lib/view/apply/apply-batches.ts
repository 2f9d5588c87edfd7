/**
 * A plan's batches as the apply panel shows them before anything runs: one sentence on how the apply
 * will run (how many batches, the per-broker limits, the order), and a compact table of the first
 * batches with what the rest add up to.
 *
 * - Rows keep the plan's order (execution order); numbering starts at 1, as operators count.
 * - The table is bounded (BATCHES_SHOWN); the batches left out are summed, never dropped silently.
 */
import { formatBytes, formatCount, formatCountOf, formatDuration } from "@/lib/model/format";
import type { BatchSummary, ExecutionLimits } from "@/lib/plan/batches";
import { EXECUTION_ORDER_LABELS } from "../plan/plan-form";

/** 20: enough to see how the batches are cut; the rest are summed below the table. */
export const BATCHES_SHOWN = 20;

export interface PlanBatchRow {
  key: string;
  /** 1-based. */
  number: number;
  kind: BatchSummary["kind"];
  kindText: string;
  partitions: string;
  /** "3 between brokers, 2 between dirs"; "preferred leaders only" for a leadership batch. */
  moves: string;
  bytes: string;
  seconds: string;
}

export interface PlanBatchTable {
  rows: PlanBatchRow[];
  /** The batches after the table: how many, and what they add up to; null when every batch is shown. */
  rest: { count: number; partitions: number; bytes: string; seconds: string } | null;
}

export const BATCH_KIND_LABELS: Record<BatchSummary["kind"], string> = { data: "Data", leadership: "Leadership" };

/** What a batch moves, in words: replicas copied between brokers, replicas moved between dirs. */
export function batchMovesText(b: Pick<BatchSummary, "kind" | "partitionMoves" | "dirMoves">): string {
  if (b.kind === "leadership") return "preferred leaders only";
  const parts = [b.partitionMoves > 0 ? `${formatCount(b.partitionMoves)} between brokers` : null, b.dirMoves > 0 ? `${formatCount(b.dirMoves)} between dirs` : null].filter(
    (p): p is string => p !== null,
  );
  return parts.length > 0 ? parts.join(", ") : "replica lists only";
}

export function planBatchTable(batches: ReadonlyArray<BatchSummary>, shown: number = BATCHES_SHOWN): PlanBatchTable {
  const rows = batches.slice(0, shown).map((b) => ({
    key: String(b.index),
    number: b.index + 1,
    kind: b.kind,
    kindText: BATCH_KIND_LABELS[b.kind],
    partitions: formatCount(b.partitions),
    moves: batchMovesText(b),
    bytes: formatBytes(b.bytes),
    seconds: formatDuration(b.seconds),
  }));
  const left = batches.slice(shown);
  const rest =
    left.length === 0
      ? null
      : {
          count: left.length,
          partitions: left.reduce((a, b) => a + b.partitions, 0),
          bytes: formatBytes(left.reduce((a, b) => a + b.bytes, 0)),
          seconds: formatDuration(left.reduce((a, b) => a + b.seconds, 0)),
        };
  return { rows, rest };
}

/**
 * "3 batches, one after another: at most 5 partition moves and 2 dir moves per broker at a time,
 * fullest disks first." A plan with leadership batches adds how many leadership changes go per batch,
 * last; a plan with none says nothing runs.
 */
export function executionSentence(execution: ExecutionLimits, batches: ReadonlyArray<Pick<BatchSummary, "kind">>): string {
  if (batches.length === 0) return "Nothing to run: the plan moves no data and changes no leader.";
  const data = batches.filter((b) => b.kind === "data").length;
  const leadership = batches.length - data;
  const limits = `at most ${formatCountOf(execution.partitionMovesPerBroker, "partition move")} and ${formatCountOf(execution.dirMovesPerBroker, "dir move")} per broker at a time, ${EXECUTION_ORDER_LABELS[execution.order].toLowerCase()}`;
  const head = batches.length === 1 ? "1 batch" : `${formatCountOf(batches.length, "batch", "batches")}, one after another`;
  const leaders =
    leadership > 0
      ? `; then ${formatCountOf(leadership, "leadership batch", "leadership batches")} of at most ${formatCount(execution.leaderMovesPerBatch)} preferred-leader changes`
      : "";
  return data > 0
    ? `${head}: ${limits}${leaders}.`
    : `${head}: ${formatCountOf(leadership, "leadership batch", "leadership batches")} of at most ${formatCount(execution.leaderMovesPerBatch)} preferred-leader changes (no data moves).`;
}
