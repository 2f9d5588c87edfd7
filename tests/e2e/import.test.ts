// Import in Chromium: pasted kafka-log-dirs + kafka-topics output opens in the overview with the
// expected brokers, dirs and bytes; brokers only kafka-topics names are flagged inside the verdict; a
// broken paste is answered next to the input, at its line, until that input changes.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { elementScreenshot, openPage, screenshot } from "../support/e2e-browser";
import { PHONE, seriousA11yViolations } from "../support/a11y";
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
    expect(await page.locator(`[data-heatmap="broker-dir"] [data-cell]`).count()).toBe(9);
    // kafka-log-dirs prints no capacity, so the heatmap opens on bytes and says capacity is unknown.
    expect(await page.locator('[data-heatmap="broker-dir"]').getAttribute("data-metric")).toBe("bytes");
    const label = (broker: number, dir: string) => page.locator(`[data-broker-row="${broker}"] [data-cell][data-path="/var/lib/kafka/${dir}"]`).getAttribute("aria-label");
    expect(await label(1, "d2")).toBe("46.0 GiB: broker 1, /var/lib/kafka/d2: 46.0 GiB, capacity unknown, 2 partitions");
    expect(await label(2, "d3")).toBe("54.0 GiB: broker 2, /var/lib/kafka/d3: 54.0 GiB, capacity unknown, 2 partitions");
    expect(await label(3, "d1")).toBe("6.0 MiB ⇢ 1: broker 3, /var/lib/kafka/d1: 6.0 MiB, capacity unknown, 6 partitions, 1 replica moving in");
    // Broker 3's dir move in flight is a cause and comes first; the skew it does not explain follows.
    expect(await page.locator("[data-verdict-headline]").textContent()).toContain("is in flight");
    expect(await page.locator('section[aria-label="Verdict"] [data-finding="dir-skew"]').textContent()).toContain(
      "/var/lib/kafka/d2 and /var/lib/kafka/d3 hold over 99% of the bytes on every broker",
    );
    await page.waitForSelector('[data-chart="bytes"] .recharts-bar-rectangle');
    await screenshot(page, "import-overview");
    await page.reload();
    await page.waitForSelector('[data-heatmap="broker-dir"] [data-cell]');
    expect(await page.locator(`[data-heatmap="broker-dir"] [data-cell]`).count()).toBe(9);
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

  it("shows brokers only kafka-topics names as unknown, warns inside the verdict, and keeps them out of its figures", async () => {
    const { page } = e2e.tab;
    // Brokers 4 and 5 hold the topic "ghost" in the kafka-topics output but are not in the kafka-log-dirs output.
    const ghost =
      "Topic: ghost\tTopicId: MYuf7H9aQpKM6JZ4mqJp0Q\tPartitionCount: 2\tReplicationFactor: 2\tConfigs:\n\tTopic: ghost\tPartition: 0\tLeader: 4\tReplicas: 4,5\tIsr: 4,5\n\tTopic: ghost\tPartition: 1\tLeader: 5\tReplicas: 5,4\tIsr: 5,4\n";
    await page.goto(`${e2e.app.url}/import`);
    await page.locator("#logDirs").fill(logDirs);
    await page.locator("#topics").fill(`${topics}${ghost}`);
    await page.locator("[data-import-submit]").click();
    await page.waitForURL(/\/import\/overview$/);
    await page.waitForSelector('[data-heatmap="broker-dir"] [data-cell]');
    const verdict = page.locator('section[aria-label="Verdict"]');
    const checks = await verdict.locator("[data-import-check]").allTextContents();
    expect(checks).toEqual([
      expect.stringMatching(/^kafka-topics output, line \d+: broker 4 holds 2 replicas in the kafka-topics output but has no entry in the kafka-log-dirs output/),
      expect.stringMatching(/^kafka-topics output, line \d+: broker 5 holds 2 replicas/),
    ]);
    expect(await verdict.locator("[data-import-checks] h2").textContent()).toContain("Cross-checks of the pasted outputs: 2 findings");
    // Cause first: the brokers the log-dir data misses headline; the skew the real brokers earn follows, and no broker skew is made of the missing ones.
    const headline = await page.locator("[data-verdict-headline]").textContent();
    expect(headline).toContain("Brokers 4 and 5 are assigned 4 replicas but are missing from the log-dir data");
    expect(await verdict.locator('[data-finding="dir-skew"]').textContent()).toContain("/var/lib/kafka/d2 and /var/lib/kafka/d3 hold over 99% of the bytes on every broker");
    // Brokers 1–3 are measured among themselves (108 GiB against their 100 GiB mean is outside the planner's 5%); 4 and 5 are left out, and it says so.
    expect(await verdict.locator('[data-finding="broker-skew"]').textContent()).toContain(
      "Brokers are uneven: broker 2 holds 1.08× the mean bytes (108.0 GiB vs 100.0 GiB). These figures leave out brokers 4 and 5, whose figures are missing.",
    );
    expect(await page.locator('[data-skew-card="brokerReplicas"] [data-skew-figure]').textContent()).toBe("1.00×");
    const row = page.locator('[data-broker-row="4"]');
    expect(await row.locator('[role="rowheader"]').textContent()).toContain("not in log-dirs output");
    expect(await row.locator('[data-empty="missing"]').count()).toBe(3);
    expect(await row.locator('[data-empty="missing"]').first().getAttribute("aria-label")).toMatch(/^not in log-dirs: broker 4, /);
    await elementScreenshot(verdict, "import-overview-warnings-verdict");
    await screenshot(page, "import-overview-warnings");
    expect(await seriousA11yViolations(page)).toEqual([]);

    const phone = await openPage(e2e.browser, PHONE);
    await phone.page.goto(`${e2e.app.url}/import`);
    await phone.page.locator("#logDirs").fill(logDirs);
    await phone.page.locator("#topics").fill(`${topics}${ghost}`);
    await phone.page.locator("[data-import-submit]").click();
    await phone.page.waitForURL(/\/import\/overview$/);
    // On a phone the heatmap is the compact table.
    await phone.page.locator("[data-heatmap-compact] [data-cell]").first().waitFor();
    expect(await phone.page.locator("[data-import-check]").count()).toBe(2);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, "import-overview-warnings-phone");
    await elementScreenshot(phone.page.locator('[data-widget="broker-dir-heatmap"]'), "import-overview-heatmap-phone");
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });

  it("drops an error once the input it was about is cleared or replaced", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/import`);
    await page.locator("#logDirs").fill(logDirs.replace('"broker":2', '"broker":"two"'));
    await page.locator("[data-import-submit]").click();
    await page.locator('[data-issues="logDirs-issues"] li').first().waitFor();
    expect(await page.locator("[data-import-error]").count()).toBe(1);
    await page.locator("#logDirs").fill("");
    expect(await page.locator("[data-import-error]").count()).toBe(0);
    expect(await page.locator("[data-issues]").count()).toBe(0);
    expect(await page.locator("#logDirs").getAttribute("aria-invalid")).toBeNull();
    // A second failure, then a fix pasted over it: the old error does not linger beside the new text.
    await page.locator("#logDirs").fill("not kafka output");
    await page.locator("[data-import-submit]").click();
    await page.locator("[data-import-error]").waitFor();
    await page.locator("#logDirs").fill(logDirs);
    expect(await page.locator("[data-import-error], [data-issues]").count()).toBe(0);
  });

  it("names each upload control after its box, and has no serious accessibility findings at 1440 × 900 and on a phone", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/import`);
    const uploads = page.locator('input[type="file"]');
    expect(await uploads.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name))).toEqual(["logDirs-file", "topics-file", "configs-file"]);
    expect(await page.getByLabel("Upload a file… with the kafka-log-dirs output").count()).toBe(1);
    expect(await page.getByLabel("Upload a file… with the kafka-topics output").count()).toBe(1);
    expect(await page.getByLabel("Upload a file… with the kafka-configs output").count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const phone = await openPage(e2e.browser, PHONE);
    await phone.page.goto(`${e2e.app.url}/import`);
    await phone.page.locator("#logDirs").waitFor();
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, "import-phone");
    await phone.page.context().close();
  });

  it("loads the bundled sample with one click", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/import`);
    await page.locator("[data-load-sample]").click();
    await page.waitForFunction(() => (document.querySelector("#logDirs") as HTMLTextAreaElement).value.startsWith("Querying brokers"));
    expect(await page.locator("#topics").inputValue()).toContain("Topic: payments");
  });
});
