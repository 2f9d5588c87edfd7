import type { Metadata } from "next";
import { ImportForm } from "@/components/import/import-form";
import { PageHeader } from "@/components/shell/page-header";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const metadata: Metadata = { title: "Import" };

/** Offline import: paste or upload tool output; the result opens in the overview. */
export default function ImportPage() {
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title="Import Kafka tool output"
        subtitle="No access to the cluster from here? Paste what the Kafka CLI prints and see its broker and disk balance. The import stays in this browser tab."
      />
      <ImportForm />
      <section aria-labelledby="import-how" className="max-w-4xl rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800">
        <h2 id="import-how" className="mb-2 font-semibold">
          Where the output comes from
        </h2>
        <p className="mb-2 text-zinc-700 dark:text-zinc-300">Run these against any broker (add --command-config for a secured cluster) and paste or upload the files:</p>
        <ScrollRegion label="Commands that print the output" className="rounded bg-zinc-100 dark:bg-zinc-900">
          <pre className="p-3 font-mono text-xs">
            {
              "kafka-log-dirs.sh --bootstrap-server broker:9092 --describe > log-dirs.txt\nkafka-topics.sh --bootstrap-server broker:9092 --describe > topics.txt\nkafka-configs.sh --bootstrap-server broker:9092 --describe --all --entity-type brokers > configs.txt\nkafka-configs.sh --bootstrap-server broker:9092 --describe --entity-type topics >> configs.txt"
            }
          </pre>
        </ScrollRegion>
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">
          kafka-log-dirs prints each replica&apos;s size but not the disk&apos;s capacity, so an import shows bytes and partition counts per log dir; utilisation stays unknown.
          Without the kafka-topics output, leaders, replica order and the reassignments in flight are unknown too; without the kafka-configs output, the throttles, racks and
          cordoned dirs are. The overview says &quot;unknown&quot; for each, never &quot;none&quot;.
        </p>
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">
          Paste the terminal as it is: Kafka&apos;s own log lines, SLF4J and log4j warnings and shell prompts are skipped (the import says how many), a failed run is named as such,
          several runs of kafka-log-dirs (one per --broker-list or --topic-list) merge, and files PowerShell wrote in UTF-16 are read. A --topic-list run covers only its topics:
          the overview then says its skew figures are of those topics only.
        </p>
      </section>
    </div>
  );
}
