// components/plan/hand-run: what the "Run it by hand" section says, rendered to markup (no browser).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HandRun } from "@/components/plan/hand-run";
import { BOOTSTRAP_PLACEHOLDER } from "@/lib/plan/options";
import type { ReassignmentEntry } from "@/lib/model/reassignment-json";
import { throttlePlan } from "@/lib/plan/throttle-plan";
import { BATCH_STEPS_SHOWN } from "@/lib/view/plan/plan-run-steps";
import { cluster, GiB } from "@/tests/support/snapshots";

const snap = cluster({
  brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1", "/d2"] })),
  partitions: Array.from({ length: 12 }, (_, p) => ({ topic: "t", partition: p, replicas: [[1, "/d1", GiB] as [number, string, number]] })),
});
const entries: ReassignmentEntry[] = Array.from({ length: 12 }, (_, p) => ({ topic: "t", partition: p, replicas: [2], logDirs: ["/d2"] }));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, " ");

describe("<HandRun>", () => {
  it("lists the first batches one by one, says where the rest are, and says the single file is not the estimated path", () => {
    const html = renderToStaticMarkup(
      createElement(HandRun, {
        idPrefix: "plan",
        heading: "h3",
        snapshot: snap,
        bootstrapServer: BOOTSTRAP_PLACEHOLDER,
        entries,
        batches: entries.map((e) => ({ entries: [e] })),
        cordons: [],
        throttles: throttlePlan(snap, entries, { replicationBytesPerSecond: 1000, alterLogDirsBytesPerSecond: 1000 }, BOOTSTRAP_PLACEHOLDER),
        leadershipChanges: [],
        estimate: { seconds: 600, overheadSeconds: 30 },
        wholeJson: { name: "plan.json", text: "{}" },
      }),
    );
    const t = text(html);
    expect(html).toContain('id="plan-batch-1"');
    expect(html).toContain(`id="plan-batch-${BATCH_STEPS_SHOWN}"`);
    expect(html).not.toContain(`id="plan-batch-${BATCH_STEPS_SHOWN + 1}"`);
    expect(t).toContain(`Batches ${BATCH_STEPS_SHOWN + 1}–12 (2 more) are run the same way; their files and commands are in run-plan.sh above`);
    expect(t).toContain("The estimated duration, 10 min 0 s, is for this path: 12 batches one after another, each started once the one before is complete");
    expect(t).toContain(
      "plan.json holds every batch together, to review or share. Running it at once starts every copy at once: that is not the path estimated, and not what the apply job does.",
    );
    expect(t).toContain(`replace ${BOOTSTRAP_PLACEHOLDER.replace(/</g, "&lt;").replace(/>/g, "&gt;")} in the commands`);
    // The script is offered (Download) but its text is drawn only once opened.
    expect(html).toContain('download="run-plan.sh"');
    expect(html).not.toContain('id="plan-run-script"');
  });

  it("renders nothing when there is nothing to run", () => {
    const html = renderToStaticMarkup(
      createElement(HandRun, {
        idPrefix: "review",
        heading: "h4",
        snapshot: snap,
        bootstrapServer: "k:1",
        entries: [],
        batches: [],
        cordons: [],
        throttles: throttlePlan(snap, [], { replicationBytesPerSecond: 1, alterLogDirsBytesPerSecond: 1 }, "k:1"),
        leadershipChanges: [],
      }),
    );
    expect(html).toBe("");
  });
});
