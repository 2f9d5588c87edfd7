/**
 * Lines in a paste that the Kafka tools did not print as their output: the JVM's and Kafka's own
 * logging, shell prompts, and the report of a tool that failed. Shared by every reader of pasted tool
 * output (lib/import for kafka-log-dirs and kafka-topics, lib/plan for reassignments), so it
 * lives in the pure core.
 *
 * What the tools print besides their output (bin/kafka-run-class.sh sends logging to stderr, and
 * `2>&1` or a terminal copy mixes it in):
 * - Kafka's log lines, `[2024-05-01 10:00:00,123] WARN message (org.apache.kafka…)`: the pattern of
 *   config/tools-log4j.properties (1.x–3.x) and tools-log4j2.yaml (4.x); other patterns start with an
 *   ISO time or the level (`WARN message`), and a logged exception continues with `\tat …` lines.
 * - SLF4J's own lines (`SLF4J: Class path contains multiple SLF4J bindings.`; `SLF4J(W): …` from
 *   SLF4J 2.0.10), log4j 1's (`log4j:WARN No appenders could be found …`), Log4j 2's status logger
 *   (`ERROR StatusLogger …`), and Kafka 4's `DEPRECATED: A Log4j 1.x configuration file …` line.
 * These are skipped, and counted so the import says what it skipped.
 *
 * A tool that failed prints, instead of its output: `Exception in thread "main" <class>: <message>`
 * and a stack trace (an uncaught exception: the Scala tools up to 3.4), the exception's message and
 * then its trace (the Java tools from 3.5), `Error while executing topic command : <message>`
 * (kafka-topics), `ERROR: <message>` (kafka-log-dirs' --broker-list check), `Error: <message>`
 * (kafka-reassign-partitions). Such a paste is answered "the tool failed", with the message, on the
 * line it is on: nothing in it can be imported, and the tool must be re-run.
 */

const LEVEL = "(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|SEVERE)";
const CLASS = "(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*";

/** Log lines: the start of the line is enough to know. */
const LOG_HEADS: readonly RegExp[] = [
  new RegExp(`^\\[\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}(?:[,.]\\d{1,9})?(?:Z|[+-]\\d{2}:?\\d{2})?\\]\\s*(?:\\[[^\\]]*\\]\\s*)?${LEVEL}\\b`),
  new RegExp(`^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}\\S*\\s+(?:\\[[^\\]]*\\]\\s+|\\S+\\s+)?${LEVEL}\\b`),
  new RegExp(`^${LEVEL} (?!StatusLogger)[^:]`),
  new RegExp(`^(?:\\S+ )?${LEVEL} StatusLogger\\b`),
  /^SLF4J(?:\([A-Z]\))?:/,
  /^log4j:(?:WARN|ERROR|INFO|DEBUG)\b/,
  /^DEPRECATED: A Log4j 1\.x configuration/,
  // The JVM's own warnings (illegal reflective access on Java 9–16, VM options).
  /^WARNING: /,
  /^(?:OpenJDK|Java HotSpot\(TM\)) (?:64-Bit )?(?:Server|Client) VM warning:/,
  /^Picked up (?:JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS): /,
  // kubectl exec's own lines (Strimzi and other Kubernetes set-ups).
  /^Defaulted container "[^"]*" out of: /,
  /^Unable to use a TTY - input is not a terminal/,
];

/**
 * A shell prompt copied with the output (`$`, `bash-5.1$`, `[kafka@b1 bin]$`, `user@host:~$`,
 * `PS C:\\kafka>`), alone or with the command typed after it, and the tool's command line itself.
 */
