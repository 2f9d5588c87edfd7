"use client";
/** The overview of the snapshot imported in this browser tab (kept in sessionStorage). */
import Link from "next/link";
import { useImportedSnapshot } from "@/lib/hooks/imported-snapshot";
import type { SnapshotOrigin } from "@/lib/snapshots/origin";
import { OverviewView } from "./overview-view";

const IMPORTED: SnapshotOrigin = { kind: "imported" };

export function ImportedOverview() {
  const imported = useImportedSnapshot();
  if (imported.state === "empty") {
    return (
      <main className="mx-auto max-w-2xl px-6 py-16 text-center">
        <h1 className="text-2xl font-bold">Nothing imported in this tab</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">Imported output stays in the browser tab it was pasted into. Paste kafka-log-dirs output to see its balance.</p>
        <Link href="/import" className="mt-6 inline-block rounded bg-zinc-900 px-4 py-2 font-medium text-white dark:bg-zinc-100 dark:text-zinc-900">
          Import output
        </Link>
      </main>
    );
  }
  const data = imported.state === "ready" ? imported.data : null;
  const failure = imported.state === "error" ? { message: imported.message } : null;
  return <OverviewView data={data} mode="import" failure={failure} shareable origin={IMPORTED} />;
}
