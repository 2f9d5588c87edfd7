// The planner in Chromium on the demo cluster: plan, read the one status sentence, see before/after on
// one scale, sort the moves, get the reassignment JSON and the commands; remove a broker and drain a dir
// picked from the cluster, with the goals table, what could not leave and why, and cordons first; order
// the goals from the keyboard; results go stale when the goals change; every goal error shows at once; a
// review Kafka would refuse shows only the refusals; a JSON error names its line and column; focus and
// announcements follow each run; the page fits a phone and axe finds nothing serious. Screenshots go to
// test-results/screenshots/.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GOAL_LABELS, planRebalance, PlanOptionsSchema, type PlanOptionsInput } from "@/lib/plan";
import { planResponse } from "@/lib/plan/response";
import { SNAPSHOT_SCHEMA_VERSION } from "@/lib/model/snapshot";
import { demoSnapshot } from "@/lib/simulate/presets";
import { insertRecord, type StoredPayload } from "@/lib/links/share";
import { openStore } from "@/lib/store";
import { brokerDirGrid } from "@/lib/view/overview/broker-dir-heatmap";
import { DEFAULT_MOVE_SORT, moveRows, sortMoveRows } from "@/lib/view/plan/moves-table";
import { evacuationSentence } from "@/lib/view/plan/plan-evacuation";
import { dirFigures, goalRows } from "@/lib/view/plan/plan-goals";
import { planResultStatus } from "@/lib/view/plan/plan-status";
import { planBatches } from "@/lib/plan/batches";
import { BATCH_STEPS_SHOWN, handRun } from "@/lib/view/plan/plan-run-steps";
import { horizontalOverflow, PHONE, seriousA11yViolations } from "../support/a11y";
import { elementScreenshot, openPage, screenshot } from "../support/e2e-browser";
import { useE2eSession } from "../support/e2e-session";

/** The server's link store, which one test writes a row into directly. */
const DB = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kafka-balance-e2e-plan-")), "snapshots.db");

/** The hand-run steps the page shows for a plan of the demo cluster. */
function demoHandRun(plan: ReturnType<typeof demoPlan>) {
  const snapshot = demoSnapshot();
  return handRun({
    snapshot,
    bootstrapServer: plan.options.bootstrapServer,
    entries: plan.entries,
    batches: planBatches(snapshot, plan.entries, plan.options.execution),
    cordons: plan.cordons,
    throttles: plan.throttles,
    leadershipChanges: plan.leadership.changes,
    estimate: plan.estimate,
  });
}

/** What /api/plan answers for the demo and these options: the page must show exactly this. */
function demoPlan(options: PlanOptionsInput) {
  const r = planRebalance(demoSnapshot(), PlanOptionsSchema.parse(options));
  if (!r.ok) throw new Error(r.error.message);
  return planResponse(r.value);
}
const intraPlan = demoPlan({ goals: ["dir-utilization"] });
const intraStatus = planResultStatus(intraPlan);
const OTHER_GOALS = ["broker-bytes", "broker-replicas", "broker-leaders", "topic-spread"] as const;

/** Opens /plan and waits until the cluster is read (Plan is enabled once hydrated and read). */
async function openPlanner(page: Page, url: string) {
  await page.goto(`${url}/plan`);
  await page.waitForSelector("[data-plan-submit]:not([disabled])");
}

/** Plans the demo's dirs (the dir goal alone) and waits for the result. */
async function planIntra(page: Page) {
  for (const goal of OTHER_GOALS) await page.locator(`[data-goal-include="${goal}"]`).uncheck();
  await page.click("[data-plan-submit]");
  await page.waitForSelector("[data-plan-result]");
}

/** The goals table's rows as the page shows them. */
const shownGoalRows = (page: Page) =>
  page.locator("[data-goal-result]").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("th, td")).map((c) => c.textContent!.trim())));

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);
/** Focus moves once the result has been drawn. */
const focusReaches = (page: Page, id: string) => page.waitForFunction((want) => document.activeElement?.id === want, id);
/** Where the element's top is on the screen, in CSS pixels. */
const screenTop = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.getBoundingClientRect().top);

