/**
 * Offline import: pasted `kafka-log-dirs.sh --describe` output (required), optionally with
 * `kafka-topics.sh --describe` output and a broker → rack list, becomes a ClusterSnapshot with
 * source kind "import".
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
import { repairPastedText } from "./text-encoding";

export { describeImportIssues, formatImportIssue, importFailure, type ImportIssue, type ImportSource } from "./issues";
export { LogDirsStreamReader, parseLogDirs, type LogDirsBroker, type LogDirsListing, type LogDirsReplica } from "./log-dirs";
export { parseTopicsDescribe, type DescribedPartition, type DescribedTopic, type TopicsListing } from "./topics-describe";
export { parseRacks, type RackMap } from "./racks";
export { decodeUpload, PasteDecoder, repairPastedText, type Decoded } from "./text-encoding";
export { isInternalTopic, parseTopicPartitionName, splitTopicPartition, topicNameProblem } from "@/lib/model/kafka-names";

export interface ImportInput {
  /** Output of `kafka-log-dirs.sh --describe`, preamble lines included or not. */
  logDirs: string;
  /** Output of `kafka-topics.sh --describe`; blank or missing means "not given". */
  topics?: string;
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
function pasted(source: "logDirs" | "topics", text: string): { text: string; note: ImportIssue | null } | ImportIssue {
  const repaired = repairPastedText(text);
  if (!repaired.ok) return { source, line: null, path: "", message: repaired.message };
  return { text: repaired.text, note: repaired.note === null ? null : { source, line: null, path: "", message: repaired.note } };
}

export function importSnapshot(input: ImportInput): ImportOutcome {
  if (!given(input.logDirs)) return emptyLogDirs();
  const logDirs = pasted("logDirs", input.logDirs);
  const topics = given(input.topics) ? pasted("topics", input.topics) : null;
  const refused = [logDirs, topics].filter((p): p is ImportIssue => p !== null && "source" in p);
  if (refused.length > 0) return importFailure(refused);
  const l = logDirs as { text: string; note: ImportIssue | null };
  const t = topics as { text: string; note: ImportIssue | null } | null;
  const notes = [l.note, t?.note ?? null].filter((n): n is ImportIssue => n !== null);
  return importParsed(parseLogDirs(l.text), { ...input, topics: t?.text ?? input.topics }, notes);
}

/**
 * The rest of an import once the kafka-log-dirs output is read (the streaming route reads it as it
 * arrives): the other texts parsed, the snapshot assembled and checked.
 */
export function importParsed(logDirs: Result<LogDirsListing>, input: Omit<ImportInput, "logDirs">, readNotes: readonly ImportIssue[] = []): ImportOutcome {
  const topics = given(input.topics) ? parseTopicsDescribe(input.topics) : null;
  const racks = given(input.racks) ? parseRacks(input.racks) : null;
  if (!logDirs.ok || (topics && !topics.ok) || (racks && !racks.ok)) {
    return importFailure([logDirs, topics, racks].flatMap((r) => (r && !r.ok ? (r.error.issues as ImportIssue[]) : [])));
  }

  const label = input.label?.trim() || (topics ? "kafka-log-dirs + kafka-topics import" : "kafka-log-dirs import");
  const { snapshot, warnings } = assembleSnapshot({
    logDirs: logDirs.value,
    topics: topics?.value ?? null,
    racks: racks?.value ?? null,
    capturedAt: input.capturedAt,
    label,
  });
  // How the texts were read (decoded from UTF-16, Kafka's logging skipped) goes first: it is about the
  // pasted texts themselves. In the snapshot's warnings too, so the import's overview shows it.
  const notes = [...readNotes, ...[logDirs, topics].flatMap((r) => (r?.ok ? ((r.warnings ?? []) as ImportIssue[]) : []))];
  const all = [...notes, ...warnings];
  const checked = parseSnapshot({ ...snapshot, source: { ...snapshot.source, warnings: all.map(formatImportIssue) } });
  if (!checked.ok) {
    return importFailure(checked.error.issues.map((issue) => ({ ...issue, source: "snapshot" as const, line: null })));
  }
  return success(checked.value, all);
}
