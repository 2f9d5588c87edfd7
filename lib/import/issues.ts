/**
 * Problems found while importing pasted tool output.
 *
 * Every issue names the pasted text it came from, the 1-based line in that text, and the field that is
 * wrong, so the person pasting can find and fix it. Parsers collect issues instead of throwing: bad
 * input is expected here. A parser that found any issue returns no value at all, so nothing
 * half-parsed ever reaches a snapshot.
 */
import { describeIssues, failure, type Err, type Issue } from "@/lib/model/result";

/** Which pasted text an issue points into; `snapshot` is the assembled result (no line). */
export type ImportSource = "logDirs" | "topics" | "configs" | "racks" | "snapshot";

/** An Issue (lib/model/result.ts) that always says which pasted text, and which line, it is about. */
export type ImportIssue = Issue & { source: ImportSource; line: number | null };

const SOURCE_NAMES: Record<ImportSource, string> = {
  logDirs: "kafka-log-dirs output",
  topics: "kafka-topics output",
  configs: "kafka-configs output",
  racks: "racks",
  snapshot: "assembled snapshot",
};

/** `kafka-log-dirs output, line 3: brokers.0.logDirs.1.partitions.4.size: expected …` */
export function formatImportIssue(issue: Issue): string {
  const name = SOURCE_NAMES[issue.source as ImportSource] ?? issue.source ?? "input";
  const where = issue.line == null ? name : `${name}, line ${issue.line}`;
  return issue.path ? `${where}: ${issue.path}: ${issue.message}` : `${where}: ${issue.message}`;
}

/** One line for an error response: the first issue (where it is), and how many more there are. */
export function describeImportIssues(issues: readonly Issue[]): string {
  return issues.length === 0 ? "the pasted text could not be imported" : describeIssues(issues, formatImportIssue);
}

/**
 * 50: enough to show every distinct mistake in a paste, while a 50 MB paste of garbage still answers
 * with a short list instead of a million issues.
 */
export const MAX_ISSUES = 50;

/** Collects issues up to MAX_ISSUES; `full` tells a parser it may stop looking. */
export class IssueList {
  readonly items: ImportIssue[] = [];
  private dropped = 0;

  constructor(private readonly source: ImportSource) {}

  add(line: number | null, path: string, message: string): void {
    if (this.items.length < MAX_ISSUES) this.items.push({ source: this.source, line, path, message });
    else this.dropped += 1;
  }

  /** Counts problems found but not worth listing one by one. */
  skip(count: number): void {
    this.dropped += count;
  }

  get full(): boolean {
    return this.items.length >= MAX_ISSUES;
  }

  get empty(): boolean {
    return this.items.length === 0;
  }

  /** The parse failed: code `invalid_import`, every issue listed. */
  failed(): Err {
    return importFailure(this.list());
  }

  /** The issues, with a closing note when some were left out. */
  list(): ImportIssue[] {
    if (this.dropped === 0) return this.items;
    return [...this.items, { source: this.source, line: null, path: "", message: `${this.dropped} more problems not listed; fix the ones above first` }];
  }
}

/** How a value looks in a message: strings quoted and cut short, containers named. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing (the key is missing)";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return quote(value);
  return String(value);
}

/** A piece of pasted text in a message: JSON-quoted, at most 60 characters. */
export function quote(text: string): string {
  const cut = text.length > 60 ? `${text.slice(0, 57)}...` : text;
  return JSON.stringify(cut);
}

/** Splits pasted text into lines (LF, CRLF or CR), without a leading byte-order mark. */
export function splitLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.split(/\r\n|\n|\r/);
}

/** A failed import: code `invalid_import`, the message naming the first issue and where it is. */
export function importFailure(issues: ImportIssue[]): Err {
  return failure("invalid_import", describeImportIssues(issues), { issues });
}
