"use client";
/** What an error boundary shows: what failed, plainly, the message and its reference, and two ways on. */
import Link from "next/link";

interface Props {
  error: unknown;
  retry: () => void;
  /** "The overview could not be shown". */
  title: string;
  /** Shown when the error has no message of its own. */
  fallback: string;
  /** The second way on, beside "Try again". */
  alternative: { href: string; label: string };
}

export function PageError({ error, retry, title, fallback, alternative }: Props) {
  const digest = error instanceof Error && "digest" in error ? String((error as Error & { digest?: string }).digest ?? "") : "";
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">
        {error instanceof Error && error.message ? error.message : fallback}
        {digest ? ` (reference ${digest})` : ""}
      </p>
      <div className="mt-6 flex gap-3">
        <button type="button" onClick={() => retry()} className="rounded bg-zinc-900 px-4 py-2 font-medium text-white dark:bg-zinc-100 dark:text-zinc-900">
          Try again
        </button>
        <Link href={alternative.href} className="rounded border border-zinc-300 px-4 py-2 font-medium dark:border-zinc-700">
          {alternative.label}
        </Link>
      </div>
    </main>
  );
}
