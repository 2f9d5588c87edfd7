/**
 * A balance report without its per-topic rows: what the simulator sends for every step and every
 * compared policy. Topic × broker figures grow with topics × brokers (100,000 numbers for 1,000
 * topics on 100 brokers) and the simulator's views never read them; the final snapshot carries
 * everything for whoever needs more.
 */
import type { BalanceReport } from "../model/report";

export type SlimReport = Omit<BalanceReport, "topics">;

export function slimReport(report: BalanceReport): SlimReport {
  const { topics: _topics, ...rest } = report;
  return rest;
}

/** Back to the BalanceReport shape views take (with no topic rows), for heatmaps that ignore topics. */
export function asReport(report: SlimReport): BalanceReport {
  return { ...report, topics: [] };
}
