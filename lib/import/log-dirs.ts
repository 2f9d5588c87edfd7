/**
 * Reads the output of `kafka-log-dirs.sh --describe` (kafka.admin.LogDirsCommand up to 3.4,
 * org.apache.kafka.tools.LogDirsCommand from 3.5; the same format from 2.4 to 4.x):
 *
 *   Querying brokers for log directories information
 *   Received log directory information from brokers 1,2,3
 *   {"brokers":[{"broker":1,"logDirs":[{"logDir":"/data/d1","error":null,"partitions":[
 *     {"partition":"orders-0","size":123,"offsetLag":0,"isFuture":false}]}]}],"version":1}
 *
 * Rules, and why:
 * - The JSON comes from Java HashMaps, so keys come in any order; keys we do not know are ignored
 *   (a newer tool may add some, e.g. dir capacity as `totalBytes`/`usableBytes`, read when present).
 * - The two preamble lines and blank lines may appear anywhere, so the output of several runs (one per
 *   broker with `--broker-list`) can be pasted one after another; each JSON document is one run. A
 *   document may also be pretty-printed over several lines (e.g. piped through jq).
 * - `error` is the Java class name of the dir's error (`...KafkaStorageException`); non-null means the
 *   dir is offline, and Kafka lists no partitions for it.
 * - A replica with `isFuture: true` is a KIP-113 copy being written into another dir of the same
 *   broker; it is attached to the current replica (the non-future entry) as its `future`.
 * - Every problem names its line and JSON path; any problem means no result at all.
 * - The paste is read as a stream (log-dirs-stream.ts): memory follows the result, not the text, so
 *   a 1,000,000-replica paste (about 80 MB) can be read as it arrives.
 */
import type { Result } from "@/lib/model/result";
import { LogDirsStreamReader } from "./log-dirs-stream";
import type { LogDirsListing } from "./log-dirs-document";

export type { LogDirsListing, LogDirsReplica } from "./log-dirs-document";
export { LogDirsStreamReader } from "./log-dirs-stream";

/** The whole paste at once: the streaming reader, written to once. */
export function parseLogDirs(text: string): Result<LogDirsListing> {
  const reader = new LogDirsStreamReader();
  reader.write(text);
  return reader.end();
}
