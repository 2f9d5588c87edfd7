/**
 * What the broker drawer shows, wherever a heatmap opens it: the broker's facts and its log dirs from
 * the report the heatmap draws, and from the snapshot behind that report its address and its largest
 * partition replicas (the candidates an operator would move first). A simulated or planned cluster
 * has a report before its snapshot is fetched; until then `largest` is null ("not known yet"), which
 * is not the same as [] ("hosts no replicas").
 * One pass over the snapshot's replicas, keeping only the top N, so opening the drawer stays instant
 * on 100,000 replicas.
 */
import { z } from "zod";
import { zodIssues } from "@/lib/model/parse";
import { invalid, success, type Result } from "@/lib/model/result";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { knownFacts, type KnownFacts } from "@/lib/model/facts";
import type { BalanceReport, BrokerFigures, DirFigures } from "@/lib/model/report";
import { SharedIdParam, sourceConflict } from "./topic-page";

export interface ReplicaRow {
  topic: string;
  partition: number;
  logDir: string | null;
  sizeBytes: number;
  leader: boolean;
  inSync: boolean;
  /** Dir a KIP-113 move is copying this replica into, if any. */
  movingTo: string | null;
}

export interface BrokerDetail {
  figures: BrokerFigures;
  host: string | null;
  port: number | null;
  error: string | null;
  dirs: DirFigures[];
  /** Null while the snapshot behind the report is not at hand. */
  largest: ReplicaRow[] | null;
  /** Which facts the snapshot's source carried (lib/model/facts.ts); null without the snapshot. Optional: answers of older servers have none. */
  known?: KnownFacts | null;
}

/** The part of a report the drawer reads: a full BalanceReport and the simulator's slim one both fit. */
export type BrokerDetailReport = Pick<BalanceReport, "brokers" | "dirs">;

/** 10: enough to see what dominates a dir, few enough to read without scrolling. */
export const LARGEST_REPLICAS = 10;

/** Null when the report has no such broker. `snapshot`: the cluster the report was made from, or null. */
export function brokerDetail(snapshot: ClusterSnapshot | null, report: BrokerDetailReport, brokerId: number, limit = LARGEST_REPLICAS): BrokerDetail | null {
  const figures = report.brokers.find((b) => b.id === brokerId);
  if (!figures) return null;
  const dirs = report.dirs.filter((d) => d.broker === brokerId);
  const broker = snapshot?.brokers.find((b) => b.id === brokerId);
  const known = snapshot ? knownFacts(snapshot) : null;
  if (!snapshot || !broker) return { figures, host: null, port: null, error: null, dirs, largest: snapshot ? [] : null, known };
  const top: ReplicaRow[] = [];
  for (const topic of snapshot.topics) {
    for (const p of topic.partitions) {
      for (const r of p.replicas) {
        if (r.broker !== brokerId) continue;
        const size = r.sizeBytes ?? 0;
        if (top.length === limit && size <= top[top.length - 1]!.sizeBytes) continue;
        const row: ReplicaRow = {
          topic: topic.name,
          partition: p.id,
          logDir: r.logDir,
          sizeBytes: size,
          leader: p.leader === brokerId,
          inSync: p.isr.includes(brokerId),
          movingTo: r.future?.logDir ?? null,
        };
        let i = top.length;
        while (i > 0 && top[i - 1]!.sizeBytes < size) i -= 1;
        top.splice(i, 0, row);
        if (top.length > limit) top.pop();
      }
    }
  }
  return { figures, host: broker.host, port: broker.port, error: broker.error, dirs, largest: top, known };
}

/** What `GET /api/cluster/broker` accepts: the cluster (or the shared link) and the broker, nothing else. */
export const BrokerDetailQuerySchema = z.strictObject({
  cluster: z.string().max(200, "cluster is a configured cluster's name").optional(),
  shared: SharedIdParam,
  broker: z.coerce
    .number({ error: "broker is a broker id, e.g. broker=1" })
    .int("broker is a whole number")
    .min(0, "broker ids are 0 or more")
    .max(2 ** 31 - 1, "broker ids fit in 31 bits"),
});

/** URL parameters (each once) → the cluster (or shared link) and broker asked for, or the issues to fix. */
export function parseBrokerDetailQuery(params: Record<string, string>): Result<{ cluster: string | undefined; shared: string | undefined; broker: number }> {
  if (params.broker === undefined) return invalid([{ path: "broker", message: "broker is required: the id of the broker to describe, e.g. broker=1" }]);
  const parsed = BrokerDetailQuerySchema.safeParse(params);
  if (!parsed.success) return invalid(zodIssues(parsed.error));
  const conflict = sourceConflict(parsed.data);
  return conflict ? invalid(conflict) : success({ cluster: parsed.data.cluster, shared: parsed.data.shared, broker: parsed.data.broker });
}
