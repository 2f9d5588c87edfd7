/**
 * Every page's title bar, in one style: the title, one line saying what the page shows, and on the
 * right the page's own actions (Refresh, Share, Export …). Navigation between pages is the app
 * header's, never this bar's. `children` go under the title row, full width (a status line).
 */
import type { ReactNode } from "react";

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

export function PageHeader({ title, subtitle, actions, children }: Props) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3 border-b border-zinc-200 pb-4 dark:border-zinc-800" data-page-header>
      <div className="min-w-0 flex-1 basis-80">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle ? <div className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</div> : null}
      </div>
      {actions ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" data-page-actions>
          {actions}
        </div>
      ) : null}
      {children}
    </header>
  );
}

/** The look of a secondary button or link in a page's actions. */
export const ACTION_CLASS = "rounded border border-zinc-300 px-3 py-1.5 font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** The look of the one main way on from a page (Try again, Go to the overview). */
export const PRIMARY_ACTION_CLASS =
  "rounded border border-zinc-900 bg-zinc-900 px-3 py-1.5 font-medium text-white hover:bg-zinc-700 disabled:opacity-60 dark:border-zinc-100 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300";
