// Import in Chromium: pasted kafka-log-dirs + kafka-topics output opens in the overview with the
// expected brokers, dirs and bytes; a broken paste is answered next to the input, at its line.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { screenshot } from "../support/e2e-browser";
import { useE2eSession } from "../support/e2e-session";

const samples = path.resolve(__dirname, "..", "..", "public", "samples");
const logDirs = fs.readFileSync(path.join(samples, "kafka-log-dirs.txt"), "utf8");
const topics = fs.readFileSync(path.join(samples, "kafka-topics.txt"), "utf8");

describe("import", () => {
  const e2e = useE2eSession();

  it("opens pasted kafka-log-dirs output in the overview with its brokers, dirs and bytes", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/import`);
    await page.locator("#logDirs").fill(logDirs);
    await page.locator("#topics").fill(topics);
    await screenshot(page, "import-filled", false);
    await page.locator("[data-import-submit]").click();
    await page.waitForURL(/\/import\/overview$/);
    await page.waitForSelector('[data-heatmap="broker-dir"] [data-cell]');
    expect(await page.locator("[data-source-kind]").textContent()).toBe("import");
    const rows = await page.locator("[data-broker-row]").evaluateAll((els) => els.map((e) => e.getAttribute("data-broker-row")));
    expect(rows).toEqual(["1", "2", "3"]);
    expect(await page.locator("[data-cell]").count()).toBe(9);
    // kafka-log-dirs prints no capacity, so the heatmap opens on bytes and says capacity is unknown.
    expect(await page.locator('[data-heatmap="broker-dir"]').getAttribute("data-metric")).toBe("bytes");
    const label = (broker: number, dir: string) => page.locator(`[data-broker-row="${broker}"] [data-cell][data-path="/var/lib/kafka/${dir}"]`).getAttribute("aria-label");
    expect(await label(1, "d2")).toBe("broker 1, /var/lib/kafka/d2: 46.0 GiB, capacity unknown, 2 partitions");
    expect(await label(2, "d3")).toBe("broker 2, /var/lib/kafka/d3: 54.0 GiB, capacity unknown, 2 partitions");
    expect(await label(3, "d1")).toBe("broker 3, /var/lib/kafka/d1: 6.0 MiB, capacity unknown, 6 partitions, 1 replica moving in");
    expect(await page.locator("[data-verdict-headline]").textContent()).toContain("/var/lib/kafka/d2 and /var/lib/kafka/d3 hold over 99% of the bytes on every broker");
    await page.waitForSelector('[data-chart="bytes"] .recharts-bar-rectangle');
    await screenshot(page, "import-overview");
    await page.reload();
    await page.waitForSelector('[data-heatmap="broker-dir"] [data-cell]');
    expect(await page.locator("[data-cell]").count()).toBe(9);
    expect(e2e.tab.errors).toEqual([]);
  });

  it("shows a parse error beside the input and selects the offending line", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/import`);
    const broken = logDirs.replace('"broker":2', '"broker":"two"');
    await page.locator("#logDirs").fill(broken);
    await page.locator("[data-import-submit]").click();
    const issue = page.locator('[data-issues="logDirs-issues"] li').first();
    await issue.waitFor();
    expect(await issue.getAttribute("data-issue-line")).toBe("3");
    expect(await issue.textContent()).toMatch(/line 3: .*broker/);
    expect(await page.locator("#logDirs").getAttribute("aria-invalid")).toBe("true");
    await issue.getByRole("button", { name: "Show line 3" }).click();
    const selection = await page.locator("#logDirs").evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
    expect(selection).toBe(broken.split("\n")[2]);
    await screenshot(page, "import-error", false);
  });

  it("loads the bundled sample with one click", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/import`);
    await page.locator("[data-load-sample]").click();
    await page.waitForFunction(() => (document.querySelector("#logDirs") as HTMLTextAreaElement).value.startsWith("Querying brokers"));
    expect(await page.locator("#topics").inputValue()).toContain("Topic: payments");
  });
});
