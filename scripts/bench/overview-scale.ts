/**
 * Overview bench: a 1,000,000-replica cluster (1,000 brokers × 12 dirs) in the production build,
 * opened in Chromium. The cluster is a synthetic snapshot written to a file and shown as the demo
 * cluster (`KAFKA_BALANCE_DEMO_SNAPSHOT_FILE`, the operator's way to show an exported snapshot).
 *
 * Figures (targets: DESIGN §6):
 * - firstPaintMs: navigation start → the broker × dir heatmap's cells, the verdict and the skew cards
 *   on screen (< 2 s), median of RUNS page loads on a warm server;
 * - firstPayloadBytes: bytes on the wire for the data the overview needed on that load: the document
 *   (it carries the model) and any API request it made; scripts and styles are counted apart
 *   (staticBytes), as the browser keeps them (< 2 MB);
 * - refreshBytes: an unchanged refresh as the overview makes it (If-None-Match with the model's
 *   ETag): every byte of the answer on the socket, status line and headers included; a 304 (< 10 KB).
 *   The browser makes the same request once to check it answers 304 there too (refreshStatus);
 * - serverMs: median time to the last byte of GET /api/cluster/overview on a warm server (the
 *   snapshot's report is kept per snapshot); coldServerMs: the first one (reading the file, the report).
 * Also, for 200,000 replicas, what GET /api/cluster sends (the whole snapshot) against the overview
 * model, raw and gzipped, measured in this process.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { CDPSession, Page } from "playwright-core";
import { launchBrowser, openPage } from "../../tests/support/e2e-browser";
import { startApp } from "../../tests/support/e2e-server";
import { DEMO_SNAPSHOT_FILE_ENV } from "../../lib/cluster/source";
import { balanceReport } from "../../lib/model/report";
import { syntheticCluster } from "../../lib/simulate/synthetic";
import { overviewModel } from "../../lib/view/overview/overview-model";

const BROKERS = 1000;
const DIRS = 12;
const REPLICAS = 1_000_000;
/** 5 timed loads after 2 untimed ones (the first loads mostly measure the server's JIT compiling the page). */
const RUNS = 5;
const WARM_UPS = 2;
/** App port: inside the range this machine's benches may use (29800–29849). */
const PORT = 29_811;

