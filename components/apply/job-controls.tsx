"use client";
/**
 * Pause, Resume and Cancel (behind its confirmation) for the job, as far as its state allows
 * (lib/view/apply/apply-job.ts jobControls), and the throttle form. Each sends the write token typed in
 * the panel; without one the controls say so instead of failing on the server.
 */
import type { JobRates } from "@/lib/plan/job-model";
import type { ApplyAction } from "@/lib/client/use-apply-job";
import type { JobControls as Controls } from "@/lib/view/apply/apply-job";
import { CancelDialog } from "./cancel-dialog";
import { ThrottleForm } from "./throttle-form";

const BUTTON =
  "rounded border border-zinc-300 px-4 py-1.5 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

interface Props {
  controls: Controls;
  /** A write token has been typed. */
  hasToken: boolean;
  /** A request is on its way. */
  busy: boolean;
  rates: JobRates;
  cancelConsequences: string[];
  onAction: (action: ApplyAction) => void;
  onThrottle: (rates: Partial<JobRates>) => Promise<void>;
}

export function JobControls({ controls, hasToken, busy, rates, cancelConsequences, onAction, onThrottle }: Props) {
  const off = busy || !hasToken;
  return (
    <div className="grid gap-3 rounded border border-zinc-200 p-3 dark:border-zinc-800" data-job-controls>
      <div role="group" aria-label="Job controls" className="flex flex-wrap items-center gap-2">
        <button type="button" className={BUTTON} disabled={off || !controls.pause} onClick={() => onAction("pause")} data-job-control="pause">
          Pause after this batch
        </button>
        <button type="button" className={BUTTON} disabled={off || !controls.resume} onClick={() => onAction("resume")} data-job-control="resume">
          Resume
        </button>
        <CancelDialog consequences={cancelConsequences} disabled={off || !controls.cancel} onConfirm={() => onAction("cancel")} />
      </div>
      {controls.note ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{controls.note}</p>
      ) : !hasToken ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">Type the write token above to pause, resume, cancel or change the throttle.</p>
      ) : null}
      {controls.throttle ? (
        // Keyed by the rates in force: a change made elsewhere refills the fields.
        <ThrottleForm key={`${rates.replicationBytesPerSecond}-${rates.alterLogDirsBytesPerSecond}`} rates={rates} disabled={off} onSubmit={onThrottle} />
      ) : null}
    </div>
  );
}
