/**
 * The history store, read-only, inside a worker thread: the forecast task reads 12,000 dirs' month
 * where the server's thread would stall for seconds. One connection per file per thread, opened on
 * first use; WAL lets it read while the server's connection writes (a read sees the last commit).
 */
import Database from "better-sqlite3";
import type { HistorySettings } from "@/lib/model/history-settings";
import { BUSY_TIMEOUT_MS } from "@/lib/snapshots/db";
import { HistoryStore } from "@/lib/store/history";

const readers = new Map<string, HistoryStore>();

export function historyReader(file: string, settings: HistorySettings): HistoryStore {
  const key = `${file}\u0000${JSON.stringify(settings)}`;
  let store = readers.get(key);
  if (!store) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    store = new HistoryStore(db, settings);
    readers.set(key, store);
  }
  return store;
}
