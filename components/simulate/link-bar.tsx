"use client";
/**
 * The run's link: small scenarios live in the address bar (the page keeps it up to date after every
 * run), so copying the URL reproduces the run exactly. A scenario too large for a link, one that
 * starts from a snapshot imported in this tab, or one on the current source (which a link re-reads)
 * is stored as a snapshot link with "Share this run" in the page's header, with its redaction choices.
 */
import { useState } from "react";
import { formatCount } from "@/lib/model/format";
import { MAX_LINK_CHARS } from "@/lib/simulate/scenario-url";
import type { LinkState } from "@/lib/view/simulate/run-link";

const BUTTON =
  "rounded border border-zinc-300 px-2.5 py-1 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

export function LinkBar({ link }: { link: LinkState }) {
  const [status, setStatus] = useState<string>("");

  const copy = async (href: string) => {
    const url = new URL(href, window.location.href).toString();
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Link copied.");
    } catch {
      setStatus(`Copy this link: ${url}`);
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
          <span className="text-zinc-600 dark:text-zinc-400">
            {link.current ? "Opening it re-reads the current cluster; Share this run (above) freezes it as a snapshot link." : "The link reproduces this run exactly."}
          </span>
        </>
      ) : (
        <span className="text-zinc-600 dark:text-zinc-400">
          {link.kind === "imported"
            ? "This run starts from a snapshot imported in this tab, which a plain link cannot carry"
            : `This scenario needs ${formatCount(link.chars)} characters, more than a link holds (${formatCount(MAX_LINK_CHARS)})`}
          : Share this run (above) stores it as a snapshot link.
        </span>
      )}
      <span role="status" aria-live="polite" className="text-zinc-600 dark:text-zinc-400">
        {status}
      </span>
    </div>
  );
}
