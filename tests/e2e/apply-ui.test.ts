// The apply's UI in Chromium on the demo cluster (no Kafka, writes off): the plan shows the batches
// the apply would run and how, exactly as the library cuts them; the execution settings in the goals
// form change them, and a shared plan link keeps them; the audit page, in the navigation, shows its
// empty state. Light and dark, with no serious axe findings. Screenshots go to test-results/screenshots/.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { planRebalance, PlanOptionsSchema, type PlanOptionsInput } from "@/lib/plan";
import { planResponse } from "@/lib/plan/response";
import { demoSnapshot } from "@/lib/simulate/presets";
import { executionSentence, planBatchTable } from "@/lib/view/apply/apply-batches";
import { AUDIT_EMPTY } from "@/lib/view/apply/audit-log";
import { horizontalOverflow, PHONE, seriousA11yViolations } from "../support/a11y";
import { openPage, screenshot } from "../support/e2e-browser";
import { useE2eSession } from "../support/e2e-session";

/** What /api/plan answers for the demo and these options: the page must show exactly its batches. */
function demoPlan(options: PlanOptionsInput) {
  const r = planRebalance(demoSnapshot(), PlanOptionsSchema.parse(options));
  if (!r.ok) throw new Error(r.error.message);
  return planResponse(r.value);
}

/** The batch table's rows as the page shows them. */
const shownBatches = (page: Page) =>
  page.locator("[data-plan-batch]").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td")).map((c) => c.textContent!.trim())));
const expectedBatches = (plan: ReturnType<typeof demoPlan>) =>
  planBatchTable(plan.batches).rows.map((r) => [String(r.number), r.kindText, r.partitions, r.moves, r.bytes, r.seconds]);

async function planAndWait(page: Page, batches: number) {
  await page.click("[data-plan-submit]");
  await page.waitForSelector(`[data-apply-panel] [data-plan-batches="${batches}"]`);
  await page.waitForSelector("[data-plan-result]:not([data-stale])");
}

