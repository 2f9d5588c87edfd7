"use client";
/** A shared view that failed while rendering: say so, and offer to try again. */
import { LinkProblem } from "@/components/share/link-problem";

export default function SharedLinkError({ error, retry }: { error: unknown; retry: () => void }) {
  const message = error instanceof Error && error.message ? error.message : "Something went wrong while showing this snapshot.";
  return <LinkProblem title="This shared snapshot could not be shown" message={message} onRetry={retry} />;
}
