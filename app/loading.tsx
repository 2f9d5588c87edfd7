import { OverviewView } from "@/components/overview/overview-view";

/** While the server reads the cluster: the overview's own layout in its loading state. */
export default function Loading() {
  return <OverviewView data={null} mode="live" failure={null} />;
}
