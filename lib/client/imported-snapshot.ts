/**
 * The imported snapshot lives in this browser tab only: kept in sessionStorage (so a reload keeps
 * it) and in memory (so it survives a full storage quota). Nothing is sent anywhere; sharing a link
 * is a separate, explicit step.
 */
import { useSyncExternalStore } from "react";
import { parseSnapshot } from "@/lib/model/parse";
import type { BalanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { clusterData, type ClusterData } from "@/lib/view/overview/cluster-data";

export const IMPORTED_KEY = "kafka-balance:imported-snapshot";

let memory: { raw: string; data: ClusterData } | null = null;
const listeners = new Set<() => void>();

export type ImportedState = { state: "loading" } | { state: "empty" } | { state: "error"; message: string } | { state: "ready"; data: ClusterData };

/**
 * Stores the snapshot with the balance report the import's worker made of it (kept in memory: the
 * tab does not make it again); returns false when only the in-memory copy could be kept (storage
 * full). After a reload only the snapshot is stored, so the report is made here once from it.
 */
export function saveImported(snapshot: ClusterSnapshot, report: BalanceReport): boolean {
  const raw = JSON.stringify(snapshot);
  memory = { raw, data: { snapshot, report } };
  let stored = true;
  try {
    sessionStorage.setItem(IMPORTED_KEY, raw);
  } catch {
    stored = false;
  }
  cached = null;
  for (const l of listeners) l();
  return stored;
}

let cached: { raw: string | null; value: ImportedState } | null = null;

function read(): ImportedState {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(IMPORTED_KEY);
  } catch {
    raw = null;
  }
  raw ??= memory?.raw ?? null;
  if (cached && cached.raw === raw) return cached.value;
  let value: ImportedState;
  if (raw === null) value = { state: "empty" };
  else if (memory && memory.raw === raw) value = { state: "ready", data: memory.data };
  else {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = null;
    }
    const parsed = parseSnapshot(json);
    value = parsed.ok
      ? { state: "ready", data: clusterData(parsed.value) }
      : { state: "error", message: "The stored import is damaged or from another version; import the output again." };
  }
  cached = { raw, value };
  return value;
}

const LOADING: ImportedState = { state: "loading" };

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useImportedSnapshot(): ImportedState {
  return useSyncExternalStore(subscribe, read, () => LOADING);
}
