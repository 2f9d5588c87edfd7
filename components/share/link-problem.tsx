/** What a shared link shows when it cannot show its snapshot: the problem in words, and a way on. */
import Link from "next/link";
import { ACTION_CLASS, PRIMARY_ACTION_CLASS } from "@/components/shell/page-header";
import { PageProblem } from "@/components/shell/page-problem";

interface Props {
  title: string;
  message: string;
  onRetry?: () => void;
}

export function LinkProblem({ title, message, onRetry }: Props) {
  return (
    <div data-link-problem>
      <PageProblem
        title={title}
        subtitle="Shared link"
        message={<p>{message}</p>}
        actions={
          <>
            {onRetry ? (
              <button type="button" onClick={onRetry} className={PRIMARY_ACTION_CLASS}>
                Try again
              </button>
            ) : null}
            <Link href="/" className={onRetry ? ACTION_CLASS : PRIMARY_ACTION_CLASS}>
              Open the dashboard
            </Link>
          </>
        }
      />
    </div>
  );
}
