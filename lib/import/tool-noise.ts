/**
 * Counts the lines of a paste that are not the tool's output (lib/model/tool-lines.ts says which) and
 * keeps its first failure: the note that says what was skipped, and the refusal of a failed run.
 */
import type { ImportIssue, ImportSource } from "./issues";
import { quote } from "./issues";
import { classifyToolLine } from "@/lib/model/tool-lines";

export { mayBeToolNoise } from "@/lib/model/tool-lines";

/** What the tool's name and flags are, for the advice to re-run it. */
const RERUN: Record<Exclude<ImportSource, "snapshot" | "racks">, string> = {
  logDirs: "re-run kafka-log-dirs.sh --describe (check --bootstrap-server, and --command-config for a secured cluster) and paste its output",
  topics: "re-run kafka-topics.sh --describe (check --bootstrap-server, and --command-config for a secured cluster) and paste its output",
  configs: "re-run kafka-configs.sh --describe --entity-type brokers (or topics) (check --bootstrap-server, and --command-config for a secured cluster) and paste its output",
};

/**
 * Counts the skipped lines of one paste and keeps its first failure: the note that says what was
 * skipped, and the refusal of a failed run.
 */
export class ToolNoise {
  private skipped = 0;
  private first: { line: number; text: string } | null = null;
  private failure: { line: number; message: string } | null = null;
  private weakFailure: { line: number; message: string; text: string } | null = null;
  /** The last non-blank line was one of these (a stack trace line may follow). */
  afterNoise = false;

  constructor(private readonly source: "logDirs" | "topics" | "configs") {}

  /** Reads a trimmed, non-blank line; true when it is not output (and so is skipped). */
  read(line: number, text: string): boolean {
    const kind = classifyToolLine(text, this.afterNoise);
    this.afterNoise = kind !== null;
    if (kind === null) return false;
    if (kind.kind === "failure") {
      if (kind.strong) this.failure ??= { line, message: kind.message };
      else this.weakFailure ??= { line, message: kind.message, text };
      return true;
    }
    this.skip(line, text);
    return true;
  }

  private skip(line: number, text: string): void {
    this.skipped += 1;
    this.first ??= { line, text };
  }

  /**
   * The refusal when the tool failed, or null. An exception line alone (no "Exception in thread",
   * no "Error …") is a failure only when the paste holds no output: after a log line that was read
   * through, it is that line's logged exception.
   */
  failed(sawOutput: boolean): ImportIssue | null {
    const f = this.failure ?? (sawOutput ? null : this.weakFailure);
    if (!f) return null;
    return { source: this.source, line: f.line, path: "", message: `the tool failed: ${f.message.replace(/\.$/, "")}; ${RERUN[this.source]}` };
  }

  /** The note on what was skipped, or null when nothing was. */
  note(sawOutput: boolean): ImportIssue | null {
    if (sawOutput && this.weakFailure && !this.failure) {
      this.skip(this.weakFailure.line, this.weakFailure.text);
      this.weakFailure = null;
    }
    if (!this.first) return null;
    const n = this.skipped;
    return {
      source: this.source,
      line: this.first.line,
      path: "",
      message: `skipped ${n} line${n === 1 ? "" : "s"} that ${n === 1 ? "is" : "are"} not the tool's output (Kafka's own logging, shell prompts), the first: ${quote(this.first.text)}`,
    };
  }
}
