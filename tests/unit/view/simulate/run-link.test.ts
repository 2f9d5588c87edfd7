import { describe, expect, it } from "vitest";
import { JavaRandom } from "@/lib/placement";
import { decodeScenarioLink, LINK_PARAM } from "@/lib/simulate/scenario-url";
import type { StepInput } from "@/lib/simulate/schema";
import { runLink } from "@/lib/view/simulate/run-link";
import { draftFromPreset, emptyDraft } from "@/lib/view/simulate/scenario-draft";

describe("runLink()", () => {
  it("runLink() names a pristine preset by its id", async () => {
    expect(await runLink(draftFromPreset("padding-workaround"))).toEqual({
      href: "/simulate?preset=padding-workaround",
      state: { kind: "link", href: "/simulate?preset=padding-workaround", current: false },
    });
  });

  it("runLink() encodes any other scenario in the address, and says when it re-reads the current cluster", async () => {
    const edited = { ...draftFromPreset("padding-workaround"), seed: 99 };
    const link = await runLink(edited);
    expect(link.state).toEqual({ kind: "link", href: link.href, current: false });
    const param = new URL(link.href, "http://x").searchParams.get(LINK_PARAM)!;
    expect(await decodeScenarioLink(param)).toMatchObject({ ok: true, value: { seed: 99, base: edited.base } });
    expect((await runLink(emptyDraft({ kind: "current" }))).state).toMatchObject({ kind: "link", current: true });
    expect((await runLink(emptyDraft({ kind: "forecast", days: 30 }))).state).toMatchObject({ kind: "link", current: true });
  });

  it("runLink() keeps the page's cluster in every link, so a rerun reads the same cluster", async () => {
    const current = await runLink(emptyDraft({ kind: "current" }), "prod eu");
    const url = new URL(current.href, "http://x");
    expect(url.searchParams.get("cluster")).toBe("prod eu");
    expect(url.searchParams.get(LINK_PARAM)).not.toBeNull();
    expect(current.state).toEqual({ kind: "link", href: current.href, current: true });
    expect((await runLink(draftFromPreset("padding-workaround"), "staging")).href).toBe("/simulate?preset=padding-workaround&cluster=staging");
    expect((await runLink(emptyDraft({ kind: "current" }), null)).href).not.toContain("cluster=");
  });

  it("runLink() keeps an imported base's link in the address but offers no plain link to share", async () => {
    const link = await runLink(emptyDraft({ kind: "imported" }));
    expect(link.href.startsWith(`/simulate?${LINK_PARAM}=`)).toBe(true);
    expect(link.state).toEqual({ kind: "imported" });
  });

  it("runLink() falls back to /simulate when the scenario is too long for a link", async () => {
    const random = new JavaRandom(1);
    const name = () => Array.from({ length: 16 }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[random.nextInt(36)]).join("");
    const steps: StepInput[] = Array.from({ length: 600 }, () => ({ kind: "createTopic", name: name(), partitions: 1, replicationFactor: 1 }));
    const link = await runLink({ ...emptyDraft({ kind: "demo" }), steps });
    expect(link.href).toBe("/simulate");
    expect(link.state).toMatchObject({ kind: "too-long" });
    if (link.state.kind === "too-long") expect(link.state.chars).toBeGreaterThan(4000);
  });
});
