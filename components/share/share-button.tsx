"use client";
/**
 * "Share": choose what to hide, create a read-only link (POST /api/snapshots), copy it, show it.
 *
 * Host names are hidden unless the sharer unticks the box: a link tends to travel further than
 * intended. The options are applied on the server before anything is stored (lib/snapshots/redact),
 * so what the server keeps is exactly what the recipient sees. Changing an option after a link was
 * made clears it, so the link on screen always matches the boxes.
 *
 * Usage on any page: `<ShareButton getRequest={() => ({ kind: "snapshot", snapshot })} />`, or kind
 * "scenario" / "plan" (see lib/snapshots/request.ts). `getRequest` runs on "Create link", so a large
 * snapshot is serialised only when someone actually shares it.
 */
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "@/lib/hooks/fetch-json";
import { absoluteLink, createShareLink } from "@/lib/hooks/snapshot-links";
import { DEFAULT_SHARING, type Sharing } from "@/lib/snapshots/record";
import type { ShareRequestInput } from "@/lib/snapshots/request";
import { copyText } from "./copy-text";

interface Props {
  /** What to share; null when there is nothing to share yet (the button is disabled). */
  getRequest: (() => ShareRequestInput | null) | null;
  label?: string;
  className?: string;
}

type Status = { kind: "idle" } | { kind: "creating" } | { kind: "done"; link: string; copied: boolean; notices: string[] } | { kind: "error"; message: string };

const button = "rounded border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

export function ShareButton({ getRequest, label = "Share", className = "" }: Props) {
  const [open, setOpen] = useState(false);
  const [sharing, setSharing] = useState<Sharing>(DEFAULT_SHARING);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) firstFieldRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  useEffect(() => {
    if (status.kind === "done") linkRef.current?.select();
  }, [status]);

  function choose(next: Partial<Sharing>) {
    setSharing((s) => ({ ...s, ...next }));
    setStatus({ kind: "idle" });
  }

  async function create() {
    const request = getRequest?.();
    if (!request) return;
    setStatus({ kind: "creating" });
    try {
      const { url, notices = [] } = await createShareLink({ ...request, sharing });
      const link = absoluteLink(url, window.location.origin);
      setStatus({ kind: "done", link, copied: await copyText(link), notices });
    } catch (error) {
      setStatus({ kind: "error", message: errorMessage(error) });
    }
  }

  async function copyAgain() {
    if (status.kind !== "done") return;
    setStatus({ ...status, copied: await copyText(status.link) });
  }

  return (
    <div ref={rootRef} className={`relative ${className}`} data-share>
      <button
        ref={toggleRef}
        type="button"
        className={button}
        disabled={!getRequest}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-share-button
      >
        {label}
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label="Share a read-only link"
          className="absolute right-0 z-30 mt-2 w-[26rem] max-w-[90vw] rounded-lg border border-zinc-200 bg-white p-4 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              setOpen(false);
              toggleRef.current?.focus();
            }
          }}
          data-share-panel
        >
          <h2 className="font-semibold">Share a read-only link</h2>
          <p className="mt-1 text-zinc-600 dark:text-zinc-400">Anyone with the link can open this view. The data is stored on this Kafka Balance server; credentials are never part of it.</p>
          <fieldset className="mt-3 flex flex-col gap-2">
            <legend className="sr-only">What to hide</legend>
            <label className="flex items-start gap-2">
              <input ref={firstFieldRef} type="checkbox" className="mt-0.5 h-4 w-4" checked={sharing.redactHosts} onChange={(e) => choose({ redactHosts: e.target.checked })} data-share-redact-hosts />
              <span>
                Hide host names
                <span className="block text-zinc-600 dark:text-zinc-400">Broker hosts and ports, bootstrap servers and addresses in error texts.</span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input type="checkbox" className="mt-0.5 h-4 w-4" checked={sharing.hashTopics} onChange={(e) => choose({ hashTopics: e.target.checked })} data-share-hash-topics />
              <span>
                Replace topic names with hashes
                <span className="block text-zinc-600 dark:text-zinc-400">Each name becomes topic-&lt;hash&gt;, the same everywhere in this link; Kafka&apos;s internal topics keep their names.</span>
              </span>
            </label>
          </fieldset>
          <div className="mt-3 flex items-center gap-2">
            <button type="button" className={button} onClick={() => void create()} disabled={status.kind === "creating"} data-share-create>
              {status.kind === "creating" ? "Creating…" : status.kind === "done" ? "Create another link" : "Create link"}
            </button>
          </div>
          {status.kind === "done" ? (
            <div className="mt-3 flex flex-col gap-1">
              <label className="flex gap-2">
                <span className="sr-only">Link</span>
                <input ref={linkRef} readOnly value={status.link} className="min-w-0 flex-1 rounded border border-zinc-300 bg-zinc-50 px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950" onFocus={(e) => e.target.select()} data-share-link />
                <button type="button" className={button} onClick={() => void copyAgain()}>
                  Copy
                </button>
              </label>
            </div>
          ) : null}
          <p role="status" aria-live="polite" className={status.kind === "error" ? "mt-2 text-red-700 dark:text-red-300" : "mt-2 text-zinc-600 dark:text-zinc-400"} data-share-status={status.kind}>
            {status.kind === "done" ? [status.copied ? "Link copied to the clipboard." : "The clipboard is not available here: copy the selected link by hand.", ...status.notices].join(" ") : status.kind === "error" ? status.message : ""}
          </p>
        </div>
      ) : null}
    </div>
  );
}
