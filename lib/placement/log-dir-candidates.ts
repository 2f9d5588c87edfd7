// Port of the directory choice in LogManager.getOrCreateLog (Apache Kafka 3.7–4.x, KIP-858), described in docs/algorithms/log-dir-selection.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
//
// Invariants:
// - A preferred dir wins over nextLogDirs: the dir whose id is the controller's target directory id, unless the
//   target is UNASSIGNED or LOST or an AlterReplicaLogDirs preference exists for the partition, in which case that
//   preference (if any) is used. A target id that matches no dir (MIGRATING included) means "no preference".
// - With a preference the candidates are exactly [preferred], even if it is not live; otherwise nextLogDirs.
// - Candidates are tried in order; the first dir where the log directory can be created wins (KAFKA-8526, 2.4+).

import { nextLogDirs, type NextLogDirsOptions } from "./next-log-dirs";

/** Reserved directory ids (org.apache.kafka.common.DirectoryId), as Uuid#toString prints them. */
export const DIRECTORY_ID = {
  /** Uuid(0,0): the replica was placed before directories were tracked. */
  MIGRATING: "AAAAAAAAAAAAAAAAAAAAAA",
  /** Uuid(0,1): the controller left the choice to the broker (2+ dirs). */
  UNASSIGNED: "AAAAAAAAAAAAAAAAAAAAAQ",
  /** Uuid(0,2): the replica's dir is offline and unknown. */
  LOST: "AAAAAAAAAAAAAAAAAAAAAg",
} as const;

export interface LogDirCandidatesInput extends NextLogDirsOptions {
  liveDirs: readonly string[];
  logCounts: Readonly<Record<string, number>>;
  /** Directory id of each configured dir (from its meta.properties), path → id. */
  directoryIds?: Readonly<Record<string, string>>;
  /** The directory id the controller assigned to this replica, if any. */
  targetDirectoryId?: string | null;
  /** An AlterReplicaLogDirs preference for this partition (`preferredLogDirs`), if any. */
  preferredLogDir?: string | null;
}

/** The dirs getOrCreateLog tries, in order, for a new (non-future) log. */
export function logDirCandidates(input: LogDirCandidatesInput): string[] {
  const target = input.targetDirectoryId ?? null;
  const preferredByRequest = input.preferredLogDir ?? null;
  let preferred: string | null;
  if (target !== null && target !== DIRECTORY_ID.UNASSIGNED && target !== DIRECTORY_ID.LOST && preferredByRequest === null) {
    const match = Object.entries(input.directoryIds ?? {}).find(([, id]) => id === target);
    preferred = match ? match[0] : null;
  } else {
    preferred = preferredByRequest;
  }
  if (preferred !== null) return [preferred];
  return nextLogDirs(input.liveDirs, input.logCounts, { tieOrder: input.tieOrder, cordoned: input.cordoned });
}

export interface CreateLogResult {
  /** The dir the log was created in, or null when every candidate failed (Kafka: KafkaStorageException). */
  dir: string | null;
  /** Candidates that were tried and failed, in order. */
  failed: string[];
}

/** Tries `candidates` in order with `tryCreate` (false = the dir is not live or mkdir failed), as getOrCreateLog does. */
export function createLogIn(candidates: readonly string[], tryCreate: (dir: string) => boolean): CreateLogResult {
  const failed: string[] = [];
  for (const dir of candidates) {
    if (tryCreate(dir)) return { dir, failed };
    failed.push(dir);
  }
  return { dir: null, failed };
}
