"use client";
/**
 * "Share": choose what to hide, create a read-only link (POST /api/snapshots), copy it, show it.
 * A Radix popover: placed beside its button and kept inside the viewport (it flips and shifts at the
 * edges), focus moves into it and back to the button when it closes (Escape, a click outside, Close).
 *
 * Host names are hidden unless the sharer unticks the box: a link tends to travel further than
 * intended. The options are applied on the server before anything is stored (lib/links/redact),
 * so what the server keeps is exactly what the recipient sees. Changing an option after a link was
 * made clears it, so the link on screen always matches the boxes.
 *
 * `getRequest` runs on "Create link" (and may fetch first, as the simulator does for its base), so a
 * large snapshot is serialised only when someone actually shares it.
 */
import * as Popover from "@radix-ui/react-popover";
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "@/lib/client/fetch-json";
import { absoluteLink, createShareLink } from "@/lib/client/snapshot-links";
import { DEFAULT_SHARING, type Sharing } from "@/lib/share/record";
import type { ShareRequestInput } from "@/lib/share/request";
import { copyText } from "./copy-text";

/** What to share, built when the link is made; null when there is nothing to share yet (the button is disabled). */
export type ShareRequestSource = () => ShareRequestInput | Promise<ShareRequestInput>;

interface Props {
  getRequest: ShareRequestSource | null;
  label?: string;
  className?: string;
}

type Status = { kind: "idle" } | { kind: "creating" } | { kind: "done"; link: string; copied: boolean; notices: string[] } | { kind: "error"; message: string };

export const actionButton =
  "rounded border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 disabled:opacity-60 data-[state=open]:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800 dark:data-[state=open]:bg-zinc-800";
const small =
  "rounded border border-zinc-300 px-2.5 py-1 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

export function ShareButton({ getRequest, label = "Share", className = "" }: Props) {
  const [open, setOpen] = useState(false);
  const [sharing, setSharing] = useState<Sharing>(DEFAULT_SHARING);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const titleId = useId();
  const linkRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (status.kind === "done") linkRef.current?.select();
  }, [status]);

  function choose(next: Partial<Sharing>) {
    setSharing((s) => ({ ...s, ...next }));
    setStatus({ kind: "idle" });
  }

  async function create() {
    if (!getRequest) return;
    setStatus({ kind: "creating" });
    try {
      const request = await getRequest();
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
    <Popover.Root open={open} onOpenChange={setOpen} modal>
      <span className={`inline-flex ${className}`} data-share>
        <Popover.Trigger type="button" className={actionButton} disabled={!getRequest} data-share-button>
          {label}
        </Popover.Trigger>
      </span>
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={titleId}
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-h-[var(--radix-popover-content-available-height)] w-[26rem] max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border border-zinc-200 bg-white p-4 text-sm text-zinc-900 shadow-lg focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          data-share-panel
        >
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="font-semibold">
              Share a read-only link
            </h2>
            <Popover.Close
              className="-mt-1 -mr-1 rounded px-2 py-0.5 text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-400 dark:hover:bg-zinc-800"
              aria-label="Close"
            >
              ✕
            </Popover.Close>
          </div>
          <p className="mt-1 text-zinc-600 dark:text-zinc-400">
            Anyone with the link can open this view. The data is stored on this Kafka Balance server; credentials are never part of it.
          </p>
          <fieldset className="mt-3 flex flex-col gap-2">
            <legend className="sr-only">What to hide</legend>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0"
                checked={sharing.redactHosts}
                onChange={(e) => choose({ redactHosts: e.target.checked })}
                data-share-redact-hosts
              />
              <span>
                Hide host names
                <span className="block text-zinc-600 dark:text-zinc-400">Broker hosts and ports, bootstrap servers and addresses in error texts.</span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0"
                checked={sharing.hashTopics}
                onChange={(e) => choose({ hashTopics: e.target.checked })}
                data-share-hash-topics
              />
              <span>
                Replace topic names with hashes
                <span className="block text-zinc-600 dark:text-zinc-400">
                  Each name becomes topic-&lt;hash&gt;, the same everywhere in this link; Kafka&apos;s internal topics keep their names.
                </span>
              </span>
            </label>
          </fieldset>
          <div className="mt-3 flex items-center gap-2">
            <button type="button" className={small} onClick={() => void create()} disabled={status.kind === "creating"} data-share-create>
              {status.kind === "creating" ? "Creating…" : status.kind === "done" ? "Create another link" : "Create link"}
            </button>
          </div>
          {status.kind === "done" ? (
            <div className="mt-3 flex gap-2">
              <label className="flex min-w-0 flex-1">
                <span className="sr-only">Link</span>
                <input
                  ref={linkRef}
                  readOnly
                  value={status.link}
                  className="min-w-0 flex-1 rounded border border-zinc-300 bg-zinc-50 px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
                  onFocus={(e) => e.target.select()}
                  data-share-link
                />
              </label>
              <button type="button" className={small} onClick={() => void copyAgain()}>
                Copy
              </button>
            </div>
          ) : null}
          <p
            role="status"
            aria-live="polite"
            className={status.kind === "error" ? "mt-2 text-red-700 dark:text-red-300" : "mt-2 text-zinc-600 dark:text-zinc-400"}
            data-share-status={status.kind}
          >
            {status.kind === "done"
              ? [status.copied ? "Link copied to the clipboard." : "The clipboard is not available here: copy the selected link by hand.", ...status.notices].join(" ")
              : status.kind === "error"
                ? status.message
                : ""}
          </p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
