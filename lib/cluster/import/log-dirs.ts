/**
 * Reads the output of `kafka-log-dirs.sh --describe` (kafka.admin.LogDirsCommand up to 3.4,
 * org.apache.kafka.tools.LogDirsCommand from 3.5; the same format from 2.4 to 4.x):
 *
 *   Querying brokers for log directories information
 *   Received log directory information from brokers 1,2,3
 *   {"brokers":[{"broker":1,"logDirs":[{"logDir":"/data/d1","error":null,"partitions":[
 *     {"partition":"orders-0","size":123,"offsetLag":0,"isFuture":false}]}]}],"version":1}
 *
 * Rules, and why:
 * - The JSON comes from Java HashMaps, so keys come in any order; keys we do not know are ignored
 *   (a newer tool may add some, e.g. dir capacity as `totalBytes`/`usableBytes`, read when present).
 * - The two preamble lines and blank lines may appear anywhere, so the output of several runs (one per
 *   broker with `--broker-list`) can be pasted one after another; each JSON document is one run. A
 *   document may also be pretty-printed over several lines (e.g. piped through jq).
 * - `error` is the Java class name of the dir's error (`...KafkaStorageException`); non-null means the
 *   dir is offline, and Kafka lists no partitions for it.
 * - A replica with `isFuture: true` is a KIP-113 copy being written into another dir of the same
 *   broker; it is attached to the current replica (the non-future entry) as its `future`.
 * - Every problem names its line and JSON path; any problem means no result at all.
 */
import { IssueList, quote, splitLines, } from "./issues";
import { success, type Result } from "@/lib/model/result";
import { joinPath } from "@/lib/model/result";
import { findJsonSyntaxError, lineAndColumn, locateJsonPaths } from "@/lib/model/json-scan";
import { LogDirsDocumentReader, type LogDirsListing, type Pending, type Segment } from "./log-dirs-document";

export type { LogDirsBroker, LogDirsListing, LogDirsReplica } from "./log-dirs-document";

const PREAMBLE = [/^Querying brokers for log directories information$/, /^Received log directory information from brokers [\d,\s]*$/];

/** Splits the paste into runs of lines that are neither blank nor preamble. */
function segmentsOf(text: string): Segment[] {
  const lines = splitLines(text);
  const segments: Segment[] = [];
  let current: { firstLine: number; lines: string[] } | null = null;
  const close = () => {
    if (current) segments.push({ firstLine: current.firstLine, text: current.lines.join("\n"), multiLine: current.lines.length > 1 });
    current = null;
  };
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === "" || PREAMBLE.some((re) => re.test(trimmed))) {
      close();
      return;
    }
    if (!current) current = { firstLine: i + 1, lines: [] };
    current.lines.push(line);
  });
  close();
  return segments;
}

/** Turns pending problems into issues with line numbers: one locating pass per multi-line document. */
function resolveLines(pending: readonly Pending[], dropped: number): IssueList {
  const issues = new IssueList("logDirs");
  const offsets = new Map<Pending, number>();
  const bySegment = new Map<Segment, Pending[]>();
  for (const p of pending) {
    if (!p.segment.multiLine) continue;
    const list = bySegment.get(p.segment) ?? [];
    list.push(p);
    bySegment.set(p.segment, list);
  }
  for (const [segment, list] of bySegment) {
    const found = locateJsonPaths(segment.text, list.map((p) => p.path));
    list.forEach((p, i) => offsets.set(p, found[i] ?? 0));
  }
  for (const p of pending) {
    const offset = offsets.get(p);
    const line = offset === undefined ? p.segment.firstLine : lineAndColumn(p.segment.text, offset, p.segment.firstLine).line;
    issues.add(line, joinPath(p.path), p.message);
  }
  issues.skip(dropped);
  return issues;
}

export function parseLogDirs(text: string): Result<LogDirsListing> {
  const segments = segmentsOf(text);
  const structural = new IssueList("logDirs");
  if (segments.length === 0) {
    structural.add(null, "", "no JSON found: paste the whole output of kafka-log-dirs.sh --describe, including the line that starts with '{'");
    return structural.failed();
  }
  const documents: { segment: Segment; root: unknown }[] = [];
  for (const segment of segments) {
    const start = segment.text.trimStart();
    // A document starting with '[' is still JSON: let the shape check say what is wrong with it.
    if (!start.startsWith("{") && !start.startsWith("[")) {
      const firstLine = segment.text.split("\n", 1)[0] ?? "";
      structural.add(
        segment.firstLine,
        "",
        `not part of kafka-log-dirs --describe output: expected the preamble lines ("Querying brokers…", "Received log directory information…") or the JSON line that starts with '{', got ${quote(firstLine.trim())}`,
      );
      continue;
    }
    try {
      documents.push({ segment, root: JSON.parse(segment.text) as unknown });
    } catch (error) {
      const found = findJsonSyntaxError(segment.text);
      const where = lineAndColumn(segment.text, found?.offset ?? 0, segment.firstLine);
      structural.add(where.line, "", `invalid JSON at column ${where.column}: ${found?.message ?? (error as Error).message}`);
    }
  }
  if (!structural.empty) return structural.failed();

  const reader = new LogDirsDocumentReader();
  for (const { segment, root } of documents) reader.document(segment, root);
  const listing = reader.finish();
  const issues = resolveLines(reader.pending, reader.dropped);
  if (!issues.empty) return issues.failed();
  return success(listing);
}
