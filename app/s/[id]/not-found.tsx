import { LinkProblem } from "@/components/share/link-problem";

/** An id nobody created, or a link that was deleted. */
export default function SharedLinkNotFound() {
  return <LinkProblem title="No shared snapshot at this link" message="The link may have been mistyped or cut short when it was copied, or its snapshot was deleted. Ask whoever sent it for a new link." />;
}
