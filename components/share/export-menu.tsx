"use client";
/**
 * Export the clusters on screen: each heatmap as PNG, brokers and log dirs as CSV, the snapshot as
 * JSON (lib/share/export writes the CSV and JSON, the same bytes as the export route). Files are
 * made in the browser from the data the page holds; only the snapshot of a computed cluster (a
 * simulated step, a planned "after") is fetched first. A Radix dropdown menu: kept inside the viewport,
 * arrow keys move, Escape closes and focus returns to its button.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Fragment, useState } from "react";
import { errorMessage } from "@/lib/client/fetch-json";
import { resolveSnapshot } from "@/lib/client/use-snapshot-behind";
import { reportFile, snapshotFile } from "@/lib/share/export";
import type { ExportSet } from "./export-sets";
import { canvasToPng, drawHeatmapCanvas, drawTopicHeatmapCanvas } from "./heatmap-png";
import { actionButton } from "./share-button";

export type ExportItem = "heatmap-png" | "topics-png" | "brokers-csv" | "dirs-csv" | "json";

const ITEMS: { item: ExportItem; label: string; offered: (set: ExportSet) => boolean }[] = [
  { item: "heatmap-png", label: "Brokers × log dirs heatmap (PNG)", offered: () => true },
  { item: "topics-png", label: "Topics × brokers heatmap (PNG)", offered: (set) => set.topicHeatmap !== null },
  { item: "brokers-csv", label: "Brokers (CSV)", offered: () => true },
  { item: "dirs-csv", label: "Log dirs (CSV)", offered: () => true },
  { item: "json", label: "Snapshot (JSON)", offered: (set) => set.snapshot !== null },
];

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later, not at once: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function exportItem(set: ExportSet, item: ExportItem): Promise<string> {
  switch (item) {
    case "heatmap-png": {
      const { grid, caption } = set.heatmap();
      const fileName = `${set.baseName}-heatmap-${grid.metric}.png`;
      download(await canvasToPng(drawHeatmapCanvas(grid, caption)), fileName);
      return fileName;
    }
    case "topics-png": {
      const { input, caption } = set.topicHeatmap!();
      const fileName = `${set.baseName}-topics-heatmap.png`;
      download(await canvasToPng(drawTopicHeatmapCanvas(input, caption)), fileName);
      return fileName;
    }
    case "brokers-csv":
    case "dirs-csv": {
      const file = reportFile(set.report, item, set.baseName);
      download(new Blob([file.body], { type: file.mimeType }), file.fileName);
      return file.fileName;
    }
    case "json": {
      const file = snapshotFile(await resolveSnapshot(set.snapshot!), set.baseName);
      download(new Blob([file.body], { type: file.mimeType }), file.fileName);
      return file.fileName;
    }
  }
}

type Status = { kind: "idle" } | { kind: "busy"; what: string } | { kind: "done"; file: string } | { kind: "error"; message: string };

export function ExportMenu({ sets, label = "Export" }: { sets: readonly ExportSet[] | null; label?: string }) {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const run = async (set: ExportSet, item: ExportItem, what: string) => {
    setStatus({ kind: "busy", what });
    try {
      setStatus({ kind: "done", file: await exportItem(set, item) });
    } catch (e) {
      setStatus({ kind: "error", message: `${what} could not be exported: ${errorMessage(e)}` });
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {/* Not modal: a menu button's menu closes on Tab and leaves the page reachable (WAI-ARIA menu button). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger type="button" className={actionButton} disabled={!sets || sets.length === 0} data-export-menu>
          {label} <span aria-hidden>▾</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] max-w-[calc(100vw-1rem)] min-w-[16rem] overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 text-sm text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
            data-export-panel
          >
            {(sets ?? []).map((set, i) => (
              <Fragment key={set.id}>
                {i > 0 ? <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-700" /> : null}
                <DropdownMenu.Group aria-label={set.title ?? undefined}>
                  {set.title ? <DropdownMenu.Label className="px-2 pt-1.5 pb-1 text-xs font-semibold text-zinc-600 dark:text-zinc-400">{set.title}</DropdownMenu.Label> : null}
                  {ITEMS.filter((it) => it.offered(set)).map(({ item, label: text }) => (
                    <DropdownMenu.Item
                      key={item}
                      onSelect={() => void run(set, item, set.title ? `${set.title}: ${text}` : text)}
                      className="cursor-pointer rounded px-2 py-1.5 outline-none select-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
                      data-export={item}
                      data-export-set={set.id}
                    >
                      {text}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Group>
              </Fragment>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <span
        role="status"
        aria-live="polite"
        className={status.kind === "error" ? "text-sm text-red-700 dark:text-red-300" : status.kind === "busy" ? "text-sm text-zinc-600 dark:text-zinc-400" : "sr-only"}
        data-export-status={status.kind}
      >
        {status.kind === "busy" ? `Preparing ${status.what}…` : status.kind === "done" ? `Downloaded ${status.file}.` : status.kind === "error" ? status.message : ""}
      </span>
    </span>
  );
}
