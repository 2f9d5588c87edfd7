import Link from "next/link";
import type { Metadata } from "next";
import { ImportForm } from "@/components/import/import-form";
import { ScrollRegion } from "@/components/ui/scroll-region";

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
      <section aria-labelledby="import-how" className="max-w-4xl rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800">
        <h2 id="import-how" className="mb-2 font-semibold">
          Where the output comes from
        </h2>
        <p className="mb-2 text-zinc-700 dark:text-zinc-300">Run these against any broker (add --command-config for a secured cluster) and paste or upload the files:</p>
        <ScrollRegion label="Commands that print the output" className="rounded bg-zinc-100 dark:bg-zinc-900">
          <pre className="p-3 font-mono text-xs">{"kafka-log-dirs.sh --bootstrap-server broker:9092 --describe > log-dirs.txt\nkafka-topics.sh --bootstrap-server broker:9092 --describe > topics.txt"}</pre>
        </ScrollRegion>
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">
          kafka-log-dirs prints each replica&apos;s size but not the disk&apos;s capacity, so an import shows bytes and partition counts per log dir; utilisation stays unknown. Without the kafka-topics output, leaders and replica order are unknown too.
        </p>
      </section>
    </main>
  );
}
