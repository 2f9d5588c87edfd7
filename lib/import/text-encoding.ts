/**
 * Which encoding an uploaded paste is in, and its text. The tools print UTF-8 (ASCII, but for dir
 * paths and topic names), yet a file saved on Windows is often not: PowerShell's `>` and `Out-File`
 * write UTF-16LE with a byte-order mark (Windows PowerShell 5.1), some editors UTF-16 without one,
 * Notepad a UTF-8 BOM. Read as UTF-8, UTF-16 becomes NUL-riddled mojibake that no reader can place.
 *
 * Rules:
 * - A BOM decides: EF BB BF UTF-8 (dropped), FF FE UTF-16LE, FE FF UTF-16BE; FF FE 00 00 and
 *   00 00 FE FF are UTF-32, refused by name.
 * - Without a BOM, the first SNIFF_BYTES decide: ASCII text in UTF-16 has a NUL in every other byte
 *   (odd offsets for LE, even for BE); otherwise UTF-8.
 * - UTF-8 is decoded strictly (natively, by a fatal TextDecoder): an invalid byte (Windows-1252 or Latin-1 text, a binary file) is
 *   refused with its offset and line, not turned into U+FFFD.
 * - Text already decoded (a JSON field) may carry UTF-16 read as UTF-8 by a client: NULs between the
 *   characters. When every character is ASCII the bytes are known exactly and the text is repaired;
 *   otherwise it is refused, saying how to send it.
 */

/** 512 bytes: enough lines of tool output to see the NUL pattern, little enough to wait for. */
export const SNIFF_BYTES = 512;

export type Encoding = "utf-8" | "utf-16le" | "utf-16be";

const NAMES: Record<Encoding, string> = { "utf-8": "UTF-8", "utf-16le": "UTF-16LE", "utf-16be": "UTF-16BE" };

/** What to do instead, for every refusal. */
const SAVE_AS_UTF8 = "save the output as UTF-8 (PowerShell: `| Out-File -Encoding utf8`) or copy and paste it, and upload again";

/** The encoding the first bytes show, how many BOM bytes to skip; or the refusal of an unsupported one. */
export function sniffEncoding(head: Uint8Array): { encoding: Encoding; skip: number; bom: boolean } | { refused: string } {
  const [a, b, c, d] = head;
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return { refused: `the upload is UTF-32LE (its byte-order mark FF FE 00 00), which this does not read; ${SAVE_AS_UTF8}` };
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return { refused: `the upload is UTF-32BE (its byte-order mark 00 00 FE FF), which this does not read; ${SAVE_AS_UTF8}` };
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: "utf-8", skip: 3, bom: true };
  if (a === 0xff && b === 0xfe) return { encoding: "utf-16le", skip: 2, bom: true };
  if (a === 0xfe && b === 0xff) return { encoding: "utf-16be", skip: 2, bom: true };
  const pairs = Math.floor(Math.min(head.length, SNIFF_BYTES) / 2);
  if (pairs >= 2) {
    let evenNul = 0;
    let oddNul = 0;
    for (let i = 0; i < pairs; i++) {
      if (head[2 * i] === 0) evenNul++;
      if (head[2 * i + 1] === 0) oddNul++;
    }
    if (oddNul >= pairs * 0.4 && evenNul <= pairs * 0.05) return { encoding: "utf-16le", skip: 0, bom: false };
    if (evenNul >= pairs * 0.4 && oddNul <= pairs * 0.05) return { encoding: "utf-16be", skip: 0, bom: false };
  }
  return { encoding: "utf-8", skip: 0, bom: false };
}

/**
 * Checks UTF-8: `bad`, the offset of the first invalid byte (-1 when none); `end`, where the last
 * complete sequence ends (a sequence cut at the end of a chunk waits for the next; `final`: none follows).
 */
export function scanUtf8(bytes: Uint8Array, final: boolean): { bad: number; end: number } {
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) [need, min] = [1, 0x80];
    else if (c >= 0xe0 && c <= 0xef) [need, min] = [2, 0x800];
    else if (c >= 0xf0 && c <= 0xf4) [need, min] = [3, 0x10000];
    else return { bad: i, end: i };
    let code = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const n = bytes[i + k];
      if (n === undefined) return final ? { bad: i, end: i } : { bad: -1, end: i };
      if ((n & 0xc0) !== 0x80) return { bad: i, end: i };
      code = (code << 6) | (n & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return { bad: i, end: i };
    i += need + 1;
  }
  return { bad: -1, end: bytes.length };
}

export type Decoded = { ok: true; text: string; encoding: Encoding; note: string | null } | { ok: false; message: string; line?: number | null };

/** A note for a paste that was not plain UTF-8, or null. */
function noteFor(encoding: Encoding, bom: boolean): string | null {
  if (encoding === "utf-8") return null;
  return `the upload is ${NAMES[encoding]}${bom ? " (with a byte-order mark)" : " (no byte-order mark; told by its NUL bytes)"}, as PowerShell's \`>\` writes it; it was decoded as such`;
}

/**
 * Decodes a paste that arrives as bytes, chunk by chunk: the encoding is sniffed from the first
 * SNIFF_BYTES (or all, if fewer), then one streaming TextDecoder reads the rest.
 */
export class PasteDecoder {
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private decoder: TextDecoder | null = null;
  private offset = 0;
  /** UTF-8: the start of a sequence cut at the end of the last chunk (for an error's offset). */
  private tail: Uint8Array = new Uint8Array(0);
  /** The encoding found, once sniffed. */
  encoding: Encoding | null = null;
  note: string | null = null;
  /** Why the bytes cannot be read (the rest is then ignored), and on which line, when one. */
  error: string | null = null;
  errorLine: number | null = null;
  /** The text decoded so far ends inside a line: counts LFs for an error's line number. */
  private lines = 1;

