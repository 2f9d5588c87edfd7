// The history page, the overview's forecast card and the simulator's forecast base in Chromium, on the
// demo (no live cluster, so nothing is collected): the history page says why it is empty, the
// overview has no forecast card and never asks for one, a forecast base is refused with a 409 that
// says why, and a bad one with a 400 naming the field; no serious axe finding, light and dark.
// On a real local Kafka collected every 2 s, with a topic growing: the charts and the forecast table draw
// rows, ranges zoom from the keyboard and by dragging, the overview shows the forecast card, and the
// simulator starts from the forecast. Screenshots go to test-results/screenshots/.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Admin } from "@platformatic/kafka";
import { Kafka, logLevel } from "kafkajs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CLUSTER } from "@/lib/cluster/clusters";
import { connectionFromEnv } from "@/lib/cluster/connection";
import { readCluster } from "@/lib/cluster/live";
import type { ApplyJobRecord } from "@/lib/plan/job-model";
import { closeStore, getStore } from "@/lib/store";
import { startCluster, type LocalCluster } from "@/scripts/kafka/cluster";
import { seriousA11yViolations } from "../support/a11y";
import { launchBrowser, openPage, screenshot } from "../support/e2e-browser";
import { startApp, type AppServer } from "../support/e2e-server";
import { useE2eSession } from "../support/e2e-session";

