/**
 * Offline import: pasted `kafka-log-dirs.sh --describe` output (required), optionally with
 * `kafka-topics.sh --describe` output, `kafka-configs.sh --describe` output (brokers and topics) and a
 * broker → rack list, becomes a ClusterSnapshot with source kind "import". The snapshot's
 * `source.unknownFacts` lists what the texts did not carry (throttles without kafka-configs, leaders
 * without kafka-topics, …), so no view reads an unknown as "none".
 *
 * All pasted texts are parsed before anything is built, so one answer lists the problems in all of
 * them. Any problem means no snapshot. The assembled snapshot goes through `parseSnapshot`, the same
 * gate as every other snapshot. Time is an input (`capturedAt`): the caller knows when the output was
 * taken, the parser does not.
 */
import { parseSnapshot } from "@/lib/model/parse";
import type { ImportIssue } from "./issues";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { assembleSnapshot } from "./assemble";
import { success, type Result } from "@/lib/model/result";
import { formatImportIssue, importFailure } from "./issues";
import { parseLogDirs, type LogDirsListing } from "./log-dirs";
import { parseRacks } from "./racks";
import { parseTopicsDescribe } from "./topics-describe";
import { parseConfigsDescribe } from "./configs-describe";
import { repairPastedText } from "./text-encoding";

export { formatImportIssue, type ImportIssue } from "./issues";
export { LogDirsStreamReader, parseLogDirs, type LogDirsListing } from "./log-dirs";
export { parseTopicsDescribe } from "./topics-describe";

export { parseConfigsDescribe, type ConfigsListing } from "./configs-describe";

export interface ImportInput {
  /** Output of `kafka-log-dirs.sh --describe`, preamble lines included or not. */
  logDirs: string;
  /** Output of `kafka-topics.sh --describe`; blank or missing means "not given". */
  topics?: string;
  /**
   * Output of `kafka-configs.sh --describe --entity-type brokers` and/or `--entity-type topics` (with or
   * without --all; several runs one after another): throttle rates and lists, broker.rack and
   * cordoned.log.dirs. Blank or missing means "not given": then those facts are unknown.
   */
  configs?: string;
  /** Broker → rack, as `broker 1 rack a` lines or `{"1":"a"}`; blank or missing means "not given". */
  racks?: string;
  /** When the outputs were taken (ISO-8601). */
  capturedAt: string;
  label?: string;
}

/** The snapshot, with warnings (what was assumed); or code `invalid_import` with every issue. */
export type ImportOutcome = Result<ClusterSnapshot>;

const given = (text: string | undefined): text is string => text !== undefined && text.trim() !== "";

/** The answer for a kafka-log-dirs paste that is blank. */
export const emptyLogDirs = (): ImportOutcome =>
  importFailure([{ source: "logDirs", line: null, path: "", message: "paste the output of kafka-log-dirs.sh --describe; it is empty" }]);

/** A pasted text as a client sent it, repaired when it is UTF-16 read as 8-bit text (text-encoding.ts). */
function pasted(source: "logDirs" | "topics" | "configs", text: string): { text: string; note: ImportIssue | null } | ImportIssue {
  const repaired = repairPastedText(text);
  if (!repaired.ok) return { source, line: null, path: "", message: repaired.message };
  return { text: repaired.text, note: repaired.note === null ? null : { source, line: null, path: "", message: repaired.note } };
}

export function importSnapshot(input: ImportInput): ImportOutcome {
  if (!given(input.logDirs)) return emptyLogDirs();
  const logDirs = pasted("logDirs", input.logDirs);
  const topics = given(input.topics) ? pasted("topics", input.topics) : null;
  const configs = given(input.configs) ? pasted("configs", input.configs) : null;
  const refused = [logDirs, topics, configs].filter((p): p is ImportIssue => p !== null && "source" in p);
  if (refused.length > 0) return importFailure(refused);
  const l = logDirs as { text: string; note: ImportIssue | null };
  const t = topics as { text: string; note: ImportIssue | null } | null;
  const c = configs as { text: string; note: ImportIssue | null } | null;
  const notes = [l.note, t?.note ?? null, c?.note ?? null].filter((n): n is ImportIssue => n !== null);
  return importParsed(parseLogDirs(l.text), { ...input, topics: t?.text ?? input.topics, configs: c?.text ?? input.configs }, notes);
}

/**
 * The rest of an import once the kafka-log-dirs output is read (the streaming route reads it as it
 * arrives): the other texts parsed, the snapshot assembled and checked.
 */
export function importParsed(logDirs: Result<LogDirsListing>, input: Omit<ImportInput, "logDirs">, readNotes: readonly ImportIssue[] = []): ImportOutcome {
  const topics = given(input.topics) ? parseTopicsDescribe(input.topics) : null;
  const configs = given(input.configs) ? parseConfigsDescribe(input.configs) : null;
  const racks = given(input.racks) ? parseRacks(input.racks) : null;
  if (!logDirs.ok || (topics && !topics.ok) || (configs && !configs.ok) || (racks && !racks.ok)) {
    return importFailure([logDirs, topics, configs, racks].flatMap((r) => (r && !r.ok ? (r.error.issues as ImportIssue[]) : [])));
  }

  const label = input.label?.trim() || ["kafka-log-dirs", ...(topics ? ["kafka-topics"] : []), ...(configs ? ["kafka-configs"] : [])].join(" + ") + " import";
  const { snapshot, warnings } = assembleSnapshot({
    logDirs: logDirs.value,
    topics: topics?.value ?? null,
    configs: configs?.value ?? null,
    racks: racks?.value ?? null,
    capturedAt: input.capturedAt,
    label,
  });
  // How the texts were read (decoded from UTF-16, Kafka's logging skipped) goes first: it is about the
  // pasted texts themselves. In the snapshot's warnings too, so the import's overview shows it.
  const notes = [...readNotes, ...[logDirs, topics, configs].flatMap((r) => (r?.ok ? ((r.warnings ?? []) as ImportIssue[]) : []))];
  const all = [...notes, ...warnings];
  const checked = parseSnapshot({ ...snapshot, source: { ...snapshot.source, warnings: all.map(formatImportIssue) } });
  if (!checked.ok) {
    return importFailure(checked.error.issues.map((issue) => ({ ...issue, source: "snapshot" as const, line: null })));
  }
  return success(checked.value, all);
}
