/**
 * What the streaming reader keeps of one kafka-log-dirs JSON document: a JsonSink that builds plain
 * values only where the rules read them, and hands the document reader one broker at a time.
 *
 * Invariants:
 * - The `brokers` array of a document is never built: each element is built alone (a null-prototype
 *   object, so any key is data), given to `LogDirsDocumentReader.broker` when it closes, and dropped.
 *   Memory is therefore the result plus the largest single broker, never the text.
 * - Inside a broker only keys the rules read are kept; other keys and everything under them are only
 *   checked for syntax. A key given twice keeps its last value, as with JSON.parse.
 * - A value's start line is recorded (under LINES) only when it differs from its container's, so a
 *   one-line document records none.
 * - The root fields `version` and `brokers` are reported when the document closes; LogDirsDocumentReader
 *   puts those problems before the brokers' own, in the order a reader of the whole tree would.
 */
import type { JsonSink } from "./json-tokens";
import { LINES, type DocumentShape, type LogDirsDocumentReader } from "./log-dirs-document";

/** Every key the rules read, at any depth of a broker object. */
const KEPT_KEYS = new Set(["broker", "logDirs", "logDir", "error", "partitions", "totalBytes", "usableBytes", "partition", "size", "offsetLag", "isFuture"]);

const enum Mode {
  /** Checked for syntax only. */
  Skip,
  /** Built: a broker or anything kept inside it. */
  Build,
  /** A document's root object. */
  Document,
  /** A document's `brokers` array: each element built and handed over alone. */
  Brokers,
  /** A root that is an array, or a `brokers`/`version` value that is a container: built for its kind only. */
  Root,
}

interface Frame {
  mode: Mode;
  line: number;
  /** The container being built (Build), or null. */
  value: Record<string, unknown> | unknown[] | null;
  /** Build/Document: the key of the member being read, when it is kept. */
  key: string | null;
  /** Arrays: index of the next element. */
  index: number;
}

type Slot = { target: "version" | "brokers" | "member" | "broker" | "root"; line: number };

export class LogDirsDocumentBuilder implements JsonSink {
  private readonly frames: Frame[] = [];
  private slot: Slot | null = null;
  private version: { value: unknown; line: number } | undefined;
  private brokers: { value: unknown; line: number } | "streamed" | undefined;
  private rootLine = 0;
  private broker: { index: number; line: number } | null = null;

  /** `reader` null: check syntax only (a problem was already found elsewhere). */
  constructor(private readonly reader: LogDirsDocumentReader | null) {}

  valueStart(line: number): boolean {
    const parent = this.frames[this.frames.length - 1];
    if (!parent) {
      this.rootLine = line;
      this.reader?.startDocument();
      this.slot = { target: "root", line };
      return false;
    }
    switch (parent.mode) {
      case Mode.Document: {
        const key = parent.key;
        parent.key = null;
        if (key === "version" || key === "brokers") {
          if (key === "brokers" && this.brokers === "streamed") this.reader?.brokersTwice(line);
          this.slot = { target: key, line };
          return true;
        }
        this.slot = null;
        return false;
      }
      case Mode.Brokers:
        this.broker = { index: parent.index++, line };
        this.slot = { target: "broker", line };
        return true;
      case Mode.Build: {
        if (Array.isArray(parent.value)) {
          const index = parent.index++;
          if (line !== parent.line) this.lineOf(parent.value)[index] = line;
          this.slot = { target: "member", line };
          return true;
        }
        const key = parent.key;
        if (key === null) {
          this.slot = null;
          return false;
        }
        if (line !== parent.line) this.lineOf(parent.value!)[key] = line;
        this.slot = { target: "member", line };
        return true;
      }
      default:
        this.slot = null;
        return false;
    }
  }

  openObject(): void {
    this.open(Object.create(null) as Record<string, unknown>);
  }

  openArray(): void {
    this.open([]);
  }

  private open(container: Record<string, unknown> | unknown[]): void {
    const slot = this.slot;
    this.slot = null;
    const line = slot?.line ?? 0;
    if (slot === null) return void this.frames.push({ mode: Mode.Skip, line, value: null, key: null, index: 0 });
    switch (slot.target) {
      case "root":
        if (!Array.isArray(container) && this.reader) return void this.frames.push({ mode: Mode.Document, line, value: null, key: null, index: 0 });
        return void this.frames.push({ mode: Mode.Root, line, value: container, key: null, index: 0 });
      case "brokers":
        if (Array.isArray(container)) {
          this.brokers = "streamed";
          return void this.frames.push({ mode: Mode.Brokers, line, value: null, key: null, index: 0 });
        }
        this.brokers = { value: container, line };
        return void this.frames.push({ mode: Mode.Root, line, value: container, key: null, index: 0 });
      case "version":
        this.version = { value: container, line };
        return void this.frames.push({ mode: Mode.Root, line, value: container, key: null, index: 0 });
      case "member":
        this.assign(container);
        return void this.frames.push({ mode: Mode.Build, line, value: container, key: null, index: 0 });
      case "broker":
        return void this.frames.push({ mode: Mode.Build, line, value: container, key: null, index: 0 });
    }
  }

  primitive(value: unknown): void {
    const slot = this.slot;
    this.slot = null;
    if (slot === null) return;
    switch (slot.target) {
      case "version":
        this.version = { value, line: slot.line };
        break;
      case "brokers":
        this.brokers = { value, line: slot.line };
        break;
      case "member":
        this.assign(value);
        break;
      case "broker":
        this.handOver(value);
        break;
    }
  }

  key(name: string): void {
    const frame = this.frames[this.frames.length - 1];
    if (!frame) return;
    if (frame.mode === Mode.Document) frame.key = name;
    else if (frame.mode === Mode.Build) frame.key = KEPT_KEYS.has(name) ? name : null;
  }

  close(): void {
    const frame = this.frames.pop();
    if (!frame) return;
    const parent = this.frames[this.frames.length - 1];
    if (frame.mode === Mode.Build && parent?.mode === Mode.Brokers) this.handOver(frame.value);
    if (parent) return;
    // The root closed: the document is complete.
    if (!this.reader) return;
    if (frame.mode === Mode.Root) this.reader.endDocument({ kind: "not-object", value: frame.value, line: this.rootLine });
    else if (frame.mode === Mode.Document) this.reader.endDocument(this.shape());
  }

  private shape(): DocumentShape {
    return { kind: "object", line: this.rootLine, version: this.version, brokers: this.brokers };
  }

  private handOver(value: unknown): void {
    if (this.broker && this.reader) this.reader.broker(this.broker.index, value, this.broker.line);
    this.broker = null;
  }

  /** Puts a member's value into the container being built. */
  private assign(value: unknown): void {
    const parent = this.frames[this.frames.length - 1]!;
    const container = parent.value!;
    if (Array.isArray(container)) container.push(value);
    else if (parent.key !== null) {
      container[parent.key] = value;
      parent.key = null;
    }
  }

  private lineOf(container: Record<string, unknown> | unknown[]): Record<string | number, number> {
    const holder = container as { [LINES]?: Record<string | number, number> };
    return (holder[LINES] ??= Object.create(null) as Record<string | number, number>);
  }
}
