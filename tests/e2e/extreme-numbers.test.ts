/**
 * Snapshot links whose byte counts sit at the edges of the schema (every replica 5e-324, every
 * replica 1e308, and a mix with 0, 2^53 and Number.MAX_VALUE), stored through the real
 * POST /api/snapshots handler and opened at /s/<id> in Chromium on the built app: each opens with its
 * heatmap, again and again, and the server stays up and keeps answering GET /.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postRecord } from "@/app/api/snapshots/route";
import { closeStore } from "@/lib/store";
import { launchBrowser, openPage } from "../support/e2e-browser";
import { startApp, type AppServer } from "../support/e2e-server";
import { extremeSnapshot, type ExtremeKind } from "../fixtures/extreme/snapshots";

const KINDS: ExtremeKind[] = ["subnormal", "huge", "mixed"];
const CELLS = '[data-heatmap="broker-dir"] [data-cell]';

let dir: string;
let server: AppServer;
let browser: Browser;
const ids = new Map<ExtremeKind, string>();

/** Stores a snapshot link as a browser's Share button would, through the route handler itself. */
async function store(kind: ExtremeKind): Promise<string> {
  const request = new Request("http://localhost/api/snapshots", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ kind: "snapshot", snapshot: extremeSnapshot(kind) }),
  });
  const response = await postRecord(request);
  const body = (await response.json()) as { id?: string; url?: string };
  if (response.status !== 201 || !body.id) throw new Error(`storing the ${kind} snapshot answered ${response.status}: ${JSON.stringify(body)}`);
  return body.id;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-e2e-extreme-"));
  const db = path.join(dir, "snapshots.db");
  closeStore();
  process.env.KAFKA_BALANCE_DB = db;
  for (const kind of KINDS) ids.set(kind, await store(kind));
  closeStore();
  server = await startApp({ KAFKA_BALANCE_DB: db });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  closeStore();
  delete process.env.KAFKA_BALANCE_DB;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** GET / answers 200: nothing restarts `next start`, so an answer on its port means the process is alive. */
async function serverAnswers(): Promise<void> {
  const home = await fetch(`${server.url}/`, { signal: AbortSignal.timeout(30_000) });
  expect(home.status).toBe(200);
}

describe("snapshot links with extreme byte counts in Chromium", () => {
  it.each(KINDS)("a link of %s replica sizes opens with its heatmap three times, and the server keeps answering", async (kind) => {
    const id = ids.get(kind)!;
    const { page, errors } = await openPage(browser);
    for (let visit = 1; visit <= 3; visit++) {
      const response = await page.goto(`${server.url}/s/${id}`, { timeout: 60_000 });
      expect(response?.status(), `visit ${visit}:\n${server.output()}`).toBe(200);
      await page.locator(`[data-shared-id="${id}"]`).waitFor({ timeout: 30_000 });
      await page.locator(CELLS).first().waitFor({ timeout: 30_000 });
      expect(await page.locator(CELLS).count()).toBe(6);
      await serverAnswers();
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the server process is still the one that started, and the links still open from a plain request", async () => {
    for (const id of ids.values()) {
      const response = await fetch(`${server.url}/s/${id}`, { signal: AbortSignal.timeout(30_000) });
      expect(response.status).toBe(200);
    }
    await serverAnswers();
    expect(server.output()).not.toMatch(/invalid size|FATAL ERROR|heap out of memory/i);
  });
});
