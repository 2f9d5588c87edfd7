/**
 * The CPU side of making a link, without the store: validate the request (the one snapshot parse
 * path), apply the sharing options (host redaction, topic hashing), trim the label. Pure but for
 * hashing, so the route runs it in the worker pool (lib/workers) and only the insert stays on the
 * request thread.
 */
import { jsonDepthProblem } from "@/lib/model/json-depth";
import { parseSnapshot, zodIssues } from "@/lib/model/parse";
import { invalid, prefixIssues, success, type Issue, type Result } from "@/lib/model/result";
import { parseReassignmentJson } from "@/lib/model/reassignment-json";
import { labelTrimmedNotice, trimText } from "./quota";
import type { RecordKind, Sharing } from "../share/record";
import { applySharing, type ShareContent } from "./redact";
import { ShareRequestSchema } from "../share/request";

export interface PreparedShare {
  kind: RecordKind;
  sharing: Sharing;
  /** With the sharing options applied and the label trimmed. */
  content: ShareContent;
  /** What the answer tells the client about changes (a trimmed label). */
  notices: string[];
}

/** The reassignment JSON of a shared plan: checked as Kafka's tool checks it, an empty plan allowed. */
function reassignmentIssues(json: string | null): Issue[] {
  if (json === null) return [];
  // Kafka's tool ignores keys it does not know, so nesting inside them would be stored and walked later.
  const tooDeep = jsonDepthProblem(json, "The reassignment JSON");
  if (tooDeep) return [{ path: "plan.reassignmentJson", message: tooDeep.message }];
  const parsed = parseReassignmentJson(json, { allowEmpty: true });
  if (parsed.ok) return [];
  const { code, message, issues } = parsed.error;
  return [
    {
      path: issues[0] ? `plan.reassignmentJson.${issues[0].path}` : "plan.reassignmentJson",
      message: code === "invalid_json" ? `${message}; send the plan's reassignment JSON as a string` : message,
    },
  ];
}

/** Validates a `POST /api/snapshots` body into what will be stored (before sharing options). */
export function parseShareRequest(raw: unknown): Result<{ kind: RecordKind; content: ShareContent; sharing: Sharing }> {
  const request = ShareRequestSchema.safeParse(raw);
  if (!request.success) return invalid(zodIssues(request.error));
  const body = request.data;
  const rawSnapshot = body.kind === "scenario" ? body.scenario.base : body.snapshot;
  const snapshotPath = body.kind === "scenario" ? "scenario.base" : "snapshot";
  const snapshot = parseSnapshot(rawSnapshot);
  if (!snapshot.ok) return invalid(prefixIssues(snapshot.error.issues, snapshotPath));
  if (body.kind === "plan") {
    const issues = reassignmentIssues(body.plan.reassignmentJson);
    if (issues.length > 0) return invalid(issues);
  }
  const scenario = body.kind === "scenario" ? { policy: body.scenario.policy, seed: body.scenario.seed, steps: body.scenario.steps } : null;
  const plan = body.kind === "plan" ? body.plan : null;
  return success({ kind: body.kind, content: { snapshot: snapshot.value, scenario, plan }, sharing: body.sharing });
}

/** Validates, applies the sharing options with `salt`, and trims the label to `labelChars`. */
export function prepareShare(raw: unknown, salt: string, labelChars: number): Result<PreparedShare> {
  const parsed = parseShareRequest(raw);
  if (!parsed.ok) return parsed;
  const { kind, sharing } = parsed.value;
  const shared = applySharing(parsed.value.content, sharing, salt);
  const { label } = shared.snapshot.source;
  const long = label.length > labelChars;
  const content = long ? { ...shared, snapshot: { ...shared.snapshot, source: { ...shared.snapshot.source, label: trimText(label, labelChars) } } } : shared;
  return success({ kind, sharing, content, notices: long ? [labelTrimmedNotice(label.length, labelChars)] : [] });
}
