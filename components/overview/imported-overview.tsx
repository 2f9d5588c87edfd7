"use client";
/** The overview of the snapshot imported in this browser tab (kept in sessionStorage). */
import Link from "next/link";
import { useMemo } from "react";
import { useImportedSnapshot } from "@/lib/client/imported-snapshot";
import type { SnapshotOrigin } from "@/lib/share/origin";
import { PageHeader, PRIMARY_ACTION_CLASS } from "@/components/shell/page-header";
import { localOverviewData } from "./overview-data";
import { OverviewView } from "./overview-view";

const IMPORTED: SnapshotOrigin = { kind: "imported" };

export function ImportedOverview() {
  const imported = useImportedSnapshot();
  const ready = imported.state === "ready" ? imported.data : null;
  const data = useMemo(() => (ready ? localOverviewData(ready) : null), [ready]);
  if (imported.state === "empty") {
    return (
      <div className="flex flex-col gap-5">
        <PageHeader title="Nothing imported in this tab" subtitle="Imported output stays in the browser tab it was pasted into." />
        <div className="flex flex-col items-start gap-4">
          <p className="max-w-prose text-zinc-700 dark:text-zinc-300">
            Paste kafka-log-dirs output (and, if you have it, kafka-topics output) to see its broker and disk balance here.
          </p>
          <Link href="/import" className={PRIMARY_ACTION_CLASS}>
            Import output
          </Link>
        </div>
      </div>
    );
  }
  const failure = imported.state === "error" ? { title: "The imported snapshot cannot be shown", message: imported.message } : null;
  return <OverviewView data={data} mode="import" failure={failure} shareable origin={IMPORTED} />;
}
