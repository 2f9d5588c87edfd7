/**
 * Exports of a snapshot: the snapshot as JSON, and per-broker and per-log-dir figures (from the
 * balance report) as CSV. Pure and client-safe: the dashboard builds the files in the browser and
 * the export route builds the same bytes on the server.
 *
 * CSV follows RFC 4180 (comma, CRLF, `"` doubled inside a quoted field). Figures are raw numbers
 * (bytes as integers, utilisation as a fraction, negative deviations with their minus) so a
 * spreadsheet can compute with them; empty means unknown. Text fields are free text from the cluster
 * (a log dir path, a rack) and are written against CSV injection (OWASP's guidance):
 * - quoted when they hold a separator of any locale's spreadsheet (`,`; `;` where `,` is the decimal
 *   mark; tab), a quote or a line break, or start or end with a space, so no locale splits them;
 * - a formula start (= + - @, their full-width forms, tab, CR or LF) at the start of the text, and after
 *   each separator or line break inside it, is prefixed with ' so a spreadsheet that still splits the
 *   field shows the text instead of evaluating it.
 */
import type { BalanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";

export type ExportFormat = "json" | "brokers-csv" | "dirs-csv";
export const EXPORT_FORMATS: readonly ExportFormat[] = ["json", "brokers-csv", "dirs-csv"];

export interface ExportFile {
  fileName: string;
  mimeType: string;
  body: string;
}

type Cell = string | number | boolean | null;

/** A formula start at the start of a text (after any spaces), or after a separator or line break in it. */
const FORMULA_START = /(?<=^|[,;\t\r\n])( *)([=+\-@\t\r\n\uff1d\uff0b\uff0d\uff20])/g;
/** What makes a field need quotes: a separator of some locale, a quote, a line break, an edge space. */
const NEEDS_QUOTES = /[,;\t"\r\n]|^ | $/;

/** A text cell that no spreadsheet, in any locale, evaluates as a formula or splits into cells. */
function csvText(value: string): string {
  const safe = value.replace(FORMULA_START, "$1'$2");
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvField(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  return csvText(value);
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

export function brokersCsv(report: Pick<BalanceReport, "brokers">): string {
  return toCsv(
    ["broker", "rack", "state", "replicas", "leaders", "bytes", "future_bytes", "log_dirs"],
    report.brokers.map((b) => [b.id, b.rack, b.state, b.replicas, b.leaders, b.bytes, b.futureBytes, b.logDirs]),
  );
}

export function dirsCsv(report: Pick<BalanceReport, "dirs">): string {
  return toCsv(
    [
      "broker",
      "log_dir",
      "state",
      "partitions",
      "future_replicas",
      "log_count",
      "bytes",
      "future_bytes",
      "total_bytes",
      "usable_bytes",
      "used_bytes",
      "utilization",
      "deviation_from_broker_mean",
    ],
    report.dirs.map((d) => [
      d.broker,
      d.path,
      d.state,
      d.partitions,
      d.futureReplicas,
      d.logCount,
      d.bytes,
      d.futureBytes,
      d.totalBytes,
      d.usableBytes,
      d.usedBytes,
      d.utilization,
      d.deviationFromBrokerMean,
    ]),
  );
}

/** What a file name is made of: the snapshot's cluster id (or source kind) and capture time. */
export type ExportNameParts = Pick<ClusterSnapshot, "capturedAt"> & { source: Pick<ClusterSnapshot["source"], "clusterId" | "kind"> };

/** `kafka-balance-<cluster>-<time>` with only filename-safe characters. */
export function exportBaseName(snapshot: ExportNameParts): string {
  const cluster = snapshot.source.clusterId ?? snapshot.source.kind;
  const time = snapshot.capturedAt.replace(/\.\d+/, "").replace(/[:]/g, "");
  return `kafka-balance-${cluster}-${time}`.replace(/[^A-Za-z0-9._-]+/g, "-");
}

/** The figures of a report as CSV; `base` names the file (a computed cluster has no snapshot of its own to name it). */
export function reportFile(report: Pick<BalanceReport, "brokers" | "dirs">, format: Exclude<ExportFormat, "json">, base: string): ExportFile {
  return format === "brokers-csv"
    ? { fileName: `${base}-brokers.csv`, mimeType: "text/csv; charset=utf-8", body: brokersCsv(report) }
    : { fileName: `${base}-log-dirs.csv`, mimeType: "text/csv; charset=utf-8", body: dirsCsv(report) };
}

/** The snapshot itself as JSON. */
export function snapshotFile(snapshot: ClusterSnapshot, base = exportBaseName(snapshot)): ExportFile {
  return { fileName: `${base}.json`, mimeType: "application/json", body: JSON.stringify(snapshot, null, 2) + "\n" };
}

/** `base`: the file name's stem, exportBaseName(snapshot) unless the caller names it (e.g. `…-after-plan`). */
export function exportFile(snapshot: ClusterSnapshot, report: BalanceReport, format: ExportFormat, base = exportBaseName(snapshot)): ExportFile {
  return format === "json" ? snapshotFile(snapshot, base) : reportFile(report, format, base);
}
