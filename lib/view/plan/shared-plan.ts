/**
 * A shared plan link stores the goals and the reassignment JSON; the page plans again on open (the
 * planner is deterministic). When the stored JSON is not the new plan's own (an edited plan, or a
 * shared review), the page reviews it below the plan. Two JSONs are the same when they move the same
 * partitions the same way, whatever their order or spacing.
 */
import { parseReassignmentJson } from "@/lib/model/reassignment-json";

/** Whether two reassignment JSONs move the same partitions the same way; text that does not parse is compared as written. */
export function sameReassignment(a: string, b: string): boolean {
  const key = (json: string) => {
    const parsed = parseReassignmentJson(json);
    return parsed.ok
      ? parsed.value
          .map((e) => JSON.stringify([e.topic, e.partition, e.replicas, e.logDirs]))
          .sort()
          .join("\n")
      : json;
  };
  return key(a) === key(b);
}
