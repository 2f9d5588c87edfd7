/**
 * What every overview widget receives, and how it becomes one of its states: loading (no data yet),
 * unavailable (no data because the load failed: the page says why, once, above the widgets), empty
 * (data, but nothing for this widget) and ready. A failed refresh with older data still on screen
 * stays "ready": the header says so.
 */
import type { ReactNode } from "react";
import type { FailureCheck } from "@/lib/view/common/cluster-failure";
import type { OverviewData } from "@/components/overview/overview-data";
import type { WidgetState } from "./widget-card";

export interface LoadFailure {
  /** What failed, in a few words: "Kafka is unreachable". */
  title: string;
  /** Where: the bootstrap servers of the cluster that could not be read. */
  bootstrap?: string;
  /** The server's or the reader's own message. */
  message: string;
  /** What to check, most likely first. */
  checks?: readonly FailureCheck[];
  retry?: () => void;
  /** A retry is running. */
  retrying?: boolean;
}

export interface WidgetProps {
  data: OverviewData | null;
  failure: LoadFailure | null;
}

/** What a widget says when the load failed: short, as the reason is shown once at the top. */
export const NO_DATA = "No data to show: the reason is at the top of the page.";

export function widgetState(data: OverviewData | null, failure: LoadFailure | null, empty: (data: OverviewData) => ReactNode | null): WidgetState {
  if (!data) return failure ? { kind: "unavailable", message: NO_DATA } : { kind: "loading" };
  const message = empty(data);
  return message ? { kind: "empty", message } : { kind: "ready" };
}