describe("planner (demo cluster)", () => {
  const e2e = useE2eSession({ env: { KAFKA_BALANCE_DB: DB } });

  it("plans the demo's dirs back into balance: one status sentence, the library's plan, focus on the result and an announcement", async () => {
    const { page } = e2e.tab;
    await openPlanner(page, e2e.app.url);
    await planIntra(page);
    expect(intraStatus.sentence).toMatch(/^\d+ moves \(.+\) bring every goal within the tolerance\.$/);
    expect(await page.locator("[data-plan-status]").textContent()).toContain(intraStatus.sentence);
    expect(await page.locator("[data-plan-status]").count()).toBe(1);
    expect(await page.locator('[aria-label="Plan summary"]').textContent()).toContain(String(intraPlan.movesTotal));
    expect(await page.locator("#plan-json").textContent()).toBe(intraPlan.reassignmentJson);
    // Focus goes to the result's heading, and the status is announced politely.
    await focusReaches(page, "plan-result-title");
    await page.waitForFunction((s) => document.querySelector("[data-plan-announcer]")?.textContent?.includes(s), intraStatus.sentence);
    expect(await page.locator("[data-plan-announcer]").getAttribute("role")).toBe("status");
    // The demo is not a live cluster: the commands carry the placeholder, and the page says to replace it.
    const commands = await page.locator("#plan-apply-commands").textContent();
    expect(commands).toContain("--bootstrap-server <bootstrap-servers> ");
    expect(commands).not.toContain("localhost:9092");
    // The batched path the estimate models: each batch its own file, started and checked until complete.
    expect(await page.locator("#plan-batch-1").textContent()).toContain(
      "kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file plan-batch-1.json --execute",
    );
    expect(await page.locator("#plan-batch-1-json").textContent()).toBe(demoHandRun(intraPlan).steps.find((s) => s.batch === 1)!.file!.text);
    expect(await page.locator("[data-bootstrap-placeholder]").count()).toBe(1);
    // Before and after: one heatmap each, one row per broker.
    expect(await page.locator('[data-heatmap="broker-dir"]').count()).toBe(2);
    expect(await page.locator('[data-heatmap="broker-dir"]').last().locator("[data-broker-row]").count()).toBe(3);
    expect(await page.locator("[data-apply-panel]").textContent()).toContain("Writes are off");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(e2e.tab.errors).toEqual([]);
    await screenshot(page, "plan-desktop");
  });

  it("sorts the moves table by each column, with aria-sort, from the keyboard too", async () => {
    const { page } = e2e.tab;
    const rows = moveRows(intraPlan.moves, intraPlan.options.throttle);
    const shown = async () => page.locator("[data-move-row] td:first-child").allTextContents();
    const header = (column: string) => page.locator(`th:has([data-sort-column="${column}"])`);
    const expected = (column: "topic" | "partition" | "bytes", direction: "ascending" | "descending") =>
      sortMoveRows(rows, { column, direction })
        .slice(0, 50)
        .map((r) => r.topic);

    expect(await header("bytes").getAttribute("aria-sort")).toBe("descending");
    expect(await shown()).toEqual(expected(DEFAULT_MOVE_SORT.column as "bytes", "descending"));
    const first = sortMoveRows(rows, DEFAULT_MOVE_SORT)[0]!;
    expect(await page.locator("[data-move-row]").first().locator("td").allTextContents()).toEqual([
      first.topic,
      String(first.partition),
      first.from,
      first.to,
      first.bytesText,
      first.secondsText,
    ]);

    await page.click('[data-sort-column="topic"]');
    expect(await header("topic").getAttribute("aria-sort")).toBe("ascending");
    expect(await header("bytes").getAttribute("aria-sort")).toBe("none");
    expect(await shown()).toEqual(expected("topic", "ascending"));

    // Keyboard: focus the Partition header's button and press Enter, then Space to reverse.
    await page.focus('[data-sort-column="partition"]');
    await page.keyboard.press("Enter");
    expect(await header("partition").getAttribute("aria-sort")).toBe("ascending");
    await page.keyboard.press(" ");
    expect(await header("partition").getAttribute("aria-sort")).toBe("descending");
    const partitions = await page.locator("[data-move-row] td:nth-child(2)").allTextContents();
    expect(partitions).toEqual(
      sortMoveRows(rows, { column: "partition", direction: "descending" })
        .slice(0, 50)
        .map((r) => String(r.partition)),
    );
  });

  it("marks the plan stale when a goal changes, until the next Plan", async () => {
    const { page } = e2e.tab;
    expect(await page.locator("[data-result-stale]").count()).toBe(0);
    await page.fill("#plan-tolerancePercent", "3");
    await page.waitForSelector("[data-plan-result] [data-result-stale]");
    expect(await page.locator("[data-plan-result]").getAttribute("data-stale")).toBe("true");
    // The same goal typed differently is not a change.
    await page.fill("#plan-tolerancePercent", "5.0");
    await page.waitForSelector("[data-plan-result] [data-result-stale]", { state: "detached" });
    await page.fill("#plan-tolerancePercent", "3");
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-result] [data-result-stale]", { state: "detached" });
    await page.fill("#plan-tolerancePercent", "5");
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-result]:not([data-stale])");
  });

  it("opens with the goals and the operation a finding's link asks for", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/plan?goals=dir-utilization`);
    await page.waitForSelector("[data-plan-submit]:not([disabled])");
    expect(await page.locator("[data-goal-include]:checked").evaluateAll((boxes) => boxes.map((b) => b.getAttribute("data-goal-include")))).toEqual(["dir-utilization"]);
    await page.goto(`${e2e.app.url}/plan?operation=remove-brokers&brokers=3`);
    await page.waitForSelector("[data-plan-submit]:not([disabled])");
    expect(await page.locator("#plan-operation").inputValue()).toBe("remove-brokers");
    expect(await page.locator("[data-plan-broker]:checked").evaluateAll((boxes) => boxes.map((b) => b.getAttribute("data-plan-broker")))).toEqual(["3"]);
  });

  it("warns about an excluded topic the snapshot does not have", async () => {
    const { page } = e2e.tab;
    await page.fill("#plan-excludeTopics", "ordres");
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-warning]");
    expect(await page.locator("[data-plan-warning]").allTextContents()).toEqual(['Topic "ordres" is not in this snapshot, so excluding it changes nothing; check the spelling.']);
    await page.fill("#plan-excludeTopics", "");
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-warning]", { state: "detached" });
  });

  it("shows every goal error at once, beside each field, and moves focus to their list", async () => {
    const { page } = e2e.tab;
    await page.fill("#plan-tolerancePercent", "0");
    await page.fill("#plan-headroomPercent", "150");
    await page.fill("#plan-replicationMiBps", "fast");
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-form-errors]");
    expect(await page.locator("[data-plan-form-errors] li").allTextContents()).toEqual([
      "Tolerance: Enter a number between 0.1 and 50 points",
      "Never fill above: Enter a number above 0 and at most 100%",
      "Replication throttle: Enter a number, not “fast”",
    ]);
    await page.waitForFunction(() => document.activeElement?.hasAttribute("data-plan-form-errors"));
    for (const [field, text] of [
      ["tolerancePercent", "Enter a number between 0.1 and 50 points"],
      ["headroomPercent", "Enter a number above 0 and at most 100%"],
      ["replicationMiBps", "Enter a number, not “fast”"],
    ]) {
      expect(await page.locator(`#plan-${field}`).getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(`#${await page.locator(`#plan-${field}`).getAttribute("aria-describedby")}`).textContent()).toBe(text);
    }
    expect(await page.locator("#plan-alterLogDirsMiBps").getAttribute("aria-invalid")).toBeNull();
    // A link in the list takes focus to its field.
    await page.click('[data-plan-form-errors] a[href="#plan-headroomPercent"]');
    expect(await activeId(page)).toBe("plan-headroomPercent");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "plan-errors-desktop", false);
    await page.fill("#plan-tolerancePercent", "5");
    await page.fill("#plan-headroomPercent", "85");
    await page.fill("#plan-replicationMiBps", "50");
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-form-errors]", { state: "detached" });
  });

  it("reviews a pasted reassignment JSON Kafka would run: status, duration and the cluster after it", async () => {
    const { page } = e2e.tab;
    await openPlanner(page, e2e.app.url);
    await page.locator("[data-review-panel] > summary").click();
    await page.fill("[data-review-input]", intraPlan.reassignmentJson);
    await page.click("[data-review-submit]");
    await page.waitForSelector("[data-review-result]");
    expect(await page.locator("[data-review-status]").textContent()).toMatch(
      new RegExp(`Kafka would accept this reassignment of ${intraPlan.entries.length} partitions, which copies .+; afterwards every goal is within the tolerance\\.`),
    );
    await focusReaches(page, "review-result-title");
    await page.waitForFunction(() => document.querySelector("[data-plan-announcer]")?.textContent?.startsWith("Review ready. Kafka would accept"));
    const summary = await page.locator("[data-review-summary]").textContent();
    expect(summary).toMatch(/^0 B copied between brokers and .+ moved between dirs; estimated \d+ min \d+ s \(bottleneck: broker \d, alter-log-dirs rate\)\./);
    // The dirs by the dir goal's own measure, as the goals table says them.
    expect(summary).toMatch(/Dirs outside the tolerance: \d+ → 0 \(worst \d+\.\d points → \d+\.\d points\)\./);
    expect(await page.locator("[data-review-after] [data-broker-row]").count()).toBe(3);
    expect(await page.locator("#review-apply-commands").textContent()).toContain("--bootstrap-server <bootstrap-servers> ");
    expect(await page.locator("#review-batch-1").textContent()).toContain(
      "kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file plan-batch-1.json --execute",
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "plan-review-desktop");

    // Editing the JSON marks the review stale.
    await page.fill("[data-review-input]", `${intraPlan.reassignmentJson}\n`);
    await page.waitForSelector("[data-review-result] [data-result-stale]");
  });

  it("a review Kafka would refuse shows only what Kafka would refuse: no estimate, no after-state, no commands", async () => {
    const { page } = e2e.tab;
    await page.fill("[data-review-input]", '{"version":1,"partitions":[{"topic":"orders","partition":0,"replicas":[1,9],"log_dirs":["/data/nope","any"]}]}');
    await page.click("[data-review-submit]");
    await page.waitForSelector("[data-review-problem]");
    expect(await page.locator("[data-review-status]").textContent()).toContain("Kafka would refuse this reassignment: 2 problems, listed below; fix them and review again.");
    const problems = await page.locator("[data-review-problem]").allTextContents();
    expect(problems).toEqual(expect.arrayContaining([expect.stringContaining("broker 9 is not in the cluster"), expect.stringContaining("has no log dir /data/nope")]));
    for (const gone of ["[data-review-summary]", "[data-review-after]", "#review-apply-commands", "#review-batch-1", '[data-review-result] [data-chart="transfer"]']) {
      expect(await page.locator(gone).count()).toBe(0);
    }
    expect(await page.locator("[data-review-result]").textContent()).not.toMatch(/estimated|bootstrap-server/);
    await screenshot(page, "plan-review-refused-desktop", false);
  });

  it("reports a reassignment JSON that is not JSON with its line and column, and puts the caret there", async () => {
    const { page } = e2e.tab;
    const broken = '{\n  "version": 1,\n  "partitions": [{"topic": "orders" "partition": 0, "replicas": [1]}]\n}';
    await page.fill("[data-review-input]", broken);
    await page.click("[data-review-submit]");
    await page.waitForSelector("[data-review-error]");
    expect(await page.locator("[data-review-error] p").textContent()).toBe("Not valid JSON: line 3, column 37: expected ',' or '}' after a value in an object.");
    expect(await page.locator("[data-review-result]").count()).toBe(0);
    expect(await page.locator("[data-review-input]").getAttribute("aria-invalid")).toBe("true");
    await page.click("[data-review-goto]");
    expect(await activeId(page)).toBe("review-json");
    const caret = await page.locator("[data-review-input]").evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionStart + 11));
    expect(caret).toBe('"partition"');
    await screenshot(page, "plan-review-json-error-desktop", false);
    // The browser logs the 400 it was answered; nothing else may have gone wrong.
    expect(e2e.tab.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it("a shared link that carries a reassignment JSON other than the plan's opens with that JSON reviewed; the page's HTML carries the link's id, not its snapshot", async () => {
    const { page } = e2e.tab;
    const errorsBefore = e2e.tab.errors.length;
    await page.goto(`${e2e.app.url}/plan`);
    // The demo's "orders" under a name nothing but this link holds, so the HTML can be searched for it.
    const TOPIC = "orders-only-in-this-shared-link";
    const snapshot = demoSnapshot();
    const topic = snapshot.topics.find((t) => t.name === "orders")!;
    topic.name = TOPIC;
    const orders = topic.partitions[0]!;
    const json = JSON.stringify({
      version: 1,
      partitions: [{ topic: TOPIC, partition: orders.id, replicas: orders.replicas.map((r) => r.broker), log_dirs: orders.replicas.map(() => "/data/d1") }],
    });
    const id = await page.evaluate(
      async (body) => {
        const created = await fetch("/api/snapshots", { method: "POST", headers: { "content-type": "application/json" }, body });
        return ((await created.json()) as { id: string }).id;
      },
      JSON.stringify({ kind: "plan", snapshot, plan: { options: { mode: "intra", bootstrapServer: "k1:9092" }, reassignmentJson: json } }),
    );
    // The page is made without decoding the link: its HTML (and RSC payload) holds neither the snapshot
    // nor the reassignment JSON, and says that the link is being read; the browser fetches the record.
    const html = await (await fetch(`${e2e.app.url}/plan?shared=${id}`)).text();
    expect(html).not.toContain(TOPIC);
    expect(html).not.toMatch(/\\?"brokers\\?":\[/);
    expect(html).toContain("Reading the shared link…");
    const asked: string[] = [];
    const onRequest = (r: { url: () => string }) => asked.push(new URL(r.url()).pathname);
    page.on("request", onRequest);
    await page.goto(`${e2e.app.url}/plan?shared=${id}`);
    await page.waitForSelector("[data-review-result]");
    page.off("request", onRequest);
    expect(asked).toContain(`/api/snapshots/${id}`);
    // Then it shows what the link holds: its snapshot's label in the heading, its JSON (with the topic) under review.
    const label = await page.locator("[data-working-on-label]").textContent();
    expect(label).toBeTruthy();
    expect(await page.locator("#goals-title").textContent()).toBe(`Goals for the shared snapshot (${label})`);
    expect(await page.locator("[data-review-input]").inputValue()).toContain(TOPIC);
    // A link stored with the retired `mode: "intra"` opens with the goal it meant: the dirs alone.
    expect(await page.locator("[data-goal-include]:checked").evaluateAll((boxes) => boxes.map((b) => b.getAttribute("data-goal-include")))).toEqual(["dir-utilization"]);
    expect(await page.locator("[data-review-panel] > summary").textContent()).toBe("The reassignment JSON this link carries, reviewed");
    expect(await page.locator("[data-review-input]").inputValue()).toBe(json);
    expect(await page.locator("[data-review-status]").textContent()).toContain("Kafka would accept this reassignment of 1 partition, which copies");
    expect(await page.locator("[data-review-after] [data-broker-row]").count()).toBe(3);
    // The plan itself is planned again beside it, as for any shared plan; opening a link moves no focus.
    await page.waitForSelector("[data-plan-result]");
    expect(await page.locator("[data-plan-result] [data-result-stale]").count()).toBe(0);
    expect(await activeId(page)).not.toBe("plan-result-title");
    expect(e2e.tab.errors.slice(errorsBefore)).toEqual([]);
  });

  it("a shared link whose record cannot be read says why and plans the current cluster instead", async () => {
    const { page } = e2e.tab;
    const errorsBefore = e2e.tab.errors.length;
    // A plan link written by a newer server (its schema is newer than this one reads), put into the
    // server's own store: the page finds the row, the record's read in the browser fails for real.
    const record = JSON.parse(fs.readFileSync(path.resolve("tests/fixtures/snapshots/v1/plan.json"), "utf8")) as { kind: "plan"; createdAt: string; payload: StoredPayload };
    const future = SNAPSHOT_SCHEMA_VERSION + 1;
    const store = openStore({ kind: "sqlite", file: DB });
    let id: string;
    try {
      id = await insertRecord(store.links, {
        ...record,
        createdAt: new Date().toISOString(),
        schemaVersion: future,
        payload: { ...record.payload, snapshot: { ...(record.payload.snapshot as object), schema: future } },
      });
    } finally {
      await store.close();
    }
    await page.goto(`${e2e.app.url}/plan?shared=${id}`);
    await page.waitForSelector("[data-shared-failure]");
    expect(await page.locator("[data-shared-failure]").textContent()).toMatch(/upgrade.*Showing a new plan for the current cluster instead\.$/is);
    await page.waitForSelector("[data-plan-submit]:not([disabled])");
    expect(await page.locator("#goals-title").textContent()).toBe("Goals for the demo cluster");
    expect(await page.locator("[data-plan-result]").count()).toBe(0);
    // The browser logs the failed request (a 500); nothing else may have gone wrong.
    expect(e2e.tab.errors.slice(errorsBefore).filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it("removes a broker picked from the cluster: the goals table, what cannot leave and why, and the broker's row after", async () => {
    const { page } = e2e.tab;
    const errorsBefore = e2e.tab.errors.length;
    await openPlanner(page, e2e.app.url);
    await page.selectOption("#plan-operation", "remove-brokers");
    // The brokers are the cluster's own, each with what it holds; none is ticked for a removal.
    expect(await page.locator("[data-plan-brokers] label").allTextContents()).toEqual([
      expect.stringMatching(/^broker 1: [\d.]+ [GT]iB in \d+ replicas$/),
      expect.stringMatching(/^broker 2: /),
      expect.stringMatching(/^broker 3: /),
    ]);
    expect(await page.locator("[data-plan-broker]:checked").count()).toBe(0);
    // Plan with none ticked: the field says what to choose, and focus goes to the list of problems.
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-form-errors]");
    expect(await page.locator("[data-plan-form-errors] li").allTextContents()).toEqual(["Brokers: Choose at least one broker to remove"]);
    await page.click('[data-plan-form-errors] a[href="#plan-brokers"]');
    expect(await activeId(page)).toBe("plan-brokers");
    await page.locator('[data-plan-broker="3"]').check();
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-result] [data-evacuation]");
    await page.waitForSelector("[data-plan-form-errors]", { state: "detached" });

    const expected = demoPlan({ operation: { kind: "remove-brokers", brokers: [3] } });
    expect(await page.locator("[data-plan-status]").textContent()).toContain(planResultStatus(expected).sentence);
    // One row per goal in priority order: met or not, before → after, and why not.
    expect(await shownGoalRows(page)).toEqual(
      goalRows(expected.goals).map((r) => [
        r.label,
        r.met ? "✓ Met" : "✗ Not met",
        `${r.outside.before} → ${r.outside.after}`,
        `${r.spread.before} → ${r.spread.after}`,
        r.reason ?? "—",
      ]),
    );
    expect(await page.locator('[data-goal-result="broker-bytes"]').getAttribute("data-met")).toBe("false");
    // __consumer_offsets has a replica on each of the three brokers: broker 3's 50 cannot go anywhere, and the page says why.
    expect(await page.locator("[data-evacuation-summary]").textContent()).toBe(evacuationSentence(expected.options.operation, expected.evacuation!));
    await page.locator("[data-evacuation-stuck] summary").click();
    expect(await page.locator("[data-evacuation-stuck] summary").textContent()).toBe("50 replicas cannot leave: which, and why");
    expect(await page.locator("[data-stuck-group]").allTextContents()).toEqual([
      expect.stringMatching(/^__consumer_offsets partitions 0–49 on broker 3 \(.+\): every broker that stays already holds a replica of the partition$/),
    ]);
    // Quality: the bound, and Kafka's own --generate refusing three replicas on two brokers.
    const quality = await page.locator("[data-plan-quality]").textContent();
    expect(quality).toContain("Lower bound");
    expect(quality).toContain("Moved ÷ lower bound");
    expect(quality).toMatch(/Kafka's --generaterefused.*replication factor of 3/);
    // The summary's dir figures are the dir goal's measure, as the goals table's ✓ Met: evened, not "1.51× → 3.00×".
    const summary = await page.locator('[aria-label="Plan summary"]').textContent();
    expect(summary).toContain(
      dirFigures(expected)
        .map((f) => `${f.label}${f.value}${f.hint}`)
        .join(""),
    );
    expect(summary).toContain("Dirs outside the tolerance6 → 0");
    expect(summary).not.toContain("3.00×");
    // After the plan broker 3 holds nothing but those 50 tiny replicas: its other dirs are empty.
    const after = page.locator('[data-plan-result] [data-heatmap="broker-dir"]').last();
    const labels = await after.locator('[data-broker-row="3"] [data-cell]').evaluateAll((cells) => cells.map((c) => c.getAttribute("aria-label")));
    expect(labels).toEqual(
      brokerDirGrid(expected.after, "utilization")
        .rows.find((r) => r.broker === 3)!
        .cells.map((c) => c!.ariaLabel),
    );
    expect(labels).toEqual([
      expect.stringMatching(/\/data\/d1: .* KiB, .* 50 partitions$/),
      expect.stringMatching(/\/data\/d2: 0 B, 0% used, 0 partitions$/),
      expect.stringMatching(/\/data\/d3: 0 B, 0% used, 0 partitions$/),
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await elementScreenshot(page.locator("[data-goals-table]"), "plan-remove-broker-goals");
    await elementScreenshot(page.locator("[data-evacuation]"), "plan-remove-broker-evacuation");
    await screenshot(page, "plan-remove-broker-desktop");
    expect(e2e.tab.errors.slice(errorsBefore)).toEqual([]);
  });

  it("adds brokers only where a broker is empty: the picker marks each, and a broker that holds data is refused, naming Rebalance", async () => {
    const { page } = e2e.tab;
    await openPlanner(page, e2e.app.url);
    await page.selectOption("#plan-operation", "add-brokers");
    // Every demo broker holds data: none is ticked, and each says why it cannot be filled.
    expect(await page.locator("[data-plan-broker]:checked").count()).toBe(0);
    expect(await page.locator("[data-plan-broker-fill]").allTextContents()).toEqual(Array(3).fill("holds data: to even it out, use Rebalance"));
    await page.locator('[data-plan-broker="3"]').check();
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-form-errors]");
    expect(await page.locator("[data-plan-form-errors] li").allTextContents()).toEqual([
      "Brokers: broker 3 already holds 812.0 GiB in 70 replicas: Add brokers fills brokers that hold nothing yet (newly started ones). To even out brokers that hold data, choose Rebalance",
    ]);
    expect(await page.locator("[data-plan-result]").count()).toBe(0);
  });

  it("drains a log dir picked from a broker's dirs: cordoned first, emptied into the broker's other dirs, commands in order", async () => {
    const { page } = e2e.tab;
    await openPlanner(page, e2e.app.url);
    await page.selectOption("#plan-operation", "drain-dirs");
    await page.selectOption("#plan-drain-broker", "2");
    expect(await page.locator("[data-plan-dir]").evaluateAll((boxes) => boxes.map((b) => b.getAttribute("data-plan-dir")))).toEqual(["2:/data/d1", "2:/data/d2", "2:/data/d3"]);
    await page.locator('[data-plan-dir="2:/data/d3"]').check();
    expect(await page.locator("[data-plan-dirs-chosen]").textContent()).toBe("To drain: /data/d3 on broker 2.");
    // The demo runs Kafka 4.4: cordons exist, and the box is ticked.
    expect(await page.locator("#plan-cordon").isChecked()).toBe(true);
    await elementScreenshot(page.locator("form:has([data-plan-submit])"), "plan-drain-form");
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-result] [data-evacuation]");

    const expected = demoPlan({ operation: { kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d3" }], cordon: true } });
    // Broker 2's other dirs have room: every move is a local copy.
    expect(expected.moves.every((m) => m.kind === "intra" && m.fromBroker === 2 && m.fromDir === "/data/d3")).toBe(true);
    expect(await page.locator("[data-plan-status]").textContent()).toContain(planResultStatus(expected).sentence);
    expect(await page.locator("[data-evacuation-summary]").textContent()).toMatch(/^10 replicas \(.+\) leave \/data\/d3 on broker 2, and nothing is left behind\.$/);
    // The drained dir holds nothing after, and stays cordoned.
    const cell = page.locator('[data-plan-result] [data-heatmap="broker-dir"]').last().locator('[data-broker-row="2"] [data-cell][data-path="/data/d3"]');
    expect(await cell.getAttribute("aria-label")).toMatch(/\/data\/d3: .*0 B.*0 partitions/);
    expect(await cell.getAttribute("aria-label")).toMatch(/cordoned/);
    // The commands in the order to run them: the cordon before the throttles.
    // Each batch's file beside its step; the cordon first, the throttles put back after the last batch.
    const run = demoHandRun(expected);
    expect(await page.locator('[aria-label="Commands, in the order to run them"] h4').allTextContents()).toEqual(
      run.steps.filter((s) => s.batch === undefined || s.batch <= BATCH_STEPS_SHOWN).flatMap((s) => (s.file ? [s.file.name, s.title] : [s.title])),
    );
    expect(run.steps[0]!.title).toBe("1. Cordon the dirs being drained (Kafka 4.3+, cordoned.log.dirs); the cordons stay once it is done, as the apply job leaves them");
    expect(run.steps[1]!.title).toBe("2. Set the throttles, once for every batch");
    expect(run.steps.at(-1)!.id).toBe("plan-remove-commands");
    expect(await page.locator("#plan-cordon-commands").textContent()).toBe(expected.cordons[0]!.command);
    expect(expected.cordons[0]!.command).toContain("--entity-name 2 --alter --add-config 'cordoned.log.dirs=[/data/d3]'");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "plan-drain-desktop");
  });

  it("orders the goals from the keyboard: each move keeps focus on the goal and says its new place, and the plan follows the order", async () => {
    const { page } = e2e.tab;
    await openPlanner(page, e2e.app.url);
    const order = () => page.locator("[data-goal-row]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-goal-row")));
    expect(await order()).toEqual(["dir-utilization", "broker-bytes", "broker-replicas", "broker-leaders", "topic-spread"]);
    // The first goal cannot go up, the last cannot go down; each button says which goal it moves.
    expect(await page.getByRole("button", { name: `Move ${GOAL_LABELS["dir-utilization"]} up` }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: `Move ${GOAL_LABELS["topic-spread"]} down` }).isDisabled()).toBe(true);
    await page.focus("#plan-goal-broker-leaders-up");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.id === "plan-goal-broker-leaders-up");
    await page.keyboard.press(" ");
    await page.waitForFunction(() => document.querySelector("[data-goal-announcer]")?.textContent === "Broker leader counts: now priority 2 of 5.");
    await page.keyboard.press("Enter");
    // At the top its up button is disabled: focus moves to its down button.
    await page.waitForFunction(() => document.activeElement?.id === "plan-goal-broker-leaders-down");
    expect(await page.locator("[data-goal-announcer]").textContent()).toBe("Broker leader counts: now priority 1 of 5.");
    expect(await order()).toEqual(["broker-leaders", "dir-utilization", "broker-bytes", "broker-replicas", "topic-spread"]);
    // Leave topic spread out from the keyboard too.
    await page.focus('[data-goal-include="topic-spread"]');
    await page.keyboard.press(" ");
    expect(await page.locator('[data-goal-include="topic-spread"]').isChecked()).toBe(false);
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-goals-table]");
    expect(await page.locator("[data-goal-result]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-goal-result")))).toEqual([
      "broker-leaders",
      "dir-utilization",
      "broker-bytes",
      "broker-replicas",
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await elementScreenshot(page.locator("[data-plan-goals]"), "plan-goal-order");
  });

  it("on a phone: the result is scrolled into view and focused after Plan, nothing scrolls sideways, axe finds nothing serious", async () => {
    const phone = await openPage(e2e.browser, PHONE);
    try {
      const { page } = phone;
      await openPlanner(page, e2e.app.url);
      await page.fill("#plan-tolerancePercent", "0");
      await page.fill("#plan-headroomPercent", "150");
      await page.click("[data-plan-submit]");
      await page.waitForSelector("[data-plan-form-errors]");
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, "plan-errors-phone", false);
      await page.fill("#plan-tolerancePercent", "5");
      await page.fill("#plan-headroomPercent", "85");

      await planIntra(page);
      await focusReaches(page, "plan-result-title");
      // Far below the form on a phone: scrolled to the top of the screen (16 px: its scroll margin).
      expect(await screenTop(page, "#plan-result-title")).toBeCloseTo(16, 0);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, "plan-phone-viewport", false);
      await screenshot(page, "plan-phone");

      await page.locator("[data-review-panel] > summary").click();
      await page.fill("[data-review-input]", intraPlan.reassignmentJson);
      await page.click("[data-review-submit]");
      await page.waitForSelector("[data-review-result]");
      await focusReaches(page, "review-result-title");
      const top = await screenTop(page, "#review-result-title");
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(844 / 2);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, "plan-review-phone");
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.page.context().close();
    }
  });
});
