/**
 * The link to a simulator run, as the page shows it after every run: a pristine preset is
 * `?preset=<id>`; any other scenario is encoded in the address (`?s=…`) while it fits in a link.
 * A scenario too long for a link, or one that starts from a snapshot imported in this tab, has to be
 * shared as a snapshot link instead; the state says which, for the link bar. A page that names its
 * cluster (`?cluster=`) keeps naming it, so the link reruns on the same cluster.
 */
import { encodeScenarioLink, fitsInLink, LINK_PARAM } from "@/lib/simulate/scenario-url";
import { isPristinePreset, type Draft } from "./scenario-draft";

export type LinkState = { kind: "none" } | { kind: "link"; href: string; current: boolean } | { kind: "too-long"; chars: number } | { kind: "imported" };

/** `href`: what the address bar shows; `state`: what the link bar offers. */
export async function runLink(draft: Draft, cluster: string | null = null): Promise<{ href: string; state: LinkState }> {
  const named = cluster ? `cluster=${encodeURIComponent(cluster)}` : "";
  if (isPristinePreset(draft)) {
    const href = `/simulate?preset=${draft.presetId}${named ? `&${named}` : ""}`;
    return { href, state: { kind: "link", href, current: false } };
  }
  const param = await encodeScenarioLink(draft);
  const href = `/simulate?${LINK_PARAM}=${param}${named ? `&${named}` : ""}`;
  if (!fitsInLink(param)) return { href: named ? `/simulate?${named}` : "/simulate", state: { kind: "too-long", chars: param.length } };
  // Still in the address bar: a reload in this tab finds the import again.
  if (draft.base.kind === "imported") return { href, state: { kind: "imported" } };
  // A forecast re-reads the current cluster and its history too.
  return { href, state: { kind: "link", href, current: draft.base.kind === "current" || draft.base.kind === "forecast" } };
}
