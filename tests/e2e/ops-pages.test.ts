// Two operator pages in Chromium on one app whose demo cluster is a 4-broker × 3-dir snapshot file and
// whose store already holds 168 audit entries (about 40 minutes of a busy apply, refused writes among
// them): the audit page a page of 50 at a time with Newer / Older and a total, filtered by actor,
// action, result and a UTC time range; and the planner's Before/After heatmaps at a 1280 px desktop
// width, every broker of the four shown without a scroll. Screenshots go to test-results/screenshots/
// (and /tmp/shots/ when it exists).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { openStore } from "@/lib/store";
import { horizontalOverflow, seriousA11yViolations } from "../support/a11y";
import { openPage, screenshot } from "../support/e2e-browser";
import { useE2eSession } from "../support/e2e-session";

const DIR = fs.mkdtempSync(path.join(os.tmpdir(), "kafka-balance-e2e-ops-"));
const DB = path.join(DIR, "snapshots.db");
const SNAPSHOT_FILE = path.join(DIR, "four-brokers.json");
fs.writeFileSync(SNAPSHOT_FILE, JSON.stringify(syntheticCluster({ brokers: 4, dirsPerBroker: 3, replicas: 600, partitionsPerTopic: 50, skew: 2, seed: 11 })));
const T0 = Date.UTC(2026, 11, 3, 8, 0, 0);
const ENTRIES = 168;

/** 168 entries, one every 15 s from 08:00 UTC: every 7th a refused apply by nobody, the rest carol's configs set. */
async function seedAudit(): Promise<void> {
  const store = openStore({ kind: "sqlite", file: DB });
  try {
    for (let i = 0; i < ENTRIES; i++) {
      const refused = i % 7 === 0;
      await store.audit.append({
        at: new Date(T0 + i * 15_000).toISOString(),
        cluster: "demo",
        actor: refused ? "unauthenticated" : "carol",
        jobId: refused ? null : "mj2k1-abc123",
        action: refused ? "apply-requested" : "alter-configs",
        target: refused ? "POST /api/plan/apply" : `broker ${(i % 4) + 1}: follower.replication.throttled.rate`,
        result: refused ? "refused" : "ok",
        detail: refused ? "401 unauthorized: Applying plans to the cluster needs the write token" : `entry ${i}`,
      });
    }
  } finally {
    await store.close();
  }
}
const seeded = seedAudit();

const copyShot = (file: string, name: string) => {
  if (fs.existsSync("/tmp/shots")) fs.copyFileSync(file, path.join("/tmp/shots", name));
};

const heading = (page: Page) => page.locator("#audit-table-title").textContent();
const rowCount = (page: Page) => page.locator("[data-audit-row]").count();
const firstDetail = (page: Page) => page.locator("[data-audit-row] td").nth(5).textContent();

