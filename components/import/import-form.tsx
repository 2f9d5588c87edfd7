"use client";
/**
 * Paste or upload `kafka-log-dirs.sh --describe` output (and optionally `kafka-topics.sh --describe` and
 * `kafka-configs.sh --describe` for brokers and topics),
 * send it to `POST /api/import`, and open the result in the overview. Errors are listed under the
 * box they are about, quoting the offending line, with a button that selects it in the box; editing,
 * clearing or uploading into a box takes its errors away (they described the text it had).
 */
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { FetchError, errorMessage } from "@/lib/client/fetch-json";
import { saveImported } from "@/lib/client/imported-snapshot";
import { loadSampleOutputs, useImport } from "@/lib/client/use-import";
import { groupImportIssues, issuesAfterEdit, type ImportField, type IssueItem, type PasteField } from "@/lib/view/import/import-issues";
import { LineNumberedInput, type LineInputHandle } from "./line-numbered-input";

const LOG_DIRS_HINT = (
  <>
    The whole output of <code className="font-mono">kafka-log-dirs.sh --bootstrap-server … --describe</code>, preamble lines included. Several runs (one per broker) may be pasted
    one after another.
  </>
);
const TOPICS_HINT = (
  <>
    Output of <code className="font-mono">kafka-topics.sh --bootstrap-server … --describe</code>: adds leaders, ISR, replica order and the reassignments in flight.
  </>
);
const CONFIGS_HINT = (
  <>
    Output of <code className="font-mono">kafka-configs.sh --bootstrap-server … --describe --all --entity-type brokers</code> and of{" "}
    <code className="font-mono">… --describe --entity-type topics</code>, one after the other: adds throttle rates and lists, racks (broker.rack) and cordoned dirs. Without it they
    are unknown. Without <code className="font-mono">--all</code> the rates still come through, racks and cordons do not.
  </>
);

