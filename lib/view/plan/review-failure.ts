/**
 * What the review panel says when /api/plan refuses the pasted reassignment (`{ error: { code,
 * message, issues } }`, issues under `reassignment`): text that is not JSON by where it stops being
 * JSON, with the line and column the panel can put the caret on; a document Kafka's tool refuses in
 * the tool's words. Anything else (the server, the network) keeps its own message.
 */
import type { Issue } from "@/lib/model/result";

export interface ReviewFailure {
  message: string;
  /** Where in the pasted text the problem is, when it is one place. */
  at: { line: number; column: number } | null;
}

export function reviewFailure(error: { message: string; issues: ReadonlyArray<Issue> }): ReviewFailure {
  const issue = error.issues.find((i) => i.path === "reassignment" || i.path.startsWith("reassignment."));
  if (!issue) return { message: error.message, at: null };
  if (typeof issue.line === "number" && typeof issue.column === "number") {
    return { message: `Not valid JSON: line ${issue.line}, column ${issue.column}: ${issue.message}.`, at: { line: issue.line, column: issue.column } };
  }
  return { message: `Kafka's tool refuses this JSON: ${issue.message}`, at: null };
}
