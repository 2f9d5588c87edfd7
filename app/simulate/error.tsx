"use client";
/** The simulator could not render: say so plainly and offer a clean start. */
import Link from "next/link";

export default function SimulateError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error ? String((error as Error & { digest?: string }).digest ?? "") : "";
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-bold">The simulator could not be shown</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">
        {error instanceof Error && error.message ? error.message : "Something went wrong while running or drawing this scenario."}
        {digest ? ` (reference ${digest})` : ""}
      </p>
      <div className="mt-6 flex gap-3">
        <button type="button" onClick={() => retry()} className="rounded bg-zinc-900 px-4 py-2 font-medium text-white dark:bg-zinc-100 dark:text-zinc-900">
          Try again
        </button>
        <Link href="/simulate" className="rounded border border-zinc-300 px-4 py-2 font-medium dark:border-zinc-700">
          Start from the first preset
        </Link>
      </div>
    </main>
  );
}
