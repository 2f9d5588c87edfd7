/**
 * What the streaming reader keeps of one kafka-log-dirs JSON document: a JsonSink that builds plain
 * values only where the rules read them, and hands the document reader one broker at a time.
 *
 * Invariants:
 * - The `brokers` array of a document is never built: each element is built alone (plain objects:
 *   only the keys in KEPT_KEYS are ever set, so none can reach a prototype), given to `LogDirsDocumentReader.broker` when it closes, and dropped.
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
const KEPT = ["broker", "logDirs", "logDir", "error", "partitions", "totalBytes", "usableBytes", "partition", "size", "offsetLag", "isFuture"] as const;
const KEPT_KEYS = new Set<string>(KEPT);
const ROOT_KEYS = ["version", "brokers"] as const;

/** The key among `keys` that `text[from, to)` spells, without cutting a string out of `text`. */
function keyIn(keys: readonly string[], text: string, from: number, to: number): string | null {
  const length = to - from;
  for (const key of keys) if (key.length === length && text.startsWith(key, from)) return key;
  return null;
}

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

/** Where the value that starts goes. */
const enum Slot {
  None,
  Root,
  Version,
  Brokers,
  Member,
  Broker,
}

export class LogDirsDocumentBuilder implements JsonSink {
  /** The open containers, frames[0 .. depth); frame objects are reused, one per depth. */
  private readonly frames: Frame[] = [];
  private depth = 0;
  private slot = Slot.None;
  private slotLine = 0;
  private version: { value: unknown; line: number } | undefined;
  private brokers: { value: unknown; line: number } | "streamed" | undefined;
  private rootLine = 0;
  private broker: { index: number; line: number } | null = null;

  /** `reader` null: check syntax only (a problem was already found elsewhere). */
  constructor(private readonly reader: LogDirsDocumentReader | null) {}

  valueStart(line: number): boolean {
    const parent = this.depth > 0 ? this.frames[this.depth - 1]! : null;
    if (!parent) {
      this.rootLine = line;
      this.reader?.startDocument();
      this.setSlot(Slot.Root, line);
      return false;
    }
    switch (parent.mode) {
      case Mode.Document: {
        const key = parent.key;
        parent.key = null;
        if (key === "version" || key === "brokers") {
          if (key === "brokers" && this.brokers === "streamed") this.reader?.brokersTwice(line);
          this.setSlot(key === "version" ? Slot.Version : Slot.Brokers, line);
          return true;
        }
        this.slot = Slot.None;
        return false;
      }
      case Mode.Brokers:
        this.broker = { index: parent.index++, line };
        this.setSlot(Slot.Broker, line);
        return true;
      case Mode.Build: {
        if (Array.isArray(parent.value)) {
          const index = parent.index++;
          if (line !== parent.line) this.lineOf(parent.value)[index] = line;
          this.setSlot(Slot.Member, line);
          return true;
        }
        const key = parent.key;
        if (key === null) {
          this.slot = Slot.None;
          return false;
        }
        if (line !== parent.line) this.lineOf(parent.value!)[key] = line;
        this.setSlot(Slot.Member, line);
        return true;
      }
      default:
        this.slot = Slot.None;
        return false;
    }
  }

  private setSlot(slot: Slot, line: number): void {
    this.slot = slot;
    this.slotLine = line;
  }

  openObject(): void {
    this.open({});
  }

  openArray(): void {
    this.open([]);
  }

  private open(container: Record<string, unknown> | unknown[]): void {
    const slot = this.slot;
    const line = this.slotLine;
    this.slot = Slot.None;
    switch (slot) {
      case Slot.None:
        return this.push(Mode.Skip, line, null);
      case Slot.Root:
        if (!Array.isArray(container) && this.reader) return this.push(Mode.Document, line, null);
        return this.push(Mode.Root, line, container);
      case Slot.Brokers:
        if (Array.isArray(container)) {
          this.brokers = "streamed";
          return this.push(Mode.Brokers, line, null);
        }
        this.brokers = { value: container, line };
        return this.push(Mode.Root, line, container);
      case Slot.Version:
        this.version = { value: container, line };
        return this.push(Mode.Root, line, container);
      case Slot.Member:
        this.assign(container);
        return this.push(Mode.Build, line, container);
      case Slot.Broker:
        return this.push(Mode.Build, line, container);
    }
  }

  private push(mode: Mode, line: number, value: Frame["value"]): void {
    const frame = this.frames[this.depth];
    if (!frame) this.frames.push({ mode, line, value, key: null, index: 0 });
    else {
      frame.mode = mode;
      frame.line = line;
      frame.value = value;
      frame.key = null;
      frame.index = 0;
    }
    this.depth += 1;
  }

  primitive(value: unknown): void {
    const slot = this.slot;
    this.slot = Slot.None;
    switch (slot) {
      case Slot.Version:
        this.version = { value, line: this.slotLine };
        break;
      case Slot.Brokers:
        this.brokers = { value, line: this.slotLine };
        break;
      case Slot.Member:
        this.assign(value);
        break;
      case Slot.Broker:
        this.handOver(value);
        break;
    }
  }

  key(name: string): void {
    const frame = this.depth > 0 ? this.frames[this.depth - 1]! : null;
    if (!frame) return;
    if (frame.mode === Mode.Document) frame.key = name;
    else if (frame.mode === Mode.Build) frame.key = KEPT_KEYS.has(name) ? name : null;
  }

  keyAt(text: string, from: number, to: number): void {
    const frame = this.depth > 0 ? this.frames[this.depth - 1]! : null;
    if (!frame) return;
    if (frame.mode === Mode.Document) frame.key = keyIn(ROOT_KEYS, text, from, to);
    else if (frame.mode === Mode.Build) frame.key = keyIn(KEPT, text, from, to);
  }

  close(): void {
    if (this.depth === 0) return;
    const frame = this.frames[--this.depth]!;
    const value = frame.value;
    frame.value = null;
    const parent = this.depth > 0 ? this.frames[this.depth - 1]! : null;
    if (frame.mode === Mode.Build && parent?.mode === Mode.Brokers) this.handOver(value);
    if (parent) return;
    // The root closed: the document is complete.
    if (!this.reader) return;
    if (frame.mode === Mode.Root) this.reader.endDocument({ kind: "not-object", value, line: this.rootLine });
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
    const parent = this.frames[this.depth - 1]!;
    const container = parent.value!;
    if (Array.isArray(container)) container.push(value);
    else if (parent.key !== null) {
      // A pasted "__proto__" key is kept as an own member (plain assignment would set the prototype).
      if (parent.key === "__proto__") Object.defineProperty(container, parent.key, { value, writable: true, enumerable: true, configurable: true });
      else container[parent.key] = value;
      parent.key = null;
    }
  }

  private lineOf(container: Record<string, unknown> | unknown[]): Record<string | number, number> {
    const holder = container as { [LINES]?: Record<string | number, number> };
    return (holder[LINES] ??= Object.create(null) as Record<string | number, number>);
  }
}
