"use client";
/** The simulator could not render: say so plainly and offer a clean start. */
import { PageError } from "@/components/page-error";

export default function SimulateError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <PageError
      error={error}
      retry={retry}
      title="The simulator could not be shown"
      fallback="Something went wrong while running or drawing this scenario."
      alternative={{ href: "/simulate", label: "Start from the first preset" }}
    />
  );
}
