"use client";
/** The audit page could not render: say so plainly and offer to try again, or the overview. */
import { PageError } from "@/components/page-error";

export default function AuditError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <PageError
      error={error}
      retry={retry}
      title="The audit log could not be shown"
      fallback="Something went wrong while showing the audit log."
      alternative={{ href: "/", label: "Back to the overview" }}
    />
  );
}
