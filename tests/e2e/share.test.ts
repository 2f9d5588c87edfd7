/**
 * Snapshot links in Chromium: share the dashboard with the overview's Share button, open the link in
 * a fresh browser context (no cookies, no storage: a colleague's browser) and see the same broker ×
 * log-dir heatmap, cell for cell; then restart the server on the same database and open it again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, SCREENSHOT_DIR } from "../support/e2e-browser";
import { startApp, type AppServer } from "../support/e2e-server";

let dir: string;
let env: Record<string, string>;
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-e2e-share-"));
  env = { KAFKA_BALANCE_DB: path.join(dir, "snapshots.db") };
  server = await startApp(env);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const CELLS = '[data-heatmap="broker-dir"] [data-cell]';

async function heatmapLabels(page: Page): Promise<string[]> {
  await page.locator(CELLS).first().waitFor();
  return page.locator(CELLS).evaluateAll((cells) => cells.map((c) => c.getAttribute("aria-label") ?? ""));
}

/**
 * Clicks the page's Share button, sets the options, creates the link; returns it as shown (and
 * copied). Fails when the page has no Share button.
 */
async function shareThroughButton(page: Page, options: { hashTopics: boolean }): Promise<string> {
  // The charts draw once React has hydrated the page; before that the button has no handler yet.
  await page.locator('[data-chart="bytes"] .recharts-bar-rectangle').first().waitFor();
  const button = page.locator("[data-share-button]");
  await expect(button.count()).resolves.toBe(1);
  await button.click();
  const panel = page.locator("[data-share-panel]");
  await expect(panel.locator("[data-share-redact-hosts]").isChecked()).resolves.toBe(true);
  if (options.hashTopics) await panel.locator("[data-share-hash-topics]").check();
  await panel.locator("[data-share-create]").click();
  const link = panel.locator("[data-share-link]");
  await link.waitFor();
  return link.inputValue();
}

