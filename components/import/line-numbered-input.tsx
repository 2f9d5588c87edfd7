"use client";
/**
 * A textarea with a line-number gutter that marks the lines an import error points at, plus an
 * upload button that loads a file into it. Lines never wrap, so line N is always N rows down.
 */
import { forwardRef, useImperativeHandle, useRef, useState, type ReactNode } from "react";
import { lineRange } from "@/lib/view/import/import-issues";
import { decodeUpload } from "@/lib/import/text-encoding";

/** 20 px: the textarea's line height (leading-5); the gutter and the error marks rely on it. */
const LINE_H = 20;
/** Past this many lines the gutter stops numbering: a 100k-line paste should not build a 100k-line string per keystroke. */
const MAX_NUMBERED = 20_000;

export interface LineInputHandle {
  revealLine(line: number): void;
}

interface Props {
  id: string;
  label: string;
  hint: ReactNode;
  value: string;
  onChange: (value: string) => void;
  errorLines: readonly number[];
  describedBy?: string;
  required?: boolean;
  placeholder?: string;
}

export const LineNumberedInput = forwardRef<LineInputHandle, Props>(function LineNumberedInput(
  { id, label, hint, value, onChange, errorLines, describedBy, required, placeholder },
  ref,
) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [scroll, setScroll] = useState(0);
  /** What the last upload's bytes were when not plain UTF-8: decoded from UTF-16, or refused and why. */
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const lineCount = value === "" ? 1 : value.split("\n").length;
  const numbered = Math.min(lineCount, MAX_NUMBERED);
  const gutter = Array.from({ length: numbered }, (_, i) => i + 1).join("\n");

  useImperativeHandle(ref, () => ({
    revealLine(line: number) {
      const el = area.current;
      const range = lineRange(value, line);
      if (!el || !range) return;
      el.focus();
      el.setSelectionRange(range.start, range.end);
      el.scrollTop = Math.max(0, (line - 3) * LINE_H);
      setScroll(el.scrollTop);
    },
  }));

  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    // Decoded by what the bytes are (UTF-8, or UTF-16 as PowerShell's `>` writes it), not as UTF-8 always.
    const decoded = decodeUpload(new Uint8Array(await file.arrayBuffer()));
    setUploadProblem(decoded.ok ? decoded.note : `${file.name}: ${decoded.message}`);
    if (decoded.ok) onChange(decoded.text);
    // Cleared, so choosing the same file again (after editing the box) loads it again.
    input.value = "";
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="font-semibold">
          {label}
          {required ? null : <span className="ml-1 text-sm font-normal text-zinc-600 dark:text-zinc-400">(optional)</span>}
        </label>
        {/* Each upload has its own name and label: two identical "Upload a file…" controls cannot be told apart by a screen reader. */}
        <label className="cursor-pointer rounded border border-zinc-300 px-2.5 py-1 text-sm hover:bg-zinc-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 dark:border-zinc-700 dark:hover:bg-zinc-800">
          Upload a file…<span className="sr-only"> with the {label}</span>
          <input
            type="file"
            name={`${id}-file`}
            accept=".txt,.json,.log,text/plain,application/json"
            className="sr-only"
            onChange={(e) => void upload(e.currentTarget)}
            data-upload={id}
          />
        </label>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{hint}</p>
      {uploadProblem ? (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-300" data-upload-note={id}>
          {uploadProblem}
        </p>
      ) : null}
      <div
        className={`relative flex h-72 overflow-hidden rounded border font-mono text-xs leading-5 ${errorLines.length ? "border-red-500" : "border-zinc-300 dark:border-zinc-700"}`}
      >
        <div aria-hidden className="relative w-12 shrink-0 overflow-hidden bg-zinc-50 text-right text-zinc-400 select-none dark:bg-zinc-900 dark:text-zinc-500">
          <pre className="px-2 py-2" style={{ transform: `translateY(${-scroll}px)` }}>
            {gutter}
          </pre>
          {errorLines.map((line) => (
            <div key={line} className="absolute right-0 left-0 bg-red-600/80 px-2 text-white" style={{ top: 8 + (line - 1) * LINE_H - scroll, height: LINE_H }}>
              {line}
            </div>
          ))}
        </div>
        <textarea
          ref={area}
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onScroll={(e) => setScroll(e.currentTarget.scrollTop)}
          wrap="off"
          spellCheck={false}
          required={required}
          placeholder={placeholder}
          aria-invalid={errorLines.length > 0 || undefined}
          aria-describedby={describedBy}
          className="h-full min-w-0 flex-1 resize-none bg-white p-2 leading-5 whitespace-pre outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-inset dark:bg-zinc-950"
          data-input={id}
        />
        {errorLines.map((line) => (
          <div
            key={`band-${line}`}
            aria-hidden
            className="pointer-events-none absolute right-0 left-12 bg-red-500/15"
            style={{ top: 8 + (line - 1) * LINE_H - scroll, height: LINE_H }}
          />
        ))}
      </div>
    </div>
  );
});
