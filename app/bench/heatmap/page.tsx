import { notFound } from "next/navigation";
import { currentEnv } from "@/lib/config";
import { HeatmapBench, type BenchKind } from "@/components/bench/heatmap-bench";

export const dynamic = "force-dynamic";

/** 2,000: the largest grid the bench needs; caps what a stray request can make the browser build. */
const LIMIT = 2000;

function int(value: string | string[] | undefined, fallback: number): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, LIMIT) : fallback;
}

/**
 * `npm run bench -- --only ui` loads this page to time the heatmaps on synthetic clusters. It exists
 * only when the server runs with KAFKA_BALANCE_BENCH=1 (the bench sets it); otherwise it is a 404,
 * so a production deployment never serves it.
 */
export default async function HeatmapBenchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (currentEnv().KAFKA_BALANCE_BENCH !== "1") notFound();
  const q = await searchParams;
  const kind: BenchKind = q.kind === "topic-broker" ? "topic-broker" : "broker-dir";
  return <HeatmapBench kind={kind} brokers={int(q.brokers, 1000)} dirs={int(q.dirs, 12)} topics={int(q.topics, 2000)} partitionsPerTopic={int(q.partitions, 12)} />;
}
