"use client";
/** The import pages failed to render: offer to try again or go back to the overview. */
import { PageError } from "@/components/page-error";

export default function ImportError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <PageError
      error={error}
      retry={retry}
      title="The import page could not be shown"
      fallback="Something went wrong while rendering this page."
      alternative={{ href: "/", label: "Back to the overview" }}
    />
  );
}
