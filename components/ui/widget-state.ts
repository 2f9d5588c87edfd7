/**
 * What every overview widget receives, and how it becomes one of the four widget states: loading
 * (no data yet), error (no data and the load failed), empty (data, but nothing for this widget)
 * and ready. A failed refresh with older data still on screen stays "ready": the header says so.
 */
import type { ReactNode } from "react";
import type { ClusterData } from "@/lib/view/cluster-data";
import type { WidgetState } from "./widget-card";

export interface LoadFailure {
  message: string;
  retry?: () => void;
}

export interface WidgetProps {
  data: ClusterData | null;
  failure: LoadFailure | null;
}

export function widgetState(data: ClusterData | null, failure: LoadFailure | null, empty: (data: ClusterData) => ReactNode | null): WidgetState {
  if (!data) return failure ? { kind: "error", message: failure.message, onRetry: failure.retry } : { kind: "loading" };
  const message = empty(data);
  return message ? { kind: "empty", message } : { kind: "ready" };
}
