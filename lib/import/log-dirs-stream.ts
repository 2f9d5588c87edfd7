/**
 * The streaming reader of `kafka-log-dirs.sh --describe` output (the rules are in log-dirs.ts): text or
 * UTF-8 bytes go in chunk by chunk, in any sizes, and one Result comes out at the end. It is the only
 * reader: `parseLogDirs(text)` writes the whole text at once.
 *
 * Invariants:
 * - Lines end at LF, CRLF or CR (a CRLF split across chunks counts once); a leading byte-order mark is
 *   dropped; bytes are decoded by one streaming PasteDecoder (text-encoding.ts): UTF-8 or UTF-16 by
 *   their BOM or NUL pattern, a character split across chunks read whole, invalid UTF-8 refused
 *   with its line (not turned into U+FFFD).
 * - Kafka's own logging, shell prompts and a failed run's report are told apart (tool-noise.ts):
 *   skipped with a note, or the answer "the tool failed".
 * - A line is a boundary when, trimmed, it is blank or a preamble line; every other line belongs to a
 *   document (a segment: a run of such lines). To know, a line is held back only while it can still be
 *   a boundary: its blank start, or a prefix of a preamble line. Document lines go straight to the
 *   JSON tokenizer; a segment that does not start with '{' or '[' keeps only what its message quotes.
 * - The result, issues and their lines are those of the whole text read at once: structural problems
 *   (a line that is not the tool's, JSON syntax) first and alone; otherwise the rules' problems.
 */
import { importFailure, IssueList, quote, type ImportIssue } from "./issues";
import { PasteDecoder } from "./text-encoding";
import { joinPath, success, type Result } from "@/lib/model/result";
import { JsonTokenizer } from "./json-tokens";
import { LogDirsDocumentBuilder } from "./log-dirs-json";
import { LogDirsDocumentReader, type LogDirsListing } from "./log-dirs-document";
import { mayBeToolNoise, ToolNoise } from "./tool-noise";

const QUERYING = "Querying brokers for log directories information";
const RECEIVED = "Received log directory information from brokers ";
const PREAMBLE = [/^Querying brokers for log directories information$/, /^Received log directory information from brokers [\d,\s]*$/];

