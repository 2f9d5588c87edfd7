/**
 * Share, export and context in Chromium, the journeys an operator takes:
 * - the overview's Export menu: every format downloads, and each file holds what the overview shows;
 * - import → overview → "Plan a rebalance" plans the import (not the demo) → "Share this plan" → the
 *   link opens that plan in a fresh browser context;
 * - import → "Simulate" simulates the import;
 * - a shared snapshot offers Plan and Simulate on itself;
 * - the planner's share popovers stay inside the screen (1440 × 900 and a phone), close on Escape and
 *   give focus back to their button; axe finds nothing serious with a popover, menu or drawer open;
 * - every heatmap opens the broker drawer: the planner's before and after, the simulator's panels.
 * Screenshots of every popover, menu and drawer go to test-results/screenshots/.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContextOptions, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { parseSnapshot } from "@/lib/model/parse";
import { balanceReport } from "@/lib/model/report";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { planRebalance, PlanOptionsSchema } from "@/lib/plan";
import { demoSnapshot } from "@/lib/simulate/presets";
import { PHONE, seriousA11yViolations } from "../support/a11y";
import { openPage, screenshot, SCREENSHOT_DIR } from "../support/e2e-browser";
import { useE2eSession } from "../support/e2e-session";

const samples = path.resolve(__dirname, "..", "..", "public", "samples");
const logDirs = fs.readFileSync(path.join(samples, "kafka-log-dirs.txt"), "utf8");
const topics = fs.readFileSync(path.join(samples, "kafka-topics.txt"), "utf8");
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };

const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-e2e-share-export-"));
afterAll(() => fs.rmSync(dbDir, { recursive: true, force: true }));

/** Opens the Export menu, picks an item, and answers the downloaded file's name and bytes. */
async function exportFile(page: Page, item: string, set?: string): Promise<{ name: string; bytes: Buffer }> {
  await page.locator("[data-export-menu]").first().click();
  const selector = `[data-export-panel] [data-export="${item}"]${set ? `[data-export-set="${set}"]` : ""}`;
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator(selector).click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
}

function csvRows(bytes: Buffer): string[] {
  const lines = bytes.toString("utf8").split("\r\n");
  expect(lines.at(-1)).toBe("");
  return lines.slice(0, -1);
}

function snapshotOf(text: string): ClusterSnapshot {
  const parsed = parseSnapshot(JSON.parse(text));
  if (!parsed.ok) throw new Error(`the JSON export is not a snapshot: ${parsed.error.message}`);
  return parsed.value;
}

