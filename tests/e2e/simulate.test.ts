// The what-if simulator in Chromium: a preset runs with one click and tells the story on one screen;
// a step is added and run; the log-dir rule is switched and compared; a reload from the run's URL
// reproduces it exactly; a bad field is answered beside it; a run is shared as a snapshot link.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openPage, screenshot } from "../support/e2e-browser";
import { useE2eSession } from "../support/e2e-session";

const verdict = (page: Page) => page.locator("[data-compare-verdict]").textContent();

/** Waits until the page is interactive and a run has finished: the Run button is idle and the results match the editor. */
async function settled(page: Page): Promise<void> {
  await page.waitForSelector("[data-hydrated]");
  await page.waitForSelector("[data-run]:not([aria-disabled])");
  await page.waitForSelector("[data-compare-verdict]");
  await page.waitForFunction(() => !document.querySelector("[data-stale]"));
}

describe("simulate", () => {
  // SIMULATE_E2E_URL points the test at a server that is already running (a developer's `next dev`).
  const e2e = useE2eSession({ url: process.env.SIMULATE_E2E_URL });

  it("runs a preset with one click and shows, on one screen, that Kafka evened counts but not bytes", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/simulate`);
    await settled(page);
    await page.locator('[data-preset="padding-workaround"]').click();
    await page.waitForFunction(() => document.querySelector("[data-compare-verdict]")?.textContent?.startsWith("Kafka's rule already"));
    await settled(page);
    expect(page.url()).toMatch(/\/simulate\?preset=padding-workaround$/);
    expect(await page.locator('[data-preset="padding-workaround"]').getAttribute("aria-pressed")).toBe("true");

    await page.locator('[data-preset="consumer-offsets-skew"]').focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector("[data-compare-verdict]")?.textContent?.includes("almost empty"));
    await settled(page);
    // Focus stays on the preset picked while it runs and after, not dropped to <body>.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-preset"))).toBe("consumer-offsets-skew");
    expect(await verdict(page)).toMatch(
      /^Kafka's rule gives every broker 70 partitions but leaves \/data\/d1 almost empty \(under 1%\) while \/data\/d2 and \/data\/d3 reach \d+–\d+%; least-bytes and least-utilization keep every dir between \d+% and \d+%\.$/,
    );
    // Kafka's panel: d1 holds 50 tiny partitions, d2 and d3 hold 10 large ones each, on every broker.
    const kafka = page.locator('[data-outcome="kafka-count"]');
    for (const broker of [1, 2, 3]) {
      expect(await kafka.locator(`[data-cell][data-broker="${broker}"]`).evaluateAll((cells) => cells.map((c) => c.getAttribute("data-partitions")))).toEqual(["50", "10", "10"]);
    }
    expect(await kafka.locator("[data-outcome-verdict]").textContent()).toMatch(/^Partition counts are even across brokers, but bytes are not even across disks/);
    expect(await page.locator('[data-outcome="least-bytes"] [data-outcome-verdict]').textContent()).toMatch(/^Balanced/);
    // The verdict and all three outcomes are inside the first screen.
    for (const selector of [
      "[data-compare-verdict]",
      '[data-outcome="kafka-count"] [data-dir-grid]',
      '[data-outcome="least-bytes"] [data-dir-grid]',
      '[data-outcome="least-utilization"] [data-dir-grid]',
    ]) {
      const box = await page.locator(selector).boundingBox();
      expect(box!.y + box!.height, selector).toBeLessThanOrEqual(900);
    }
    // What to do, for Kafka 4.4 (the demo's version): cordon the full dirs, with the exact commands, then a log-dir rebalance.
    expect(await page.locator('[data-action="cordon"] h3').textContent()).toBe("1. Cordon /data/d2 and /data/d3 on brokers 1, 2 and 3");
    expect(await page.locator('[data-action="cordon"] [data-action-commands]').textContent()).toContain(
      "kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 1 --alter --add-config 'cordoned.log.dirs=[/data/d2,/data/d3]'",
    );
    expect(await page.locator('[data-action="rebalance"] [data-open-planner]').count()).toBe(1);
    // Bytes skew of 16 KiB is not skew: the timeline says when it appears.
    expect(await page.locator("[data-skew-floor-note]").textContent()).toMatch(
      /^Bytes per dir from the base to step 3: too little data to call skew .* From step 4 \(Create topic orders.*\) the dirs differ by more than the floor: 1\.\d\d×\.$/,
    );
    await page.waitForSelector('[data-chart="skew-timeline"] .recharts-line', { state: "attached" });
    await screenshot(page, "simulate-story", false);
    await screenshot(page, "simulate-story-full");
    // The rebalance opens the planner on the simulated cluster, with the dir goal, planned at once.
    await page.locator('[data-action="rebalance"] [data-open-planner]').click();
    await page.waitForURL(/\/plan\?shared=[A-Za-z0-9_-]+$/);
    await page.locator("[data-plan-status]").waitFor();
    expect(await page.locator("#plan-result-title").count()).toBe(1);
    await screenshot(page, "simulate-story-planner", false);
    expect(e2e.tab.errors).toEqual([]);
  });

  it("adds a step, runs it, and puts the run in the URL", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/simulate?preset=consumer-offsets-skew`);
    await settled(page);
    await page.locator("[data-new-step-kind]").selectOption("addLogDir");
    await page.locator("[data-add-step]").click();
    const added = page.locator('[data-step="5"]');
    expect(await added.locator("[data-step-summary]").textContent()).toContain("Add /data/d4 (512.0 GiB) to every broker");
    await page.locator("[data-new-step-kind]").selectOption("createTopic");
    await page.locator("[data-add-step]").click();
    const topic = page.locator('[data-step="6"]');
    // Focus moves to the new step's first field, in view and clear of the sticky Run bar.
    expect(await page.evaluate(() => document.activeElement?.closest("[data-step]")?.getAttribute("data-step"))).toBe("6");
    const clear = () =>
      page.evaluate(async () => {
        // After the page's own scrolling (it runs on the next frame).
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const field = document.activeElement!.getBoundingClientRect();
        const bar = document.querySelector("[data-run-bar]")!.getBoundingClientRect();
        const panel = document.querySelector('aside[aria-label="Scenario editor"]')!.getBoundingClientRect();
        return field.top >= panel.top && field.bottom <= Math.min(bar.top, panel.bottom, window.innerHeight);
      });
    expect(await clear()).toBe(true);
    // Tabbing through the step's fields never leaves one under the Run bar.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement?.closest("[data-step]") === null)) break;
      expect(await clear(), `field ${i + 1} after the first`).toBe(true);
    }
    await topic.getByLabel("Topic name").fill("clicks");
    await topic.getByLabel("Partitions", { exact: true }).fill("24");
    await topic.getByLabel("Bytes per partition").fill("20 GiB");
    expect(await topic.locator("[data-step-summary]").textContent()).toContain("Create topic clicks: 24 partitions × RF 3, 20.0 GiB each");
    await page.waitForSelector("[data-stale]");
    await page.locator("[data-run]").click();
    await settled(page);
    expect(page.url()).toMatch(/\/simulate\?s=1\.[A-Za-z0-9_-]+$/);
    // Four dirs: the narrow grid prints "d1"…"d4" and keeps the full path as each column's title.
    expect(await page.locator('[data-outcome="kafka-count"] th[scope="col"]').evaluateAll((ths) => ths.map((th) => th.getAttribute("title") ?? th.textContent))).toEqual([
      "Broker",
      "/data/d1",
      "/data/d2",
      "/data/d3",
      "/data/d4",
    ]);
    // The new, empty disk takes the new partitions under Kafka's count rule: it had the fewest.
    const d4 = await page
      .locator('[data-outcome="kafka-count"] [data-cell][data-path="/data/d4"]')
      .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute("data-partitions"))));
    expect(d4.every((n) => n > 0)).toBe(true);
    expect(await page.locator('[data-chart="skew-timeline"] .recharts-line').count()).toBe(6);
    await screenshot(page, "simulate-added-steps");
    expect(e2e.tab.errors).toEqual([]);
  });

  it("compares the log-dir rules and reproduces the run exactly after a reload", async () => {
    const { page } = e2e.tab;
    await page.locator('[data-log-dir-rule="least-bytes"]').check();
    await page.locator("[data-run]").press("Control+Enter");
    await settled(page);
    expect(await page.locator('[data-side="after"] h3').textContent()).toBe("After the last step (least-bytes)");
    expect(await page.locator('[data-outcome="least-bytes"]').textContent()).toContain("detailed below");
    const before = {
      url: page.url(),
      verdict: await verdict(page),
      cells: await page.locator("[data-outcome] [data-cell]").evaluateAll((cells) => cells.map((c) => `${c.getAttribute("data-value")}/${c.getAttribute("data-partitions")}`)),
    };
    await page.reload();
    await settled(page);
    expect(page.url()).toBe(before.url);
    expect(await verdict(page)).toBe(before.verdict);
    expect(
      await page.locator("[data-outcome] [data-cell]").evaluateAll((cells) => cells.map((c) => `${c.getAttribute("data-value")}/${c.getAttribute("data-partitions")}`)),
    ).toEqual(before.cells);
    expect(await page.locator('[data-log-dir-rule="least-bytes"]').isChecked()).toBe(true);
    expect(await page.locator("[data-step]").count()).toBe(6);
    await screenshot(page, "simulate-reloaded");
    expect(e2e.tab.errors).toEqual([]);
  });

  it("answers a bad field beside it, with the API's path, and keeps the last results", async () => {
    const { page } = e2e.tab;
    const topic = page.locator('[data-step="6"]');
    if (!(await topic.getByLabel("Partitions", { exact: true }).isVisible())) await topic.locator("[data-step-summary]").click();
    await topic.getByLabel("Partitions", { exact: true }).fill("0");
    await page.locator("[data-run]").click();
    await page.waitForSelector("[data-run-error]");
    expect(await page.locator("[data-run-error]").textContent()).toContain("steps.5.partitions: partitions must be at least 1");
    expect(await topic.getByText("partitions must be at least 1").count()).toBe(1);
    expect(await page.locator("[data-compare-verdict]").count()).toBe(1);
    expect(e2e.tab.errors).toEqual([]);
  });

  it("simulates the Kafka version picked: its rule is named, a cordon is refused before 4.3, and the choice survives a reload", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/simulate?preset=consumer-offsets-skew`);
    await settled(page);
    // The demo base runs Kafka 4.4.0, so "as the base runs" simulates 4.4's rule.
    expect(await page.locator("[data-simulated-kafka]").textContent()).toBe("Log-dir rule of Kafka 4.4 and newer (ties in log.dirs order, cordons honoured)");
    await page.getByLabel("Kafka version").selectOption("4.2");
    await page.locator("[data-new-step-kind]").selectOption("cordonLogDir");
    await page.locator("[data-add-step]").click();
    await page.locator("[data-run]").click();
    await settled(page);
    expect(await page.locator("[data-simulated-kafka]").textContent()).toBe("Log-dir rule of Kafka 4.2 (ties in Scala hash order (5+ dirs), no cordons)");
    expect(await page.locator("[data-step-failed]").textContent()).toContain("has no cordoned.log.dirs (KIP-1066 arrived in Kafka 4.3)");
    await page.getByLabel("Kafka version").selectOption("4.3");
    await page.locator("[data-run]").click();
    await settled(page);
    expect(await page.locator("[data-step-failed]").count()).toBe(0);
    await page.reload();
    await settled(page);
    expect(await page.getByLabel("Kafka version").inputValue()).toBe("4.3");
    expect(await page.locator("[data-simulated-kafka]").textContent()).toBe("Log-dir rule of Kafka 4.3 (ties in Scala hash order (5+ dirs), cordons honoured)");
    await screenshot(page, "simulate-kafka-version");
    expect(e2e.tab.errors).toEqual([]);
  });

  it("shares a run on the current cluster as a snapshot link that reopens in the simulator", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/simulate?preset=consumer-offsets-skew`);
    await settled(page);
    await page.getByLabel("Base cluster").selectOption("current");
    // The preset's steps build the story from its empty start: leaving its base takes them out, and says so.
    expect(await page.locator("[data-step]").count()).toBe(0);
    expect(await page.locator("[data-base-note]").textContent()).toMatch(/^The preset's 4 steps were taken out: they build the story from its empty start/);
    await page.locator("[data-new-step-kind]").selectOption("createTopic");
    await page.locator("[data-add-step]").click();
    await page.locator("[data-run]").click();
    await settled(page);
    // A link to the current source re-reads the cluster when opened: Share this run freezes it.
    await page.locator("[data-share-button]").click();
    await page.locator("[data-share-create]").click();
    const href = new URL(await page.locator("[data-share-link]").inputValue()).pathname;
    await page.keyboard.press("Escape");
    const verdictBefore = await verdict(page);
    await page.goto(new URL(href, e2e.app.url).toString());
    await page.waitForURL(/\/simulate\?shared=[A-Za-z0-9_-]+$/);
    await settled(page);
    expect(await page.getByLabel("Base cluster").inputValue()).toBe("shared");
    expect(await page.locator("[data-step-summary]").allTextContents()).toEqual(["Step 1: Create topic topic-1: 12 partitions × RF 3, 10.0 GiB each"]);
    expect(await verdict(page)).toBe(verdictBefore);
    await screenshot(page, "simulate-shared-link", false);
    expect(e2e.tab.errors).toEqual([]);
  });

  it("simulates on the snapshot imported in this tab, with bytes on one scale when capacity is unknown", async () => {
    const { page } = e2e.tab;
    const samples = path.resolve(__dirname, "..", "..", "public", "samples");
    await page.goto(`${e2e.app.url}/import`);
    await page.locator("#logDirs").fill(fs.readFileSync(path.join(samples, "kafka-log-dirs.txt"), "utf8"));
    await page.locator("#topics").fill(fs.readFileSync(path.join(samples, "kafka-topics.txt"), "utf8"));
    await page.locator("[data-import-submit]").click();
    await page.waitForURL(/\/import\/overview$/);
    await page.goto(`${e2e.app.url}/simulate`);
    await settled(page);
    await page.getByLabel("Base cluster").selectOption("imported");
    expect(await page.locator("[data-step]").count()).toBe(0);
    await page.locator("[data-new-step-kind]").selectOption("createTopic");
    await page.locator("[data-add-step]").click();
    await page.locator("[data-run]").click();
    await settled(page);
    expect(await page.locator("[data-run-summary]").textContent()).toMatch(/3 brokers/);
    // kafka-log-dirs prints no capacity: before and after are compact grids on one bytes scale.
    expect(await page.locator('[data-side="before"] [data-dir-grid]').count()).toBe(1);
    expect(await page.locator('[data-side="after"] [data-dir-grid]').count()).toBe(1);
    expect(await page.locator("[data-link-bar]").getAttribute("data-link-bar")).toBe("imported");
    await screenshot(page, "simulate-imported");
    expect(e2e.tab.errors).toEqual([]);
  });

  it("reads well in dark mode", async () => {
    const dark = await openPage(e2e.browser, { colorScheme: "dark" });
    await dark.page.goto(`${e2e.app.url}/simulate?preset=consumer-offsets-skew`);
    await settled(dark.page);
    await dark.page.waitForSelector('[data-chart="skew-timeline"] .recharts-line', { state: "attached" });
    await screenshot(dark.page, "simulate-story-dark", false);
    expect(dark.errors).toEqual([]);
    await dark.page.context().close();
  });
  it("previews a plan as a step: an added broker, then a plan that fills it, and the new broker holds data after", async () => {
    // Its own tab: the tests above and below share one scenario.
    const own = await openPage(e2e.browser);
    const { page } = own;
    await page.goto(`${e2e.app.url}/simulate?preset=consumer-offsets-skew`);
    await settled(page);
    await page.locator("[data-new-step-kind]").selectOption("addBroker");
    await page.locator("[data-add-step]").click();
    expect(await page.locator('[data-step="5"] [data-step-summary]').textContent()).toContain("Add broker 4 with 3 log dirs of 512.0 GiB");
    await page.locator("[data-new-step-kind]").selectOption("plan");
    await page.locator("[data-add-step]").click();
    const plan = page.locator('[data-step="6"]');
    // The broker the step before adds holds nothing: the plan step starts as filling it, with every goal.
    expect(await plan.locator("[data-step-summary]").textContent()).toContain(
      "Plan: add broker 4 (goals: dir utilisation, broker bytes, broker replicas, broker leaders, topic spread)",
    );
    expect(await plan.locator("[data-plan-step-brokers] input:checked").count()).toBe(1);
    expect(await plan.getByLabel("broker 4 (empty)").isChecked()).toBe(true);
    expect(await plan.getByLabel("Operation").inputValue()).toBe("add-brokers");
    // Order the goals here too: broker replicas first.
    await plan.getByRole("button", { name: "Move Broker replica counts up" }).click();
    await plan.getByRole("button", { name: "Move Broker replica counts up" }).click();
    expect(await plan.locator("[data-step-summary]").textContent()).toContain("(goals: broker replicas, dir utilisation, broker bytes, broker leaders, topic spread)");
    await screenshot(page, "simulate-plan-step", false);
    await page.locator("[data-run]").click();
    await settled(page);
    expect(await plan.locator("[data-step-failed]").count()).toBe(0);
    expect(await plan.locator("[data-step-summary]").textContent()).toMatch(/\d+ moves \(.+\)/);
    // Before the plan broker 4 is empty; after it every rule's outcome has partitions on it.
    for (const rule of ["kafka-count", "least-bytes", "least-utilization"]) {
      const partitions = await page
        .locator(`[data-outcome="${rule}"] [data-cell][data-broker="4"]`)
        .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute("data-partitions"))));
      expect(
        partitions.reduce((a, n) => a + n, 0),
        rule,
      ).toBeGreaterThan(0);
    }
    await screenshot(page, "simulate-plan-step-run");
    expect(own.errors).toEqual([]);
    await page.context().close();
  });
});
