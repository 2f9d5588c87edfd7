/**
 * Where the snapshot a page works on comes from, so the planner and the simulator open the same one
 * (context travels between pages). Client-safe: types and strings only.
 *
 * - `current`: the dashboard's source (live cluster or demo), read by each page itself.
 * - `imported`: the snapshot imported in this browser tab (lib/client/imported-snapshot); it never
 *   leaves the tab, so a page names it and reads it from the tab's storage.
 * - `shared`: a snapshot link's record (any kind: its snapshot is the cluster), opened on the server.
 *
 * URLs: `/plan?base=imported`, `/plan?shared=<id>`, `/simulate?base=imported`, `/simulate?shared=<id>`.
 */
import { SHARED_PARAM } from "./record";

export type SnapshotOrigin = { kind: "current" } | { kind: "imported" } | { kind: "shared"; id: string };

/** The query parameter naming a base that is not a link: `?base=imported` or `?base=current`. */
export const BASE_PARAM = "base";

type SearchParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The origin a page's URL names; `current` when it names none (or names something unknown). */
export function originFromParams(params: SearchParams): SnapshotOrigin {
  const shared = first(params[SHARED_PARAM]);
  if (shared) return { kind: "shared", id: shared };
  return first(params[BASE_PARAM]) === "imported" ? { kind: "imported" } : { kind: "current" };
}

function query(origin: SnapshotOrigin): string {
  switch (origin.kind) {
    case "current":
      return "";
    case "imported":
      return `?${BASE_PARAM}=imported`;
    case "shared":
      return `?${SHARED_PARAM}=${encodeURIComponent(origin.id)}`;
  }
}

/** The planner, planning this origin's snapshot. */
export function plannerPath(origin: SnapshotOrigin): string {
  return `/plan${query(origin)}`;
}

/** The simulator, starting from this origin's snapshot (the current source when it is `current`). */
export function simulatorPath(origin: SnapshotOrigin): string {
  return origin.kind === "current" ? `/simulate?${BASE_PARAM}=current` : `/simulate${query(origin)}`;
}