/** The element's box lies inside the viewport (nothing cut off, nothing off-screen). */
async function expectInsideViewport(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, selector).not.toBeNull();
  expect(box!.x, `${selector} left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${selector} top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${selector} right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height, `${selector} bottom edge`).toBeLessThanOrEqual(viewport.height);
}

async function importSamples(page: Page, url: string): Promise<{ label: string; snapshot: ClusterSnapshot }> {
  await page.goto(`${url}/import`);
  await page.locator("#logDirs").fill(logDirs);
  await page.locator("#topics").fill(topics);
  await page.locator("[data-import-submit]").click();
  await page.waitForURL(/\/import\/overview$/);
  await page.waitForSelector('[data-chart="bytes"] .recharts-bar-rectangle');
  const stored = await page.evaluate(() => sessionStorage.getItem("kafka-balance:imported-snapshot"));
  return { label: (await page.locator("[data-source-label]").textContent())!, snapshot: snapshotOf(stored!) };
}

async function planReady(page: Page): Promise<void> {
  await page.waitForSelector('button[type="submit"]:not([disabled])');
}

/** Plans the dirs alone (the dir goal, every other goal left out), by bytes. */
async function plan(page: Page): Promise<void> {
  await planReady(page);
  for (const goal of ["broker-bytes", "broker-replicas", "broker-leaders", "topic-spread"]) await page.locator(`[data-goal-include="${goal}"]`).uncheck();
  await page.selectOption("#plan-intraObjective", "bytes");
  await page.click('button[type="submit"]');
  await page.waitForSelector("[data-plan-result]");
}

/** Opens a share popover by its button's name, creates nothing; answers the button. */
async function openSharePopover(page: Page, name: string) {
  const button = page.getByRole("button", { name, exact: true });
  await button.click();
  await page.locator("[data-share-panel]").waitFor();
  return button;
}

async function simulatorSettled(page: Page): Promise<void> {
  await page.waitForSelector("[data-hydrated]");
  await page.waitForSelector("[data-run]:not([aria-disabled])");
  await page.waitForSelector("[data-run-summary]");
}

describe("share, export and context", () => {
  const e2e = useE2eSession({ env: { KAFKA_BALANCE_DB: path.join(dbDir, "snapshots.db") } });

  it("overview → Export: the heatmaps as PNG, brokers and log dirs as CSV, the snapshot as JSON, each with what the overview shows", async () => {
    const { page, errors } = await openPage(e2e.browser, { ...DESKTOP, acceptDownloads: true });
    const report = balanceReport(demoSnapshot());
    await page.goto(`${e2e.app.url}/`);
    await page.waitForSelector('[data-chart="bytes"] .recharts-bar-rectangle');

    await page.locator("[data-export-menu]").click();
    await page.locator("[data-export-panel]").waitFor();
    await expectInsideViewport(page, "[data-export-panel]");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "export-menu-overview", false);
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-export-menu"))).toBe(true);

    for (const item of ["heatmap-png", "topics-png"]) {
      const png = await exportFile(page, item);
      expect(png.name).toMatch(/^kafka-balance-.*\.png$/);
      expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      // IHDR: width and height, big-endian, at bytes 16 and 20; drawn at 2× for sharpness.
      expect(png.bytes.readUInt32BE(16)).toBeGreaterThan(400);
      expect(png.bytes.readUInt32BE(20)).toBeGreaterThan(200);
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      fs.writeFileSync(path.join(SCREENSHOT_DIR, `export-overview-${item}.png`), png.bytes);
    }
    const brokers = csvRows((await exportFile(page, "brokers-csv")).bytes);
    expect(brokers[0]).toBe("broker,rack,state,replicas,leaders,bytes,future_bytes,log_dirs");
    expect(brokers.slice(1).map((r) => r.split(",")[0])).toEqual(report.brokers.map((b) => String(b.id)));
    const dirs = csvRows((await exportFile(page, "dirs-csv")).bytes);
    expect(dirs[0]).toMatch(/^broker,log_dir,state,partitions,/);
    expect(dirs).toHaveLength(report.dirs.length + 1);
    const json = await exportFile(page, "json");
    expect(json.name).toMatch(/^kafka-balance-.*\.json$/);
    const snapshot = snapshotOf(json.bytes.toString("utf8"));
    expect(snapshot.brokers.map((b) => b.id)).toEqual(demoSnapshot().brokers.map((b) => b.id));
    expect(balanceReport(snapshot).dirs.map((d) => [d.broker, d.path, d.bytes])).toEqual(report.dirs.map((d) => [d.broker, d.path, d.bytes]));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("import → overview → Plan a rebalance plans the import, not the demo → Share this plan → the link opens that plan in a fresh context", async () => {
    const { page, errors } = await openPage(e2e.browser, { ...DESKTOP, permissions: ["clipboard-read", "clipboard-write"], acceptDownloads: true });
    const imported = await importSamples(page, e2e.app.url);
    // The import overview exports too: its heatmap (bytes, capacity unknown) as PNG.
    const png = await exportFile(page, "heatmap-png");
    expect(png.name).toMatch(/-heatmap-bytes\.png$/);
    fs.writeFileSync(path.join(SCREENSHOT_DIR, "export-import-heatmap-png.png"), png.bytes);
    await page.locator("[data-open-planner]").click();
    await page.waitForURL(/\/plan\?base=imported$/);
    await planReady(page);
    expect(await page.locator("[data-working-on-label]").textContent()).toBe(imported.label);
    expect(await page.locator("[data-working-on]").getAttribute("data-working-on")).toBe("import");
    await plan(page);
    const planned = planRebalance(imported.snapshot, PlanOptionsSchema.parse({ goals: ["dir-utilization"], intraObjective: "bytes", bootstrapServer: "localhost:9092" }));
    if (!planned.ok) throw new Error(planned.error.message);
    const expected = planned.value;
    expect(expected.moves.length).toBeGreaterThan(0);
    expect(await page.locator("#plan-json").textContent()).toBe(expected.reassignmentJson);
    // The import's dirs, not the demo's.
    expect(await page.locator('[data-plan-result] [data-cell][data-path^="/var/lib/kafka/"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-plan-result] [data-cell][data-path^="/data/"]').count()).toBe(0);
    // No apply against the server's own cluster for an imported snapshot.
    expect(await page.locator("[data-apply-panel]").count()).toBe(0);

    const button = await openSharePopover(page, "Share this plan");
    await expectInsideViewport(page, "[data-share-panel]");
    await page.locator("[data-share-create]").click();
    const link = await page.locator("[data-share-link]").inputValue();
    expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
    await page.keyboard.press("Escape");
    await page.locator("[data-share-panel]").waitFor({ state: "detached" });
    // The popover gives focus back to its button just after the panel unmounts (a task later): wait for it, bounded, then check.
    await page.waitForFunction((el) => el === document.activeElement, await button.elementHandle(), { timeout: 5_000 }).catch(() => undefined);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);

    const colleague = await openPage(e2e.browser, DESKTOP);
    await colleague.page.goto(new URL(new URL(link).pathname, e2e.app.url).toString());
    await colleague.page.waitForURL(/\/plan\?shared=/);
    await colleague.page.waitForSelector("[data-plan-result]");
    expect(await colleague.page.locator("[data-working-on-label]").textContent()).toBe(imported.label);
    expect(await colleague.page.locator("#plan-json").textContent()).toBe(expected.reassignmentJson);
    expect(colleague.errors).toEqual([]);
    await colleague.page.context().close();
    await page.context().close();
  });

  it("import → Simulate starts the simulator on the import, and its panels open the broker drawer", async () => {
    const { page, errors } = await openPage(e2e.browser, DESKTOP);
    const imported = await importSamples(page, e2e.app.url);
    await page.locator("[data-open-simulator]").click();
    await page.waitForURL(/\/simulate\?/);
    await simulatorSettled(page);
    expect(await page.getByLabel("Base cluster").inputValue()).toBe("imported");
    expect(await page.locator("[data-working-on-label]").textContent()).toBe(imported.label);
    expect(await page.locator("[data-run-summary]").textContent()).toMatch(/3 brokers/);
    // The import has no capacity: compact grids on one bytes scale; a broker opens from its row header.
    await page.locator('[data-side="before"] [data-open-broker="2"]').click();
    const drawer = page.locator('[data-broker-drawer="2"]');
    await drawer.waitFor();
    expect(await drawer.locator("[data-broker-drawer-context]").textContent()).toBe("Before (the base)");
    expect(await drawer.textContent()).toContain("/var/lib/kafka/d2");
    await drawer.locator("text=Largest partition replicas").waitFor();
    await page.waitForFunction(() => document.querySelectorAll("[data-broker-drawer] table").length === 2);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    // The dialog hands focus back in a task after it unmounts (Radix's FocusScope): wait for it, then check where it went.
    await page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 5_000 }).catch(() => undefined);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-open-broker"))).toBe("2");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a shared snapshot offers Plan and Simulate on itself", async () => {
    const { page, errors } = await openPage(e2e.browser, DESKTOP);
    const snapshot = demoSnapshot();
    snapshot.source.label = "shared-e2e cluster";
    const created = await fetch(`${e2e.app.url}/api/snapshots`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "snapshot", snapshot }),
    });
    const { id } = (await created.json()) as { id: string };
    await page.goto(`${e2e.app.url}/s/${id}`);
    await page.waitForSelector('[data-chart="bytes"] .recharts-bar-rectangle');
    await page.locator("[data-open-planner]").click();
    await page.waitForURL(new RegExp(`/plan\\?shared=${id}$`));
    await planReady(page);
    expect(await page.locator("[data-working-on-label]").textContent()).toBe("shared-e2e cluster");
    expect(await page.locator("[data-working-on]").getAttribute("data-working-on")).toBe("shared link");
    await plan(page);
    expect(await page.locator("[data-plan-result] [data-broker-row]").count()).toBe(6);

    await page.goto(`${e2e.app.url}/s/${id}`);
    await page.waitForSelector('[data-chart="bytes"] .recharts-bar-rectangle');
    await page.locator("[data-open-simulator]").click();
    await page.waitForURL(new RegExp(`/simulate\\?shared=${id}$`));
    await simulatorSettled(page);
    expect(await page.getByLabel("Base cluster").inputValue()).toBe("shared");
    expect(await page.locator("[data-working-on-label]").textContent()).toBe("shared-e2e cluster");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const [size, options] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`the planner's share popovers stay inside the screen (${size}), close on Escape and give focus back; axe finds nothing serious with them open`, async () => {
      const { page, errors } = await openPage(e2e.browser, options);
      await page.goto(`${e2e.app.url}/plan`);
      await plan(page);
      const planButton = await openSharePopover(page, "Share this plan");
      await expectInsideViewport(page, "[data-share-panel]");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `share-popover-plan-${size}`, false);
      await page.keyboard.press("Escape");
      await page.locator("[data-share-panel]").waitFor({ state: "detached" });
      expect(await planButton.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.locator("[data-review-panel] > summary").click();
      await page.fill("[data-review-input]", (await page.locator("#plan-json").textContent())!);
      await page.click("[data-review-submit]");
      await page.waitForSelector("[data-review-result]");
      const reviewButton = await openSharePopover(page, "Share this review");
      await expectInsideViewport(page, "[data-share-panel]");
      await screenshot(page, `share-popover-review-${size}`, false);
      await page.keyboard.press("Escape");
      await page.locator("[data-share-panel]").waitFor({ state: "detached" });
      expect(await reviewButton.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.locator("[data-export-menu]").first().click();
      await page.locator("[data-export-panel]").waitFor();
      await expectInsideViewport(page, "[data-export-panel]");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `export-menu-plan-${size}`, false);
      await page.keyboard.press("Escape");
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it("the planner's before and after heatmaps open the broker drawer, the after one with the planned cluster's replicas; the after snapshot exports as JSON", async () => {
    for (const [size, options] of [
      ["desktop", { ...DESKTOP, acceptDownloads: true }],
      ["phone", { ...PHONE, acceptDownloads: true }],
    ] as const) {
      const { page, errors } = await openPage(e2e.browser, options);
      await page.goto(`${e2e.app.url}/plan`);
      await plan(page);
      const heatmaps = page.locator('[data-plan-result] [data-heatmap="broker-dir"]');
      await heatmaps.last().locator('[data-broker-row="2"] [role="rowheader"]').click();
      const drawer = page.locator('[data-broker-drawer="2"]');
      await drawer.waitFor();
      expect(await drawer.locator("[data-broker-drawer-context]").textContent()).toBe("After the plan");
      // The planned cluster's replicas are fetched when the drawer opens.
      await page.waitForFunction(() => document.querySelectorAll("[data-broker-drawer] table").length === 2);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `broker-drawer-plan-${size}`, false);
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "detached" });

      if (size === "desktop") {
        const planned = planRebalance(demoSnapshot(), PlanOptionsSchema.parse({ goals: ["dir-utilization"], intraObjective: "bytes", bootstrapServer: "localhost:9092" }));
        if (!planned.ok) throw new Error(planned.error.message);
        const expected = planned.value;
        const after = snapshotOf((await exportFile(page, "json", "after")).bytes.toString("utf8"));
        expect(balanceReport(after).dirs.map((d) => [d.broker, d.path, d.bytes])).toEqual(expected.after.dirs.map((d) => [d.broker, d.path, d.bytes]));
        const csv = csvRows((await exportFile(page, "dirs-csv", "after")).bytes);
        expect(csv).toHaveLength(expected.after.dirs.length + 1);
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it("the simulator's comparison and before/after panels open the broker drawer with the simulated cluster's replicas; Share this run and Export", async () => {
    const { page, errors } = await openPage(e2e.browser, { ...DESKTOP, permissions: ["clipboard-read", "clipboard-write"], acceptDownloads: true });
    await page.goto(`${e2e.app.url}/simulate?preset=consumer-offsets-skew`);
    await simulatorSettled(page);
    await page.locator('[data-outcome="least-bytes"] [data-open-broker="1"]').click();
    const drawer = page.locator('[data-broker-drawer="1"]');
    await drawer.waitFor();
    expect(await drawer.locator("[data-broker-drawer-context]").textContent()).toBe("least-bytes, after the last step");
    await page.waitForFunction(() => document.querySelectorAll("[data-broker-drawer] table").length === 2);
    expect(await drawer.locator("tbody tr", { hasText: "orders-" }).count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "broker-drawer-simulate-desktop", false);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });

    await page.locator('[data-side="after"] [data-heatmap="broker-dir"] [data-broker-row="3"] [role="rowheader"]').click();
    await page.locator('[data-broker-drawer="3"]').waitFor();
    expect(await page.locator("[data-broker-drawer-context]").textContent()).toMatch(/^After the last step/);
    await page.keyboard.press("Escape");

    // Export: the base's heatmap as PNG (on the panels' shared scale) and, fetched on demand, its snapshot.
    const png = await exportFile(page, "heatmap-png", "before");
    fs.writeFileSync(path.join(SCREENSHOT_DIR, "export-simulate-before-heatmap-png.png"), png.bytes);
    const base = snapshotOf((await exportFile(page, "json", "before")).bytes.toString("utf8"));
    expect(base.brokers.map((b) => b.id)).toEqual([1, 2, 3]);

    // Share this run: a scenario link that reopens the same run in a fresh context.
    const verdict = await page.locator("[data-compare-verdict]").textContent();
    await page.locator("[data-share-button]").click();
    await page.locator("[data-share-panel]").waitFor();
    await expectInsideViewport(page, "[data-share-panel]");
    await screenshot(page, "share-popover-simulate-desktop", false);
    await page.locator("[data-share-create]").click();
    const link = await page.locator("[data-share-link]").inputValue();
    await page.keyboard.press("Escape");
    const colleague = await openPage(e2e.browser, DESKTOP);
    await colleague.page.goto(new URL(new URL(link).pathname, e2e.app.url).toString());
    await colleague.page.waitForURL(/\/simulate\?shared=/);
    await simulatorSettled(colleague.page);
    expect(await colleague.page.locator("[data-compare-verdict]").textContent()).toBe(verdict);
    expect(colleague.errors).toEqual([]);
    await colleague.page.context().close();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the simulator's share popover, export menu and broker drawer on a phone", async () => {
    const { page, errors } = await openPage(e2e.browser, PHONE);
    await page.goto(`${e2e.app.url}/simulate?preset=consumer-offsets-skew`);
    await simulatorSettled(page);
    await page.locator("[data-share-button]").click();
    await page.locator("[data-share-panel]").waitFor();
    await expectInsideViewport(page, "[data-share-panel]");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "share-popover-simulate-phone", false);
    await page.keyboard.press("Escape");
    await page.locator("[data-export-menu]").click();
    await page.locator("[data-export-panel]").waitFor();
    await expectInsideViewport(page, "[data-export-panel]");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "export-menu-simulate-phone", false);
    await page.keyboard.press("Escape");
    await page.locator('[data-outcome="kafka-count"] [data-open-broker="2"]').click();
    await page.locator('[data-broker-drawer="2"]').waitFor();
    await page.waitForFunction(() => document.querySelectorAll("[data-broker-drawer] table").length === 2);
    await expectInsideViewport(page, '[data-broker-drawer="2"]');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "broker-drawer-simulate-phone", false);
    await page.keyboard.press("Escape");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the overview's share popover, export menu and broker drawer on a phone", async () => {
    const { page, errors } = await openPage(e2e.browser, PHONE);
    await page.goto(`${e2e.app.url}/`);
    await page.waitForSelector('[data-chart="bytes"] .recharts-bar-rectangle');
    await page.locator("[data-share-button]").click();
    await page.locator("[data-share-panel]").waitFor();
    await expectInsideViewport(page, "[data-share-panel]");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "share-popover-overview-phone", false);
    await page.keyboard.press("Escape");
    await page.locator("[data-export-menu]").click();
    await page.locator("[data-export-panel]").waitFor();
    await expectInsideViewport(page, "[data-export-panel]");
    await screenshot(page, "export-menu-overview-phone", false);
    await page.keyboard.press("Escape");
    // On a phone the broker × dir heatmap is the compact table, whose broker names open the drawer.
    await page.locator('[data-heatmap-compact] [data-open-broker="1"]').click();
    await page.locator('[data-broker-drawer="1"]').waitFor();
    await expectInsideViewport(page, '[data-broker-drawer="1"]');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "broker-drawer-overview-phone", false);
    await page.keyboard.press("Escape");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
