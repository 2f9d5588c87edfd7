"use client";
/**
 * The run's link: small scenarios live in the address bar (the page keeps it up to date after every
 * run), so copying the URL reproduces the run exactly. A scenario too large for a link, or one that
 * starts from a snapshot imported in this tab, is shared as a snapshot link instead.
 */
import { useState } from "react";
import { errorMessage } from "@/lib/hooks/fetch-json";
import { formatCount } from "@/lib/model/format";
import { MAX_LINK_CHARS } from "@/lib/simulate/scenario-url";
import type { LinkState } from "@/lib/view/run-link";


interface Props {
  link: LinkState;
  /** Stores the scenario with its base snapshot as a snapshot link (POST /api/snapshots) and answers its URL. */
  share: () => Promise<{ url: string }>;
}

const BUTTON = "rounded border border-zinc-300 px-2.5 py-1 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

export function LinkBar({ link, share }: Props) {
  const [status, setStatus] = useState<string>("");
  const [shared, setShared] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const copy = async (href: string) => {
    const url = new URL(href, window.location.href).toString();
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Link copied.");
    } catch {
      setStatus(`Copy this link: ${url}`);
    }
  };

  const makeSnapshotLink = async () => {
    setBusy(true);
    setStatus("Storing a snapshot link…");
    try {
      const { url } = await share();
      setShared(url);
      setStatus("Snapshot link ready.");
    } catch (error) {
      setStatus(`Could not store a snapshot link: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  if (link.kind === "none") return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-link-bar={link.kind}>
      {link.kind === "link" ? (
        <>
          <button type="button" className={BUTTON} onClick={() => void copy(link.href)} data-copy-link>
            Copy link to this run
          </button>
          <span className="text-zinc-600 dark:text-zinc-400">{link.current ? "Opening it re-reads the current cluster; a snapshot link freezes it." : "The link reproduces this run exactly."}</span>
        </>
      ) : (
        <span className="text-zinc-600 dark:text-zinc-400">
          {link.kind === "imported" ? "This run starts from a snapshot imported in this tab, which a plain link cannot carry." : `This scenario needs ${formatCount(link.chars)} characters, more than a link holds (${formatCount(MAX_LINK_CHARS)}).`}
        </span>
      )}
      {link.kind !== "link" || link.current ? (
        <button type="button" className={BUTTON} onClick={() => void makeSnapshotLink()} disabled={busy} data-share-snapshot>
          {busy ? "Storing…" : "Share as snapshot link"}
        </button>
      ) : null}
      {shared ? (
        <a href={shared} className="font-medium text-blue-700 underline dark:text-blue-400">
          {shared}
        </a>
      ) : null}
      <span role="status" aria-live="polite" className="text-zinc-600 dark:text-zinc-400">
        {status}
      </span>
    </div>
  );
}
