import type { Metadata } from "next";
import { ImportForm } from "@/components/import/import-form";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Import" };

/** Offline import: paste or upload tool output; the result opens in the overview. */
export default function ImportPage() {
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title="Import Kafka tool output" subtitle="No access to the cluster from here? Paste what the Kafka CLI prints and see its broker and disk balance. The import stays in this browser tab." />
      <ImportForm />
      <section aria-labelledby="import-how" className="max-w-4xl rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800">
        <h2 id="import-how" className="mb-2 font-semibold">
          Where the output comes from
        </h2>
        <p className="mb-2 text-zinc-700 dark:text-zinc-300">Run these against any broker (add --command-config for a secured cluster) and paste or upload the files:</p>
        {/* Focusable: a keyboard user scrolls the long command lines sideways on a narrow screen. */}
        <pre tabIndex={0} className="overflow-x-auto rounded bg-zinc-100 p-3 font-mono text-xs dark:bg-zinc-900">
          {"kafka-log-dirs.sh --bootstrap-server broker:9092 --describe > log-dirs.txt\nkafka-topics.sh --bootstrap-server broker:9092 --describe > topics.txt"}
        </pre>
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">
          kafka-log-dirs prints each replica&apos;s size but not the disk&apos;s capacity, so an import shows bytes and partition counts per log dir; utilisation stays unknown. Without the kafka-topics output, leaders and replica order are unknown too.
        </p>
      </section>
    </div>
  );
}