describe("apply and audit (demo cluster)", () => {
  const e2e = useE2eSession();
  const defaults = demoPlan({});
  const oneAtATime = demoPlan({ execution: { partitionMovesPerBroker: 1, dirMovesPerBroker: 1, order: "largest-first" } });

  it("the plan shows the batches the apply would run, and the execution settings change them as the library does", async () => {
    const { page } = e2e.tab;
    // The demo's plan must be cut differently by the two settings, or this test proves nothing.
    expect(oneAtATime.batches.length).toBeGreaterThan(defaults.batches.length);
    await page.goto(`${e2e.app.url}/plan`);
    await page.waitForSelector("[data-plan-submit]:not([disabled])");
    // The settings start at Cruise Control's defaults.
    expect(await page.locator("#plan-partitionMovesPerBroker").inputValue()).toBe("5");
    expect(await page.locator("#plan-dirMovesPerBroker").inputValue()).toBe("2");
    expect(await page.locator("#plan-leaderMovesPerBatch").inputValue()).toBe("1000");
    expect(await page.locator("#plan-executionOrder").inputValue()).toBe("urgent-disk-first");

    await planAndWait(page, defaults.batches.length);
    expect(await shownBatches(page)).toEqual(expectedBatches(defaults));
    expect(await page.locator("[data-execution-sentence]").textContent()).toContain(executionSentence(defaults.options.execution, defaults.batches));
    expect(await page.locator("[data-apply-panel]").textContent()).toContain("Writes are off");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator("[data-apply-panel]").scrollIntoViewIfNeeded();
    await screenshot(page, "apply-plan-batches");

    // One move per broker at a time, largest first: more, smaller batches; the plan goes stale until planned again.
    await page.fill("#plan-partitionMovesPerBroker", "1");
    await page.fill("#plan-dirMovesPerBroker", "1");
    await page.selectOption("#plan-executionOrder", "largest-first");
    await page.waitForSelector("[data-plan-result][data-stale]");
    await planAndWait(page, oneAtATime.batches.length);
    expect(await shownBatches(page)).toEqual(expectedBatches(oneAtATime));
    expect(await page.locator("[data-execution-sentence]").textContent()).toContain("at most 1 partition move and 1 dir move per broker at a time, largest first");
    expect(e2e.tab.errors).toEqual([]);
  });

  it("an execution setting out of range is named beside its field, in the list of problems", async () => {
    const { page } = e2e.tab;
    await page.fill("#plan-dirMovesPerBroker", "0");
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-form-errors]");
    expect(await page.locator("[data-plan-form-errors] li").allTextContents()).toEqual(["Dir moves per broker: Enter a whole number between 1 and 100"]);
    expect(await page.locator("#plan-dirMovesPerBroker").getAttribute("aria-invalid")).toBe("true");
    await page.fill("#plan-dirMovesPerBroker", "2");
  });

  it("a shared plan link keeps the execution settings it was made with", async () => {
    const { page } = e2e.tab;
    const id = await page.evaluate(
      async (body) => {
        const created = await fetch("/api/snapshots", { method: "POST", headers: { "content-type": "application/json" }, body });
        return ((await created.json()) as { id: string }).id;
      },
      JSON.stringify({ kind: "plan", snapshot: demoSnapshot(), plan: { options: oneAtATime.options, reassignmentJson: oneAtATime.reassignmentJson } }),
    );
    await page.goto(`${e2e.app.url}/plan?shared=${id}`);
    await page.waitForSelector("[data-plan-result]");
    expect(await page.locator("#plan-partitionMovesPerBroker").inputValue()).toBe("1");
    expect(await page.locator("#plan-dirMovesPerBroker").inputValue()).toBe("1");
    expect(await page.locator("#plan-executionOrder").inputValue()).toBe("largest-first");
    // Planned again with them, the plan is the link's own: no review below it, nothing stale.
    expect(await page.locator("[data-plan-result] [data-result-stale]").count()).toBe(0);
    expect(await page.locator("[data-review-result]").count()).toBe(0);
    expect(e2e.tab.errors).toEqual([]);
  });

  it("the audit page, in the navigation, says that nothing has been written yet, light and dark, laptop and phone", async () => {
    for (const [name, options] of [
      ["light", {}],
      ["dark", { colorScheme: "dark" as const }],
      ["phone", PHONE],
    ] as const) {
      const tab = await openPage(e2e.browser, options);
      const { page } = tab;
      await page.goto(`${e2e.app.url}/`);
      await page.locator('nav[aria-label="Main"] a[href="/audit"]').click();
      await page.waitForURL((u) => u.pathname === "/audit");
      await page.waitForSelector("[data-audit-empty]");
      expect(await page.title()).toBe("Audit · Kafka Balance");
      expect(await page.locator('nav[aria-label="Main"] a[aria-current="page"]').getAttribute("href")).toBe("/audit");
      expect(await page.locator("[data-audit-empty]").textContent()).toBe(AUDIT_EMPTY);
      expect(await horizontalOverflow(page), name).toBe(0);
      expect(await seriousA11yViolations(page), name).toEqual([]);
      await screenshot(page, `audit-empty-${name}`);
      expect(tab.errors, name).toEqual([]);
      await page.context().close();
    }
  });

  it("the plan page's batches in dark mode have no serious axe findings", async () => {
    const tab = await openPage(e2e.browser, { colorScheme: "dark" });
    const { page } = tab;
    await page.goto(`${e2e.app.url}/plan`);
    await page.waitForSelector("[data-plan-submit]:not([disabled])");
    await planAndWait(page, defaults.batches.length);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator("[data-apply-panel]").scrollIntoViewIfNeeded();
    await screenshot(page, "apply-plan-batches-dark", false);
    expect(tab.errors).toEqual([]);
    await page.context().close();
  });
});
