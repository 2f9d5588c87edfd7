// The demo overview in Chromium: the heatmap has one row per broker and one cell per log dir, the
// __consumer_offsets skew shows in the figures, the metric switch changes the legend, and the grid
// works from the keyboard. Screenshots of each state go to test-results/screenshots/.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { balanceReport } from "@/lib/model/report";
import { demoSnapshot } from "@/lib/simulate/presets";
import { dirAriaLabel } from "@/lib/view/broker-dir-heatmap";
import { kafkaVersionsOf, nextPlacements } from "@/lib/view/next-placement";
import { skewCards } from "@/lib/view/skew-cards";
import { verdict } from "@/lib/view/verdict";
import { openPage, screenshot } from "../support/e2e-browser";
import { useE2eSession } from "../support/e2e-session";

const snapshot = demoSnapshot();
const report = balanceReport(snapshot);

async function openOverview(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.waitForSelector('[data-heatmap="broker-dir"] [data-cell]');
  // Charts and the canvas draw after hydration.
  await page.waitForSelector('[data-chart="bytes"] .recharts-bar-rectangle');
  await page.waitForFunction(() => (document.querySelector('[data-heatmap="topic-broker"] canvas') as HTMLCanvasElement | null)?.width! > 0);
}

describe("overview (demo cluster)", () => {
  const e2e = useE2eSession();
  beforeAll(() => openOverview(e2e.tab.page, e2e.app.url));

  it("shows one heatmap row per broker and one cell per log dir, each labelled with its figures", async () => {
    const { page } = e2e.tab;
    const rows = page.locator('[data-heatmap="broker-dir"] [data-broker-row]');
    expect(await rows.count()).toBe(report.brokers.length);
    for (const broker of report.brokers) {
      const dirs = report.dirs.filter((d) => d.broker === broker.id);
      const labels = await page.locator(`[data-broker-row="${broker.id}"] [data-cell]`).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
      expect(labels).toEqual(dirs.map((d) => dirAriaLabel(d, "utilization", false)));
    }
    await screenshot(page, "overview-laptop-light");
  });

  it("makes the __consumer_offsets skew visible in the verdict and the skew figures", async () => {
    const { page } = e2e.tab;
    const expected = verdict(report, { placements: nextPlacements(report, kafkaVersionsOf(snapshot)) });
    expect(await page.locator("[data-verdict-headline]").textContent()).toBe(expected.headline);
    expect(expected.headline).toContain("/data/d2 and /data/d3 hold over 99% of the bytes on every broker");
    const cards = skewCards(report);
    for (const card of cards) {
      expect(await page.locator(`[data-skew-card="${card.id}"] [data-skew-figure]`).textContent()).toBe(card.figure);
    }
    expect(cards.find((c) => c.id === "brokerReplicas")!.figure).toBe("1.00×");
    expect(Number.parseFloat(cards.find((c) => c.id === "dirBytes")!.figure)).toBeGreaterThan(1.4);
    expect(await page.locator('[data-placement-broker][data-flagged="true"]').count()).toBe(report.brokers.length);
  });

  it("changes the legend and the cells when the metric is switched", async () => {
    const { page } = e2e.tab;
    const legendTitle = page.locator("#broker-dir-heatmap-title").locator("xpath=ancestor::section[1]").locator("[data-legend-title]");
    expect(await legendTitle.textContent()).toBe("Disk used, % of capacity");
    await page.locator('label:has(input[name="dir-metric"][value="partitions"])').click();
    await page.waitForSelector('[data-heatmap="broker-dir"][data-metric="partitions"]');
    expect(await legendTitle.textContent()).toBe("Partition replicas in the dir");
    expect(await page.locator('[data-broker-row="1"] [data-cell][data-path="/data/d1"]').textContent()).toContain("50");
    await page.locator('label:has(input[name="dir-metric"][value="bytes"])').click();
    await page.waitForSelector('[data-heatmap="broker-dir"][data-metric="bytes"]');
    expect(await legendTitle.textContent()).toBe("Replica bytes in the dir");
    const ticks = await page.locator("#broker-dir-heatmap-title").locator("xpath=ancestor::section[1]").locator("[data-legend-ticks]").textContent();
    expect(ticks).toMatch(/GiB/);
    await screenshot(page, "overview-metric-bytes", false);
    await page.locator('label:has(input[name="dir-metric"][value="deviation"])').click();
    await page.waitForSelector('[data-heatmap="broker-dir"][data-metric="deviation"]');
    expect(await legendTitle.textContent()).toBe("Bytes vs the broker's mean dir");
    await screenshot(page, "overview-metric-deviation", false);
    await page.locator('label:has(input[name="dir-metric"][value="utilization"])').click();
  });

  it("moves through the heatmap with the keyboard and opens the broker drawer", async () => {
    const { page } = e2e.tab;
    await page.locator('[data-broker-row="1"] [data-cell][data-path="/data/d1"]').focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(/^broker 1, \/data\/d2: /);
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(/^broker 2, \/data\/d2: /);
    expect(await page.locator("[data-readout]").first().textContent()).toMatch(/^broker 2, \/data\/d2: .* used/);
    await page.keyboard.press("Enter");
    const drawer = page.locator('[role="dialog"][data-broker-drawer="2"]');
    await drawer.waitFor();
    expect(await drawer.locator("h2").textContent()).toContain("Broker 2");
    expect(await drawer.textContent()).toContain("Largest partition replicas");
    expect(await drawer.locator("tbody tr").count()).toBeGreaterThan(3);
    // Focus is inside the drawer (on Close) and stays there: Tab cycles within it.
    expect(await page.evaluate(() => document.activeElement?.closest("[data-broker-drawer]") !== null)).toBe(true);
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("[data-broker-drawer]") !== null)).toBe(true);
    await screenshot(page, "overview-broker-drawer", false);
    await page.keyboard.press("Escape");
    await page.waitForSelector("[data-broker-drawer]", { state: "detached" });
    // Focus goes back to the cell that opened it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(/^broker 2, \/data\/d2: /);
  });

  it("draws the topic × broker heatmap and reads a cell out from the keyboard", async () => {
    const { page } = e2e.tab;
    const grid = page.locator('[data-heatmap="topic-broker"]');
    expect(await grid.getAttribute("data-rows")).toBe(String(report.topics.length));
    expect(await grid.getAttribute("data-cols")).toBe(String(report.brokers.length));
    await grid.focus();
    await page.keyboard.press("Home");
    expect(await page.locator("#topic-heatmap-readout").textContent()).toContain("__consumer_offsets on broker 1: 50 replicas");
    await page.locator("[data-internal-toggle]").uncheck();
    await page.waitForFunction(() => document.querySelector('[data-heatmap="topic-broker"]')?.getAttribute("data-rows") === "1");
    await page.locator("[data-internal-toggle]").check();
  });

  it("does not serve the bench-only page without KAFKA_BALANCE_BENCH=1", async () => {
    expect((await fetch(`${e2e.app.url}/bench/heatmap`)).status).toBe(404);
  });

  it("renders in dark mode and on a wide monitor without console errors", async () => {
    const dark = await openPage(e2e.browser, { colorScheme: "dark" });
    await openOverview(dark.page, e2e.app.url);
    await screenshot(dark.page, "overview-laptop-dark");
    const wide = await openPage(e2e.browser, { viewport: { width: 2560, height: 1440 } });
    await openOverview(wide.page, e2e.app.url);
    await screenshot(wide.page, "overview-wide-light");
    expect([...e2e.tab.errors, ...dark.errors, ...wide.errors]).toEqual([]);
  });
});
