/**
 * UI bench: time to render the heatmaps on synthetic clusters in Chromium, from performance marks
 * set by the bench-only page `/bench/heatmap` (served only with KAFKA_BALANCE_BENCH=1).
 *
 * - broker × log-dir heatmap at 1,000 brokers × 12 dirs (target < 100 ms);
 * - topic × broker heatmap at 2,000 topics × 100 brokers (target < 200 ms).
 * Each figure is the median of RUNS timed mounts after WARM_UPS untimed ones (the first mounts mostly
 * measure the JIT compiling the view code); the synthetic cluster is built in the page before timing
 * starts. Builds the app first when the build is missing or stale.
 */
import type { Browser } from "playwright-core";
import { launchBrowser, openPage } from "../../tests/support/e2e-browser";
import { startApp } from "../../tests/support/e2e-server";

/** 7 timed runs: enough for a stable median on a busy CI machine, a few seconds in all. */
const RUNS = 7;
const WARM_UPS = 2;

export interface UiBenchFigures {
  brokerDirHeatmapMs: number;
  topicBrokerHeatmapMs: number;
  brokerDirRunsMs: number[];
  topicBrokerRunsMs: number[];
  brokers: number;
  dirs: number;
  topics: number;
  topicBrokers: number;
  runs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timeHeatmap(browser: Browser, url: string): Promise<number[]> {
  const { page, errors } = await openPage(browser, { viewport: { width: 1600, height: 1000 } });
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__kbBench?.ready === true, undefined, { timeout: 120_000 });
    for (let i = 0; i < WARM_UPS; i++) await page.evaluate(() => window.__kbBench!.run());
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await page.evaluate(() => window.__kbBench!.run()));
    if (errors.length) throw new Error(`the bench page logged errors: ${errors.join("; ")}`);
    return runs.map((r) => Math.round(r * 10) / 10);
  } finally {
    await page.context().close();
  }
}

export async function benchUi(): Promise<UiBenchFigures> {
  const app = await startApp({ KAFKA_BALANCE_BENCH: "1" }, 120_000);
  const browser = await launchBrowser();
  try {
    const brokers = 1000;
    const dirs = 12;
    const topics = 2000;
    const topicBrokers = 100;
    const brokerDirRunsMs = await timeHeatmap(browser, `${app.url}/bench/heatmap?kind=broker-dir&brokers=${brokers}&dirs=${dirs}&topics=3000&partitions=6`);
    const topicBrokerRunsMs = await timeHeatmap(browser, `${app.url}/bench/heatmap?kind=topic-broker&brokers=${topicBrokers}&dirs=4&topics=${topics}&partitions=12`);
    return {
      brokerDirHeatmapMs: median(brokerDirRunsMs),
      topicBrokerHeatmapMs: median(topicBrokerRunsMs),
      brokerDirRunsMs,
      topicBrokerRunsMs,
      brokers,
      dirs,
      topics,
      topicBrokers,
      runs: RUNS,
    };
  } finally {
    await browser.close();
    await app.stop();
  }
}
