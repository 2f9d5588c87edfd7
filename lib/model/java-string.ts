// Port of the java.lang.String and Integer behaviours Kafka's throttle code relies on (JDK 17), described in
// docs/algorithms/replication-throttling.md and docs/algorithms/java-random-and-hashing.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows the JDK's behaviour.
/**
 * The few java.lang.String / Integer behaviours the throttle ports depend on, exactly:
 * - `String.split(regex)` with limit 0: trailing empty strings are dropped; no match → `[s]`
 *   (so `"".split(",")` is `[""]` and `",".split(",")` is `[]`).
 * - `String.trim()` removes chars ≤ U+0020 only (not Unicode spaces, unlike JS `trim`).
 * - `Integer.parseInt` accepts an optional sign and ASCII digits, within int32; anything else throws
 *   NumberFormatException (including surrounding spaces).
 * - `String.compareTo` is UTF-16 code-unit order, which is JS's `<` on strings.
 */
export class NumberFormatException extends Error {
  constructor(input: string) {
    super(`For input string: "${input}"`);
    this.name = "NumberFormatException";
  }
}

export function javaSplit(value: string, separator: string): string[] {
  const parts = value.split(separator);
  if (parts.length === 1) return parts; // no match: the whole string, even when empty
  let end = parts.length;
  while (end > 0 && parts[end - 1] === "") end -= 1;
  return parts.slice(0, end);
}

export function javaTrim(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end -= 1;
  return value.slice(start, end);
}

export function javaParseInt(value: string): number {
  if (!/^[+-]?[0-9]+$/.test(value)) throw new NumberFormatException(value);
  const n = Number(value);
  if (n > 2147483647 || n < -2147483648) throw new NumberFormatException(value);
  return n;
}

export function compareJavaStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
