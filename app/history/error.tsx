"use client";
/** The history page could not render: say so plainly and offer to try again, or the overview. */
import { PageError } from "@/components/page-error";

export default function HistoryError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <PageError
      error={error}
      retry={retry}
      title="The history could not be shown"
      fallback="Something went wrong while showing the history."
      alternative={{ href: "/", label: "Back to the overview" }}
    />
  );
}
