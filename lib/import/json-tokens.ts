/**
 * An incremental JSON tokenizer for one document of pasted text, fed piece by piece (a piece never
 * holds a line break; `newline()` stands for the "\n" between two lines of the document).
 *
 * Invariants:
 * - It accepts exactly what `JSON.parse` accepts, and on text that is not JSON it stops at the same
 *   offset with the same reason as `findJsonSyntaxError` (lib/model/json-scan.ts, JSON_SYNTAX), given as
 *   1-based line and column; after the first error it reads nothing more.
 * - Memory is the nesting depth plus the token being read: text is never kept, except the token of a
 *   value the sink asked for (`valueStart` answering true) and at most 12 characters after a mistake.
 * - It calls the sink in document order: `valueStart` then `open…`/`primitive`, `key` before each
 *   member's value, `close` at the end of each container. String values are decoded by JSON.parse, so
 *   escapes mean what they mean to JSON.parse, and the decoded string never shares memory with a piece.
 */
import { JSON_SYNTAX } from "@/lib/model/json-scan";

export interface JsonSink {
  /** A value starts on `line`; true when the sink wants a primitive's value (else it gets undefined). */
  valueStart(line: number): boolean;
  openObject(): void;
  openArray(): void;
  primitive(value: unknown): void;
  key(name: string): void;
  /** The same for a key without escapes, given as `text[from, to)` so no string is cut for it. */
  keyAt(text: string, from: number, to: number): void;
  close(): void;
}

export interface JsonSyntaxIssue {
  line: number;
  column: number;
  message: string;
}

const enum S {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  After,
  Str,
  Escape,
  Unicode,
  Num,
  Word,
  Lookahead,
  Failed,
}

/** Number phases, following /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/. */
const enum N {
  Minus,
  Zero,
  Int,
  Dot,
  Frac,
  E,
  ESign,
  Exp,
}

const WORDS: Record<number, string> = { 0x74: "true", 0x66: "false", 0x6e: "null" };
const WORD_VALUES: Record<string, unknown> = { true: true, false: false, null: null };
const LOOKAHEAD = 12;

const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

export class JsonTokenizer {
  error: JsonSyntaxIssue | null = null;
  private state = S.Value;
  /** 0x7b or 0x5b per open container. */
  private readonly stack: number[] = [];
  private line: number;
  /** Offset (within the document) of the first character of the current line. */
  private lineStart = 0;
  /** Offset of the first character of the piece being read, minus its start index. */
  private delta = 0;
  private consumed = 0;
  // The token being read: where it started, its text so far (when kept), and whether it is kept.
  private tokenFrom = 0;
  private tokenText = "";
  private keep = false;
  private isKey = false;
  private escaped = false;
  private hexLeft = 0;
  private numPhase = N.Minus;
  private word = "";
  private wordAt = 0;
  // Where a token or a mark started: a string's quote, an escape's backslash, a number's '.' or 'e'.
  private tokenLine = 0;
  private tokenColumn = 0;
  private markLine = 0;
  private markColumn = 0;
  private lookahead = "";

  constructor(
    private readonly sink: JsonSink,
    firstLine: number,
  ) {
    this.line = firstLine;
  }

  get complete(): boolean {
    return this.state === S.After && this.stack.length === 0 && this.error === null;
  }

  /** The "\n" that joins two lines of the document. */
  newline(): void {
    this.feed("\n", 0, 1);
  }

