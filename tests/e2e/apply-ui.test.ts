// The apply's UI in Chromium on the demo cluster (no Kafka, writes off): the plan shows the batches
// the apply would run and how, exactly as the library cuts them; the execution settings in the goals
// form change them, and a shared plan link keeps them; the audit page, in the navigation, shows its
// empty state. Light and dark, with no serious axe findings. Then a cancelled and a failed job on the
// panel, as the job's step function leaves them (driven against a pretend cluster, stored in the app's
// store): the phases that ran and those that did not, where the cancelled batch's replicas are as read
// back, what is left set, where the failed job failed. Screenshots go to test-results/screenshots/.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobView, type ApplyJobRecord, type JobControl } from "@/lib/plan/job-model";
import type { ActionOutcome } from "@/lib/plan/job-step";
import { closeStore, getStore } from "@/lib/store";
import { cancelOutcomeView, jobHeadline, leftSetText, phaseSteps } from "@/lib/view/apply/apply-job";
import { accept, drive, jobRecord, newRun, NO_CONTROL, obedientCluster, scanOf, type World } from "../support/apply-job";
import { startApp, type AppServer } from "../support/e2e-server";
import { GiB } from "../support/snapshots";
import { planRebalance, PlanOptionsSchema, type PlanOptionsInput } from "@/lib/plan";
import { planResponse } from "@/lib/plan/response";
import { demoSnapshot } from "@/lib/simulate/presets";
import { executionSentence, planBatchTable } from "@/lib/view/apply/apply-batches";
import { AUDIT_EMPTY } from "@/lib/view/apply/audit-log";
import { horizontalOverflow, PHONE, seriousA11yViolations } from "../support/a11y";
import { elementScreenshot, launchBrowser, openPage, screenshot, type TrackedPage } from "../support/e2e-browser";
import { useE2eSession } from "../support/e2e-session";

/** What /api/plan answers for the demo and these options: the page must show exactly its batches. */
function demoPlan(options: PlanOptionsInput) {
  const r = planRebalance(demoSnapshot(), PlanOptionsSchema.parse(options));
  if (!r.ok) throw new Error(r.error.message);
  return planResponse(r.value);
}

/** The batch table's rows as the page shows them. */
const shownBatches = (page: Page) =>
  page.locator("[data-plan-batch]").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td")).map((c) => c.textContent!.trim())));
const expectedBatches = (plan: ReturnType<typeof demoPlan>) =>
  planBatchTable(plan.batches).rows.map((r) => [String(r.number), r.kindText, r.partitions, r.moves, r.bytes, r.seconds]);

async function planAndWait(page: Page, batches: number) {
  await page.click("[data-plan-submit]");
  await page.waitForSelector(`[data-apply-panel] [data-plan-batches="${batches}"]`);
  await page.waitForSelector("[data-plan-result]:not([data-stale])");
}

