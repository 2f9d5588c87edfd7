// The demo overview in Chromium: the heatmap has one row per broker and one cell per log dir, the
// __consumer_offsets skew shows in the figures, the metric switch changes the legend, and the grid
// works from the keyboard. Screenshots of each state go to test-results/screenshots/.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { balanceReport } from "@/lib/model/report";
import { demoSnapshot } from "@/lib/simulate/presets";
import { dirAriaLabel } from "@/lib/view/overview/broker-dir-heatmap";
import { overviewSummary } from "@/lib/view/overview/overview-model";
import { elementScreenshot, openPage, screenshot } from "../support/e2e-browser";
import { PHONE, seriousA11yViolations } from "../support/a11y";
import { useE2eSession } from "../support/e2e-session";

const snapshot = demoSnapshot();
const report = balanceReport(snapshot);

async function openOverview(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/`);
  // The heatmap's cells, or on a phone the compact table's (the heatmap is hidden there).
  await page.locator('[data-widget="broker-dir-heatmap"] [data-cell]:visible').first().waitFor();
  // Charts and the canvas draw after hydration.
  await page.waitForSelector('[data-chart="bytes"] .recharts-bar-rectangle');
  await page.waitForFunction(() => ((document.querySelector('[data-heatmap="topic-broker"] canvas') as HTMLCanvasElement | null)?.width ?? 0) > 0);
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
      const cells = await page
        .locator(`[data-broker-row="${broker.id}"] [data-cell]`)
        .evaluateAll((els) => els.map((e) => ({ label: e.getAttribute("aria-label"), text: (e.textContent ?? "").trim() })));
      // Each name starts with exactly what the cell prints (WCAG 2.5.3), then the dir's sentence.
      expect(cells.map((c) => c.label)).toEqual(dirs.map((d, i) => `${cells[i]!.text}: ${dirAriaLabel(d, "utilization", false)}`));
    }
    await screenshot(page, "overview-laptop-light");
  });

  it("names every chart a keyboard reaches: each focusable SVG has a title", async () => {
    const { page } = e2e.tab;
    const charts = await page.locator("svg[tabindex]").evaluateAll((svgs) => svgs.map((svg) => svg.querySelector(":scope > title")?.textContent?.trim() ?? ""));
    expect(charts.length).toBeGreaterThanOrEqual(2);
    expect(charts).toEqual(expect.arrayContaining(["Bytes per broker, by log dir", "Partitions and leaders per broker"]));
    expect(charts.filter((name) => name === "")).toEqual([]);
  });

  it("makes the __consumer_offsets skew visible in the verdict and the skew figures", async () => {
    const { page } = e2e.tab;
    const summary = overviewSummary(snapshot, report);
    const expected = summary.verdict;
    expect(await page.locator("[data-verdict-headline]").textContent()).toBe(expected.headline);
    expect(expected.headline).toContain("/data/d2 and /data/d3 hold over 99% of the bytes on every broker");
    const cards = summary.cards;
    for (const card of cards) {
      expect(await page.locator(`[data-skew-card="${card.id}"] [data-skew-figure]`).textContent()).toBe(card.figure);
    }
    expect(cards.find((c) => c.id === "brokerReplicas")!.figure).toBe("1.00×");
    expect(Number.parseFloat(cards.find((c) => c.id === "dirBytes")!.figure)).toBeGreaterThan(1.4);
    expect(await page.locator('[data-placement-broker][data-flagged="true"]').count()).toBe(report.brokers.length);
  });

  it("changes the legend, in real units, and the cells when the metric is switched", async () => {
    const { page } = e2e.tab;
    const card = page.locator("#broker-dir-heatmap-title").locator("xpath=ancestor::section[1]");
    const legend = async () => ({
      title: await card.locator("[data-legend-title]").textContent(),
      ticks: await card.locator("[data-legend-ticks] span").allTextContents(),
      reading: await card.locator("[data-legend-reading]").textContent(),
    });
    const choose = async (metric: string) => {
      await page.locator(`label:has(input[name="dir-metric"][value="${metric}"])`).click();
      await page.waitForSelector(`[data-heatmap="broker-dir"][data-metric="${metric}"]`);
      await elementScreenshot(card, `overview-heatmap-${metric}`);
    };
    expect(await legend()).toEqual({ title: "Disk used, % of capacity", ticks: ["0%", "50%", "100%"], reading: "paler = emptier, darker red = fuller disk" });
    await choose("utilization");
    // The fullest dirs are drawn darker than the nearly empty ones: fuller reads as more alarming.
    const shade = (path: string) => page.locator(`[data-broker-row="1"] [data-cell][data-path="${path}"]`).evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(await shade("/data/d1")).not.toBe(await shade("/data/d3"));
    await choose("partitions");
    expect(await legend()).toMatchObject({ title: "Partition replicas in the dir", reading: "paler = fewer partitions, darker red = more" });
    for (const t of (await legend()).ticks) expect(t).toMatch(/^\d[\d,]*$/);
    expect(await page.locator('[data-broker-row="1"] [data-cell][data-path="/data/d1"]').textContent()).toContain("50");
    await choose("bytes");
    const bytes = await legend();
    expect(bytes.title).toBe("Replica bytes in the dir");
    expect(bytes.ticks[0]).toBe("0 B");
    for (const t of bytes.ticks.slice(1)) expect(t).toMatch(/^\d+\.\d (KiB|MiB|GiB|TiB)$/);
    await choose("deviation");
    expect(await legend()).toMatchObject({ title: "Bytes vs the broker's mean dir", reading: "white = the broker's mean (even), red = fuller than it, blue = emptier" });
    expect((await legend()).ticks[1]).toBe("broker mean");
    await page.locator('label:has(input[name="dir-metric"][value="utilization"])').click();
  });

  it("moves through the heatmap with the keyboard and opens the broker drawer", async () => {
    const { page } = e2e.tab;
    await page.locator('[data-broker-row="1"] [data-cell][data-path="/data/d1"]').focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(/: broker 1, \/data\/d2: /);
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(/: broker 2, \/data\/d2: /);
    expect(await page.locator("[data-readout]").first().textContent()).toMatch(/^broker 2, \/data\/d2: .* used/);
    await page.keyboard.press("Enter");
    const drawer = page.locator('[role="dialog"][data-broker-drawer="2"]');
    await drawer.waitFor();
    expect(await drawer.locator("h2").textContent()).toContain("Broker 2");
    expect(await drawer.textContent()).toContain("Largest partition replicas");
    // The broker's replicas come from the server when the drawer opens (GET /api/cluster/broker).
    await drawer.locator("[data-broker-drawer-replicas]").waitFor({ state: "detached" });
    expect(await drawer.locator("tbody tr").count()).toBeGreaterThan(3);
    // Focus is inside the drawer (on Close) and stays there: Tab cycles within it.
    expect(await page.evaluate(() => document.activeElement?.closest("[data-broker-drawer]") !== null)).toBe(true);
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("[data-broker-drawer]") !== null)).toBe(true);
    await screenshot(page, "overview-broker-drawer", false);
    await page.keyboard.press("Escape");
    await page.waitForSelector("[data-broker-drawer]", { state: "detached" });
    // Focus goes back to the cell that opened it (in a task after the dialog unmounts: wait for it to leave <body>).
    await page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 5_000 }).catch(() => undefined);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(/: broker 2, \/data\/d2: /);
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

  it("has no serious or critical accessibility findings at 1440 × 900 and on a phone", async () => {
    expect(await seriousA11yViolations(e2e.tab.page)).toEqual([]);
    const phone = await openPage(e2e.browser, PHONE);
    await openOverview(phone.page, e2e.app.url);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    // On a phone the heatmap is the compact table: every dir of a broker in view, the fullest ones too, with no sideways scroll.
    const compact = phone.page.locator("[data-heatmap-compact]");
    expect(await compact.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await compact.locator('[data-cell][data-path="/data/d3"]').count()).toBe(3);
    expect(await compact.locator('[data-cell][data-path="/data/d3"]').first().isVisible()).toBe(true);
    expect(await phone.page.locator('[data-heatmap="broker-dir"]').isVisible()).toBe(false);
    await elementScreenshot(phone.page.locator('[data-widget="broker-dir-heatmap"]'), "overview-heatmap-phone");
    await screenshot(phone.page, "overview-phone");
    await phone.page.context().close();
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
