"use client";
/** What an error boundary shows: what failed, plainly, the message and its reference, and two ways on. */
import Link from "next/link";
import { ACTION_CLASS, PRIMARY_ACTION_CLASS } from "@/components/shell/page-header";
import { PageProblem } from "@/components/shell/page-problem";

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
    <PageProblem
      title={title}
      message={
        <p>
          {error instanceof Error && error.message ? error.message : fallback}
          {digest ? ` (reference ${digest})` : ""}
        </p>
      }
      actions={
        <>
          <button type="button" onClick={() => retry()} className={PRIMARY_ACTION_CLASS}>
            Try again
          </button>
          <Link href={alternative.href} className={ACTION_CLASS}>
            {alternative.label}
          </Link>
        </>
      }
    />
  );
}