describe("apply and audit (demo cluster)", () => {
  const e2e = useE2eSession();
  const defaults = demoPlan({});
  const oneAtATime = demoPlan({ execution: { partitionMovesPerBroker: 1, dirMovesPerBroker: 1, order: "largest-first" } });

  it("the plan shows the batches the apply would run, and the execution settings change them as the library does", async () => {
    const { page } = e2e.tab;
    // The demo's plan must be cut differently by the two settings, or this test proves nothing.
    expect(oneAtATime.batches.length).toBeGreaterThan(defaults.batches.length);
    await page.goto(`${e2e.app.url}/plan`);
    await page.waitForSelector("[data-plan-submit]:not([disabled])");
    // The settings start at Cruise Control's defaults.
    expect(await page.locator("#plan-partitionMovesPerBroker").inputValue()).toBe("5");
    expect(await page.locator("#plan-dirMovesPerBroker").inputValue()).toBe("2");
    expect(await page.locator("#plan-leaderMovesPerBatch").inputValue()).toBe("1000");
    expect(await page.locator("#plan-executionOrder").inputValue()).toBe("urgent-disk-first");

    await planAndWait(page, defaults.batches.length);
    expect(await shownBatches(page)).toEqual(expectedBatches(defaults));
    expect(await page.locator("[data-execution-sentence]").textContent()).toContain(executionSentence(defaults.options.execution, defaults.batches));
    expect(await page.locator("[data-apply-panel]").textContent()).toContain("Writes are off");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator("[data-apply-panel]").scrollIntoViewIfNeeded();
    await screenshot(page, "apply-plan-batches");

    // One move per broker at a time, largest first: more, smaller batches; the plan goes stale until planned again.
    await page.fill("#plan-partitionMovesPerBroker", "1");
    await page.fill("#plan-dirMovesPerBroker", "1");
    await page.selectOption("#plan-executionOrder", "largest-first");
    await page.waitForSelector("[data-plan-result][data-stale]");
    await planAndWait(page, oneAtATime.batches.length);
    expect(await shownBatches(page)).toEqual(expectedBatches(oneAtATime));
    expect(await page.locator("[data-execution-sentence]").textContent()).toContain("at most 1 partition move and 1 dir move per broker at a time, largest first");
    expect(e2e.tab.errors).toEqual([]);
  });

  it("an execution setting out of range is named beside its field, in the list of problems", async () => {
    const { page } = e2e.tab;
    await page.fill("#plan-dirMovesPerBroker", "0");
    await page.click("[data-plan-submit]");
    await page.waitForSelector("[data-plan-form-errors]");
    expect(await page.locator("[data-plan-form-errors] li").allTextContents()).toEqual(["Dir moves per broker: Enter a whole number between 1 and 100"]);
    expect(await page.locator("#plan-dirMovesPerBroker").getAttribute("aria-invalid")).toBe("true");
    await page.fill("#plan-dirMovesPerBroker", "2");
  });

  it("a shared plan link keeps the execution settings it was made with", async () => {
    const { page } = e2e.tab;
    const id = await page.evaluate(
      async (body) => {
        const created = await fetch("/api/snapshots", { method: "POST", headers: { "content-type": "application/json" }, body });
        return ((await created.json()) as { id: string }).id;
      },
      JSON.stringify({ kind: "plan", snapshot: demoSnapshot(), plan: { options: oneAtATime.options, reassignmentJson: oneAtATime.reassignmentJson } }),
    );
    await page.goto(`${e2e.app.url}/plan?shared=${id}`);
    await page.waitForSelector("[data-plan-result]");
    expect(await page.locator("#plan-partitionMovesPerBroker").inputValue()).toBe("1");
    expect(await page.locator("#plan-dirMovesPerBroker").inputValue()).toBe("1");
    expect(await page.locator("#plan-executionOrder").inputValue()).toBe("largest-first");
    // Planned again with them, the plan is the link's own: no review below it, nothing stale.
    expect(await page.locator("[data-plan-result] [data-result-stale]").count()).toBe(0);
    expect(await page.locator("[data-review-result]").count()).toBe(0);
    expect(e2e.tab.errors).toEqual([]);
  });

  it("the audit page, in the navigation, says that nothing has been written yet, light and dark, laptop and phone", async () => {
    for (const [name, options] of [
      ["light", {}],
      ["dark", { colorScheme: "dark" as const }],
      ["phone", PHONE],
    ] as const) {
      const tab = await openPage(e2e.browser, options);
      const { page } = tab;
      await page.goto(`${e2e.app.url}/`);
      await page.locator('nav[aria-label="Main"] a[href="/audit"]').click();
      await page.waitForURL((u) => u.pathname === "/audit");
      await page.waitForSelector("[data-audit-empty]");
      expect(await page.title()).toBe("Audit · Kafka Balance");
      expect(await page.locator('nav[aria-label="Main"] a[aria-current="page"]').getAttribute("href")).toBe("/audit");
      expect(await page.locator("[data-audit-empty]").textContent()).toBe(AUDIT_EMPTY);
      expect(await horizontalOverflow(page), name).toBe(0);
      expect(await seriousA11yViolations(page), name).toEqual([]);
      await screenshot(page, `audit-empty-${name}`);
      expect(tab.errors, name).toEqual([]);
      await page.context().close();
    }
  });

  it("the plan page's batches in dark mode have no serious axe findings", async () => {
    const tab = await openPage(e2e.browser, { colorScheme: "dark" });
    const { page } = tab;
    await page.goto(`${e2e.app.url}/plan`);
    await page.waitForSelector("[data-plan-submit]:not([disabled])");
    await planAndWait(page, defaults.batches.length);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator("[data-apply-panel]").scrollIntoViewIfNeeded();
    await screenshot(page, "apply-plan-batches-dark", false);
    expect(tab.errors).toEqual([]);
    await page.context().close();
  });
});

