/**
 * A page that cannot show what was asked for (an unknown address, a page that failed, a shared link
 * that is gone): the title bar every page has, what happened in plain words, and ways on. Server-safe:
 * the caller passes any interactive button in `actions`.
 */
import type { ReactNode } from "react";
import { PageHeader } from "./page-header";

interface Props {
  title: string;
  /** One line under the title: "404 · page not found". */
  subtitle?: string;
  message: ReactNode;
  actions: ReactNode;
}

export function PageProblem({ title, subtitle, message, actions }: Props) {
  return (
    <div className="flex flex-col gap-5" data-page-problem>
      <PageHeader title={title} subtitle={subtitle} />
      <div className="max-w-2xl">
        <div className="text-zinc-700 dark:text-zinc-300">{message}</div>
        <div className="mt-6 flex flex-wrap gap-3">{actions}</div>
      </div>
    </div>
  );
}
