"use client";
/**
 * Share and Export, side by side, for a page's header actions: every view that shows a cluster, a
 * simulation or a plan drops this in with one line.
 *
 *   <ShareExportActions share={() => ({ kind: "snapshot", snapshot })} exports={clusterExportSets(data, metric)} />
 *
 * `share` builds the link's body (lib/share/request.ts) when the link is made; `exports` lists
 * the clusters on the page (components/share/export-sets.ts). Either is null while there is nothing
 * yet, which disables its button.
 */
import { ExportMenu } from "./export-menu";
import type { ExportSet } from "./export-sets";
import { ShareButton, type ShareRequestSource } from "./share-button";

interface Props {
  share: ShareRequestSource | null;
  exports: readonly ExportSet[] | null;
  shareLabel?: string;
}

export function ShareExportActions({ share, exports, shareLabel }: Props) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-share-export>
      <ShareButton getRequest={share} label={shareLabel} />
      <ExportMenu sets={exports} />
    </span>
  );
}
