import { OverviewView } from "@/components/overview/overview-view";

/** While the server opens the link: the overview's own layout in its loading state. */
export default function SharedLinkLoading() {
  return <OverviewView data={null} mode="shared" failure={null} />;
}
