import Link from "next/link";
import type { Metadata } from "next";
import { ImportForm } from "@/components/import/import-form";

export const metadata: Metadata = { title: "Import · Kafka Balance" };

/** Offline import: paste or upload tool output; the result opens in the overview. */
export default function ImportPage() {
  return (
    <main className="mx-auto flex max-w-[120rem] flex-col gap-5 px-4 py-5 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 pb-4 dark:border-zinc-800">
        <div>
          <h1 className="text-2xl font-bold">Import Kafka tool output</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No access to the cluster from here? Paste what the Kafka CLI prints and see its broker and disk balance. The import stays in this browser tab.</p>
        </div>
        <Link href="/" className="rounded border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
          Back to the current cluster
        </Link>
      </header>
      <ImportForm />
    </main>
  );
}