/** A drain of broker 1's /d1 (t-0, t-1 → /d2), cancelled mid-batch: t-0's move had finished, t-1's was cancelled. */
function cancelledDrain(): ApplyJobRecord {
  const job = jobRecord({ cordons: [{ broker: 1, dirs: ["/d1"] }], leadership: false });
  job.id = "job-cancelled";
  job.work.entries = [
    { topic: "t", partition: 0, replicas: [1], logDirs: ["/d2"] },
    { topic: "t", partition: 1, replicas: [1], logDirs: ["/d2"] },
  ];
  job.work.batches = [{ index: 0, kind: "data", entries: [0, 1], bytes: 2 * GiB, partitionMoves: 0, dirMoves: 2 }];
  job.work.estimate = { seconds: 20, batchSeconds: [20], overheadSeconds: 1 };
  job.work.throttles = { topics: [], brokers: [{ broker: 1, leaderRate: null, followerRate: null, alterLogDirsRate: 1 }] };
  job.status.batches = [{ state: "pending", startedAt: null, finishedAt: null }];
  const dirs = (d0: string, d1: string, copying: boolean) => {
    const snap = scanOf();
    snap.topics[0]!.partitions.forEach((p, k) => {
      p.replicas[0]!.logDir = k === 0 ? d0 : d1;
      p.replicas[0]!.future = copying && k === 1 ? { logDir: "/d2", sizeBytes: GiB / 3, offsetLag: null } : null;
    });
    return snap;
  };
  const running = drive(
    newRun(job),
    { scan: () => dirs("/d1", "/d1", true) },
    { until: (t) => t.run.job.status.batches[0]!.state === "running" && t.run.job.status.clock !== null },
  );
  let cancelled = false;
  const cancel: JobControl = { ...NO_CONTROL, seq: 1, cancel: true, by: "bob" };
  const world: World = {
    scan: () => dirs("/d2", "/d1", !cancelled),
    answer: (a) => {
      if (a.kind === "cancel-dir-moves") cancelled = true;
      return accept(a);
    },
    control: () => cancel,
  };
  const t = drive(running.run, world, { nowMs: running.nowMs });
  return { ...t.run.job, updatedAt: new Date(t.nowMs).toISOString(), finishedAt: new Date(t.nowMs).toISOString() };
}

/** A two-batch job whose preferred-leader election Kafka refused: it ends failed, in that phase. */
function failedElection(after: string): ApplyJobRecord {
  const job = jobRecord();
  job.id = "job-failed";
  // Created a minute after the cancelled one (the cluster's latest job), and its clock starts then.
  job.createdAt = after;
  job.updatedAt = after;
  const world = obedientCluster();
  const t = drive(
    newRun(job),
    {
      ...world,
      answer: (a, now): ActionOutcome =>
        a.kind === "elect-leaders"
          ? { kind: "elect-leaders", outcome: { requested: 1, elected: 0, notNeeded: 0, failed: ["t-0: PREFERRED_LEADER_NOT_AVAILABLE"] } }
          : world.answer!(a, now),
    },
    { nowMs: Date.parse(after) },
  );
  return { ...t.run.job, updatedAt: new Date(t.nowMs).toISOString(), finishedAt: new Date(t.nowMs).toISOString() };
}

/** Stores a finished job in the app's store (KAFKA_BALANCE_DB), as its runner would have left it. */
async function storeJob(db: string, job: ApplyJobRecord): Promise<void> {
  const saved = process.env.KAFKA_BALANCE_DB;
  await closeStore();
  process.env.KAFKA_BALANCE_DB = db;
  try {
    const { jobs } = getStore();
    await jobs.insert(job, "seed", 3_600_000, Date.now());
    expect(await jobs.saveStatus(job.id, "seed", job.status, job.updatedAt, 3_600_000, Date.now(), job.finishedAt)).toBe(true);
  } finally {
    await closeStore();
    if (saved === undefined) delete process.env.KAFKA_BALANCE_DB;
    else process.env.KAFKA_BALANCE_DB = saved;
  }
}

