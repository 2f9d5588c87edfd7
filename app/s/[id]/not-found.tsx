import { LinkProblem } from "@/components/share/link-problem";

/** An id nobody created, or a link that was deleted or expired (an expired link found in the store is deleted as it is opened). */
export default function SharedLinkNotFound() {
  return (
    <LinkProblem
      title="No shared snapshot at this link"
      message="The link may have been mistyped or cut short when it was copied, or its snapshot was deleted or expired. Ask whoever sent it for a new link."
    />
  );
}