describe("the audit page and the plan's heatmaps, 4 brokers", () => {
  const e2e = useE2eSession({ env: { KAFKA_BALANCE_DB: DB, KAFKA_BALANCE_DEMO_SNAPSHOT_FILE: SNAPSHOT_FILE } });

  it("pages the audit log 50 at a time with a total, Older and Newer, and filters it by actor, action, result and time (UTC)", async () => {
    await seeded;
    const { page } = await openPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${e2e.app.url}/audit`);
    await page.waitForSelector("[data-audit-table]");
    expect(await heading(page)).toBe("Entries 1–50 of 168, newest first");
    expect(await rowCount(page)).toBe(50);
    expect(await firstDetail(page)).toBe("entry 167");
    const older = page.locator('[data-audit-pager="top"] button', { hasText: "Older" });
    const newer = page.locator('[data-audit-pager="top"] button', { hasText: "Newer" });
    expect(await newer.isDisabled()).toBe(true);
    await older.click();
    await page.waitForFunction(() => document.querySelector("#audit-table-title")?.textContent?.startsWith("Entries 51–100"));
    expect(await firstDetail(page)).toBe("entry 117");
    for (let i = 0; i < 2; i++) {
      const before = await heading(page);
      await older.click();
      await page.waitForFunction((b) => document.querySelector("#audit-table-title")?.textContent !== b, before);
    }
    expect(await heading(page)).toBe("Entries 151–168 of 168, newest first");
    expect(await rowCount(page)).toBe(18);
    expect(await older.isDisabled()).toBe(true);
    await newer.click();
    await page.waitForFunction(() => document.querySelector("#audit-table-title")?.textContent?.startsWith("Entries 101–150"));

    // Refused applies by nobody, from 08:10 to 08:30 UTC: entries 40..120 of which every 7th.
    await page.fill('[data-audit-filters] input[name="actor"]', "unauthenticated");
    await page.selectOption('[data-audit-filters] select[name="action"]', "apply-requested");
    await page.selectOption('[data-audit-filters] select[name="result"]', "refused");
    await page.fill('[data-audit-filters] input[name="from"]', "2026-12-03T08:10");
    await page.fill('[data-audit-filters] input[name="to"]', "2026-12-03T08:29");
    await page.click('[data-audit-filters] button[type="submit"]');
    const expected = Array.from({ length: ENTRIES }, (_, i) => i).filter((i) => i % 7 === 0 && i >= 40 && i <= 119);
    await page.waitForFunction((n) => document.querySelector("#audit-table-title")?.textContent === `Entries 1–${n} of ${n} matching, newest first`, expected.length);
    expect(await page.locator("[data-audit-row]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-audit-row")))).toEqual(expected.map(() => "apply-requested"));
    expect(await page.locator("[data-audit-row] td:nth-child(2)").allTextContents()).toEqual(expected.map(() => "unauthenticated"));
    expect(await page.locator("[data-audit-row] time").evaluateAll((t) => t.map((x) => x.getAttribute("datetime")))).toEqual(
      [...expected].reverse().map((i) => new Date(T0 + i * 15_000).toISOString()),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    copyShot(await screenshot(page, "audit-page-filtered", false), "audit-page-filtered.png");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Nothing matches: said so, not "nothing was ever written".
    await page.fill('[data-audit-filters] input[name="actor"]', "nobody-at-all");
    await page.click('[data-audit-filters] button[type="submit"]');
    await page.waitForSelector("[data-audit-no-match]");
    expect(await page.locator("[data-audit-empty]").count()).toBe(0);
    // A filter the server cannot read: its message says what to fix.
    await page.fill('[data-audit-filters] input[name="actor"]', "two words");
    await page.click('[data-audit-filters] button[type="submit"]');
    await page.waitForSelector("[data-audit-error]");
    expect(await page.locator("[data-audit-error]").textContent()).toMatch(/actor is a write token's label/);

    await page.click('[data-audit-filters] button:has-text("Clear filters")');
    await page.waitForFunction(() => document.querySelector("#audit-table-title")?.textContent === "Entries 1–50 of 168, newest first");
    copyShot(await screenshot(page, "audit-page", false), "audit-page.png");
    await page.context().close();
  });

  it("shows every broker of the four in the plan's Before and After heatmaps at 1280 px, without a scroll inside them or across the page", async () => {
    const { page, errors } = await openPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${e2e.app.url}/plan`);
    await page.waitForSelector("[data-plan-submit]:not([disabled])");
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-result]");
    const maps = page.locator('[data-plan-result] [data-heatmap="broker-dir"]');
    expect(await maps.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      const grid = maps.nth(i);
      expect(await grid.locator("[data-broker-row]").count()).toBe(4);
      const fit = await grid.evaluate((g) => {
        const box = g.closest("[data-heatmap-scroll]")!;
        const b = box.getBoundingClientRect();
        const rows = [...g.querySelectorAll("[data-broker-row]")].map((r) => r.getBoundingClientRect());
        return {
          horizontal: box.scrollWidth - box.clientWidth,
          vertical: box.scrollHeight - box.clientHeight,
          rowsInside: rows.every((r) => r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5 && r.left >= b.left - 0.5 && r.right <= b.right + 0.5),
        };
      });
      expect(fit, `heatmap ${i}`).toEqual({ horizontal: 0, vertical: 0, rowsInside: true });
    }
    expect(await horizontalOverflow(page)).toBe(0);
    await page.locator("#plan-before-title").scrollIntoViewIfNeeded();
    // The pointer off the grids: no cell's tooltip in the picture.
    await page.mouse.move(0, 0);
    await page.waitForSelector("[data-cell-tip]", { state: "detached" });
    const pair = page.locator("#plan-before-title").locator("xpath=ancestor::section[1]/..");
    fs.mkdirSync(path.resolve("test-results", "screenshots"), { recursive: true });
    const file = path.resolve("test-results", "screenshots", "plan-heatmaps.png");
    await pair.screenshot({ path: file });
    copyShot(file, "plan-heatmaps.png");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
