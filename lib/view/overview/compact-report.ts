/**
 * A balance report without its topic rows, in the compact form the overview sends: brokers and log
 * dirs as columns (one array per field, strings as indexes into a table of the distinct values), so
 * 1,000 brokers × 12 dirs is twelve arrays of 12,000 numbers rather than 12,000 objects that repeat
 * every key; the skew figures as they are, without the per-broker dir skews (no view reads them). A
 * dir's `sharedDisk` (lib/model/disks.ts) is two string columns, its id and how it was decided (null
 * for a dir of its own).
 *
 * Invariant: decodeReport(encodeReport(r)) equals asReport(slimReport(r)) for every report r (the
 * same figures, in the same order, no topic rows, no per-broker dir skews).
 */
import type { BalanceReport, BrokerDirReport, BrokerFigures, DirFigures } from "@/lib/model/report";
import { asReport, slimReport, type SlimReport } from "@/lib/simulate/slim-report";

/** Rows as columns: a number (or null) per row, or for a string field its values and an index per row. */
export interface Columns {
  length: number;
  numbers: Record<string, (number | null)[]>;
  strings: Record<string, { values: (string | null)[]; index: number[] }>;
}

export interface CompactReport {
  brokerIds: number[];
  brokers: Columns;
  dirs: Columns;
  totals: BalanceReport["totals"];
  skew: SlimReport["skew"];
}

const BROKER_NUMBERS = ["id", "replicas", "leaders", "bytes", "futureBytes", "logDirs"] as const satisfies readonly (keyof BrokerFigures)[];
const BROKER_STRINGS = ["rack", "state"] as const satisfies readonly (keyof BrokerFigures)[];
const DIR_NUMBERS = [
  "broker",
  "partitions",
  "futureReplicas",
  "logCount",
  "bytes",
  "futureBytes",
  "totalBytes",
  "usableBytes",
  "usedBytes",
  "utilization",
  "deviationFromBrokerMean",
] as const satisfies readonly (keyof DirFigures)[];
const DIR_STRINGS = ["path", "state"] as const satisfies readonly (keyof DirFigures)[];
/** `sharedDisk`, flattened for the columns. */
type DirRow = DirFigures & { diskId: string | null; diskDecidedBy: string | null };
const DISK_STRINGS = ["diskId", "diskDecidedBy"] as const satisfies readonly (keyof DirRow)[];

/** Rows → columns of the named fields (every field of the row type must be named, or it is lost). */
export function toColumns<T extends object>(rows: readonly T[], numbers: readonly (keyof T & string)[], strings: readonly (keyof T & string)[]): Columns {
  const out: Columns = { length: rows.length, numbers: {}, strings: {} };
  for (const key of numbers) out.numbers[key] = rows.map((r) => r[key] as number | null);
  for (const key of strings) {
    const seen = new Map<string | null, number>();
    const values: (string | null)[] = [];
    const index = rows.map((r) => {
      const v = r[key] as string | null;
      let i = seen.get(v);
      if (i === undefined) {
        i = values.length;
        values.push(v);
        seen.set(v, i);
      }
      return i;
    });
    out.strings[key] = { values, index };
  }
  return out;
}

/** Columns → rows, each with the fields the columns hold, in the order they were encoded. */
export function fromColumns<T>(columns: Columns): T[] {
  const rows: Record<string, unknown>[] = Array.from({ length: columns.length }, () => ({}));
  for (const [key, values] of Object.entries(columns.numbers)) for (let i = 0; i < rows.length; i++) rows[i]![key] = values[i] ?? null;
  for (const [key, { values, index }] of Object.entries(columns.strings)) for (let i = 0; i < rows.length; i++) rows[i]![key] = values[index[i]!] ?? null;
  return rows as T[];
}

export function encodeReport(report: BrokerDirReport): CompactReport {
  const slim = slimReport(report);
  return {
    brokerIds: slim.brokerIds,
    brokers: toColumns(slim.brokers, BROKER_NUMBERS, BROKER_STRINGS),
    dirs: toColumns(
      slim.dirs.map((d): DirRow => ({ ...d, diskId: d.sharedDisk?.id ?? null, diskDecidedBy: d.sharedDisk?.decidedBy ?? null })),
      DIR_NUMBERS,
      [...DIR_STRINGS, ...DISK_STRINGS],
    ),
    totals: slim.totals,
    skew: slim.skew,
  };
}

/** The report views take, with its fields in the order balanceReport() writes them. */
export function decodeReport(compact: CompactReport): BalanceReport {
  const brokers = fromColumns<BrokerFigures>(compact.brokers).map((b): BrokerFigures => ({
    id: b.id,
    rack: b.rack,
    state: b.state,
    replicas: b.replicas,
    leaders: b.leaders,
    bytes: b.bytes,
    futureBytes: b.futureBytes,
    logDirs: b.logDirs,
  }));
  const dirs = fromColumns<DirRow>(compact.dirs).map((d): DirFigures => ({
    broker: d.broker,
    path: d.path,
    state: d.state,
    partitions: d.partitions,
    futureReplicas: d.futureReplicas,
    logCount: d.logCount,
    bytes: d.bytes,
    futureBytes: d.futureBytes,
    totalBytes: d.totalBytes,
    usableBytes: d.usableBytes,
    usedBytes: d.usedBytes,
    utilization: d.utilization,
    deviationFromBrokerMean: d.deviationFromBrokerMean,
    ...(typeof d.diskId === "string" && (d.diskDecidedBy === "reported" || d.diskDecidedBy === "configured") ? { sharedDisk: { id: d.diskId, decidedBy: d.diskDecidedBy } } : {}),
  }));
  return asReport({ brokerIds: compact.brokerIds, brokers, dirs, totals: compact.totals, skew: compact.skew });
}