describe("share links in Chromium", () => {
  it("the overview's Share button makes a link that a fresh browser context opens with the same heatmap, even after a restart", async () => {
    const sharer = await openPage(browser, { permissions: ["clipboard-read", "clipboard-write"] });
    await sharer.page.goto(`${server.url}/`);
    const original = await heatmapLabels(sharer.page);
    expect(original.length).toBeGreaterThan(0);
    const link = await shareThroughButton(sharer.page, { hashTopics: false });
    await expect(sharer.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);
    expect(sharer.errors).toEqual([]);
    expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
    const linkPath = new URL(link).pathname;

    const colleague = await openPage(browser);
    await colleague.page.goto(`${server.url}${linkPath}`);
    expect(await heatmapLabels(colleague.page)).toEqual(original);
    await expect(colleague.page.locator('[data-source-kind="shared"]').textContent()).resolves.toBe("shared");
    await screenshot(colleague.page, "share-shared-view");
    expect(colleague.errors).toEqual([]);
    await colleague.page.context().close();

    await server.stop();
    server = await startApp(env);
    const later = await openPage(browser);
    await later.page.goto(`${server.url}${linkPath}`);
    expect(await heatmapLabels(later.page)).toEqual(original);
    await later.page.context().close();
    await sharer.page.context().close();
  });

  it("a shared view's Share a copy button makes a copy with topic names hashed, copies it, and the copy opens with the same heatmap", async () => {
    const created = await fetch(`${server.url}/api/snapshots`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "snapshot", snapshot: ((await (await fetch(`${server.url}/api/cluster`)).json()) as { snapshot: unknown }).snapshot }),
    });
    const { url } = (await created.json()) as { url: string };
    const sharer = await openPage(browser, { permissions: ["clipboard-read", "clipboard-write"], acceptDownloads: true });
    await sharer.page.goto(`${server.url}${url}`);
    const original = await heatmapLabels(sharer.page);
    const link = await shareThroughButton(sharer.page, { hashTopics: true });
    expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
    expect(link).not.toContain(url);
    await expect(sharer.page.locator('[data-share-status="done"]').textContent()).resolves.toBe("Link copied to the clipboard.");
    await expect(sharer.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);
    await screenshot(sharer.page, "share-panel", false);

    // Exports of the shared view: the heatmap PNG (drawn from the same cells) and the dirs CSV, from the Export menu.
    await sharer.page.keyboard.press("Escape");
    await sharer.page.locator("[data-export-menu]").click();
    const [png] = await Promise.all([sharer.page.waitForEvent("download"), sharer.page.locator('[data-export="heatmap-png"]').click()]);
    expect(png.suggestedFilename()).toMatch(/^kafka-balance-.*-heatmap-utilization\.png$/);
    const pngFile = path.join(SCREENSHOT_DIR, "share-heatmap-export.png");
    await png.saveAs(pngFile);
    expect(fs.readFileSync(pngFile).subarray(1, 4).toString()).toBe("PNG");
    await sharer.page.locator("[data-export-menu]").click();
    const [csv] = await Promise.all([sharer.page.waitForEvent("download"), sharer.page.locator('[data-export="dirs-csv"]').click()]);
    const csvText = fs.readFileSync(await csv.path(), "utf8");
    expect(csvText.split("\r\n")).toHaveLength(original.length + 2);

    const colleague = await openPage(browser);
    await colleague.page.goto(`${server.url}${new URL(link).pathname}`);
    expect(await heatmapLabels(colleague.page)).toEqual(original);
    const record = (await (await fetch(`${server.url}/api/snapshots/${new URL(link).pathname.slice(3)}`)).json()) as {
      sharing: unknown;
      snapshot: { topics: { name: string }[]; brokers: { host: string | null }[] };
    };
    expect(record.sharing).toEqual({ redactHosts: true, hashTopics: true });
    expect(record.snapshot.brokers.every((b) => b.host === null)).toBe(true);
    expect(record.snapshot.topics.every((t) => t.name.startsWith("__") || /^topic-[0-9a-f]{10,}$/.test(t.name))).toBe(true);
    expect(colleague.errors).toEqual([]);
    await colleague.page.context().close();
    await sharer.page.context().close();
  });

  it("a shared view's page carries the view model, not the replicas; its topic grid and broker drawer ask the server with the link's id", async () => {
    const created = await fetch(`${server.url}/api/snapshots`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "snapshot", snapshot: ((await (await fetch(`${server.url}/api/cluster`)).json()) as { snapshot: unknown }).snapshot }),
    });
    const { id, url } = (await created.json()) as { id: string; url: string };
    // The HTML (with its RSC payload, where JSON quotes are escaped) holds no replica list.
    const html = await (await fetch(`${server.url}${url}`)).text();
    expect(html).toContain(`data-shared-id="${id}"`);
    expect(html).not.toMatch(/\\?"replicas\\?":\[\{/);

    const visitor = await openPage(browser);
    const asked: string[] = [];
    visitor.page.on("request", (r) => asked.push(r.url()));
    await visitor.page.goto(`${server.url}${url}`);
    await heatmapLabels(visitor.page);
    // The drawer's details come from GET /api/cluster/broker?shared=<id>.
    await visitor.page.locator('[data-heatmap="broker-dir"] [role="rowheader"]').first().click();
    await visitor.page.locator("[data-broker-drawer] >> text=Largest partition replicas").waitFor();
    expect(asked.some((u) => u.includes("/api/cluster/broker?") && u.includes(`shared=${id}`))).toBe(true);
    await visitor.page.keyboard.press("Escape");
    // A search is a page of the grid the server picks: GET /api/cluster/topics?…&shared=<id>.
    await visitor.page.locator("[data-topic-search]").fill("zzz-no-such-topic");
    await visitor.page.locator("text=No topic matches").waitFor();
    expect(asked.some((u) => u.includes("/api/cluster/topics?") && u.includes(`shared=${id}`))).toBe(true);
    // Nothing fetched the whole record: Share and Export were not used.
    expect(asked.some((u) => new URL(u).pathname === `/api/snapshots/${id}`)).toBe(false);
    expect(visitor.errors).toEqual([]);
    await visitor.page.context().close();
  });

  it("a snapshot read with warnings says so above the verdict, with host names redacted", async () => {
    const visitor = await openPage(browser);
    await visitor.page.goto(`${server.url}/`);
    const linkPath = await visitor.page.evaluate(async () => {
      const { snapshot } = (await (await fetch("/api/cluster")).json()) as { snapshot: { source: { warnings: string[] } } };
      snapshot.source.warnings = ["Throttle configs could not be read: kafka-1.prod.example.com:9092 answered CLUSTER_AUTHORIZATION_FAILED"];
      const created = await fetch("/api/snapshots", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "snapshot", snapshot }) });
      return new URL(((await created.json()) as { url: string }).url, location.origin).pathname;
    });
    await visitor.page.goto(`${server.url}${linkPath}`);
    const banner = visitor.page.locator("[data-reader-warnings]");
    await banner.waitFor();
    await expect(banner.locator("[data-reader-warning]").allTextContents()).resolves.toEqual(["Throttle configs could not be read: <host> answered CLUSTER_AUTHORIZATION_FAILED"]);
    await screenshot(visitor.page, "share-reader-warnings", false);
    expect(visitor.errors).toEqual([]);
    await visitor.page.context().close();
  });

  it("an unknown or malformed link answers 404 with a page that says so", async () => {
    const visitor = await openPage(browser);
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "not-a-link"]) {
      const response = await visitor.page.goto(`${server.url}/s/${id}`);
      expect(response?.status(), id).toBe(404);
      await expect(visitor.page.locator("[data-link-problem] h1").textContent()).resolves.toBe("No shared snapshot at this link");
    }
    expect(visitor.errors.filter((e) => !/404/.test(e))).toEqual([]);
    await visitor.page.context().close();
  });
});
