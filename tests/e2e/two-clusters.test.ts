/**
 * Two real Kafka clusters configured at once (the environment-only form, KAFKA_BALANCE_CLUSTERS), in
 * the built app: each is collected into the history, shown (the header's picker opens the same page
 * on the other cluster; the overview lists that cluster's own topics), and forecast (its dirs in
 * GET /api/history/forecast and the history page's forecast table), and each appears in /api/metrics.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../support/a11y";
import { launchBrowser, openPage } from "../support/e2e-browser";
import { startApp, type AppServer } from "../support/e2e-server";
import { MiB, startDataCluster, type DataCluster } from "../support/data-cluster";
import type { Browser } from "playwright-core";

// Client ports 19460 (alpha) and 19470 (beta); controllers 19510 and 19520.
const CLUSTERS = [
  { name: "alpha", basePort: 19460, topic: "alpha-orders" },
  { name: "beta", basePort: 19470, topic: "beta-events" },
] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let kafkas: DataCluster[] = [];
let app: AppServer | undefined;
let browser: Browser | undefined;

async function json<T>(url: string): Promise<T> {
  const r = await fetch(url);
  expect(r.status, url).toBe(200);
  return (await r.json()) as T;
}

describe("two clusters at once: each collected, shown and forecast", () => {
  beforeAll(async () => {
    kafkas = [];
    for (const c of CLUSTERS) {
      kafkas.push(
        await startDataCluster({
          baseDir: path.resolve(`.kafka/e2e-two-${c.name}`),
          basePort: c.basePort,
          nodes: 1,
          dirsPerNode: 2,
          clientId: `e2e-two-${c.name}`,
          topics: [{ name: c.topic, assignments: [[1], [1], [1]], bytes: 2 * MiB }],
        }),
      );
    }
    app = await startApp({
      KAFKA_BALANCE_CLUSTERS: CLUSTERS.map((c) => c.name).join(","),
      KAFKA_BALANCE_CLUSTER_ALPHA_BOOTSTRAP_SERVERS: kafkas[0]!.cluster.bootstrap,
      KAFKA_BALANCE_CLUSTER_ALPHA_LABEL: "Alpha",
      KAFKA_BALANCE_CLUSTER_BETA_BOOTSTRAP_SERVERS: kafkas[1]!.cluster.bootstrap,
      KAFKA_BALANCE_CLUSTER_BETA_LABEL: "Beta",
      KAFKA_BALANCE_COLLECT_INTERVAL_MS: "2000",
      KAFKA_BALANCE_REFRESH_MS: "1000",
      KAFKA_BALANCE_DB: path.resolve(`.kafka/e2e-two-store-${process.pid}.db`),
    });
    browser = await launchBrowser();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    for (const k of kafkas) await k.stop();
  }, 120_000);

  it("lists both clusters, collects each into its own history, and forecasts each one's dirs", async () => {
    const { clusters } = await json<{ clusters: { name: string; label: string; kind: string }[] }>(`${app!.url}/api/clusters`);
    expect(clusters.map((c) => [c.name, c.label, c.kind])).toEqual([
      ["alpha", "Alpha", "live"],
      ["beta", "Beta", "live"],
    ]);
    for (const c of CLUSTERS) {
      // The collector records every 2 s: wait for a few successful scans of this cluster.
      const deadline = Date.now() + 90_000;
      let points: { ok: boolean }[] = [];
      while (Date.now() < deadline) {
        const h = await json<{ points: { ok: boolean }[]; collected: boolean }>(`${app!.url}/api/history?cluster=${c.name}&scope=cluster`);
        expect(h.collected).toBe(true);
        points = h.points.filter((p) => p.ok);
        if (points.length >= 3) break;
        await sleep(1000);
      }
      expect(points.length, `${c.name}: successful scans recorded`).toBeGreaterThanOrEqual(3);
      const forecast = await json<{ cluster: string; total: number; dirs: { broker: number; dir: string }[] }>(`${app!.url}/api/history/forecast?cluster=${c.name}`);
      expect(forecast.cluster).toBe(c.name);
      const own = kafkas[CLUSTERS.indexOf(c)]!.cluster.nodes[0]!.logDirs;
      expect(forecast.dirs.map((d) => d.dir).sort()).toEqual([...own].sort());
    }
    const metrics = await (await fetch(`${app!.url}/api/metrics`)).text();
    for (const c of CLUSTERS) expect(metrics).toContain(`kafka_balance_collector_up{cluster="${c.name}"} 1`);
  }, 240_000);

  it("shows each cluster: the picker opens the same page on the other cluster, with that cluster's brokers, dirs and forecast", async () => {
    const tab = await openPage(browser!);
    // The overview shows the cluster it names (its bootstrap servers and its dirs), never the other's.
    const shows = async (i: number) => {
      const mine = kafkas[i]!.cluster.bootstrap;
      const theirs = kafkas[1 - i]!.cluster.bootstrap;
      const deadline = Date.now() + 30_000;
      for (;;) {
        const text = await tab.page.evaluate(() => document.body.innerText);
        if (text.includes(mine) && text.includes(`e2e-two-${CLUSTERS[i]!.name}`) && !text.includes(theirs)) return;
        if (Date.now() > deadline) throw new Error(`the overview does not show cluster ${CLUSTERS[i]!.name} alone:\n${text.slice(0, 1500)}`);
        await sleep(500);
      }
    };
    await tab.page.goto(`${app!.url}/?cluster=alpha`);
    await shows(0);
    expect(await tab.page.inputValue("[data-cluster-picker]")).toBe("alpha");
    await tab.page.selectOption("[data-cluster-picker]", "beta");
    await tab.page.waitForURL(/\?cluster=beta/);
    await shows(1);
    expect(await tab.page.inputValue("[data-cluster-picker]")).toBe("beta");
    // Each overview has the forecast card, from its own cluster's history.
    await tab.page.getByText("Every dir's forecast and history").first().waitFor({ timeout: 30_000 });
    // The navigation keeps the cluster.
    expect(await tab.page.locator('[data-nav-link="/history"]').getAttribute("href")).toBe("/history?cluster=beta");
    await tab.page.goto(`${app!.url}/history?cluster=beta`);
    const betaDirs = kafkas[1]!.cluster.nodes[0]!.logDirs;
    await tab.page.getByText(betaDirs[0]!).first().waitFor({ timeout: 30_000 });
    expect(await seriousA11yViolations(tab.page)).toEqual([]);
    expect(tab.errors).toEqual([]);
    await tab.page.close();
  }, 120_000);
});
