"use client";
/**
 * Export the data on screen: the snapshot as JSON, per-broker and per-log-dir figures as CSV, and
 * the broker × log-dir heatmap as PNG. Everything is made in the browser from the data the page
 * already holds, so exports work for live, imported and shared views alike and send nothing anywhere.
 */
import { useState } from "react";
import { exportFile, exportBaseName, type ExportFormat } from "@/lib/snapshots/export";
import type { ClusterData } from "@/lib/view/cluster-data";
import { isDirMetric, type DirMetric } from "@/lib/view/dir-metric";
import { canvasToPng, drawHeatmapCanvas } from "./heatmap-png";

const FILES: { format: ExportFormat; label: string }[] = [
  { format: "json", label: "Snapshot (JSON)" },
  { format: "brokers-csv", label: "Brokers (CSV)" },
  { format: "dirs-csv", label: "Log dirs (CSV)" },
];

const button = "rounded border border-zinc-300 px-2.5 py-1 text-sm hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

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

/** The metric the heatmap shows right now (its card owns that state), so the PNG matches the screen. */
function shownMetric(data: ClusterData): DirMetric {
  const shown = document.querySelector('[data-heatmap="broker-dir"]')?.getAttribute("data-metric") ?? "";
  if (isDirMetric(shown)) return shown;
  return data.report.dirs.some((d) => d.utilization !== null) ? "utilization" : "bytes";
}

export function ExportMenu({ data }: { data: ClusterData | null }) {
  const [error, setError] = useState<string | null>(null);
  const run = (work: () => Promise<void> | void) => async () => {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Export" data-export-menu>
      <span className="text-zinc-600 dark:text-zinc-400">Export</span>
      {FILES.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          className={button}
          disabled={!data}
          onClick={run(() => {
            if (!data) return;
            const file = exportFile(data.snapshot, data.report, format);
            download(new Blob([file.body], { type: file.mimeType }), file.fileName);
          })}
          data-export={format}
        >
          {label}
        </button>
      ))}
      <button
        type="button"
        className={button}
        disabled={!data}
        onClick={run(async () => {
          if (!data) return;
          const metric = shownMetric(data);
          const png = await canvasToPng(drawHeatmapCanvas(data.snapshot, data.report, metric));
          download(png, `${exportBaseName(data.snapshot)}-heatmap-${metric}.png`);
        })}
        data-export="heatmap-png"
      >
        Heatmap (PNG)
      </button>
      {error ? (
        <span role="alert" className="text-red-700 dark:text-red-300">
          {error}
        </span>
      ) : null}
    </div>
  );
}