describe("history (demo: a generated history, never collected)", () => {
  const e2e = useE2eSession();

  for (const colorScheme of ["light", "dark"] as const) {
    it(`the history page shows the demo's generated history and says so (${colorScheme}), with no serious axe finding`, async () => {
      const tab = await openPage(e2e.browser, { colorScheme });
      const { page } = tab;
      await page.goto(`${e2e.app.url}/history`);
      const notice = page.locator("[data-history-generated]");
      await notice.waitFor();
      await expect(notice.textContent()).resolves.toMatch(/generated/i);
      await page.locator('[data-history="ready"]').waitFor();
      // Every card says its figures are generated, and the forecast table too.
      await page.locator("[data-widget=history-dir]").waitFor();
      await expect(page.getByText("When each log dir fills · from the generated demo history").count()).resolves.toBe(1);
      expect(await page.locator("[data-history-empty]").count()).toBe(0);
      await expect(page.title()).resolves.toBe("History · Kafka Balance");
      await expect(page.locator('nav[aria-label="Main"] a[aria-current="page"]').getAttribute("href")).resolves.toBe("/history");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `history-demo-${colorScheme}`);
      expect(tab.errors).toEqual([]);
      await page.context().close();
    });
  }

  it("the overview of the demo has a first-to-fill card from the generated history, and says so", async () => {
    const tab = await openPage(e2e.browser);
    const { page } = tab;
    await page.goto(`${e2e.app.url}/`);
    await page.waitForSelector('[data-chart="bytes"] .recharts-bar-rectangle');
    const card = page.locator("[data-forecast-card]");
    await card.waitFor();
    await expect(card.locator("#forecast-card-title").textContent()).resolves.toContain("from the generated demo history");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(tab.errors).toEqual([]);
    await page.context().close();
  });

  it("a simulation from the forecast is refused on the demo with a 409 that says why, and bad days with a 400 naming the field", async () => {
    const post = (body: unknown) => fetch(`${e2e.app.url}/api/simulate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const refused = await post({ base: { forecast: { days: 30 } } });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("no_history");
    expect(body.error.message).toMatch(/demo/);
    const bad = await post({ base: { forecast: { days: 0 } } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { issues: { path: string }[] } }).error.issues.map((i) => i.path)).toEqual(["base.forecast.days"]);
  });

  it("the simulator offers the forecast as a base and shows the refusal in the page", async () => {
    const tab = await openPage(e2e.browser);
    const { page } = tab;
    await page.goto(`${e2e.app.url}/simulate`);
    await page.waitForSelector("[data-hydrated] [data-compare-verdict]");
    await page.getByLabel("Base cluster").selectOption("forecast");
    await page.locator("[data-forecast-days]").waitFor();
    await page.getByRole("button", { name: "90 days" }).click();
    await expect(page.getByLabel("Days ahead").inputValue()).resolves.toBe("90");
    await page.locator("[data-run]").click();
    await page
      .getByText(/demo cluster is not collected/)
      .first()
      .waitFor();
    expect(await seriousA11yViolations(page, { include: ["[data-scenario-editor]"] })).toEqual([]);
    await screenshot(page, "simulate-forecast-demo");
    await page.context().close();
  });
});

/** 29600: this file's ports (29600–29601 clients, 29650– controllers), inside the history UI's range 29600–29699. */
const BASE_PORT = 29600;
const BASE_DIR = path.resolve(__dirname, "..", "..", ".kafka", "hui-e2e");
/** KAFKA_BOOTSTRAP_SERVERS alone configures one cluster, named "default". */
const CLUSTER = DEFAULT_CLUSTER;
/** 2 s: the collector's interval here, so a few points arrive within a test's time. */
const COLLECT_MS = 2000;
const HOUR_MS = 3_600_000;
/** 50 MiB an hour: how fast the seeded history has each dir's disk filling. */
const SEEDED_GROWTH_PER_HOUR = 50 * 1024 * 1024;
/** The main seed: 12 hours every 30 min, ending 5 min ago. */
const TWELVE_HOURS = { spanMs: 12 * HOUR_MS, stepMs: HOUR_MS / 2, endAgoMs: 5 * 60_000 };

/** A finished apply job in the store (what History marks on its charts): started `startedAt`, done `ms` later. */
async function seedFinishedPlan(id: string, startedAt: number, ms: number): Promise<void> {
  const iso = (t: number) => new Date(t).toISOString();
  const status: ApplyJobRecord["status"] = {
    state: "running",
    phase: "cordons",
    batch: 0,
    batches: [],
    setConfigs: [],
    rates: { replicationBytesPerSecond: 1, alterLogDirsBytesPerSecond: 1 },
    controlSeq: 0,
    progress: null,
    clock: null,
    failed: false,
    election: null,
    log: [],
    warnings: [],
    errors: [],
  };
  const jobs = getStore().jobs;
  await jobs.insert(
    {
      id,
      cluster: CLUSTER,
      createdAt: iso(startedAt),
      updatedAt: iso(startedAt),
      finishedAt: null,
      createdBy: "history-e2e",
      work: {
        entries: [],
        batches: [],
        original: {},
        throttles: { topics: [], brokers: [] },
        cordons: [],
        leadership: [],
        execution: { partitionMovesPerBroker: 5, dirMovesPerBroker: 2, leaderMovesPerBatch: 1000, order: "urgent-disk-first" },
        estimate: { seconds: 1, batchSeconds: [], overheadSeconds: 1 },
        rates: { replicationBytesPerSecond: 1, alterLogDirsBytesPerSecond: 1 },
      },
      status,
      control: { seq: 0, pause: false, cancel: false, rates: null, by: null },
    },
    "history-e2e",
    1000,
    startedAt,
  );
  const ended = await jobs.saveStatus(id, "history-e2e", { ...status, state: "done", phase: "finished" }, iso(startedAt + ms), 1000, startedAt, iso(startedAt + ms));
  if (!ended) throw new Error(`the seeded plan ${id} could not be finished`);
}

/**
 * The 12 hours before the test, as the collector would have recorded them every 30 min: the cluster as
 * it is now with each dir's disk holding SEEDED_GROWTH_PER_HOUR less per hour back. A forecast needs 6
 * hours of history; a test cannot wait that long. Written into `dbFile` before the app opens it.
 */
async function seedHistory(
  bootstrap: string,
  dbFile: string,
  seed: { spanMs: number; stepMs: number; endAgoMs: number; plans?: { id: string; agoMs: number; ms: number }[] } = TWELVE_HOURS,
): Promise<void> {
  const connection = connectionFromEnv({ KAFKA_BOOTSTRAP_SERVERS: bootstrap });
  if (!connection.ok) throw new Error(connection.error.message);
  const now = await readCluster(connection.value);
  process.env.KAFKA_BALANCE_DB = dbFile;
  try {
    const store = getStore().history;
    const end = Date.now() - seed.endAgoMs;
    for (let t = end - seed.spanMs; t <= end; t += seed.stepMs) {
      const less = Math.round(((Date.now() - t) / HOUR_MS) * SEEDED_GROWTH_PER_HOUR);
      const then = structuredClone(now);
      then.capturedAt = new Date(t).toISOString();
      for (const b of then.brokers) for (const d of b.logDirs) if (d.usableBytes !== null) d.usableBytes += less;
      await store.recordScan(CLUSTER, t, then, 50);
    }
    for (const plan of seed.plans ?? []) await seedFinishedPlan(plan.id, Date.now() - plan.agoMs, plan.ms);
  } finally {
    closeStore();
    delete process.env.KAFKA_BALANCE_DB;
  }
}

async function produce(bootstrap: string, topic: string, partitions: number, messagesPerPartition: number, size: number): Promise<void> {
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = "1";
  const producer = new Kafka({ clientId: "history-e2e", brokers: bootstrap.split(","), logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  try {
    for (let p = 0; p < partitions; p++) {
      await producer.send({ topic, acks: -1, messages: Array.from({ length: messagesPerPartition }, (_, i) => ({ partition: p, value: Buffer.alloc(size, i % 251) })) });
    }
  } finally {
    await producer.disconnect();
  }
}

describe("history (live local Kafka, collected every 2 s)", () => {
  let cluster: LocalCluster | undefined;
  let app: AppServer | undefined;
  let browser: Browser | undefined;
  let dbDir: string | undefined;

  beforeAll(async () => {
    cluster = await startCluster({ baseDir: BASE_DIR, basePort: BASE_PORT, nodes: 2, dirsPerNode: 2 });
    const admin = new Admin({ clientId: "history-e2e", bootstrapBrokers: cluster.bootstrap.split(",") });
    try {
      await admin.createTopics({ topics: ["hui-growth"], partitions: 4, replicas: 1 });
    } finally {
      await admin.close();
    }
    await produce(cluster.bootstrap, "hui-growth", 4, 200, 4096);
    dbDir = fs.mkdtempSync(path.join(os.tmpdir(), "hui-e2e-"));
    await seedHistory(cluster.bootstrap, path.join(dbDir, "store.db"));
    app = await startApp({ KAFKA_BOOTSTRAP_SERVERS: cluster.bootstrap, KAFKA_BALANCE_COLLECT_INTERVAL_MS: String(COLLECT_MS), KAFKA_BALANCE_DB: path.join(dbDir, "store.db") });
    browser = await launchBrowser();
    // Grow the topic while the collector records: a few points, each with more bytes.
    for (let i = 0; i < 6; i++) {
      await produce(cluster.bootstrap, "hui-growth", 4, 100, 4096);
      await new Promise((r) => setTimeout(r, COLLECT_MS));
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = (await (await fetch(`${app.url}/api/history?scope=cluster`)).json()) as { points: { ok: boolean }[] };
      // 25 seeded points, then the collector's own.
      if (answer.points.filter((p) => p.ok).length >= 30) break;
      if (Date.now() > deadline) throw new Error(`the collector recorded ${answer.points.length} points in 60 s`);
      await new Promise((r) => setTimeout(r, COLLECT_MS));
    }
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await cluster?.stop();
    if (dbDir) fs.rmSync(dbDir, { recursive: true, force: true });
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`draws the cluster, broker and dir charts and the forecast table (${colorScheme})`, async () => {
      const tab = await openPage(browser!, { colorScheme });
      const { page } = tab;
      await page.goto(`${app!.url}/history?range=6h`);
      await page.waitForSelector("[data-history=ready]");
      for (const chart of ["history-cluster-skew", "history-cluster-bytes", "history-broker-bytes", "history-dir-utilization", "history-dir-bytes"]) {
        // Attached, not visible: a flat line (an even skew) has an empty bounding box.
        await page.waitForSelector(`[data-history-chart="${chart}"] .recharts-line-curve`, { state: "attached" });
        expect(Number(await page.locator(`[data-history-chart="${chart}"]`).getAttribute("data-rows")), chart).toBeGreaterThanOrEqual(5);
      }
      const rows = page.locator("[data-forecast-row]");
      await rows.first().waitFor();
      expect(await rows.count()).toBe(cluster!.nodes.reduce((n, node) => n + node.logDirs.length, 0));
      await expect(page.locator("[data-collector-status]").textContent()).resolves.toMatch(/^Recorded every 2 s; last scan/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `history-live-${colorScheme}`);
      expect(tab.errors).toEqual([]);
      await page.context().close();
    });
  }

  it("zooms with the keyboard and by dragging across a chart, and keeps the range in the URL", async () => {
    const tab = await openPage(browser!);
    const { page } = tab;
    await page.goto(`${app!.url}/history?range=6h`);
    const chart = page.locator('[data-history-chart="history-cluster-bytes"] .recharts-wrapper');
    await chart.locator(".recharts-line-curve").first().waitFor({ state: "attached" });
    await page.getByRole("button", { name: /^Zoom in/ }).click();
    await page.waitForURL((u) => u.searchParams.has("from") && u.searchParams.has("to"));
    const zoomed = new URL(page.url());
    expect(Number(zoomed.searchParams.get("to")) - Number(zoomed.searchParams.get("from"))).toBe(3 * 3_600_000);
    await page.getByRole("button", { name: "6 h" }).click();
    await page.waitForURL((u) => u.searchParams.get("range") === "6h");
    // The points are the last minute or so of the 6 hours: drag across the right end.
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.9, y, { steps: 3 });
    await page.mouse.down();
    for (let f = 0.91; f <= 0.995; f += 0.01) {
      await page.mouse.move(box.x + box.width * f, y);
      await page.waitForTimeout(30);
    }
    await page.mouse.up();
    await page.waitForURL((u) => u.searchParams.has("from"), { timeout: 10_000 }).catch(() => undefined);
    await screenshot(page, "history-live-zoomed");
    expect(tab.errors).toEqual([]);
    await page.context().close();
  });

  it("the overview shows the forecast card after its first paint, linking to the history", async () => {
    const tab = await openPage(browser!);
    const { page } = tab;
    await page.goto(`${app!.url}/`);
    const card = page.locator("[data-forecast-card]");
    await card.waitFor();
    await expect(card.locator('a[href^="/history"]').count()).resolves.toBe(1);
    expect(await seriousA11yViolations(page, { include: ["[data-forecast-card]"] })).toEqual([]);
    await screenshot(page, "overview-live-forecast", false);
    expect(tab.errors).toEqual([]);
    await page.context().close();
  });

  it("simulates from the forecast 30 days ahead, and the simulator page opens on it", async () => {
    const answer = await fetch(`${app!.url}/api/simulate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ base: { forecast: { days: 30 } }, compare: false, snapshot: false }),
    });
    expect(answer.status).toBe(200);
    const result = (await answer.json()) as { base: { label: string; kind: string; brokers: number } };
    expect(result.base).toMatchObject({ kind: "scenario", brokers: cluster!.nodes.length });
    expect(result.base.label).toMatch(/\(forecast in 30 days\)$/);
    const tab = await openPage(browser!);
    const { page } = tab;
    await page.goto(`${app!.url}/simulate?forecast=30`);
    await page.waitForSelector("[data-hydrated] [data-compare-verdict]");
    await expect(page.getByLabel("Days ahead").inputValue()).resolves.toBe("30");
    await screenshot(page, "simulate-forecast-live", false);
    expect(tab.errors).toEqual([]);
    await page.context().close();
  });
  it("after 30 minutes of history: the default range shows the 30 minutes, close plans are one readable mark, and the forecast says not enough history yet", async () => {
    // A second store, seeded with 30 minutes every 2 min and four plans (three a minute apart), opened by a second app.
    const youngDb = path.join(dbDir!, "young.db");
    await seedHistory(cluster!.bootstrap, youngDb, {
      spanMs: 30 * 60_000,
      stepMs: 2 * 60_000,
      endAgoMs: 60_000,
      plans: [
        { id: "plan-a", agoMs: 20 * 60_000, ms: 20_000 },
        { id: "plan-b", agoMs: 19 * 60_000, ms: 20_000 },
        { id: "plan-c", agoMs: 18 * 60_000, ms: 20_000 },
        { id: "plan-d", agoMs: 6 * 60_000, ms: 20_000 },
      ],
    });
    const young = await startApp({ KAFKA_BOOTSTRAP_SERVERS: cluster!.bootstrap, KAFKA_BALANCE_COLLECT_INTERVAL_MS: String(COLLECT_MS), KAFKA_BALANCE_DB: youngDb });
    try {
      // The forecast API says the history is too short, and has no verdict.
      const forecast = (await (await fetch(`${young.url}/api/history/forecast`)).json()) as {
        history: { firstAt: number; lastAt: number; enough: boolean; neededMs: number };
        dirs: { until: { p85: unknown }; basis: { series: string | null } }[];
      };
      expect(forecast.history).toMatchObject({ enough: false, neededMs: 6 * HOUR_MS });
      expect(forecast.history.lastAt - forecast.history.firstAt).toBeGreaterThanOrEqual(29 * 60_000);
      expect(forecast.dirs.every((d) => d.basis.series === null && d.until.p85 === null)).toBe(true);

      const tab = await openPage(browser!);
      const { page } = tab;
      await page.goto(`${young.url}/history`);
      await page.waitForSelector('[data-history-chart="history-cluster-bytes"] .recharts-line-curve', { state: "attached" });
      await page.waitForSelector('[data-history-chart="history-dir-bytes"] .recharts-line-curve', { state: "attached" });
      // The default range follows the data: it says so, names no preset, and keeps the URL clean.
      await expect(page.locator("[data-range-shown]").textContent()).resolves.toMatch(/^Showing the (29|3\d) min recorded so far/);
      expect(await page.locator('[data-range][aria-pressed="true"]').count()).toBe(0);
      expect(new URL(page.url()).searchParams.has("range")).toBe(false);
      // The first point is near the chart's left edge: the line spans most of the plot's width.
      const plot = (await page.locator('[data-history-chart="history-cluster-bytes"] .recharts-cartesian-grid').boundingBox())!;
      const line = (await page.locator('[data-history-chart="history-cluster-bytes"] .recharts-line-curve').first().boundingBox())!;
      expect(line.width / plot.width).toBeGreaterThan(0.85);
      // Three plans a minute apart are one mark, "3 plans", naming each in its title; the fourth is its own.
      const cluster3 = page.locator('[data-history-chart="history-cluster-bytes"] [data-plan-mark]');
      await expect(cluster3.evaluateAll((els) => els.map((e) => e.getAttribute("data-plan-mark")))).resolves.toEqual(["3 plans", "plan"]);
      const title = await cluster3.first().locator("title").textContent();
      for (const id of ["plan-a", "plan-b", "plan-c"]) expect(title).toContain(id);
      await expect(page.locator("[data-plan-marks] li").count()).resolves.toBe(4);
      // The forecast table: no verdict, how much history there is.
      const waiting = page.locator("[data-forecast-summary]");
      await waiting.waitFor();
      await expect(waiting.textContent()).resolves.toMatch(/Not enough history yet \((29|3\d) min of 6 h\)/);
      expect(await page.getByText("none reaches 85%").count()).toBe(0);
      expect(await page.getByText("not within a year").count()).toBe(0);
      await screenshot(page, "history-30min");
      // An operator's choice wins and is kept in the URL, even the 2 days the default reads.
      await page.getByRole("button", { name: "2 d" }).click();
      await page.waitForURL((u) => u.searchParams.get("range") === "2d");
      await expect(page.locator("[data-range-shown]").textContent()).resolves.toMatch(/^Showing the last 2 days/);

      // The overview's card: not enough history yet, in no calm green.
      await page.goto(`${young.url}/`);
      const card = page.locator("[data-forecast-card]");
      await card.waitFor();
      await expect(card.getAttribute("data-forecast-tone")).resolves.toBe("waiting");
      await expect(card.locator("[data-forecast-waiting]").textContent()).resolves.toMatch(/^Not enough history yet \((29|3\d) min of 6 h\)/);
      expect(await card.getByText(/No log dir is forecast/).count()).toBe(0);
      await screenshot(page, "overview-30min", false);
      expect(tab.errors).toEqual([]);
      await page.context().close();
    } finally {
      await young.stop();
    }
  });
});
