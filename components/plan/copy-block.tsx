"use client";
/**
 * A block of text (JSON, commands) with Copy and, optionally, Download. Long lines wrap with a hanging
 * indent, so a phone reads each command whole and sees where the next one starts. `mime`: the
 * download's type (JSON unless said); `collapsed`: the text is behind a "Show" toggle (a long script).
 */
import { useState } from "react";

export function CopyBlock({
  id,
  title,
  text,
  download,
  mime = "application/json",
  collapsed = false,
}: {
  id: string;
  title: string;
  text: string;
  download?: string;
  mime?: string;
  collapsed?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const [open, setOpen] = useState(false);
  const pre = (
    <pre id={id} tabIndex={0} className="max-h-48 overflow-auto rounded bg-zinc-100 p-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere] dark:bg-zinc-900">
      {text.split("\n").map((line, i, lines) => (
        // A hanging indent: where a long command wraps, its continuation is indented under it.
        <span key={i} className="block pl-[2ch] -indent-[2ch]">
          {line}
          {i < lines.length - 1 ? "\n" : null}
        </span>
      ))}
    </pre>
  );
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h4 id={`${id}-title`} className="text-sm font-semibold">
          {title}
        </h4>
        <div className="flex gap-2">
          <button
            type="button"
            className="rounded border border-zinc-300 px-2 py-0.5 text-xs dark:border-zinc-700"
            onClick={() => {
              void navigator.clipboard?.writeText(text).then(() => setCopied(true));
            }}
          >
            {copied ? "Copied" : "Copy"}
          </button>
          {download ? (
            <a
              className="rounded border border-zinc-300 px-2 py-0.5 text-xs dark:border-zinc-700"
              download={download}
              href={`data:${mime};charset=utf-8,${encodeURIComponent(text)}`}
            >
              Download
            </a>
          ) : null}
        </div>
      </div>
      {collapsed ? (
        // The text is drawn only once opened: a long script stays out of the page until asked for.
        <details onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary className="cursor-pointer text-xs">Show</summary>
          {open ? pre : null}
        </details>
      ) : (
        pre
      )}
    </section>
  );
}
