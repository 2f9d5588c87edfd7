/**
 * What an import found when it held the pasted outputs against each other (brokers only kafka-topics
 * names, partitions only one output has, replicas without a dir; see lib/import/assemble.ts).
 * They qualify the verdict itself, so the overview shows them inside the verdict, not in a banner
 * above it as it does for a live reader's warnings.
 */
import { formatCountOf } from "@/lib/model/format";
import type { Source } from "@/lib/model/snapshot";

export interface ImportChecks {
  title: string;
  items: readonly string[];
  /** Shown on the skew figures when the paste covers (or may cover) only some topics; else null. */
  skewScope: string | null;
}

/** The words of lib/import/assemble.ts's warning about a paste that covers only some topics. */
const PARTIAL_SKEW = "broker skew is of those topics only";

/**
 * The import's findings, or null for a snapshot that is not an import or an import without any. When
 * the paste may cover only some topics (a --topic-list run), the title says so: every skew figure
 * beside it is then of those topics only.
 */
export function importChecks(source: Pick<Source, "kind" | "warnings">): ImportChecks | null {
  if (source.kind !== "import" || source.warnings.length === 0) return null;
  const count = `Cross-checks of the pasted outputs: ${formatCountOf(source.warnings.length, "finding")}`;
  const partial = source.warnings.find((w) => w.includes(PARTIAL_SKEW));
  if (!partial) return { title: count, items: source.warnings, skewScope: null };
  const maybe = /if it is a --topic-list run/.test(partial);
  const scope = maybe ? "the skew figures may cover only some topics" : "the skew figures cover only some topics";
  const skewScope = maybe
    ? "If the paste is a --topic-list run, these skew figures are of its topics only (see the cross-checks above)."
    : "These skew figures are of the topics the paste covers only (a --topic-list run; see the cross-checks above).";
  return { title: `${count}; ${scope}`, items: source.warnings, skewScope };
}
