// The e2e harness's browser half: Debian's Chromium (its headless shell) driven by playwright-core, headless, without
// background networking, with helpers to save screenshots and to catch console errors.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from "playwright-core";

const root = path.resolve(__dirname, "..", "..");
export const SCREENSHOT_DIR = path.join(root, "test-results", "screenshots");
/**
 * Debian's old headless shell (package chromium-headless-shell, the build Playwright itself runs
 * headless tests on) when it is installed: the same Blink and V8 without the full browser's UI layer,
 * it loads the app's pages on about half the CPU of `chromium --headless` (0.45 against 1.5 CPU-s for
 * /import in a new context, 1.3 against 1.6–2.3 for the overview), and the e2e files are CPU-bound on
 * 2 cores. Otherwise the full Chromium; CHROMIUM_PATH picks another.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium-headless-shell, or chromium) or set CHROMIUM_PATH.`);
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
