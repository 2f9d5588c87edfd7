// The e2e harness's browser half: Debian's Chromium driven by playwright-core, headless, without
// background networking, with helpers to save screenshots and to catch console errors.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from "playwright-core";

const root = path.resolve(__dirname, "..", "..");
export const SCREENSHOT_DIR = path.join(root, "test-results", "screenshots");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-background-networking", "--disable-dev-shm-usage"] });
}

export interface TrackedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/**
 * A laptop-sized page (1440 × 900) unless told otherwise; records console errors, and every
 * Content-Security-Policy violation as one (a caught eval probe, for one, logs nothing by itself).
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, ...options });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(`uncaught: ${e.message}`));
  return { page, errors };
}

/** A screenshot of one element (a widget, a heatmap) into the same folder. */
export async function elementScreenshot(element: Locator, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await element.screenshot({ path: file });
  return file;
}

export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