  feed(text: string, from: number, to: number): void {
    if (this.state === S.Failed) return;
    this.delta = this.consumed - from;
    this.consumed += to - from;
    this.tokenFrom = from;
    let i = from;
    while (i < to) {
      const c = text.charCodeAt(i);
      switch (this.state) {
        case S.Value:
        case S.ValueOrClose:
          if (isWs(c)) {
            if (c === 0x0a) this.breakLine(i);
            i++;
          } else if (this.state === S.ValueOrClose && c === 0x5d) {
            this.stack.pop();
            this.sink.close();
            this.state = S.After;
            i++;
          } else {
            i = this.startValue(text, i, c);
          }
          break;
        case S.Key:
        case S.KeyOrClose:
          if (isWs(c)) {
            if (c === 0x0a) this.breakLine(i);
            i++;
          } else if (this.state === S.KeyOrClose && c === 0x7d) {
            this.stack.pop();
            this.sink.close();
            this.state = S.After;
            i++;
          } else if (c === 0x22) {
            this.startString(i, true, true);
            i++;
          } else {
            return this.fail(i, JSON_SYNTAX.expectedKey);
          }
          break;
        case S.Colon:
          if (isWs(c)) {
            if (c === 0x0a) this.breakLine(i);
            i++;
          } else if (c === 0x3a) {
            this.state = S.Value;
            i++;
          } else {
            return this.fail(i, JSON_SYNTAX.expectedColon);
          }
          break;
        case S.After:
          if (isWs(c)) {
            if (c === 0x0a) this.breakLine(i);
            i++;
          } else if (this.stack.length === 0) {
            return this.fail(i, JSON_SYNTAX.trailingText);
          } else {
            const top = this.stack[this.stack.length - 1];
            if (c === 0x2c) {
              this.state = top === 0x7b ? S.Key : S.Value;
              i++;
            } else if (c === (top === 0x7b ? 0x7d : 0x5d)) {
              this.stack.pop();
              this.sink.close();
              i++;
            } else {
              return this.fail(i, top === 0x7b ? JSON_SYNTAX.expectedCommaInObject : JSON_SYNTAX.expectedCommaInArray);
            }
          }
          break;
        case S.Str: {
          // The hot loop: most of a paste is inside strings.
          let j = i;
          let d = c;
          while (d !== 0x22 && d !== 0x5c && d >= 0x20) {
            if (++j >= to) break;
            d = text.charCodeAt(j);
          }
          if (j >= to) {
            i = j;
            break;
          }
          if (d === 0x22) {
            i = j + 1;
            this.endString(text, i);
          } else if (d === 0x5c) {
            this.escaped = true;
            this.markLine = this.line;
            this.markColumn = this.column(j);
            this.state = S.Escape;
            i = j + 1;
          } else {
            return this.fail(j, JSON_SYNTAX.controlCharacter);
          }
          break;
        }
        case S.Escape:
          if (c === 0x75) {
            this.state = S.Unicode;
            this.hexLeft = 4;
          } else if (c === 0x22 || c === 0x5c || c === 0x2f || c === 0x62 || c === 0x66 || c === 0x6e || c === 0x72 || c === 0x74) {
            this.state = S.Str;
          } else {
            return this.failAtMark(JSON_SYNTAX.badEscape);
          }
          i++;
          break;
        case S.Unicode:
          if (!isHex(c)) return this.failAtMark(JSON_SYNTAX.badUnicodeEscape);
          if (--this.hexLeft === 0) this.state = S.Str;
          i++;
          break;
        case S.Num:
          i = this.number(text, i, c);
          break;
        case S.Word:
          if (c === this.word.charCodeAt(this.wordAt)) {
            i++;
            if (++this.wordAt === this.word.length) {
              this.sink.primitive(WORD_VALUES[this.word]);
              this.state = S.After;
            }
          } else {
            this.lookahead = this.word.slice(0, this.wordAt);
            this.state = S.Lookahead;
          }
          break;
        case S.Lookahead:
          this.lookahead += text[i];
          i++;
          if (this.lookahead.length >= LOOKAHEAD) return this.failWithLookahead();
          break;
        default:
          return;
      }
      if ((this.state as S) === S.Failed) return;
    }
    if (this.keep && (this.state === S.Str || this.state === S.Escape || this.state === S.Unicode || this.state === S.Num)) {
      this.tokenText += text.slice(this.tokenFrom, to);
    }
  }

  /** The end of the document: any error the end itself causes. */
  end(): JsonSyntaxIssue | null {
    if (this.state === S.Failed) return this.error;
    const endColumn = this.consumed - this.lineStart + 1;
    switch (this.state) {
      case S.Str:
        this.error = { line: this.tokenLine, column: this.tokenColumn, message: JSON_SYNTAX.unclosedString };
        break;
      case S.Escape:
        this.error = { line: this.markLine, column: this.markColumn, message: JSON_SYNTAX.badEscape };
        break;
      case S.Unicode:
        this.error = { line: this.markLine, column: this.markColumn, message: JSON_SYNTAX.badUnicodeEscape };
        break;
      case S.Colon:
        this.error = { line: this.line, column: endColumn, message: JSON_SYNTAX.expectedColon };
        break;
      case S.Word:
        this.lookahead = this.word.slice(0, this.wordAt);
        this.failWithLookahead();
        break;
      case S.Lookahead:
        this.failWithLookahead();
        break;
      case S.Num:
        if (this.numPhase === N.Minus) {
          this.lookahead = "-";
          this.failWithLookahead();
        } else if (this.numPhase === N.Dot || this.numPhase === N.E || this.numPhase === N.ESign) {
          this.failAtMark(this.afterValueMessage());
        } else {
          this.endNumber("");
          this.error = { line: this.line, column: endColumn, message: JSON_SYNTAX.endsEarly };
        }
        break;
      default:
        if (!this.complete) this.error = { line: this.line, column: endColumn, message: JSON_SYNTAX.endsEarly };
    }
    this.state = S.Failed;
    return this.error;
  }

  private column(i: number): number {
    return this.delta + i - this.lineStart + 1;
  }

  private breakLine(i: number): void {
    this.line += 1;
    this.lineStart = this.delta + i + 1;
  }