  write(bytes: Uint8Array): string {
    if (this.error) return "";
    if (!this.decoder) {
      this.head.push(bytes);
      this.headBytes += bytes.length;
      if (this.headBytes < SNIFF_BYTES) return "";
      return this.start(false);
    }
    return this.decode(bytes, false);
  }

  end(): string {
    if (this.error) return "";
    if (!this.decoder) return this.start(true);
    return this.decode(new Uint8Array(0), true);
  }

  private start(final: boolean): string {
    const all = new Uint8Array(this.headBytes);
    let at = 0;
    for (const part of this.head) {
      all.set(part, at);
      at += part.length;
    }
    this.head = [];
    const sniffed = sniffEncoding(all);
    if ("refused" in sniffed) {
      this.error = sniffed.refused;
      return "";
    }
    this.encoding = sniffed.encoding;
    this.note = noteFor(sniffed.encoding, sniffed.bom);
    // UTF-8 strictly (fatal: an invalid byte throws, and is then located); UTF-16 as it comes.
    this.decoder = new TextDecoder(sniffed.encoding, { ignoreBOM: true, fatal: sniffed.encoding === "utf-8" });
    this.offset = sniffed.skip;
    return this.decode(all.subarray(sniffed.skip), final);
  }

  private decode(bytes: Uint8Array, final: boolean): string {
    let text: string;
    try {
      text = final ? this.decoder!.decode(bytes) : this.decoder!.decode(bytes, { stream: true });
    } catch {
      // Only UTF-8 is decoded strictly (fatal): find the byte, with the cut sequence the last chunk left.
      return this.invalidUtf8(bytes, final);
    }
    this.lines += countLf(text);
    this.offset += bytes.length;
    this.tail = incompleteTail(bytes, this.tail);
    return text;
  }

  private invalidUtf8(chunk: Uint8Array, final: boolean): string {
    const bytes = new Uint8Array(this.tail.length + chunk.length);
    bytes.set(this.tail);
    bytes.set(chunk, this.tail.length);
    const found = scanUtf8(bytes, final).bad;
    const bad = found >= 0 ? found : bytes.length;
    let lf = 0;
    for (let i = this.tail.length; i < bad; i++) if (bytes[i] === 0x0a) lf++;
    const byte = bad < bytes.length ? `byte 0x${bytes[bad]!.toString(16).toUpperCase().padStart(2, "0")}` : "a character cut off";
    this.errorLine = this.lines + lf;
    this.error = `the upload is not UTF-8 (${byte} at offset ${this.offset - this.tail.length + bad} is not valid UTF-8: Windows-1252 or ISO-8859-1 text, or not text at all); ${SAVE_AS_UTF8}`;
    return "";
  }
}

/**
 * The bytes at the end of `bytes` that start a UTF-8 sequence not yet complete (0–3 of them), with
 * `before` (the previous such tail) when `bytes` is shorter than the sequence.
 */
function incompleteTail(bytes: Uint8Array, before: Uint8Array): Uint8Array {
  const all = bytes.length >= 4 ? bytes : concat(before, bytes);
  for (let back = 1; back <= Math.min(3, all.length); back++) {
    const c = all[all.length - back]!;
    if ((c & 0xc0) === 0x80) continue;
    const need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return need > back ? all.slice(all.length - back) : EMPTY;
  }
  return EMPTY;
}

const EMPTY = new Uint8Array(0);

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function countLf(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/** The whole upload at once (the browser's file input). */
export function decodeUpload(bytes: Uint8Array): Decoded {
  const decoder = new PasteDecoder();
  const text = decoder.write(bytes) + decoder.end();
  if (decoder.error) return { ok: false, message: decoder.error, line: decoder.errorLine };
  return { ok: true, text, encoding: decoder.encoding ?? "utf-8", note: decoder.note };
}

/**
 * Text that reached a JSON field: repaired when it is UTF-16 that a client read as 8-bit text (a BOM
 * as "\uFFFD\uFFFD" or "ÿþ"/"þÿ", NULs between ASCII characters), refused when that cannot be undone.
 */
export function repairPastedText(text: string): Decoded {
  const sample = text.slice(0, SNIFF_BYTES);
  if (!sample.includes("\u0000")) return { ok: true, text, encoding: "utf-8", note: null };
  let body = text;
  let bom = false;
  for (const mark of ["\ufffd\ufffd", "\u00ff\u00fe", "\u00fe\u00ff"]) {
    if (body.startsWith(mark)) {
      body = body.slice(2);
      bom = true;
      break;
    }
  }
  const bytes = new Uint8Array(body.length);
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c > 0xff || c === 0xfffd)
      return {
        ok: false,
        message: "the text is UTF-16 that was read as UTF-8 (NUL bytes between its characters) and cannot be restored; upload the file itself, or save it as UTF-8 and paste again",
      };
    bytes[i] = c;
  }
  const sniffed = sniffEncoding(bytes);
  const encoding: Encoding = "refused" in sniffed || sniffed.encoding === "utf-8" ? (text.startsWith("\u00fe\u00ff") ? "utf-16be" : "utf-16le") : sniffed.encoding;
  if (bytes.length % 2 !== 0)
    return { ok: false, message: "the text holds NUL characters, as UTF-16 read as UTF-8 does, but not in pairs; upload the file itself, or save it as UTF-8 and paste again" };
  const decoded = new TextDecoder(encoding).decode(bytes);
  return {
    ok: true,
    text: decoded,
    encoding,
    note: `the text was ${NAMES[encoding]}${bom ? "" : " without a byte-order mark"} read as 8-bit text (NUL bytes between its characters); it was restored`,
  };
}