export interface OverviewScaleFigures {
  replicas: number;
  brokers: number;
  dirs: number;
  topics: number;
  firstPaintMs: number;
  firstPaintRunsMs: number[];
  firstPayloadBytes: number;
  staticBytes: number;
  refreshBytes: number;
  refreshStatus: number;
  serverMs: number;
  coldServerMs: number;
  snapshotFileBytes: number;
  at200k: { clusterRouteBytes: number; clusterRouteGzipBytes: number; overviewBytes: number; overviewGzipBytes: number };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Bytes on the wire per request (headers and body, as received), by CDP's Network domain. */
async function recordTransfers(page: Page): Promise<{ session: CDPSession; rows: Map<string, { url: string; type: string; status: number; bytes: number }> }> {
  const session = await page.context().newCDPSession(page);
  const rows = new Map<string, { url: string; type: string; status: number; bytes: number }>();
  session.on("Network.responseReceived", (e) => rows.set(e.requestId, { url: e.response.url, type: e.type, status: e.response.status, bytes: 0 }));
  session.on("Network.loadingFinished", (e) => {
    const row = rows.get(e.requestId);
    if (row) row.bytes = e.encodedDataLength;
  });
  // The browser's cache would hide a second load's bytes: every load here is a first visit.
  await session.send("Network.enable");
  await session.send("Network.setCacheDisabled", { cacheDisabled: true });
  return { session, rows };
}

/** Every byte the server sends for one GET (Connection: close, so the answer ends with the socket). */
function wireBytes(base: string, pathAndQuery: string, headers: Record<string, string>): Promise<{ bytes: number; status: number }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => {
      const lines = [
        `GET ${pathAndQuery} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        "Accept: application/json",
        "Accept-Encoding: gzip",
        "Connection: close",
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    });
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", reject);
    socket.on("close", () => {
      const all = Buffer.concat(chunks);
      resolve({ bytes: all.length, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(all.toString("latin1", 0, 20))?.[1] ?? 0) });
    });
  });
}

const isStatic = (row: { url: string; type: string }) =>
  row.type === "Script" || row.type === "Stylesheet" || row.type === "Font" || row.type === "Image" || row.url.includes("/_next/static/");

async function loadOnce(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  // performance.now() counts from navigation start; taken the frame the overview is readable.
  const handle = await page.waitForFunction(
    () => {
      // A drawn cell and the verdict's headline exist only with data (the loading skeleton has neither).
      const cell = document.querySelector('[data-heatmap="broker-dir"] [data-cell]');
      const verdict = document.querySelector("[data-verdict-headline]");
      return cell && verdict ? performance.now() : false;
    },
    undefined,
    { polling: "raf", timeout: 120_000 },
  );
  return Math.round((await handle.jsonValue()) as number);
}

function modelSizes(replicas: number): OverviewScaleFigures["at200k"] {
  const snapshot = syntheticCluster({ brokers: BROKERS, dirsPerBroker: DIRS, replicas });
  const report = balanceReport(snapshot);
  const whole = JSON.stringify({ snapshot, report });
  const model = JSON.stringify(overviewModel(snapshot, report));
  return {
    clusterRouteBytes: Buffer.byteLength(whole),
    clusterRouteGzipBytes: gzipSync(whole).length,
    overviewBytes: Buffer.byteLength(model),
    overviewGzipBytes: gzipSync(model).length,
  };
}

export async function benchOverviewScale(log: (m: string) => void = () => undefined): Promise<OverviewScaleFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-overview-scale-"));
  const file = path.join(dir, "cluster.json");
  log(`overview-scale: writing a ${REPLICAS.toLocaleString("en-US")}-replica snapshot (${BROKERS} brokers × ${DIRS} dirs)`);
  const snapshot = syntheticCluster({ brokers: BROKERS, dirsPerBroker: DIRS, replicas: REPLICAS });
  const topics = snapshot.topics.length;
  fs.writeFileSync(file, JSON.stringify(snapshot));
  const snapshotFileBytes = fs.statSync(file).size;
  const app = await startApp({ [DEMO_SNAPSHOT_FILE_ENV]: file }, 300_000, { port: PORT });
  const browser = await launchBrowser();
  try {
    const api = `${app.url}/api/cluster/overview`;
    let started = performance.now();
    const cold = await fetch(api);
    await cold.arrayBuffer();
    const coldServerMs = performance.now() - started;
    const etag = cold.headers.get("etag");
    if (!cold.ok || !etag) throw new Error(`GET /api/cluster/overview answered ${cold.status} without an ETag`);
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      await (await fetch(api)).arrayBuffer();
      warm.push(performance.now() - started);
    }

    const refresh = await wireBytes(app.url, "/api/cluster/overview", { "If-None-Match": etag });
    let refreshStatus = 0;
    const firstPaintRunsMs: number[] = [];
    const payloads: number[] = [];
    const statics: number[] = [];
    for (let i = -WARM_UPS; i < RUNS; i++) {
      const { page, errors } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
      try {
        const { rows } = await recordTransfers(page);
        const paintMs = await loadOnce(page, `${app.url}/`);
        await page.waitForLoadState("load");
        const loaded = [...rows.values()];
        if (i >= 0) {
          firstPaintRunsMs.push(paintMs);
          payloads.push(loaded.filter((r) => !isStatic(r)).reduce((a, r) => a + r.bytes, 0));
          statics.push(loaded.filter(isStatic).reduce((a, r) => a + r.bytes, 0));
        }
        if (i === 0) {
          // The overview's refresh, from the page: the model's ETag in If-None-Match (lib/client/use-cluster.ts).
          refreshStatus = await page.evaluate(
            async (tag) => (await fetch("/api/cluster/overview", { cache: "no-store", headers: { accept: "application/json", "if-none-match": tag } })).status,
            etag,
          );
        }
        if (errors.length) throw new Error(`the overview logged errors: ${errors.join("; ")}`);
      } finally {
        await page.context().close();
      }
    }
    log("overview-scale: measuring the 200,000-replica payloads");
    return {
      replicas: REPLICAS,
      brokers: BROKERS,
      dirs: DIRS,
      topics,
      firstPaintMs: median(firstPaintRunsMs),
      firstPaintRunsMs,
      firstPayloadBytes: median(payloads),
      staticBytes: median(statics),
      refreshBytes: refresh.bytes,
      refreshStatus: refresh.status === 304 ? refreshStatus : refresh.status,
      serverMs: Math.round(median(warm) * 10) / 10,
      coldServerMs: Math.round(coldServerMs),
      snapshotFileBytes,
      at200k: modelSizes(200_000),
    };
  } finally {
    await browser.close();
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

export function overviewScaleSummary(f: OverviewScaleFigures): string {
  return (
    `overview-scale: ${f.replicas.toLocaleString("en-US")} replicas (${f.brokers} brokers × ${f.dirs} dirs, ${f.topics} topics): ` +
    `first paint ${f.firstPaintMs} ms (target < 2000; runs ${f.firstPaintRunsMs.join(", ")}), first payload ${kb(f.firstPayloadBytes)} (target < 2 MiB; scripts and styles ${kb(f.staticBytes)} more), ` +
    `unchanged refresh ${f.refreshBytes} B, HTTP ${f.refreshStatus} (target < 10 KiB), server ${f.serverMs} ms warm, ${f.coldServerMs} ms cold (reading the ${kb(f.snapshotFileBytes)} file); ` +
    `200,000 replicas: GET /api/cluster ${kb(f.at200k.clusterRouteBytes)} (${kb(f.at200k.clusterRouteGzipBytes)} gzipped) vs the overview model ${kb(f.at200k.overviewBytes)} (${kb(f.at200k.overviewGzipBytes)} gzipped)`
  );
}
