/**
 * A pasted reassignment: the JSON alone, or the whole output of `kafka-reassign-partitions`, which is
 * what gets copied from a terminal (ReassignPartitionsCommand, Kafka 1.x–4.x):
 *
 * - `--generate` prints "Current partition replica assignment", the current JSON, a blank line,
 *   "Proposed partition reassignment configuration" and the proposed JSON. The operator means the
 *   proposed one: it is taken, and a note says so.
 * - `--execute` prints "Current partition replica assignment", a blank line, the current JSON, a
 *   blank line, "Save this to use as the --reassignment-json-file option during rollback", then
 *   throttle lines and "Successfully started partition reassignment(s) for …". Its only JSON is the
 *   assignment *before* the reassignment (for a rollback), not the reassignment that was run: taking
 *   it would review the wrong moves, so the answer says exactly what to paste instead.
 * - Kafka's own logging and shell prompts mixed in (lib/model/tool-lines.ts) are skipped.
 *
 * Lines that are not taken become empty lines, so the JSON keeps its line and column numbers and a
 * syntax error still points into the paste as it is.
 */
import { classifyToolLine } from "./tool-lines";
import { failure, type Err } from "./result";

const CURRENT = /^Current partition replica assignment\s*$/;
const PROPOSED = /^Proposed partition reassignment configuration\s*$/;
const ROLLBACK = /^Save this to use as the --reassignment-json-file option during rollback\s*$/;
/** What `--execute` prints after its rollback banner (throttles, progress), 1.x–4.x. */
const EXECUTE_LINES: readonly RegExp[] = [
  /^Warning: (?:ignoring deprecated )?--zookeeper /,
  /^Warning: You must run (?:--verify|Verify) periodically/,
  /^The (?:inter-broker|replica-alter-dir) throttle limit was set to /,
  /^The throttle limit was set to /,
  /^Successfully started (?:partition reassignments? for |reassignment of partitions|moving log directory to )/,
];

export type ReassignmentPaste =
  /** `json`: the paste with every other line emptied; `note`: what was taken, when not the JSON alone. */
  { ok: true; json: string; note: string | null } | Err;

/** A line of the tool's own words (headers, banners, throttle and progress lines). */
function isToolLine(line: string): boolean {
  return CURRENT.test(line) || PROPOSED.test(line) || ROLLBACK.test(line) || EXECUTE_LINES.some((re) => re.test(line));
}

/** Lines `from`..`to` (0-based, exclusive) kept, every other line empty: same line numbers as the paste. */
function keepOnly(lines: readonly string[], from: number, to: number): string {
  return lines.map((line, i) => (i >= from && i < to ? line : "")).join("\n");
}

function parses(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** Reads the paste; the JSON alone comes back unchanged. */
export function reassignmentFromPaste(text: string): ReassignmentPaste {
  const lines = text.replace(/^\ufeff/, "").split(/\r\n|\n|\r/);
  const trimmed = lines.map((l) => l.trim());
  let noise = 0;
  let afterNoise = false;
  const failures: { line: number; message: string }[] = [];
  const skipped = trimmed.map((line, i) => {
    if (line === "") return false;
    const kind = classifyToolLine(line, afterNoise);
    if (kind?.kind === "failure" && (kind.strong || !line.startsWith("{"))) failures.push({ line: i + 1, message: kind.message });
    afterNoise = kind !== null;
    if (afterNoise) noise += 1;
    return afterNoise;
  });
  const proposed = trimmed.findIndex((l) => PROPOSED.test(l));
  const current = trimmed.findIndex((l) => CURRENT.test(l));
  const skippedNote = noise > 0 ? ` (${noise} line${noise === 1 ? "" : "s"} not the tool's output skipped: Kafka's own logging, shell prompts)` : "";

  if (proposed >= 0) {
    // The proposed JSON runs from the header to the next tool line (or the end).
    let end = trimmed.findIndex((l, i) => i > proposed && isToolLine(l));
    if (end < 0) end = lines.length;
    const json = keepOnly(
      lines.map((l, i) => (skipped[i] ? "" : l)),
      proposed + 1,
      end,
    );
    return {
      ok: true,
      json,
      note: `took the JSON after "Proposed partition reassignment configuration" (line ${proposed + 1}) of the kafka-reassign-partitions --generate output; the "Current partition replica assignment" JSON above it is the rollback${skippedNote}`,
    };
  }
  const failed = failures[0];
  if (failed && proposed < 0) {
    const message = `line ${failed.line}: the tool failed: ${failed.message.replace(/\.$/, "")}; re-run kafka-reassign-partitions.sh (check --bootstrap-server, and --command-config for a secured cluster) and paste the JSON it prints or takes`;
    return failure("invalid_json", message, { issues: [{ path: "", message, line: failed.line, column: 1 }] });
  }
  if (current >= 0) {
    const rollback = trimmed.findIndex((l) => ROLLBACK.test(l));
    const jsonLine = trimmed.findIndex((l, i) => i > current && l.startsWith("{"));
    const where = jsonLine >= 0 ? ` (line ${jsonLine + 1})` : "";
    const what = rollback >= 0 ? "the output of kafka-reassign-partitions --execute" : 'a "Current partition replica assignment"';
    const message = `this is ${what}: its JSON${where} is the assignment before the reassignment, saved for a rollback, not the reassignment that was run. To review the reassignment, paste the file given to --execute as --reassignment-json-file; to review the rollback, paste only the JSON${where}`;
    return failure("invalid_json", message, { issues: [{ path: "", message, line: current + 1, column: 1 }] });
  }
  // Two JSON documents without the tool's headers: --generate's two, copied without their titles.
  const documents = trimmed.flatMap((l, i) => (l.startsWith("{") && parses(l) ? [i + 1] : []));
  if (documents.length >= 2) {
    const message = `the paste holds ${documents.length} JSON documents (lines ${documents.join(", ")}); kafka-reassign-partitions --generate prints the current assignment first and the proposed one second: paste only the one to review (the proposed one to see the moves)`;
    return failure("invalid_json", message, { issues: [{ path: "", message, line: documents[1]!, column: 1 }] });
  }
  if (noise === 0) return { ok: true, json: text, note: null };
  const json = lines.map((l, i) => (skipped[i] ? "" : l)).join("\n");
  return {
    ok: true,
    json,
    note: `skipped ${noise} line${noise === 1 ? "" : "s"} that ${noise === 1 ? "is" : "are"} not the reassignment JSON (Kafka's own logging, shell prompts)`,
  };
}
