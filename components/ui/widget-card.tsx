"use client";
/**
 * Every dashboard widget sits in one of these: a titled card whose body has a fixed height, so the
 * page does not jump between its states (loading, error, unavailable, empty, data). "unavailable" is
 * a quiet "no data" for a page that explains the failure once, elsewhere.
 */
import { Component, type ReactNode } from "react";

export type WidgetState =
  | { kind: "loading" }
  | { kind: "error"; message: string; onRetry?: () => void }
  | { kind: "unavailable"; message: string }
  | { kind: "empty"; message: ReactNode }
  | { kind: "ready" };

interface WidgetCardProps {
  id: string;
  title: string;
  /** One line under the title: what the widget shows. */
  subtitle?: ReactNode;
  /** Controls on the right of the title (metric switch, search …). */
  actions?: ReactNode;
  /** Tailwind height class of the body, e.g. "h-96"; the same in every state. */
  bodyClassName: string;
  state: WidgetState;
  children?: ReactNode;
  className?: string;
}

export function WidgetCard({ id, title, subtitle, actions, bodyClassName, state, children, className = "" }: WidgetCardProps) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-widget={id}
      data-state={state.kind}
      className={`flex min-w-0 flex-col rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900 ${className}`}
    >
      <header className="mb-3 flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {title}
          </h2>
          {subtitle ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</p> : null}
        </div>
        {state.kind === "ready" && actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </header>
      <div className={`relative min-h-0 ${bodyClassName}`} aria-busy={state.kind === "loading"}>
        <WidgetBoundary title={title}>
          <WidgetBody state={state}>{children}</WidgetBody>
        </WidgetBoundary>
      </div>
    </section>
  );
}

function WidgetBody({ state, children }: { state: WidgetState; children?: ReactNode }) {
  switch (state.kind) {
    case "loading":
      return <WidgetSkeleton />;
    case "error":
      return <WidgetError message={state.message} onRetry={state.onRetry} />;
    case "unavailable":
    case "empty":
      return (
        <div className="flex h-full items-center justify-center rounded border border-dashed border-zinc-300 p-4 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {state.message}
        </div>
      );
    case "ready":
      return <>{children}</>;
  }
}

export function WidgetSkeleton() {
  return (
    <div className="flex h-full animate-pulse flex-col gap-2" role="status" aria-label="Loading">
      <div className="h-4 w-1/3 rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="flex-1 rounded bg-zinc-100 dark:bg-zinc-800/60" />
    </div>
  );
}

function WidgetError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex h-full flex-col items-center justify-center gap-3 rounded border border-red-300 bg-red-50 p-4 text-center text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <p className="max-w-prose">{message}</p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="rounded border border-red-400 px-3 py-1 font-medium hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 dark:hover:bg-red-900/40"
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}

interface BoundaryState {
  error: Error | null;
}

/** A widget that throws while rendering shows its error state; the rest of the page keeps working. */
class WidgetBoundary extends Component<{ title: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return <WidgetError message={`${this.props.title} could not be drawn: ${this.state.error.message}`} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