/** The panel as the page shows it: headline, each phase's status, the read-back, what is left set. */
async function shownJob(page: Page) {
  const panel = page.locator("[data-apply-job]");
  return {
    headline: (await panel.locator("[data-job-headline]").textContent())!.trim(),
    phases: await panel.locator("[data-phase-status]").evaluateAll((xs) => xs.map((x) => x.getAttribute("data-phase-status"))),
    leftSet: (await panel.locator("[data-job-left-set]").textContent())!.trim(),
    cancel: await panel.locator("[data-job-cancel-partition]").allTextContents(),
  };
}

describe("a cancelled and a failed apply job on the panel (a live cluster configured, its jobs in the store)", () => {
  let dir: string;
  let app: AppServer | undefined;
  let browser: Browser | undefined;
  let tab: TrackedPage;
  const cancelled = cancelledDrain();
  const failed = failedElection(new Date(Date.parse(cancelled.createdAt) + 60_000).toISOString());

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-apply-ui-jobs-"));
    const db = path.join(dir, "store.db");
    await storeJob(db, cancelled);
    // Nothing listens on 39401 (this file's port range): the cluster is configured, never reached; the jobs have ended.
    app = await startApp({ KAFKA_BOOTSTRAP_SERVERS: "127.0.0.1:39401", KAFKA_BALANCE_DB: db, KAFKA_BALANCE_REFRESH_MS: "0" }, 60_000, { port: 39402 });
    browser = await launchBrowser();
    tab = await openPage(browser);
  }, 900_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a cancelled drain: the election not run, each replica where the job read it back, the cordon put back and said so", async () => {
    const { page } = tab;
    await page.goto(`${app!.url}/plan`);
    await page.waitForSelector('[data-apply-job="cancelled"] [data-job-cancel]');
    const view = jobView(cancelled);
    const shown = await shownJob(page);
    expect(shown.headline).toBe(jobHeadline(view));
    expect(shown.phases).toEqual(phaseSteps(view).map((s) => s.status));
    expect(shown.phases).toEqual(["done", "done", "done", "done", "skipped", "done"]);
    expect(shown.leftSet).toBe(leftSetText(view, view.setConfigs));
    expect(shown.leftSet).toBe("Nothing the job set is left on the cluster: every config it set is back to what it was before.");
    expect(shown.cancel).toEqual(cancelOutcomeView(view.cancel)!.rows.map((r) => `${r.outcomeText}: ${r.lines.join("; ")}`));
    expect(shown.cancel).toEqual([
      "Finished as planned: t-0 on broker 1: in /d2 — the move finished before the cancel reached Kafka",
      "Back where it was: t-1 on broker 1: stays in /d1 — the move was cancelled",
    ]);
    expect(await page.locator('[data-job-batch="1"] td').nth(1).textContent()).toBe("Cancelled (1 of 2 partitions finished)");
    expect(await page.locator("[data-apply-job] [data-job-warnings]").count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator("[data-apply-job]").scrollIntoViewIfNeeded();
    await elementScreenshot(page.locator("[data-apply-job]"), "cancelled-job");
  });

  it("a failed job: the headline and the phase strip name the phase it failed in, and what is left set", async () => {
    await storeJob(path.join(dir, "store.db"), failed);
    const { page } = tab;
    await page.goto(`${app!.url}/plan`);
    await page.waitForSelector('[data-apply-job="failed"]');
    const view = jobView(failed);
    const shown = await shownJob(page);
    expect(shown.headline).toBe("Failed while electing preferred leaders: the error below says what went wrong");
    expect(shown.phases).toEqual(["skipped", "done", "done", "done", "failed", "done"]);
    expect(shown.leftSet).toBe(leftSetText(view, view.setConfigs));
    expect(shown.cancel).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator("[data-apply-job]").scrollIntoViewIfNeeded();
    await elementScreenshot(page.locator("[data-apply-job]"), "failed-job");
  });
});