/** What `String.prototype.trim` removes (and `\s` matches). */
function isSpace(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The index of the next `ch` from `from`, or the text's length. */
function nextOf(text: string, ch: string, from: number): number {
  const at = text.indexOf(ch, from);
  return at < 0 ? text.length : at;
}

/** How much of a line has been seen while it could still be blank or a preamble line. */
const enum Prefix {
  Blank,
  Querying,
  QueryingTail,
  Received,
  ReceivedTail,
  /** A line that may be Kafka's logging or a failure report (tool-noise.ts), not yet known. */
  Head,
  /** A line whose start is that of Kafka's logging or a failure report: kept up to NOISE_KEPT. */
  NoiseTail,
  /** The line is a document line. */
  Content,
}

/** 200: enough of a line to tell a log line or an exception's first line (its class names) from output. */
const HEAD_CHARS = 200;
/** 2,000: enough of a failure's line for its message; the rest of a long log line is not kept. */
const NOISE_KEPT = 2000;

/** A line's first character that rules out a log line at once: what JSON output lines start with. */
const isJsonStart = (c: number) => c === 0x7b || c === 0x22 || c === 0x7d || c === 0x5d || c === 0x2c;

/** 60: `quote` shows at most 60 characters of a line. */
const QUOTED = 60;

/** A segment that does not start with '{' or '[': only its first line's first characters matter. */
class TextSegment {
  private head = "";
  private started = false;
  private longer = false;
  done = false;

  constructor(readonly firstLine: number) {}

  feed(text: string, from: number, to: number): void {
    for (let i = from; i < to && !this.done; i++) {
      const c = text.charCodeAt(i);
      if (!this.started && isSpace(c)) continue;
      this.started = true;
      if (this.head.length < QUOTED) this.head += text[i];
      else if (!isSpace(c)) {
        this.longer = true;
        this.done = true;
      }
    }
  }

  /** The first line, trimmed, as `quote` shows it. */
  quoted(): string {
    return quote(this.longer ? `${this.head}${"x".repeat(QUOTED)}` : this.head.trimEnd());
  }
}

export class LogDirsStreamReader {
  private readonly reader = new LogDirsDocumentReader();
  private readonly structural = new IssueList("logDirs");
  private decoder: PasteDecoder | null = null;
  private started = false;
  private pendingCr = false;
  private line = 1;
  private prefix = Prefix.Blank;
  private matched = 0;
  private held = "";
  private json: JsonTokenizer | null = null;
  private text: TextSegment | null = null;
  private segments = 0;
  private readonly noise = new ToolNoise("logDirs");
  /** Some line is not blank (the paste is not empty). */
  sawText = false;

  /**
   * Reads the next chunk: text, or bytes (a character may be split between two chunks) in UTF-8 or
   * UTF-16, told by a byte-order mark or the NUL pattern (text-encoding.ts).
   */
  write(chunk: string | Uint8Array): void {
    if (typeof chunk === "string") return this.read(chunk);
    this.decoder ??= new PasteDecoder();
    this.read(this.decoder.write(chunk));
  }

  /** The end of the paste: the listing, or every problem with its line and JSON path. */
  end(): Result<LogDirsListing> {
    if (this.decoder) this.read(this.decoder.end());
    if (this.decoder?.error) {
      this.sawText = true;
      return importFailure([{ source: "logDirs", line: this.decoder.errorLine, path: "", message: this.decoder.error }]);
    }
    this.endLine();
    this.endSegment();
    const failed = this.noise.failed(this.segments > 0 && this.structural.empty);
    if (failed) return importFailure([failed]);
    if (this.segments === 0) {
      this.structural.add(null, "", "no JSON found: paste the whole output of kafka-log-dirs.sh --describe, including the line that starts with '{'");
      const note = this.noise.note(false);
      if (note) this.structural.add(note.line, "", note.message);
      return this.structural.failed();
    }
    if (!this.structural.empty) return this.structural.failed();
    const listing = this.reader.finish();
    const notes = [this.noise.note(true), this.encodingNote()].filter((n) => n !== null);
    if (this.reader.pending.length === 0) return success(listing, notes.length > 0 ? notes : undefined);
    const issues = new IssueList("logDirs");
    for (const p of this.reader.pending) issues.add(p.line, joinPath(p.path), p.message);
    issues.skip(this.reader.dropped);
    return issues.failed();
  }

  private encodingNote(): ImportIssue | null {
    const note = this.decoder?.note;
    return note ? { source: "logDirs", line: null, path: "", message: note } : null;
  }

  private read(text: string): void {
    let i = 0;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    if (this.pendingCr && i < text.length) {
      this.pendingCr = false;
      if (text.charCodeAt(i) === 0x0a) i++;
    }
    // Next LF and next CR, each searched again only once passed (no rescans on LF-only text).
    let lf = -1;
    let cr = -1;
    while (i < text.length) {
      if (lf < i) lf = nextOf(text, "\n", i);
      if (cr < i) cr = nextOf(text, "\r", i);
      let j = Math.min(lf, cr);
      const c = j < text.length ? text.charCodeAt(j) : 0;
      if (j > i) this.lineText(text, i, j);
      if (j >= text.length) break;
      this.endLine();
      if (c === 0x0d) {
        if (j + 1 >= text.length) this.pendingCr = true;
        else if (text.charCodeAt(j + 1) === 0x0a) j++;
      }
      i = j + 1;
    }
  }

  /** Part of a line (no line break in it). */
  private lineText(text: string, from: number, to: number): void {
    if (this.prefix === Prefix.Content) return this.pass(text, from, to);
    if (this.prefix === Prefix.NoiseTail) return this.keepNoise(text, from, to);
    for (let i = from; i < to; i++) {
      if (this.advance(text.charCodeAt(i))) {
        if (this.prefix !== Prefix.Head || this.matched < HEAD_CHARS) continue;
        // Long enough to know: a log line's rest is skipped, anything else is a document line.
        this.held += text.slice(from, i + 1);
        if (mayBeToolNoise(this.held.trimStart())) {
          this.prefix = Prefix.NoiseTail;
          return this.keepNoise(text, i + 1, to);
        }
        this.startContent(i + 1 < to ? text.charCodeAt(i + 1) : -1);
        return this.pass(text, i + 1, to);
      }
      this.held += text.slice(from, i);
      this.startContent(text.charCodeAt(i));
      return this.pass(text, i, to);
    }
    this.held += text.slice(from, to);
  }

  /** The rest of a log line or failure report, kept only as far as a message needs. */
  private keepNoise(text: string, from: number, to: number): void {
    if (this.held.length < NOISE_KEPT) this.held += text.slice(from, Math.min(to, from + NOISE_KEPT - this.held.length));
  }

  /** One more character of a line that may still be a boundary; false once it cannot be. */
  private advance(c: number): boolean {
    switch (this.prefix) {
      case Prefix.Blank:
        if (isSpace(c)) return true;
        if (c === QUERYING.charCodeAt(0)) this.prefix = Prefix.Querying;
        else if (c === RECEIVED.charCodeAt(0)) this.prefix = Prefix.Received;
        else if (isJsonStart(c)) return false;
        else this.prefix = Prefix.Head;
        this.matched = 1;
        return true;
      case Prefix.Head:
        this.matched += 1;
        return true;
      case Prefix.Querying:
      case Prefix.Received: {
        const word = this.prefix === Prefix.Querying ? QUERYING : RECEIVED;
        if (c !== word.charCodeAt(this.matched)) return false;
        if (++this.matched === word.length) this.prefix = this.prefix === Prefix.Querying ? Prefix.QueryingTail : Prefix.ReceivedTail;
        return true;
      }
      case Prefix.QueryingTail:
        return isSpace(c);
      case Prefix.ReceivedTail:
        return c === 0x2c || (c >= 0x30 && c <= 0x39) || isSpace(c);
      default:
        return false;
    }
  }

  /**
   * The line held back is a document line: it starts a segment or continues the current one.
   * `next` is the character that ruled out a boundary (-1 at the line's end).
   */
  private startContent(next: number): void {
    this.prefix = Prefix.Content;
    this.sawText = true;
    const held = this.held;
    this.held = "";
    if (this.json || this.text) {
      this.json?.newline();
    } else {
      this.segments += 1;
      this.startSegment(held, next);
    }
    this.pass(held, 0, held.length);
  }

  /** Opens a segment: JSON when its first line's first visible character is '{' or '['. */
  private startSegment(held: string, next: number): void {
    let first = 0;
    while (first < held.length && isSpace(held.charCodeAt(first))) first++;
    const c = first < held.length ? held.charCodeAt(first) : next;
    if (c === 0x7b || c === 0x5b) {
      this.json = new JsonTokenizer(new LogDirsDocumentBuilder(this.structural.empty ? this.reader : null), this.line);
    } else {
      this.text = new TextSegment(this.line);
    }
  }

  private pass(text: string, from: number, to: number): void {
    if (from >= to) return;
    if (this.json) this.json.feed(text, from, to);
    else if (this.text && !this.text.done && this.text.firstLine === this.line) this.text.feed(text, from, to);
  }

  private endLine(): void {
    if (this.prefix !== Prefix.Content) {
      const trimmed = this.held.trim();
      if (trimmed !== "") this.sawText = true;
      if (trimmed === "" || PREAMBLE.some((re) => re.test(trimmed))) {
        this.endSegment();
      } else if ((this.prefix === Prefix.Head || this.prefix === Prefix.NoiseTail) && this.noise.read(this.line, trimmed)) {
        this.skipLine();
      } else {
        this.startContent(-1);
      }
    } else {
      this.noise.afterNoise = false;
    }
    this.line += 1;
    this.prefix = Prefix.Blank;
    this.matched = 0;
    this.held = "";
  }

  /**
   * A line of Kafka's logging (or a failure report) read through: inside a JSON document that is not
   * complete it stands for an empty line (stderr may interleave with a pretty-printed document);
   * otherwise it ends the segment, as a blank line does.
   */
  private skipLine(): void {
    if (this.json && !this.json.complete) this.json.newline();
    else this.endSegment();
  }

  private endSegment(): void {
    if (this.json) {
      const error = this.json.end();
      if (error) this.structural.add(error.line, "", `invalid JSON at column ${error.column}: ${error.message}`);
      this.json = null;
    }
    if (this.text) {
      this.structural.add(
        this.text.firstLine,
        "",
        `not part of kafka-log-dirs --describe output: expected the preamble lines ("Querying brokers…", "Received log directory information…") or the JSON line that starts with '{', got ${this.text.quoted()}`,
      );
      this.text = null;
    }
  }
}
