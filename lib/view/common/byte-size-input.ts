/**
 * Byte sizes in form fields: parsed from what operators type ("512 GiB", "1.5TiB", "40g", "800 MB",
 * "1073741824") and written back exactly, so a value survives a round trip through its field.
 * Binary units (KiB … PiB, and the bare k/m/g/t/p letters, as Kafka and JVM flags read them) are
 * powers of 1024; SI units (kB, MB, GB, TB, PB) are powers of 1000, as disk vendors print them.
 * Rates (throttles) are a size per second, "80 MiB/s", and must name their unit.
 */
import { failure, success, type Result } from "@/lib/model/result";
const BINARY: Record<string, number> = {
  "": 1,
  b: 1,
  k: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
  t: 1024 ** 4,
  tib: 1024 ** 4,
  p: 1024 ** 5,
  pib: 1024 ** 5,
};
const SI: Record<string, number> = { kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, pb: 1e15 };

/** Bytes, or what to type instead (code `bad_request`). */
export type ByteSizeResult = Result<number>;

export function parseByteSize(text: string): ByteSizeResult {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-zA-Z]*)\s*$/.exec(text);
  if (!m) return failure("bad_request", 'a size is a number and a unit, e.g. "512 GiB"');
  const unit = m[2]!.toLowerCase();
  const factor = BINARY[unit] ?? SI[unit];
  if (factor === undefined) return failure("bad_request", `unknown unit "${m[2]}"; use B, KiB, MiB, GiB, TiB, PiB (or kB, MB, GB, TB)`);
  const bytes = Math.round(Number(m[1]) * factor);
  if (!Number.isSafeInteger(bytes)) return failure("bad_request", "that size is too large (the limit is about 8 PiB)");
  return success(bytes);
}

const UNITS = [
  ["PiB", 1024 ** 5],
  ["TiB", 1024 ** 4],
  ["GiB", 1024 ** 3],
  ["MiB", 1024 ** 2],
  ["KiB", 1024],
] as const;

/** A size as an input shows it: the largest binary unit that keeps it to at most 3 decimals, exactly. */
export function formatByteInput(bytes: number): string {
  for (const [unit, factor] of UNITS) {
    const value = bytes / factor;
    if (value >= 1 && Math.abs(Math.round(value * 1000) / 1000 - value) * factor < 0.5) return `${Math.round(value * 1000) / 1000} ${unit}`;
  }
  return `${bytes} B`;
}

/**
 * A rate typed as a size per second ("80 MiB/s", "1.5 GiB/s", "80 MiB"): bytes/s, at least 1. A bare
 * number is refused rather than read as bytes/s: a throttle of "80" bytes/s would all but stop
 * replication when the operator meant 80 MiB/s.
 */
export function parseByteRate(text: string): ByteSizeResult {
  const size = text.replace(/\s*\/\s*s(ec)?\s*$/i, "");
  if (/^\s*[\d.]+\s*$/.test(size)) return failure("bad_request", 'a rate needs a unit, e.g. "80 MiB/s"');
  const parsed = parseByteSize(size);
  if (!parsed.ok) return failure("bad_request", parsed.error.message.replace('a size is a number and a unit, e.g. "512 GiB"', 'a rate is a number and a unit, e.g. "80 MiB/s"'));
  if (parsed.value < 1) return failure("bad_request", "a rate must be at least 1 B/s");
  return parsed;
}

/** A rate as an input shows it: "80 MiB/s", exactly (see formatByteInput). */
export function formatByteRateInput(bytesPerSecond: number): string {
  return `${formatByteInput(bytesPerSecond)}/s`;
}
