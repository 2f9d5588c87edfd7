/**
 * What the broker drawer shows: the broker's facts, its log dirs, and its largest partition replicas
 * (the candidates an operator would move first). One pass over the snapshot's replicas, keeping only
 * the top N, so opening the drawer stays instant on 100,000 replicas.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { BalanceReport, BrokerFigures, DirFigures } from "@/lib/model/report";

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
  largest: ReplicaRow[];
}

/** 10: enough to see what dominates a dir, few enough to read without scrolling. */
export const LARGEST_REPLICAS = 10;

export function brokerDetail(snapshot: ClusterSnapshot, report: BalanceReport, brokerId: number, limit = LARGEST_REPLICAS): BrokerDetail | null {
  const figures = report.brokers.find((b) => b.id === brokerId);
  const broker = snapshot.brokers.find((b) => b.id === brokerId);
  if (!figures || !broker) return null;
  const top: ReplicaRow[] = [];
  for (const topic of snapshot.topics) {
    for (const p of topic.partitions) {
      for (const r of p.replicas) {
        if (r.broker !== brokerId) continue;
        const size = r.sizeBytes ?? 0;
        if (top.length === limit && size <= top[top.length - 1]!.sizeBytes) continue;
        const row: ReplicaRow = { topic: topic.name, partition: p.id, logDir: r.logDir, sizeBytes: size, leader: p.leader === brokerId, inSync: p.isr.includes(brokerId), movingTo: r.future?.logDir ?? null };
        let i = top.length;
        while (i > 0 && top[i - 1]!.sizeBytes < size) i -= 1;
        top.splice(i, 0, row);
        if (top.length > limit) top.pop();
      }
    }
  }
  return { figures, host: broker.host, port: broker.port, error: broker.error, dirs: report.dirs.filter((d) => d.broker === brokerId), largest: top };
}
