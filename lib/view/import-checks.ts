/**
 * What an import found when it held the pasted outputs against each other (brokers only kafka-topics
 * names, partitions only one output has, replicas without a dir; see lib/cluster/import/assemble.ts).
 * They qualify the verdict itself, so the overview shows them inside the verdict, not in a banner
 * above it as it does for a live reader's warnings.
 */
import { formatCountOf } from "@/lib/model/format";
import type { Source } from "@/lib/model/snapshot";

export interface ImportChecks {
  title: string;
  items: readonly string[];
}

/** The import's findings, or null for a snapshot that is not an import or an import without any. */
export function importChecks(source: Pick<Source, "kind" | "warnings">): ImportChecks | null {
  if (source.kind !== "import" || source.warnings.length === 0) return null;
  return { title: `Cross-checks of the pasted outputs: ${formatCountOf(source.warnings.length, "finding")}`, items: source.warnings };
}