const PROMPT = /^(?:\([^)]*\)\s*)?(?:[\w.@:~/\\[\]-]+(?: [\w.@:~/\\[\]-]+){0,2})?\s?[$#%>]$/;
const POWERSHELL = /^PS [A-Za-z]:[^>]*>\s*/;
const COMMAND =
  /^(?:(?:\([^)]*\)\s*)?(?:[\w.@:~/\\[\]-]+(?: [\w.@:~/\\[\]-]+){0,2})?\s?[$#%>]\s+|PS [A-Za-z]:[^>]*>\s*)?(?:sudo\s+|docker\s+exec\s+.*?\s+|kubectl\s+exec\s+.*?--\s+)?\S*kafka-(?:log-dirs|topics|configs|reassign-partitions)(?:\.sh|\.bat|\.cmd)?(?:\s|$)/;

/** What follows a logged exception or a failure: its stack trace. */
const TRACE_LINES: readonly RegExp[] = [
  /^at [\w$.<>/-]+\(/,
  /^\.\.\. \d+ (?:more|common frames omitted)/,
  new RegExp(`^(?:Caused by|Suppressed): ${CLASS}`),
  // A log message that ends in a line break: the pattern's ` (%c)` lands alone on the next line.
  /^\((?:[\w$]+\.)+[\w$]+\)$/,
  // The rest of Kafka 4's "DEPRECATED: A Log4j 1.x configuration file has been detected" notice.
  /^To use a Log4j 2\.x configuration, please see /,
  /^You can also use the \S+ file as a starting point/,
];

/** A failed tool's report; the message is what follows the prefix. */
const FAILURES: readonly RegExp[] = [/^Exception in thread "[^"]*" (.*)$/, /^Error while executing [\w -]*?\s*:\s*(.*)$/, /^ERROR: (.*)$/, /^Error: (.*)$/];
/**
 * 2,000: how much of a line is looked at. Every pattern is decided by a line's start, and a bound
 * keeps each test linear in it whatever a pasted line holds (a 10 MB line costs no more than 2 KB).
 */
const LOOKED_AT = 2000;
const EXCEPTION_HEAD = new RegExp(`^${CLASS}(?:Exception|Error)\\b`);

/** An exception's `toString()` alone on its line: how the Java tools (3.5+) print a failure. */
const EXCEPTION_LINE = new RegExp(`^(${CLASS}(?:Exception|Error))(?::\\s*(.*))?$`);

export type ToolLine =
  | { kind: "log" }
  /** A shell prompt or the tool's command line. */
  | { kind: "prompt" }
  | { kind: "trace" }
  /** `strong`: the tool says it failed; otherwise an exception line, which may belong to a log line. */
  | { kind: "failure"; message: string; strong: boolean };

/** Whether a line that starts with `head` (trimmed, possibly cut short) may be one of these lines. */
export function mayBeToolNoise(text: string): boolean {
  const head = text.slice(0, LOOKED_AT);
  return LOG_HEADS.some((re) => re.test(head)) || TRACE_LINES.some((re) => re.test(head)) || FAILURES.some((re) => re.test(head)) || isPrompt(head) || EXCEPTION_HEAD.test(head);
}

/**
 * What a whole line (trimmed) is, or null when it is none of these. `afterNoise`: the line before it
 * (blank lines aside) was one of them, so a stack trace line belongs to it.
 */
export function classifyToolLine(text: string, afterNoise: boolean): ToolLine | null {
  const line = text.slice(0, LOOKED_AT);
  if (LOG_HEADS.some((re) => re.test(line))) return { kind: "log" };
  if (isPrompt(line)) return { kind: "prompt" };
  if (afterNoise && TRACE_LINES.some((re) => re.test(line))) return { kind: "trace" };
  for (const re of FAILURES) {
    const m = re.exec(line);
    if (m) return { kind: "failure", message: failureMessage(m[1] ?? ""), strong: true };
  }
  if (EXCEPTION_LINE.test(line)) return { kind: "failure", message: failureMessage(line), strong: false };
  return null;
}

/** A Markdown code fence around output copied from an issue or a wiki (```, ```text, ~~~). */
const FENCE = /^(?:```|~~~)[\w+.-]*$/;

function isPrompt(line: string): boolean {
  return line.length <= 400 && (FENCE.test(line) || PROMPT.test(line) || COMMAND.test(line) || (POWERSHELL.test(line) && line.replace(POWERSHELL, "") === ""));
}

/**
 * `java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.TimeoutException: Timed
 * out …` → `TimeoutException: Timed out …`: the innermost exception's simple name and its message.
 */
export function failureMessage(text: string): string {
  let rest = text.trim();
  let name: string | null = null;
  const re = new RegExp(`^(${CLASS}(?:Exception|Error)|[A-Z][\\w$]*(?:Exception|Error))(?::\\s*|$)`);
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    name = m[1]!.slice(m[1]!.lastIndexOf(".") + 1);
    rest = rest.slice(m[0].length);
  }
  const message = rest.trim();
  const full = name ? (message ? `${name}: ${message}` : name) : message;
  return full.length > 300 ? `${full.slice(0, 297)}...` : full;
}
