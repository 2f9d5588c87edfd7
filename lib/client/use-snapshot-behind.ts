"use client";
/**
 * The snapshot behind a report the page shows without it (a simulated step, a planned "after"): fetched
 * once, when something needs it (the broker drawer's replica list, a JSON export), and kept per report
 * object, so reopening the drawer on another broker of the same heatmap asks nothing again.
 */
import { useEffect, useState } from "react";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { errorMessage } from "./fetch-json";

/** How to get a report's snapshot: at hand, or to be fetched. */
export type SnapshotSource = ClusterSnapshot | (() => Promise<ClusterSnapshot>) | null;

const loaded = new WeakMap<() => Promise<ClusterSnapshot>, Promise<ClusterSnapshot>>();

/** The snapshot of a source, fetching it (once per loader) when the source is a loader. */
export function resolveSnapshot(source: Exclude<SnapshotSource, null>): Promise<ClusterSnapshot> {
  if (typeof source !== "function") return Promise.resolve(source);
  let pending = loaded.get(source);
  if (!pending) {
    pending = source();
    loaded.set(source, pending);
    // A failed fetch is not kept: the next open tries again.
    pending.catch(() => loaded.delete(source));
  }
  return pending;
}

export type SnapshotBehind = { state: "none" } | { state: "loading" } | { state: "ready"; snapshot: ClusterSnapshot } | { state: "error"; message: string };

/** `enabled` false: nothing is fetched (the drawer is closed). */
export function useSnapshotBehind(source: SnapshotSource, enabled: boolean): SnapshotBehind {
  const [answer, setAnswer] = useState<{ source: SnapshotSource; value: SnapshotBehind } | null>(null);
  useEffect(() => {
    if (!enabled || source === null || typeof source !== "function") return;
    let live = true;
    resolveSnapshot(source).then(
      (snapshot) => live && setAnswer({ source, value: { state: "ready", snapshot } }),
      (error: unknown) => live && setAnswer({ source, value: { state: "error", message: errorMessage(error) } }),
    );
    return () => {
      live = false;
    };
  }, [source, enabled]);
  if (source === null) return { state: "none" };
  if (typeof source !== "function") return { state: "ready", snapshot: source };
  return answer?.source === source ? answer.value : { state: "loading" };
}