  private fail(i: number, message: string): void {
    this.error = { line: this.line, column: this.column(i), message };
    this.state = S.Failed;
  }

  private failAtMark(message: string): void {
    this.error = { line: this.markLine, column: this.markColumn, message };
    this.state = S.Failed;
  }

  private failWithLookahead(): void {
    this.error = { line: this.tokenLine, column: this.tokenColumn, message: JSON_SYNTAX.expectedValue(this.lookahead.slice(0, LOOKAHEAD)) };
    this.state = S.Failed;
  }

  private afterValueMessage(): string {
    return this.stack[this.stack.length - 1] === 0x7b ? JSON_SYNTAX.expectedCommaInObject : JSON_SYNTAX.expectedCommaInArray;
  }

  private startValue(text: string, i: number, c: number): number {
    const wanted = this.sink.valueStart(this.line);
    if (c === 0x7b || c === 0x5b) {
      this.stack.push(c);
      if (c === 0x7b) {
        this.sink.openObject();
        this.state = S.KeyOrClose;
      } else {
        this.sink.openArray();
        this.state = S.ValueOrClose;
      }
      return i + 1;
    }
    this.tokenLine = this.line;
    this.tokenColumn = this.column(i);
    if (c === 0x22) {
      this.startString(i, false, wanted);
      return i + 1;
    }
    const word = WORDS[c];
    if (word !== undefined) {
      this.word = word;
      this.wordAt = 0;
      this.state = S.Word;
      return i;
    }
    if (c === 0x2d || isDigit(c)) {
      this.keep = wanted;
      this.tokenText = "";
      this.tokenFrom = i;
      this.numPhase = c === 0x2d ? N.Minus : c === 0x30 ? N.Zero : N.Int;
      this.state = S.Num;
      return i + 1;
    }
    this.lookahead = "";
    this.state = S.Lookahead;
    return i;
  }

  private startString(i: number, isKey: boolean, keep: boolean): void {
    this.isKey = isKey;
    this.keep = keep;
    this.escaped = false;
    this.tokenText = "";
    this.tokenFrom = i;
    this.tokenLine = this.line;
    this.tokenColumn = this.column(i);
    this.state = S.Str;
  }

  /** `end` is just past the closing quote. */
  private endString(text: string, end: number): void {
    this.state = this.isKey ? S.Colon : S.After;
    if (!this.keep) {
      if (!this.isKey) this.sink.primitive(undefined);
      return;
    }
    this.keep = false;
    if (this.isKey && !this.escaped && this.tokenText === "") return this.sink.keyAt(text, this.tokenFrom + 1, end - 1);
    const raw = this.tokenText + text.slice(this.tokenFrom, end);
    this.tokenText = "";
    if (this.isKey) this.sink.key(this.escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1));
    else this.sink.primitive(JSON.parse(raw));
  }

  private endNumber(tail: string): void {
    this.state = S.After;
    if (!this.keep) return this.sink.primitive(undefined);
    this.keep = false;
    this.sink.primitive(Number(this.tokenText + tail));
    this.tokenText = "";
  }

  /** One character of a number; returns the next index (the same one when the number ended before it). */
  private number(text: string, i: number, c: number): number {
    switch (this.numPhase) {
      case N.Minus:
        if (c === 0x30) this.numPhase = N.Zero;
        else if (isDigit(c)) this.numPhase = N.Int;
        else {
          this.lookahead = "-";
          this.state = S.Lookahead;
          return i;
        }
        return i + 1;
      case N.Int:
      case N.Zero:
        if (this.numPhase === N.Int && isDigit(c)) return i + 1;
        if (c === 0x2e) return this.mark(i, N.Dot);
        if (c === 0x65 || c === 0x45) return this.mark(i, N.E);
        break;
      case N.Dot:
        if (isDigit(c)) {
          this.numPhase = N.Frac;
          return i + 1;
        }
        this.failAtMark(this.afterValueMessage());
        return i;
      case N.Frac:
        if (isDigit(c)) return i + 1;
        if (c === 0x65 || c === 0x45) return this.mark(i, N.E);
        break;
      case N.E:
      case N.ESign:
        if (this.numPhase === N.E && (c === 0x2b || c === 0x2d)) {
          this.numPhase = N.ESign;
          return i + 1;
        }
        if (isDigit(c)) {
          this.numPhase = N.Exp;
          return i + 1;
        }
        this.failAtMark(this.afterValueMessage());
        return i;
      case N.Exp:
        if (isDigit(c)) return i + 1;
        break;
    }
    this.endNumber(text.slice(this.tokenFrom, i));
    return i;
  }

  private mark(i: number, phase: N): number {
    this.markLine = this.line;
    this.markColumn = this.column(i);
    this.numPhase = phase;
    return i + 1;
  }
}
