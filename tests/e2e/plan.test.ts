// The planner in Chromium on the demo cluster: plan, read the summary, see before/after on one scale,
// get the reassignment JSON; apply stays off without writes. A screenshot goes to test-results/.
import { describe, expect, it } from "vitest";
import { planRebalance, PlanOptionsSchema } from "@/lib/plan";
import { demoSnapshot } from "@/lib/simulate/presets";
import { screenshot } from "../support/e2e-browser";
import { useE2eSession } from "../support/e2e-session";

describe("planner (demo cluster)", () => {
  const e2e = useE2eSession();

  it("plans the demo's dirs back into balance and shows the same plan the library makes", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/plan`);
    // Enabled once hydrated and the cluster has been read.
    await page.waitForSelector('button[type="submit"]:not([disabled])');
    await page.selectOption("#plan-mode", "intra");
    await page.click('button[type="submit"]');
    await page.waitForSelector("[data-plan-result]");
    const expected = planRebalance(demoSnapshot(), PlanOptionsSchema.parse({ mode: "intra", bootstrapServer: "localhost:9092" }));
    expect(await page.locator('[aria-label="Plan summary"]').textContent()).toContain(String(expected.moves.length));
    expect(await page.locator("#plan-json").textContent()).toBe(expected.reassignmentJson);
    // Before and after: one heatmap each, one row per broker.
    expect(await page.locator('[data-heatmap="broker-dir"]').count()).toBe(2);
    expect(await page.locator('[data-heatmap="broker-dir"]').last().locator("[data-broker-row]").count()).toBe(3);
    expect(await page.locator("[data-apply-panel]").textContent()).toContain("Writes are off");
    expect(e2e.tab.errors).toEqual([]);
    await screenshot(page, "plan-demo-intra");
  });

  it("reviews a pasted reassignment JSON: problems, duration and the cluster after it", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/plan`);
    await page.waitForSelector('button[type="submit"]:not([disabled])');
    await page.locator("[data-review-panel] summary").click();
    const plan = planRebalance(demoSnapshot(), PlanOptionsSchema.parse({ mode: "intra", bootstrapServer: "localhost:9092" }));
    await page.fill("[data-review-input]", plan.reassignmentJson);
    await page.click("[data-review-submit]");
    await page.waitForSelector("[data-review-result]");
    expect(await page.locator("[data-review-ok]").count()).toBe(1);
    const summary = await page.locator("[data-review-summary]").textContent();
    expect(summary).toContain(`${plan.entries.length} partition(s)`);
    expect(summary).toMatch(/Worst dir skew 1\.\d\d× → 1\.\d\d×/);
    expect(await page.locator("[data-review-after] [data-broker-row]").count()).toBe(3);
    await screenshot(page, "plan-review");

    // An unknown broker and a dir that does not exist: Kafka's refusal, in words, and no "after".
    await page.fill("[data-review-input]", '{"version":1,"partitions":[{"topic":"orders","partition":0,"replicas":[1,9],"log_dirs":["/data/nope","any"]}]}');
    await page.click("[data-review-submit]");
    await page.waitForSelector("[data-review-problem]");
    const problems = await page.locator("[data-review-problem]").allTextContents();
    expect(problems).toEqual(expect.arrayContaining([expect.stringContaining("broker 9 is not in the cluster"), expect.stringContaining("has no log dir /data/nope")]));
    expect(await page.locator("[data-review-after]").count()).toBe(0);

    await page.fill("[data-review-input]", "not json");
    await page.click("[data-review-submit]");
    await page.waitForSelector("[data-review-error]");
    expect(await page.locator("[data-review-error]").textContent()).toMatch(/reassignment/);
    // The browser logs the 400 it was answered for "not json"; nothing else may have gone wrong.
    expect(e2e.tab.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it("a shared link that carries a reassignment JSON other than the plan's opens with that JSON reviewed", async () => {
    const { page } = e2e.tab;
    const errorsBefore = e2e.tab.errors.length;
    await page.goto(`${e2e.app.url}/plan`);
    const snapshot = demoSnapshot();
    const orders = snapshot.topics.find((t) => t.name === "orders")!.partitions[0]!;
    const json = JSON.stringify({ version: 1, partitions: [{ topic: "orders", partition: orders.id, replicas: orders.replicas.map((r) => r.broker), log_dirs: orders.replicas.map(() => "/data/d1") }] });
    const id = await page.evaluate(
      async (body) => {
        const created = await fetch("/api/snapshots", { method: "POST", headers: { "content-type": "application/json" }, body });
        return ((await created.json()) as { id: string }).id;
      },
      JSON.stringify({ kind: "plan", snapshot, plan: { options: { mode: "intra", bootstrapServer: "localhost:9092" }, reassignmentJson: json } }),
    );
    await page.goto(`${e2e.app.url}/plan?shared=${id}`);
    await page.waitForSelector("[data-review-result]");
    expect(await page.locator("[data-review-panel] summary").textContent()).toBe("The reassignment JSON this link carries, reviewed");
    expect(await page.locator("[data-review-input]").inputValue()).toBe(json);
    expect(await page.locator("[data-review-summary]").textContent()).toContain("1 partition(s)");
    expect(await page.locator("[data-review-after] [data-broker-row]").count()).toBe(3);
    // The plan itself is planned again beside it, as for any shared plan.
    await page.waitForSelector("[data-plan-result]");
    expect(e2e.tab.errors.slice(errorsBefore)).toEqual([]);
  });

  it("names the field that is wrong in the goals form", async () => {
    const { page } = e2e.tab;
    await page.fill("#plan-headroomPercent", "150");
    await page.click('button[type="submit"]');
    expect(await page.locator("#plan-form-error").textContent()).toBe("Headroom is a share of capacity: at most 100%");
    await page.fill("#plan-headroomPercent", "85");
  });
});
