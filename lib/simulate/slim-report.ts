/**
 * A balance report without its per-topic rows and per-broker dir skews: what the simulator sends for
 * every step and every compared policy. Topic × broker figures grow with topics × brokers (100,000
 * numbers for 1,000 topics on 100 brokers), the per-broker skews with brokers, and the simulator's
 * views read neither (the dirs carry the same figures); the final snapshot carries everything for
 * whoever needs more.
 */
import type { BalanceReport, BrokerDirReport } from "../model/report";

export type SlimReport = Omit<BalanceReport, "topics" | "skew"> & { skew: Omit<BalanceReport["skew"], "dirBytesByBroker" | "dirPartitionsByBroker"> };

/** Takes a full report or one without topic rows (ReportSums, runReports); topic rows are left out either way. */
export function slimReport(report: BrokerDirReport & { topics?: unknown }): SlimReport {
  const { topics: _topics, skew, ...rest } = report;
  const { dirBytesByBroker: _bytes, dirPartitionsByBroker: _partitions, ...figures } = skew;
  return { ...rest, skew: figures };
}

/** Back to the BalanceReport shape views take (no topic rows, no per-broker dir skews), for views that read neither. */
export function asReport(report: SlimReport): BalanceReport {
  return { ...report, topics: [], skew: { ...report.skew, dirBytesByBroker: {}, dirPartitionsByBroker: {} } };
}
