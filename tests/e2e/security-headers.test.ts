/**
 * Security headers in the built app: every page has a nonce-based Content-Security-Policy and works
 * under it (no violation, no console error, Next's scripts ran), API responses carry their own policy,
 * and shared links that do not exist answer a real 404.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from "@/lib/http/content-security-policy";
import { launchBrowser, openPage, type TrackedPage } from "../support/e2e-browser";
import { startApp, type AppServer } from "../support/e2e-server";

let dir: string;
let server: AppServer;
let browser: Browser;
let linkPath: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kb-e2e-headers-"));
  server = await startApp({ KAFKA_BALANCE_DB: path.join(dir, "snapshots.db") });
  browser = await launchBrowser();
  const { snapshot } = (await (await fetch(`${server.url}/api/cluster`)).json()) as { snapshot: unknown };
  const created = await fetch(`${server.url}/api/snapshots`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ kind: "snapshot", snapshot }),
  });
  expect(created.status).toBe(201);
  linkPath = ((await created.json()) as { url: string }).url;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const UNKNOWN_LINK = "/s/AAAAAAAAAAAAAAAAAAAAAA";
const MALFORMED_LINK = "/s/not-a-valid-id";

function expectCommonHeaders(headers: Headers, what: string): void {
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("x-frame-options"), what).toBe("DENY");
  expect(headers.get("referrer-policy"), what).toBe("no-referrer");
}

/** The page's policy, checked to be exactly ours around a fresh nonce; returns the nonce. */
function expectPagePolicy(headers: Headers, what: string): string {
  const policy = headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
  expect(nonce, `${what}: ${policy}`).toBeDefined();
  expect(policy, what).toBe(contentSecurityPolicy(nonce!, { development: false }));
  return nonce!;
}

/** Records CSP violations from the first script on, before the app's own scripts run. */
async function openWatchedPage(): Promise<TrackedPage> {
  const tab = await openPage(browser);
  await tab.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return tab;
}

const violations = (tab: TrackedPage) => tab.page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

describe("security headers", () => {
  it("every page answers with the headers and runs under its CSP without a violation", async () => {
    for (const pagePath of ["/", "/simulate", "/plan", "/import", linkPath]) {
      const tab = await openWatchedPage();
      const response = await tab.page.goto(`${server.url}${pagePath}`, { waitUntil: "networkidle" });
      expect(response?.status(), pagePath).toBe(200);
      const headers = new Headers(await response!.allHeaders());
      expectCommonHeaders(headers, pagePath);
      const nonce = expectPagePolicy(headers, pagePath);
      // Next put the nonce on every script in the HTML (the chunks those load later are trusted
      // through 'strict-dynamic'), and they ran: the app router sets window.next.
      const scriptTags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scriptTags.length, pagePath).toBeGreaterThan(0);
      expect(
        scriptTags.filter((tag) => !tag.includes(` nonce="${nonce}"`)),
        pagePath,
      ).toEqual([]);
      await expect(tab.page.evaluate(() => typeof (window as unknown as { next?: { version?: string } }).next?.version)).resolves.toBe("string");
      expect(await violations(tab), pagePath).toEqual([]);
      expect(tab.errors, pagePath).toEqual([]);
      await tab.page.context().close();
    }
  });

  it("the violation listener sees a blocked load, so an empty list means something", async () => {
    const tab = await openWatchedPage();
    await tab.page.goto(`${server.url}/import`, { waitUntil: "networkidle" });
    await tab.page.evaluate(() => {
      const img = document.createElement("img");
      img.src = "https://example.invalid/tracker.png";
      document.body.appendChild(img);
    });
    await expect.poll(() => violations(tab)).toEqual(["img-src https://example.invalid/tracker.png"]);
    // The harness reports violations as console errors too, so every e2e test that expects no errors expects no violations.
    expect(tab.errors).toContain("Content-Security-Policy violation: img-src https://example.invalid/tracker.png");
    await tab.page.context().close();
  });

  it("each page request gets its own nonce", async () => {
    const [a, b] = await Promise.all([fetch(`${server.url}/import`), fetch(`${server.url}/import`)]);
    expect(expectPagePolicy(a.headers, "first")).not.toBe(expectPagePolicy(b.headers, "second"));
  });

  it("API responses, successful or refused, carry the headers and a policy that loads nothing", async () => {
    for (const [url, status] of [
      ["/api/cluster", 200],
      ["/api/plan/apply", 200],
      ["/api/snapshots", 403],
      [`/api${UNKNOWN_LINK.replace("/s/", "/snapshots/")}`, 404],
    ] as const) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(status);
      expectCommonHeaders(response.headers, url);
      expect(response.headers.get("content-security-policy"), url).toBe(API_CONTENT_SECURITY_POLICY);
      await response.arrayBuffer();
    }
  });

  it("an unknown and a malformed shared link answer 404 with the app's page and its headers", async () => {
    for (const pagePath of [UNKNOWN_LINK, MALFORMED_LINK]) {
      const response = await fetch(`${server.url}${pagePath}`);
      expect(response.status, pagePath).toBe(404);
      expectCommonHeaders(response.headers, pagePath);
      expectPagePolicy(response.headers, pagePath);
      expect(await response.text(), pagePath).toContain("No shared snapshot at this link");
    }
  });

  it("a shared link's not-found page works under the CSP", async () => {
    const tab = await openWatchedPage();
    const response = await tab.page.goto(`${server.url}${MALFORMED_LINK}`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    await expect(tab.page.locator("[data-link-problem] h1").textContent()).resolves.toBe("No shared snapshot at this link");
    expect(await violations(tab)).toEqual([]);
    // Chromium reports the document's own 404 as a console error; nothing else may appear.
    expect(tab.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await tab.page.context().close();
  });
});
