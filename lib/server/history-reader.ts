/**
 * The history store, read-only, inside a worker thread: the forecast task reads 12,000 dirs' month
 * where the server's thread would stall for seconds. One connection per store per thread, opened on
 * first use: a read-only SQLite connection (WAL lets it read while the server's connection writes; a
 * read sees the last commit), or a small PostgreSQL pool of its own.
 */
import type { HistorySettings } from "@/lib/model/history-settings";
import { openReader, type StoreConfig } from "@/lib/store";
import { HistoryStore } from "@/lib/store/history";

const readers = new Map<string, HistoryStore>();

export function historyReader(config: StoreConfig, settings: HistorySettings): HistoryStore {
  const key = `${JSON.stringify(config)}\u0000${JSON.stringify(settings)}`;
  let store = readers.get(key);
  if (!store) {
    store = new HistoryStore(openReader(config), settings);
    readers.set(key, store);
  }
  return store;
}
