// Against a real local Kafka (3 KRaft nodes × 2 log dirs, started by scripts/kafka/cluster.ts): the
// overview lists its brokers and their log dirs.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { Admin } from "@platformatic/kafka";
import { startCluster, type LocalCluster } from "@/scripts/kafka/cluster";
import { launchBrowser, openPage, screenshot } from "../support/e2e-browser";
import { startApp, type AppServer } from "../support/e2e-server";

/** 19640: this file's ports (19640–19642 clients, 19690–19692 controllers); no other file uses them (files run side by side). */
const BASE_PORT = 19640;
const BASE_DIR = path.resolve(__dirname, "..", "..", ".kafka", "e2e-live");

let cluster: LocalCluster | undefined;
let app: AppServer | undefined;
let browser: Browser | undefined;

describe("overview (live local Kafka)", () => {
  beforeAll(async () => {
    cluster = await startCluster({ baseDir: BASE_DIR, basePort: BASE_PORT, nodes: 3, dirsPerNode: 2 });
    const admin = new Admin({ clientId: "kafka-balance-e2e", bootstrapBrokers: cluster.bootstrap.split(",") });
    try {
      await admin.createTopics({ topics: ["e2e-orders"], partitions: 6, replicas: 2 });
    } finally {
      await admin.close();
    }
    app = await startApp({ KAFKA_BOOTSTRAP_SERVERS: cluster.bootstrap });
    browser = await launchBrowser();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await cluster?.stop();
  });

  it("lists the cluster's brokers with one cell per log dir", async () => {
    const { page, errors } = await openPage(browser!);
    await page.goto(`${app!.url}/`);
    await page.waitForSelector('[data-heatmap="broker-dir"] [data-cell]');
    expect(await page.locator("[data-source-kind]").textContent()).toBe("live");
    const rows = await page.locator("[data-broker-row]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-broker-row"))));
    expect(rows).toEqual(cluster!.nodes.map((n) => n.id).sort((a, b) => a - b));
    for (const node of cluster!.nodes) {
      const paths = await page.locator(`[data-broker-row="${node.id}"] [data-cell]`).evaluateAll((els) => els.map((e) => e.getAttribute("data-path")));
      expect(paths.sort()).toEqual([...node.logDirs].sort());
    }
    // A fresh cluster may hold no bytes yet: then the bytes chart shows its empty state instead of bars.
    await page.waitForSelector('[data-chart="bytes"] .recharts-surface, [data-widget="broker-bytes-chart"][data-state="empty"]');
    await screenshot(page, "overview-live");
    // Refresh scans again and asks for the view model with the ETag of the one shown: 304 when no
    // figure moved (the capture time comes in a header), else the new model; never the snapshot.
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().includes("/api/cluster/overview?refresh=1")), page.locator("[data-refresh]").click()]);
    expect([200, 304]).toContain(answer.status());
    expect(answer.request().headers()["if-none-match"]).toMatch(/^"/);
    await page.waitForSelector("[data-refresh]:not([disabled])");
    expect(errors).toEqual([]);
  });
});
