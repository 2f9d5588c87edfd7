"use client";
/** The planner could not render: say so plainly and offer to try again, or the overview. */
import { PageError } from "@/components/page-error";

export default function PlanError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <PageError
      error={error}
      retry={retry}
      title="The planner could not be shown"
      fallback="Something went wrong while showing the planner."
      alternative={{ href: "/", label: "Back to the overview" }}
    />
  );
}
