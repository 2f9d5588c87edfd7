/** What a shared link shows when it cannot show its snapshot: the problem in words, and a way on. */
import Link from "next/link";

interface Props {
  title: string;
  message: string;
  onRetry?: () => void;
}

export function LinkProblem({ title, message, onRetry }: Props) {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16" data-link-problem>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">{message}</p>
      <div className="mt-6 flex gap-3">
        {onRetry ? (
          <button type="button" onClick={onRetry} className="rounded bg-zinc-900 px-4 py-2 font-medium text-white dark:bg-zinc-100 dark:text-zinc-900">
            Try again
          </button>
        ) : null}
        <Link href="/" className="rounded border border-zinc-300 px-4 py-2 font-medium dark:border-zinc-700">
          Open the dashboard
        </Link>
      </div>
    </main>
  );
}
