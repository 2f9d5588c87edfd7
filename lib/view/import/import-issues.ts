/**
 * Import errors placed next to the input they are about: each issue of `POST /api/import` names the
 * pasted text (`source`), the 1-based line and the field; this groups them per text box, quotes the
 * offending line, and finds its character range so the form can select it in the textarea.
 */
import { formatIssue, type Issue } from "@/lib/model/result";

export type ImportField = "logDirs" | "topics" | "configs" | "other";
/** The pasted texts, each in its own box. */
export type PasteField = Exclude<ImportField, "other">;

export interface IssueItem {
  line: number | null;
  /** "line 3: brokers.0.logDirs.1.partitions.4.size: expected a number". */
  text: string;
  /** The offending line as pasted, trimmed and shortened, or null when the issue has no line. */
  excerpt: string | null;
}

/** 120: long enough to recognise a line of kafka-log-dirs JSON, short enough for one row. */
const EXCERPT_CHARS = 120;

function fieldOf(source: string | undefined): ImportField {
  return source === "logDirs" || source === "topics" || source === "configs" ? source : "other";
}

export function lineText(text: string, line: number): string | null {
  if (!Number.isInteger(line) || line < 1) return null;
  const lines = text.split(/\r\n|\n|\r/);
  return line <= lines.length ? lines[line - 1]! : null;
}

export function lineExcerpt(text: string, line: number): string | null {
  const raw = lineText(text, line);
  if (raw === null) return null;
  const t = raw.trim();
  return t.length > EXCERPT_CHARS ? `${t.slice(0, EXCERPT_CHARS - 1)}…` : t;
}

/** Character offsets [start, end) of a 1-based line, for `textarea.setSelectionRange`. */
export function lineRange(text: string, line: number): { start: number; end: number } | null {
  if (!Number.isInteger(line) || line < 1) return null;
  let start = 0;
  for (let n = 1; n < line; n++) {
    const i = text.indexOf("\n", start);
    if (i < 0) return null;
    start = i + 1;
  }
  const nl = text.indexOf("\n", start);
  const end = nl < 0 ? text.length : nl;
  return { start, end: end > start && text[end - 1] === "\r" ? end - 1 : end };
}

export function groupImportIssues(issues: readonly Issue[], texts: { logDirs: string; topics: string; configs?: string }): Record<ImportField, IssueItem[]> {
  const out: Record<ImportField, IssueItem[]> = { logDirs: [], topics: [], configs: [], other: [] };
  for (const issue of issues) {
    const field = fieldOf(issue.source);
    const line = issue.line ?? null;
    const where = line === null ? "" : `line ${line}: `;
    const excerpt = line !== null && field !== "other" ? lineExcerpt(texts[field] ?? "", line) : null;
    out[field].push({ line, text: `${where}${formatIssue(issue)}`, excerpt });
  }
  for (const list of Object.values(out)) list.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  return out;
}

/**
 * The issues left once one text box changes: its own go (their line numbers point into text that is no
 * longer there), and so do those about no box in particular (they were about the import as a whole);
 * the other box's stay, since its text is what they describe. Null when none is left, so the form
 * shows no error at all after the input is cleared or replaced.
 */
export function issuesAfterEdit(issues: Record<ImportField, IssueItem[]> | null, edited: PasteField): Record<ImportField, IssueItem[]> | null {
  if (!issues) return null;
  const left = { ...issues, [edited]: [], other: [] };
  return left.logDirs.length + left.topics.length + left.configs.length === 0 ? null : left;
}
