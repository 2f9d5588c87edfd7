/**
 * Broker racks for an import. Neither kafka-log-dirs nor kafka-topics prints racks (they live in each
 * broker's `broker.rack`), so the person importing may add them, in whichever form they have at hand:
 *
 *   {"1": "eu-west-1a", "2": "eu-west-1b"}       JSON object, broker id → rack
 *   broker 1 rack eu-west-1a                      one broker per line; also "1 eu-west-1a",
 *   1=eu-west-1a                                  "1: eu-west-1a", "1,eu-west-1a"
 *
 * Blank lines and lines starting with `#` are skipped. A broker given two different racks is an error.
 */
import { describeValue, IssueList, quote, splitLines } from "./issues";
import { success, type Result } from "@/lib/model/result";
import { findJsonSyntaxError, lineAndColumn, locateJsonPaths } from "@/lib/model/json-scan";

/** Broker id → rack. */
export type RackMap = Map<number, string>;

const LINE_RE = /^(?:broker\s+)?(\d{1,10})\s*(?:[=:,]\s*|\s+)(?:rack\s*[=:]?\s*)?(\S+)$/i;
const BROKER_ID = /^\d{1,10}$/;
const EXAMPLE = `"broker 1 rack eu-west-1a", "1=eu-west-1a" or {"1":"eu-west-1a"}`;

function parseJsonRacks(text: string, firstLine: number, issues: IssueList): RackMap {
  const racks: RackMap = new Map();
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    const found = findJsonSyntaxError(text);
    const where = lineAndColumn(text, found?.offset ?? 0, firstLine);
    issues.add(where.line, "", `invalid JSON at column ${where.column}: ${found?.message ?? (error as Error).message}`);
    return racks;
  }
  if (typeof root !== "object" || root === null || Array.isArray(root)) {
    issues.add(firstLine, "", `expected a JSON object of broker id to rack, such as ${EXAMPLE}, got ${describeValue(root)}`);
    return racks;
  }
  const bad: { key: string; message: string }[] = [];
  for (const [key, rack] of Object.entries(root)) {
    if (!BROKER_ID.test(key)) bad.push({ key, message: `expected a broker id as the key, got ${quote(key)}` });
    else if (typeof rack !== "string" || rack.trim() === "") bad.push({ key, message: `expected the rack name (a non-empty string), got ${describeValue(rack)}` });
    else racks.set(Number(key), rack.trim());
  }
  // Object.entries puts integer keys first; report in the order of the text.
  const offsets = locateJsonPaths(
    text,
    bad.map((b) => [b.key]),
  );
  bad
    .map((b, i) => ({ ...b, offset: offsets[i] ?? 0 }))
    .sort((x, y) => x.offset - y.offset)
    .forEach((b) => issues.add(lineAndColumn(text, b.offset, firstLine).line, b.key, b.message));
  return racks;
}

export function parseRacks(text: string): Result<RackMap> {
  const issues = new IssueList("racks");
  const lines = splitLines(text);
  const firstUsed = lines.findIndex((l) => l.trim() !== "" && !l.trim().startsWith("#"));
  if (firstUsed >= 0 && /^[{[]/.test((lines[firstUsed] ?? "").trim())) {
    const racks = parseJsonRacks(lines.slice(firstUsed).join("\n"), firstUsed + 1, issues);
    return issues.empty ? success(racks) : issues.failed();
  }
  const racks: RackMap = new Map();
  const lineOf = new Map<number, number>();
  lines.forEach((raw, i) => {
    const text = raw.trim();
    if (text === "" || text.startsWith("#") || issues.full) return;
    const m = LINE_RE.exec(text);
    if (!m?.[1] || !m[2]) {
      issues.add(i + 1, "", `expected a broker and its rack, such as ${EXAMPLE}, got ${quote(text)}`);
      return;
    }
    const id = Number(m[1]);
    const earlier = racks.get(id);
    if (earlier !== undefined && earlier !== m[2]) {
      issues.add(i + 1, "", `broker ${id} is given rack ${quote(m[2])} here and ${quote(earlier)} on line ${lineOf.get(id)}; keep one`);
      return;
    }
    racks.set(id, m[2]);
    lineOf.set(id, i + 1);
  });
  return issues.empty ? success(racks) : issues.failed();
}
