"use client";
/** Anything the overview could not render: say so plainly and offer to try again. */
import { PageError } from "@/components/page-error";

export default function OverviewError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <PageError
      error={error}
      retry={retry}
      title="The overview could not be shown"
      fallback="Something went wrong while rendering this page."
      alternative={{ href: "/import", label: "Import output instead" }}
    />
  );
}
