"use client";
/**
 * The cancel confirmation: a modal dialog (Radix: focus trapped, Escape closes, focus back on the
 * Cancel button) that says exactly what Kafka and the job will do before anything is asked. Focus
 * starts on "Keep it running", so Enter alone never cancels.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useRef } from "react";

const BUTTON = "rounded px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50";

interface Props {
  consequences: string[];
  disabled: boolean;
  onConfirm: () => void;
}

export function CancelDialog({ consequences, disabled, onConfirm }: Props) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button
          type="button"
          disabled={disabled}
          className={`${BUTTON} border border-red-700 text-red-800 hover:bg-red-50 dark:border-red-500 dark:text-red-300 dark:hover:bg-red-950`}
          data-job-control="cancel"
        >
          Cancel…
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            keep.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-3 overflow-auto rounded-lg border border-zinc-300 bg-white p-5 text-zinc-900 shadow-2xl focus:outline-none dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
          data-cancel-dialog
        >
          <Dialog.Title className="text-lg font-semibold">Cancel the apply job?</Dialog.Title>
          <Dialog.Description asChild>
            <div className="grid gap-2 text-sm">
              <p>If you cancel now:</p>
              <ul className="list-disc space-y-1 pl-5" data-cancel-consequences>
                {consequences.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
          </Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <button ref={keep} type="button" className={`${BUTTON} border border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800`}>
                Keep it running
              </button>
            </Dialog.Close>
            <Dialog.Close asChild>
              <button type="button" onClick={onConfirm} className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`} data-cancel-confirm>
                Cancel the job
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
