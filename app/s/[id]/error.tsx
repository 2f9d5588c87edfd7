"use client";
/**
 * A shared view that failed while rendering (the page throws when the store or the worker pool
 * fails): say so, and offer to try again. An error from the server arrives with a digest and its
 * message withheld by Next, so the words are ours.
 */
import { LinkProblem } from "@/components/share/link-problem";

const SERVER_FAILED =
  "The server could not open this link just now (its store may be unavailable or busy). Try again in a moment; if it keeps failing, tell whoever runs Kafka Balance.";

export default function SharedLinkError({ error, retry }: { error: unknown; retry: () => void }) {
  const fromServer = typeof (error as { digest?: unknown } | null)?.digest === "string";
  const message = fromServer ? SERVER_FAILED : error instanceof Error && error.message ? error.message : "Something went wrong while showing this snapshot.";
  return <LinkProblem title="This shared snapshot could not be shown" message={message} onRetry={retry} />;
}