export function ImportForm() {
  const router = useRouter();
  const [logDirs, setLogDirs] = useState("");
  const [topics, setTopics] = useState("");
  const [configs, setConfigs] = useState("");
  const [label, setLabel] = useState("");
  const [issues, setIssues] = useState<Record<ImportField, IssueItem[]> | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [stored, setStored] = useState<boolean | null>(null);
  const { trigger, isMutating } = useImport();
  const inputs = { logDirs: useRef<LineInputHandle>(null), topics: useRef<LineInputHandle>(null), configs: useRef<LineInputHandle>(null) };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setIssues(null);
    setMessage(null);
    try {
      const answer = await trigger({ logDirs, topics: topics.trim() ? topics : undefined, configs: configs.trim() ? configs : undefined, label: label.trim() || undefined });
      setStored(saveImported(answer.snapshot, answer.report));
      router.push("/import/overview");
    } catch (error) {
      setMessage(errorMessage(error));
      if (error instanceof FetchError && error.issues.length > 0) setIssues(groupImportIssues(error.issues, { logDirs, topics, configs }));
    }
  }

  /** An edit makes the errors about that box stale: they go, so a cleared or replaced input shows none. */
  function edit(field: PasteField, value: string) {
    ({ logDirs: setLogDirs, topics: setTopics, configs: setConfigs })[field](value);
    setIssues((prev) => issuesAfterEdit(prev, field));
    setMessage(null);
  }

  async function loadSample() {
    const sample = await loadSampleOutputs();
    setLogDirs(sample.logDirs);
    setTopics(sample.topics);
    // The sample has no kafka-configs output: a paste left from another cluster would not match it.
    setConfigs("");
    setIssues(null);
    setMessage(null);
  }

  const lines = (field: PasteField) => (issues?.[field] ?? []).map((i) => i.line).filter((l): l is number => l !== null);

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-6" aria-describedby={message ? "import-error" : undefined}>
      {message ? (
        <div
          id="import-error"
          role="alert"
          className="rounded border border-red-400 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
          data-import-error
        >
          <p className="font-semibold">The output could not be imported.</p>
          <p>{message}</p>
          {issues?.other.length ? <IssueList items={issues.other} /> : null}
        </div>
      ) : null}
      {stored === false ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">The browser storage is full: the import is kept in memory only and is lost on reload.</p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <LineNumberedInput
            ref={inputs.logDirs}
            id="logDirs"
            label="kafka-log-dirs output"
            hint={LOG_DIRS_HINT}
            value={logDirs}
            onChange={(v) => edit("logDirs", v)}
            errorLines={lines("logDirs")}
            describedBy={issues?.logDirs.length ? "logDirs-issues" : undefined}
            required
            placeholder={'Querying brokers for log directories information\nReceived log directory information from brokers 1,2,3\n{"brokers":[…],"version":1}'}
          />
          {issues?.logDirs.length ? <IssueList id="logDirs-issues" items={issues.logDirs} onReveal={(l) => inputs.logDirs.current?.revealLine(l)} /> : null}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <LineNumberedInput
            ref={inputs.topics}
            id="topics"
            label="kafka-topics output"
            hint={TOPICS_HINT}
            value={topics}
            onChange={(v) => edit("topics", v)}
            errorLines={lines("topics")}
            describedBy={issues?.topics.length ? "topics-issues" : undefined}
            placeholder={"Topic: orders\tTopicId: …\tPartitionCount: 30\tReplicationFactor: 2\tConfigs:\n\tTopic: orders\tPartition: 0\tLeader: 1\tReplicas: 1,2\tIsr: 1,2"}
          />
          {issues?.topics.length ? <IssueList id="topics-issues" items={issues.topics} onReveal={(l) => inputs.topics.current?.revealLine(l)} /> : null}
        </div>
        <div className="flex min-w-0 flex-col gap-2 xl:col-span-2">
          <LineNumberedInput
            ref={inputs.configs}
            id="configs"
            label="kafka-configs output (optional)"
            hint={CONFIGS_HINT}
            value={configs}
            onChange={(v) => edit("configs", v)}
            errorLines={lines("configs")}
            describedBy={issues?.configs.length ? "configs-issues" : undefined}
            placeholder={
              "All configs for broker 1 are:\n  broker.rack=eu-west-1a sensitive=false synonyms={STATIC_BROKER_CONFIG:broker.rack=eu-west-1a}\n  leader.replication.throttled.rate=10000000 sensitive=false synonyms={DYNAMIC_BROKER_CONFIG:…}\nDynamic configs for topic orders are:"
            }
          />
          {issues?.configs.length ? <IssueList id="configs-issues" items={issues.configs} onReveal={(l) => inputs.configs.current?.revealLine(l)} /> : null}
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">Label (optional)</span>
          <input
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={200}
            placeholder="prod-eu, 2026-01-05"
            className="w-72 rounded border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-700 dark:bg-zinc-950"
          />
        </label>
        <button
          type="submit"
          disabled={isMutating || logDirs.trim() === ""}
          className="rounded bg-zinc-900 px-5 py-2 font-semibold text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900"
          data-import-submit
        >
          {isMutating ? "Importing…" : "Import and open the overview"}
        </button>
        <button
          type="button"
          onClick={() => void loadSample()}
          className="rounded border border-zinc-300 px-4 py-2 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
          data-load-sample
        >
          Load a sample
        </button>
      </div>
    </form>
  );
}

function IssueList({ id, items, onReveal }: { id?: string; items: IssueItem[]; onReveal?: (line: number) => void }) {
  return (
    <ul id={id} className="space-y-1.5 text-sm" aria-label="Problems in this input" data-issues={id ?? "other"}>
      {items.map((item, i) => (
        <li
          key={`${item.line}-${i}`}
          className="rounded border-l-4 border-red-600 bg-red-50 px-2 py-1 text-red-900 dark:bg-red-950/40 dark:text-red-200"
          data-issue-line={item.line ?? ""}
        >
          <span>{item.text}</span>
          {item.line !== null && onReveal ? (
            <button type="button" onClick={() => onReveal(item.line!)} className="ml-2 underline underline-offset-2">
              Show line {item.line}
            </button>
          ) : null}
          {item.excerpt ? <code className="mt-0.5 block truncate font-mono text-xs opacity-80">{item.excerpt}</code> : null}
        </li>
      ))}
    </ul>
  );
}
