// Walks the corpus of real-format pastes (tests/fixtures/import/real/expected.json): each is counted
// exactly or refused on its line with the words that say what to do, and so is each variant a
// terminal copy makes of it (CRLF, prompts, trailing spaces).
import { describe, expect, it } from "vitest";
import { importSnapshot, parseTopicsDescribe } from "@/lib/import";
import type { Issue } from "@/lib/model/result";
import { parseReassignmentJson } from "@/lib/model/reassignment-json";
import { corpus, corpusFiles, variants, type CorpusPaste } from "@/tests/fixtures/import/real/corpus";

const COMMANDS = {
  logDirs: "bin/kafka-log-dirs.sh --bootstrap-server b1:9092 --describe",
  topics: "bin/kafka-topics.sh --bootstrap-server b1:9092 --describe",
  reassignment: "bin/kafka-reassign-partitions.sh --bootstrap-server b1:9092 --generate --topics-to-move-json-file t.json --broker-list 1,2",
};

/** What the paste gives: counts, or the first issue; with every note's words. */
function outcome(paste: Pick<CorpusPaste, "kind" | "text">): { counts?: Record<string, number>; issue?: Issue; notes: string[] } {
  if (paste.kind === "logDirs") {
    const r = importSnapshot({ logDirs: paste.text, capturedAt: "2025-01-31T12:00:00Z" });
    if (!r.ok) return { issue: r.error.issues[0], notes: [] };
    const replicas = r.value.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas));
    return {
      counts: {
        brokers: r.value.brokers.length,
        dirs: r.value.brokers.reduce((n, b) => n + b.logDirs.length, 0),
        replicas: replicas.length,
        bytes: replicas.reduce((n, x) => n + (x.sizeBytes ?? 0), 0),
      },
      notes: (r.warnings ?? []).map((w) => w.message),
    };
  }
  if (paste.kind === "topics") {
    const r = parseTopicsDescribe(paste.text);
    if (!r.ok) return { issue: r.error.issues[0], notes: [] };
    const partitions = r.value.topics.flatMap((t) => t.partitions);
    return {
      counts: { topics: r.value.topics.length, partitions: partitions.length, replicas: partitions.reduce((n, p) => n + p.replicas.length, 0) },
      notes: (r.warnings ?? []).map((w) => w.message),
    };
  }
  const r = parseReassignmentJson(paste.text);
  if (!r.ok) return { issue: { ...(r.error.issues[0] ?? { path: "" }), message: r.error.message }, notes: [] };
  return { counts: { entries: r.value.length }, notes: (r.warnings ?? []).map((w) => w.message) };
}

/** `shift`: lines added before the paste (a variant with the command line); its words are then checked up to their first number. */
function check(paste: CorpusPaste, got: ReturnType<typeof outcome>, shift = 0): void {
  const words = (phrase: string) => (shift === 0 ? phrase : phrase.split(/\d/)[0]!);
  if (paste.refused) {
    expect(got.issue, `${paste.name} should be refused`).toBeDefined();
    expect(got.issue?.line).toBe(paste.refused.line + shift);
    expect(got.issue?.message).toContain(words(paste.refused.phrase));
    return;
  }
  expect(got.issue, `${paste.name}: ${got.issue?.message}`).toBeUndefined();
  expect(got.counts).toEqual(paste.expect);
  // With a command line before it, the first skipped line is that one: only the first phrase still holds.
  for (const phrase of (paste.notes ?? []).slice(0, shift === 0 ? undefined : 1)) expect(got.notes.join("\n")).toContain(words(phrase));
}

describe("the corpus of real pastes", () => {
  const pastes = corpus();

  it("names every file of tests/fixtures/import/real in its table", () => {
    const named = new Set(pastes.map((p) => p.name));
    expect(corpusFiles().filter((f) => !named.has(f))).toEqual([]);
    expect(pastes.length).toBeGreaterThanOrEqual(40);
  });

  it.each(pastes.map((p) => [p.name, p] as const))("%s", (_name, paste) => {
    check(paste, outcome(paste));
  });

  it.each(pastes.map((p) => [p.name, p] as const))("%s, as other terminals copy it", (_name, paste) => {
    for (const variant of variants(paste.text, COMMANDS[paste.kind])) {
      const got = outcome({ kind: paste.kind, text: variant.text });
      try {
        check(paste, got, variant.shift);
      } catch (error) {
        throw new Error(`${variant.name}: ${(error as Error).message}`, { cause: error });
      }
    }
  });
});
