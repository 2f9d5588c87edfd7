import type { Metadata } from "next";
import { ImportedOverview } from "@/components/overview/imported-overview";

export const metadata: Metadata = { title: "Imported snapshot" };

/** The overview of the snapshot imported in this tab; it lives in the browser, so the page is a shell. */
export default function ImportedOverviewPage() {
  return <ImportedOverview />;
}
